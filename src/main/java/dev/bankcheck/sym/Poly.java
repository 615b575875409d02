package dev.bankcheck.sym;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An integer polynomial over warp-uniform symbols (blockIdx.x, kernel parameters, loop counts):
 * a constant plus coefficients of monomials. A monomial is its symbols' names joined by '*',
 * sorted, so equal polynomials are equal objects. Lane-dependent parts are always concrete.
 */
public final class Poly {
  /**
   * The symbolic part: sorted distinct names and their coefficients, never changed once made. Polynomials
   * that differ only in their constant (the lanes of one warp) share it, with what is derived from it.
   */
  private static final class Terms {
    static final Terms NONE = new Terms(new String[0], new long[0]);

    final String[] names;
    final long[] coeffs;
    private Terms negated;
    private String text;
    private Map<String, Long> map;
    /** The last merge made from this one: the lanes of a warp merge the same two terms one after another. */
    private Merge lastMerge;
    /** The last scale and division of this one, for the same reason. */
    private Scaled lastScaled;
    private Scaled lastDivided;
    private int hash; // 0: not yet computed (as String does: one field, safe to share between threads)
    private int weight = -1;
    private Terms compacted;

    Terms(String[] names, long[] coeffs) {
      this.names = names;
      this.coeffs = coeffs;
    }

    int size() {
      return names.length;
    }

    /** About the length of {@link #text()}, without making it. */
    int weight() {
      int w = weight;
      if (w < 0) {
        long sum = 0;
        for (String name : names) sum += name.length() + 4;
        weight = w = (int) Math.min(sum, Integer.MAX_VALUE);
      }
      return w;
    }

    /** g*S for g the gcd of the coefficients and S a symbol named after these terms divided by g. */
    Terms compacted() {
      Terms t = compacted;
      if (t == null) {
        long g = 0;
        for (long v : coeffs) g = gcd(g, Math.abs(v));
        if (g == 0) return compacted = this; // only zero coefficients (an overflow): nothing to shorten
        String name = SymbolText.abbreviate("(" + (g == 1 ? this : divide(g)).text() + ")");
        compacted = t = new Terms(new String[] {name}, new long[] {g});
      }
      return t;
    }

    /** Every coefficient times k; zeros (from overflow) stay, as the map version kept them. */
    Terms scale(long k) {
      if (names.length == 0) return NONE;
      if (k == -1) {
        Terms t = negated;
        if (t == null) negated = t = new Terms(names, scaled(-1));
        return t;
      }
      Scaled last = lastScaled;
      if (last != null && last.k == k) return last.result;
      Terms t = new Terms(names, scaled(k));
      lastScaled = new Scaled(k, t);
      return t;
    }

    private record Scaled(long k, Terms result) {}

    /** Every coefficient divided by c, zeros dropped; kept for the next lane like a merge. */
    Terms divide(long c) {
      Scaled last = lastDivided;
      if (last != null && last.k == c) return last.result;
      String[] n = new String[names.length];
      long[] q = new long[names.length];
      int k = 0;
      for (int i = 0; i < names.length; i++) {
        long v = coeffs[i] / c;
        if (v != 0) {
          n[k] = names[i];
          q[k++] = v;
        }
      }
      Terms t = k == 0 ? NONE : new Terms(k == n.length ? n : Arrays.copyOf(n, k), k == q.length ? q : Arrays.copyOf(q, k));
      lastDivided = new Scaled(c, t);
      return t;
    }

    private long[] scaled(long k) {
      long[] c = new long[coeffs.length];
      for (int i = 0; i < c.length; i++) c[i] = coeffs[i] * k;
      return c;
    }

    private record Merge(Terms other, long sign, Terms result) {}

    private record Product(Terms other, Terms result) {}

    /** The last product made from this one: the lanes of a warp multiply the same terms. */
    private Product lastProduct;

    /** this * o, without zero coefficients. */
    Terms times(Terms o) {
      Product last = lastProduct;
      if (last != null && last.other == o) return last.result;
      java.util.TreeMap<String, Long> sum = new java.util.TreeMap<>();
      for (int i = 0; i < names.length; i++) {
        for (int j = 0; j < o.names.length; j++) {
          sum.merge(multiplyNames(names[i], o.names[j]), coeffs[i] * o.coeffs[j], Long::sum);
        }
      }
      sum.values().removeIf(v -> v == 0);
      String[] n = new String[sum.size()];
      long[] c = new long[sum.size()];
      int k = 0;
      for (Map.Entry<String, Long> e : sum.entrySet()) {
        n[k] = e.getKey();
        c[k++] = e.getValue();
      }
      Terms t = k == 0 ? NONE : new Terms(n, c);
      lastProduct = new Product(o, t);
      return t;
    }

