package dev.bankcheck.check;

import dev.bankcheck.source.SourceError;
import java.util.List;

/** Everything found in one input file. {@code status}: analyzed, partial (some errors) or failed. */
public record FileReport(String path, Status status, List<SourceError> errors, List<Finding> findings) {
  public enum Status {
    ANALYZED("analyzed"), PARTIAL("partial"), FAILED("failed");

    public final String id;

    Status(String id) {
      this.id = id;
    }
  }
}
