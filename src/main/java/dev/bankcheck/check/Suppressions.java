package dev.bankcheck.check;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code // bankcheck: ignore} or {@code // bankcheck: ignore=RULE[,RULE]} at the end of a line, or
 * alone on the line before, suppresses that line's findings (they stay in JSON, marked suppressed), in the
 * analyzed file or a header it includes.
 */
final class Suppressions {
  private static final Pattern IGNORE = Pattern.compile("//\\s*bankcheck:\\s*ignore(?:=([\\w,-]+))?");

  private Suppressions() {}

  static List<Finding> apply(List<Finding> findings, FileLines files) {
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      String[] lines = files.of(f.pos().file());
      boolean suppressed = matches(lines, f.pos().line(), f.ruleId(), false)
          || matches(lines, f.pos().line() - 1, f.ruleId(), true);
      out.add(suppressed ? f.withSuppressed(true) : f);
    }
    return out;
  }

  private static boolean matches(String[] lines, int line, String rule, boolean alone) {
    if (line < 1 || line > lines.length) return false;
    String text = lines[line - 1];
    Matcher m = IGNORE.matcher(text);
    if (!m.find()) return false;
    if (alone && !text.substring(0, m.start()).isBlank()) return false;
    if (m.group(1) == null) return true;
    for (String r : m.group(1).split(",")) {
      if (r.equals(rule)) return true;
    }
    return false;
  }
}
