package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.Walk;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
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
    Walk.stmt(s, v -> found |= v.is("__shared__"), this::expr);
    return found;
  }

  private void expr(Expr e) {
    if (found) return;
    if (e instanceof Expr.Name nm) {
      found = names.test(nm.name());
    } else if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm) {
      Function f = program.functions().get(nm.name());
      StructDef s = program.structDef(nm.name());
      found = f != null && program.touchesShared(f)
          || s != null && s.conversions().stream().anyMatch(program::touchesShared);
    }
  }

  /**
   * What a scan looks at in one piece of code (a statement or an expression, null for none): whether it
   * declares __shared__ memory, the names it uses and the functions it calls. The IR does not change, so
   * the interpreter finds them once per piece and asks {@link #reaches} each time a loop runs.
   */
  record Facts(boolean declaresShared, List<String> names, List<String> callees) {}

  static Facts facts(Object piece) {
    boolean[] shared = {false};
    Set<String> names = new LinkedHashSet<>();
    Set<String> callees = new LinkedHashSet<>();
    java.util.function.Consumer<Expr> onExpr = e -> {
      if (e instanceof Expr.Name nm) names.add(nm.name());
      else if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm) callees.add(nm.name());
    };
    if (piece instanceof Stmt st) Walk.stmt(st, v -> shared[0] |= v.is("__shared__"), onExpr);
    else if (piece instanceof Expr ex) Walk.expr(ex, onExpr);
    return new Facts(shared[0], new ArrayList<>(names), new ArrayList<>(callees));
  }

  /** What {@link #scan} says of the piece whose facts these are. */
  static boolean reaches(Program program, Facts facts, Predicate<String> names) {
    if (facts.declaresShared()) return true;
    for (String callee : facts.callees()) {
      Function f = program.functions().get(callee);
      StructDef s = program.structDef(callee);
      if (f != null && program.touchesShared(f) || s != null && s.conversions().stream().anyMatch(program::touchesShared)) {
        return true;
      }
    }
    for (String name : facts.names()) {
      if (names.test(name)) return true;
    }
    return false;
  }
}
