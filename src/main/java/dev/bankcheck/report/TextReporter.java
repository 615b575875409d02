package dev.bankcheck.report;

import dev.bankcheck.check.FileReport;
import dev.bankcheck.check.Finding;
import dev.bankcheck.check.Fix;
import dev.bankcheck.check.Rules;
import dev.bankcheck.check.Verdict;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * gcc-style diagnostics, one per line, sorted by file, line, column, then rule:
 * {@code FILE:LINE:COL: warning: MESSAGE [rule]}, each optionally followed by its {@code note:} lines.
 * Conflict-free, broadcast and suppressed accesses are not printed, nor are those a baseline accepted.
 */
public final class TextReporter implements Reporter {
  private final RunContext context;

  /** Leaves out the findings that {@code context}'s baseline accepted (null: none). */
  public TextReporter(RunContext context) {
    this.context = context;
  }

  public TextReporter() {
    this(null);
  }

  /** One sortable diagnostic with the note lines that belong to it. */
  private record Diagnostic(String file, int line, int column, String rule, List<String> lines) {}

  private static final Comparator<Diagnostic> ORDER = Comparator.comparing(Diagnostic::file)
      .thenComparingInt(Diagnostic::line)
      .thenComparingInt(Diagnostic::column)
      .thenComparing(Diagnostic::rule);

  @Override
  public void write(Report report, Appendable out) throws IOException {
    List<Diagnostic> diagnostics = new ArrayList<>();
    for (FileReport file : report.files()) {
      diagnostics.addAll(errors(file));
      for (Finding f : file.findings()) {
        if (Messages.isDiagnostic(f) && (context == null || !context.isBaselined(f))) diagnostics.add(diagnostic(f, file.path()));
      }
    }
    diagnostics.sort(ORDER); // stable: equal keys keep the input order
    for (Diagnostic d : diagnostics) {
      for (String line : d.lines()) out.append(line).append('\n');
    }
  }

  private static List<Diagnostic> errors(FileReport file) {
    List<Diagnostic> out = new ArrayList<>();
    for (SourceError e : file.errors()) {
      Pos pos = e.pos() == null ? Pos.NONE : e.pos();
      String path = Messages.file(pos, file.path());
      int line = Messages.line(pos);
      int column = Messages.column(pos);
      String text = location(path, line, column) + "error: " + Messages.clean(e.message()) + " [" + Rules.PARSE_ERROR + "]";
      out.add(new Diagnostic(path, line, column, Rules.PARSE_ERROR, List.of(text)));
    }
    if (out.isEmpty() && file.status() == FileReport.Status.FAILED) {
      // A failed file must never pass silently, even if the analyzer gave no reason.
      String text = location(file.path(), 1, 1) + "error: file could not be analyzed [" + Rules.PARSE_ERROR + "]";
      out.add(new Diagnostic(file.path(), 1, 1, Rules.PARSE_ERROR, List.of(text)));
    }
    return out;
  }

  private static Diagnostic diagnostic(Finding f, String fallbackPath) {
    Pos pos = f.pos() == null ? Pos.NONE : f.pos();
    String path = Messages.file(pos, fallbackPath);
    int line = Messages.line(pos);
    int column = Messages.column(pos);
    String rule = Messages.ruleId(f);
    List<String> lines = new ArrayList<>();
    lines.add(location(path, line, column) + Messages.severity(f) + ": " + Messages.describe(f) + " [" + rule + "]");
    if (f.fix() != null) lines.add(fixNote(f.fix(), path, line, column));
    // Assumptions matter only where they can change a warning; unanalyzed notes skip them.
    if (f.verdict() != Verdict.UNKNOWN && f.assumptions() != null && !f.assumptions().isEmpty()) {
      List<String> cleaned = f.assumptions().stream().map(Messages::clean).toList();
      lines.add(location(path, line, column) + "note: assuming " + String.join("; ", cleaned));
    }
    return new Diagnostic(path, line, column, rule, lines);
  }

  /** The fix note points at its first edit (where to change the code), else at the access. */
  private static String fixNote(Fix fix, String path, int line, int column) {
    if (fix.edits() != null && !fix.edits().isEmpty()) {
      Fix.Edit edit = fix.edits().get(0);
      if (edit.file() != null && !edit.file().isEmpty()) {
        path = edit.file();
        line = Math.max(1, edit.line());
        column = Math.max(1, edit.column());
      }
    }
    return location(path, line, column) + "note: " + Messages.clean(fix.description());
  }

  private static String location(String path, int line, int column) {
    return printable(path) + ":" + line + ":" + column + ": ";
  }

  /** A file name with a line break or other control character would split its diagnostic: those are escaped. */
  static String printable(String path) {
    StringBuilder out = null;
    for (int i = 0; i < path.length(); i++) {
      char c = path.charAt(i);
      boolean control = c < 0x20 || c == 0x7f;
      if (control && out == null) out = new StringBuilder(path.substring(0, i));
      if (out == null) continue;
      if (!control) out.append(c);
      else if (c == '\n') out.append("\\n");
      else if (c == '\t') out.append("\\t");
      else if (c == '\r') out.append("\\r");
      else out.append(String.format("\\x%02x", (int) c));
    }
    return out == null ? path : out.toString();
  }
}
