package dev.bankcheck.ir;

import java.util.List;

/** One preprocessed file: top-level items in source order. */
public record TranslationUnit(List<Item> items, List<StructDef> structs, List<EnumDef> enums) {
  public sealed interface Item {}

  public record FunctionItem(Function function) implements Item {}

  /** Declarations at file scope: variables and typedefs (struct and enum bodies are in the unit's lists). */
  public record DeclItem(List<VarDecl> vars) implements Item {}

  /** {@code using Row = float[32];}: the type carries the dimensions. */
  public record UsingItem(String name, TypeRef type) implements Item {}

  /**
   * {@code template __global__ void k<32>(float*);} Template arguments as in {@link Expr.Call}: a TypeRef per type
   * argument and a value per non-type argument (or bare name), null elsewhere.
   */
  public record InstantiationItem(String name, List<TypeRef> templateArgs, List<Expr> templateValues) implements Item {
    /** An instantiation without template values (one null per template argument). */
    public InstantiationItem(String name, List<TypeRef> templateArgs) {
      this(name, templateArgs, java.util.Collections.nCopies(templateArgs.size(), null));
    }
  }

  /** Struct and enum definitions are collected from every scope (names are not scoped here). */
  public record EnumDef(String name, List<Enumerator> enumerators) {}

  public record Enumerator(String name, Expr value) {}
}