    /** this + sign*o, without zero coefficients. */
    Terms merge(Terms o, long sign) {
      Merge last = lastMerge;
      if (last != null && last.other == o && last.sign == sign) return last.result;
      Terms t = mergeNew(o, sign);
      lastMerge = new Merge(o, sign, t);
      return t;
    }

    private Terms mergeNew(Terms o, long sign) {
      int a = names.length;
      int b = o.names.length;
      String[] n = new String[a + b];
      long[] c = new long[a + b];
      int i = 0;
      int j = 0;
      int k = 0;
      while (i < a || j < b) {
        int cmp = i == a ? 1 : j == b ? -1 : names[i].compareTo(o.names[j]);
        String name;
        long v;
        if (cmp < 0) {
          name = names[i];
          v = coeffs[i++];
        } else if (cmp > 0) {
          name = o.names[j];
          v = o.coeffs[j++] * sign;
        } else {
          name = names[i];
          v = coeffs[i++] + o.coeffs[j++] * sign;
        }
        if (v != 0) {
          n[k] = name;
          c[k++] = v;
        }
      }
      if (k == 0) return NONE;
      return new Terms(k == n.length ? n : Arrays.copyOf(n, k), k == c.length ? c : Arrays.copyOf(c, k));
    }

    int index(String name) {
      if (names.length == 1) return names[0].equals(name) ? 0 : -1;
      int i = Arrays.binarySearch(names, name);
      return i >= 0 ? i : -1;
    }

    boolean same(Terms o) {
      return this == o || Arrays.equals(coeffs, o.coeffs) && Arrays.equals(names, o.names);
    }

    /** What a sorted Map of the terms hashed to: the sum of name.hashCode() ^ Long.hashCode(coefficient). */
    @Override
    public int hashCode() {
      int h = hash;
      if (h == 0) {
        for (int i = 0; i < names.length; i++) h += names[i].hashCode() ^ Long.hashCode(coeffs[i]);
        hash = h;
      }
      return h;
    }

    Map<String, Long> map() {
      Map<String, Long> m = map;
      if (m == null) {
        if (names.length == 0) {
          m = Map.of();
        } else {
          LinkedHashMap<String, Long> sorted = new LinkedHashMap<>();
          for (int i = 0; i < names.length; i++) sorted.put(names[i], coeffs[i]);
          m = Collections.unmodifiableMap(sorted);
        }
        map = m;
      }
      return m;
    }

