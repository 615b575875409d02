package dev.bankcheck.check;

import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.sym.Interpreter;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.Val;
import dev.bankcheck.types.Type;
import dev.bankcheck.types.Types;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code // bankcheck: assume n=1024 T=float N=64,128} before a kernel: values for integer parameters and
 * template parameters that nothing in the file gives, each combination of the values listed analyzed, the
 * worst reported. Where a runtime size decides the stride, this is how the user says which sizes matter.
 */
final class AssumeAnnotation {
  private static final Pattern START = Pattern.compile("//\\s*bankcheck:\\s*assume\\b(.*)");
  private static final Pattern PAIR = Pattern.compile("([A-Za-z_]\\w*)=([^\\s=]+)");
  private static final Pattern INTEGER = Pattern.compile("-?(?:0[xX][0-9a-fA-F]+|\\d+)");
  private static final Pattern TYPE = Pattern.compile("[A-Za-z_][\\w:]*");
  /** More combinations than this are not analyzed one by one: the annotation is not used. */
  static final int MAX_COMBINATIONS = 32;

  /** One combination: the values keyed as the interpreter binds them, and how they read ("n = 1024"). */
  record Combination(Map<String, Val> values, List<String> templateParts, List<String> argParts, String origin) {
    /** "N = 64, arguments n = 1024", as a run's label reads. */
    String label() {
      List<String> parts = new ArrayList<>();
      if (!templateParts.isEmpty()) parts.add(String.join(", ", templateParts));
      if (!argParts.isEmpty()) parts.add("arguments " + String.join(", ", argParts));
      return String.join(", ", parts);
    }

    /** The label as a run's description begins: "template arguments N = 64, ...". */
    String described() {
      return (templateParts.isEmpty() ? "" : "template arguments ") + label();
    }
  }

  /** No annotation: nothing assumed. */
  static final Combination NONE = new Combination(Map.of(), List.of(), List.of(), "");

  private AssumeAnnotation() {}

  /**
   * The combinations the annotations before {@code kernel} give, else {@code assume.KERNEL} in the configuration
   * (empty without either): the source knows best, as for block shapes. {@code notes} gets a sentence for each
   * part that names no parameter it can give a value to, or is not {@code NAME=VALUE}.
   */
  static List<Combination> forKernel(Function kernel, Program program, String[] lines, AnalysisOptions options,
      Set<String> notes) {
    // where -> the text of its values
    Map<String, String> sources = new LinkedHashMap<>();
    for (int l : BlockShapes.annotationLines(kernel, lines)) {
      Matcher m = START.matcher(lines[l - 1]);
      // text in parentheses after the values: a comment
      if (m.find()) sources.put("the annotation at line " + l, m.group(1).replaceFirst("\\(.*", "").trim());
    }
    String configured = options.kernelAssumptions().get(kernel.name());
    if (sources.isEmpty() && configured != null) {
      sources.put("assume." + kernel.name() + " in " + options.kernelBlocksOrigin(), configured);
    }
    // name -> the values listed, in the annotations' order
    Map<String, List<String>> given = new LinkedHashMap<>();
    List<String> used = new ArrayList<>();
    for (Map.Entry<String, String> source : sources.entrySet()) {
      String where = source.getKey();
      String text = source.getValue();
      if (text.isEmpty()) notes.add(where + " gives no 'NAME=VALUE'; it was not used");
      for (String part : text.isEmpty() ? new String[0] : text.split("\\s+")) {
        Matcher p = PAIR.matcher(part);
        String problem = !p.matches() ? "is not 'NAME=VALUE' or 'NAME=VALUE,VALUE'" : problem(kernel, program,
            p.group(1), p.group(2).split(",", -1));
        if (problem != null) {
          notes.add(where + ": '" + part + "' " + problem + "; it was not used");
        } else if (given.putIfAbsent(p.group(1), List.of(p.group(2).split(","))) != null) {
          notes.add(where + ": '" + p.group(1) + "' is given a value before; '" + part + "' was not used");
        } else if (!used.contains(where)) {
          used.add(where);
        }
      }
    }
    if (given.isEmpty()) return List.of();
    long count = given.values().stream().mapToLong(List::size).reduce(1, (a, b) -> a * b);
    if (count > MAX_COMBINATIONS) {
      notes.add("the annotations before '" + kernel.name() + "' give " + count + " combinations of values, more than"
          + " the " + MAX_COMBINATIONS + " analyzed one by one; they were not used");
      return List.of();
    }
    String origin = used.size() == 1 ? used.get(0) : "the annotations at lines "
        + String.join(" and ", used.stream().map(w -> w.substring(w.lastIndexOf(' ') + 1)).toList());
    List<Combination> out = new ArrayList<>();
    out.add(new Combination(Map.of(), List.of(), List.of(), origin));
    for (Map.Entry<String, List<String>> e : given.entrySet()) {
      List<Combination> next = new ArrayList<>();
      for (Combination c : out) {
        for (String value : e.getValue()) next.add(with(kernel, program, c, e.getKey(), value));
      }
      out = next;
    }
    return out;
  }

