package dev.bankcheck.check;

import dev.bankcheck.source.Lines;
import java.util.ArrayList;
import java.util.List;

/**
 * The text of a file as fixes need it: lines, and the code with comments and string/char literals blanked
 * out (same length, newlines kept), so that brackets and names can be matched without being fooled by them.
 */
final class SourceText {
  private final String[] lines;
  private final String[] code;

  SourceText(String text) {
    this.lines = Lines.split(text);
    this.code = Lines.split(blank(text));
  }

  /** Line {@code n} (1-based) as written, or null. */
  String line(int n) {
    return n >= 1 && n <= lines.length ? lines[n - 1] : null;
  }

  /** Line {@code n} with comments and literals blanked out, or null. */
  String code(int n) {
    return n >= 1 && n <= code.length ? code[n - 1] : null;
  }

  int lineCount() {
    return lines.length;
  }

  /**
   * The index expression that starts at 1-based {@code column} of {@code line}, inside {@code [ ]}: its end
   * column (exclusive, at the closing bracket, trailing blanks excluded), or -1 when the character before it
   * is not '[' or the bracket does not close on this line.
   */
  int indexEnd(int line, int column) {
    String c = code(line);
    if (c == null || column < 1 || column > c.length()) return -1;
    int i = column - 2;
    while (i >= 0 && Character.isWhitespace(c.charAt(i))) i--;
    if (i < 0 || c.charAt(i) != '[') return -1;
    int depth = 0;
    for (int j = column - 1; j < c.length(); j++) {
      char ch = c.charAt(j);
      if (ch == '(' || ch == '[' || ch == '{') depth++;
      else if (ch == ')' || ch == '}') depth--;
      else if (ch == ']') {
        if (depth == 0) {
          int end = j;
          while (end > column - 1 && Character.isWhitespace(c.charAt(end - 1))) end--;
          return end + 1;
        }
        depth--;
      }
      if (depth < 0) return -1;
    }
    return -1;
  }

  /**
   * The position (line, 1-based column) of the brace that closes the first '{' at or after (line, column),
   * or null.
   */
  int[] closingBrace(int line, int column) {
    int depth = 0;
    boolean opened = false;
    for (int l = line; l <= code.length; l++) {
      String c = code[l - 1];
      for (int j = l == line ? Math.max(0, column - 1) : 0; j < c.length(); j++) {
        char ch = c.charAt(j);
        if (ch == '{') {
          depth++;
          opened = true;
        } else if (ch == '}' && opened) {
          depth--;
          if (depth == 0) return new int[] {l, j + 1};
        } else if (ch == ';' && !opened) {
          return null; // a declaration, not a definition
        }
      }
    }
    return null;
  }

  /** The 1-based columns where {@code name} occurs as a whole identifier in the code of lines from..to. */
  List<int[]> occurrences(String name, int fromLine, int toLine) {
    List<int[]> out = new ArrayList<>();
    for (int l = Math.max(1, fromLine); l <= Math.min(toLine, code.length); l++) {
      String c = code[l - 1];
      int at = c.indexOf(name);
      while (at >= 0) {
        boolean startOk = at == 0 || !isIdent(c.charAt(at - 1));
        int end = at + name.length();
        boolean endOk = end >= c.length() || !isIdent(c.charAt(end));
        if (startOk && endOk) out.add(new int[] {l, at + 1});
        at = c.indexOf(name, at + 1);
      }
    }
    return out;
  }

  private static boolean isIdent(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  /** Comments and string/char literals replaced by spaces (newlines kept). */
  private static String blank(String t) {
    StringBuilder sb = new StringBuilder(t);
    int i = 0;
    int n = t.length();
    while (i < n) {
      char c = t.charAt(i);
      if (c == '/' && i + 1 < n && t.charAt(i + 1) == '/') {
        while (i < n && t.charAt(i) != '\n' && t.charAt(i) != '\r') sb.setCharAt(i++, ' ');
      } else if (c == '/' && i + 1 < n && t.charAt(i + 1) == '*') {
        int end = t.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        for (; i < end; i++) {
          if (t.charAt(i) != '\n' && t.charAt(i) != '\r') sb.setCharAt(i, ' ');
        }
      } else if (c == '"' || c == '\'') {
        sb.setCharAt(i++, ' ');
        while (i < n && t.charAt(i) != c && t.charAt(i) != '\n') {
          if (t.charAt(i) == '\\' && i + 1 < n) sb.setCharAt(i++, ' ');
          sb.setCharAt(i++, ' ');
        }
        if (i < n && t.charAt(i) == c) sb.setCharAt(i++, ' ');
      } else {
        i++;
      }
    }
    return sb.toString();
  }
}
