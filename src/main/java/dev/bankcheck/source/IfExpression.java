package dev.bankcheck.source;

import java.util.List;
import java.util.function.Consumer;

/**
 * Evaluates a fully macro-expanded {@code #if} line (C11 6.10.1): 64-bit signed arithmetic, unsigned when a
 * U suffix or a too-large constant says so, with C's usual arithmetic conversions and short-circuiting (errors
 * such as division by zero are reported only for evaluated operands). Remaining identifiers are 0, except
 * {@code true}/{@code false}. Recursion is bounded so a pathological line gives an error, not a stack overflow.
 */
final class IfExpression {
  static final int MAX_DEPTH = 1000;

  private record Value(long v, boolean unsigned) {
    static final Value ZERO = new Value(0, false);
    static final Value ONE = new Value(1, false);

    static Value of(boolean b) {
      return b ? ONE : ZERO;
    }

    boolean isTrue() {
      return v != 0;
    }
  }

  /** Unwinds the parser on the first error; carries no stack trace. */
  private static final class Failure extends RuntimeException {
    Failure() {
      super(null, null, false, false);
    }
  }

  private final List<PPToken> tokens;
  private final Pos directivePos;
  private final Consumer<SourceError> errors;
  private int p;
  private int depth;

  private IfExpression(List<PPToken> tokens, Pos directivePos, Consumer<SourceError> errors) {
    this.tokens = tokens;
    this.directivePos = directivePos;
    this.errors = errors;
  }

  /** Returns the truth of the expression; on any error reports it to {@code errors} and returns false. */
  static boolean evaluate(List<PPToken> tokens, Pos directivePos, Consumer<SourceError> errors) {
    IfExpression e = new IfExpression(tokens, directivePos, errors);
    try {
      if (tokens.isEmpty()) e.fail(directivePos, "#if with no expression");
      Value v = e.expression(1, true);
      if (e.p < tokens.size()) e.fail(e.here(), "missing binary operator before token '" + tokens.get(e.p).text() + "'");
      return v.isTrue();
    } catch (Failure f) {
      return false;
    }
  }

  private static int precedence(PPToken t) {
    if (t.token.kind() != TokenKind.PUNCT) return -1;
    return switch (t.text()) {
      case "," -> 1;
      case "?" -> 2;
      case "||" -> 3;
      case "&&" -> 4;
      case "|" -> 5;
      case "^" -> 6;
      case "&" -> 7;
      case "==", "!=" -> 8;
      case "<", ">", "<=", ">=" -> 9;
      case "<<", ">>" -> 10;
      case "+", "-" -> 11;
      case "*", "/", "%" -> 12;
      default -> -1;
    };
  }

  /** Precedence climbing: parses operators binding at least as tightly as {@code minPrec}. */
  private Value expression(int minPrec, boolean evaluated) {
    enter();
    Value lhs = unary(evaluated);
    while (p < tokens.size()) {
      PPToken op = tokens.get(p);
      int prec = precedence(op);
      if (prec < minPrec) break;
      p++;
      String o = op.text();
      if (o.equals("?")) {
        Value whenTrue = expression(1, evaluated && lhs.isTrue());
        expect(":");
        Value whenFalse = expression(2, evaluated && !lhs.isTrue());
        boolean unsigned = whenTrue.unsigned || whenFalse.unsigned;
        lhs = new Value(lhs.isTrue() ? whenTrue.v : whenFalse.v, unsigned);
      } else if (o.equals("&&")) {
        Value rhs = expression(prec + 1, evaluated && lhs.isTrue());
        lhs = Value.of(lhs.isTrue() && rhs.isTrue());
      } else if (o.equals("||")) {
        Value rhs = expression(prec + 1, evaluated && !lhs.isTrue());
        lhs = Value.of(lhs.isTrue() || rhs.isTrue());
      } else if (o.equals(",")) {
        lhs = expression(prec + 1, evaluated);
      } else {
        lhs = binary(op, lhs, expression(prec + 1, evaluated), evaluated);
      }
    }
    depth--;
    return lhs;
  }

  private Value binary(PPToken op, Value a, Value b, boolean evaluated) {
    boolean u = a.unsigned || b.unsigned;
    long x = a.v;
    long y = b.v;
    switch (op.text()) {
      case "*": return new Value(x * y, u);
      case "+": return new Value(x + y, u);
      case "-": return new Value(x - y, u);
      case "/":
      case "%": {
        if (y == 0) {
          if (evaluated) fail(op.token.pos(), "division by zero in #if");
          return new Value(0, u);
        }
        boolean div = op.text().equals("/");
        if (u) return new Value(div ? Long.divideUnsigned(x, y) : Long.remainderUnsigned(x, y), true);
        if (x == Long.MIN_VALUE && y == -1) return new Value(div ? x : 0, false);
        return new Value(div ? x / y : x % y, false);
      }
      case "<<":
      case ">>": {
        // The result has the left operand's type; shifting by 64 or more is undefined in C, here it saturates.
        boolean left = op.text().equals("<<");
        boolean countTooBig = b.unsigned ? Long.compareUnsigned(y, 63) > 0 : (y > 63 || y < -63);
        if (!b.unsigned && y < 0 && !countTooBig) {
          left = !left;
          y = -y;
        }
        if (countTooBig) return new Value(left || a.unsigned || x >= 0 ? 0 : -1, a.unsigned);
        if (left) return new Value(x << y, a.unsigned);
        return new Value(a.unsigned ? x >>> y : x >> y, a.unsigned);
      }
      case "<": return Value.of(compare(x, y, u) < 0);
      case ">": return Value.of(compare(x, y, u) > 0);
      case "<=": return Value.of(compare(x, y, u) <= 0);
      case ">=": return Value.of(compare(x, y, u) >= 0);
      case "==": return Value.of(x == y);
      case "!=": return Value.of(x != y);
      case "&": return new Value(x & y, u);
      case "^": return new Value(x ^ y, u);
      case "|": return new Value(x | y, u);
      default: throw fail(op.token.pos(), "invalid operator '" + op.text() + "' in #if");
    }
  }

