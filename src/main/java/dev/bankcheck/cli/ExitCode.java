package dev.bankcheck.cli;

/** Process exit codes, as in ruff and ESLint. Precedence: USAGE over FINDINGS over OK. */
public enum ExitCode {
  /** No unsuppressed access at or above the --fail-on threshold, and every file was analyzed. */
  OK(0),
  /**
   * At least one unsuppressed access at or above the --fail-on threshold, or a file that was only
   * partly analyzed or not at all. --exit-zero turns this into {@link #OK}.
   */
  FINDINGS(1),
  /**
   * Usage error (bad option or value), a bad configuration file or baseline, a path that does not
   * exist or cannot be read, or a report or baseline that cannot be written. --exit-zero never masks it.
   */
  USAGE(2);

  public final int code;

  ExitCode(int code) {
    this.code = code;
  }
}
