package dev.bankcheck.ir;

import java.util.function.Consumer;

/** Visits every declaration and every expression (sub-expressions included) under a statement, in order. */
public final class Walk {
  private final Consumer<VarDecl> onDecl;
  private final Consumer<Expr> onExpr;

  private Walk(Consumer<VarDecl> onDecl, Consumer<Expr> onExpr) {
    this.onDecl = onDecl;
    this.onExpr = onExpr;
  }

  public static void stmt(Stmt s, Consumer<VarDecl> onDecl, Consumer<Expr> onExpr) {
    new Walk(onDecl, onExpr).visit(s);
  }

  public static void expr(Expr e, Consumer<Expr> onExpr) {
    new Walk(d -> {}, onExpr).visit(e);
  }

  private void visit(Stmt st) {
    if (st instanceof Stmt.Block b) b.items().forEach(this::visit);
    else if (st instanceof Stmt.Decl d) {
      for (VarDecl v : d.vars()) {
        onDecl.accept(v);
        visit(v.init());
      }
    } else if (st instanceof Stmt.ExprStmt e) visit(e.expr());
    else if (st instanceof Stmt.If i) {
      visit(i.cond());
      visit(i.then());
      visit(i.otherwise());
    } else if (st instanceof Stmt.For f) {
      visit(f.init());
      visit(f.cond());
      visit(f.step());
      visit(f.body());
    } else if (st instanceof Stmt.While w) {
      visit(w.cond());
      visit(w.body());
    } else if (st instanceof Stmt.DoWhile d) {
      visit(d.body());
      visit(d.cond());
    } else if (st instanceof Stmt.Switch w) {
      visit(w.selector());
      visit(w.body());
    } else if (st instanceof Stmt.Return r) visit(r.value());
    else if (st instanceof Stmt.Case c) visit(c.value());
  }

  private void visit(Expr e) {
    if (e == null) return;
    onExpr.accept(e);
    if (e instanceof Expr.Member m) visit(m.base());
    else if (e instanceof Expr.Lambda l) l.uses().forEach(u -> visit(u.name()));
    else if (e instanceof Expr.Unsupported u) u.names().forEach(this::visit);
    else if (e instanceof Expr.Index i) {
      visit(i.base());
      visit(i.index());
    } else if (e instanceof Expr.Call c) {
      visit(c.callee());
      c.args().forEach(this::visit);
    } else if (e instanceof Expr.Launch l) {
      l.config().forEach(this::visit);
      l.args().forEach(this::visit);
    } else if (e instanceof Expr.Unary u) visit(u.operand());
    else if (e instanceof Expr.Postfix p) visit(p.operand());
    else if (e instanceof Expr.Binary b) {
      visit(b.left());
      visit(b.right());
    } else if (e instanceof Expr.Assign a) {
      visit(a.target());
      visit(a.value());
    } else if (e instanceof Expr.Ternary t) {
      visit(t.cond());
      visit(t.then());
      visit(t.otherwise());
    } else if (e instanceof Expr.Cast c) visit(c.operand());
    else if (e instanceof Expr.SizeofExpr s) visit(s.operand());
    else if (e instanceof Expr.Comma c) c.exprs().forEach(this::visit);
    else if (e instanceof Expr.InitList il) {
      il.items().forEach(this::visit);
      il.designated().values().forEach(this::visit);
    }
  }
}
