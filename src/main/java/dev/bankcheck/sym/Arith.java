package dev.bankcheck.sym;

/**
 * Integer arithmetic on lane values. Exact on concrete numbers; on polynomials over warp-uniform
 * symbols it is exact where the symbolic part cannot change the result (e.g. {@code (32*b + t) % 32}
 * is {@code t % 32}, assuming indices are non-negative); otherwise the result is a new uniform
 * symbol named after the expression, so lanes that computed the same thing still agree.
 */
public final class Arith {
  private Arith() {}

  /** Operator codes: the interpreter looks an operator up once per expression, not once per lane. */
  static final int OTHER = -1, ADD = 0, SUB = 1, MUL = 2, DIV = 3, MOD = 4, SHL = 5, SHR = 6, AND = 7, OR = 8, XOR = 9,
      LT = 10, GT = 11, LE = 12, GE = 13, EQ = 14, NE = 15, LAND = 16, LOR = 17, MIN = 18, MAX = 19;

  static int code(String op) {
    return switch (op) {
      case "+" -> ADD;
      case "-" -> SUB;
      case "*" -> MUL;
      case "/" -> DIV;
      case "%" -> MOD;
      case "<<" -> SHL;
      case ">>" -> SHR;
      case "&" -> AND;
      case "|" -> OR;
      case "^" -> XOR;
      case "<" -> LT;
      case ">" -> GT;
      case "<=" -> LE;
      case ">=" -> GE;
      case "==" -> EQ;
      case "!=" -> NE;
      case "&&" -> LAND;
      case "||" -> LOR;
      case "min" -> MIN;
      case "max" -> MAX;
      default -> OTHER;
    };
  }

  public static Val binary(String op, Val a, Val b) {
    return binary(code(op), op, a, b);
  }

  /** {@link #binary(String, Val, Val)} with {@code code == code(op)}. */
  static Val binary(int code, String op, Val a, Val b) {
    if (a instanceof Val.Unknown) return a;
    if (b instanceof Val.Unknown) return b;
    if (a instanceof Val.Data || b instanceof Val.Data) return warpData(code, a, b);
    if (!(a instanceof Val.Num x) || !(b instanceof Val.Num y)) {
      // the non-integer's own description says what the user can look at (a struct member, a float)
      if (a instanceof Val.Opaque o && !o.what().startsWith("type:")) return o;
      if (b instanceof Val.Opaque o && !o.what().startsWith("type:")) return o;
      if (a instanceof Val.Opaque || b instanceof Val.Opaque) return new Val.Opaque("arithmetic on a non-integer");
      Val.Struct object = a instanceof Val.Struct x ? x : b instanceof Val.Struct y ? y : null;
      if (object != null) {
        return new Val.Unknown("operator '" + op + "' on a '" + object.obj().def().name() + "' object (operator overloads"
            + " are not followed)");
      }
      return new Val.Unknown("operator '" + op + "' on a pointer value");
    }
    Poly p = x.poly();
    Poly q = y.poly();
    if (p.isConstant() && q.isConstant()) {
      long d = q.constant();
      if (code == OTHER || d == 0 && (code == DIV || code == MOD)) return new Val.Unknown("division by zero");
      return Val.num(value(code, p.constant(), d));
    }
    Poly r = symbolic(op, p, q);
    return new Val.Num(r != null ? r.compact() : Poly.symbol("(" + p + ") " + op + " (" + q + ")"));
  }

