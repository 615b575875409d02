package dev.bankcheck.sym;

import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.types.Type;
import dev.bankcheck.types.Types;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The standard type traits that kernels test to pick code for a type ({@code if constexpr (std::is_same_v<T,
 * __half>)}, {@code std::is_integral<T>::value}): 1 or 0 where the types are known, unknown with the reason where
 * not. Types are compared as C++ does, not by size: {@code int64_t} is {@code long} (glibc on x86-64), not
 * {@code long long}; {@code signed char} is not {@code char}; {@code half} is {@code __half}. cv-qualifiers are
 * not kept in a type as written here, so {@code const float} is taken as {@code float}.
 */
final class TypeTraits {
  private static final Set<String> OF_TWO = Set.of("is_same");
  private static final Set<String> OF_ONE = Set.of("is_integral", "is_floating_point", "is_arithmetic", "is_signed",
      "is_unsigned", "is_pointer", "is_void");

  /** Spellings whose type differs from the one {@link Types} lays them out as. */
  private static final Map<String, String> SPELLED = Map.of("signed char", "signed char", "int8_t", "signed char",
      "char8_t", "char8_t", "int64_t", "long", "uint64_t", "unsigned long", "half2", "__half2");

  private TypeTraits() {}

  /**
   * The trait a name means, without its namespace and, where {@code variable} ({@code is_same_v}), its
   * {@code _v}; null where it is none of the traits read here, or the file declares that name itself (cupy's
   * own {@code is_floating_point_v}, true for complex numbers too).
   */
  static String trait(Program program, String name, boolean variable) {
    String bare = name.replaceFirst("^(::)?(cuda::)?std::", "");
    if (program.structDef(bare) != null || program.global(bare) != null) return null;
    if (variable) {
      if (!bare.endsWith("_v")) return null;
      bare = bare.substring(0, bare.length() - 2);
    }
    return OF_TWO.contains(bare) || OF_ONE.contains(bare) ? bare : null;
  }

  /** The value of {@code trait} (see {@link #trait}) for the types {@code args}, bound in {@code scope}. */
  static Val value(Program program, String trait, List<TypeRef> args, Map<String, Val> scope) {
    int arity = OF_TWO.contains(trait) ? 2 : 1;
    if (args.size() != arity || args.contains(null)) {
      return new Val.Unknown("'" + trait + "' takes " + (arity == 2 ? "two types" : "a type"));
    }
    Object[] ids = new Object[arity];
    for (int i = 0; i < arity; i++) {
      Val.Opaque t = program.typeArgument(args.get(i), scope);
      if (t.instance() != null && t.instance().unknown() != null) return new Val.Unknown(t.instance().unknown());
      ids[i] = identity(program, t, 0);
      if (ids[i] == null) {
        return new Val.Unknown("'" + trait + "' of '" + t.what().substring(5) + "' is unknown: bankcheck does not"
            + " know that type (give it with '// bankcheck: assume' where it is a template parameter)");
      }
    }
    if (arity == 2) return Val.num(ids[0].equals(ids[1]) ? 1 : 0);
    Object id = ids[0];
    boolean pointer = id instanceof String s && s.endsWith("*");
    Type builtin = pointer || !(id instanceof String s) ? null : Types.builtin(s);
    if (builtin instanceof Type.Scalar sc && !sc.integer() && !List.of("float", "double", "long double", "void")
        .contains(sc.name()) && !trait.equals("is_pointer") && !trait.equals("is_void")) {
      return new Val.Unknown("whether '" + sc.name() + "' counts for '" + trait + "' depends on the library"
          + " (the standard's traits know only float, double and long double as floating point)");
    }
    Type.Scalar scalar = builtin instanceof Type.Scalar sc ? sc : null;
    boolean integral = scalar != null && scalar.integer();
    boolean floating = scalar != null && !scalar.integer() && !scalar.name().equals("void");
    boolean answer = switch (trait) {
      case "is_integral" -> integral;
      case "is_floating_point" -> floating;
      case "is_arithmetic" -> integral || floating;
      case "is_signed" -> (integral || floating) && scalar.signed();
      case "is_unsigned" -> integral && !scalar.signed();
      case "is_pointer" -> pointer;
      default -> scalar != null && scalar.name().equals("void");
    };
    return Val.num(answer ? 1 : 0);
  }

  /**
   * What makes a type itself: a class template's instance, or its spelling made canonical (a built-in's, a plain
   * struct's qualified name, "*" per pointer); null where the type is not known.
   */
  private static Object identity(Program program, Val.Opaque t, int depth) {
    if (t.instance() != null) return t.instance();
    String text = t.what().substring(5);
    int end = text.length();
    while (end > 0 && (text.charAt(end - 1) == '*' || text.charAt(end - 1) == '&')) end--;
    String suffix = text.substring(end);
    String base = text.substring(0, end).trim().replaceFirst("^::", "");
    Type builtin = Types.builtin(base);
    if (builtin != null) {
      return SPELLED.getOrDefault(base, builtin instanceof Type.Scalar s ? s.name()
          : builtin instanceof Type.Vector v ? v.name() : base) + suffix;
    }
    TypeRef alias = program.typedef(base);
    if (alias != null && depth < 16) {
      Object aliased = identity(program, program.typeArgument(alias, Map.of()), depth + 1);
      return aliased instanceof String s ? s + suffix : suffix.isEmpty() ? aliased : null;
    }
    StructDef plain = program.structDef(base);
    return plain != null && plain.templateParams().isEmpty() ? "struct " + plain.qualifiedName() + suffix : null;
  }
}
