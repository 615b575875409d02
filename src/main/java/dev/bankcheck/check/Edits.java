package dev.bankcheck.check;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;

/** Applies {@link Fix.Edit}s (positions in the original text, 1-based lines and char columns) to a text. */
public final class Edits {
  private Edits() {}

  /**
   * The text with every edit applied; identical edits count once. Throws IllegalArgumentException when
   * an edit lies outside the text or two different edits overlap.
   */
  public static String apply(String text, List<Fix.Edit> edits) {
    List<Fix.Edit> sorted = new ArrayList<>(new LinkedHashSet<>(edits));
    sorted.sort(Comparator.comparingInt(Fix.Edit::line).thenComparingInt(Fix.Edit::column)
        .thenComparingInt(Fix.Edit::endLine).thenComparingInt(Fix.Edit::endColumn));
    int[] lineStarts = lineStarts(text);
    StringBuilder out = new StringBuilder(text.length() + 64);
    int done = 0;
    for (Fix.Edit e : sorted) {
      int from = offset(text, lineStarts, e.line(), e.column());
      int to = offset(text, lineStarts, e.endLine(), e.endColumn());
      if (to < from) throw new IllegalArgumentException("edit ends before it starts: " + e);
      if (from < done) throw new IllegalArgumentException("overlapping edits: " + e);
      out.append(text, done, from).append(e.replacement());
      done = to;
    }
    return out.append(text, done, text.length()).toString();
  }

  /** Whether the edits can be applied together: in range and no two different ones overlap. */
  public static boolean compatible(String text, List<Fix.Edit> edits) {
    try {
      apply(text, edits);
      return true;
    } catch (IllegalArgumentException e) {
      return false;
    }
  }

  /**
   * Where a column of the original text is after the edits, on the same line: shifted by the edits on
   * that line that end at or before it (edits never add or remove lines here).
   */
  static int shiftedColumn(List<Fix.Edit> edits, int line, int column) {
    int shift = 0;
    for (Fix.Edit e : new LinkedHashSet<>(edits)) {
      if (e.line() == line && e.endLine() == line && e.endColumn() <= column) {
        shift += e.replacement().length() - (e.endColumn() - e.column());
      }
    }
    return column + shift;
  }

  private static int[] lineStarts(String text) {
    int[] starts = new int[16];
    int n = 1;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '\n' && c != '\r') continue;
      if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') i++;
      if (n == starts.length) starts = java.util.Arrays.copyOf(starts, 2 * n);
      starts[n++] = i + 1;
    }
    return java.util.Arrays.copyOf(starts, n);
  }

  private static int offset(String text, int[] lineStarts, int line, int column) {
    if (line < 1 || line > lineStarts.length || column < 1) throw new IllegalArgumentException("no such position");
    int start = lineStarts[line - 1];
    int end = line < lineStarts.length ? lineStarts[line] : text.length();
    // the end of a line excludes its terminator
    while (end > start && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) end--;
    int at = start + column - 1;
    if (at > end) throw new IllegalArgumentException("column " + column + " is past the end of line " + line);
    return at;
  }
}
