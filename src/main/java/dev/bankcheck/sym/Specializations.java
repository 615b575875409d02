package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.types.Type;
import dev.bankcheck.types.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which definition of a class template an instance uses, as the compiler picks it: explicit and partial
 * specializations matched against the arguments, and partial ones ordered by how specialized they are.
 */
final class Specializations {
  private final Program program;

  Specializations(Program program) {
    this.program = program;
  }

  /**
   * The definition that {@code args} (one per parameter of the primary template {@code primary}) select:
   * an explicit specialization they match, else the most specialized of the partial specializations they
   * match, else the primary template. Where a specialization's match cannot be told, or no partial one that
   * matches is more specialized than all others (the compiler's ambiguity), the instance is unknown.
   */
  Instance select(StructDef primary, List<Val> args, Map<String, Val> primaryBindings, String text) {
    List<StructDef> specs = program.specializationsOf(primary.name());
    if (specs == null) return new Instance(primary, primaryBindings, null);
    List<StructDef> matched = new ArrayList<>();
    List<Map<String, Val>> matchedBindings = new ArrayList<>();
    String undecided = null;
    for (StructDef s : specs) {
      Map<String, Val> b = new HashMap<>();
      String why = match(primary, s, args, b);
      if (why == NO_MATCH) continue;
      if (why != null) {
        if (undecided == null) undecided = why;
        continue;
      }
      if (s.templateParams().isEmpty()) return new Instance(s, b, null);
      matched.add(s);
      matchedBindings.add(b);
    }
    if (undecided != null) {
      return new Instance(primary, primaryBindings, "which definition of '" + text + "' applies is unknown: " + undecided);
    }
    if (matched.isEmpty()) return new Instance(primary, primaryBindings, null);
    for (int m = 0; m < matched.size(); m++) {
      boolean best = true;
      for (int o = 0; o < matched.size() && best; o++) {
        best = o == m || moreSpecialized(matched.get(m), matched.get(o), args.size())
            && !moreSpecialized(matched.get(o), matched.get(m), args.size());
      }
      if (best) return new Instance(matched.get(m), matchedBindings.get(m), null);
    }
    return new Instance(primary, primaryBindings, "'" + text + "' matches the partial specializations at lines "
        + matched.get(0).pos().line() + " and " + matched.get(1).pos().line() + ", and neither is more specialized");
  }

  /**
   * Whether {@code a} is at least as specialized as {@code b}, both matching the same arguments with patterns
   * that are each a parameter of their own, a pointer to one or a fixed argument ({@link #match} allows no
   * other): where {@code b} fixes an argument, {@code a} fixes it too; where {@code b} has {@code T*}, {@code a}
   * has as many pointers or fixes it. A parameter used twice ({@code S<T, T>}) is not ordered this simply,
   * so never.
   */
  private static boolean moreSpecialized(StructDef a, StructDef b, int arguments) {
    if (repeatsParameter(a, arguments) || repeatsParameter(b, arguments)) return false;
    for (int i = 0; i < arguments; i++) {
      int pa = parameterPointers(a, i);
      int pb = parameterPointers(b, i);
      if (pb == FIXED ? pa != FIXED : pa != FIXED && pa < pb) return false;
    }
    return true;
  }

  private static boolean repeatsParameter(StructDef s, int arguments) {
    Set<String> seen = new HashSet<>();
    for (int i = 0; i < arguments; i++) {
      if (parameterPointers(s, i) != FIXED && !seen.add(s.specialization().get(i) != null
          ? s.specialization().get(i).base() : ((Expr.Name) s.specializationValues().get(i)).name())) {
        return true;
      }
    }
    return false;
  }

  private static final int FIXED = -1;

  /** For the specialization's argument {@code i}: 0 for a parameter of its own, N for one with N pointers, else FIXED. */
  private static int parameterPointers(StructDef s, int i) {
    TypeRef t = i < s.specialization().size() ? s.specialization().get(i) : null;
    if (t != null && ownParameter(s, t.base()) != null && ownParameter(s, t.base()).type()) return t.pointers();
    Expr v = i < s.specializationValues().size() ? s.specializationValues().get(i) : null;
    return v instanceof Expr.Name n && ownParameter(s, n.name()) != null && !ownParameter(s, n.name()).type() ? 0 : FIXED;
  }

  /** {@link #match}'s answer when the arguments differ from the specialization's. */
  private static final String NO_MATCH = new String("no match");