  private static int compare(long x, long y, boolean unsigned) {
    return unsigned ? Long.compareUnsigned(x, y) : Long.compare(x, y);
  }

  private Value unary(boolean evaluated) {
    enter();
    if (p >= tokens.size()) throw fail(here(), "#if expression ends unexpectedly");
    PPToken t = tokens.get(p++);
    Value result;
    switch (t.token.kind()) {
      case NUMBER -> result = number(t);
      case CHAR_LITERAL -> result = new Value(charValue(t), false);
      case IDENTIFIER -> result = t.text().equals("true") ? Value.ONE : Value.ZERO;
      case STRING_LITERAL -> throw fail(t.token.pos(), "string literal in #if expression");
      default -> {
        switch (t.text()) {
          case "(" -> {
            result = expression(1, evaluated);
            expect(")");
          }
          case "+" -> result = unary(evaluated);
          case "-" -> {
            Value v = unary(evaluated);
            result = new Value(-v.v, v.unsigned);
          }
          case "~" -> {
            Value v = unary(evaluated);
            result = new Value(~v.v, v.unsigned);
          }
          case "!" -> result = Value.of(!unary(evaluated).isTrue());
          default -> throw fail(t.token.pos(), "token '" + t.text() + "' is not valid in #if expression");
        }
      }
    }
    depth--;
    return result;
  }

  private Value number(PPToken t) {
    String s = t.text().replace("'", "");
    int end = s.length();
    boolean unsigned = false;
    while (end > 0 && "uUlLzZ".indexOf(s.charAt(end - 1)) >= 0) {
      if (Character.toLowerCase(s.charAt(end - 1)) == 'u') unsigned = true;
      end--;
    }
    int radix = 10;
    int start = 0;
    if (end > 1 && s.charAt(0) == '0') {
      char x = Character.toLowerCase(s.charAt(1));
      if (x == 'x') { radix = 16; start = 2; }
      else if (x == 'b') { radix = 2; start = 2; }
      else { radix = 8; start = 1; }
    }
    if (start >= end && radix != 8) throw fail(t.token.pos(), "invalid integer constant '" + t.text() + "' in #if");
    long value = 0;
    boolean overflow = false;
    for (int i = start; i < end; i++) {
      char c = s.charAt(i);
      int d = Character.digit(c, radix);
      if (d < 0) {
        boolean floating = c == '.' || (radix == 10 && (c == 'e' || c == 'E')) || (radix == 16 && (c == 'p' || c == 'P'));
        throw fail(t.token.pos(), floating ? "floating constant in preprocessor expression"
            : "invalid integer constant '" + t.text() + "' in #if");
      }
      long next = value * radix + d;
      if (Long.compareUnsigned(value, Long.divideUnsigned(-1L, radix)) > 0
          || Long.compareUnsigned(next, value * radix) < 0) {
        overflow = true;
      }
      value = next;
    }
    if (overflow) throw fail(t.token.pos(), "integer constant '" + t.text() + "' is too large");
    return new Value(value, unsigned || value < 0);
  }

  /** Value of a character constant: plain 'x' is a signed char as in GCC; multi-char constants pack bytes. */
  private long charValue(PPToken t) {
    String s = t.text();
    int open = s.indexOf('\'');
    boolean plain = open == 0;
    int end = s.length() - 1;
    long value = 0;
    int count = 0;
    for (int i = open + 1; i < end; ) {
      long c;
      char ch = s.charAt(i++);
      if (ch != '\\' || i >= end) {
        c = ch;
      } else {
        char e = s.charAt(i++);
        switch (e) {
          case 'n' -> c = '\n';
          case 't' -> c = '\t';
          case 'r' -> c = '\r';
          case 'a' -> c = 7;
          case 'b' -> c = '\b';
          case 'f' -> c = '\f';
          case 'v' -> c = 0x0B;
          case 'e' -> c = 0x1B;
          case 'x', 'u', 'U' -> {
            c = 0;
            int maxDigits = e == 'x' ? Integer.MAX_VALUE : e == 'u' ? 4 : 8;
            for (int k = 0; k < maxDigits && i < end && Character.digit(s.charAt(i), 16) >= 0; k++) {
              c = c * 16 + Character.digit(s.charAt(i++), 16);
            }
          }
          default -> {
            if (e >= '0' && e <= '7') {
              c = e - '0';
              for (int k = 1; k < 3 && i < end && s.charAt(i) >= '0' && s.charAt(i) <= '7'; k++) {
                c = c * 8 + (s.charAt(i++) - '0');
              }
            } else {
              c = e;
            }
          }
        }
      }
      value = plain ? (value << 8) | (c & 0xFF) : c;
      count++;
    }
    if (count == 0) throw fail(t.token.pos(), "empty character constant in #if");
    return plain && count == 1 ? (byte) value : plain ? (int) value : value;
  }

  private void expect(String punct) {
    if (p < tokens.size() && tokens.get(p).isPunct(punct)) {
      p++;
      return;
    }
    throw fail(here(), "expected '" + punct + "' in #if expression");
  }

  private void enter() {
    if (++depth > MAX_DEPTH) throw fail(here(), "#if expression nested too deeply");
  }

  private Pos here() {
    return p < tokens.size() ? tokens.get(p).token.pos() : directivePos;
  }

  private Failure fail(Pos at, String message) {
    errors.accept(new SourceError(at, message));
    throw new Failure();
  }
}
