package dev.bankcheck.check;

import dev.bankcheck.source.SourceError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Everything found in one input file. {@code status}: analyzed, partial (some errors) or failed. */
public record FileReport(String path, Status status, List<SourceError> errors, List<Finding> findings) {
  public enum Status {
    ANALYZED("analyzed"), PARTIAL("partial"), FAILED("failed");

    public final String id;

    Status(String id) {
      this.id = id;
    }
  }

  /**
   * The same report without the evaluated warps, which only the HTML report draws: a run keeps every
   * finding until the report is written, and on a large code base the warps were most of that memory.
   * Equal assumption lists (one per kernel, usually) become one list.
   */
  public FileReport withoutLanes() {
    Map<List<String>, List<String>> shared = new HashMap<>();
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) out.add(f.withoutLanes(shared.computeIfAbsent(f.assumptions(), a -> a)));
    return new FileReport(path, status, errors, List.copyOf(out));
  }
}
