package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.List;

/**
 * A struct/union/class body: its fields in order, an optional __align__/alignas, and its static data members
 * ({@code static constexpr int N = 2;}) with their initializers, which take no space in the object.
 */
public record StructDef(Pos pos, String name, boolean union, List<VarDecl> fields, Expr align, List<VarDecl> statics) {
  /** A struct without static data members. */
  public StructDef(Pos pos, String name, boolean union, List<VarDecl> fields, Expr align) {
    this(pos, name, union, fields, align, List.of());
  }
}
