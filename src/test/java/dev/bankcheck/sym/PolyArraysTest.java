package dev.bankcheck.sym;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Poly's arrays (and what it keeps for the next lane) give what the map of terms it replaced gave. */
class PolyArraysTest {
  /** The former representation: a constant and a sorted map, with its arithmetic. */
  private record Ref(long constant, TreeMap<String, Long> terms) {
    static Ref of(long c) {
      return new Ref(c, new TreeMap<>());
    }

    static Ref symbol(String s) {
      TreeMap<String, Long> t = new TreeMap<>();
      t.put(s, 1L);
      return new Ref(0, t);
    }

    Ref add(Ref o) {
      TreeMap<String, Long> t = new TreeMap<>(terms);
      o.terms.forEach((k, v) -> t.merge(k, v, Long::sum));
      t.values().removeIf(v -> v == 0);
      return new Ref(constant + o.constant, t);
    }

    Ref scale(long k) {
      if (k == 0) return of(0);
      TreeMap<String, Long> t = new TreeMap<>();
      terms.forEach((m, v) -> t.put(m, v * k));
      return new Ref(constant * k, t);
    }

    String text() {
      if (terms.isEmpty()) return Long.toString(constant);
      StringBuilder sb = new StringBuilder();
      for (Map.Entry<String, Long> e : terms.entrySet()) {
        long v = e.getValue();
        if (sb.length() > 0) sb.append(v < 0 ? " - " : " + ");
        else if (v < 0) sb.append("-");
        if (Math.abs(v) != 1) sb.append(Math.abs(v)).append('*');
        sb.append(e.getKey());
      }
      if (constant != 0) sb.append(constant < 0 ? " - " : " + ").append(Math.abs(constant));
      return sb.toString();
    }
  }

  private static void same(Ref r, Poly p) {
    assertEquals(r.text(), p.toString());
    assertEquals(r.terms, p.terms());
    assertEquals(List.copyOf(r.terms.keySet()), List.copyOf(p.terms().keySet()), "name order");
    assertEquals(r.constant, p.constant());
    assertEquals(Long.hashCode(r.constant) * 31 + r.terms.hashCode(), p.hashCode());
  }

  @Test
  void arithmeticMatchesTheMapOfTerms() {
    Random rnd = new Random(42);
    String[] names = {"b", "a", "n", "blockIdx.x", "w", "(x) % (3)"};
    List<Ref> refs = new ArrayList<>();
    List<Poly> polys = new ArrayList<>();
    for (String s : names) {
      refs.add(Ref.symbol(s));
      polys.add(Poly.symbol(s));
    }
    for (int c = -2; c <= 40; c += 7) {
      refs.add(Ref.of(c));
      polys.add(Poly.of(c));
    }
    for (int step = 0; step < 4000; step++) {
      int i = rnd.nextInt(refs.size());
      int j = rnd.nextInt(refs.size());
      Ref r;
      Poly p;
      switch (rnd.nextInt(5)) {
        case 0 -> {
          r = refs.get(i).add(refs.get(j));
          p = polys.get(i).add(polys.get(j));
        }
        case 1 -> {
          r = refs.get(i).add(refs.get(j).scale(-1));
          p = polys.get(i).sub(polys.get(j));
        }
        case 2 -> {
          long k = rnd.nextInt(9) - 4;
          r = refs.get(i).scale(k);
          p = polys.get(i).scale(k);
        }
        case 3 -> {
          long k = 1 + rnd.nextInt(64);
          r = refs.get(i).add(Ref.of(k));
          p = polys.get(i).add(Poly.of(k));
        }
        default -> {
          // the same symbolic part in a run of lanes: what is kept for the next lane must not leak into others
          long k = rnd.nextInt(3);
          r = refs.get(i).add(refs.get(j).scale(k));
          p = polys.get(i).add(polys.get(j).scale(k));
        }
      }
      same(r, p);
      if (r.terms.size() <= 4 && Math.abs(r.constant) < 1_000_000) {
        refs.add(r);
        polys.add(p);
      }
    }
    for (int a = 0; a < polys.size(); a++) {
      for (int b = 0; b < polys.size(); b += 7) {
        assertEquals(refs.get(a).equals(refs.get(b)), polys.get(a).equals(polys.get(b)));
      }
    }
  }

  @Test
  void divisionAndSubstitutionKeepTheOrder() {
    Poly p = Poly.symbol("z").scale(8).add(Poly.symbol("a").scale(12)).add(Poly.symbol("m").scale(4)).add(Poly.of(3));
    assertEquals("3*a + m + 2*z", p.symbolicDividedBy(4).toString());
    assertEquals("3*a + m + 2*z", p.symbolicDividedBy(4).toString(), "kept for the next lane");
    assertEquals("a + z", p.symbolicDividedBy(8).toString(), "coefficients that become 0 are dropped");
    assertEquals("12*a + 8*z + 23", p.substitute("m", 5).toString());
    assertEquals(p, p.substitute("q", 5));
    assertEquals(Poly.ZERO, Poly.symbol("t").sub(Poly.symbol("t")));
  }

  @Test
  void aChoiceSetToOneOrZeroKeepsOrDropsTheProductsWithIt() {
    Poly b = Poly.symbol("branch@3:5#1");
    Poly p = Poly.of(7).add(b.mul(Poly.symbol("n")).scale(3)).add(b.scale(2)).add(Poly.symbol("m"));
    assertEquals(List.of("branch@3:5#1", "n"), Poly.factors("branch@3:5#1*n"));
    assertEquals(Poly.of(9).add(Poly.symbol("n").scale(3)).add(Poly.symbol("m")), p.setChoice("branch@3:5#1", true));
    assertEquals(Poly.of(7).add(Poly.symbol("m")), p.setChoice("branch@3:5#1", false));
    assertEquals(List.of("(a*b)"), Poly.factors("(a*b)"));
  }
}
