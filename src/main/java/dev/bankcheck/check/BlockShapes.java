package dev.bankcheck.check;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.LaunchCalls;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.ir.Walk;
import dev.bankcheck.source.Pos;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.Val;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a kernel's block shape comes from, in order: a {@code // bankcheck: block XxY} comment before
 * the kernel, the launches of the kernel in the same file, {@code block.KERNEL} in the configuration
 * file, {@code --block} (or the configuration's {@code block}), else the default assumption.
 */
final class BlockShapes {
  static final Pattern ANNOTATION = Pattern.compile(
      "//\\s*bankcheck:\\s*block\\s+(\\d++)(?:\\s*x\\s*(\\d++))?(?:\\s*x\\s*(\\d++))?(?!\\s*x|\\.\\d)");
  /** What starts as an annotation: one that {@link #ANNOTATION} does not take is reported, not silently ignored. */
  private static final Pattern ANNOTATION_START = Pattern.compile("//\\s*bankcheck:\\s*block\\b");

  /** A shape, the sentence that says where it came from, and whether that is a launch in the file. */
  record Shape(int[] dims, String origin, boolean launch) {
    Shape(int[] dims, String origin) {
      this(dims, origin, false);
    }

    String describe() {
      return "blockDim = (" + dims[0] + "," + dims[1] + "," + dims[2] + ") " + origin;
    }
  }

  private BlockShapes() {}

  /** {@code notes} gets a sentence for each annotation or launch whose shape no block can have. */
  static List<Shape> forKernel(Function kernel, Program program, String[] lines, AnalysisOptions options,
      java.util.Set<String> notes) {
    Shape annotated = annotation(kernel, lines, notes);
    if (annotated != null) return List.of(annotated);
    List<Shape> launches = launches(kernel, program, notes);
    if (!launches.isEmpty()) return launches;
    int[] configured = options.kernelBlocks().get(kernel.name());
    if (configured != null && valid(configured)) {
      return List.of(new Shape(configured, "from block." + kernel.name() + " in " + options.kernelBlocksOrigin()));
    }
    if (options.block() != null) return List.of(new Shape(options.block(), options.blockOrigin()));
    return List.of();
  }

  /** The annotation on one of the lines just above the kernel's name (its head may span lines). */
  private static Shape annotation(Function kernel, String[] lines, java.util.Set<String> notes) {
    for (int l : annotationLines(kernel, lines)) {
      String text = lines[l - 1];
      Matcher m = ANNOTATION.matcher(text);
      if (m.find()) {
        int[] dims = {dimension(m.group(1)), dimension(m.group(2)), dimension(m.group(3))};
        if (valid(dims)) return new Shape(dims, "from the annotation at line " + l);
        notes.add(ignored("the annotation at line " + l, dims));
      } else if (ANNOTATION_START.matcher(text).find()) {
        notes.add("the annotation at line " + l + " is not 'block X', 'block XxY' or 'block XxYxZ' with whole numbers;"
            + " it was not used");
      }
    }
    return null;
  }

  /**
   * The lines an annotation of {@code kernel} may stand on, nearest first: up to six above its name (its head
   * may span lines), up to the line that ends the code before it.
   */
  static List<Integer> annotationLines(Function kernel, String[] lines) {
    List<Integer> out = new ArrayList<>();
    int nameLine = kernel.pos().line();
    for (int l = nameLine - 1; l >= Math.max(1, nameLine - 6) && l <= lines.length; l--) {
      out.add(l);
      String code = lines[l - 1].replaceAll("//.*", "").trim();
      if (code.endsWith(";") || code.endsWith("}")) break;
    }
    return out;
  }

  /** A dimension as written, 1 when absent; one too large for an int stays too large. */
  private static int dimension(String digits) {
    if (digits == null) return 1;
    return new java.math.BigInteger(digits).min(java.math.BigInteger.valueOf(Integer.MAX_VALUE)).intValue();
  }

  /** Whether a block may have this shape: 1 to 1024 threads (checked per axis first, so the product cannot overflow). */
  static boolean valid(int[] d) {
    for (int x : d) {
      if (x < 1 || x > 1024) return false;
    }
    return d[0] * d[1] * d[2] <= 1024;
  }

  private static String ignored(String what, int[] d) {
    String shape = java.util.Arrays.stream(d).mapToObj(x -> x == Integer.MAX_VALUE ? "(too large)" : String.valueOf(x))
        .collect(java.util.stream.Collectors.joining("x"));
    return what + " gives block " + shape + ", which no block can have (1 to 1024 threads); it was not used";
  }

  private static List<Shape> launches(Function kernel, Program program, java.util.Set<String> notes) {
    Map<String, Shape> shapes = new LinkedHashMap<>();
    // an explicit specialization "k<double>" is launched as k<double><<<...>>>: launches of k with those arguments
    int open = kernel.name().indexOf('<');
    String name = open > 0 ? kernel.name().substring(0, open) : kernel.name();
    String specialization = open > 0 ? kernel.name().substring(open) : null;
    for (Launch l : instantiatingLaunches(name, program)) {
      if (specialization != null && !specialization.equals(templateText(l.expr()))) continue;
      if (l.block() != null && !valid(l.block())) notes.add(ignored(l.describe(kernel), l.block()));
      if (l.block() != null && valid(l.block())) {
        int[] d = l.block();
        shapes.putIfAbsent(d[0] + "x" + d[1] + "x" + d[2],
            new Shape(d, "from " + l.describe(kernel), true));
      }
    }
    return new ArrayList<>(shapes.values());
  }

  /** A launch's explicit template arguments as the parser writes them without spaces ("<double>", "<32,float*>"). */
  private static String templateText(Expr.Launch launch) {
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < launch.templateArgs().size(); i++) {
      Expr value = launch.templateValues().get(i);
      TypeRef type = launch.templateArgs().get(i);
      if (value instanceof Expr.IntLit lit) parts.add(String.valueOf(lit.value()));
      else if (type != null) parts.add(type.base().replace(" ", "") + "*".repeat(type.pointers()));
      else if (value instanceof Expr.Name n) parts.add(n.name());
      else return null; // an expression: not matched
    }
    return parts.isEmpty() ? null : "<" + String.join(",", parts) + ">";
  }

  /**
   * A launch of a kernel: its block shape (null when not constant), the constant value and the declared type of
   * each argument (null where not constant, not known) and the launch as written (template arguments).
   */
  record Launch(Pos pos, int[] block, List<Long> args, List<TypeRef> argTypes, Expr.Launch expr, String caller,
      Map<String, Val> constants, boolean uncalledHost) {
    /** "the launch at line 40 in f<16>"; the launch's file is named when it is not the kernel's. */
    String describe(Function kernel) {
      return "the launch at " + where(kernel);
    }

    /** "its use at line 40 in f<16>", for a kernel named with template arguments and not launched there. */
    String describeUse(Function kernel) {
      return "its use at " + where(kernel);
    }

    private String where(Function kernel) {
      return (pos.file().equals(kernel.pos().file()) ? "line " + pos.line() : pos.file() + ":" + pos.line()) + caller;
    }
  }

  /**
   * Every launch of {@code kernel} in the file, once per call of the host function template it is in
   * ({@code caller} says which, " in f<16>"; {@code constants} holds that call's template arguments and
   * the host variables with a constant value at the launch).
   */
  static List<Launch> findLaunches(String kernel, Program program) {
    return hostUses(program).launches().getOrDefault(kernel, List.of());
  }

  /**
   * The launches that instantiate the kernel in this file: one in a host function template that no call here
   * instantiates ({@code uncalledHost}, its template arguments "?") does not, where other launches do.
   */
  static List<Launch> instantiatingLaunches(String kernel, Program program) {
    List<Launch> all = findLaunches(kernel, program);
    List<Launch> called = all.stream().filter(l -> !l.uncalledHost()).toList();
    return called.isEmpty() ? all : called;
  }

  /**
   * Where host code names an instance of the kernel template ({@code k<8, float>}) other than at a launch: a table
   * of kernels ({@code spec.exec = (void*)k<...>}), {@code cudaFuncSetAttribute(k<...>, ...)}, a return. Naming it
   * instantiates it, as C++ does; its block is not known there (no block, no arguments).
   */
  static List<Launch> findUses(String kernel, Program program) {
    return hostUses(program).uses().getOrDefault(kernel, List.of());
  }

  private record HostUses(Map<String, List<Launch>> launches, Map<String, List<Launch>> uses) {}

  private static HostUses hostUses(Program program) {
    HostUses all = LAUNCHES.get(program);
    if (all == null) { // computed outside the lock: files analyzed in parallel do not wait for each other
      all = allLaunches(program);
      LAUNCHES.put(program, all);
    }
    return all;
  }

  /**
   * Every launch in the program, by kernel name, found in one walk over the host code: walking it again for each
   * kernel made a file with many kernels quadratic. Kept while the program is (the key is weak).
   */
  private static final Map<Program, HostUses> LAUNCHES =
      java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

  private static HostUses allLaunches(Program program) {
    Map<String, List<Launch>> out = new HashMap<>();
    Map<String, List<Launch>> uses = new HashMap<>();
    Map<Function, Map<String, Map<String, Val>>> bindings = new HashMap<>();
    Set<String> templateKernels = new HashSet<>();
    for (Function f : program.allFunctions()) {
      if (f.isKernel() && !f.templateParams().isEmpty()) templateKernels.add(f.name());
    }
    for (Function f : program.allFunctions()) {
      if (!f.launches() && !namesKernelInstance(f)) continue;
      for (Map.Entry<String, Map<String, Val>> outer : callerBindings(f, program, bindings, 0).entrySet()) {
        Map<String, Object> env = new HashMap<>();
        for (VarDecl p : f.params()) env.put(TYPE + p.name(), p.type());
        LaunchFinder finder = new LaunchFinder(program, out, outer.getKey(), outer.getValue(), f,
            outer.getKey().isEmpty() && !f.templateParams().isEmpty());
        finder.stmt(f.body(), env);
        if (!templateKernels.isEmpty()) finder.uses(f.body(), templateKernels, uses);
      }
    }
    return new HostUses(out, uses);
  }

  /** Whether host code names a function template's instance as a value, which it may pass to a launcher. */
  private static boolean namesKernelInstance(Function f) {
    if (f.body() == null || f.qualifiers().contains("__global__") || f.qualifiers().contains("__device__")
        && !f.qualifiers().contains("__host__")) {
      return false;
    }
    boolean[] found = {false};
    Walk.stmt(f.body(), d -> found[0] |= d.init() instanceof Expr.TemplateId, e -> found[0] |= e instanceof Expr.TemplateId);
    return found[0];
  }

  static String simpleName(String n) {
    return n.contains("::") ? n.substring(n.lastIndexOf("::") + 2) : n;
  }

  /** How many host function templates up a chain of calls gives a launch its template arguments. */
  private static final int CALLER_LEVELS = 4;

  /**
   * The template arguments a host function template that launches a kernel is called with
   * ({@code launch<16, float>(...)} or an explicit instantiation), keyed by " in f<16>"; a function that is not
   * a template has one empty binding. A call from another function template takes that one's arguments, up to
   * {@link #CALLER_LEVELS} levels ({@code dispatch<T>} calls {@code launch<T, 64>}, instantiated for half).
   */
  private static Map<String, Map<String, Val>> callerBindings(Function host, Program program,
      Map<Function, Map<String, Map<String, Val>>> known, int level) {
    Map<String, Map<String, Val>> done = known.get(host);
    if (done != null) return done;
    Map<String, Map<String, Val>> out = new LinkedHashMap<>();
    if (host.templateParams().isEmpty() || level > CALLER_LEVELS) {
      out.put("", Map.of());
      return out;
    }
    known.put(host, Map.of("", Map.of())); // a recursive call sees its own arguments unbound
    for (Function f : program.allFunctions()) {
      if (f.body() == null) continue;
      List<Map.Entry<Expr.Call, Map<String, TypeRef>>> calls = new ArrayList<>();
      aliasedCalls(f.body(), host, new LinkedHashMap<>(), calls);
      if (calls.isEmpty()) continue;
      Map<String, Val> locals = localConstants(f, program);
      Map<String, TypeRef> declared = declaredTypes(f);
      for (Map<String, Val> callerArgs : callerBindings(f, program, known, level + 1).values()) {
        Map<String, Val> scope = new HashMap<>(locals);
        for (Function.TemplateParam p : f.templateParams()) {
          // a parameter its caller gives no argument stays unbound, not a type of that name
          if (p.type() && !callerArgs.containsKey("typename " + p.name())) {
            scope.put("typename " + p.name(), new Val.Unknown("template parameter '" + p.name() + "' of '"
                + f.name() + "' has no type argument in this file"));
          }
        }
        scope.putAll(callerArgs);
        for (Map.Entry<Expr.Call, Map<String, TypeRef>> call : calls) {
          Map<String, Val> here = new HashMap<>(scope);
          call.getValue().forEach((name, type) -> here.put("typename " + name, program.typeArgument(type, here)));
          Expr.Call c = call.getKey();
          List<TypeRef> argTypes = new ArrayList<>();
          for (Expr a : c.args()) argTypes.add(argumentType(a, declared::get, Set.of()));
          Deduced d = withDeduced(host, c.templateArgs(), c.templateValues(), argTypes);
          addCallerBinding(host, d.types(), d.values(), false, out, program, here);
        }
      }
    }
    for (TranslationUnit.InstantiationItem i : program.instantiations()) {
      if (simpleName(i.name()).equals(host.name())) {
        Deduced d = withDeduced(host, i.templateArgs(), i.templateValues(), i.paramTypes());
        addCallerBinding(host, d.types(), d.values(), false, out, program, Map.of());
      }
    }
    String owner = ownerClass(host.name());
    for (TranslationUnit.ClassInstantiationItem i : owner == null ? List.<TranslationUnit.ClassInstantiationItem>of()
        : program.classInstantiations()) {
      if (simpleName(i.name()).equals(owner) && (i.member() == null || i.member().equals(simpleName(host.name())))) {
        addCallerBinding(host, i.templateArgs(), i.templateValues(), true, out, program, Map.of());
      }
    }
    if (out.isEmpty()) out.put("", Map.of());
    known.put(host, out);
    return out;
  }

  /** The class a method's name says it is of ("Mlp" of "Mlp<T, W>::run" or "ns::Mlp::run"), or null. */
  private static String ownerClass(String method) {
    int split = method.lastIndexOf("::");
    if (split <= 0) return null;
    String owner = method.substring(0, split);
    if (owner.indexOf('<') > 0) owner = owner.substring(0, owner.indexOf('<'));
    return simpleName(owner);
  }

  /**
   * The {@code const} and {@code constexpr} integers a function declares with constant values ({@code constexpr
   * int kLimit = 8;}), which its calls may give as template arguments; a name declared twice is left out.
   */
  private static Map<String, Val> localConstants(Function f, Program program) {
    Map<String, Val> out = new HashMap<>();
    Set<String> twice = new HashSet<>();
    Walk.stmt(f.body(), d -> {
      if (!out.containsKey(d.name()) && !twice.contains(d.name()) && (d.is("const") || d.is("constexpr"))
          && d.init() != null && program.constantIn(d.init(), out) instanceof Val.Num n && n.poly().isConstant()) {
        out.put(d.name(), n);
      } else if (out.remove(d.name()) != null) {
        twice.add(d.name());
      }
    }, e -> {});
    return out;
  }

  /**
   * Each call of {@code host} under {@code s}, in lambdas' bodies too, with the block-scope aliases in force where it is
   * ({@code using scalar_t = float;}: a type dispatch names one type per block), in order of declaration.
   */
  private static void aliasedCalls(Stmt s, Function host, Map<String, TypeRef> aliases,
      List<Map.Entry<Expr.Call, Map<String, TypeRef>>> out) {
    List<Stmt> inner = new ArrayList<>();
    List<Expr> exprs = new ArrayList<>();
    if (s instanceof Stmt.Block b) {
      Map<String, TypeRef> scoped = new LinkedHashMap<>(aliases);
      b.items().forEach(i -> aliasedCalls(i, host, scoped, out));
    } else if (s instanceof Stmt.Decl d) {
      for (VarDecl v : d.vars()) {
        if (v.is("typedef")) aliases.put(v.name(), v.type());
        exprs.add(v.init());
      }
    } else if (s instanceof Stmt.For f) {
      exprs.addAll(Arrays.asList(f.cond(), f.step()));
      inner.addAll(Arrays.asList(f.init(), f.body()));
    } else if (s instanceof Stmt.If i) {
      exprs.add(i.cond());
      inner.addAll(Arrays.asList(i.then(), i.otherwise()));
    } else if (s instanceof Stmt.While w) {
      exprs.add(w.cond());
      inner.add(w.body());
    } else if (s instanceof Stmt.DoWhile w) {
      exprs.add(w.cond());
      inner.add(w.body());
    } else if (s instanceof Stmt.Switch w) {
      exprs.add(w.selector());
      inner.add(w.body());
    } else if (s instanceof Stmt.ExprStmt e) {
      exprs.add(e.expr());
    } else if (s instanceof Stmt.Return r) {
      exprs.add(r.value());
    }
    for (Stmt i : inner) {
      if (i != null) aliasedCalls(new Stmt.Block(i.pos(), List.of(i)), host, aliases, out);
    }
    for (Expr e : exprs) {
      if (e == null) continue;
      Walk.expr(e, x -> {
        if (x instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && simpleName(nm.name()).equals(host.name())
            && c.args().size() <= host.params().size()) {
          out.add(Map.entry(c, new LinkedHashMap<>(aliases)));
        } else if (x instanceof Expr.Lambda l && l.function() != null && l.function().body() != null) {
          aliasedCalls(l.function().body(), host, new LinkedHashMap<>(aliases), out);
        }
      });
    }
  }

  /**
   * The declared types of a function's parameters and locals, to deduce its calls' template arguments from; a name
   * declared twice with different types is left out.
   */
  private static Map<String, TypeRef> declaredTypes(Function f) {
    Map<String, TypeRef> out = new HashMap<>();
    Set<String> twice = new HashSet<>();
    for (VarDecl p : f.params()) out.put(p.name(), p.type());
    Walk.stmt(f.body(), d -> {
      if (d.is("typedef") || twice.contains(d.name())) return;
      TypeRef before = out.putIfAbsent(d.name(), d.type());
      if (before != null && !before.equals(d.type())) {
        out.remove(d.name());
        twice.add(d.name());
      }
    }, e -> {});
    return out;
  }

  /** {@code ofClass}: the arguments are a class template's, its method {@code host} runs with them. */
  private static void addCallerBinding(Function host, List<TypeRef> types, List<Expr> values, boolean ofClass,
      Map<String, Map<String, Val>> out, Program program, Map<String, Val> scope) {
    Map<String, Val> b = new HashMap<>();
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < host.templateParams().size(); i++) {
      Function.TemplateParam p = host.templateParams().get(i);
      if (p.type()) {
        TypeRef t = i < types.size() && types.get(i) != null ? types.get(i) : p.defaultType();
        if (t == null) return;
        Val bound = t.pointers() == 0 && t.dims().isEmpty() ? scope.get("typename " + t.base()) : null;
        Val type = bound instanceof Val.Unknown ? bound : program.typeArgument(t, scope);
        b.put("typename " + p.name(), type);
        shown.add(type instanceof Val.Opaque o && o.what().startsWith("type:") ? o.what().substring(5) : t.base());
      } else {
        Expr e = i < values.size() && values.get(i) != null ? values.get(i) : p.defaultValue();
        Val v = e == null ? null : program.constantIn(e, scope);
        if (!(v instanceof Val.Num n) || !n.poly().isConstant()) return;
        b.put(p.name(), v);
        shown.add(Long.toString(n.poly().constant()));
      }
    }
    String args = "<" + String.join(", ", shown) + ">";
    String owner = ownerClass(host.name());
    // a method run with its class's arguments: "in Mlp<float, 2>::run"
    out.putIfAbsent(" in " + (owner != null && ofClass ? owner + args + "::" + simpleName(host.name())
        : host.name() + args), b);
  }

  /**
   * The declared type of an argument that names a variable (an array as a pointer), takes its address, casts or
   * offsets a pointer; null otherwise, or where it names one of the {@code unbound} template parameters.
   */
  private static TypeRef argumentType(Expr e, java.util.function.Function<String, TypeRef> declared,
      Set<String> unbound) {
    if (e instanceof Expr.Cast c) return unbound.contains(c.type().base()) ? null : c.type();
    // a PyTorch tensor's t.data_ptr<T>() (t.data<T>() before it) is a T*
    if (e instanceof Expr.Call c && c.callee() instanceof Expr.Member m && c.args().isEmpty()
        && (m.member().equals("data_ptr") || m.member().equals("data")) && c.templateArgs().size() == 1) {
      TypeRef element = c.templateArgs().get(0);
      return element == null || unbound.contains(element.base()) ? null : element.withDims(List.of(), 1);
    }
    if (e instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
      TypeRef t = argumentType(b.left(), declared, unbound);
      return t != null && t.pointers() > 0 ? t : null;
    }
    boolean address = e instanceof Expr.Unary u && u.op().equals("&");
    Expr named = address ? ((Expr.Unary) e).operand() : e;
    TypeRef t = named instanceof Expr.Name nm ? declared.apply(nm.name()) : null;
    if (t == null || t.pointerToArray() || t.dims().size() > (address ? 0 : 1) || unbound.contains(t.base())) {
      return null;
    }
    return t.withDims(List.of(), t.dims().size() + (address ? 1 : 0));
  }

  /** A call's template arguments, one entry per template parameter in each list (null: none). */
  record Deduced(List<TypeRef> types, List<Expr> values) {}

  /**
   * A call's or launch's explicit template arguments, then those its arguments' declared types give, as the
   * compiler deduces them for parameters declared {@code T}, {@code T*} or {@code const T*}, {@code T&}, and for
   * the parameters of a class template's instance ({@code const Op<K, T>} given an {@code Op<MAX, float>}); none
   * where two arguments give different ones or a type is not known ({@code auto}, an expression).
   */
  static Deduced withDeduced(Function callee, List<TypeRef> explicit, List<Expr> explicitValues,
      List<TypeRef> argTypes) {
    List<Function.TemplateParam> params = callee.templateParams();
    TypeRef[] types = new TypeRef[params.size()];
    Expr[] values = new Expr[params.size()];
    boolean[] conflict = new boolean[params.size()];
    int given = Math.max(explicit.size(), explicitValues.size());
    for (int i = 0; i < Math.min(argTypes.size(), callee.params().size()); i++) {
      deduce(callee.params().get(i).type(), argTypes.get(i), params, given, types, values, conflict);
    }
    List<TypeRef> outTypes = new ArrayList<>(explicit);
    List<Expr> outValues = new ArrayList<>(explicitValues);
    while (outTypes.size() < given) outTypes.add(null);
    while (outValues.size() < given) outValues.add(null);
    for (int j = given; j < params.size(); j++) {
      outTypes.add(conflict[j] ? null : types[j]);
      outValues.add(conflict[j] ? null : values[j]);
    }
    return new Deduced(outTypes, outValues);
  }

  /**
   * What argument type {@code a} gives the template parameters in parameter type {@code p}: a type parameter, also
   * inside {@code M<T>}, and a value parameter there ({@code M<K>} given {@code M<4>}).
   */
  private static void deduce(TypeRef p, TypeRef a, List<Function.TemplateParam> params, int given, TypeRef[] types,
      Expr[] values, boolean[] conflict) {
    if (a == null || a.base().equals("auto") || a.base().equals("decltype")) return;
    int j = indexOfParam(params, p.base(), true);
    if (j >= 0) {
      if (j < given || !p.deduces(p.base()) || a.pointers() < p.pointers()) return;
      TypeRef t = new TypeRef(a.base(), a.struct(), a.templateArgs(), a.templateValues(), a.pointers() - p.pointers(),
          List.of(), a.builtin());
      if (types[j] != null && !types[j].equals(t)) conflict[j] = true;
      types[j] = t;
    } else if (!p.templateArgs().isEmpty() && p.pointers() == a.pointers() && p.dims().isEmpty() && a.dims().isEmpty()
        && simpleName(p.base()).equals(simpleName(a.base())) && p.templateArgs().size() == a.templateArgs().size()) {
      for (int k = 0; k < p.templateArgs().size(); k++) {
        Expr pv = k < p.templateValues().size() ? p.templateValues().get(k) : null;
        Expr av = k < a.templateValues().size() ? a.templateValues().get(k) : null;
        int v = pv instanceof Expr.Name nm ? indexOfParam(params, nm.name(), false) : -1;
        if (v >= given && av != null) { // (a bare name is written as both a type and a value: MAX of Op<MAX, float>)
          if (values[v] != null && !sameValue(values[v], av)) conflict[v] = true;
          values[v] = av;
        } else if (p.templateArgs().get(k) != null) {
          deduce(p.templateArgs().get(k), a.templateArgs().get(k), params, given, types, values, conflict);
        }
      }
    }
  }

  /** The same constant written twice: a number, or one name (positions aside). */
  private static boolean sameValue(Expr x, Expr y) {
    if (x instanceof Expr.IntLit a && y instanceof Expr.IntLit b) return a.value() == b.value();
    return x instanceof Expr.Name a && y instanceof Expr.Name b && a.name().equals(b.name());
  }

  private static int indexOfParam(List<Function.TemplateParam> params, String name, boolean type) {
    for (int j = 0; j < params.size(); j++) {
      if (params.get(j).type() == type && !params.get(j).pack() && params.get(j).name().equals(name)) return j;
    }
    return -1;
  }

  /** Key prefix of a host variable's declared type in a {@link LaunchFinder}'s environment. */
  private static final String TYPE = "type ";
  /** Key prefix of the kernel template a host variable holds ({@code auto f = k<32>;}), in the same environment. */
  private static final String KERNEL = "kernel ";
  /** Key prefix of a block-scope type alias ({@code using c_type = half;}), as template arguments name it. */
  private static final String ALIAS = "typename ";
  /** Key prefix of the lambda a host variable holds ({@code auto launch = [&](auto kernel) { kernel<<<...>>>(...); };}). */
  private static final String LAMBDA = "lambda ";
  /** Key prefix that marks a host variable as a {@code cudaLaunchConfig_t}; the variable's own key holds its blockDim. */
  private static final String CONFIG = "config ";

  /**
   * Walks host code in order, tracking constant ints and dim3 variables through declarations and
   * assignments ({@code n = 16;}, {@code blk.x = 16;}, {@code blk = dim3(8, 8);}), and the declared types of
   * variables, and evaluates each launch.
   */
  private static final class LaunchFinder {
    private final Program program;
    private final Map<String, List<Launch>> out;
    private final String caller;
    private final Map<String, Val> outer;
    /** The host function template's type parameters that this walk has no argument for. */
    private final Set<String> unboundTypes = new HashSet<>();

    /** Calls followed into a host function that launches a kernel passed to it (0: the walk of a host function). */
    private final int depth;
    private final boolean uncalled;

    /** {@code uncalled}: the walk of a host function template that no call in the file gives arguments. */
    LaunchFinder(Program program, Map<String, List<Launch>> out, String caller, Map<String, Val> outer, Function host,
        boolean uncalled) {
      this(program, out, caller, outer, host, 0, uncalled);
    }

    private LaunchFinder(Program program, Map<String, List<Launch>> out, String caller, Map<String, Val> outer,
        Function host, int depth, boolean uncalled) {
      this.program = program;
      this.out = out;
      this.caller = caller;
      this.depth = depth;
      this.uncalled = uncalled;
      this.outer = new HashMap<>(outer);
      for (Function.TemplateParam p : host.templateParams()) {
        if (p.type() && !(outer.get("typename " + p.name()) instanceof Val.Opaque)) {
          unboundTypes.add(p.name());
          // a launch's template argument that names it has no type ("k<2, B><<<...>>>" in an uncalled f<B>)
          this.outer.putIfAbsent("typename " + p.name(), new Val.Unknown("template parameter '" + p.name() + "' of '"
              + host.name() + "' has no type argument in this file"));
        } else if (!p.type()) { // nor a value, where no call gives one (not a macro the build may define)
          this.outer.putIfAbsent(p.name(), new Val.Unknown("template parameter '" + p.name() + "' of '" + host.name()
              + "' has no value in this file"));
        }
      }
    }

    void stmt(Stmt s, Map<String, Object> env) {
      if (s instanceof Stmt.Block b) {
        Map<String, Object> inner = new HashMap<>(env);
        Set<String> declaredInside = new HashSet<>();
        for (Stmt i : b.items()) {
          stmt(i, inner);
          if (i instanceof Stmt.Decl d) d.vars().forEach(v -> declaredInside.add(v.name()));
        }
        // assignments to outer variables stay; a variable declared inside hides the outer one only there
        for (String k : env.keySet()) {
          if (!declaredInside.contains(k.substring(k.indexOf(' ') + 1))) env.put(k, inner.get(k));
        }
      } else if (s instanceof Stmt.Decl d) {
        for (VarDecl v : d.vars()) {
          if (v.is("typedef")) { // using c_type = half; (FlashInfer's and llm-awq's dispatch macros)
            env.put(ALIAS + v.name(), program.typeArgument(v.type(), constants(env)));
            continue;
          }
          env.put(TYPE + v.name(), v.type());
          env.put(KERNEL + v.name(), templateId(v.init()));
          env.put(LAMBDA + v.name(), v.init() instanceof Expr.Lambda l ? l.function() : null);
          if (v.type().pointers() == 0 && simpleName(v.type().base()).equals("cudaLaunchConfig_t")) {
            // held as its blockDim: cudaLaunchConfig_t c{grid, block, smem, stream, attrs, n} or {.gridDim = grid,
            // .blockDim = block, ...}, else dim3's default (1,1,1) until set
            env.put(CONFIG + v.name(), true);
            Expr block = !(v.init() instanceof Expr.InitList il) ? null : il.designated().isEmpty()
                ? il.items().size() >= 2 ? il.items().get(1) : null : il.designated().get("blockDim");
            env.put(v.name(), block != null ? dims(block, env)
                : v.init() == null || v.init() instanceof Expr.InitList ? new int[] {1, 1, 1} : null);
            continue;
          }
          // auto block = dim3(256); is a dim3 too
          boolean dim3 = v.type().pointers() == 0 && (v.type().base().equals("dim3") || v.type().base().equals("auto")
              && v.init() instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && nm.name().equals("dim3"));
          if (!dim3 && v.init() == null) env.remove(v.name()); // not an outer constant
          if (dim3) {
            env.put(v.name(), v.init() == null ? new int[] {1, 1, 1} : dims(v.init(), env));
          } else if (v.init() != null) {
            env.put(v.name(), constant(v.init(), env));
          }
          if (v.init() != null) expr(v.init(), env);
        }
      } else if (s instanceof Stmt.ExprStmt e) {
        expr(e.expr(), env);
      } else if (s instanceof Stmt.Return r && r.value() != null) {
        expr(r.value(), env); // return body(); in a dispatch's case
      } else if (s instanceof Stmt.If i) {
        // after the if, a variable is constant only when both ways leave it the same
        Map<String, Object> then = new HashMap<>(env);
        Map<String, Object> otherwise = new HashMap<>(env);
        stmt(i.then(), then);
        stmt(i.otherwise(), otherwise);
        for (String k : env.keySet()) {
          Object a = then.get(k);
          env.put(k, Objects.deepEquals(a, otherwise.get(k)) ? a : null);
        }
      } else if (s instanceof Stmt.For f) {
        forgetAssignedIn(s, env);
        stmt(f.body(), env);
      } else if (s instanceof Stmt.While w) {
        forgetAssignedIn(s, env);
        stmt(w.body(), env);
      } else if (s instanceof Stmt.DoWhile d) {
        forgetAssignedIn(s, env);
        stmt(d.body(), env);
      } else if (s instanceof Stmt.Switch w) {
        stmt(w.body(), env);
        forgetAssignedIn(w.body(), env); // which case ran is not known
      }
    }

    void expr(Expr e, Map<String, Object> env) {
      if (e instanceof Expr.Launch through && env.get(KERNEL + through.kernel()) instanceof Expr.TemplateId t) {
        // auto f = k<32, float>; f<<<g, b>>>(...): a launch of k<32, float>
        e = new Expr.Launch(through.pos(), t.name(), t.templateArgs(), through.config(), through.args(),
            t.templateValues());
      } else if (e instanceof Expr.Launch && depth > 0) {
        return; // a launch of the called function's own: its walk records it
      }
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && LaunchCalls.kernelArgument(nm.name()) >= 0) {
        apiLaunch(c, nm.name(), env);
        return;
      }
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && depth < 2) passedKernels(c, nm.name(), env);
      if (e instanceof Expr.Lambda lambda && lambda.function() != null && lambda.function().body() != null) {
        // a lambda launches with the values where it is written: called there, kept to be called, or handed to a
        // call that runs it (PyTorch's AT_DISPATCH_FLOATING_TYPES(t, "f", [&] { k<scalar_t><<<g, b>>>(...); }))
        stmt(lambda.function().body(), new HashMap<>(env));
        forgetAssignedIn(lambda.function().body(), env);
        return;
      }
      if (e instanceof Expr.Call c) {
        List<Expr> parts = new ArrayList<>(c.args());
        parts.add(0, c.callee());
        for (Expr part : parts) {
          // a launch through the runtime API may be an argument: CUDA_CHECK(cudaLaunchKernelEx(...))
          if (part instanceof Expr.Lambda || part instanceof Expr.Call) expr(part, env);
        }
      }
      if (e instanceof Expr.Cast cast) expr(cast.operand(), env); // (void)cudaLaunchKernel(...)
      if (e instanceof Expr.Assign a && a.value() instanceof Expr.Call) expr(a.value(), env); // err = cudaLaunch...(...)
      if (e instanceof Expr.Launch l) {
        record(l, l.config().size() >= 2 ? dims(l.config().get(1), env) : null, env);
      } else if (e instanceof Expr.Comma c) {
        for (Expr x : c.exprs()) expr(x, env);
      } else if (e instanceof Expr.Assign a && a.op().equals("=") && configBlock(a.target(), env) != null) {
        // config.blockDim = 256; config.blockDim.x = 128; (other members leave the block as it is)
        Expr.Name config = configBlock(a.target(), env);
        env.put(config.name(), a.target() instanceof Expr.Member m && m.base() instanceof Expr.Name
            ? dims(a.value(), env) : withAxis((int[]) env.get(config.name()), ((Expr.Member) a.target()).member(),
                constant(a.value(), env)));
      } else if (e instanceof Expr.Assign a && a.op().equals("=")) {
        if (a.target() instanceof Expr.Name nm && env.containsKey(KERNEL + nm.name())) {
          env.put(KERNEL + nm.name(), templateId(a.value()));
        }
        if (a.target() instanceof Expr.Name nm && env.containsKey(nm.name())) {
          env.put(nm.name(), env.get(nm.name()) instanceof int[] ? dims(a.value(), env) : constant(a.value(), env));
        } else if (a.target() instanceof Expr.Member m && m.base() instanceof Expr.Name nm
            && env.get(nm.name()) instanceof int[] d && !env.containsKey(CONFIG + nm.name())) {
          env.put(nm.name(), withAxis(d, m.member(), constant(a.value(), env)));
        }
      } else if (e instanceof Expr.Assign a && a.target() instanceof Expr.Name nm && env.containsKey(nm.name())) {
        // n *= 2: the new value from the old one, while it is constant
        String op = a.op().substring(0, a.op().length() - 1);
        env.put(nm.name(), env.get(nm.name()) instanceof Long
            ? constant(new Expr.Binary(a.pos(), op, nm, a.value()), env) : null);
      } else if ((e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"))
          && u.operand() instanceof Expr.Name nm && env.containsKey(nm.name()))
          || (e instanceof Expr.Postfix p && p.operand() instanceof Expr.Name pn && env.containsKey(pn.name()))) {
        Expr.Name target = e instanceof Expr.Unary u ? (Expr.Name) u.operand() : (Expr.Name) ((Expr.Postfix) e).operand();
        String op = e instanceof Expr.Unary u ? u.op() : ((Expr.Postfix) e).op();
        env.put(target.name(), env.get(target.name()) instanceof Long old ? old + (op.equals("++") ? 1 : -1) : null);
      }
    }

    /** The instances of {@code kernels} that {@code body} names, as {@link #findUses} keeps them. */
    void uses(Stmt body, Set<String> kernels, Map<String, List<Launch>> into) {
      Map<String, Val> scope = constants(Map.of());
      Walk.stmt(body, d -> {}, e -> {
        if (e instanceof Expr.TemplateId t && kernels.contains(simpleName(t.name()))) {
          into.computeIfAbsent(simpleName(t.name()), n -> new ArrayList<>()).add(new Launch(t.pos(), null, List.of(),
              List.of(), new Expr.Launch(t.pos(), t.name(), t.templateArgs(), List.of(), List.of(), t.templateValues()),
              caller, scope, uncalled));
        } else if (e instanceof Expr.Lambda l && l.function() != null && l.function().body() != null) {
          uses(l.function().body(), kernels, into); // PyTorch's AT_DISPATCH_...(..., [&] { ... })
        }
      });
    }

    private void record(Expr.Launch l, int[] block, Map<String, Object> env) {
      List<Long> args = new ArrayList<>();
      List<TypeRef> types = new ArrayList<>();
      for (Expr a : l.args()) {
        args.add(constant(a, env));
        types.add(type(a, env));
      }
      out.computeIfAbsent(simpleName(l.kernel()), n -> new ArrayList<>()).add(new Launch(l.pos(), block, args, types,
          l, caller, constants(env), uncalled));
      for (Expr a : l.args()) expr(a, env);
    }

    /**
     * A launch through the runtime API, recorded as {@code k<<<...>>>} would be: its block is the call's
     * ({@code cudaLaunchKernel(k, grid, block, ...)}) or that of the {@code cudaLaunchConfig_t} it is given
     * ({@code cudaLaunchKernelEx(&config, k<32>, args...)}); the kernel is named, held in a variable ({@code auto
     * kernel = k<32>;}) or, in a called function, passed to it.
     */
    private void apiLaunch(Expr.Call c, String api, Map<String, Object> env) {
      int at = LaunchCalls.kernelArgument(api);
      if (c.args().size() <= at) return;
      Expr k = withoutCastsAndAddress(c.args().get(at));
      Expr.TemplateId t = k instanceof Expr.Name n && env.get(KERNEL + n.name()) instanceof Expr.TemplateId held ? held
          : depth == 0 && k instanceof Expr.TemplateId id ? id : null;
      // a kernel named without template arguments, not a variable (a called function's own launches are its walk's)
      String plain = t == null && depth == 0 && k instanceof Expr.Name n && !env.containsKey(TYPE + n.name())
          ? n.name() : null;
      if (t == null && plain == null) return;
      int[] block = null;
      if (at == 0 && c.args().size() > 2) {
        block = dims(c.args().get(2), env);
      } else if (at == 1 && withoutCastsAndAddress(c.args().get(0)) instanceof Expr.Name n
          && env.containsKey(CONFIG + n.name()) && env.get(n.name()) instanceof int[] d) {
        block = d; // cudaLaunchKernelEx(&config, ...): the config's blockDim
      }
      List<Expr> args = LaunchCalls.argumentsFollow(api) ? c.args().subList(2, c.args().size()) : List.of();
      record(t != null ? new Expr.Launch(c.pos(), t.name(), t.templateArgs(), List.of(), args, t.templateValues())
          : new Expr.Launch(c.pos(), plain, List.of(), List.of(), args), block, env);
    }

    /**
     * A call that passes a kernel template's instance to a host function or a lambda that launches it through its
     * parameter (ggml's launch_fattn(ctx, dst, fattn_kernel, nwarps, ...); TransformerEngine's auto launch =
     * [&](auto kernel) {...}; launch(k<T, 1>);): the launches there, with the call's constant arguments and the
     * function's template arguments as the call gives them.
     */
    private void passedKernels(Expr.Call c, String name, Map<String, Object> env) {
      Function g = env.get(LAMBDA + name) instanceof Function lambda ? lambda : program.function(name, c.args().size());
      if (g == null || g.body() == null || !g.launches()) return;
      Map<String, Val> here = constants(env);
      Map<String, Object> inner = new HashMap<>();
      boolean any = false;
      for (int i = 0; i < Math.min(c.args().size(), g.params().size()); i++) {
        Expr a = c.args().get(i);
        Expr.TemplateId held = templateId(a);
        if (held == null && a instanceof Expr.Name an && env.get(KERNEL + an.name()) instanceof Expr.TemplateId t) held = t;
        String param = g.params().get(i).name();
        inner.put(TYPE + param, g.params().get(i).type());
        if (held != null) {
          Expr.TemplateId fixed = constantArguments(held, here);
          inner.put(KERNEL + param, fixed);
          any |= fixed != null;
        } else {
          Long v = constant(a, env);
          if (v != null) inner.put(param, v);
        }
      }
      if (!any) return;
      Map<String, Val> scope = new HashMap<>(here);
      for (int i = 0; i < g.templateParams().size(); i++) { // launch_fattn<DV, ncols1, ncols2>(...)
        Function.TemplateParam p = g.templateParams().get(i);
        Expr value = i < c.templateValues().size() ? c.templateValues().get(i) : null;
        TypeRef type = i < c.templateArgs().size() ? c.templateArgs().get(i) : null;
        if (p.type() && type != null) scope.put("typename " + p.name(), program.typeArgument(type, here));
        else if (!p.type() && value != null && program.constantIn(value, here) instanceof Val.Num n) {
          scope.put(p.name(), n);
        }
      }
      new LaunchFinder(program, out, caller, scope, g, depth + 1, uncalled).stmt(g.body(), inner);
    }

    /**
     * {@code t} with its value arguments evaluated where it is written (the called function's names may differ);
     * null where one has no constant value.
     */
    private Expr.TemplateId constantArguments(Expr.TemplateId t, Map<String, Val> here) {
      List<Expr> values = new ArrayList<>();
      for (int i = 0; i < t.templateValues().size(); i++) {
        Expr v = t.templateValues().get(i);
        TypeRef type = i < t.templateArgs().size() ? t.templateArgs().get(i) : null;
        Val n = v == null ? null : program.constantIn(v, here);
        if (v != null && type == null && !(n instanceof Val.Num num && num.poly().isConstant())) return null;
        values.add(v == null || type != null && !(n instanceof Val.Num) ? v
            : new Expr.IntLit(v.pos(), ((Val.Num) n).poly().constant()));
      }
      return new Expr.TemplateId(t.pos(), t.name(), t.templateArgs(), values);
    }

    /** {@code e} without the casts and the address-of around it: {@code (const void*)&k<32>} is {@code k<32>}. */
    private static Expr withoutCastsAndAddress(Expr e) {
      while (e instanceof Expr.Cast || e instanceof Expr.Unary u && u.op().equals("&")) {
        e = e instanceof Expr.Cast cast ? cast.operand() : ((Expr.Unary) e).operand();
      }
      return e;
    }

    /** The function template {@code e} names with its arguments ({@code k<32>}, {@code &k<32>}, a cast of it), or null. */
    private static Expr.TemplateId templateId(Expr e) {
      if (e instanceof Expr.Unary u && u.op().equals("&")) e = u.operand();
      if (e instanceof Expr.Cast c) e = c.operand();
      return e instanceof Expr.TemplateId t ? t : null;
    }

    private TypeRef type(Expr e, Map<String, Object> env) {
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && simpleName(nm.name()).equals("raw_pointer_cast")
          && c.args().size() == 1) {
        return deviceVectorData(c.args().get(0), env);
      }
      // a temporary object: Sum<float>(), TransReduceOp<MAX, float>{} (a functor passed to a kernel)
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm
          && program.structDef(simpleName(nm.name())) != null
          && c.templateArgs().stream().noneMatch(t -> t != null && unboundTypes.contains(t.base()))) {
        return new TypeRef(nm.name(), null, c.templateArgs(), c.templateValues(), 0, List.of(), false);
      }
      return argumentType(e, name -> env.get(TYPE + name) instanceof TypeRef t ? t : null, unboundTypes);
    }

    /**
     * {@code v.data()} or {@code &v[0]} of a {@code thrust::device_vector<T> v}, as thrust::raw_pointer_cast
     * gives it: a pointer to T; null otherwise.
     */
    private TypeRef deviceVectorData(Expr e, Map<String, Object> env) {
      Expr vector = e instanceof Expr.Call d && d.callee() instanceof Expr.Member m && m.member().equals("data")
          && d.args().isEmpty() ? m.base()
          : e instanceof Expr.Unary u && u.op().equals("&") && u.operand() instanceof Expr.Index i ? i.base() : null;
      if (!(vector instanceof Expr.Name v) || !(env.get(TYPE + v.name()) instanceof TypeRef t)
          || !simpleName(t.base()).equals("device_vector") || t.pointers() > 0 || t.templateArgs().isEmpty()) {
        return null;
      }
      TypeRef element = t.templateArgs().get(0);
      return element == null || unboundTypes.contains(element.base()) ? null : element.withDims(List.of(), 1);
    }

    /**
     * The {@code cudaLaunchConfig_t} variable whose block {@code target} is: {@code config.blockDim} or {@code
     * config.blockDim.x}; else null.
     */
    private static Expr.Name configBlock(Expr target, Map<String, Object> env) {
      if (target instanceof Expr.Member axis && axis.base() instanceof Expr.Member m && axis.member().length() == 1) {
        target = m;
      }
      return target instanceof Expr.Member m && m.member().equals("blockDim") && m.base() instanceof Expr.Name nm
          && env.containsKey(CONFIG + nm.name()) ? nm : null;
    }

    /** {@code d} with the axis {@code member} ("x", "y", "z") set to {@code v}; null where either is not known. */
    private static int[] withAxis(int[] d, String member, Long v) {
      int axis = member.length() == 1 ? "xyz".indexOf(member) : -1;
      if (d == null || axis < 0 || v == null) return null;
      int[] updated = d.clone();
      if (v >= 1 && v <= 1024) updated[axis] = v.intValue();
      return updated;
    }

    /** Variables a loop assigns take a different value in each iteration: none is constant inside or after it. */
    private static void forgetAssignedIn(Stmt body, Map<String, Object> env) {
      Walk.stmt(body, d -> {}, x -> {
        Expr target = x instanceof Expr.Assign a ? a.target() : x instanceof Expr.Unary u ? u.operand()
            : x instanceof Expr.Postfix p ? p.operand() : null;
        if (target instanceof Expr.Member m) target = m.base();
        if (target instanceof Expr.Name nm && env.containsKey(nm.name())) env.put(nm.name(), null);
        if (target instanceof Expr.Name nm && env.containsKey(KERNEL + nm.name())) env.put(KERNEL + nm.name(), null);
      });
    }

    private int[] dims(Expr e, Map<String, Object> env) {
      List<Expr> parts = null;
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && nm.name().equals("dim3")) parts = c.args();
      else if (e instanceof Expr.InitList il) parts = il.items();
      else if (e instanceof Expr.Name nm && env.get(nm.name()) instanceof int[] d) return d;
      else if (e instanceof Expr.Name nm && env.containsKey(nm.name()) && !(env.get(nm.name()) instanceof Long)) return null;
      else if (e instanceof Expr.Cast c && c.type().base().equals("dim3")) return dims(c.operand(), env);
      if (parts == null) {
        Long x = constant(e, env);
        return x == null ? null : new int[] {saturated(x), 1, 1};
      }
      if (parts.isEmpty() || parts.size() > 3) return null;
      int[] d = {1, 1, 1};
      for (int i = 0; i < parts.size(); i++) {
        Long v = constant(parts.get(i), env);
        if (v == null) return null;
        d[i] = saturated(v);
      }
      return d;
    }

    /** A dimension as an int that {@link #valid} still rejects when the constant is out of range (not wrapped). */
    private static int saturated(long v) {
      return (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, v));
    }

    /** The caller's template arguments and the host variables with a constant value here. */
    private Map<String, Val> constants(Map<String, Object> env) {
      Map<String, Val> scope = new HashMap<>(outer);
      env.forEach((k, v) -> {
        if (v instanceof Long l) scope.put(k, Val.num(l));
        else if (k.startsWith(ALIAS) && v instanceof Val.Opaque type) scope.put(k, type);
      });
      return scope;
    }

    private Long constant(Expr e, Map<String, Object> env) {
      Val v = program.constantIn(e, constants(env));
      return v instanceof Val.Num n && n.poly().isConstant() ? n.poly().constant() : null;
    }
  }
}
