package dev.bankcheck.sym;

import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.types.Type;

/**
 * A declared __shared__ variable. {@code shapeProblem} is non-null when its type could not be laid
 * out (a dimension without a value), and says why.
 */
public record SharedRoot(String name, Type type, VarDecl decl, String shapeProblem) {}