  /**
   * Arithmetic with a value read from memory: the result is data too, and what is known of it modulo some
   * number is kept through +, -, * and << by constants (the congruence {@code d * 32 + tid == tid (mod 32)});
   * {@code %} and {@code &} by a divisor of that modulus give an exact number. Bounds on it ({@code Val.Range}) are
   * kept through the same operations, and {@code &}, {@code %}, {@code >>} and {@code /} by a constant make them
   * ({@code d & 31} is 0..31 whatever d is).
   */
  private static Val data(int code, Val a, Val b) {
    Val.Data d = a instanceof Val.Data x ? x : (Val.Data) b;
    Val other = d == a ? b : a;
    try {
      if (other instanceof Val.Data e && (code == ADD || code == SUB)) return sum(d, e, code == SUB);
      boolean constant = other instanceof Val.Num n && n.poly().isConstant();
      if ((code == MIN || code == MAX) && (other instanceof Val.Data || constant)) {
        return clamped(d, other, code == MIN);
      }
      if (!(other instanceof Val.Num num)) return d.plain();
      Poly q = num.poly();
      long c = q.isConstant() ? q.constant() : 0;
      Val.Range k = d.range();
      switch (code) {
        case ADD:
          return d.plus(q);
        case SUB:
          return d == a ? Val.Data.congruent(d.source(), d.modulus(), d.residue().sub(q), k)
              : Val.Data.congruent(d.source(), d.modulus(), q.sub(d.residue()), k == null ? null : k.negate());
        case MUL:
          if (!q.isConstant()) return d.plain();
          if (c == 0) return Val.num(0);
          return Val.Data.congruent(d.source(), Math.multiplyExact(d.modulus(), Math.abs(c)), d.residue().scale(c),
              k == null || c > 0 ? k : k.negate());
        case SHL:
          if (d != a || !q.isConstant() || c < 0 || c > 30) return d.plain();
          return Val.Data.congruent(d.source(), Math.multiplyExact(d.modulus(), 1L << c), d.residue().scale(1L << c),
              k);
        case MOD:
          // indices are taken as non-negative, as for symbolic values
          if (d != a || c <= 0) return d.plain();
          if (inRange(d, 0, c - 1)) return d;
          if (d.modulus() % c == 0 && d.residue().isConstant()) return Val.num(d.residue().constant() % c);
          // a value that may be negative (also as a 32-bit int: a vote's mask) keeps C's sign
          return mayBeNegative(d) ? Val.Data.between(d.source(), 1 - c, c - 1) : within(d, c - 1);
        case AND:
          if (!q.isConstant() || c < 0) return d.plain();
          if (Long.bitCount(c + 1) == 1 && inRange(d, 0, c)) return d;
          if (Long.bitCount(c + 1) == 1 && d.modulus() % (c + 1) == 0 && d.residue().isConstant()) {
            return Val.num(d.residue().constant() & c);
          }
          return within(d, c);
        case SHR:
        case DIV:
          // a non-negative value in known bounds keeps them: 0..31 >> 2 is 0..7
          if (d != a || c <= 0 || code == SHR && c > 62 || d.min() == null || mayBeNegative(d)) return d.plain();
          long divisor = code == SHR ? 1L << c : c;
          return Val.Data.between(d.source(), d.min() / divisor, d.max() / divisor);
        default:
          return d.plain();
      }
    } catch (ArithmeticException overflow) {
      return d.plain();
    }
  }

  /**
   * Which lanes' results of an operation on data that is the same in the whole warp (see {@link Val.Data}) are one
   * value: those whose operands were. Lanes with equal tokens have equal values.
   */
  private record Derived(Object op, Val a, Val b) {}

  /** A k the whole warp shares, negated ({@code -d}): still shared. */
  private record Negated(Object token) {}

  /**
   * {@link #data} where an operand is data the warp shares: a number added, or a positive scale, keeps the shared k
   * ({@code base + lane}: lanes one base apart by their lanes); any other result is shared by the lanes whose operands
   * were equal.
   */
  private static Val warpData(int code, Val a, Val b) {
    Val.Data d = a instanceof Val.Data x && x.warpToken() != null ? x
        : b instanceof Val.Data y && y.warpToken() != null ? y : null;
    if (d == null) return data(code, a, b);
    Val other = d == a ? b : a;
    if (other instanceof Val.Num num) {
      Poly q = num.poly();
      long c = q.isConstant() ? q.constant() : 0;
      if (code == ADD) return d.plus(q);
      if (code == SUB) return d == a ? d.plus(q.negate()) : negated(d).plus(q);
      try {
        if (code == MUL && c > 0 || code == SHL && d == a && c > 0 && c <= 30) {
          long f = code == MUL ? c : 1L << c;
          return new Val.Data(d.source(), Math.multiplyExact(d.modulus(), f), d.residue().scale(f), d.range(), d.warpToken());
        }
      } catch (ArithmeticException overflow) {
        return d.ownK().plain();
      }
    }
    Val result = data(code, ownK(a), ownK(b));
    // lanes with equal operands share the result only where equal means one value: not per-lane data or floats
    return other instanceof Val.Num || other instanceof Val.Data o && o.warpToken() != null
        ? derived(code, a, b, result) : result;
  }

