package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.List;

/** One preprocessed file: top-level items in source order. */
public record TranslationUnit(List<Item> items, List<StructDef> structs, List<EnumDef> enums) {
  public sealed interface Item {}

  public record FunctionItem(Function function) implements Item {}

  /** Declarations at file scope: variables and typedefs (struct and enum bodies are in the unit's lists). */
  public record DeclItem(List<VarDecl> vars) implements Item {}

  /**
   * {@code using Row = float[32];}: the type carries the dimensions. An alias template ({@code template <typename T>
   * using Quad = T[4];}) has its parameters.
   */
  public record UsingItem(String name, TypeRef type, List<Function.TemplateParam> templateParams) implements Item {
    public UsingItem(String name, TypeRef type) {
      this(name, type, List.of());
    }
  }

  /**
   * {@code template __global__ void k<32>(float*);} Template arguments as in {@link Expr.Call}: a TypeRef per type
   * argument and a value per non-type argument (or bare name), null elsewhere; the parameters' types, from which
   * the arguments not written are deduced ({@code template void f(const Matrix<float>&);}), where known.
   */
  public record InstantiationItem(String name, List<TypeRef> templateArgs, List<Expr> templateValues,
      List<TypeRef> paramTypes) implements Item {
    public InstantiationItem(String name, List<TypeRef> templateArgs, List<Expr> templateValues) {
      this(name, templateArgs, templateValues, List.of());
    }

    /** An instantiation without template values (one null per template argument). */
    public InstantiationItem(String name, List<TypeRef> templateArgs) {
      this(name, templateArgs, java.util.Collections.nCopies(templateArgs.size(), null));
    }
  }

  /**
   * {@code template class Mlp<float, 128>;} ({@code member} null: every method) or {@code template void
   * Layer<float>::Forward(...);} (that member): the class template's arguments its methods run with.
   */
  public record ClassInstantiationItem(String name, String member, List<TypeRef> templateArgs,
      List<Expr> templateValues) implements Item {}

  /**
   * A class template's instance written before "::" ({@code SelectIf<(N <= 32), A, B>} of {@code typename
   * SelectIf<(N <= 32), A, B>::type}), whose members are named by text: its arguments as built, under that text.
   */
  public record WrittenTypeItem(String text, TypeRef type) implements Item {}

  /** Struct and enum definitions are collected from every scope (names are not scoped here). */
  public record EnumDef(String name, List<Enumerator> enumerators) {}

  public record Enumerator(String name, Expr value) {}

  /** A named namespace's body, from its '{' to its '}' ("a::b" for nested ones). */
  public record Namespace(String name, Pos start, Pos end) {
    boolean contains(Pos p) {
      return p.file().equals(start.file()) && p.file().equals(end.file()) && after(p, start) && after(end, p);
    }

    private static boolean after(Pos a, Pos b) {
      return a.line() > b.line() || a.line() == b.line() && a.column() >= b.column();
    }
  }

  /** The innermost of {@code namespaces} that holds {@code p}: "" for none. */
  public static String namespaceAt(List<Namespace> namespaces, Pos p) {
    String found = "";
    for (Namespace n : namespaces) {
      if (n.name().length() > found.length() && n.contains(p)) found = n.name();
    }
    return found;
  }
}
