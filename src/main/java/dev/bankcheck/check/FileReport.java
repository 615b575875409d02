package dev.bankcheck.check;

import dev.bankcheck.source.SourceError;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

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
   * The reports with each finding in a header reported once. Every file that includes a header analyzes the
   * header's kernels again; where they find the same (every field equal but the evaluated warps), the finding
   * stays with the header's own report when the header is an input, else with the first such file in input
   * order. Findings that differ (another block shape from another launch) all stay.
   */
  public static List<FileReport> withoutRepeatedHeaderFindings(List<FileReport> reports) {
    Set<String> headers = new HashSet<>();
    for (FileReport r : reports) {
      for (Finding f : r.findings) if (!f.pos().file().equals(r.path)) headers.add(f.pos().file());
    }
    if (headers.isEmpty()) return reports; // (hashing records costs start-up time: a small run has no headers)
    Set<Finding> seen = new HashSet<>();
    for (FileReport r : reports) {
      if (!headers.contains(r.path)) continue;
      for (Finding f : r.findings) if (f.pos().file().equals(r.path)) seen.add(comparable(f));
    }
    List<FileReport> out = new ArrayList<>(reports.size());
    for (FileReport r : reports) {
      List<Finding> kept = new ArrayList<>(r.findings.size());
      for (Finding f : r.findings) {
        if (f.pos().file().equals(r.path) || seen.add(comparable(f))) kept.add(f);
      }
      out.add(kept.size() == r.findings.size() ? r : new FileReport(r.path, r.status, r.errors, List.copyOf(kept)));
    }
    return out;
  }

  private static Finding comparable(Finding f) {
    return f.lanes() == null && (f.fix() == null || f.fix().lanesAfter() == null) ? f : f.withoutLanes(f.assumptions());
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