  /**
   * Whether the specialization {@code s} matches {@code args}: null when it does (its parameters bound into
   * {@code b}), {@link #NO_MATCH} when it does not, else why that cannot be told.
   */
  private String match(StructDef primary, StructDef s, List<Val> args, Map<String, Val> b) {
    String at = "the specialization at line " + s.pos().line();
    for (int i = 0; i < args.size(); i++) {
      Val actual = args.get(i);
      boolean typeParam = primary.templateParams().get(i).type();
      TypeRef pattern = i < s.specialization().size() ? s.specialization().get(i) : null;
      Expr valuePattern = i < s.specializationValues().size() ? s.specializationValues().get(i) : null;
      Function.TemplateParam own = ownParameter(s, typeParam ? (pattern == null ? null : pattern.base())
          : valuePattern instanceof Expr.Name n ? n.name() : null);
      if (own != null && own.type() == typeParam) {
        if (typeParam && (!pattern.dims().isEmpty() || pattern.reference() || !pattern.templateArgs().isEmpty())) {
          return at + " has an argument ('" + patternText(pattern) + "') that bankcheck does not match";
        }
        if (actual == null || actual instanceof Val.Unknown) return "its argument " + (i + 1) + " has no known value";
        if (typeParam && pattern.pointers() > 0) {
          // T* matches float* (T = float), not float
          String type = ((Val.Opaque) actual).what();
          int stars = type.length() - type.replaceAll("\\*+$", "").length();
          if (stars < pattern.pointers()) return NO_MATCH;
          actual = new Val.Opaque(type.substring(0, type.length() - pattern.pointers()));
        }
        String key = typeParam ? "typename " + own.name() : own.name();
        Val before = b.putIfAbsent(key, actual);
        if (before != null && !before.equals(actual)) return NO_MATCH;
        continue;
      }
      if (typeParam) {
        if (pattern == null) return at + " has a non-type argument " + (i + 1);
        if (!(actual instanceof Val.Opaque a)) return "its argument " + (i + 1) + " has no known type";
        if (mentionsParameter(s, pattern)) {
          return at + " has an argument ('" + patternText(pattern) + "') that bankcheck does not match";
        }
        String verdict = sameType(program.typeArgument(pattern, Map.of()).what().substring(5), a.what().substring(5), at);
        if (verdict != null) return verdict;
        continue;
      }
      if (valuePattern == null) return at + " has a type as argument " + (i + 1);
      Val expected = new ConstantFolder(program, Map.of()).eval(valuePattern);
      if (!(expected instanceof Val.Num e) || !e.poly().isConstant()) {
        return at + " has argument " + (i + 1) + " without a constant value (" + Program.describe(expected) + ")";
      }
      if (!(actual instanceof Val.Num a) || !a.poly().isConstant()) {
        return "its argument " + (i + 1) + " has no constant value (" + Program.describe(actual) + ")";
      }
      if (e.poly().constant() != a.poly().constant()) return NO_MATCH;
    }
    for (Function.TemplateParam p : s.templateParams()) {
      if (!b.containsKey(p.type() ? "typename " + p.name() : p.name())) {
        return at + " has a parameter ('" + p.name() + "') that bankcheck does not deduce";
      }
    }
    return null;
  }

  private static String patternText(TypeRef t) {
    boolean args = !t.templateArgs().isEmpty() || !t.templateValues().isEmpty();
    return t.base() + (args ? "<...>" : "") + "*".repeat(t.pointers()) + (t.reference() ? "&" : "");
  }

  /** Whether a type pattern names a parameter of {@code s} anywhere ({@code wrap<T>}); any other expression counts. */
  private static boolean mentionsParameter(StructDef s, TypeRef pattern) {
    if (ownParameter(s, pattern.base()) != null) return true;
    for (TypeRef t : pattern.templateArgs()) {
      if (t != null && mentionsParameter(s, t)) return true;
    }
    for (Expr e : pattern.templateValues()) {
      if (e != null && !(e instanceof Expr.IntLit) && !(e instanceof Expr.Name n && ownParameter(s, n.name()) == null)) {
        return true;
      }
    }
    return false;
  }

  private static Function.TemplateParam ownParameter(StructDef s, String name) {
    if (name == null) return null;
    for (Function.TemplateParam p : s.templateParams()) {
      if (p.name().equals(name)) return p;
    }
    return null;
  }

  /**
   * Null when the specialization's type {@code pattern} is the argument's type {@code actual}, {@link #NO_MATCH}
   * when they differ, else why that is not known.
   */
  private String sameType(String pattern, String actual, String at) {
    if (pattern.equals(actual)) return null;
    Type tp = Types.builtin(pattern);
    Type ta = Types.builtin(actual);
    if (tp != null && ta != null) return tp.equals(ta) ? null : NO_MATCH;
    for (String t : List.of(actual, pattern)) {
      boolean known = Types.builtin(t) != null || t.contains("<")
          || program.namesStruct(t);
      if (!known) {
        return "'" + t + "' is not a type bankcheck knows here (" + at + " is for '" + pattern + "')";
      }
    }
    return NO_MATCH;
  }
}
