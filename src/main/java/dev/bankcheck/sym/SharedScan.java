package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.VarDecl;
import java.util.function.Predicate;

/**
 * A syntactic scan: does code declare __shared__ memory, name something that may be shared (as
 * {@code names} tells), or call a function that touches shared memory?
 */
final class SharedScan {
  private final Program program;
  private final Predicate<String> names;
  private boolean found;

  SharedScan(Program program, Predicate<String> names) {
    this.program = program;
    this.names = names;
  }

  boolean scan(Stmt s) {
    stmt(s);
    return found;
  }

  boolean scan(Expr e) {
    expr(e);
    return found;
  }

  private void stmt(Stmt st) {
    if (found || st == null) return;
    if (st instanceof Stmt.Block b) b.items().forEach(this::stmt);
    else if (st instanceof Stmt.Decl d) {
      for (VarDecl v : d.vars()) {
        if (v.is("__shared__")) found = true;
        expr(v.init());
      }
    } else if (st instanceof Stmt.ExprStmt e) expr(e.expr());
    else if (st instanceof Stmt.If i) {
      expr(i.cond());
      stmt(i.then());
      stmt(i.otherwise());
    } else if (st instanceof Stmt.For f) {
      stmt(f.init());
      expr(f.cond());
      expr(f.step());
      stmt(f.body());
    } else if (st instanceof Stmt.While w) {
      expr(w.cond());
      stmt(w.body());
    } else if (st instanceof Stmt.DoWhile d) {
      stmt(d.body());
      expr(d.cond());
    } else if (st instanceof Stmt.Switch w) {
      expr(w.selector());
      stmt(w.body());
    } else if (st instanceof Stmt.Return r) expr(r.value());
  }

  private void expr(Expr e) {
    if (found || e == null) return;
    if (e instanceof Expr.Name nm) {
      if (names.test(nm.name())) found = true;
    } else if (e instanceof Expr.Call c) {
      if (c.callee() instanceof Expr.Name nm) {
        Function f = program.functions().get(nm.name());
        if (f != null && program.touchesShared(f)) found = true;
      } else {
        expr(c.callee());
      }
      c.args().forEach(this::expr);
    } else if (e instanceof Expr.Assign a) {
      expr(a.target());
      expr(a.value());
    } else if (e instanceof Expr.Unary u) expr(u.operand());
    else if (e instanceof Expr.Postfix p) expr(p.operand());
    else if (e instanceof Expr.Binary b) {
      expr(b.left());
      expr(b.right());
    } else if (e instanceof Expr.Ternary t) {
      expr(t.cond());
      expr(t.then());
      expr(t.otherwise());
    } else if (e instanceof Expr.Index i) {
      expr(i.base());
      expr(i.index());
    } else if (e instanceof Expr.Member m) expr(m.base());
    else if (e instanceof Expr.Cast c) expr(c.operand());
    else if (e instanceof Expr.SizeofExpr s) expr(s.operand());
    else if (e instanceof Expr.Comma c) c.exprs().forEach(this::expr);
    else if (e instanceof Expr.InitList il) il.items().forEach(this::expr);
  }
}
