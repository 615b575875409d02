package dev.bankcheck.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

  /** The rules an ignore comment may name. */
  private static final List<String> RULES = List.of(Rules.BANK_CONFLICT, Rules.ATOMIC_CONTENTION,
      Rules.DATA_DEPENDENT_INDEX, Rules.UNANALYZED_ACCESS);

  /** An ignore comment: whether it stands alone on its line, and its rules (null: all). */
  private record Ignore(boolean alone, List<String> rules) {
    static final Ignore NONE = new Ignore(false, List.of());

    boolean covers(String rule, boolean mustBeAlone) {
      return applies(mustBeAlone) && (rules == null || rules.contains(rule));
    }

    boolean applies(boolean mustBeAlone) {
      return alone || !mustBeAlone;
    }

    /** The names that are no rule ("bank-conflicts"): such a comment suppresses nothing, which the finding says. */
    List<String> misspelt() {
      return rules == null ? List.of() : rules.stream().filter(r -> !RULES.contains(r)).toList();
    }
  }

  static List<Finding> apply(List<Finding> findings, FileLines files) {
    List<Finding> out = new ArrayList<>(findings.size());
    // each line is searched once: a long line holds many findings
    Map<String, Map<Integer, Ignore>> ignores = new HashMap<>();
    for (Finding f : findings) {
      String[] lines = files.of(f.pos().file());
      Map<Integer, Ignore> byLine = ignores.computeIfAbsent(f.pos().file(), k -> new HashMap<>());
      int line = f.pos().line();
      Ignore here = byLine.computeIfAbsent(line, l -> ignore(lines, l));
      Ignore before = byLine.computeIfAbsent(line - 1, l -> ignore(lines, l));
      if (here.covers(f.ruleId(), false) || before.covers(f.ruleId(), true)) {
        out.add(f.withSuppressed(true));
        continue;
      }
      List<String> misspelt = new ArrayList<>(here.misspelt());
      if (before.applies(true)) misspelt.addAll(before.misspelt());
      out.add(misspelt.isEmpty() || Rules.NONE.equals(f.ruleId()) ? f : f.withExplanation(f.reason(),
          withNote(f.assumptions(), "not suppressed: the ignore comment names " + String.join(", ", misspelt)
              + ", which is no rule (rules: " + String.join(", ", RULES) + ")")));
    }
    return out;
  }

  private static List<String> withNote(List<String> assumptions, String note) {
    List<String> all = new ArrayList<>(assumptions);
    all.add(note);
    return List.copyOf(all);
  }

  private static Ignore ignore(String[] lines, int line) {
    if (line < 1 || line > lines.length) return Ignore.NONE;
    String text = lines[line - 1];
    Matcher m = IGNORE.matcher(text);
    if (!m.find()) return Ignore.NONE;
    return new Ignore(text.substring(0, m.start()).isBlank(), m.group(1) == null ? null : List.of(m.group(1).split(",")));
  }
}
