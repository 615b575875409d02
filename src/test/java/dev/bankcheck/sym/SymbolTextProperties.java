package dev.bankcheck.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;

/** The hand-written scan for names (speed) against the regular expression it replaced (the reference). */
class SymbolTextProperties {
  private static final Pattern NAME = Pattern.compile("'?[A-Za-z_][A-Za-z0-9_.:]*'?");
  private static final Set<String> PHRASING = Set.of("the", "branch", "at", "line", "taken", "of", "some", "iterations",
      "loop", "trip", "count", "as", "changed", "by", "after", "more", "and");

  @Property(tries = 3000)
  void identifiersAreWhatThePatternFinds(@ForAll @Chars({'\'', ' ', '(', ')', '*', '#', '.', ':', '_', '0', '9', 'Z', 'é'})
      @CharRange(from = 'a', to = 'c') @StringLength(max = 24) String s) {
    List<String> expected = new ArrayList<>();
    Matcher m = NAME.matcher(s);
    while (m.find()) {
      if (!PHRASING.contains(m.group()) && !expected.contains(m.group())) expected.add(m.group());
    }
    assertEquals(expected, new ArrayList<>(SymbolText.identifiers(s)), s);
  }
}
