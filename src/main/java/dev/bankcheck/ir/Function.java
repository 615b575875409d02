package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.List;
import java.util.Set;

/**
 * A function definition (body null for a declaration); {@code launches}: whether its body launches a kernel
 * (noted as it is built: finding it later walked every body of every analysis).
 */
public record Function(Pos pos, String name, Set<String> qualifiers, TypeRef returnType, List<VarDecl> params,
    Stmt.Block body, List<TemplateParam> templateParams, boolean launches) {
  public boolean isKernel() {
    return qualifiers.contains("__global__");
  }

  /** type true: {@code typename T}; else a value parameter such as {@code int N}. */
  public record TemplateParam(String name, boolean type, TypeRef valueType, Expr defaultValue, TypeRef defaultType,
      boolean pack) {
    public TemplateParam(String name, boolean type, TypeRef valueType, Expr defaultValue, TypeRef defaultType) {
      this(name, type, valueType, defaultValue, defaultType, false);
    }

    /** How the name under which a pack's length is bound ({@code sizeof...(Ns)}) begins. */
    public static final String PACK_LENGTH = "sizeof... ";

    public static String lengthOf(String pack) {
      return PACK_LENGTH + pack;
    }
  }
}
