package dev.bankcheck.ir;

import java.util.List;

/**
 * A type as written: a base (builtin keywords joined by spaces, a name, or an inline struct/enum),
 * template arguments, pointer depth, and array dimensions (outermost first; null for {@code []}).
 */
public record TypeRef(String base, StructDef struct, List<TypeRef> templateArgs, List<Expr> templateValues,
    int pointers, List<Expr> dims, boolean builtin) {

  public TypeRef withDims(List<Expr> d, int morePointers) {
    return new TypeRef(base, struct, templateArgs, templateValues, pointers + morePointers, d, builtin);
  }

  public String display() {
    StringBuilder sb = new StringBuilder(base);
    sb.append("*".repeat(pointers));
    return sb.toString();
  }
}
