package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.List;

/**
 * A struct/union/class body: its fields in order, an optional __align__/alignas, and its static data members
 * ({@code static constexpr int N = 2;}) with their initializers, which take no space in the object. A class
 * template has {@code templateParams}; a specialization ({@code struct S<double>}, or a partial one,
 * {@code struct S<T, 1>}, which also has {@code templateParams}) has its arguments: {@code specialization} holds
 * those written as types, {@code specializationValues} those that may be values, each list with one entry per
 * argument (null where the argument is not of that kind); {@code memberTypes} are its member typedefs and
 * aliases ({@code using Element = T;}), as typedef declarations; {@code conversions} are its
 * {@code operator T*()} members (the shared-memory wrapper idiom {@code T* s = SharedMemory<T>();});
 * {@code constructors} those defined in its body. {@code fileScope}: defined outside any function body and class
 * template, so that its names are the file's, not those of the code that names it.
 */
public record StructDef(Pos pos, String name, boolean union, List<VarDecl> fields, Expr align, List<VarDecl> statics,
    List<Function.TemplateParam> templateParams, List<TypeRef> specialization, List<Expr> specializationValues,
    List<VarDecl> memberTypes, List<Function> conversions, List<Constructor> constructors, boolean fileScope) {
  /** A constructor ("S::S", with its parameters and body) and its member initializers ({@code : a(x), b{y}}), in order. */
  public record Constructor(Function function, List<MemberInit> inits) {}

  /** {@code a(x)} or {@code a{x}} in a constructor's initializer list: a member (or a base class) and its arguments. */
  public record MemberInit(Pos pos, String member, List<Expr> args) {}

  /** A struct without static data members. */
  public StructDef(Pos pos, String name, boolean union, List<VarDecl> fields, Expr align) {
    this(pos, name, union, fields, align, List.of());
  }

  /**
   * The name its methods are known by ("S::m"): an explicit specialization's is "S<float>", the key
   * Program looks specializations up by, so that {@code SharedMemory<float>::getPointer} is not the template's.
   */
  public String qualifiedName() {
    return qualifiedName(name, specialization, specializationValues);
  }

  /**
   * {@link #qualifiedName()} of a struct named {@code name} specialized for {@code specialization} (types) and
   * {@code values} (a number or a name, as written; "?" for another expression): {@code S<float,1>}, {@code S<T,N>}.
   */
  public static String qualifiedName(String name, List<TypeRef> specialization, List<Expr> values) {
    if (specialization.isEmpty()) return name;
    StringBuilder sb = new StringBuilder(name).append('<');
    for (int i = 0; i < specialization.size(); i++) {
      if (i > 0) sb.append(',');
      Expr value = i < values.size() ? values.get(i) : null;
      sb.append(specialization.get(i) != null ? specialization.get(i).display()
          : value instanceof Expr.IntLit lit ? String.valueOf(lit.value())
          : value instanceof Expr.Name nm ? nm.name() : "?");
    }
    return sb.append('>').toString();
  }

  /** A plain (non-template) struct. */
  public StructDef(Pos pos, String name, boolean union, List<VarDecl> fields, Expr align, List<VarDecl> statics) {
    this(pos, name, union, fields, align, statics, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), true);
  }
}
