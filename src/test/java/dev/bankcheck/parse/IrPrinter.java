package dev.bankcheck.parse;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.TypeRef;
import java.util.List;
import java.util.stream.Collectors;

/** Prints IR expressions as S-expressions so that tests can assert on tree shape in one string. */
final class IrPrinter {
  private IrPrinter() {}

  static String sexpr(Expr e) {
    if (e == null) return "null";
    if (e instanceof Expr.IntLit i) return Long.toString(i.value());
    if (e instanceof Expr.FloatLit f) return "float:" + f.text();
    if (e instanceof Expr.StringLit s) return s.text();
    if (e instanceof Expr.Name n) return n.name();
    if (e instanceof Expr.Member m) return "(" + (m.arrow() ? "->" : ".") + " " + sexpr(m.base()) + " " + m.member() + ")";
    if (e instanceof Expr.Index x) return "([] " + sexpr(x.base()) + " " + sexpr(x.index()) + ")";
    if (e instanceof Expr.Call c) {
      String targs = c.templateArgs().isEmpty() ? "" : "<" + targs(c.templateArgs(), c.templateValues()) + ">";
      return "(call" + targs + " " + sexpr(c.callee()) + all(c.args()) + ")";
    }
    if (e instanceof Expr.Launch l) {
      String targs = l.templateArgs().isEmpty() ? "" : "<" + targs(l.templateArgs(), l.templateValues()) + ">";
      return "(launch " + l.kernel() + targs + " [" + all(l.config()).trim() + "]" + all(l.args()) + ")";
    }
    if (e instanceof Expr.Unary u) return "(" + u.op() + " " + sexpr(u.operand()) + ")";
    if (e instanceof Expr.Postfix p) return "(post" + p.op() + " " + sexpr(p.operand()) + ")";
    if (e instanceof Expr.Binary b) return "(" + b.op() + " " + sexpr(b.left()) + " " + sexpr(b.right()) + ")";
    if (e instanceof Expr.Assign a) return "(" + a.op() + " " + sexpr(a.target()) + " " + sexpr(a.value()) + ")";
    if (e instanceof Expr.Ternary t) {
      return "(? " + sexpr(t.cond()) + " " + sexpr(t.then()) + " " + sexpr(t.otherwise()) + ")";
    }
    if (e instanceof Expr.Cast c) return "(cast " + type(c.type()) + " " + sexpr(c.operand()) + ")";
    if (e instanceof Expr.SizeofType s) return "(sizeof-type " + type(s.type()) + ")";
    if (e instanceof Expr.SizeofExpr s) return "(sizeof " + sexpr(s.operand()) + ")";
    if (e instanceof Expr.Comma c) return "(," + all(c.exprs()) + ")";
    if (e instanceof Expr.InitList l) return "{" + all(l.items()).trim() + "}";
    if (e instanceof Expr.Unsupported u) return "(unsupported " + u.what() + ")";
    if (e instanceof Expr.AsmOutput) return "(asm-output)";
    throw new AssertionError("unknown expression " + e);
  }

  static String type(TypeRef t) {
    if (t == null) return "?";
    StringBuilder sb = new StringBuilder(t.base().replace(' ', '_'));
    if (!t.templateArgs().isEmpty()) sb.append('<').append(targs(t.templateArgs(), t.templateValues())).append('>');
    String stars = "*".repeat(t.pointers());
    sb.append(t.pointerToArray() ? "(" + stars + ")" : stars);
    if (t.reference()) sb.append('&');
    for (Expr d : t.dims()) sb.append('[').append(d == null ? "" : sexpr(d)).append(']');
    return sb.toString();
  }

  private static String types(List<TypeRef> ts) {
    return ts.stream().map(IrPrinter::type).collect(Collectors.joining(","));
  }

  /**
   * Template arguments: the type where there is one, else the value, else "?". A bare name has both; it prints
   * as the type, with "=name" when the value is also recorded.
   */
  static String targs(List<TypeRef> ts, List<Expr> vs) {
    assert vs.isEmpty() || vs.size() == ts.size();
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < ts.size(); i++) {
      if (i > 0) sb.append(',');
      TypeRef t = ts.get(i);
      Expr v = i < vs.size() ? vs.get(i) : null;
      if (t != null) sb.append(type(t)).append(v != null ? "=" + sexpr(v) : "");
      else sb.append(v != null ? sexpr(v) : "?");
    }
    return sb.toString();
  }

  private static String all(List<Expr> es) {
    return es.stream().map(x -> " " + sexpr(x)).collect(Collectors.joining());
  }
}
