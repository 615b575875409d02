package dev.bankcheck.report;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Verdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Everything one run produced, ready to render: the tool version, the bank model, the file reports
 * in input order, and the run-wide assumptions (for example the --block shape).
 */
public record Report(String toolVersion, BankConfig bank, List<FileReport> files, List<String> assumptions) {

  /** Findings order of every format: file, line, column, then load before store before atomic. */
  public static final Comparator<Finding> FINDING_ORDER =
      Comparator.comparing(Finding::pos).thenComparing(f -> f.op().ordinal());

  public Report {
    files = List.copyOf(files);
    assumptions = List.copyOf(assumptions);
  }

  /** The counts shown in every format's summary. */
  public record Summary(int files, int accesses, int conflicts, int unknown, int worstWays) {}

  /** All findings of all files in {@link #FINDING_ORDER}. */
  public List<Finding> sortedFindings() {
    List<Finding> all = new ArrayList<>();
    for (FileReport file : files) {
      all.addAll(file.findings());
    }
    all.sort(FINDING_ORDER);
    return all;
  }

  /**
   * conflicts: verdict conflict and not suppressed; unknown: verdict unknown; worstWays: the
   * highest {@code ways} of an unsuppressed access, 0 when there is none.
   */
  public Summary summary() {
    int accesses = 0;
    int conflicts = 0;
    int unknown = 0;
    int worstWays = 0;
    for (FileReport file : files) {
      for (Finding f : file.findings()) {
        accesses++;
        if (f.verdict() == Verdict.CONFLICT && !f.suppressed()) conflicts++;
        if (f.verdict() == Verdict.UNKNOWN) unknown++;
        if (!f.suppressed() && f.ways() != null) worstWays = Math.max(worstWays, f.ways());
      }
    }
    return new Summary(files.size(), accesses, conflicts, unknown, worstWays);
  }
}
