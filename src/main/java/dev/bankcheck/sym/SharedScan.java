package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.Walk;
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

  boolean scan(Expr e) {
    Walk.expr(e, this::expr);
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
}
