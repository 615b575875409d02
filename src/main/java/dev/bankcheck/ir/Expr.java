package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/** Expressions of the IR: immutable, each with the position of its first token. */
public sealed interface Expr {
  Pos pos();

  record IntLit(Pos pos, long value) implements Expr {}

  record FloatLit(Pos pos, String text) implements Expr {}

  record StringLit(Pos pos, String text) implements Expr {}

  /** A possibly qualified name ("threadIdx", "n", "ns::kTile"). */
  record Name(Pos pos, String name) implements Expr {}

  record Member(Pos pos, Expr base, String member, boolean arrow) implements Expr {}

  record Index(Pos pos, Expr base, Expr index) implements Expr {}

  /**
   * A call. {@code templateArgs} and {@code templateValues} have one entry per explicit template argument
   * ({@code f<float, 8>(x)}): a TypeRef for a type argument (else null), and the value for a non-type argument or
   * a bare name that may be a value (else null), as in {@link TypeRef}. The lists may hold nulls.
   */
  record Call(Pos pos, Expr callee, List<TypeRef> templateArgs, List<Expr> args, List<Expr> templateValues)
      implements Expr {
    /** A call without template values (one null per template argument). */
    public Call(Pos pos, Expr callee, List<TypeRef> templateArgs, List<Expr> args) {
      this(pos, callee, templateArgs, args, Collections.nCopies(templateArgs.size(), null));
    }
  }

  /** kernel<<<config>>>(args); template arguments as in {@link Call}. */
  record Launch(Pos pos, String kernel, List<TypeRef> templateArgs, List<Expr> config, List<Expr> args,
      List<Expr> templateValues) implements Expr {
    /** A launch without template values (one null per template argument). */
    public Launch(Pos pos, String kernel, List<TypeRef> templateArgs, List<Expr> config, List<Expr> args) {
      this(pos, kernel, templateArgs, config, args, Collections.nCopies(templateArgs.size(), null));
    }
  }

  /** Prefix operators: + - ! ~ * & ++ -- */
  record Unary(Pos pos, String op, Expr operand) implements Expr {}

  /** Postfix ++ and -- */
  record Postfix(Pos pos, String op, Expr operand) implements Expr {}

  record Binary(Pos pos, String op, Expr left, Expr right) implements Expr {}

  /** op is "=" or a compound assignment ("+=", "<<=", ...). */
  record Assign(Pos pos, String op, Expr target, Expr value) implements Expr {}

  record Ternary(Pos pos, Expr cond, Expr then, Expr otherwise) implements Expr {}

  record Cast(Pos pos, TypeRef type, Expr operand) implements Expr {}

  record SizeofType(Pos pos, TypeRef type) implements Expr {}

  record SizeofExpr(Pos pos, Expr operand) implements Expr {}

  record Comma(Pos pos, List<Expr> exprs) implements Expr {}

  /**
   * A brace initializer. A designated item ({@code .blockDim = b}) is an {@link Unsupported} among {@code items}
   * (its member is not placed by position) and its value is in {@code designated}, by its designator ("blockDim",
   * "a.b").
   */
  record InitList(Pos pos, List<Expr> items, Map<String, Expr> designated) implements Expr {
    public InitList(Pos pos, List<Expr> items) {
      this(pos, items, Map.of());
    }
  }

  /**
   * A lambda: {@code function} its parameters and body where they parse (it is run where it is called), else null.
   * {@code uses} are the names its body uses, each with what the body does with it ("load", "store", "atomic";
   * "assign" for the name itself assigned), so that a __shared__ array used in a lambda that is not run is reported
   * as not analyzed and a local it assigns is not trusted after it.
   */
  record Lambda(Pos pos, List<Use> uses, Function function) implements Expr {
    public record Use(Name name, String op) {}
  }

  /**
   * A function template named with its arguments as a value ({@code auto f = k<32, float>;}): a launch through a
   * variable that holds it launches that template ({@code f<<<g, b>>>(...)}); its value is otherwise unknown.
   */
  record TemplateId(Pos pos, String name, List<TypeRef> templateArgs, List<Expr> templateValues) implements Expr {}

  /** What an inline asm statement writes to one of its outputs: unknown, as the tool does not run PTX. */
  record AsmOutput(Pos pos) implements Expr {}

  /**
   * Something the IR does not model (a fold expression, {@code View{s}}, ...): evaluates to unknown. {@code names}
   * are the variables it mentions, so that a use of shared memory in it is reported as not analyzed, never dropped.
   */
  record Unsupported(Pos pos, String what, List<Name> names) implements Expr {
    public Unsupported(Pos pos, String what) {
      this(pos, what, List.of());
    }
  }
}