  private static Val ownK(Val v) {
    return v instanceof Val.Data d ? d.ownK() : v;
  }

  /** {@code result} of {@code op} on operands of which one is data the warp shares: shared where the operands are. */
  static Val derived(Object op, Val a, Val b, Val result) {
    return result instanceof Val.Data r ? r.sharing(new Derived(op, a, b)) : result;
  }

  private static Val.Data negated(Val.Data d) {
    return new Val.Data(d.source(), d.modulus(), d.residue().negate(), d.range() == null ? null : d.range().negate(),
        new Negated(d.warpToken()));
  }

  /**
   * {@code min} or {@code max} of data and a constant or other data: bounded where either side is ({@code max(0,
   * min(d, 255))} is 0..255; a side without bounds reaches {@code Val.Range.LIMIT}, too far to enumerate).
   */
  private static Val clamped(Val.Data d, Val other, boolean min) {
    long lo = lowest(d);
    long hi = highest(d);
    long otherLo = other instanceof Val.Data e ? lowest(e) : ((Val.Num) other).poly().constant();
    long otherHi = other instanceof Val.Data e ? highest(e) : otherLo;
    return min ? Val.Data.between(d.source(), Math.min(lo, otherLo), Math.min(hi, otherHi))
        : Val.Data.between(d.source(), Math.max(lo, otherLo), Math.max(hi, otherHi));
  }

  private static long lowest(Val.Data d) {
    return d.min() != null ? Math.max(d.min(), -Val.Range.LIMIT) : -Val.Range.LIMIT;
  }

  private static long highest(Val.Data d) {
    return d.max() != null ? Math.min(d.max(), Val.Range.LIMIT) : Val.Range.LIMIT;
  }

  /**
   * Whether bounded data may be negative, as a 32-bit int too (2^31 and more wrap there); unbounded data is taken as
   * non-negative, as symbolic values are.
   */
  private static boolean mayBeNegative(Val.Data d) {
    return d.min() != null && (d.min() < 0 || d.max() > Integer.MAX_VALUE);
  }

  /** Whether data is known to lie in lo..hi: then masking or reducing it to that range leaves it as it is. */
  private static boolean inRange(Val.Data d, long lo, long hi) {
    return d.min() != null && d.min() >= lo && d.max() <= hi;
  }

  /**
   * {@code d & c} or {@code d % c}, a non-negative result at most {@code hi}: where {@code hi + 1} is a power of
   * two, what d is known to be modulo a divisor of it stays ({@code (d * 4) & 255} is 0, 4, ..., 252).
   */
  private static Val.Data within(Val.Data d, long hi) {
    if (Long.bitCount(hi + 1) != 1 || !d.residue().isConstant()) return Val.Data.between(d.source(), 0, hi);
    long g = gcd(d.modulus(), hi + 1);
    long r = Math.floorMod(d.residue().constant(), g);
    return Val.Data.congruent(d.source(), g, Poly.of(r), Val.Range.of(0, (hi - r) / g));
  }

  private static Val sum(Val.Data d, Val.Data e, boolean minus) {
    long g = gcd(d.modulus(), e.modulus());
    if (d.min() != null && e.min() != null) {
      // both bounded: the sum's bounds, congruent modulo what both share
      long lo = minus ? Math.subtractExact(d.min(), e.max()) : Math.addExact(d.min(), e.min());
      long hi = minus ? Math.subtractExact(d.max(), e.min()) : Math.addExact(d.max(), e.max());
      return Val.Data.spanning(d.source(), g, lo, hi);
    }
    return Val.Data.congruent(d.source(), g, minus ? d.residue().sub(e.residue()) : d.residue().add(e.residue()));
  }

