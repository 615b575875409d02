package dev.bankcheck.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;

/** The hand-written factor split (speed) against the regular expression it replaced (the reference). */
class PolyProperties {
  @Property(tries = 2000)
  void splitFactorsEqualsTheRegularExpression(
      @ForAll @Chars({'*', '(', ')', ' ', '/'}) @CharRange(from = 'a', to = 'c') @StringLength(max = 24) String s) {
    assertEquals(Arrays.asList(s.split("\\*(?![^()]*\\))")), Poly.splitFactors(s), s);
  }
}
