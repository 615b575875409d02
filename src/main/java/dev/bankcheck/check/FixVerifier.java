package dev.bankcheck.check;

import dev.bankcheck.source.Pos;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a fix the way a user would: its edits are applied to the text of the file and the file is
 * analyzed again with the same options and model. A fix promises only what this re-analysis shows.
 */
final class FixVerifier {
  /**
   * Analyzes an edited copy of the file, only the kernel named (the others cannot change what is
   * promised for its accesses): its report, or null when the analysis was incomplete (work bound).
   */
  interface Reanalysis {
    FileReport analyze(String text, String kernel);
  }

  private final String displayPath;
  private final String text;
  private final Reanalysis reanalysis;
  private final int baselineErrors;
  private final Map<List<Object>, After> cache = new HashMap<>();

  /**
   * @param displayPath the file's path as positions give it; only edits of this file can be checked
   * @param text the file's text
   * @param baselineErrors the preprocessing and parse errors of the unedited file (an edit must not add any)
   */
  FixVerifier(String displayPath, String text, Reanalysis reanalysis, int baselineErrors) {
    this.displayPath = displayPath;
    this.text = text;
    this.reanalysis = reanalysis;
    this.baselineErrors = baselineErrors;
  }

  String text() {
    return text;
  }

  String displayPath() {
    return displayPath;
  }

  /** The findings after the edits, looked up by their position before them. */
  static final class After {
    private final List<Fix.Edit> edits;
    private final Map<String, Finding> byKey = new HashMap<>();

    private final boolean broken;

    After(List<Fix.Edit> edits, List<Finding> findings, boolean broken) {
      this.edits = edits;
      this.broken = broken;
      for (Finding f : findings) {
        if (f.widthBytes() == 0) continue; // a use in skipped code, never evaluated
        byKey.put(key(f.pos(), f.op(), f.array(), f.kernel()), f);
      }
    }

    /** True when the edited file no longer parses as before (new errors): the edits are wrong. */
    boolean broken() {
      return broken;
    }

    /** The access that was at {@code before} (op, array, kernel), after the edits; null when it is gone. */
    Finding at(Pos before, Op op, String array, String kernel) {
      Pos now = new Pos(before.file(), before.line(), Edits.shiftedColumn(edits, before.line(), before.column()));
      return byKey.get(key(now, op, array, kernel));
    }

    private static String key(Pos p, Op op, String array, String kernel) {
      return p.line() + ":" + p.column() + ":" + op + ":" + array + ":" + kernel;
    }
  }

  /**
   * The re-analysis of the file with {@code edits} applied; {@link After#broken()} when the edits overlap or
   * add an error. Null when it cannot be checked here: an edit of another file or across lines, or an
   * analysis stopped by the work bound.
   */
  After after(List<Fix.Edit> edits, String kernel) {
    if (edits.isEmpty()) return null;
    List<Object> key = List.of(List.copyOf(edits), kernel);
    if (cache.containsKey(key)) return cache.get(key);
    After result = null;
    boolean checkable = true;
    for (Fix.Edit e : edits) {
      if (!e.file().equals(displayPath) || e.line() != e.endLine() || e.replacement().indexOf('\n') >= 0
          || e.replacement().indexOf('\r') >= 0) {
        checkable = false;
      }
    }
    if (checkable) {
      String edited = null;
      try {
        edited = Edits.apply(text, edits);
      } catch (IllegalArgumentException overlapping) {
        result = new After(List.copyOf(edits), List.of(), true);
      }
      FileReport r = edited == null ? null : reanalysis.analyze(edited, kernel);
      if (r != null) result = new After(List.copyOf(edits), r.findings(), r.errors().size() > baselineErrors);
    }
    cache.put(key, result);
    return result;
  }
}
