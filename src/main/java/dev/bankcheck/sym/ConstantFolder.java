package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Evaluates constant expressions at file scope: array sizes, enum values, const globals. */
final class ConstantFolder {
  private final Program program;
  private final Map<String, Val> scope;
  /** The class whose members are evaluated (its static member functions are called by their own names), or null. */
  private final Instance owner;
  private int depth;

  ConstantFolder(Program program, Map<String, Val> scope) {
    this(program, scope, null, 0);
  }

  /** Evaluates in a class: "static constexpr int k = size<T>(4);" calls the class's own static function. */
  ConstantFolder(Program program, Map<String, Val> scope, Instance owner) {
    this(program, scope, owner, 0);
  }

  private ConstantFolder(Program program, Map<String, Val> scope, Instance owner, int depth) {
    this.program = program;
    this.scope = scope;
    this.owner = owner;
    this.depth = depth;
  }

  Val eval(Expr e) {
    if (++depth > 200) return new Val.Unknown("constant expression nested too deeply");
    try {
      return evalInner(e);
    } finally {
      depth--;
    }
  }

  /**
   * A call to a function whose body is one {@code return expr;} (a constexpr helper), with constant arguments. An
   * overload whose trailing return type names a member that its class lacks is no candidate (SFINAE: the detection
   * idiom "auto test(int) -> decltype(D::Config::DEPTH)" beside "test(...)"); the call takes the one that accepts
   * any arguments instead.
   */
  private Val constexprCall(String name, Expr.Call c) {
    Function method = owner == null || name.contains("::") ? null
        : program.function(owner.def().qualifiedName() + "::" + name, c.args().size());
    Function f = method != null ? method : program.functionNamed(name);
    Map<String, Val> args = f == null ? null : bindings(f, c, method != null);
    if (args != null && f.returnType() != null && f.returnType().base().equals("decltype")
        && !f.returnType().templateValues().isEmpty()
        && program.substitutionFails(f.returnType().templateValues().get(0), args)) {
      Function any = null;
      for (Function other : program.methodsNamed(name)) {
        if (other != f && other.name().equals(f.name()) && other.params().isEmpty()) any = other; // "(...)"
      }
      f = any;
      args = f == null ? null : bindings(f, new Expr.Call(c.pos(), c.callee(), c.templateArgs(), List.of(),
          c.templateValues()), method != null);
    }
    if (args == null || !(f.body().items().get(0) instanceof Stmt.Return r)) return null;
    return new ConstantFolder(program, args, method != null ? owner : null, depth).eval(r.value());
  }

  /**
   * The names {@code f}'s body sees at call {@code c}: its parameters and template parameters bound, and, for a
   * static member function, its class's members; null where {@code f} is no one-return function of those arguments.
   */
  private Map<String, Val> bindings(Function f, Expr.Call c, boolean member) {
    if (f.body() == null || f.body().items().size() != 1 || !(f.body().items().get(0) instanceof Stmt.Return r)
        || r.value() == null || c.args().size() > f.params().size()) {
      return null;
    }
    Map<String, Val> args = member ? new HashMap<>(scope) : new HashMap<>();
    // a member template's parameters follow its class's, which the scope binds
    List<Function.TemplateParam> params = f.templateParams();
    int first = member ? Math.min(owner.def().templateParams().size(), params.size()) : 0;
    for (int i = 0; i + first < params.size(); i++) {
      Function.TemplateParam p = params.get(i + first);
      if (p.type() && i < c.templateArgs().size() && c.templateArgs().get(i) != null) {
        args.put("typename " + p.name(), program.typeArgument(c.templateArgs().get(i), scope));
      } else if (!p.type() && i < c.templateValues().size() && c.templateValues().get(i) != null) {
        args.put(p.name(), eval(c.templateValues().get(i)));
      }
    }
    for (int i = 0; i < f.params().size(); i++) {
      VarDecl p = f.params().get(i);
      Expr a = i < c.args().size() ? c.args().get(i) : p.init();
      if (a == null) return null;
      args.put(p.name(), eval(a));
    }
    return args;
  }

  private Val evalInner(Expr e) {
    if (e instanceof Expr.IntLit i) return Val.num(i.value());
    if (e instanceof Expr.Name n) {
      Val v = scope.get(n.name());
      if (v == null && n.name().contains("::")) v = program.typeMember(n.name(), scope);
      if (v == null) v = program.constantValue(n.name());
      if (v == null && n.name().contains("::") && program.qualifierMayBeDropped(n.name())) {
        v = program.constantValue(n.name().substring(n.name().lastIndexOf("::") + 2));
      }
      if (v == null && n.name().equals("warpSize")) v = Val.num(32);
      if (v != null) return v;
      return new Val.Unknown(program.global(n.name()) != null ? "'" + n.name() + "' has no constant value in this file"
          : program.undeclaredValue(n.name()));
    }
    if (e instanceof Expr.Binary b) return Arith.binary(b.op(), eval(b.left()), eval(b.right()));
    if (e instanceof Expr.Unary u) return Arith.unary(u.op(), eval(u.operand()));
    if (e instanceof Expr.Cast c) return eval(c.operand());
    if (e instanceof Expr.Ternary t) {
      Val cond = eval(t.cond());
      int c = Arith.truth(cond);
      if (c < 0) return new Val.Unknown("the condition of '?:' has no constant value (" + Program.describe(cond) + ")");
      return eval(c == 1 ? t.then() : t.otherwise());
    }
    if (e instanceof Expr.SizeofType s) {
      Type t = program.resolve(s.type(), scope, new ArrayList<>());
      return t.size() > 0 ? Val.num(t.size()) : new Val.Unknown("size of '" + s.type().display() + "' is unknown");
    }
    if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name n && c.args().size() == 2
        && (n.name().equals("min") || n.name().equals("max"))) {
      return Arith.binary(n.name(), eval(c.args().get(0)), eval(c.args().get(1)));
    }
    if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name n && n.name().equals("alignof")
        && !c.templateArgs().isEmpty() && c.templateArgs().get(0) != null) {
      Type t = program.resolve(c.templateArgs().get(0), scope, new ArrayList<>());
      return t.size() > 0 ? Val.num(t.align()) : new Val.Unknown("the alignment of '" + t.display() + "' is unknown");
    }
    if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name n) {
      Val v = constexprCall(n.name(), c);
      if (v != null) return v;
    }
    if (e instanceof Expr.Comma c) return eval(c.exprs().get(c.exprs().size() - 1));
    if (e instanceof Expr.TemplateId t) {
      String trait = TypeTraits.trait(program, t.name(), true);
      if (trait != null) return TypeTraits.value(program, trait, t.templateArgs(), scope);
    }
    return new Val.Unknown("not a constant expression");
  }
}