  /** Why {@code name} cannot take {@code values}, or null. */
  private static String problem(Function kernel, Program program, String name, String[] values) {
    Function.TemplateParam t = templateParam(kernel, name);
    VarDecl p = t == null ? param(kernel, name) : null;
    if (t == null && p == null) return "names no parameter or template parameter of '" + kernel.name() + "'";
    if (t != null && t.pack()) return "names a parameter pack, which takes no value here";
    if (t != null && t.valueType() == TypeRef.FUNCTION_POINTER) return "names a function, which takes no value here";
    if (p != null && !integerByValue(p, program)) return "names a parameter that is not an integer passed by value";
    boolean type = t != null && t.type();
    for (String v : values) {
      if (type ? !TYPE.matcher(v).matches() : integer(v) == null) {
        return type ? "is not a type of one word (float, unsigned, int64_t, a struct of the file)"
            : "is not a whole number (decimal or 0x hexadecimal, within 64 bits)";
      }
    }
    return null;
  }

  private static boolean integerByValue(VarDecl p, Program program) {
    return p.type().pointers() == 0 && !p.type().reference() && p.type().dims().isEmpty()
        && Type.isInteger(program.resolve(p.type(), Map.of(), new ArrayList<>()));
  }

  /** The names an annotation can give a value: template parameters, integer parameters passed by value. */
  static Set<String> assumable(Function kernel, Program program) {
    Set<String> out = new java.util.HashSet<>();
    for (Function.TemplateParam t : kernel.templateParams()) {
      if (!t.pack() && t.valueType() != TypeRef.FUNCTION_POINTER) out.add(t.name());
    }
    for (VarDecl p : kernel.params()) {
      if (p.name() != null && integerByValue(p, program)) out.add(p.name());
    }
    return out;
  }

  private static Combination with(Function kernel, Program program, Combination c, String name, String value) {
    Map<String, Val> values = new LinkedHashMap<>(c.values());
    List<String> templateParts = new ArrayList<>(c.templateParts());
    List<String> argParts = new ArrayList<>(c.argParts());
    Function.TemplateParam t = templateParam(kernel, name);
    if (t != null && t.type()) {
      TypeRef ref = new TypeRef(value, null, List.of(), List.of(), 0, List.of(), Types.builtin(value) != null);
      values.put("typename " + name, program.typeArgument(ref, Map.of()));
      templateParts.add(name + " = " + value);
    } else {
      long v = integer(value);
      values.put(t != null ? name : Interpreter.PARAM_PREFIX + name, Val.num(v));
      (t != null ? templateParts : argParts).add(name + " = " + v);
    }
    return new Combination(values, templateParts, argParts, c.origin());
  }

  /** A decimal or hexadecimal whole number, or null where it is none or does not fit 64 bits. */
  private static Long integer(String s) {
    if (!INTEGER.matcher(s).matches()) return null;
    boolean negative = s.startsWith("-");
    String digits = negative ? s.substring(1) : s;
    try {
      long v = digits.startsWith("0x") || digits.startsWith("0X") ? Long.parseLong(digits.substring(2), 16)
          : Long.parseLong(digits);
      return negative ? -v : v;
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Function.TemplateParam templateParam(Function kernel, String name) {
    return kernel.templateParams().stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
  }

  private static VarDecl param(Function kernel, String name) {
    return kernel.params().stream().filter(p -> name.equals(p.name())).findFirst().orElse(null);
  }
}
