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
 * A syntactic scan: does code declare __shared__ memory, name something that may be shared (as a
 * predicate tells), or call a function that touches shared memory? Split in two: the facts of a piece of
 * code, which the IR fixes, and the answer from them, which depends on the predicate.
 */
final class SharedScan {
  private SharedScan() {}

  /**
   * What a scan looks at in one piece of code (a statement or an expression, null for none): whether it
   * declares __shared__ memory, the names it uses and the functions it calls. The IR does not change, so
   * the interpreter finds them once per piece and asks {@link #reaches} each time a loop runs.
   */
  record Facts(boolean declaresShared, List<String> names, List<String> callees) {}

  /** How a call of a method ({@code smem.getPointer()}) is listed among the callees: no function name has it. */
  private static final String METHOD = ".";

  static Facts facts(Object piece) {
    boolean[] shared = {false};
    Set<String> names = new LinkedHashSet<>();
    Set<String> callees = new LinkedHashSet<>();
    java.util.function.Consumer<Expr> onExpr = e -> {
      if (e instanceof Expr.Name nm) names.add(nm.name());
      else if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm) callees.add(nm.name());
      else if (e instanceof Expr.Call c && c.callee() instanceof Expr.Member m) callees.add(METHOD + m.member());
    };
    if (piece instanceof Stmt st) Walk.stmt(st, v -> shared[0] |= v.is("__shared__"), onExpr);
    else if (piece instanceof Expr ex) Walk.expr(ex, onExpr);
    return new Facts(shared[0], new ArrayList<>(names), new ArrayList<>(callees));
  }

  /** Whether the piece whose facts these are may touch shared memory. */
  static boolean reaches(Program program, Facts facts, Predicate<String> names) {
    if (facts.declaresShared()) return true;
    for (String callee : facts.callees()) {
      if (callee.startsWith(METHOD)) {
        // the object's type is not known here: a method of that name in any struct may be the one called
        List<Function> methods = program.methodsNamed(callee.substring(METHOD.length()));
        if (methods.stream().anyMatch(program::touchesShared)) return true;
        continue;
      }
      Function f = program.functionNamed(callee);
      if (f == null && callee.contains("::")) {
        // Tr<64>::run, Alias::run: a static member function of a class the name does not spell as defined
        String member = callee.substring(callee.lastIndexOf("::") + 2);
        if (program.methodsNamed(member).stream().anyMatch(program::touchesShared)) return true;
      }
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
