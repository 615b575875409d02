package dev.bankcheck.report;

import java.io.IOException;

/** Renders a {@link Report} in one output format. Reporters only present; they never analyze. */
public interface Reporter {
  void write(Report report, Appendable out) throws IOException;
}
