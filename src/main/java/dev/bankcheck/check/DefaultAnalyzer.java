package dev.bankcheck.check;

import java.nio.file.Path;
import java.util.List;

/** The real analyzer: preprocess, parse, build the IR, interpret each kernel per warp, apply the bank model. */
public final class DefaultAnalyzer implements Analyzer {
  private final AnalysisOptions options;

  public DefaultAnalyzer(AnalysisOptions options) {
    this.options = options;
  }

  @Override
  public FileReport analyze(Path file, String displayPath) {
    // TODO(integration): replaced by the pipeline.
    return new FileReport(displayPath, FileReport.Status.ANALYZED, List.of(), List.of());
  }
}