  static long gcd(long a, long b) {
    a = Math.abs(a);
    b = Math.abs(b);
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * What a value is known to be where two branches give {@code a} and {@code b} and one of them is data: data
   * congruent modulo what both sides share ({@code d * 64 + t} and {@code t + 32}: t modulo 32).
   */
  static Val.Data join(Val a, Val b) {
    Val.Data d = a instanceof Val.Data x ? x : (Val.Data) b;
    Val other = d == a ? b : a;
    Poly r;
    long m;
    if (other instanceof Val.Data e) {
      r = e.residue();
      m = e.modulus();
    } else if (other instanceof Val.Num num) {
      r = num.poly();
      m = 0;
    } else {
      return d.plain();
    }
    Long otherMin = other instanceof Val.Data e ? e.min() : r.isConstant() ? r.constant() : null;
    if (d.min() != null && otherMin != null) {
      // both bounded: the hull of their bounds
      Long otherMax = other instanceof Val.Data e ? e.max() : otherMin;
      return Val.Data.spanning(d.source(), gcd(gcd(d.modulus(), m), d.min() - otherMin), Math.min(d.min(), otherMin),
          Math.max(d.max(), otherMax));
    }
    Poly diff = d.residue().sub(r);
    if (!diff.isConstant()) return d.plain();
    return Val.Data.congruent(d.source(), gcd(gcd(d.modulus(), m), diff.constant()), d.residue());
  }

  /**
   * An integer that data chose between {@code a} and {@code b} (a branch or ternary on memory contents): both
   * values where they differ by a constant ({@code tid} or {@code tid + 32}: {@code tid} modulo 32, k in 0..1),
   * else what {@link #join} keeps; null where either is no integer.
   */
  static Val.Data choice(String source, Val a, Val b) {
    if (!(a instanceof Val.Num || a instanceof Val.Data) || !(b instanceof Val.Num || b instanceof Val.Data)) return null;
    if (a instanceof Val.Data || b instanceof Val.Data) return join(a, b);
    Poly x = ((Val.Num) a).poly();
    Poly diff = ((Val.Num) b).poly().sub(x);
    if (!diff.isConstant() || diff.constant() == 0 || Math.abs(diff.constant()) > Val.Range.LIMIT) {
      return new Val.Data(source);
    }
    long d = diff.constant();
    return Val.Data.congruent(source, Math.abs(d), d > 0 ? x : x.add(diff), Val.Range.of(0, 1));
  }

  static Long concrete(String op, long a, long b) {
    int code = code(op);
    if (code == OTHER || b == 0 && (code == DIV || code == MOD)) return null;
    return value(code, a, b);
  }

  /** a op b for a known operator; b is not 0 for / and %. */
  static long value(int code, long a, long b) {
    return switch (code) {
      case ADD -> a + b;
      case SUB -> a - b;
      case MUL -> a * b;
      case DIV -> a / b;
      case MOD -> a % b;
      case SHL -> b < 0 || b > 63 ? 0L : a << b;
      case SHR -> b < 0 || b > 63 ? 0L : a >> b;
      case AND -> a & b;
      case OR -> a | b;
      case XOR -> a ^ b;
      case LT -> a < b ? 1L : 0L;
      case GT -> a > b ? 1L : 0L;
      case LE -> a <= b ? 1L : 0L;
      case GE -> a >= b ? 1L : 0L;
      case EQ -> a == b ? 1L : 0L;
      case NE -> a != b ? 1L : 0L;
      case LAND -> a != 0 && b != 0 ? 1L : 0L;
      case LOR -> a != 0 || b != 0 ? 1L : 0L;
      case MIN -> Math.min(a, b);
      case MAX -> Math.max(a, b);
      default -> throw new IllegalArgumentException("operator code " + code);
    };
  }

  private static final int MAX_EXPANDED_TERMS = 256;

  private static Poly symbolic(String op, Poly p, Poly q) {
    switch (op) {
      case "+":
        return p.add(q);
      case "-":
        return p.sub(q);
      case "*":
        // expanding a product of long sums makes more terms than it saves: it becomes one symbol
        return (long) p.termCount() * q.termCount() <= MAX_EXPANDED_TERMS ? p.mul(q) : null;
      case "<<":
        return q.isConstant() && q.constant() >= 0 && q.constant() < 62 ? p.scale(1L << q.constant()) : null;
      case "/":
        return q.isConstant() && q.constant() > 0 ? divide(p, q.constant()) : null;
      case ">>":
        return q.isConstant() && q.constant() >= 0 && q.constant() < 62 ? divide(p, 1L << q.constant()) : null;
      case "%":
        if (q.isConstant() && q.constant() > 0 && p.symbolicGcd() % q.constant() == 0 && p.constant() >= 0) {
          return Poly.of(p.constant() % q.constant());
        }
        return null;
      case "&", "|", "^":
        return bitwise(op, p, q);
      case "<", ">", "<=", ">=", "==", "!=": {
        Poly d = p.sub(q);
        if (d.isConstant()) return Poly.of(concrete(op, d.constant(), 0));
        return null;
      }
      case "min", "max": {
        Poly d = p.sub(q);
        if (d.isConstant()) return (d.constant() <= 0) == op.equals("min") ? p : q;
        return null;
      }
      default:
        return null;
    }
  }

  /** (c*k*S + r) / c == k*S + r / c for non-negative r and S. */
  private static Poly divide(Poly p, long c) {
    if (p.symbolicGcd() % c != 0 || p.constant() < 0) return null;
    return p.symbolicDividedBy(c).add(Poly.of(p.constant() / c));
  }

  /** H + r with H's coefficients multiples of 2^t and 0 <= r, m < 2^t: (H + r) op m == H' + (r op m). */
  private static Poly bitwise(String op, Poly p, Poly q) {
    if (!p.isConstant() && q.isConstant()) return bitwiseConst(op, p, q.constant());
    if (p.isConstant() && !q.isConstant()) return bitwiseConst(op, q, p.constant());
    return null;
  }

  private static Poly bitwiseConst(String op, Poly p, long m) {
    long span = p.symbolicPowerOfTwo();
    long r = p.constant();
    if (m < 0 || r < 0 || m >= span || r >= span) return null;
    long low = concrete(op, r, m);
    return op.equals("&") ? Poly.of(low) : p.symbolic().add(Poly.of(low));
  }

  public static Val unary(String op, Val a) {
    if (a instanceof Val.Data d && d.warpToken() != null) {
      return op.equals("+") ? d : op.equals("-") ? negated(d) : derived(op, d, null, unary(op, d.ownK()));
    }
    if (a instanceof Val.Data d) {
      return switch (op) {
        case "+" -> d;
        case "-" -> Val.Data.congruent(d.source(), d.modulus(), d.residue().negate(),
            d.range() == null ? null : d.range().negate());
        case "~" -> Val.Data.congruent(d.source(), d.modulus(), d.residue().negate().add(Poly.of(-1)),
            d.range() == null ? null : d.range().negate());
        default -> d.plain();
      };
    }
    if (!(a instanceof Val.Num n)) return a instanceof Val.Ptr ? new Val.Unknown("operator '" + op + "' on a pointer") : a;
    Poly p = n.poly();
    return switch (op) {
      case "-" -> new Val.Num(p.negate());
      case "+" -> a;
      case "~" -> p.isConstant() ? Val.num(~p.constant()) : new Val.Num(p.negate().add(Poly.of(-1)));
      case "!" -> p.isConstant() ? Val.num(p.constant() == 0 ? 1 : 0) : new Val.Num(Poly.symbol("!(" + p + ")"));
      default -> new Val.Unknown("operator '" + op + "'");
    };
  }

  /** 1 = true, 0 = false, -1 = cannot tell in this lane. */
  public static int truth(Val v) {
    if (v instanceof Val.Num n && n.poly().isConstant()) return n.poly().constant() != 0 ? 1 : 0;
    if (v instanceof Val.Ptr p && p.offset() != null && p.orElsewhere() == null) return 1; // else it may be null
    return -1;
  }
}
