package dev.bankcheck.ir;

import java.util.List;

/**
 * A type as written: a base (builtin keywords joined by spaces, a name, or an inline struct/enum; "decltype"
 * for {@code decltype(expr)}), template arguments, pointer depth, and array dimensions (outermost first; null
 * for {@code []}).
 *
 * <p>{@code templateArgs} and {@code templateValues} have one entry per template argument: a TypeRef for a type
 * argument (else null), and the value expression for a non-type argument or for a bare name that may be a value
 * (else null).
 *
 * <p>{@code pointers} counts only the {@code *} of the declarator; {@code reference} is true when the declarator
 * has a {@code &} or {@code &&} ({@code float &r}, {@code float (&t)[32][33]}).
 *
 * <p>{@code pointerToArray} is true for a parenthesized declarator {@code float (*t)[32][33]} (also abstract, as in
 * {@code (float (*)[32])p}): then {@code pointers} is the number of {@code *} (inside the parentheses and, rarely,
 * before them) and {@code dims} are the dimensions after the parentheses, meaning "pointer to an array of dims".
 * Without it, {@code float* a[4]} is an array of 4 pointers ({@code pointers} 1, {@code dims} [4]). An array
 * reference {@code float (&t)[32][33]} has {@code reference} true, {@code pointers} 0, {@code dims} [32][33] and
 * {@code pointerToArray} false: it is used as the array itself.
 */
public record TypeRef(String base, StructDef struct, List<TypeRef> templateArgs, List<Expr> templateValues,
    int pointers, List<Expr> dims, boolean builtin, boolean reference, boolean pointerToArray) {

  /** The type of a pointer to code ("void (*f)(int)"): never a shared-memory address. */
  public static final TypeRef FUNCTION_POINTER = new TypeRef("<function pointer>", null, List.of(), List.of(), 1,
      List.of(), false);

  /** A type that is neither a reference nor a pointer to an array. */
  public TypeRef(String base, StructDef struct, List<TypeRef> templateArgs, List<Expr> templateValues,
      int pointers, List<Expr> dims, boolean builtin) {
    this(base, struct, templateArgs, templateValues, pointers, dims, builtin, false, false);
  }

  /** This type with dimensions {@code d} and {@code morePointers} more pointers (other flags kept). */
  public TypeRef withDims(List<Expr> d, int morePointers) {
    return new TypeRef(base, struct, templateArgs, templateValues, pointers + morePointers, d, builtin, reference,
        pointerToArray);
  }

  /** This type with a declarator applied: dims, more {@code *}, reference and pointer-to-array flags. */
  public TypeRef withDeclarator(List<Expr> d, int morePointers, boolean ref, boolean ptrToArray) {
    return new TypeRef(base, struct, templateArgs, templateValues, pointers + morePointers, d, builtin,
        reference || ref, pointerToArray || ptrToArray);
  }

  /**
   * Whether a parameter declared with this type lets the compiler deduce the type parameter {@code name} from
   * the argument: {@code T}, {@code T*}, {@code const T*} or {@code T&} (not {@code S<T>}, {@code T[4]}).
   */
  public boolean deduces(String name) {
    return base.equals(name) && templateArgs.isEmpty() && dims.isEmpty() && !pointerToArray;
  }

  public String display() {
    StringBuilder sb = new StringBuilder(base);
    sb.append("*".repeat(pointers));
    if (reference) sb.append('&');
    return sb.toString();
  }
}
