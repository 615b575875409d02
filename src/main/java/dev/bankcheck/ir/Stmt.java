package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.List;

/** Statements of the IR. */
public sealed interface Stmt {
  Pos pos();

  record Block(Pos pos, List<Stmt> items) implements Stmt {}

  record Decl(Pos pos, List<VarDecl> vars) implements Stmt {}

  record ExprStmt(Pos pos, Expr expr) implements Stmt {}

  record If(Pos pos, Expr cond, Stmt then, Stmt otherwise) implements Stmt {}

  /**
   * init is a Decl, an ExprStmt or null; cond and step may be null. A range-for {@code for (auto x : v) body}
   * is a For whose init is the Decl of x without initializer, with cond and step null (the range is not kept).
   */
  record For(Pos pos, Stmt init, Expr cond, Expr step, Stmt body) implements Stmt {}

  record While(Pos pos, Expr cond, Stmt body) implements Stmt {}

  record DoWhile(Pos pos, Stmt body, Expr cond) implements Stmt {}

  record Switch(Pos pos, Expr selector, Stmt body) implements Stmt {}

  /** value null: {@code default:} */
  record Case(Pos pos, Expr value) implements Stmt {}

  record Return(Pos pos, Expr value) implements Stmt {}

  record Break(Pos pos) implements Stmt {}

  record Continue(Pos pos) implements Stmt {}

  record Empty(Pos pos) implements Stmt {}

  /** {@code goto label;} (analysis treats it as a no-op). */
  record Goto(Pos pos, String label) implements Stmt {}

  /** {@code label:} on its own; the statement after it follows as the next statement. */
  record Label(Pos pos, String label) implements Stmt {}
}
