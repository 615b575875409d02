package dev.bankcheck.sym;

import dev.bankcheck.types.Type;

/** How well an argument's type fits a parameter's, for choosing among overloads of one arity. */
final class Overloads {
  private Overloads() {}

  static final int NO = Integer.MIN_VALUE;

  static int add(int score, int match) {
    return score == NO || match == NO ? NO : score + match;
  }

  /**
   * 2 for the same type, 1 for a conversion or a type that is not known (a template's parameter, an argument
   * whose type was not worked out), {@link #NO} for a pointer against a number or pointees that differ.
   */
  static int match(Type param, Type arg) {
    if (arg == null || !known(param)) return 1;
    boolean paramPointer = param instanceof Type.Pointer;
    boolean argPointer = arg instanceof Type.Pointer;
    if (paramPointer != argPointer) return NO;
    if (paramPointer) {
      Type p = ((Type.Pointer) param).pointee();
      Type a = ((Type.Pointer) arg).pointee();
      if (!known(p) || !known(a) || p.display().equals("void")) return 1;
      return p.display().equals(a.display()) ? 2 : NO;
    }
    return param.display().equals(arg.display()) ? 2 : 1;
  }

  private static boolean known(Type t) {
    return t != null && !(t instanceof Type.Opaque) && (t instanceof Type.Pointer || t.size() > 0);
  }
}
