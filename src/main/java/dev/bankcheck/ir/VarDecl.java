package dev.bankcheck.ir;

import dev.bankcheck.source.Pos;
import java.util.Set;

/**
 * One declared name: {@code type} includes pointers and array dimensions. {@code modifiers} holds the
 * declaration keywords that matter here (__shared__, extern, static, const, constexpr, typedef, ...).
 * {@code declEnd} is the position just after the declarator (where a fix edits the dimensions).
 */
public record VarDecl(Pos pos, String name, TypeRef type, Expr init, Set<String> modifiers, Expr align,
    Pos dimsStart, Pos dimsEnd) {
  /** The modifier of a bit-field member ({@code unsigned a : 4;}); its width is then the initializer. */
  public static final String BITFIELD = "bitfield";
  /**
   * The modifier of a struct's base class, kept as its first member ("base B", a name no code can write): laid out
   * first, like the compiler's base subobject, and taking no room where it is empty.
   */
  public static final String BASE = "base";
  /**
   * The modifier of an anonymous struct or union member ({@code union { float a[4]; int b[4]; };}), kept as a member
   * named "anonymous union at line 6" (a name no code can write), whose members are named as the class's own.
   */
  public static final String ANONYMOUS = "anonymous";

  public boolean is(String modifier) {
    return modifiers.contains(modifier);
  }
}