    /** The text of the terms, without the constant. */
    String text() {
      String t = text;
      if (t == null) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
          long v = coeffs[i];
          if (sb.length() > 0) sb.append(v < 0 ? " - " : " + ");
          else if (v < 0) sb.append("-");
          if (Math.abs(v) != 1) sb.append(Math.abs(v)).append('*');
          sb.append(names[i]);
        }
        text = t = sb.toString();
      }
      return t;
    }
  }

  public static final Poly ZERO = new Poly(0, Terms.NONE);

  /** Small constants recur in every lane: made once each. */
  private static final int SMALL_MIN = -128;
  private static final Poly[] SMALL = new Poly[1024 - SMALL_MIN + 1];

  static {
    for (int i = 0; i < SMALL.length; i++) SMALL[i] = i + SMALL_MIN == 0 ? ZERO : new Poly(i + SMALL_MIN, Terms.NONE);
  }

  private final long constant;
  private final Terms terms; // sorted, no zero coefficients (but for overflow in scale, as before)

  private Poly(long constant, Terms terms) {
    this.constant = constant;
    this.terms = terms;
  }

  public static Poly of(long c) {
    if (c >= SMALL_MIN && c < SMALL_MIN + SMALL.length) return SMALL[(int) (c - SMALL_MIN)];
    return new Poly(c, Terms.NONE);
  }

  /** A symbol; a name longer than {@link SymbolText#MAX_LENGTH} is abbreviated (equal names stay equal). */
  public static Poly symbol(String name) {
    return new Poly(0, new Terms(new String[] {SymbolText.abbreviate(name)}, new long[] {1}));
  }

  /**
   * This polynomial, or, when its terms' text is longer than {@link SymbolText#MAX_LENGTH}, its constant
   * plus g times one symbol that stands for the terms divided by their gcd g. Later arithmetic then
   * stays small; it is exact (the symbol is named after those terms), and keeps what the terms are a
   * multiple of, but no longer cancels part of them.
   */
  public Poly compact() {
    if (terms.weight() <= SymbolText.MAX_LENGTH) return this;
    return new Poly(constant, terms.compacted());
  }

  public long constant() {
    return constant;
  }

  public boolean isConstant() {
    return terms.names.length == 0;
  }

  /** The terms in name order (unmodifiable). */
  public Map<String, Long> terms() {
    return terms.map();
  }

  /** The number of terms, and the name of each in order: terms() without making a map. */
  int termCount() {
    return terms.names.length;
  }

  String termName(int i) {
    return terms.names[i];
  }

  long termCoefficient(int i) {
    return terms.coeffs[i];
  }

  /** The same polynomial without its constant: the warp-uniform part for a lane address. */
  public Poly symbolic() {
    if (terms.size() == 0) return ZERO;
    return constant == 0 ? this : new Poly(0, terms);
  }

  public Poly add(Poly o) {
    if (o.terms.size() == 0) return o.constant == 0 ? this : new Poly(constant + o.constant, terms);
    if (terms.size() == 0) return constant == 0 ? o : new Poly(constant + o.constant, o.terms); // terms are never changed
    return new Poly(constant + o.constant, terms.merge(o.terms, 1));
  }

  public Poly negate() {
    return scale(-1);
  }

  /** add(o.negate()), without making the negation. */
  public Poly sub(Poly o) {
    if (o.terms.size() == 0) return o.constant == 0 ? this : new Poly(constant - o.constant, terms);
    if (terms.size() == 0) return new Poly(constant - o.constant, o.terms.scale(-1));
    return new Poly(constant - o.constant, terms.merge(o.terms, -1));
  }

  public Poly scale(long k) {
    if (k == 0) return ZERO;
    if (k == 1) return this;
    if (terms.size() == 0) return of(constant * k);
    return new Poly(constant * k, terms.scale(k));
  }

  /** (c + T) * (d + U) = c*d + T*U + d*T + c*U, where T*U is the same in every lane. */
  public Poly mul(Poly o) {
    if (o.isConstant()) return scale(o.constant);
    if (isConstant()) return o.scale(constant);
    Terms t = terms.times(o.terms);
    if (o.constant != 0) t = t.merge(terms.scale(o.constant), 1);
    if (constant != 0) t = t.merge(o.terms.scale(constant), 1);
    return new Poly(constant * o.constant, t);
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

  /** The names a monomial (a key of {@link #terms}) is the product of. */
  public static List<String> factors(String monomial) {
    return splitFactors(monomial);
  }

  /**
   * This polynomial with a symbol that stands for 0 or 1 set to {@code one}: every product that contains it loses the
   * factor (1) or vanishes (0).
   */
  public Poly setChoice(String symbol, boolean one) {
    Poly out = of(constant);
    for (int i = 0; i < terms.size(); i++) {
      Poly term = of(terms.coeffs[i]);
      boolean vanishes = false;
      // a name may merely contain the symbol's text ("#1" in "#12"): only equal factors are the symbol
      for (String factor : terms.names[i].contains(symbol) ? splitFactors(terms.names[i]) : List.of(terms.names[i])) {
        if (!factor.equals(symbol)) term = term.mul(new Poly(0, new Terms(new String[] {factor}, new long[] {1})));
        else vanishes |= !one;
      }
      if (!vanishes) out = out.add(term);
    }
    return out;
  }

  /** This polynomial with a symbol (a whole monomial) replaced by a value; products that contain it stay. */
  public Poly substitute(String symbol, long value) {
    int i = terms.index(symbol);
    if (i < 0) return this;
    long c = terms.coeffs[i];
    int size = terms.size();
    if (size == 1) return new Poly(constant + c * value, Terms.NONE);
    String[] n = new String[size - 1];
    long[] k = new long[size - 1];
    System.arraycopy(terms.names, 0, n, 0, i);
    System.arraycopy(terms.names, i + 1, n, i, size - i - 1);
    System.arraycopy(terms.coeffs, 0, k, 0, i);
    System.arraycopy(terms.coeffs, i + 1, k, i, size - i - 1);
    return new Poly(constant + c * value, new Terms(n, k));
  }

  /** The terms with each coefficient divided by c (truncating), zero ones dropped, and no constant. */
  Poly symbolicDividedBy(long c) {
    Terms t = terms.divide(c);
    return t == Terms.NONE ? ZERO : new Poly(0, t);
  }

  /** The largest power of two (up to 2^62) dividing every symbolic coefficient; 2^62 when there are none. */
  public long symbolicPowerOfTwo() {
    long g = 1L << 62;
    for (long v : terms.coeffs) g = Math.min(g, Long.lowestOneBit(Math.abs(v)));
    return g;
  }

  /** gcd of the symbolic coefficients (0 when there are none). */
  public long symbolicGcd() {
    long g = 0;
    for (long v : terms.coeffs) g = gcd(g, Math.abs(v));
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

  /** Equal, as far as a cheap look tells: the same constant and the same terms object (false may still be equal). */
  boolean sameAs(Poly o) {
    return this == o || constant == o.constant && terms == o.terms;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Poly p && p.constant == constant && p.terms.same(terms);
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
    if (terms.size() == 0) return Long.toString(constant);
    String t = terms.text();
    if (constant == 0) return t;
    return t + (constant < 0 ? " - " : " + ") + Math.abs(constant);
  }
}
