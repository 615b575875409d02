package dev.bankcheck.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.CharRange;
import net.jqwik.api.constraints.Chars;
import net.jqwik.api.constraints.StringLength;

/** Shortcuts for speed against their references: a regular expression, evaluation at values of the symbols. */
class PolyProperties {
  @Property(tries = 2000)
  void splitFactorsEqualsTheRegularExpression(
      @ForAll @Chars({'*', '(', ')', ' ', '/'}) @CharRange(from = 'a', to = 'c') @StringLength(max = 24) String s) {
    assertEquals(Arrays.asList(s.split("\\*(?![^()]*\\))")), Poly.splitFactors(s), s);
  }

  /**
   * A product evaluated at values of the symbols is the product of the values (mod 2^64), for each of 32 lanes
   * that share the symbolic terms and differ in their constants, as a warp's lanes do (the product of the
   * terms is kept from one lane to the next).
   */
  @Property(tries = 1000)
  void productEvaluatesToTheProductOfTheValues(@ForAll List<Byte> left, @ForAll List<Byte> right,
      @ForAll long a, @ForAll long b, @ForAll long c, @ForAll int step) {
    Map<String, Long> at = Map.of("a", a, "b", b, "c", c);
    Poly p = poly(left);
    Poly q = poly(right);
    for (int lane = 0; lane < 32; lane++) {
      Poly pl = p.add(Poly.of((long) lane * step));
      assertEquals(value(pl, at) * value(q, at), value(pl.mul(q), at), pl + " times " + q);
      assertEquals(value(q, at) * value(pl, at), value(q.mul(pl), at), q + " times " + pl);
    }
  }

  /** c0 + c1*a + c2*b + c3*c + c4*a*b + c5*(a*c)*b ... from the bytes given (at most 8 terms). */
  private static Poly poly(List<Byte> coefficients) {
    Poly[] monomials = {Poly.of(1), Poly.symbol("a"), Poly.symbol("b"), Poly.symbol("c"),
        Poly.symbol("a").mul(Poly.symbol("b")), Poly.symbol("c").mul(Poly.symbol("a")).mul(Poly.symbol("b")),
        Poly.symbol("b").mul(Poly.symbol("b")), Poly.symbol("c").mul(Poly.symbol("c")).mul(Poly.symbol("a"))};
    Poly out = Poly.ZERO;
    for (int i = 0; i < Math.min(coefficients.size(), monomials.length); i++) {
      out = out.add(monomials[i].scale(coefficients.get(i)));
    }
    return out;
  }

  private static long value(Poly p, Map<String, Long> at) {
    long v = p.constant();
    for (Map.Entry<String, Long> term : p.terms().entrySet()) {
      long m = term.getValue();
      for (String factor : term.getKey().split("\\*")) m *= at.get(factor);
      v += m;
    }
    return v;
  }
}
