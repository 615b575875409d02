package dev.bankcheck.sym;

import java.util.List;
import dev.bankcheck.ir.Expr;
import dev.bankcheck.types.Type;

/** Receives every shared-memory access the interpreter executes, with each lane's pointer. */
public interface AccessSink {
  /**
   * @param at the accessed expression (its position is the access's; equal expressions are one site)
   * @param lanes the pointer of each lane (null where the lane is inactive)
   * @param context where in the execution: loop iterations ("k = 3"), empty at top level
   * @param conditions the enclosing conditions that could not be evaluated per lane (all lanes were
   *     taken as active under them), as notes for this access
   */
  void access(Expr at, MemOp op, Val.Ptr[] lanes, Type type, String context, List<String> conditions);
}
