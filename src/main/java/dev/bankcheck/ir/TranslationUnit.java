package dev.bankcheck.ir;

import java.util.List;

/** One preprocessed file: top-level items in source order. */
public record TranslationUnit(List<Item> items, List<StructDef> structs, List<EnumDef> enums) {
  public sealed interface Item {}

  public record FunctionItem(Function function) implements Item {}

  /** Declarations at file scope: variables and typedefs (struct and enum bodies are in the unit's lists). */
  public record DeclItem(List<VarDecl> vars) implements Item {}

  public record UsingItem(String name, TypeRef type) implements Item {}

  /** {@code template __global__ void k<32>(float*);} */
  public record InstantiationItem(String name, List<TypeRef> templateArgs) implements Item {}

  /** Struct and enum definitions are collected from every scope (names are not scoped here). */
  public record EnumDef(String name, List<Enumerator> enumerators) {}

  public record Enumerator(String name, Expr value) {}
}
