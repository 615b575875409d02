package dev.bankcheck.sym;

import java.util.Map;
import java.util.TreeMap;

/**
 * An integer polynomial over warp-uniform symbols (blockIdx.x, kernel parameters, loop counts):
 * a constant plus coefficients of monomials. A monomial is its symbols' names joined by '*',
 * sorted, so equal polynomials are equal objects. Lane-dependent parts are always concrete.
 */
public final class Poly {
  public static final Poly ZERO = new Poly(0, Map.of());

  private final long constant;
  private final Map<String, Long> terms; // sorted, no zero coefficients

  private Poly(long constant, Map<String, Long> terms) {
    this.constant = constant;
    this.terms = terms;
  }

  public static Poly of(long c) {
    return c == 0 ? ZERO : new Poly(c, Map.of());
  }

  public static Poly symbol(String name) {
    return new Poly(0, Map.of(name, 1L));
  }

  public long constant() {
    return constant;
  }

  public boolean isConstant() {
    return terms.isEmpty();
  }

  public Map<String, Long> terms() {
    return terms;
  }

  /** The same polynomial without its constant: the warp-uniform part for a lane address. */
  public Poly symbolic() {
    return terms.isEmpty() ? ZERO : new Poly(0, terms);
  }

  public Poly add(Poly o) {
    if (o.terms.isEmpty()) return o.constant == 0 ? this : new Poly(constant + o.constant, terms);
    if (terms.isEmpty()) return constant == 0 ? o : new Poly(constant + o.constant, o.terms); // terms are never changed
    TreeMap<String, Long> t = new TreeMap<>(terms);
    o.terms.forEach((k, v) -> t.merge(k, v, Long::sum));
    t.values().removeIf(v -> v == 0);
    return new Poly(constant + o.constant, t.isEmpty() ? Map.of() : t);
  }

  public Poly negate() {
    return scale(-1);
  }

  public Poly sub(Poly o) {
    return add(o.negate());
  }

  public Poly scale(long k) {
    if (k == 0) return ZERO;
    if (k == 1) return this;
    TreeMap<String, Long> t = new TreeMap<>();
    terms.forEach((m, v) -> t.put(m, v * k));
    return new Poly(constant * k, t.isEmpty() ? Map.of() : t);
  }

  public Poly mul(Poly o) {
    if (o.isConstant()) return scale(o.constant);
    if (isConstant()) return o.scale(constant);
    Poly out = o.scale(constant).add(new Poly(0, Map.of()));
    for (Map.Entry<String, Long> a : terms.entrySet()) {
      out = out.add(monomial(a.getKey(), a.getValue() * o.constant));
      for (Map.Entry<String, Long> b : o.terms.entrySet()) {
        out = out.add(monomial(multiplyNames(a.getKey(), b.getKey()), a.getValue() * b.getValue()));
      }
    }
    return out;
  }

  private static Poly monomial(String name, long coeff) {
    return coeff == 0 ? ZERO : new Poly(0, Map.of(name, coeff));
  }

  /** Products of names recur in every lane and iteration: computed once each (bounded: cleared when full). */
  private static final java.util.concurrent.ConcurrentHashMap<String, String> PRODUCTS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private static String multiplyNames(String a, String b) {
    String joined = a + "*" + b;
    String known = PRODUCTS.get(joined);
    if (known != null) return known;
    java.util.List<String> parts = splitFactors(joined);
    parts.sort(null);
    String product = String.join("*", parts);
    if (PRODUCTS.size() > 50_000) PRODUCTS.clear();
    PRODUCTS.put(joined, product);
    return product;
  }

  /**
   * Splits a monomial at each '*' whose next parenthesis (if any) is not a ')' (a '*' inside "(...)" stays), dropping
   * trailing empty parts: what {@code split("\\*(?![^()]*\\))")} does, without a regular expression per product.
   */
  static java.util.List<String> splitFactors(String s) {
    java.util.List<String> parts = new java.util.ArrayList<>();
    char nextParen = 0; // the first '(' or ')' to the right of the current position, scanning right to left
    boolean[] splitAt = new boolean[s.length()];
    for (int i = s.length() - 1; i >= 0; i--) {
      char c = s.charAt(i);
      if (c == '*' && nextParen != ')') splitAt[i] = true;
      if (c == '(' || c == ')') nextParen = c;
    }
    int start = 0;
    for (int i = 0; i < s.length(); i++) {
      if (splitAt[i]) {
        parts.add(s.substring(start, i));
        start = i + 1;
      }
    }
    parts.add(s.substring(start));
    if (parts.size() == 1) return parts; // no split: the string itself, even when empty
    while (!parts.isEmpty() && parts.get(parts.size() - 1).isEmpty()) parts.remove(parts.size() - 1);
    return parts;
  }

  /** This polynomial with a symbol (a whole monomial) replaced by a value; products that contain it stay. */
  public Poly substitute(String symbol, long value) {
    Long c = terms.get(symbol);
    if (c == null) return this;
    TreeMap<String, Long> t = new TreeMap<>(terms);
    t.remove(symbol);
    return new Poly(constant + c * value, t.isEmpty() ? Map.of() : t);
  }

  /** The largest power of two (up to 2^62) dividing every symbolic coefficient; 2^62 when there are none. */
  public long symbolicPowerOfTwo() {
    long g = 1L << 62;
    for (long v : terms.values()) g = Math.min(g, Long.lowestOneBit(Math.abs(v)));
    return g;
  }

  /** gcd of the symbolic coefficients (0 when there are none). */
  public long symbolicGcd() {
    long g = 0;
    for (long v : terms.values()) g = gcd(g, Math.abs(v));
    return g;
  }

  public static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return Math.abs(a);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Poly p && p.constant == constant && p.terms.equals(terms);
  }

  @Override
  public int hashCode() {
    return Long.hashCode(constant) * 31 + terms.hashCode();
  }

  /** The text, kept once made: symbols are named after expressions, in every lane. */
  private String text;

  @Override
  public String toString() {
    String t = text;
    if (t == null) text = t = format();
    return t;
  }

  private String format() {
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
