package dev.bankcheck.sym;

/**
 * Integer arithmetic on lane values. Exact on concrete numbers; on polynomials over warp-uniform
 * symbols it is exact where the symbolic part cannot change the result (e.g. {@code (32*b + t) % 32}
 * is {@code t % 32}, assuming indices are non-negative); otherwise the result is a new uniform
 * symbol named after the expression, so lanes that computed the same thing still agree.
 */
public final class Arith {
  private Arith() {}

  public static Val binary(String op, Val a, Val b) {
    if (a instanceof Val.Unknown) return a;
    if (b instanceof Val.Unknown) return b;
    if (a instanceof Val.Data) return a;
    if (b instanceof Val.Data) return b;
    if (!(a instanceof Val.Num x) || !(b instanceof Val.Num y)) {
      if (a instanceof Val.Opaque || b instanceof Val.Opaque) return new Val.Opaque("arithmetic on a non-integer");
      return new Val.Unknown("operator '" + op + "' on a pointer value");
    }
    Poly p = x.poly();
    Poly q = y.poly();
    if (p.isConstant() && q.isConstant()) {
      Long r = concrete(op, p.constant(), q.constant());
      return r == null ? new Val.Unknown("division by zero") : Val.num(r);
    }
    Poly r = symbolic(op, p, q);
    return new Val.Num(r != null ? r : Poly.symbol("(" + p + ") " + op + " (" + q + ")"));
  }

  static Long concrete(String op, long a, long b) {
    return switch (op) {
      case "+" -> a + b;
      case "-" -> a - b;
      case "*" -> a * b;
      case "/" -> b == 0 ? null : a / b;
      case "%" -> b == 0 ? null : a % b;
      case "<<" -> b < 0 || b > 63 ? 0L : a << b;
      case ">>" -> b < 0 || b > 63 ? 0L : a >> b;
      case "&" -> a & b;
      case "|" -> a | b;
      case "^" -> a ^ b;
      case "<" -> a < b ? 1L : 0L;
      case ">" -> a > b ? 1L : 0L;
      case "<=" -> a <= b ? 1L : 0L;
      case ">=" -> a >= b ? 1L : 0L;
      case "==" -> a == b ? 1L : 0L;
      case "!=" -> a != b ? 1L : 0L;
      case "&&" -> a != 0 && b != 0 ? 1L : 0L;
      case "||" -> a != 0 || b != 0 ? 1L : 0L;
      case "min" -> Math.min(a, b);
      case "max" -> Math.max(a, b);
      default -> null;
    };
  }

  private static Poly symbolic(String op, Poly p, Poly q) {
    switch (op) {
      case "+":
        return p.add(q);
      case "-":
        return p.sub(q);
      case "*":
        return p.mul(q);
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
    if (v instanceof Val.Ptr p && p.offset() != null) return 1;
    return -1;
  }
}
