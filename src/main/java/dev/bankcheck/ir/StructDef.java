package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.List;

/** A struct/union/class body: its fields in order and an optional __align__/alignas. */
public record StructDef(Pos pos, String name, boolean union, List<VarDecl> fields, Expr align) {}
