package dev.bankcheck.sym;

import dev.bankcheck.ir.AsmCalls;
import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.ir.Walk;
import dev.bankcheck.source.Pos;
import dev.bankcheck.types.Type;
import dev.bankcheck.types.Types;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Executes a kernel for all lanes of one warp at once (SIMT): every value is a vector of lane
 * values, conditions that can be evaluated per lane switch lanes off, loops with constant bounds
 * are enumerated, and every shared-memory access is reported to the sink with each lane's address.
 */
public final class Interpreter {
  static final int MAX_CALL_DEPTH = 8;
  /** Iterations analyzed of a loop with an unknown trip count whose variable doubles or halves. */
  static final int GEOMETRIC_ITERATIONS = 16;

  /** Iterations enumerated per loop, over all its entries in one run: nested loops stay linear. */
  public static final int MAX_LOOP_ITERATIONS = 1024;
  /** How the symbols of a loop's iterations past {@link #MAX_LOOP_ITERATIONS} begin (checks read it). */
  public static final String CAPPED = "iterations past ";

  private final Program program;
  private final WarpSetup warp;
  private final int n;
  private AccessSink sink; // replaced while a trial's accesses wait to be kept (see Checkpoint)
  /** Enclosing conditions that could not be evaluated per lane: notes for the accesses under them. */
  private final Deque<String> undecidedConditions = new ArrayDeque<>();
  private final Set<String> notes;
  private final WorkBudget budget;
  private boolean outOfWork;

  private Deque<Map<String, Var>> scopes = new ArrayDeque<>();
  private final Deque<Frame> frames = new ArrayDeque<>();
  private final Deque<String> context = new ArrayDeque<>();
  private final Deque<Call> callStack = new ArrayDeque<>();
  private final Map<Pos, Integer> iterationsSpent = new HashMap<>();
  private Map<String, Val> templateScope = Map.of();
  /** How many type names {@link #whyUnknown} is following through their bindings. */
  private int whyDepth;
  /** The kernel's own template arguments, which its helpers' scopes do not hold. */
  private Map<String, Val> kernelValues = Map.of();
  /** The file of the kernel being run: a place in another file is named with its file (see {@link #at}). */
  private String kernelFile = "";
  private int noAccess;
  private boolean warpDependent;
  /** Whether to stop with {@link WarpDependent} once {@link #warpDependent} is set (see {@link #stopWhenWarpDependent}). */
  private boolean stopWhenWarpDependent;
  /** Whether a loop iteration that would repeat the one before is skipped (see {@link Repeats}). */
  private boolean skipRepeatedIterations = true;
  /**
   * Symbols of comparisons that no warp's values decide (see {@link #undecidedInEveryWarp}), by identity of
   * the name made with the value (cheap, and a name made again elsewhere only counts as decidable).
   */
  private final Set<String> undecidableComparisons = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
  /**
   * How the symbols this symbolic warp made stand for an operation on two polynomials (by identity of the
   * name made): with a warp's numbers put in, that warp's value of such a symbol is computed.
   */
  private final Map<String, Made> made = new java.util.IdentityHashMap<>();
  /**
   * A condition on the warp in the ternary of {@code x = c ? a : b} (a statement of its own) matters only
   * if x is a variable: the ternary being evaluated, and whether its condition named the warp.
   */
  private Expr.Assign statementAssign;
  private Expr.Ternary storedTernary;
  private boolean storedTernaryOnWarp;
  /** Depth of branches taken for lanes whose condition could not be decided. */
  private int undecided;
  private int uid;

  /** A local variable: its declared type, each lane's value, or the __shared__ root it names. */
  private static final class Var {
    final Type type;
    Val[] vals;
    final SharedRoot root;
    /** A reference into shared memory: {@code vals} hold each lane's address. */
    boolean reference;
    /** Threads per group for a cooperative-groups object (the block: 0 = all of it; a tile: its size). */
    long groupSize = -1;
    /** A cuda::pipeline: an asynchronous copy into it is a cp.async of each thread (see asyncCopy). */
    boolean pipeline;
    /** The size of a cuda::aligned_size_t<N>(N) it holds (N = 4, 8 or 16), else -1. */
    long alignedCopySize = -1;
    /**
     * The definition (a class template's instance) of an object declared as one: a call of its method runs it;
     * unknown, with the reason, where which specialization applies cannot be told.
     */
    Val object;
    /**
     * Why the variable may be written where the tool does not look (its address taken, a lambda, a reference
     * parameter of a function without a body); null if not. Its reads are then unknown, for good: a value
     * kept would be a guess.
     */
    String escaped;
    /**
     * A kernel's struct parameter (its name), or a copy of one, not assigned since: a member is one value for the
     * whole grid, named after it; null for other variables.
     */
    String structParameter;
    /**
     * A local array of integers followed element by element (row-major, each element's lanes, see
     * {@link #localArray}); null for any other variable. Its {@code vals} are what the array is as a value.
     */
    Val[][] elements;
    int[] dims;

    Var(Type type, Val[] vals, SharedRoot root) {
      this.type = type;
      // a Val.Ptr[] (an address's lanes) must not become the storage: any value may be assigned later
      this.vals = vals == null || vals.getClass() == Val[].class ? vals : Arrays.copyOf(vals, vals.length, Val[].class);
      this.root = root;
    }
  }

  private static final class Frame {
    final boolean function;
    final boolean loop;
    final boolean[] killed; // returned (function), broken (loop or switch)
    final boolean[] continued;
    /** A break or return ran under a condition the tool could not decide: the trip count is unknown. */
    boolean uncertainExit;
    /** A function returning a reference returned an address in shared memory (its returns hold addresses). */
    boolean returnedAddress;
    /** How many undecided conditions that vary between lanes were open when the loop began. */
    int conditionsAtEntry;
    /** Lanes may leave the loop after different numbers of iterations: a break under a condition that varies. */
    boolean divergentExit;
    /** The values at each break taken under an undecided condition: the values after the loop include them. */
    final List<BreakExit> exits = new ArrayList<>();
    /** The same for each continue in the iteration running: the values at its end include them. */
    final List<BreakExit> continues = new ArrayList<>();
    final Val[] returns;
    /** A return taken on one side of an undecided branch, waiting for the other side's return. */
    final Pending[] pending;

    Frame(int n, boolean function, boolean loop) {
      this.function = function;
      this.loop = loop;
      this.killed = new boolean[n];
      this.continued = new boolean[n];
      this.returns = function ? new Val[n] : null;
      this.pending = function ? new Pending[n] : null;
    }
  }

  /**
   * The value returned on the {@code thenSide} (or else side) of the undecided branch at {@code where};
   * {@code branch} is its warp-uniform 0/1 symbol, null when the condition varies between lanes.
   */
  private record Pending(Val value, boolean thenSide, Poly branch, Val.Data data, Pos where) {}

  /**
   * The lanes that took the break at {@code where}, each variable's values there (by its array), and whether the
   * break's condition was the same in all lanes.
   */
  private record BreakExit(Pos where, boolean[] lanes, Map<Val[], Val[]> values, boolean uniform) {}

  /** An lvalue: a local variable, a shared-memory object per lane, or other memory. */
  private sealed interface LV {}

  private record LocalLV(String name, Var var) implements LV {}

  private record SharedLV(Val.Ptr[] lanes, Type type) implements LV {}

  /** Other memory: the values there, what it is, and each lane's address where it was read through one (else null). */
  private record OtherLV(Val[] vals, String what, Val[] address) implements LV {
    OtherLV(Val[] vals, String what) {
      this(vals, what, null);
    }
  }

  /** An element of a local array followed element by element: each lane's flat index (-1: not known). */
  private record ElementLV(String name, Var var, int[] index, String why) implements LV {}

  /** A member of a local struct value ({@code s.x}, {@code s.a.b}): {@code object} is a LocalLV or a FieldLV. */
  private record FieldLV(LV object, String member, Type type) implements LV {}

  /**
   * The object a method runs on: its class and its members as variables, which that method's scope binds, its base
   * classes' members among them ({@code inherited}: by name, the base subobject member that holds each).
   */
  private record Self(Val.Obj cls, Map<String, Var> fields, Map<String, String> inherited) {}

  /** The objects whose methods are running, innermost first: for {@code this->x} and calls of sibling methods. */
  private final Deque<Self> selves = new ArrayDeque<>();

  public Interpreter(Program program, WarpSetup warp, AccessSink sink, Set<String> notes, WorkBudget budget) {
    this.program = program;
    this.warp = warp;
    this.n = warp.active().length;
    this.sink = sink;
    this.notes = notes;
    this.budget = budget;
  }

  public boolean budgetExhausted() {
    return outOfWork;
  }

  /** The namespace of the function running: its unqualified names mean that namespace's first. */
  private String namespace = "";

  /** Key prefix in {@link #run}'s values of a kernel parameter with a known value ("param n"). */
  public static final String PARAM_PREFIX = "param ";

  /**
   * Runs a kernel; {@code values} binds template parameters ("N" to a value, "typename T" to a type)
   * and parameters whose launch argument is a constant ("param n").
   */
  public void run(Function kernel, Map<String, Val> values) {
    kernelFile = kernel.pos().file();
    namespace = program.namespaceOf(kernel);
    templateScope = values;
    kernelValues = values;
    scopes.push(new HashMap<>());
    for (VarDecl p : kernel.params()) {
      Type t = resolve(p.type());
      Val known = values.get(PARAM_PREFIX + p.name());
      Var v = new Var(t, fill(known != null ? known : parameterValue(p.name(), t)), null);
      if ((t instanceof Type.Struct || t instanceof Type.Vector) && !p.type().reference()) v.structParameter = p.name();
      scopes.peek().put(p.name(), v);
    }
    frames.push(new Frame(n, true, false));
    exec(kernel.body(), warp.active().clone());
    // lambdas made but never called where the tool follows them: their uses are not analyzed, never dropped
    for (List<Runnable> reports : notRunLambdas.values()) reports.forEach(Runnable::run);
    notRunLambdas.clear();
    frames.pop();
    scopes.pop();
  }

  private Val parameterValue(String name, Type t) {
    if (t instanceof Type.Pointer p) return new Val.Foreign(name, p.pointee());
    if (Type.isInteger(t)) return new Val.Num(Poly.symbol(name));
    // a type the tool does not know may be an integer: the value is unknown, not a non-integer
    if (t instanceof Type.Opaque o && o.knownFields().isEmpty() && o.unsized() == null) {
      return new Val.Unknown("the type '" + t.display() + "' of parameter '" + name + "' is unknown" + becauseUnknown(t));
    }
    return new Val.Opaque("parameter '" + name + "'");
  }

  /** "line 12", or "util.cuh:12" for a place in another file than the kernel's (a header's device function). */
  private String at(Pos p) {
    return p.file().equals(kernelFile) || p.file().isEmpty() ? "line " + p.line() : p.fileName() + ":" + p.line();
  }

  /** {@code ref} as code whose template parameters are bound in {@code template} sees it. */
  private Type resolveIn(TypeRef ref, Map<String, Val> template) {
    Map<String, Val> outer = templateScope;
    templateScope = template;
    try {
      return resolve(ref);
    } finally {
      templateScope = outer;
    }
  }

  private Type resolve(TypeRef ref) {
    List<String> problems = new ArrayList<>();
    Type t = program.resolve(ref, templateScope, problems);
    if (!problems.isEmpty()) {
      Type base = t;
      while (base instanceof Type.Pointer || base instanceof Type.Array) {
        base = base instanceof Type.Pointer p ? p.pointee() : ((Type.Array) base).element();
      }
      if (base instanceof Type.Opaque o) unknownTypes.putIfAbsent(o.name(), problems.get(0));
    }
    return t;
  }

  /** Why a type that could not be laid out could not (the type 'TensorO::value_type' is unknown (...)), by name. */
  private final Map<String, String> unknownTypes = new HashMap<>();

  /** " (why)" for a type that cannot be laid out, where the tool knows why; else "". */
  private String becauseUnknown(Type t) {
    String why = t instanceof Type.Opaque o ? whyUnknown(o.name()) : null;
    return why != null ? " (" + why + ")" : "";
  }

  /** Why the type {@code name} is unknown: as {@link #unknownTypes} says, or a type parameter's binding; or null. */
  private String whyUnknown(String name) {
    String why = unknownTypes.get(name);
    if (why != null) return why;
    // this code's binding, else a caller's: a type its parameter names, passed down (a helper's T* p pointing at
    // the kernel's DataType s[]), also under the same name (f<T>(...) called with the kernel's T)
    List<Map<String, Val>> scopes = new ArrayList<>();
    scopes.add(templateScope);
    callStack.forEach(c -> scopes.add(c.template()));
    scopes.add(kernelValues);
    Val bound = null;
    for (Map<String, Val> scope : scopes) {
      Val here = scope.get("typename " + name);
      if (here == null) continue;
      bound = here;
      if (!(here instanceof Val.Opaque o && o.instance() == null && o.what().equals("type:" + name))) break;
    }
    if (bound instanceof Val.Unknown u) return u.reason();
    if (bound instanceof Val.Opaque o && o.instance() != null && o.instance().unknown() != null) {
      return o.instance().unknown(); // an alias of a class template's instance the tool could not choose
    }
    if (bound instanceof Val.Opaque o && o.instance() == null && o.what().startsWith("type:")
        && !o.what().substring(5).equals(name) && whyDepth < 8) {
      whyDepth++; // T bound to the caller's DataType: why DataType is unknown
      try {
        return whyUnknown(o.what().substring(5));
      } finally {
        whyDepth--;
      }
    }
    if (bound != null || name.startsWith("<")) return null; // a type the tool has, or an anonymous struct's
    // a member type of a local alias (BlockRed::TempStorage): the alias says why
    for (int sep = name.lastIndexOf("::"); sep > 0; sep = name.lastIndexOf("::", sep - 1)) {
      String owner = name.substring(0, sep);
      if (owner.indexOf('<') >= 0) continue;
      if (unknownTypes.containsKey(owner)) return unknownTypes.get(owner);
      Val ownerBound = templateScope.get("typename " + owner);
      if (ownerBound != null) return ownerBound instanceof Val.Unknown u ? u.reason() : null;
    }
    String layout = program.whyNoLayout(name); // a struct with a member of a type bankcheck does not have
    if (layout != null) return layout;
    return program.undeclaredType(name); // a name the file declares nowhere (a class from a header not read)
  }

  private Val[] fill(Val v) {
    Val[] a = new Val[n];
    Arrays.fill(a, v);
    return a;
  }

  private static boolean none(boolean[] m) {
    for (boolean b : m) {
      if (b) return false;
    }
    return true;
  }

  // ---------------------------------------------------------------- statements

  private boolean[] alive(boolean[] mask) {
    boolean[] m = mask.clone();
    for (Frame f : frames) {
      for (int l = 0; l < n; l++) {
        if (f.killed[l] || f.continued[l]) m[l] = false;
      }
      if (f.function) break;
    }
    return m;
  }

  private void exec(Stmt s, boolean[] mask) {
    if (s == null || none(mask)) return;
    if (!budget.step()) outOfWork = true;
    if (s instanceof Stmt.Block b) {
      scopes.push(new HashMap<>());
      boolean[] m = mask;
      for (Stmt item : b.items()) {
        if (item instanceof Stmt.Case) continue;
        exec(item, m);
        m = alive(m);
        if (none(m)) break;
      }
      scopes.pop();
    } else if (s instanceof Stmt.Decl d) {
      for (VarDecl v : d.vars()) declare(v, mask);
    } else if (s instanceof Stmt.ExprStmt e) {
      Expr.Assign outer = statementAssign;
      statementAssign = e.expr() instanceof Expr.Assign a ? a : null;
      try {
        eval(e.expr(), mask);
      } finally {
        statementAssign = outer;
      }
    } else if (s instanceof Stmt.If i) {
      execIf(i, mask);
    } else if (s instanceof Stmt.For f) {
      scopes.push(new HashMap<>());
      exec(f.init(), mask);
      loop(f.pos(), f.cond(), f.step(), f.body(), mask, false, loopVariable(f));
      scopes.pop();
    } else if (s instanceof Stmt.While w) {
      loop(w.pos(), w.cond(), null, w.body(), mask, false, null);
    } else if (s instanceof Stmt.DoWhile d) {
      loop(d.pos(), d.cond(), null, d.body(), mask, true, null);
    } else if (s instanceof Stmt.Switch sw) {
      execSwitch(sw, mask);
    } else if (s instanceof Stmt.Return r) {
      Frame f = functionFrame();
      Val.Obj made = r.value() instanceof Expr.InitList ? returnedObject() : null;
      Val[] v = r.value() == null ? null : made != null
          ? construct(made, ((Expr.InitList) r.value()).items(), false, mask)
          : returnsReference() ? returnedReference(r.value(), f, mask) : eval(r.value(), mask);
      int prev = -1; // a lane with the same pending return and value as the one before returns what that one did
      Pending prevPending = null;
      for (int l = 0; l < n; l++) {
        if (!mask[l]) continue;
        if (v != null && f.returns[l] == null) {
          Pending p = f.pending[l];
          boolean repeat = prev >= 0 && p == prevPending && v[l] == v[prev];
          f.returns[l] = repeat ? f.returns[prev] : p == null ? v[l] : choice(p, v[l]);
          prev = l;
          prevPending = p;
        }
        f.pending[l] = null;
        f.killed[l] = true;
      }
      if (undecided > 0) {
        for (Frame loop : frames) {
          if (loop.function) break;
          uncertainExit(loop);
        }
      }
    } else if (s instanceof Stmt.Break b) {
      Frame f = nearest(false);
      if (f != null) {
        kill(f.killed, mask);
        if (undecided > 0) {
          uncertainExit(f);
          if (f.loop) {
            boolean uniform = undecidedConditions.size() <= f.conditionsAtEntry;
            f.exits.add(new BreakExit(b.pos(), mask.clone(), visibleValues(), uniform));
          }
        }
      }
    } else if (s instanceof Stmt.Continue c) {
      Frame f = nearest(true);
      if (f != null) {
        kill(f.continued, mask);
        // the lanes may also go on: the branch undoes the kill, the iteration's end merges these values in
        if (undecided > 0) {
          f.continues.add(new BreakExit(c.pos(), mask.clone(), visibleValues(),
              undecidedConditions.size() <= f.conditionsAtEntry));
        }
      }
    }
  }

  /** A loop (or switch) left under a condition the tool could not decide, one that may vary between lanes. */
  private void uncertainExit(Frame f) {
    f.uncertainExit = true;
    if (undecidedConditions.size() > f.conditionsAtEntry) f.divergentExit = true;
  }

  /** The values of the running function's variables, by their arrays (a reference shares its variable's). */
  private Map<Val[], Val[]> visibleValues() {
    Map<Val[], Val[]> out = new java.util.IdentityHashMap<>();
    for (Map<String, Var> scope : scopes) {
      for (Var v : scope.values()) {
        if (v.vals != null) out.putIfAbsent(v.vals, v.vals.clone());
        if (v.elements != null) for (Val[] element : v.elements) out.putIfAbsent(element, element.clone());
      }
    }
    return out;
  }

  /** The class of the object the running function returns, where it returns one: {@code return {a, b};} makes it. */
  private Val.Obj returnedObject() {
    Function f = callStack.isEmpty() ? null : callStack.peek().function();
    StructDef struct = f == null ? null : program.objectStruct(f.returnType());
    return struct != null && object(struct, f.returnType()) instanceof Val.Obj o ? o : null;
  }

  private static void kill(boolean[] set, boolean[] mask) {
    for (int l = 0; l < set.length; l++) {
      if (mask[l]) set[l] = true;
    }
  }

  private Frame functionFrame() {
    for (Frame f : frames) {
      if (f.function) return f;
    }
    throw new IllegalStateException("no function frame");
  }

  /** The frame a break (any loop or switch) or a continue (loops only) leaves. */
  private Frame nearest(boolean loopOnly) {
    for (Frame f : frames) {
      if (f.function) return null;
      if (f.loop || !loopOnly) return f;
    }
    return null;
  }

  private void declare(VarDecl v, boolean[] mask) {
    Map<String, Var> scope = scopes.peek();
    if (v.is("__shared__")) {
      scope.put(v.name(), new Var(null, null, program.root(v, constantsInScope())));
      return;
    }
    if (v.is("typedef")) {
      // a block-scope typedef (typedef int4 copy_t;) names a type for the casts that follow, as a template's does,
      // and its static members (typedef tile<8, 8> tile_B; ... tile_B::I)
      TypeRef named = v.type();
      if (named.pointers() == 0 && named.dims().isEmpty()) {
        Val.Opaque type = program.typeArgument(named, typeArgumentScope());
        Type resolved = resolve(named);
        if (type.instance() != null || resolved.size() > 0) {
          Map<String, Val> types = new HashMap<>(templateScope);
          types.put("typename " + v.name(), type);
          templateScope = types;
        } else if (resolved instanceof Type.Opaque o) {
          String why = whyUnknown(o.name());
          unknownTypes.put(v.name(), "'" + v.name() + "' is '" + named.display() + "'" + (why != null ? ": " + why : ""));
        }
      }
      return;
    }
    Type t = resolve(v.type());
    if (v.type().reference() && v.init() != null) {
      scope.put(v.name(), reference(lvalue(unbrace(v.init()), mask), t, mask));
      return;
    }
    Val[] vals;
    StructDef struct = program.objectStruct(v.type());
    if (struct == null && v.type().pointers() == 0 && v.type().dims().isEmpty()) {
      struct = vectorStruct(t instanceof Type.Vector vector ? vector.name() : v.type().base()); // typedef uint4 V;
    }
    Val cls = struct == null ? null : object(struct, v.type());
    if (t instanceof Type.Vector vector && vector.name().equals("dim3") && v.type().pointers() == 0
        && v.type().dims().isEmpty() && (v.init() == null || v.init() instanceof Expr.InitList il
        && il.items().size() <= 3)) {
      vals = dim3Of(v.init() == null ? List.of() : ((Expr.InitList) v.init()).items(), mask);
    } else if (cls instanceof Val.Obj o && (v.init() == null || v.init() instanceof Expr.InitList)) {
      // S s; S s(a, b); S s{a, b}; S s = {a, b}: a constructor, or the members in order
      vals = construct(o, v.init() == null ? List.of() : ((Expr.InitList) v.init()).items(), v.init() == null, mask);
    } else if (!v.type().dims().isEmpty() && !v.type().pointerToArray()) {
      Var array = localArray(v, t, mask);
      if (array != null) {
        scope.put(v.name(), array);
        return;
      }
      if (v.init() != null) evalInto(v.init(), "the local array '" + v.name() + "'", mask);
      vals = fill(new Val.Unknown("an element of the local array '" + v.name() + "'"));
    } else if (v.init() == null) {
      vals = fill(new Val.Unknown("'" + v.name() + "'" + UNASSIGNED));
    } else {
      Expr init = unbrace(v.init());
      // "AttentionVariant variant(params, 0, smem);" with a type bankcheck does not know: its constructor's arguments
      boolean constructed = init instanceof Expr.InitList && t instanceof Type.Opaque;
      boolean object = t instanceof Type.Struct || cls != null || constructed;
      // an object of a class template whose definition is unknown says why
      String where = "the object '" + v.name() + "'" + (cls instanceof Val.Unknown u ? " (" + u.reason() + ")"
          : constructed ? " of the type '" + t.display() + "', which bankcheck does not know" + becauseUnknown(t) : "");
      Val[] value;
      if (object && !(init instanceof Expr.InitList)) {
        // a struct copied from another (S s = t; S s = make();) keeps its members; other shared addresses are lost
        value = eval(init, mask);
        if (!holdsStruct(value)) untracked(init, value, where, mask);
      } else {
        value = object ? evalInto(init, where, mask) : eval(init, mask);
      }
      vals = convert(objectsToPointers(value, t, mask), t);
    }
    Var var = new Var(t, vals, null);
    var.groupSize = groupSize(v.type(), unbrace(v.init()));
    var.pipeline = namesPipeline(v.type(), unbrace(v.init()));
    var.alignedCopySize = alignedCopySize(unbrace(v.init()));
    var.object = cls;
    scope.put(v.name(), var);
  }

  /**
   * cg::thread_block (or {@code auto} from {@code this_thread_block()}) is the whole block (0);
   * cg::thread_block_tile<N> (or {@code auto} from {@code tiled_partition<N>(...)}) has N threads, as a
   * thread_group from {@code tiled_partition(parent, N)} does; a group initialized from another has its size;
   * else -1.
   */
  private long groupSize(TypeRef t, Expr init) {
    if (t.pointers() > 0) return -1;
    String base = simpleName(t.base());
    boolean generic = base.equals("auto") || base.equals("thread_group");
    if (generic && init instanceof Expr.Name other) return groupOf(other);
    if (base.equals("thread_block") || generic && init instanceof Expr.Call c0
        && c0.callee() instanceof Expr.Name n0 && simpleName(n0.name()).equals("this_thread_block")) {
      return 0;
    }
    boolean partition = generic && init instanceof Expr.Call c && c.callee() instanceof Expr.Name nm
        && simpleName(nm.name()).equals("tiled_partition");
    List<Expr> size = base.equals("thread_block_tile") ? t.templateValues()
        : !partition ? List.of() : ((Expr.Call) init).args().size() == 2 ? ((Expr.Call) init).args().subList(1, 2)
            : ((Expr.Call) init).templateValues();
    if (!size.isEmpty() && size.get(0) != null
        && program.constantIn(size.get(0), constantsInScope()) instanceof Val.Num num
        && num.poly().isConstant() && num.poly().constant() > 0) {
      return num.poly().constant();
    }
    return -1;
  }

  /** cuda::pipeline<...>, or auto from make_pipeline(). */
  private static boolean namesPipeline(TypeRef t, Expr init) {
    return t.pointers() == 0 && (simpleName(t.base()).equals("pipeline") || t.base().equals("auto")
        && init instanceof Expr.Call c && c.callee() instanceof Expr.Name nm && simpleName(nm.name()).equals("make_pipeline"));
  }

  /** N for cuda::aligned_size_t<N>(N), or a local holding one, where N is 4, 8 or 16: one cp.async; else -1. */
  private long alignedCopySize(Expr e) {
    if (e instanceof Expr.Name nm) {
      Var v = lookupLocal(nm.name());
      return v == null ? -1 : v.alignedCopySize;
    }
    if (!(e instanceof Expr.Call c) || !(c.callee() instanceof Expr.Name nm) || !simpleName(nm.name()).equals("aligned_size_t")
        || c.args().size() != 1 || c.templateValues().size() != 1 || c.templateValues().get(0) == null) {
      return -1;
    }
    Map<String, Val> constants = constantsInScope();
    Val align = program.constantIn(c.templateValues().get(0), constants);
    Val size = program.constantIn(c.args().get(0), constants);
    if (!(align instanceof Val.Num a) || !(size instanceof Val.Num b) || !a.poly().isConstant() || !a.equals(b)) return -1;
    long n = b.poly().constant();
    return n == 4 || n == 8 || n == 16 ? n : -1;
  }

  /** The size (see {@link #groupSize}) of the group a local variable holds, -1 if it holds none. */
  private long groupOf(Expr e) {
    Var v = e instanceof Expr.Name nm ? lookupLocal(nm.name()) : null;
    return v == null ? -1 : v.groupSize;
  }

  private static String simpleName(String name) {
    return name.contains("::") ? name.substring(name.lastIndexOf("::") + 2) : name;
  }

  private Val[] objectsToPointers(Val[] vals, Type t, boolean[] mask) {
    if (!(t instanceof Type.Pointer)) return vals;
    for (int l = 0; l < n; l++) {
      if (mask[l] && vals[l] instanceof Val.Obj o) return convertObject(o, mask);
      if (mask[l] && vals[l] instanceof Val.Struct st && !st.obj().def().conversions().isEmpty()) {
        return convertObject(st.obj(), mask);
      }
    }
    return vals;
  }

  /** Template values and the local variables that hold one constant in every lane: for array sizes and template arguments. */
  /** The template's bindings and the locals that hold one constant value in every lane (the caller's constexpr). */
  private Map<String, Val> constantsInScope() {
    return locals(false);
  }

  /**
   * {@link #constantsInScope()}, the other locals unknown with the reason: a type's argument that names one
   * ({@code mma_tile_sizes<DV, ncols>}) says why it has no value, not that it is undeclared.
   */
  private Map<String, Val> typeArgumentScope() {
    return locals(true);
  }

  /** Innermost first, so that a local hides an outer one of its name; {@code others}: see typeArgumentScope. */
  private Map<String, Val> locals(boolean others) {
    Map<String, Val> c = new HashMap<>(templateScope);
    for (Map<String, Var> scope : scopes) {
      scope.forEach((name, v) -> {
        if (v.vals == null || v.reference || c.containsKey(name)) return;
        Val first = null;
        boolean same = true;
        for (Val x : v.vals) {
          if (x == null) continue;
          if (first == null) first = x;
          else if (!first.equals(x)) {
            same = false;
            break;
          }
        }
        if (same && first instanceof Val.Num num && num.poly().isConstant()) {
          c.put(name, first);
        } else if (others) {
          c.put(name, new Val.Unknown("'" + name + "' has no constant value here" + (!same ? " (it differs between lanes)"
              : first instanceof Val.Num || first instanceof Val.Unknown ? " (" + Program.describe(first) + ")" : "")));
        }
      });
    }
    return c;
  }


  /** {@code int i{x}} initializes like {@code int i = x}. */
  private static Expr unbrace(Expr init) {
    return init instanceof Expr.InitList il && il.items().size() == 1 ? il.items().get(0) : init;
  }

  /** A reference to shared memory keeps each lane's address; any other reference is a plain copy. */
  private Var reference(LV target, Type t, boolean[] mask) {
    if (target instanceof SharedLV s) {
      Var v = new Var(s.type(), s.lanes().clone(), null);
      v.reference = true;
      return v;
    }
    if (target instanceof LocalLV l) return l.var();
    if (target instanceof ElementLV e) {
      Var copy = new Var(t, readElement(e, mask), null);
      escape(new LocalLV(e.name(), e.var()), "a reference to an element of '" + e.name() + "' is bound, and bankcheck"
          + " does not follow writes through it");
      return copy;
    }
    if (target instanceof FieldLV f) {
      Var copy = new Var(t, valuesOf(f).clone(), null);
      escape(rootOf(f), "a reference to its member '" + f.member() + "' is bound, and bankcheck does not follow writes"
          + " through it");
      return copy;
    }
    return new Var(t, ((OtherLV) target).vals().clone(), null);
  }

  /** Why a value that is not a number (a float, a struct's member) has no integer value here. */
  private static Val.Unknown notAnInteger(Val.Opaque o) {
    return new Val.Unknown(o.what().startsWith("floating-point") ? "a floating-point value converted to an integer"
        : "an integer from " + o.what());
  }

  /** Applies a declared type to a value: floats are not indices; pointers take the declared pointee. */
  private Val[] convert(Val[] vals, Type t) {
    Val[] out = vals.clone();
    for (int l = 0; l < n; l++) {
      Val v = out[l];
      if (l > 0 && v == vals[l - 1]) {
        out[l] = out[l - 1]; // a value shared with the lane before: converted once
        continue;
      }
      if (v == null) continue;
      if (t instanceof Type.Pointer p && v instanceof Val.Ptr ptr && p.pointee().size() > 0) {
        out[l] = ptr.withPointee(p.pointee());
      } else if (t instanceof Type.Scalar s && !s.integer() && v instanceof Val.Num) {
        out[l] = new Val.Opaque("floating-point value");
      } else if (t instanceof Type.Scalar s && s.integer() && v instanceof Val.Opaque o) {
        out[l] = notAnInteger(o);
      } else if (t instanceof Type.Scalar s && s.integer()) {
        out[l] = narrow(v, s);
      }
    }
    return out;
  }

  /**
   * A bit intrinsic of data: its bounds, from those of the data where it is non-negative ({@code __popc} of a value
   * below 2^l is at most l, the compacted rank {@code __popc(mask & ((1u << lane) - 1))} at most the lane; {@code
   * __ffs} of a value that is not 0 at least 1); data without any for __brev.
   */
  private static Val bitIntrinsicOfData(String name, Val.Data d) {
    int bits = name.endsWith("ll") ? 64 : 32;
    if (name.startsWith("__brev")) return d.plain();
    boolean nonZero = d.min() != null && (d.min() > 0 || d.max() < 0);
    boolean fits = d.min() != null && d.min() >= 0 && (bits == 64 || d.max() <= 0xFFFF_FFFFL);
    // the highest bit that may be set, counted from 1
    int high = fits ? 64 - Long.numberOfLeadingZeros(d.max()) : bits;
    if (name.startsWith("__clz")) {
      return Val.Data.between(d.source(), bits - high, fits ? bits - 64 + Long.numberOfLeadingZeros(d.min()) : bits);
    }
    return Val.Data.between(d.source(), name.startsWith("__ffs") && nonZero ? 1 : 0, high);
  }

  /**
   * Whether a pointer to shared memory takes this pointee: a type with a size, or one that cannot be laid out
   * (an unknown name, a template parameter without a value), whose accesses are then unknown. Keeping the old
   * pointee there read '(Vec4*) smem' of an int array as 4-byte accesses.
   */
  private static boolean knownOrOpaque(Type pointee) {
    return pointee.size() > 0 || pointee instanceof Type.Opaque;
  }

  /** The value an integer type can hold: char and short wrap (exactly where the algebra allows). */
  static Val narrow(Val v, Type.Scalar s) {
    if (v instanceof Val.Data d && s.size() < 4) {
      long span = 1L << (s.size() * 8);
      // bounds that fit the type stay
      boolean fits = s.signed() ? d.min() != null && d.min() >= -span / 2 && d.max() < span / 2
          : d.min() != null && d.min() >= 0 && d.max() < span;
      if (fits) return d;
      // a char or short keeps what the value is known to be modulo a divisor of its range
      return Val.Data.congruent(d.source(), Arith.gcd(d.modulus(), 1L << (s.size() * 8)), d.residue());
    }
    if (!(v instanceof Val.Num num) || s.size() >= 8) return v;
    int bits = (int) s.size() * 8;
    long mod = 1L << bits;
    Poly p = num.poly();
    if (s.size() == 4) {
      // 32-bit: only concrete values are wrapped; symbolic ones are far from the limits in index code
      return p.isConstant() ? Val.num(wrap(p.constant(), bits, s.signed())) : v;
    }
    Val masked = Arith.binary("&", v, Val.num(mod - 1));
    if (masked instanceof Val.Num m && m.poly().isConstant()) return Val.num(wrap(m.poly().constant(), bits, s.signed()));
    return masked;
  }

  private static long wrap(long v, int bits, boolean signed) {
    long m = v & ((1L << bits) - 1);
    return signed && (m >> (bits - 1)) != 0 ? m - (1L << bits) : m;
  }

  /** C's usual arithmetic conversions, as far as indices need them: is this expression unsigned? */
  private boolean isUnsigned(Expr e) {
    if (e instanceof Expr.Member m && m.base() instanceof Expr.Name b && !m.arrow() && lookupLocal(b.name()) == null) {
      return switch (b.name()) {
        case "threadIdx", "blockIdx", "blockDim", "gridDim" -> true;
        default -> false;
      };
    }
    if (e instanceof Expr.Name nm) {
      Var v = lookupLocal(nm.name());
      return v != null && v.type instanceof Type.Scalar s && s.integer() && !s.signed() && s.size() >= 4;
    }
    if (e instanceof Expr.Cast c) {
      Type t = resolve(c.type());
      return t instanceof Type.Scalar s && s.integer() && !s.signed() && s.size() >= 4;
    }
    if (e instanceof Expr.SizeofType || e instanceof Expr.SizeofExpr) return true;
    if (e instanceof Expr.Binary b) {
      return switch (b.op()) {
        case "<<", ">>" -> isUnsigned(b.left());
        case "+", "-", "*", "/", "%", "&", "|", "^" -> isUnsigned(b.left()) || isUnsigned(b.right());
        default -> false;
      };
    }
    if (e instanceof Expr.Unary u && !u.op().equals("!") && !u.op().equals("*") && !u.op().equals("&")) {
      return isUnsigned(u.operand());
    }
    if (e instanceof Expr.Ternary t) return isUnsigned(t.then()) || isUnsigned(t.otherwise());
    return false;
  }

  private void execIf(Stmt.If i, boolean[] mask) {
    Val[] c = eval(i.cond(), mask);
    boolean[] yes = new boolean[n];
    boolean[] no = new boolean[n];
    boolean[] maybe = new boolean[n];
    boolean anyMaybe = false;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      int t = Arith.truth(c[l]);
      if (t == 1) yes[l] = true;
      else if (t == 0) no[l] = true;
      else {
        maybe[l] = true;
        anyMaybe = true;
      }
    }
    if (!anyMaybe) {
      exec(i.then(), yes);
      exec(i.otherwise(), no);
      return;
    }
    boolean uniform = uniformCondition(c, maybe);
    // a warp-uniform condition on the warp's number (warp < 4) goes one way per warp: not both ways for all
    boolean onWarp = !warpDependent && mentionsWarp(c, maybe);
    boolean undecidedInEveryWarp = onWarp && !decidableByWarp(c, maybe);
    if (!uniform) {
      undecidedConditions.push("the condition at " + at(i.pos()) + " could not be evaluated per lane"
          + because(firstIn(c, maybe)) + "; all lanes assumed active");
    }
    boolean wroteVariables;
    try {
      wroteVariables = execUndecidedIf(i, yes, no, maybe, c, uniform);
    } finally {
      if (!uniform) undecidedConditions.pop();
    }
    // branches that change nothing the warp goes on with (no variable, no lane's fate, no shared memory)
    // leave every warp as they would leave it; a condition no warp can decide runs as it does here in every
    // warp, except that a warp might find it uniform: then only the merged variables and lanes' fates differ
    boolean changesNothing = !wroteVariables && !mayAffectShared(i.then()) && !mayAffectShared(i.otherwise());
    boolean sameInEveryWarp = undecidedInEveryWarp
        && (uniform || !wroteVariables && !program.fact("jumps", i, Interpreter::jumps));
    if (onWarp && !changesNothing && !sameInEveryWarp) warpDepends();
  }

  /** Whether running code may access shared memory or end lanes (return, break, continue, goto). */
  private boolean mayAffectShared(Stmt s) {
    return s != null && (reachesShared(s) || program.fact("jumps", s, Interpreter::jumps));
  }

  private static boolean jumps(Object stmt) {
    Stmt s = (Stmt) stmt;
    if (s instanceof Stmt.Return || s instanceof Stmt.Break || s instanceof Stmt.Continue || s instanceof Stmt.Goto) return true;
    if (s instanceof Stmt.Block b) return b.items().stream().anyMatch(Interpreter::jumps);
    if (s instanceof Stmt.If i) return jumps(i.then()) || jumps(i.otherwise());
    if (s instanceof Stmt.For f) return jumps(f.body());
    if (s instanceof Stmt.While w) return jumps(w.body());
    if (s instanceof Stmt.DoWhile d) return jumps(d.body());
    return s instanceof Stmt.Switch w && jumps(w.body());
  }

  /** Whether evaluating an expression only computes its value: no assignment, increment or call, no shared memory. */
  private boolean onlyComputes(Expr e) {
    return !reachesShared(e) && program.fact("only computes", e, Interpreter::pure);
  }

  private static boolean pure(Object expr) {
    for (Expr e : walked(expr)) {
      if (e instanceof Expr.Assign || e instanceof Expr.Call || e instanceof Expr.Launch || e instanceof Expr.Lambda
          || e instanceof Expr.Postfix || e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"))) {
        return false;
      }
    }
    return true;
  }

  /** Both branches for the lanes whose condition is unknown, then the values merged; whether they wrote a variable. */
  private boolean execUndecidedIf(Stmt.If i, boolean[] yes, boolean[] no, boolean[] maybe, Val[] c, boolean uniform) {
    return bothSides(() -> exec(i.then(), or(yes, maybe)), () -> exec(i.otherwise(), or(no, maybe)), maybe,
        uniform ? BRANCH_PREFIX + i.pos().line() + ":" + i.pos().column() : null, dataCondition(c, maybe), i.pos(),
        "its value depends on the branch at " + at(i.pos()) + because(firstIn(c, maybe)));
  }

  /**
   * Runs two sides of a choice the tool could not decide for the lanes {@code maybe} (each side also runs for the lanes
   * sure to take it), then merges what the two leave in those lanes: variables, the lanes' fates, returned values.
   * {@code branchSymbol} names a choice the same in all lanes (null where it varies); whether either side wrote a variable.
   */
  private boolean bothSides(Runnable thenSide, Runnable elseSide, boolean[] maybe, String branchSymbol, Val.Data data,
      Pos where, String reason) {
    Map<Val[], Val[]> before = new java.util.LinkedHashMap<>();
    List<boolean[]> kills = snapshotKills();
    Frame fn = functionFrame();
    Val[] returnsBefore = fn.returns.clone();
    Pending[] pendingBefore = fn.pending.clone();
    Map<Val[], Val[]> afterThen = new java.util.LinkedHashMap<>();
    Val[] returnsThen;
    Pending[] pendingThen;
    undecided++;
    journals.push(before);
    try {
      thenSide.run();
      restoreKills(kills, maybe);
      for (Val[] written : before.keySet()) afterThen.put(written, written.clone());
      returnsThen = fn.returns.clone();
      pendingThen = fn.pending.clone();
      restore(before, maybe);
      for (int l = 0; l < n; l++) {
        if (maybe[l]) {
          fn.returns[l] = returnsBefore[l];
          fn.pending[l] = pendingBefore[l];
        }
      }
      elseSide.run();
    } finally {
      journals.pop();
    }
    undecided--;
    // written by the else side alone: on the then side they kept the value from before
    before.forEach(afterThen::putIfAbsent);
    restoreKills(kills, maybe);
    Poly branch = branchSymbol == null ? null : Poly.symbol(branchSymbol + "#" + (uid++));
    merge(afterThen, maybe, branch, data, where, reason);
    mergeReturns(fn, returnsBefore, returnsThen, pendingThen, maybe, branch, data, where);
    return !before.isEmpty();
  }

  /**
   * After an undecided branch: a lane that returned on both sides returns either value; one that
   * returned on one side only has a pending return, completed by the next return on the other side.
   */
  private void mergeReturns(Frame fn, Val[] before, Val[] afterThen, Pending[] pendingThen, boolean[] lanes,
      Poly branch, Val.Data data, Pos where) {
    Val[] elseReturns = fn.returns.clone();
    Pending[] pendingElse = fn.pending.clone();
    int prev = -1;
    for (int l = 0; l < n; l++) {
      if (!lanes[l] || before[l] != null) continue;
      // a lane whose sides hold what the lane before held gets what that lane got (lanes share values)
      if (prev >= 0 && afterThen[l] == afterThen[prev] && elseReturns[l] == elseReturns[prev]
          && pendingThen[l] == pendingThen[prev] && pendingElse[l] == pendingElse[prev]) {
        fn.returns[l] = fn.returns[prev];
        fn.pending[l] = fn.pending[prev];
        continue;
      }
      prev = l;
      Val t = afterThen[l];
      Val e = fn.returns[l];
      if (t != null && e != null) {
        fn.returns[l] = choice(new Pending(t, true, branch, data, where), e);
      } else if (t != null || e != null) {
        fn.returns[l] = null;
        fn.pending[l] = new Pending(t != null ? t : e, t != null, branch, data, where);
      } else if (!java.util.Objects.equals(pendingThen[l], fn.pending[l])) {
        // returns pending on both sides from inner branches: more than one condition decides the value
        fn.returns[l] = new Val.Unknown("the returned value depends on the conditions around line " + where.line());
        fn.pending[l] = null;
      }
    }
  }

  /** {@code p.value} on its side of the branch, {@code other} on the other side. */
  private Val choice(Pending p, Val other) {
    Val a = p.thenSide() ? p.value() : other;
    Val b = p.thenSide() ? other : p.value();
    if (java.util.Objects.equals(a, b)) return a;
    return p.branch() != null ? choose(p.branch(), a, b, p.where())
        : divergent(p.data(), a, b, "the returned value depends on the condition at " + at(p.where()), p.where());
  }

  /** Why a condition could not be decided, when the tool knows: " (reason)", else "". */
  private static String because(Val condition) {
    return condition instanceof Val.Unknown u ? " (" + u.reason() + ")" : "";
  }

  private Val firstIn(Val[] v, boolean[] lanes) {
    for (int l = 0; l < n; l++) {
      if (lanes[l]) return v[l];
    }
    return null;
  }

  /** A lane's condition that depends on memory contents, when one does: values chosen by it do too. */
  private Val.Data dataCondition(Val[] c, boolean[] lanes) {
    Val seen = null;
    for (int l = 0; l < n; l++) {
      if (!lanes[l] || c[l] == seen) continue; // lanes often share one value
      seen = c[l];
      Val.Data d = dataIn(c[l]);
      if (d != null) return d;
    }
    return null;
  }

  /**
   * A condition as data where memory contents decide it: data, or a value all lanes read from one address compared
   * with one that differs between lanes ({@code arr[mid] <= threadIdx.x}), which no constant the user gives decides;
   * null for other values.
   */
  private static Val.Data dataIn(Val condition) {
    if (condition instanceof Val.Data d) return d;
    if (condition instanceof Val.Num v) {
      for (String monomial : v.poly().terms().keySet()) {
        if (readFromMemory(monomial)) return READ_FROM_MEMORY;
      }
    }
    return null;
  }

  /** Whether a monomial names a value read from memory: "s[16]#3", "(the contents of 'in')#7". */
  private static boolean readFromMemory(String monomial) {
    for (int i = monomial.indexOf('#'); i > 0; i = monomial.indexOf('#', i + 1)) {
      char before = monomial.charAt(i - 1);
      if ((before == ']' || before == ')') && i + 1 < monomial.length() && Character.isDigit(monomial.charAt(i + 1))) {
        return true;
      }
    }
    return false;
  }

  private static final Val.Data READ_FROM_MEMORY = new Val.Data("a value read from memory");

  /**
   * A choice that could not be decided between a shared-memory address and another value (another array's
   * address, global memory, a null pointer): an address of unknown offset, so that the accesses through it are
   * reported unknown with {@code why}, not lost as accesses to memory that is not shared.
   */
  private static Val.Ptr eitherAddress(Val a, Val b, String why) {
    Val.Ptr p = a instanceof Val.Ptr x ? x : (Val.Ptr) b;
    Val other = p == a ? b : a;
    // an access through the other address is not a shared one: the shared one is the worst case
    if (p.offset() != null && (other instanceof Val.Foreign || other instanceof Val.Num z && z.poly().equals(Poly.ZERO))) {
      return p.orElsewhere(why);
    }
    Val.Ptr q = other instanceof Val.Ptr o ? o : null;
    if (q != null && q.root() == p.root()) {
      // one side's offset could not be computed: its reason is the one that helps
      String unknownSide = p.offset() == null ? p.unknown() : q.offset() == null ? q.unknown() : null;
      return new Val.Ptr(p.root(), null, p.pointee(), p.via(), unknownSide != null ? unknownSide : why, false);
    }
    return new Val.Ptr(p.root(), null, p.pointee(), p.via(), "it may point to '" + p.root().name() + "' or to "
        + (q != null ? "'" + q.root().name() + "'" : "memory that is not shared") + " (" + why + ")", false);
  }

  /** A value that differs between lanes according to a condition that could not be evaluated. */
  private Val divergent(Val.Data dataCondition, Val a, Val b, String unknownReason, Pos where) {
    if (a instanceof Val.Struct x && b instanceof Val.Struct y && x.obj().def() == y.obj().def()) {
      return zip(x, y, (p, q) -> java.util.Objects.equals(p, q) ? p : divergent(dataCondition, p, q, unknownReason, where));
    }
    if (dataCondition != null) {
      Val chosen = dataChoice(a, b, where);
      if (chosen != null) return chosen;
    }
    if (a instanceof Val.Ptr || b instanceof Val.Ptr) return eitherAddress(a, b, unknownReason);
    if (dataCondition != null) return new Val.Data(chosenBy(where));
    Val.Data data = dataSide(a, b);
    return data != null ? data : new Val.Unknown(unknownReason);
  }

  private String chosenBy(Pos where) {
    return "a value chosen by the data-dependent condition at " + at(where);
  }

  /**
   * What a condition on memory contents chose between {@code a} and {@code b}: integers as {@link Arith#choice}
   * keeps them, addresses in one array as a data address over both offsets; null for other values.
   */
  private Val dataChoice(Val a, Val b, Pos where) {
    if (!(a instanceof Val.Ptr p && b instanceof Val.Ptr q)) return Arith.choice(chosenBy(where), a, b);
    if (p.root() != q.root() || !p.pointee().equals(q.pointee()) || p.offset() == null || q.offset() == null
        || p.orElsewhere() != null || q.orElsewhere() != null) {
      return null;
    }
    Val.Data d = Arith.choice(chosenBy(where), offsetOf(p), offsetOf(q));
    return d.modulus() <= 1 && d.range() == null ? new Val.Ptr(p.root(), null, p.pointee(), p.via(), null, true)
        : new Val.Ptr(p.root(), d.residue(), p.pointee(), p.via(), d.modulus(), d.range(), null);
  }

  /** A shared address's byte offset as an integer: data where the address depends on data. */
  private static Val offsetOf(Val.Ptr p) {
    return p.data() ? new Val.Data("", p.modulus(), p.offset(), p.range()) : new Val.Num(p.offset());
  }

  /**
   * As {@link #choose} does for a warp-uniform condition: where one side is a value read from memory (any value)
   * and the other is known, the choice is as data-dependent as that value; null otherwise.
   */
  private static Val.Data dataSide(Val a, Val b) {
    if (a instanceof Val.Unknown || b instanceof Val.Unknown) return null;
    return a instanceof Val.Data || b instanceof Val.Data ? Arith.join(a, b) : null;
  }

  private boolean uniformAcross(Val[] v, boolean[] lanes) {
    Val first = null;
    for (int l = 0; l < n; l++) {
      if (!lanes[l]) continue;
      if (first == null) first = v[l];
      else if (!first.equals(v[l])) return false;
    }
    return first instanceof Val.Num;
  }

  /**
   * Whether a condition is one value in all {@code lanes}: a number, data the whole warp shares (a vote), or one
   * address in other memory (a pointer parameter tested for null: {@code if (bias)}).
   */
  private boolean uniformCondition(Val[] c, boolean[] lanes) {
    if (uniformAcross(c, lanes)) return true;
    Val first = firstIn(c, lanes);
    if (!(first instanceof Val.Data d && d.warpToken() != null || first instanceof Val.Foreign)) return false;
    for (int l = 0; l < n; l++) {
      if (lanes[l] && !first.equals(c[l])) return false;
    }
    return true;
  }

  private static boolean[] or(boolean[] a, boolean[] b) {
    boolean[] m = new boolean[a.length];
    for (int l = 0; l < a.length; l++) m[l] = a[l] || b[l];
    return m;
  }

  /**
   * Per undecided branch being run (innermost first), the values of each variable the branches wrote,
   * as they were before: saved at the first write, so only what a branch writes is restored and merged.
   * Keyed by the values array itself: a reference shares its variable's.
   */
  private final Deque<Map<Val[], Val[]>> journals = new ArrayDeque<>();

  /** Before a variable's values are written: saves them for every branch being run that has not yet. */
  private void touch(Val[] vals) {
    Val[] saved = null;
    for (Map<Val[], Val[]> journal : journals) {
      if (journal.containsKey(vals)) continue;
      if (saved == null) saved = vals.clone();
      journal.put(vals, saved);
    }
  }

  private void restore(Map<Val[], Val[]> saved, boolean[] lanes) {
    saved.forEach((vals, before) -> {
      for (int l = 0; l < n; l++) {
        if (lanes[l]) vals[l] = before[l];
      }
    });
  }

  private List<boolean[]> snapshotKills() {
    List<boolean[]> k = new ArrayList<>();
    for (Frame f : frames) {
      k.add(f.killed.clone());
      k.add(f.continued.clone());
    }
    return k;
  }

  private void restoreKills(List<boolean[]> kills, boolean[] lanes) {
    int i = 0;
    for (Frame f : frames) {
      boolean[] killed = kills.get(i++);
      boolean[] cont = kills.get(i++);
      for (int l = 0; l < n; l++) {
        if (lanes[l]) {
          f.killed[l] = killed[l];
          f.continued[l] = cont[l];
        }
      }
    }
  }

  /** The end of the reason of a variable declared without a value, until it gets one. */
  private static final String UNASSIGNED = " is used before it is given a value";

  /**
   * The value after a branch that assigned it on one side only, where the other side never gave it
   * a value: reading it there would be undefined, so the assigned value is the only defined one.
   */
  private static Val assignedSide(Val a, Val b) {
    if (b instanceof Val.Unknown u && u.reason().endsWith(UNASSIGNED)) return a;
    if (a instanceof Val.Unknown u && u.reason().endsWith(UNASSIGNED)) return b;
    return null;
  }

  /** Symbols that stand for "this warp-uniform branch was taken" (0 or 1): checks enumerate both. */
  public static final String BRANCH_PREFIX = "branch@";
  /** Symbols that stand for "an odd number of iterations of this loop" (0 or 1), where it swaps two pointers. */
  public static final String SWAP_PREFIX = "swap@";
  /**
   * Symbols that stand for "this loop runs more iterations" (1) or stops (0) where the tool could not tell, after the
   * number of iterations that follows the '+'.
   */
  public static final String LOOP_PREFIX = "loop@";
  /** Symbols that stand for "the lanes left the loop at this break" (1) or not (0). */
  public static final String BREAK_PREFIX = "break@";
  /** Symbols that stand for "the lanes skipped the rest of the iteration at this continue" (1) or not (0). */
  public static final String CONTINUE_PREFIX = "continue@";
  /** Symbols that stand for "the switch was entered at this label" (1) or not (0). */
  public static final String CASE_PREFIX = "case@";

  /** Whether a symbol stands for a choice of the whole warp, 0 or 1, that the checks enumerate. */
  public static boolean isChoice(String symbol) {
    return symbol.startsWith(BRANCH_PREFIX) || symbol.startsWith(SWAP_PREFIX) || symbol.startsWith(LOOP_PREFIX)
        || symbol.startsWith(BREAK_PREFIX) || symbol.startsWith(CONTINUE_PREFIX) || symbol.startsWith(CASE_PREFIX);
  }

  /**
   * After both branches ran for the lanes whose condition is unknown: where they disagree, a
   * warp-uniform condition gives {@code else + (then - else) * b} for a 0/1 symbol b shared by the
   * whole warp (exact: every lane took the same branch); a lane-varying one gives unknown.
   */
  private void merge(Map<Val[], Val[]> afterThen, boolean[] lanes, Poly branch, Val.Data dataCondition, Pos where,
      String reason) {
    Val[] divergent = new Val[2]; // unknown, data: made once here, shared by every lane and variable
    afterThen.forEach((vals, thenVals) -> {
      Val prevThen = null;
      Val prevElse = null;
      Val prevMerged = null;
      for (int l = 0; l < n; l++) {
        if (!lanes[l]) continue;
        if (prevThen != null && thenVals[l] == prevThen && vals[l] == prevElse) { // a value shared by lanes: merged once
          vals[l] = prevMerged;
          continue;
        }
        prevThen = thenVals[l];
        prevElse = vals[l];
        mergeLane(vals, thenVals, l, branch, dataCondition, where, reason, divergent);
        prevMerged = vals[l];
      }
    });
  }

  /** {@link #merge} of one lane of one variable. */
  private void mergeLane(Val[] vals, Val[] thenVals, int l, Poly branch, Val.Data dataCondition, Pos where,
      String reason, Val[] divergent) {
    if (java.util.Objects.equals(thenVals[l], vals[l])) return;
    Val defined = assignedSide(thenVals[l], vals[l]);
    Val.Data data = dataCondition == null ? dataSide(thenVals[l], vals[l]) : null;
    Val chosen = dataCondition == null || defined != null || branch != null ? null : dataChoice(thenVals[l], vals[l], where);
    if (chosen != null) {
      vals[l] = chosen;
    } else if (defined != null || branch != null) {
      vals[l] = defined != null ? defined : choose(branch, thenVals[l], vals[l], where);
    } else if (thenVals[l] instanceof Val.Ptr || vals[l] instanceof Val.Ptr || thenVals[l] instanceof Val.Struct) {
      vals[l] = divergent(dataCondition, thenVals[l], vals[l], reason, where); // member by member for an object
    } else if (data != null) {
      vals[l] = data;
    } else {
      int kind = dataCondition == null ? 0 : 1;
      if (divergent[kind] == null) {
        divergent[kind] = divergent(kind == 0 ? null : dataCondition, null, null, reason, where);
      }
      vals[l] = divergent[kind];
    }
  }

  /** b ? a : c for a warp-uniform 0/1 symbol b. */
  private Val choose(Poly b, Val a, Val c, Pos where) {
    // compact: a chain of undecided branches (`if (K == 40) return ...;` for every case) would make a
    // term per branch with a product of all the branches before it
    if (a instanceof Val.Num x && c instanceof Val.Num y) {
      return new Val.Num(y.poly().add(x.poly().sub(y.poly()).mul(b)).compact());
    }
    if (a instanceof Val.Struct x && c instanceof Val.Struct y && x.obj().def() == y.obj().def()) {
      return zip(x, y, (p, q) -> java.util.Objects.equals(p, q) ? p : choose(b, p, q, where));
    }
    if (a instanceof Val.Ptr x && c instanceof Val.Ptr y && x.root() == y.root() && x.exactOffset() != null
        && y.exactOffset() != null && x.pointee().equals(y.pointee())) {
      Val.Ptr chosen = y.withOffset(y.offset().add(x.offset().sub(y.offset()).mul(b)).compact());
      return y.orElsewhere() == null && x.orElsewhere() != null ? chosen.orElsewhere(x.orElsewhere()) : chosen;
    }
    if (a instanceof Val.Ptr || c instanceof Val.Ptr) return eitherAddress(a, c, "it depends on the condition at " + at(where));
    // one side could not be computed: its reason is the one that helps
    if (a instanceof Val.Unknown u) return u;
    if (c instanceof Val.Unknown u) return u;
    if (a instanceof Val.Data || c instanceof Val.Data) {
      // the whole warp takes one side: where both are one value for the warp, so is the one taken
      return oneForTheWarp(a) && oneForTheWarp(c) ? Arith.derived(b, a, c, Arith.join(a, c)) : Arith.join(a, c);
    }
    return new Val.Unknown("it depends on the condition at " + at(where));
  }

  /** Whether lanes holding this value hold one value: a number, data the warp shares, or an exact address. */
  private static boolean oneForTheWarp(Val v) {
    return v instanceof Val.Num || v instanceof Val.Data d && d.warpToken() != null
        || v instanceof Val.Ptr p && p.exactOffset() != null;
  }

  private void execSwitch(Stmt.Switch sw, boolean[] mask) {
    Val[] sel = eval(sw.selector(), mask);
    List<Stmt> items = sw.body() instanceof Stmt.Block b ? b.items() : List.of(sw.body());
    // lanes matched by some case label; the rest go to default
    boolean[] matched = new boolean[n];
    boolean[] unknownSel = new boolean[n];
    Map<Stmt, Val[]> labels = new java.util.IdentityHashMap<>(); // each label's values, evaluated once
    for (Stmt it : items) {
      if (it instanceof Stmt.Case c && c.value() != null) {
        Val[] cv = eval(c.value(), mask);
        labels.put(c, cv);
        for (int l = 0; l < n; l++) {
          int t = mask[l] ? Arith.truth(Arith.binary("==", sel[l], cv[l])) : 0;
          if (t == 1) matched[l] = true;
          if (t < 0) unknownSel[l] = true;
        }
      }
    }
    boolean anyUnknown = false;
    for (boolean u : unknownSel) anyUnknown |= u;
    boolean undecidedSwitch = anyUnknown && !uniformAcross(sel, unknownSel);
    // strict: a case label need not be constant, so a selector no warp decides may still equal one in some warp
    if (anyUnknown && mentionsWarp(sel, unknownSel)) warpDepends();
    if (undecidedSwitch) {
      undecidedConditions.push("the switch at " + at(sw.pos())
          + " could not be evaluated per lane; all lanes assumed active");
    }
    // a lane whose selector is undecided may enter at any label, or, without a default, skip the body
    List<Integer> entries = new ArrayList<>();
    boolean hasDefault = false;
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i) instanceof Stmt.Case c) {
        entries.add(i);
        hasDefault |= c.value() == null;
      }
    }
    if (!hasDefault) entries.add(-1);
    try {
      if (anyUnknown) switchEntries(sw, items, labels, sel, mask, matched, unknownSel, entries, 0, !undecidedSwitch);
      else execSwitchBody(items, labels, sel, mask, matched, unknownSel, -1);
    } finally {
      if (undecidedSwitch) undecidedConditions.pop();
    }
  }

  /**
   * The switch's body run for each way in ({@code entries}, from {@code from} on) of the lanes whose selector is
   * undecided, and what each way leaves merged as for an undecided branch; the other lanes go their own way once.
   */
  private void switchEntries(Stmt.Switch sw, List<Stmt> items, Map<Stmt, Val[]> labels, Val[] sel, boolean[] mask,
      boolean[] matched, boolean[] unknownSel, List<Integer> entries, int from, boolean uniform) {
    int entry = entries.get(from);
    boolean[] lanes = from == 0 ? mask : unknownSel; // the lanes of mask whose selector is undecided
    Runnable here = () -> execSwitchBody(items, labels, sel, lanes, matched, unknownSel, entry);
    if (from == entries.size() - 1) {
      here.run();
      return;
    }
    Pos label = entry >= 0 ? items.get(entry).pos() : sw.pos();
    bothSides(here, () -> switchEntries(sw, items, labels, sel, mask, matched, unknownSel, entries, from + 1, uniform),
        unknownSel, uniform ? CASE_PREFIX + label.line() + ":" + label.column() : null,
        dataCondition(sel, unknownSel), label, "its value depends on the way into the switch at " + at(sw.pos()));
  }

  /** The switch's body; lanes whose selector is undecided enter at the label that is item {@code entry} (-1: none). */
  private void execSwitchBody(List<Stmt> items, Map<Stmt, Val[]> labels, Val[] sel, boolean[] mask, boolean[] matched,
      boolean[] unknownSel, int entry) {
    Frame f = new Frame(n, false, false);
    frames.push(f);
    scopes.push(new HashMap<>());
    boolean[] active = new boolean[n];
    for (int i = 0; i < items.size(); i++) {
      Stmt it = items.get(i);
      if (it instanceof Stmt.Case c) {
        Val[] cv = labels.get(c);
        for (int l = 0; l < n; l++) {
          if (!mask[l] || f.killed[l]) continue;
          boolean hit = unknownSel[l] ? i == entry
              : c.value() == null ? !matched[l] : Arith.truth(Arith.binary("==", sel[l], cv[l])) != 0;
          if (hit) active[l] = true;
        }
        continue;
      }
      exec(it, alive(active));
      active = alive(active);
    }
    scopes.pop();
    frames.pop();
  }

  private String loopVariable(Stmt.For f) {
    if (f.init() instanceof Stmt.Decl d && !d.vars().isEmpty()) return d.vars().get(0).name();
    if (f.init() instanceof Stmt.ExprStmt e && e.expr() instanceof Expr.Assign a && a.target() instanceof Expr.Name nm) {
      return nm.name();
    }
    return null;
  }

  private void loop(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask, boolean bodyFirst, String var) {
    Frame frame = new Frame(n, false, true);
    frame.conditionsAtEntry = undecidedConditions.size();
    frames.push(frame);
    boolean[] m = mask.clone();
    int iterations = 0;
    // A loop that cannot reach shared memory is not enumerated: only what it leaves in variables matters.
    // (one that fills a local array followed element by element is: marlin's index tables)
    boolean symbolic = !reachesShared(body) && !reachesShared(cond) && !reachesShared(step) && !writesLocalArray(body)
        && !writesLocalArray(step);
    // an unknown trip count with a variable that doubles or halves: its first iterations are enumerated
    boolean geometric = false;
    boolean capped = false; // symbolic because its enumeration reached the bound, not for lack of bounds
    Repeats repeats = null; // made when the body first runs: a loop run symbolically needs none
    Val[] condNow = null; // the condition's values in the state the loop is in, where it was evaluated there
    boolean divergentStop = false; // lanes may leave the loop after different numbers of iterations
    while (true) {
      if (!(bodyFirst && iterations == 0) && cond != null && (!symbolic || iterations == 0)) {
        Val[] c = eval(cond, m);
        boolean undecided = false;
        for (int l = 0; l < n; l++) {
          if (!m[l]) continue;
          int t = Arith.truth(c[l]);
          if (t == 0) m[l] = false;
          else if (t < 0) undecided = true;
        }
        condNow = c;
        if (undecided) {
          // a warp whose values decide the condition would go on enumerating (or stop) where this one does not
          noteWarpDependence(c, m);
          divergentStop |= !uniformCondition(c, m);
        }
        if (undecided && !symbolic && !geometric && growsGeometrically(body, step)) {
          geometric = true;
          notes.add("the loop at " + at(pos) + " has no known trip count; its first " + GEOMETRIC_ITERATIONS
              + " iterations were analyzed, with the lanes its condition leaves undecided active");
        }
        if (undecided && !geometric) symbolic = true;
      }
      if (symbolic) break;
      if (geometric && iterations >= GEOMETRIC_ITERATIONS) {
        runSymbolically(pos, cond, step, body, m, false, false, false, divergentStop, frame);
        break;
      }
      if (none(m)) break;
      int spent = iterationsSpent.merge(pos, 1, Integer::sum);
      if (spent > MAX_LOOP_ITERATIONS || outOfWork) {
        notes.add("the loop at " + at(pos) + " was enumerated for " + MAX_LOOP_ITERATIONS
            + " iterations in all; its other iterations were analyzed as 'any iteration' (work bound)");
        symbolic = true;
        capped = true;
        break;
      }
      if (iterations == 0) repeats = repeatsOf(cond, step, body);
      if (repeats == null || !repeats.sameAsBefore(m)) {
        Arrays.fill(frame.continued, false);
        context.addLast(label(var, m, iterations));
        exec(body, m);
        mergeContinues(frame);
        context.removeLast();
        Arrays.fill(frame.continued, false);
        m = alive(m);
      }
      if (step != null && !none(m)) eval(step, m);
      condNow = null;
      iterations++;
      if (frame.uncertainExit) {
        // the exit depends on something the tool cannot decide: iterating further would only guess
        symbolic = true;
        break;
      }
      if (cond == null && iterations > 0 && !bodyFirst) {
        symbolic = true; // for (;;): no bound to enumerate
        break;
      }
    }
    if (symbolic && !none(m)) {
      // the lanes that may leave the loop in the state it is in: where its condition is undecided there, or was not
      // evaluated there after a break the tool could not decide (a loop without condition is left at breaks only)
      boolean[] mayStop = new boolean[n];
      for (int l = 0; l < n; l++) {
        mayStop[l] = m[l] && cond != null && (condNow != null ? Arith.truth(condNow[l]) < 0 : frame.uncertainExit);
      }
      boolean[] lanes = m;
      boolean enumerationCapped = capped;
      boolean divergent = divergentStop;
      boolean boundable = !bodyFirst;
      Runnable rest = () -> runSymbolically(pos, cond, step, body, lanes, enumerationCapped, true, boundable, divergent, frame);
      if (none(mayStop)) {
        rest.run();
      } else {
        boolean uniform = condNow != null ? uniformCondition(condNow, mayStop) : !divergentStop && !frame.divergentExit;
        bothSides(rest, () -> {}, mayStop, uniform ? LOOP_PREFIX + pos.line() + ":" + pos.column() + "+" + iterations : null,
            condNow != null ? dataCondition(condNow, mayStop) : null, pos,
            "its value depends on how many iterations the loop at " + at(pos) + " runs"
                + (condNow != null ? because(firstIn(condNow, mayStop)) : ""));
      }
    }
    for (BreakExit exit : frame.exits) {
      mergeExit(exit, BREAK_PREFIX, "its value depends on whether lanes leave the loop at " + at(pos) + " at the break at "
          + at(exit.where()));
    }
    frames.pop();
  }

  /**
   * At the end of an iteration: the values of the lanes that may have skipped the rest of it at a continue are
   * either those or the ones it ended with.
   */
  private void mergeContinues(Frame loop) {
    for (BreakExit exit : loop.continues) {
      mergeExit(exit, CONTINUE_PREFIX, "its value depends on whether lanes skip the rest of an iteration at the continue at "
          + at(exit.where()));
    }
    loop.continues.clear();
  }

  /**
   * After a loop (or an iteration, for a continue): the values of the lanes that may have left it at {@code exit}
   * are either those or the ones it ended with.
   */
  private void mergeExit(BreakExit exit, String prefix, String why) {
    Poly taken = exit.uniform()
        ? Poly.symbol(prefix + exit.where().line() + ":" + exit.where().column() + "#" + (uid++)) : null;
    exit.values().forEach((vals, atBreak) -> {
      for (int l = 0; l < n; l++) {
        if (!exit.lanes()[l] || java.util.Objects.equals(vals[l], atBreak[l])) continue;
        touch(vals);
        vals[l] = taken != null ? choose(taken, atBreak[l], vals[l], exit.where())
            : divergent(null, atBreak[l], vals[l], why, exit.where());
      }
    });
  }

  /** False runs every iteration of every loop: for tests, the reference that {@link Repeats} must match. */
  public void skipRepeatedIterations(boolean skip) {
    skipRepeatedIterations = skip;
  }

  /**
   * The state an iteration of a loop starts from, as far as it matters ({@link LoopSlice}): the relevant
   * variables' values and the active lanes. An iteration that starts where the one before started does
   * what that one did: the same accesses, and no variable the loop's later iterations or the code after it
   * read changes (the body's writes to variables it did not declare are among those compared). It is not run.
   */
  private final class Repeats {
    private final Var[] vars;
    private Val[][] before;
    private Val[][][] elementsBefore;
    private boolean[] mask;
    private int escapesBefore;
    private int closureCallsBefore;

    Repeats(Var[] vars) {
      this.vars = vars;
    }

    /** Whether the iteration about to run with lanes {@code m} starts as the last one run did; if not, notes its start. */
    boolean sameAsBefore(boolean[] m) {
      if (mask != null && Arrays.equals(mask, m) && escapesBefore == escapes && closureCallsBefore == closureCalls) {
        boolean same = true;
        for (int i = 0; i < vars.length && same; i++) {
          same = sameLanes(before[i], vars[i].vals) && sameElements(elementsBefore[i], vars[i].elements);
        }
        if (same) return true;
      }
      mask = m.clone();
      escapesBefore = escapes;
      closureCallsBefore = closureCalls;
      if (before == null) before = new Val[vars.length][];
      for (int i = 0; i < vars.length; i++) before[i] = vars[i].vals == null ? null : vars[i].vals.clone();
      if (elementsBefore == null) elementsBefore = new Val[vars.length][][];
      for (int i = 0; i < vars.length; i++) {
        Val[][] e = vars[i].elements;
        elementsBefore[i] = e == null ? null : Arrays.stream(e).map(Val[]::clone).toArray(Val[][]::new);
      }
      return false;
    }

    private static boolean sameElements(Val[][] a, Val[][] b) {
      if (a == null || b == null) return a == b;
      for (int k = 0; k < a.length; k++) if (!sameLanes(a[k], b[k])) return false;
      return true;
    }

    private static boolean sameLanes(Val[] a, Val[] b) {
      if (a == null || b == null) return a == b;
      for (int l = 0; l < a.length; l++) {
        if (a[l] != b[l] && (a[l] == null || !a[l].equals(b[l]))) return false;
      }
      return true;
    }
  }

  /** Null when iterations of this loop cannot be told to repeat (see {@link LoopSlice}). */
  private Repeats repeatsOf(Expr cond, Expr step, Stmt body) {
    if (!skipRepeatedIterations || cond == null || step == null || writesLocalArray(body)) return null;
    LoopSlice slice = program.fact("loop slice", body, b -> LoopSlice.of(program, cond, step, (Stmt) b));
    if (!slice.eligible) return null;
    Set<String> relevant = slice.relevant(this::mayHoldShared, name -> lookupLocal(name) != null);
    if (relevant == null) return null;
    List<Var> vars = new ArrayList<>();
    for (String name : relevant) {
      Var v = lookupLocal(name);
      if (v != null) vars.add(v);
    }
    return new Repeats(vars.toArray(new Var[0]));
  }

  /** Whether a name may stand for shared memory: a pointer into it, an object handing it out (SharedMemory<T>). */
  private boolean mayHoldShared(String name) {
    Var v = lookupLocal(name);
    if (v == null) return program.isGlobalShared(name);
    if (v.root != null || v.reference) return true;
    if (v.vals != null) {
      for (Val x : v.vals) {
        if (x instanceof Val.Obj || holdsShared(x)) return true;
      }
    }
    return false;
  }

  /** A shared address, or a struct value with one among its members (an object holding shared pointers). */
  private static boolean holdsShared(Val x) {
    if (x instanceof Val.Ptr) return true;
    if (!(x instanceof Val.Struct s)) return false;
    if (!s.obj().def().conversions().isEmpty()) return true;
    for (Val m : s.members().values()) {
      if (holdsShared(m)) return true;
    }
    return false;
  }

  private String label(String var, boolean[] m, int iteration) {
    if (var != null) {
      Var v = lookupLocal(var);
      if (v != null && v.vals != null) {
        for (int l = 0; l < n; l++) {
          if (m[l]) return v.vals[l] instanceof Val.Num num && num.poly().isConstant() && uniformAcross(v.vals, m)
              ? var + " = " + num.poly().constant() : "iteration " + (iteration + 1);
        }
      }
    }
    return "iteration " + (iteration + 1);
  }

  /**
   * A loop whose trip count is not known: variables changed by the loop become "start + k" for a
   * fresh warp-uniform k (exact for uniform increments), and the body runs once ({@code runBody}) for the lanes
   * the condition may keep. Where lanes may leave the loop after different numbers of iterations ({@code divergent},
   * or found so here), k differs between lanes: a value the loop leaves that depends on it is unknown.
   */
  private void runSymbolically(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask, boolean capped,
      boolean runBody, boolean boundable, boolean divergent, Frame loop) {
    Map<Var, long[][]> start = runBody && boundable ? boundableStarts(cond, step, body, mask) : Map.of();
    Map<Val[], Val[]> written = new HashMap<>();
    journals.push(written);
    String k;
    try {
      List<Assumed> assumed = new ArrayList<>();
      k = havocLoopVariables(pos, cond, step, body, mask, capped, assumed);
      while (true) {
        Map<Var, long[][]> bounds = start.isEmpty() ? null : loopBounds(pos, cond, step, body, mask, start);
        // the iteration run for "any iteration" also tells whether the loop's variables are what havoc assumed
        boolean[] undecided = new boolean[1];
        Map<Assumed, Broken> broken = tryIteration(assumed, runBody,
            () -> runOnce(pos, cond, step, body, mask, bounds, loop, undecided));
        if (!broken.isEmpty()) {
          abandon(broken, assumed, mask, pos);
          continue;
        }
        divergent |= undecided[0];
        if (bounds != null) setBounds(bounds, mask, pos);
        break;
      }
    } finally {
      journals.pop();
    }
    if (!divergent && !loop.divergentExit) return;
    String why = "its value after the loop at " + at(pos) + " depends on how many iterations each lane ran"
        + " (lanes leave the loop after different numbers of iterations)";
    for (Val[] vals : written.keySet()) {
      for (int l = 0; l < n; l++) {
        if (mask[l] && mentions(vals[l], k)) vals[l] = perLane(vals[l], k, why);
      }
    }
  }

  /**
   * The body of a loop run once for "any iteration" (its variables within {@code bounds} where not null, narrowed by
   * the condition); the lanes that finish the iteration. {@code undecided[0]} is set where its condition varies
   * between the lanes there.
   */
  private boolean[] runOnce(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask, Map<Var, long[][]> bounds,
      Frame loop, boolean[] undecided) {
    boolean[] m = mask.clone();
    boolean undecidedCondition = false;
    if (bounds != null) setBounds(bounds, m, pos);
    if (cond != null) {
      Val[] c = eval(cond, m);
      for (int l = 0; l < n; l++) {
        if (m[l] && Arith.truth(c[l]) == 0) m[l] = false;
      }
      if (bounds != null) setBounds(narrowed(cond, bounds, m), m, pos);
      undecidedCondition = !uniformCondition(c, m) && hasUnknownTruth(c, m);
      if (hasUnknownTruth(c, m)) noteWarpDependence(c, m);
      if (undecidedCondition) {
        undecidedConditions.push("the condition of the loop at " + at(pos)
            + " could not be evaluated per lane; all lanes assumed active");
      }
    }
    context.addLast("any iteration");
    try {
      exec(body, m);
      mergeContinues(loop);
    } finally {
      context.removeLast();
      if (undecidedCondition) undecidedConditions.pop();
    }
    Arrays.fill(loop.continued, false);
    m = alive(m);
    if (step != null && !none(m)) eval(step, m);
    undecided[0] = undecidedCondition;
    return m;
  }

  /**
   * The integer variables a loop assigns ({@code =}, not as increments) whose values differ between the lanes
   * {@code mask} and are bounded in each (a binary search's {@code begin} and {@code end} after a first iteration
   * on data): per lane, their least and greatest values. Empty where the body may leave an iteration early.
   */
  private Map<Var, long[][]> boundableStarts(Expr cond, Expr step, Stmt body, boolean[] mask) {
    if (cond == null || leavesEarly(body)) return Map.of();
    Map<Var, long[][]> out = new java.util.LinkedHashMap<>();
    for (Object piece : step == null ? List.of(body, cond) : List.of(body, step, cond)) {
      for (String name : program.<List<List<String>>>fact("assigned", piece, Interpreter::assigned).get(1)) {
        Var v = lookupLocal(name);
        if (v == null || out.containsKey(v) || v.vals == null || v.escaped != null || !Type.isInteger(v.type)
            || uniformAcross(v.vals, mask)) {
          continue;
        }
        long[][] range = new long[n][];
        for (int l = 0; l < n && range != null; l++) {
          if (mask[l]) range[l] = bounds(v.vals[l]);
          if (mask[l] && range[l] == null) range = null;
        }
        if (range != null) out.put(v, range);
      }
    }
    return out;
  }

  /** Whether a loop body holds a break, continue, return, goto or label (an iteration may end early). */
  private static boolean leavesEarly(Stmt st) {
    return holds(st, x -> x instanceof Stmt.Break || x instanceof Stmt.Return || x instanceof Stmt.Continue
        || x instanceof Stmt.Goto || x instanceof Stmt.Label);
  }

  /** An integer's least and greatest value: a constant, or bounded data; null otherwise. */
  private static long[] bounds(Val v) {
    if (v instanceof Val.Num num && num.poly().isConstant()) return new long[] {num.poly().constant(), num.poly().constant()};
    if (v instanceof Val.Data d && d.min() != null && d.max() != null) return new long[] {d.min(), d.max()};
    return null;
  }

  /** Rounds of {@link #loopBounds} before bounds that still move are widened, and before it gives up. */
  private static final int ROUNDS_BEFORE_WIDENING = 3, BOUND_ROUNDS = 8;
  /** Where widened bounds go: past any int, so that what the condition allows brings them back. */
  private static final long WIDE = 1L << 32;

  /**
   * Bounds that hold at the start of every iteration of a loop whose trip count depends on memory contents, for the
   * variables of {@link #boundableStarts}: from their values at the start, the body is run (see {@link #afterBody})
   * from the bounds so far and they are widened by what it leaves, until it leaves nothing outside them; bounds that
   * still move after a few rounds jump past any int first (the condition narrows them), and are then tightened
   * again to the start and what the body leaves, where that still holds. Null where they do not settle, or the
   * condition does not depend on data.
   */
  private Map<Var, long[][]> loopBounds(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask, Map<Var, long[][]> start) {
    Map<Var, long[][]> head = start;
    Map<Var, long[][]> after = null;
    for (int round = 0; after == null || !within(after, head, mask); round++) {
      if (round == BOUND_ROUNDS) return null;
      if (after != null) {
        Map<Var, long[][]> next = hull(head, after, mask);
        head = round > ROUNDS_BEFORE_WIDENING ? widened(head, next, mask) : next;
      }
      after = afterBody(pos, cond, step, body, mask, head, round == 0);
      if (after == null) return null;
    }
    for (int round = 0; round < 2; round++) {
      Map<Var, long[][]> tighter = hull(start, after, mask);
      Map<Var, long[][]> afterTighter = afterBody(pos, cond, step, body, mask, tighter, false);
      if (afterTighter == null || !within(afterTighter, tighter, mask) || within(head, tighter, mask)) break;
      head = tighter;
      after = afterTighter;
    }
    return head;
  }

  /**
   * What one iteration of a loop leaves in the variables of {@code head} when they start anywhere within it that the
   * condition allows: the body runs with no access recorded, and every write is undone after. Per lane, null where
   * the lane runs no iteration. Null where a variable is left unbounded, or (with {@code needData}) the condition
   * depends on no data.
   */
  private Map<Var, long[][]> afterBody(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask, Map<Var, long[][]> head,
      boolean needData) {
    Checkpoint trial = new Checkpoint(false); // a trial spends no loop's iterations, records nothing, changes nothing
    Map<Var, long[][]> out;
    try {
      out = boundsAfterBody(pos, cond, step, body, mask, head, needData);
    } finally {
      trial.close();
    }
    trial.undo();
    return out;
  }

  private Map<Var, long[][]> boundsAfterBody(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask,
      Map<Var, long[][]> head, boolean needData) {
    setBounds(head, mask, pos);
    boolean[] m = mask.clone();
    Val[] c = eval(cond, m);
    boolean onData = false;
    for (int l = 0; l < n; l++) {
      if (m[l] && Arith.truth(c[l]) == 0) m[l] = false;
      onData |= m[l] && c[l] instanceof Val.Data;
    }
    if (needData && !onData) return null;
    setBounds(narrowed(cond, head, m), m, pos);
    exec(body, m);
    m = alive(m);
    if (step != null && !none(m)) eval(step, m);
    Map<Var, long[][]> out = new java.util.LinkedHashMap<>();
    for (Var v : head.keySet()) {
      long[][] now = new long[n][];
      for (int l = 0; l < n; l++) {
        if (!m[l]) continue;
        now[l] = bounds(v.vals[l]);
        if (now[l] == null || Math.abs(now[l][0]) > 2 * WIDE || Math.abs(now[l][1]) > 2 * WIDE) return null;
      }
      out.put(v, now);
    }
    return out;
  }

  /** Per variable and lane, the least bounds holding both (a lane's null: nothing). */
  private Map<Var, long[][]> hull(Map<Var, long[][]> a, Map<Var, long[][]> b, boolean[] mask) {
    return perLane(a, b, mask, (x, y) -> x == null ? y : y == null ? x
        : new long[] {Math.min(x[0], y[0]), Math.max(x[1], y[1])});
  }

  /** {@code next}, with each bound that moved away from {@code was} moved to {@link #WIDE}. */
  private Map<Var, long[][]> widened(Map<Var, long[][]> was, Map<Var, long[][]> next, boolean[] mask) {
    return perLane(was, next, mask, (w, x) -> w == null || x == null ? x
        : new long[] {x[0] < w[0] ? -WIDE : x[0], x[1] > w[1] ? WIDE : x[1]});
  }

  /** Per variable of {@code a} and lane of {@code mask}, {@code f} of its bounds in {@code a} and in {@code b}. */
  private Map<Var, long[][]> perLane(Map<Var, long[][]> a, Map<Var, long[][]> b, boolean[] mask,
      java.util.function.BinaryOperator<long[]> f) {
    Map<Var, long[][]> out = new java.util.LinkedHashMap<>();
    a.forEach((v, x) -> {
      long[][] y = b.get(v);
      long[][] lanes = new long[n][];
      for (int l = 0; l < n; l++) {
        if (mask[l]) lanes[l] = f.apply(x[l], y[l]);
      }
      out.put(v, lanes);
    });
    return out;
  }

  /** Whether every lane's bounds in {@code inner} lie within those in {@code outer}. */
  private boolean within(Map<Var, long[][]> inner, Map<Var, long[][]> outer, boolean[] mask) {
    for (Map.Entry<Var, long[][]> e : inner.entrySet()) {
      long[][] o = outer.get(e.getKey());
      for (int l = 0; l < n; l++) {
        long[] i = e.getValue()[l];
        if (!mask[l] || i == null) continue;
        if (o[l] == null || i[0] < o[l][0] || i[1] > o[l][1]) return false;
      }
    }
    return true;
  }

  /** Each variable anywhere within its bounds in the lanes {@code mask}: data between them, or the one value. */
  private void setBounds(Map<Var, long[][]> bounds, boolean[] mask, Pos pos) {
    bounds.forEach((v, range) -> {
      touch(v.vals);
      String source = "a value the loop at " + at(pos) + " leaves after iterations that depend on memory contents";
      for (int l = 0; l < n; l++) {
        if (mask[l]) {
          v.vals[l] = range[l][0] == range[l][1] ? Val.num(range[l][0]) : Val.Data.between(source, range[l][0], range[l][1]);
        }
      }
    });
  }

  /**
   * The bounds narrowed where a loop's condition compares a variable with a bound ({@code begin < end}, conjunctions
   * of such): an iteration runs only where it holds. A lane whose bounds become empty is switched off in {@code mask}.
   */
  private Map<Var, long[][]> narrowed(Expr cond, Map<Var, long[][]> bounds, boolean[] mask) {
    Map<Var, long[][]> out = new java.util.LinkedHashMap<>();
    bounds.forEach((v, range) -> {
      long[][] copy = new long[n][];
      for (int l = 0; l < n; l++) copy[l] = range[l] == null ? null : range[l].clone();
      out.put(v, copy);
    });
    narrow(cond, out, mask);
    for (long[][] range : out.values()) {
      for (int l = 0; l < n; l++) {
        if (mask[l] && range[l][0] > range[l][1]) mask[l] = false;
      }
    }
    return out;
  }

  private void narrow(Expr cond, Map<Var, long[][]> bounds, boolean[] mask) {
    if (!(cond instanceof Expr.Binary b)) return;
    if (b.op().equals("&&")) {
      narrow(b.left(), bounds, mask);
      narrow(b.right(), bounds, mask);
      return;
    }
    int strict = switch (b.op()) {
      case "<", ">" -> 1;
      case "<=", ">=" -> 0;
      default -> -1;
    };
    if (strict < 0) return;
    boolean less = b.op().startsWith("<");
    Expr small = less ? b.left() : b.right();
    Expr large = less ? b.right() : b.left();
    long[][] s = operandBounds(small, bounds, mask);
    long[][] g = operandBounds(large, bounds, mask);
    if (s == null || g == null) return;
    long[][] sv = bounds.get(variable(small));
    long[][] gv = bounds.get(variable(large));
    for (int l = 0; l < n; l++) {
      if (!mask[l] || s[l] == null || g[l] == null) continue;
      if (sv != null) sv[l][1] = Math.min(sv[l][1], g[l][1] - strict);
      if (gv != null) gv[l][0] = Math.max(gv[l][0], s[l][0] + strict);
    }
  }

  private Var variable(Expr e) {
    return e instanceof Expr.Name nm ? lookupLocal(nm.name()) : null;
  }

  /**
   * Per lane, the bounds of one side of a comparison: a bounded variable's, or its value's where computing it has no
   * effect (it is evaluated again); null if not all known.
   */
  private long[][] operandBounds(Expr e, Map<Var, long[][]> bounds, boolean[] mask) {
    long[][] own = bounds.get(variable(e));
    if (own != null) return own;
    if (!onlyComputes(e)) return null;
    Val[] v = eval(e, mask);
    long[][] out = new long[n][];
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      out[l] = bounds(v[l]);
      if (out[l] == null) return null;
    }
    return out;
  }

  /** Whether a value depends on a symbol whose name ends with {@code key} (a loop's tag: see havocLoopVariables). */
  private static boolean mentions(Val v, String key) {
    if (v instanceof Val.Num x) return mentions(x.poly(), key);
    if (v instanceof Val.Ptr p) return p.offset() != null && mentions(p.offset(), key);
    if (v instanceof Val.Data d) return mentions(d.residue(), key);
    if (v instanceof Val.Struct st) return st.members().values().stream().anyMatch(m -> mentions(m, key));
    return false;
  }

  private static boolean mentions(Poly p, String key) {
    for (String monomial : p.terms().keySet()) {
      for (int i = monomial.indexOf(key); i >= 0; i = monomial.indexOf(key, i + 1)) {
        int end = i + key.length(); // "#12" is not "#123"
        if (end == monomial.length() || !Character.isDigit(monomial.charAt(end))) return true;
      }
    }
    return false;
  }

  /** A value that differs between lanes in a way the tool cannot follow: an address stays one, of unknown offset. */
  private Val perLane(Val v, String key, String why) {
    if (v instanceof Val.Ptr p) return new Val.Ptr(p.root(), null, p.pointee(), p.via(), why, false);
    if (v instanceof Val.Struct st) return zip(st, st, (a, b) -> mentions(a, key) ? perLane(a, key, why) : a);
    return new Val.Unknown(why);
  }

  private List<String> conditions() {
    return undecidedConditions.isEmpty() ? List.of() : List.copyOf(undecidedConditions);
  }

  /**
   * Whether a loop multiplies, divides or shifts an integer variable that outlives an iteration (a scan's
   * {@code offset *= 2}, a wavelet's {@code idata0 <<= 1}); a floating-point product ({@code acc *= scale})
   * changes no index.
   */
  private boolean growsGeometrically(Stmt body, Expr step) {
    List<String> grown = new ArrayList<>(program.fact("geometric", body, Interpreter::geometric));
    if (step != null) grown.addAll(program.fact("geometric", step, Interpreter::geometric));
    for (String name : grown) {
      Var v = lookupLocal(name);
      if (v != null && Type.isInteger(v.type)) return true;
    }
    return false;
  }

  /**
   * Whether each iteration of a loop ends by setting {@code name} back to the value it holds before the loop
   * ({@code wtx = tx;} after an inner loop that advanced it): then every iteration starts with that value. The
   * reset must be a statement of the body's own block after every other write of it (no {@code continue} can skip
   * it), and its value must read nothing the loop changes.
   */
  private boolean restoredEachIteration(Stmt body, Expr step, String name, Var v, boolean[] mask, Set<String> increments,
      Set<String> others) {
    Expr reset = program.<Map<String, Expr>>fact("final resets", body, Interpreter::finalResets).get(name);
    if (reset == null || step != null && program.<List<List<String>>>fact("assigned", step, Interpreter::assigned)
        .stream().anyMatch(names -> names.contains(name))) {
      return false;
    }
    boolean[] invariant = {true};
    Walk.expr(reset, x -> invariant[0] &= x instanceof Expr.Name nm
        ? !increments.contains(nm.name()) && !others.contains(nm.name()) && readsNoMemory(nm.name())
        : x instanceof Expr.Member m ? !m.arrow() : x instanceof Expr.Binary || x instanceof Expr.IntLit
            || x instanceof Expr.Cast || x instanceof Expr.Unary u && Set.of("-", "+", "~", "!").contains(u.op()));
    if (!invariant[0]) return false;
    Val[] now;
    noAccess++;
    try {
      now = eval(reset, mask);
    } finally {
      noAccess--;
    }
    for (int l = 0; l < n; l++) {
      if (mask[l] && !Objects.equals(now[l], v.vals[l])) return false;
    }
    return true;
  }

  /** The assignments {@code x = e;} that end a loop body's block, last write of x, by name; none after a continue. */
  private static Map<String, Expr> finalResets(Object body) {
    if (!(body instanceof Stmt.Block block)) return Map.of();
    if (skipsToNextIteration(block)) return Map.of();
    Map<String, Expr> out = new HashMap<>();
    Set<String> writtenAfter = new HashSet<>();
    for (int i = block.items().size() - 1; i >= 0; i--) {
      Stmt item = block.items().get(i);
      if (item instanceof Stmt.ExprStmt es && es.expr() instanceof Expr.Assign a && a.op().equals("=")
          && a.target() instanceof Expr.Name t && !writtenAfter.contains(t.name())) {
        out.putIfAbsent(t.name(), a.value());
      }
      for (List<String> names : assigned(item)) writtenAfter.addAll(names);
    }
    return out;
  }

  /** Whether a statement holds a continue, a goto or a label (a continue of an inner loop too: it is not told apart). */
  private static boolean skipsToNextIteration(Stmt st) {
    return holds(st, x -> x instanceof Stmt.Continue || x instanceof Stmt.Goto || x instanceof Stmt.Label);
  }

  /** Whether a statement, or one nested in it, is one that {@code jump} accepts. */
  private static boolean holds(Stmt st, java.util.function.Predicate<Stmt> jump) {
    if (st == null) return false;
    if (jump.test(st)) return true;
    if (st instanceof Stmt.Block b) return b.items().stream().anyMatch(x -> holds(x, jump));
    if (st instanceof Stmt.If i) return holds(i.then(), jump) || holds(i.otherwise(), jump);
    if (st instanceof Stmt.For f) return holds(f.body(), jump);
    if (st instanceof Stmt.While w) return holds(w.body(), jump);
    if (st instanceof Stmt.DoWhile d) return holds(d.body(), jump);
    if (st instanceof Stmt.Switch w) return holds(w.body(), jump);
    return false;
  }

  /** The variables multiplied, divided or shifted in place. */
  private static List<String> geometric(Object stmtOrExpr) {
    List<String> out = new ArrayList<>();
    for (Expr e : walked(stmtOrExpr)) {
      if (e instanceof Expr.Assign a && a.target() instanceof Expr.Name nm && Set.of("*=", "/=", "<<=", ">>=").contains(a.op())) {
        out.add(nm.name());
      }
    }
    return out;
  }

  /** Every expression under a statement or expression, in {@link Walk}'s order. */
  private static List<Expr> walked(Object stmtOrExpr) {
    List<Expr> out = new ArrayList<>();
    if (stmtOrExpr instanceof Stmt st) Walk.stmt(st, v -> {}, out::add);
    else if (stmtOrExpr instanceof Expr ex) Walk.expr(ex, out::add);
    return out;
  }

  /**
   * The values a loop leaves in the lanes {@code mask} of its variables after an unknown number of iterations; the
   * tag that ends the names of the symbols made for them ("#n").
   */
  private String havocLoopVariables(Pos pos, Expr cond, Expr step, Stmt body, boolean[] mask, boolean capped,
      List<Assumed> assumed) {
    Set<String> increments = new LinkedHashSet<>();
    Set<String> others = new LinkedHashSet<>();
    Set<String> changing = new HashSet<>(); // what a step read from these may differ between iterations
    for (Object piece : Arrays.asList(body, step, cond)) {
      if (piece == null) continue;
      List<List<String>> assigned = program.fact("assigned", piece, Interpreter::assigned);
      increments.addAll(assigned.get(0));
      others.addAll(assigned.get(1));
      changing.addAll(program.fact("array writes", piece, Interpreter::arrayWrites).keySet());
      program.fact("member writes", piece, Interpreter::memberWrites).forEach((name, written) -> {
        if (written.stream().anyMatch(w -> !w.startsWith("()") || methodChanges(name, w.substring(2)))) changing.add(name);
      });
    }
    changing.addAll(increments);
    changing.addAll(others);
    String tag = "#" + (uid++); // ends the name of every symbol made here
    String k = (capped ? CAPPED + MAX_LOOP_ITERATIONS : "some iterations") + " of the loop at " + at(pos) + tag;
    Set<String> varying = new HashSet<>();
    // a step that reads what the loop changes (or declares) is not one amount: the variable changes as others do
    Set<String> unsteady = new HashSet<>();
    Map<String, Poly> steps = loopSteps(body, step, mask, varying, changing, unsteady);
    others.addAll(unsteady);
    for (String name : varying) {
      Var v = lookupLocal(name);
      if (v == null || v.vals == null) continue;
      String unknownStep = unknownSteps.remove(name);
      touch(v.vals);
      Val.Unknown unknown = new Val.Unknown(unknownStep != null
          ? "'" + name + "' advances by an amount the tool cannot compute in the loop at " + at(pos) + " ("
              + unknownStep + ")"
          : "'" + name + "' grows by a different amount in each lane in the loop at " + at(pos));
      for (int l = 0; l < n; l++) {
        if (mask[l]) v.vals[l] = v.vals[l] instanceof Val.Ptr p ? perLane(p, tag, unknown.reason()) : unknown;
      }
    }
    unknownSteps.clear();
    for (String name : increments) {
      Var v = lookupLocal(name);
      if (v == null || v.vals == null || others.contains(name) || varying.contains(name) || holdsStruct(v.vals)) continue;
      // start + k*step for an unknown trip count k: exact, and keeps what the step is a multiple of
      Poly known = steps.get(name);
      Assumed a = new Assumed(v, null, "'" + name + "'", v.vals.clone(), known, k);
      advance(a, known != null ? known.mul(Poly.symbol("the trip count of " + k)) : null, mask);
      if (!(v.type instanceof Type.Scalar sc && !sc.integer())) assumed.add(a);
    }
    Map<String, Val[]> swapped = swappedPointers(body, step, others, mask, pos, tag);
    for (String name : others) {
      Var v = lookupLocal(name);
      if (v == null || v.vals == null || holdsStruct(v.vals)) continue;
      if (swapped.containsKey(name)) {
        touch(v.vals); // in place: an undecided branch restores the array it journaled
        System.arraycopy(swapped.get(name), 0, v.vals, 0, n);
        continue;
      }
      if (restoredEachIteration(body, step, name, v, mask, increments, others)) continue;
      // whatever a loop leaves in a float, it is a float: compared, it decides as data does (a binary search's pivot)
      Val fresh = v.type instanceof Type.Scalar sc && !sc.integer() ? new Val.Opaque("floating-point value")
          : changedBy(v.vals, mask, "'" + name + "'", k, pos);
      if (oneForTheWarp(fresh)) assumed.add(new Assumed(v, null, "'" + name + "'", null, null, k));
      touch(v.vals);
      for (int l = 0; l < n; l++) {
        if (mask[l] && v.vals[l] != null) v.vals[l] = fresh;
      }
    }
    Map<String, Set<String>> members = new HashMap<>();
    for (Object piece : step == null ? List.of(body) : List.of(body, step)) {
      program.fact("member writes", piece, Interpreter::memberWrites)
          .forEach((name, written) -> members.computeIfAbsent(name, x -> new HashSet<>()).addAll(written));
    }
    members.forEach((name, written) -> havocMembers(name, written, k, pos, mask, assumed));
    for (Object piece : Arrays.asList(body, step, cond)) {
      if (piece == null) continue;
      program.fact("array writes", piece, Interpreter::arrayWrites).forEach((name, subscripts) -> {
        Var v = lookupLocal(name);
        if (v == null || v.elements == null) return;
        Val lost = new Val.Unknown("the elements of '" + name + "' change across iterations of the loop at " + at(pos)
            + ", whose trip count is not known");
        for (int e : writtenElements(v, subscripts)) {
          touch(v.elements[e]);
          for (int l = 0; l < n; l++) if (mask[l]) v.elements[e][l] = lost;
        }
      });
    }
    return tag;
  }

  /**
   * What {@link #havocLoopVariables} assumed of a variable (or a member of a local object, {@code member}) a loop
   * changes: one value for the warp ({@code start} null), or, for one it only increments, its value at the start
   * ({@code start}) plus {@code step} per iteration (the trip count times it), or, {@code step} null, plus one amount
   * for the warp.
   */
  private record Assumed(Var var, String member, String what, Val[] start, Poly step, String count) {
    Assumed withoutStep() {
      return new Assumed(var, member, what, start, null, count);
    }
  }

  /** Each lane's start of an increment advanced by {@code advance}, or by one amount for the warp where that is null. */
  private void advance(Assumed a, Poly advance, boolean[] mask) {
    Poly by = advance != null ? advance : Poly.symbol(a.what() + " after " + a.count());
    Val[] vals = a.var().vals;
    touch(vals);
    for (int l = 0; l < n; l++) {
      if (mask[l]) vals[l] = plus(a.start()[l], by);
    }
  }

  /** An integer or an address advanced by {@code by} (elements, for an address); others as they are. */
  private static Val plus(Val v, Poly by) {
    if (v instanceof Val.Num num) return new Val.Num(num.poly().add(by));
    if (v instanceof Val.Data d) return d.plus(by);
    if (v instanceof Val.Ptr p && p.offset() != null && p.pointee().size() > 0) {
      return p.withOffset(p.offset().add(by.scale(p.pointee().size())));
    }
    return v;
  }

  /**
   * Runs {@code iteration} (one iteration of a loop from the state {@link #havocLoopVariables} made; it gives the
   * lanes that finish it) and tells what of {@code assumed} it did not keep, with each one's values after it: what
   * havoc assumed holds at the start of every iteration only if an iteration that starts so leaves it so ({@code x =
   * threadIdx.x} does not keep x one value for the warp, {@code if (threadIdx.x < 16) x++} does not add 1 in every
   * lane, {@code x += __popc(vote)} adds one amount for the warp). Where something is not kept, or {@code keep} is
   * false, everything the iteration did is undone: its accesses are not recorded.
   */
  private Map<Assumed, Broken> tryIteration(List<Assumed> assumed, boolean keep,
      java.util.function.Supplier<boolean[]> iteration) {
    Map<Assumed, Val[]> before = new HashMap<>();
    for (Assumed a : assumed) before.put(a, valuesOf(a));
    Map<Assumed, Broken> broken = new java.util.LinkedHashMap<>();
    Checkpoint trial = new Checkpoint(keep);
    try {
      boolean[] finished = iteration.get();
      for (Assumed a : none(finished) ? List.<Assumed>of() : assumed) {
        Val[] now = valuesOf(a);
        Type type = a.member() == null ? a.var().type : null;
        if (a.start() == null ? uniformCondition(now, finished) || oneAddress(now, finished) != null
            : steppedBy(a.step(), type, before.get(a), now, finished)) {
          continue;
        }
        broken.put(a, new Broken(now, a.start() != null && steppedBy(null, type, before.get(a), now, finished)));
      }
    } finally {
      trial.close();
    }
    if (keep && broken.isEmpty()) trial.keep();
    else trial.undo();
    return broken;
  }

  /**
   * The state running code changes, taken where a trial begins: variables (a journal), lanes' fates and returned
   * values, breaks and continues recorded, notes, loops' iterations spent. Accesses wait (none are made where
   * {@code recording} is false) until {@link #keep}; {@link #undo} puts everything back. Both come after
   * {@link #close}, and not on the way out of an exception: that abandons the whole run (see WarpDependent).
   */
  private final class Checkpoint {
    private record FrameMark(boolean uncertainExit, boolean divergentExit, boolean returnedAddress, int exits,
        int continues) {}

    final boolean recording;
    final Map<Val[], Val[]> journal = new HashMap<>();
    final Map<Pos, Integer> spent = new HashMap<>(iterationsSpent);
    final List<boolean[]> kills = snapshotKills();
    final Frame fn = functionFrame();
    final Val[] returns = fn.returns.clone();
    final Pending[] pending = fn.pending.clone();
    final List<FrameMark> marks = new ArrayList<>();
    final Set<String> notesBefore = new HashSet<>(notes);
    final AccessSink outer = sink;
    final List<Runnable> accesses = new ArrayList<>();

    Checkpoint(boolean recording) {
      this.recording = recording;
      for (Frame f : frames) {
        marks.add(new FrameMark(f.uncertainExit, f.divergentExit, f.returnedAddress, f.exits.size(), f.continues.size()));
      }
      sink = (at, op, lanes, type, context, conditions) -> accesses.add(() -> outer.access(at, op, lanes, type,
          context, conditions));
      journals.push(journal);
      if (!recording) noAccess++;
    }

    void close() {
      if (!recording) noAccess--;
      journals.pop();
      sink = outer;
    }

    void keep() {
      accesses.forEach(Runnable::run);
    }

    void undo() {
      boolean[] all = new boolean[n];
      Arrays.fill(all, true);
      restore(journal, all);
      restoreKills(kills, all);
      System.arraycopy(returns, 0, fn.returns, 0, n);
      System.arraycopy(pending, 0, fn.pending, 0, n);
      int i = 0;
      for (Frame f : frames) {
        FrameMark was = marks.get(i++);
        f.uncertainExit = was.uncertainExit();
        f.divergentExit = was.divergentExit();
        f.returnedAddress = was.returnedAddress();
        f.exits.subList(was.exits(), f.exits.size()).clear();
        f.continues.subList(was.continues(), f.continues.size()).clear();
      }
      notes.retainAll(notesBefore);
      iterationsSpent.clear();
      iterationsSpent.putAll(spent);
    }
  }

  /** What an iteration left in what it did not keep; for an increment, whether it still added one amount for the warp. */
  private record Broken(Val[] after, boolean oneAmount) {}

  private Val[] valuesOf(Assumed a) {
    return a.member() == null ? a.var().vals.clone() : memberValues(a.var().vals, a.member());
  }

  /**
   * What havoc assumed and an iteration did not keep ({@code broken}, with the values it left) is given up: an
   * increment that added one amount for the warp, not its step, adds one amount for the warp; anything else
   * differs between lanes: data where the iteration left data in every lane, else unknown.
   */
  private void abandon(Map<Assumed, Broken> broken, List<Assumed> assumed, boolean[] mask, Pos pos) {
    broken.forEach((a, b) -> {
      assumed.remove(a);
      if (a.step() != null && b.oneAmount()) {
        Assumed any = a.withoutStep();
        advance(any, null, mask);
        assumed.add(any);
        return;
      }
      String why = a.what() + " changes across iterations of the loop at " + at(pos)
          + " in a way the tool cannot follow (an iteration changes it differently in each lane)";
      Val.Data data = null;
      for (int l = 0; l < n; l++) {
        if (!mask[l] || b.after()[l] == null) continue;
        data = b.after()[l] instanceof Val.Data d && (data == null || data.source().equals(d.source())) ? d : null;
        if (data == null) break;
      }
      // an address stays one, of unknown offset: its accesses are reported unknown, not lost
      Val lost = data != null ? new Val.Data(data.source()) : perLaneChange(b.after(), mask, why);
      if (a.member() == null) {
        touch(a.var().vals);
        for (int l = 0; l < n; l++) if (mask[l] && a.var().vals[l] != null) a.var().vals[l] = lost;
      } else {
        replaceMembers(a.var(), Map.of(a.member(), lost), mask);
      }
    });
  }

  /**
   * The variables whose elements are written ({@code a[i] = x}, {@code a[i][j]++}), local arrays among them, with
   * the subscripts of each write.
   */
  private static Map<String, List<List<Expr>>> arrayWrites(Object stmtOrExpr) {
    Map<String, List<List<Expr>>> out = new java.util.LinkedHashMap<>();
    for (Expr e : walked(stmtOrExpr)) {
      Expr target = e instanceof Expr.Assign a ? a.target()
          : e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--")) ? u.operand()
          : e instanceof Expr.Postfix p ? p.operand() : null;
      if (!(target instanceof Expr.Index)) continue;
      List<Expr> subscripts = new ArrayList<>();
      for (; target instanceof Expr.Index i; target = i.base()) subscripts.add(0, i.index());
      if (target instanceof Expr.Name nm) out.computeIfAbsent(nm.name(), k -> new ArrayList<>()).add(subscripts);
    }
    return out;
  }

  /** The elements writes with these subscripts may change: those written literally ({@code k[2] = j}), else all. */
  private static Set<Integer> writtenElements(Var array, List<List<Expr>> writes) {
    Set<Integer> out = new java.util.TreeSet<>();
    for (List<Expr> subscripts : writes) {
      int flat = subscripts.size() == array.dims.length ? 0 : -1;
      for (int d = 0; d < subscripts.size() && flat >= 0; d++) {
        flat = subscripts.get(d) instanceof Expr.IntLit lit && lit.value() >= 0 && lit.value() < array.dims[d]
            ? flat * array.dims[d] + (int) lit.value() : -1;
      }
      if (flat < 0) {
        for (int k = 0; k < array.elements.length; k++) out.add(k);
        return out;
      }
      out.add(flat);
    }
    return out;
  }

  /** Whether code writes an element of a local array that is followed element by element. */
  private boolean writesLocalArray(Object stmtOrExpr) {
    if (stmtOrExpr == null) return false;
    for (String name : program.fact("array writes", stmtOrExpr, Interpreter::arrayWrites).keySet()) {
      Var v = lookupLocal(name);
      if (v != null && v.elements != null) return true;
    }
    return false;
  }

  /**
   * Two pointers a loop only swaps ({@code tmp = a; a = b; b = tmp;}, {@code swap(a, b)}: double buffering) hold
   * after any number of iterations either what they held before or each other's: {@code a + (b - a) * s} for a symbol
   * s, 0 or 1 for the whole warp, that the checks enumerate. Both must hold exact addresses into one array in every
   * lane; by name, the values each swapped pointer takes after the havoc.
   */
  private Map<String, Val[]> swappedPointers(Stmt body, Expr step, Set<String> changed, boolean[] mask, Pos pos,
      String tag) {
    Map<String, Set<String>> copies = new HashMap<>();
    Set<String> other = new HashSet<>();
    for (Object piece : step == null ? List.of(body) : List.of(body, step)) {
      PointerCopies found = program.fact("pointer copies", piece, Interpreter::pointerCopies);
      found.copies().forEach((to, from) -> copies.computeIfAbsent(to, x -> new HashSet<>()).addAll(from));
      other.addAll(found.other());
    }
    Map<String, Val[]> out = new HashMap<>();
    for (String a : changed) {
      if (out.containsKey(a) || !copies.containsKey(a)) continue;
      Set<String> reached = new HashSet<>(); // what a's value can come from, through temporaries
      Deque<String> work = new ArrayDeque<>(List.of(a));
      while (!work.isEmpty()) {
        for (String from : copies.getOrDefault(work.pop(), Set.of())) {
          if (reached.add(from)) work.push(from);
        }
      }
      reached.add(a);
      if (reached.stream().anyMatch(other::contains)) continue; // written otherwise: not a swap
      List<String> outer = reached.stream().filter(name -> lookupLocal(name) != null).toList();
      if (outer.size() != 2 || !changed.containsAll(outer)) continue;
      Var x = lookupLocal(outer.get(0));
      Var y = lookupLocal(outer.get(1));
      if (!exactPointers(x, y, mask)) continue;
      Poly odd = Poly.symbol(SWAP_PREFIX + pos.line() + ":" + pos.column() + tag);
      Val[] xs = new Val[n];
      Val[] ys = new Val[n];
      for (int l = 0; l < n; l++) {
        xs[l] = mask[l] ? choose(odd, y.vals[l], x.vals[l], pos) : x.vals[l];
        ys[l] = mask[l] ? choose(odd, x.vals[l], y.vals[l], pos) : y.vals[l];
      }
      out.put(outer.get(0), xs);
      out.put(outer.get(1), ys);
    }
    return out;
  }

  /** Whether two variables hold exact addresses into the same shared array in every lane of {@code mask}. */
  private boolean exactPointers(Var x, Var y, boolean[] mask) {
    if (x.vals == null || y.vals == null || x.escaped != null || y.escaped != null) return false;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (!(x.vals[l] instanceof Val.Ptr p) || !(y.vals[l] instanceof Val.Ptr q) || p.exactOffset() == null
          || q.exactOffset() == null || p.root() != q.root() || !p.pointee().equals(q.pointee())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Plain copies between variables in a piece of code ({@code a = b}, {@code T t = a}, {@code swap(a, b)}), by target;
   * {@code other}: variables written otherwise.
   */
  private record PointerCopies(Map<String, Set<String>> copies, Set<String> other) {}

  private static PointerCopies pointerCopies(Object stmtOrExpr) {
    Map<String, Set<String>> copies = new HashMap<>();
    Set<String> other = new HashSet<>();
    java.util.function.BiConsumer<String, Expr> copy = (to, value) -> {
      while (value instanceof Expr.Cast c) value = c.operand();
      if (value instanceof Expr.Name from) copies.computeIfAbsent(to, x -> new HashSet<>()).add(from.name());
      else other.add(to);
    };
    java.util.function.Consumer<Expr> onExpr = e -> {
      if (e instanceof Expr.Assign a && a.target() instanceof Expr.Name t) {
        if (a.op().equals("=")) copy.accept(t.name(), a.value());
        else other.add(t.name());
      } else if (e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--") || u.op().equals("&"))
          && u.operand() instanceof Expr.Name t) {
        other.add(t.name()); // an address taken: written anywhere
      } else if (e instanceof Expr.Postfix p && p.operand() instanceof Expr.Name t) {
        other.add(t.name());
      } else if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name f && simpleName(f.name()).equals("swap")
          && c.args().size() == 2 && c.args().get(0) instanceof Expr.Name x && c.args().get(1) instanceof Expr.Name y) {
        copy.accept(x.name(), y);
        copy.accept(y.name(), x);
      }
    };
    if (stmtOrExpr instanceof Stmt st) {
      Walk.stmt(st, d -> {
        if (d.init() != null) copy.accept(d.name(), d.init());
      }, onExpr);
    } else if (stmtOrExpr instanceof Expr ex) {
      Walk.expr(ex, onExpr);
    }
    return new PointerCopies(copies, other);
  }

  /**
   * What a loop leaves in a variable it changes: a fresh symbol where all lanes agree, else unknown; an address into
   * one shared array stays one, at an unknown offset (its accesses are listed as unknown, not lost).
   */
  private Val changedBy(Val[] vals, boolean[] mask, String what, String k, Pos pos) {
    if (uniformAcross(vals, mask)) return new Val.Num(Poly.symbol(what + " as changed by " + k));
    // one address for the warp: moved by some whole elements
    Val.Ptr p = oneAddress(vals, mask);
    if (p != null) {
      return p.withOffset(p.offset().add(Poly.symbol(what + " as changed by " + k).scale(p.pointee().size())));
    }
    return perLaneChange(vals, mask, what + " changes across iterations of the loop at " + at(pos)
        + " in a way the tool cannot follow");
  }

  /** The address every lane of {@code mask} holds, where that is one exact address into shared memory; else null. */
  private Val.Ptr oneAddress(Val[] vals, boolean[] mask) {
    Val first = firstIn(vals, mask);
    if (!(first instanceof Val.Ptr p) || p.exactOffset() == null || p.pointee().size() <= 0) return null;
    for (int l = 0; l < n; l++) {
      if (mask[l] && !first.equals(vals[l])) return null;
    }
    return p;
  }

  /** What a loop leaves in a variable that may differ between lanes: an address of unknown offset, or unknown. */
  private Val perLaneChange(Val[] vals, boolean[] mask, String why) {
    Val.Ptr first = null;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (!(vals[l] instanceof Val.Ptr p) || first != null && p.root() != first.root()) return new Val.Unknown(why);
      if (first == null) first = p;
    }
    return first == null ? new Val.Unknown(why) : new Val.Ptr(first.root(), null, first.pointee(), first.via(), why, false);
  }

  /**
   * Whether every lane of {@code mask} went from {@code was} to {@code now} by {@code step} (elements, for an
   * address; wrapped as a char or short of {@code type} wraps), or, {@code step} null, by one amount for the warp.
   */
  private boolean steppedBy(Poly step, Type type, Val[] was, Val[] now, boolean[] mask) {
    Poly amount = step;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (step != null) {
        Val expected = plus(was[l], step);
        if (type instanceof Type.Scalar s && s.integer()) expected = narrow(expected, s);
        if (!expected.equals(now[l])) return false;
        continue;
      }
      Poly d = was[l] instanceof Val.Num a && now[l] instanceof Val.Num b ? b.poly().sub(a.poly())
          : was[l] instanceof Val.Data a && now[l] instanceof Val.Data b && a.modulus() == b.modulus()
              && Objects.equals(a.warpToken(), b.warpToken()) && Objects.equals(a.source(), b.source())
              ? b.residue().sub(a.residue())
          : was[l] instanceof Val.Ptr a && now[l] instanceof Val.Ptr b && a.root() == b.root() && a.offset() != null
              && b.offset() != null && a.pointee().size() > 0 && a.pointee().equals(b.pointee())
              ? b.offset().sub(a.offset())
          : null;
      if (d == null || amount != null && !amount.equals(d)) return false;
      amount = d;
    }
    return true;
  }

  /**
   * The members a loop may change in a local object ({@code written}: members, "()m" for a method it calls, "*" for
   * the whole object) take what {@link #changedBy} gives; the others keep their values.
   */
  private void havocMembers(String name, Set<String> written, String k, Pos pos, boolean[] mask, List<Assumed> assumed) {
    Var v = lookupLocal(name);
    if (v == null || v.vals == null || v.escaped != null || !holdsStruct(v.vals)) return;
    StructDef def = structOf(v.vals).obj().def();
    Set<String> changed = new HashSet<>();
    for (String w : written) {
      if (w.equals("*")) def.fields().forEach(f -> changed.add(f.name()));
      else if (w.startsWith("()")) changed.addAll(methodWrites(def, w.substring(2)));
      else changed.add(w);
    }
    Map<String, Val> fresh = new HashMap<>();
    for (String member : changed) {
      String what = "'" + name + "." + member + "'";
      Val value = changedBy(memberValues(v.vals, member), mask, what, k, pos);
      fresh.put(member, value);
      if (oneForTheWarp(value)) assumed.add(new Assumed(v, member, what, null, null, k));
    }
    replaceMembers(v, fresh, mask);
  }

  /** Members of a local object, in the lanes {@code mask}, replaced by {@code fresh}. */
  private void replaceMembers(Var v, Map<String, Val> fresh, boolean[] mask) {
    if (fresh.isEmpty()) return;
    touch(v.vals);
    Map<Val.Struct, Val.Struct> done = new java.util.IdentityHashMap<>();
    for (int l = 0; l < n; l++) {
      if (!mask[l] || !(v.vals[l] instanceof Val.Struct s)) continue;
      v.vals[l] = done.computeIfAbsent(s, x -> {
        Map<String, Val> m = new HashMap<>(x.members());
        m.putAll(fresh);
        return new Val.Struct(x.obj(), java.util.Collections.unmodifiableMap(m));
      });
    }
  }

  /**
   * The members of local objects that code may write, by object: a member assigned ({@code s.x = ...}, {@code s.a.b++}:
   * "x", "a"), a method called ("()m"), the whole object assigned ("*").
   */
  private static Map<String, Set<String>> memberWrites(Object stmtOrExpr) {
    Map<String, Set<String>> out = new HashMap<>();
    for (Expr e : walked(stmtOrExpr)) {
      Expr target = e instanceof Expr.Assign a ? a.target() : e instanceof Expr.Postfix p ? p.operand()
          : e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--")) ? u.operand() : null;
      String written = "*";
      if (e instanceof Expr.Call c && c.callee() instanceof Expr.Member m && !m.arrow()) {
        target = m.base();
        written = "()" + m.member();
      }
      // of s.a.b, s's member a is written
      for (; target instanceof Expr.Member m && !m.arrow(); target = m.base()) written = m.member();
      if (target instanceof Expr.Name root && written != null) {
        out.computeIfAbsent(root.name(), x -> new HashSet<>()).add(written);
      }
    }
    return out;
  }

  /** Memo of {@link #methodWrites}, by class and method name. */
  private final Map<StructDef, Map<String, Set<String>>> methodWritesMemo = new java.util.IdentityHashMap<>();

  /**
   * The members that a method of {@code def} (every overload of that name) may write, through the sibling methods it
   * calls too: assigned, incremented, a member object's method called, or passed to a function (by reference, maybe).
   * A base class's member, or a method only a base class defines, writes the base subobject ("base B").
   */
  private Set<String> methodWrites(StructDef def, String method) {
    Map<String, Set<String>> byMethod = methodWritesMemo.computeIfAbsent(def, d -> new HashMap<>());
    Set<String> known = byMethod.get(method);
    if (known != null) return known;
    Map<String, String> fields = new HashMap<>(); // a name the methods may write, and the member that holds it
    def.fields().forEach(f -> fields.put(f.name(), f.name()));
    for (VarDecl f : def.fields()) {
      StructDef base = f.is(VarDecl.BASE) ? program.structDef(f.type().base()) : null;
      if (base != null) base.fields().forEach(m -> fields.putIfAbsent(m.name(), f.name()));
    }
    Set<String> out = new HashSet<>();
    byMethod.put(method, out); // a method that calls itself adds nothing more
    String prefix = def.qualifiedName() + "::";
    boolean defined = false;
    for (Function f : program.methodsNamed(method)) {
      if (!f.name().equals(prefix + method) || f.body() == null) continue;
      defined = true;
      Set<String> locals = new HashSet<>();
      f.params().forEach(p -> locals.add(p.name()));
      Walk.stmt(f.body(), d -> locals.add(d.name()), e -> {});
      for (Expr e : walked(f.body())) {
        Expr target = e instanceof Expr.Assign a ? a.target() : e instanceof Expr.Postfix p ? p.operand()
            : e instanceof Expr.Unary u && Set.of("++", "--", "&").contains(u.op()) ? u.operand() : null;
        if (target != null) out.addAll(memberNamed(target, fields, locals));
        if (!(e instanceof Expr.Call c)) continue;
        for (Expr a : c.args()) out.addAll(memberNamed(a, fields, locals));
        if (c.callee() instanceof Expr.Name nm && !nm.name().contains("::")) {
          out.addAll(methodWrites(def, nm.name()));
        } else if (c.callee() instanceof Expr.Member m && m.arrow() && m.base() instanceof Expr.Name t
            && t.name().equals("this")) {
          out.addAll(methodWrites(def, m.member()));
        } else if (c.callee() instanceof Expr.Member m && !m.arrow()) {
          out.addAll(memberNamed(m.base(), fields, locals));
        }
      }
    }
    for (VarDecl f : defined ? List.<VarDecl>of() : def.fields()) {
      StructDef base = f.is(VarDecl.BASE) ? program.structDef(f.type().base()) : null;
      String inherited = base == null ? null : base.qualifiedName() + "::" + method;
      if (inherited != null && program.methodsNamed(method).stream().anyMatch(g -> g.name().equals(inherited))) {
        out.add(f.name());
      }
    }
    return out;
  }

  /**
   * The member an lvalue in a method writes ({@code x}, {@code x.y}, {@code this->x}: "x"; a base class's member: the
   * base subobject), if it names one of {@code fields} (a name and the member holding it).
   */
  private static Set<String> memberNamed(Expr e, Map<String, String> fields, Set<String> locals) {
    while (e instanceof Expr.Member m && !(m.arrow() && m.base() instanceof Expr.Name t && t.name().equals("this"))) {
      if (m.arrow()) return Set.of(); // through a pointer: not the object
      e = m.base();
    }
    String name = e instanceof Expr.Member m ? m.member()
        : e instanceof Expr.Name nm && !locals.contains(nm.name()) ? nm.name() : null;
    String holder = name == null ? null : fields.get(name);
    return holder == null ? Set.of() : Set.of(holder);
  }

  /** Whether code may touch shared memory: names a shared array or a pointer into one, or calls a function that does. */
  private boolean reachesShared(Object stmtOrExpr) {
    return SharedScan.reaches(program, program.fact("shared scan", stmtOrExpr, SharedScan::facts), this::mayPointToShared);
  }

  private boolean mayPointToShared(String name) {
    Var v = lookupLocal(name);
    if (v != null) {
      if (v.root != null) return true;
      for (Val x : v.vals) {
        if (x instanceof Val.Ptr || x instanceof Val.Closure) return true; // a lambda may touch it when called
      }
      return false;
    }
    return program.isGlobalShared(name);
  }

  /**
   * The step of each += / -= / ++ / -- variable of a loop, evaluated with the values the variables have
   * before the loop, where all of that variable's steps agree; a variable whose step differs between
   * lanes is added to {@code varying} ("start + k*step" is exact only for warp-uniform steps).
   */
  /** Why the step of a loop variable could not be computed, by variable (filled by {@link #loopSteps}). */
  private final Map<String, String> unknownSteps = new HashMap<>();

  private Map<String, Poly> loopSteps(Stmt body, Expr step, boolean[] mask, Set<String> varying, Set<String> changing,
      Set<String> unsteady) {
    Set<String> inBody = new HashSet<>(changing);
    inBody.addAll(program.fact("declared", body, Interpreter::declaredNames));
    Map<String, Poly> steps = new HashMap<>();
    Set<String> mixed = new HashSet<>();
    java.util.function.BiConsumer<String, Poly> record = (name, d) -> {
      if (mixed.contains(name)) return;
      Poly prev = steps.putIfAbsent(name, d);
      if (prev != null && !prev.equals(d)) {
        mixed.add(name);
        steps.remove(name);
      }
    };
    java.util.function.BiConsumer<Expr, Set<String>> check = (e, notInvariant) -> {
      if (e instanceof Expr.Assign a && (a.op().equals("+=") || a.op().equals("-=")) && a.target() instanceof Expr.Name nm
          && !varying.contains(nm.name())) {
        if (readsAny(a.value(), notInvariant)) {
          unsteady.add(nm.name());
          return;
        }
        noAccess++;
        try {
          Val[] d = eval(a.value(), mask);
          if (!uniformAcross(d, mask)) {
            varying.add(nm.name());
            for (int l = 0; l < n; l++) {
              if (mask[l] && d[l] instanceof Val.Unknown u) {
                unknownSteps.putIfAbsent(nm.name(), u.reason());
                break;
              }
            }
            return;
          }
          Val first = null;
          for (int l = 0; l < n && first == null; l++) first = mask[l] ? d[l] : null;
          if (first instanceof Val.Num num) record.accept(nm.name(), a.op().equals("-=") ? num.poly().negate() : num.poly());
          else mixed.add(nm.name());
        } finally {
          noAccess--;
        }
      } else if (e instanceof Expr.Unary u && u.operand() instanceof Expr.Name nm && (u.op().equals("++") || u.op().equals("--"))) {
        record.accept(nm.name(), Poly.of(u.op().equals("++") ? 1 : -1));
      } else if (e instanceof Expr.Postfix p && p.operand() instanceof Expr.Name nm) {
        record.accept(nm.name(), Poly.of(p.op().equals("++") ? 1 : -1));
      }
    };
    program.fact("steps", body, Interpreter::stepExprs).forEach(e -> check.accept(e, inBody));
    if (step != null) program.fact("steps", step, Interpreter::stepExprs).forEach(e -> check.accept(e, changing));
    steps.keySet().removeAll(varying);
    steps.keySet().removeAll(unsteady);
    varying.removeAll(unsteady);
    return steps;
  }

  /** Whether calling the method of the local object may change a member (objects the tool does not follow: no). */
  private boolean methodChanges(String object, String method) {
    Var v = lookupLocal(object);
    return v != null && v.vals != null && holdsStruct(v.vals)
        && !methodWrites(structOf(v.vals).obj().def(), method).isEmpty();
  }

  /** Whether an expression reads one of {@code names}. */
  private static boolean readsAny(Expr e, Set<String> names) {
    boolean[] found = {false};
    Walk.expr(e, x -> found[0] |= x instanceof Expr.Name nm && names.contains(nm.name()));
    return found[0];
  }

  /** The names of the variables a statement declares, in blocks within it too. */
  private static Set<String> declaredNames(Object body) {
    Set<String> out = new HashSet<>();
    if (body instanceof Stmt st) Walk.stmt(st, d -> out.add(d.name()), e -> {});
    return out;
  }

  /** The expressions {@link #loopSteps} looks at (+= -= ++ --), in {@link Walk}'s order. */
  private static List<Expr> stepExprs(Object stmtOrExpr) {
    List<Expr> out = new ArrayList<>();
    for (Expr e : walked(stmtOrExpr)) {
      if (e instanceof Expr.Assign a && (a.op().equals("+=") || a.op().equals("-=")) && a.target() instanceof Expr.Name
          || e instanceof Expr.Unary u && u.operand() instanceof Expr.Name && (u.op().equals("++") || u.op().equals("--"))
          || e instanceof Expr.Postfix p && p.operand() instanceof Expr.Name) {
        out.add(e);
      }
    }
    return out;
  }

  /**
   * Under a symbolic warp (threadIdx.x = warpSize*w + lane), a condition undecided because of w means
   * the warps differ: the checker then analyzes each warp on its own.
   */
  private void noteWarpDependence(Val[] c, boolean[] lanes) {
    if (!warpDependent && decidableByWarp(c, lanes)) warpDepends();
  }

  /** Whether the values of some warp might decide a condition that this symbolic warp leaves undecided. */
  private boolean decidableByWarp(Val[] c, boolean[] lanes) {
    Val prev = null;
    for (int l = 0; l < n; l++) {
      if (!lanes[l] || c[l] == prev) continue;
      prev = c[l];
      if (c[l] instanceof Val.Num num && mentionsWarp(num.poly()) && !undecidedInEveryWarp(num.poly())) return true;
      if (c[l] instanceof Val.Unknown u && warp.mentionsWarp(u.reason())) return true;
    }
    return false;
  }

  private boolean mentionsWarp(Poly p) {
    for (int i = 0; i < p.termCount(); i++) {
      if (warp.mentionsWarp(p.termName(i))) return true;
    }
    return false;
  }

  /**
   * Whether a value is non-zero-or-unknown in every warp the symbolic warp stands for: its terms that depend
   * on the warp are the warp's own symbols (a warp's values only move the constant), and a term that does
   * not depend on it remains; or its only such term is a comparison that no warp decides.
   */
  private boolean undecidedInEveryWarp(Poly p) {
    if (p.isConstant()) return false;
    int independent = 0;
    int undecidable = 0;
    for (int i = 0; i < p.termCount(); i++) {
      String t = p.termName(i);
      if (undecidableComparisons.contains(t)) undecidable++;
      else if (!warp.mentionsWarp(t)) independent++;
      else if (!warp.isAxis(t)) return false;
    }
    // two such comparisons, or one and another term, could be equal in some warp and cancel
    return undecidable == 0 ? independent > 0 : undecidable == 1 && independent == 0;
  }

  /** A comparison (or !, &&, || of them) as one symbol: noted when no warp's values can decide it. */
  private void noteUndecidable(Val result, Poly... decidedBy) {
    if (!(result instanceof Val.Num r) || r.poly().termCount() != 1 || !tracksWarps()) return;
    String name = r.poly().termName(0);
    if (undecidableComparisons.contains(name)) return;
    for (Poly d : decidedBy) {
      if (d != null && !undecidedInEveryWarp(d)) return;
    }
    undecidableComparisons.add(name);
  }

  /**
   * A comparison of values linear in the warp's numbers that comes out the same in every warp (a block-stride
   * loop's {@code i < 1024} with i = 32*w + lane and 8 warps): its truth; else null. Both sides must be at
   * least 0 in every warp, so that no run of one warp would compare them as unsigned where this one does not.
   */
  private Val sameInEveryWarp(int code, String op, Poly p, Poly q) {
    long[] a = warp.range(p);
    long[] b = a == null ? null : warp.range(q);
    if (b == null || a[0] < 0 || b[0] < 0 || a[1] > Integer.MAX_VALUE || b[1] > Integer.MAX_VALUE) return null;
    long lo = a[0] - b[1];
    long hi = a[1] - b[0];
    Long atLo = Arith.concrete(op, lo, 0);
    Long atHi = Arith.concrete(op, hi, 0);
    // <, <=, >, >= are monotone in p - q; == and != are decided only where p - q is one value
    if (atLo == null || !atLo.equals(atHi) || (code == Arith.EQ || code == Arith.NE) && lo != hi) return null;
    return Val.num(atLo);
  }

  private boolean tracksWarps() {
    return !warpDependent && !warp.axes().isEmpty();
  }

  private static final int MAX_MADE = 20_000;

  /** A symbol that stands for {@code left op right} ({@code code}: the operator's, see {@link Arith}). */
  public record Made(int code, Poly left, Poly right) {}

  /** How a symbol of this warp's values was made, or null. */
  public Made made(String symbol) {
    return made.get(symbol);
  }

  /** a op b, noting how a symbol it makes was made (see {@link #made}). */
  private Val arith(int code, String op, Val a, Val b) {
    Val r = Arith.binary(code, op, a, b);
    if (tracksWarps() && r instanceof Val.Num rn && a instanceof Val.Num x && b instanceof Val.Num y
        && rn.poly().termCount() == 1 && rn.poly().constant() == 0) {
      String name = rn.poly().termName(0);
      // bounded: past it, an address made of such symbols sends the kernel warp by warp, as without them
      if (rn.poly().termCoefficient(0) == 1 && made.size() < MAX_MADE && !made.containsKey(name)) {
        made.put(name, new Made(code, x.poly(), y.poly()));
      }
    }
    return r;
  }

  private boolean mentionsWarp(Val[] c, boolean[] lanes) {
    Val prev = null;
    for (int l = 0; l < n; l++) {
      if (!lanes[l] || c[l] == prev) continue; // a value shared with the lane before: already looked at
      prev = c[l];
      if (c[l] instanceof Val.Num num && mentionsWarp(num.poly())) return true;
      if (c[l] instanceof Val.Unknown u && warp.mentionsWarp(u.reason())) return true;
    }
    return false;
  }

  public boolean warpDependent() {
    return warpDependent;
  }

  /**
   * Makes this symbolic warp's run stop with {@link WarpDependent} as soon as it is known not to stand for
   * every warp: the caller then runs each warp on its own and would throw the rest of this run away.
   */
  public void stopWhenWarpDependent() {
    stopWhenWarpDependent = true;
  }

  /** The symbolic warp's run stopped: it cannot stand for every warp. */
  public static final class WarpDependent extends RuntimeException {
    private WarpDependent() {
      super("the symbolic warp does not stand for every warp", null, false, false);
    }
  }

  private static final WarpDependent WARP_DEPENDENT = new WarpDependent();

  /** Notes that this symbolic warp cannot stand for every warp (the caller found an address that differs). */
  public void warpDepends() {
    warpDependent = true;
    if (stopWhenWarpDependent) throw WARP_DEPENDENT;
  }

  private boolean hasUnknownTruth(Val[] c, boolean[] m) {
    for (int l = 0; l < n; l++) {
      if (m[l] && Arith.truth(c[l]) < 0) return true;
    }
    return false;
  }

  /** Names assigned in a statement or expression: by += -= ++ -- (increments), and otherwise, in order. */
  private static List<List<String>> assigned(Object stmtOrExpr) {
    Set<String> increments = new LinkedHashSet<>();
    Set<String> others = new LinkedHashSet<>();
    for (Expr e : walked(stmtOrExpr)) {
      if (e instanceof Expr.Assign a && a.target() instanceof Expr.Name nm) {
        (a.op().equals("+=") || a.op().equals("-=") ? increments : others).add(nm.name());
      } else if (e instanceof Expr.Unary u && (u.op().equals("++") || u.op().equals("--"))
          && u.operand() instanceof Expr.Name nm) {
        increments.add(nm.name());
      } else if (e instanceof Expr.Postfix p && p.operand() instanceof Expr.Name nm) {
        increments.add(nm.name());
      }
    }
    return List.of(List.copyOf(increments), List.copyOf(others));
  }

  // ---------------------------------------------------------------- expressions

  private Var lookupLocal(String name) {
    for (Map<String, Var> scope : scopes) {
      Var v = scope.get(name);
      if (v != null) return v;
    }
    return null;
  }

  private Val[] eval(Expr e, boolean[] mask) {
    if (!budget.step()) outOfWork = true;
    if (e instanceof Expr.IntLit i) return fill(Val.num(i.value()));
    if (e instanceof Expr.FloatLit) return fill(new Val.Opaque("floating-point literal"));
    if (e instanceof Expr.StringLit) return fill(new Val.Opaque("string"));
    if (e instanceof Expr.Name || e instanceof Expr.Index) return read(lvalue(e, mask), mask, e);
    if (e instanceof Expr.Member m) {
      Val[] builtin = builtinMember(m);
      return builtin != null ? builtin : read(lvalue(e, mask), mask, e);
    }
    if (e instanceof Expr.Unary u) return unary(u, mask);
    if (e instanceof Expr.Postfix p) return increment(p.operand(), p.op(), mask, true);
    if (e instanceof Expr.Binary b) return binary(b, mask);
    if (e instanceof Expr.Assign a) return assign(a, mask);
    if (e instanceof Expr.Ternary t) return ternary(t, mask);
    if (e instanceof Expr.Cast c) return c.type().reference() ? read(lvalue(c, mask), mask, c) : cast(c, mask);
    if (e instanceof Expr.SizeofType s) {
      Type t = resolve(s.type());
      return fill(t.size() > 0 ? Val.num(t.size()) : new Val.Unknown("the size of '" + s.type().display() + "' is unknown"
          + (s.type().base().equals("decltype") ? " (bankcheck does not take a type from an expression)" : becauseUnknown(t))));
    }
    if (e instanceof Expr.SizeofExpr s) return fill(sizeOf(s.operand(), mask));
    if (e instanceof Expr.Comma c) {
      Val[] last = null;
      for (Expr x : c.exprs()) last = eval(x, mask);
      return last;
    }
    if (e instanceof Expr.Call c) return read(lvalue(c, mask), mask, c); // at(i) of float &at(int i) is a load here
    if (e instanceof Expr.InitList il) {
      for (Expr x : il.items()) untracked(x, eval(x, mask), "an initializer list", mask);
      return fill(new Val.Opaque("initializer list"));
    }
    if (e instanceof Expr.Launch) return fill(new Val.Opaque("kernel launch"));
    if (e instanceof Expr.Lambda lam) return lam.function() != null ? closure(lam, mask) : lambda(lam, mask);
    if (e instanceof Expr.AsmOutput a) {
      return fill(new Val.Unknown("it is written by the inline asm at " + at(a.pos()) + ", which bankcheck does not run"));
    }
    if (e instanceof Expr.TemplateId t) {
      String trait = TypeTraits.trait(program, t.name(), true);
      if (trait != null) return fill(TypeTraits.value(program, trait, t.templateArgs(), typeArgumentScope()));
      return fill(new Val.Unknown("this expression is not supported (the template '" + t.name() + "<...>' as a value)"));
    }
    Expr.Unsupported u = (Expr.Unsupported) e;
    String why = "it is in an expression bankcheck does not support (" + u.what() + "), so this access is not analyzed";
    for (Expr.Name name : u.names()) {
      if (nameOrNull(name.name()) != null) unanalyzed(name, MemOp.LOAD, eval(name, mask), why, mask);
    }
    return fill(new Val.Unknown("this expression is not supported (" + u.what() + ")"));
  }

  private Val[] builtinMember(Expr.Member m) {
    if (!(m.base() instanceof Expr.Name base) || m.arrow()) return null;
    int axis = switch (m.member()) {
      case "x" -> 0;
      case "y" -> 1;
      case "z" -> 2;
      default -> -1;
    };
    if (axis < 0 || lookupLocal(base.name()) != null) return null;
    return switch (base.name()) {
      case "threadIdx" -> warp.threadIdx()[axis].clone();
      case "blockDim" -> fill(warp.blockDim()[axis]);
      case "blockIdx", "gridDim" -> fill(new Val.Num(Poly.symbol(base.name() + "." + m.member())));
      default -> null;
    };
  }

  private Val sizeOf(Expr operand, boolean[] mask) {
    noAccess++;
    try {
      LV lv = lvalue(operand, mask);
      Type t = lv instanceof SharedLV s ? s.type() : lv instanceof LocalLV l ? l.var().type
          : lv instanceof FieldLV f ? f.type() : lv instanceof ElementLV e ? elementType(e.var().type) : null;
      return t != null && t.size() > 0 ? Val.num(t.size()) : new Val.Unknown("the size of this expression is unknown");
    } finally {
      noAccess--;
    }
  }

  private LV lvalue(Expr e, boolean[] mask) {
    if (e instanceof Expr.Name nm) return name(nm.name());
    if (e instanceof Expr.Index i) {
      ElementLV ofArray = element(i, mask);
      if (ofArray != null) return ofArray;
      LV object = plainLvalue(i.base()) ? lvalue(i.base(), mask) : null;
      boolean isObject = object instanceof SharedLV s ? s.type() instanceof Type.Struct || s.type() instanceof Type.Opaque
          : (object instanceof LocalLV || object instanceof FieldLV) && holdsStruct(valuesOf(object));
      LV element = isObject ? subscriptOperator(i, mask) : null;
      if (element != null) return element;
      if (object instanceof SharedLV s && isObject) {
        eval(i.index(), mask);
        return unknownElement(s, "'" + text(i) + "' calls the operator[] of '" + s.type().display()
            + "', which bankcheck does not follow");
      }
      // a row of an object whose layout is unknown (st.q[r][c] for st of an unknown type): an element of it, for
      // that reason (reading the row would make it a load, and lose the access)
      LV row = object == null && i.base() instanceof Expr.Index ? lvalue(i.base(), mask) : null;
      if (row instanceof SharedLV s && s.type() instanceof Type.Opaque && Arrays.stream(s.lanes()).anyMatch(p -> p != null
          && p.offset() == null && p.unknown() != null)) {
        eval(i.index(), mask);
        return unknownElement(s, "an element of '" + text(i.base()) + "' is unknown");
      }
      Val[] base = row != null ? read(row, mask, i.base()) : eval(i.base(), mask);
      Val[] idx = eval(i.index(), mask);
      return deref(pointerAdd(base, idx, mask), mask, () -> "an element of '" + text(i.base()) + "'");
    }
    if (e instanceof Expr.Member m) {
      Self self = m.arrow() && m.base() instanceof Expr.Name b && b.name().equals("this") ? currentSelf() : null;
      Var field = self == null ? null : self.fields().get(m.member());
      if (field != null) return variable(m.member(), field); // this->x: the member, whatever x names here
      if (m.arrow()) return member(deref(eval(m.base(), mask), mask, () -> text(m.base())), m.member());
      return member(lvalue(m.base(), mask), m.member());
    }
    if (e instanceof Expr.Unary u && u.op().equals("*")) {
      return deref(eval(u.operand(), mask), mask, () -> "*" + text(u.operand()));
    }
    if (e instanceof Expr.Call c) {
      lastCallAddressed = false; // a memoized call runs nothing
      Val[] out = call(c, mask);
      return takeAddressed() ? deref(out, mask, () -> text(c)) : new OtherLV(out, "a temporary");
    }
    if (e instanceof Expr.Cast c && c.type().reference()) return referenceCast(c, mask);
    return new OtherLV(eval(e, mask), "a temporary");
  }

  /**
   * {@code reinterpret_cast<Storage&>(smem)}, {@code (S&) s[0]}: the operand itself, an object in shared memory seen as
   * the cast's type (other lvalues as they are).
   */
  private LV referenceCast(Expr.Cast c, boolean[] mask) {
    LV of = lvalue(c.operand(), mask);
    if (!(of instanceof SharedLV s)) return of;
    Type t = resolve(c.type());
    if (!knownOrOpaque(t)) return of;
    Val.Ptr[] lanes = new Val.Ptr[n];
    for (int l = 0; l < n; l++) lanes[l] = s.lanes()[l] == null ? null : s.lanes()[l].withPointee(t);
    return new SharedLV(lanes, t);
  }

  /**
   * {@code x[i]} of an object: its class's operator[] runs (on an object in shared memory, or a local one), and the
   * element is what it returns (a reference: the address it names); null where the class defines none.
   */
  private LV subscriptOperator(Expr.Index i, boolean[] mask) {
    Expr.Member op = new Expr.Member(i.pos(), i.base(), "operator[]", false);
    lastCallAddressed = false;
    Val[] out = method(new Expr.Call(i.pos(), op, List.of(), List.of(i.index())), op, mask);
    if (out == null) return null;
    return takeAddressed() ? deref(out, mask, () -> text(i)) : new OtherLV(out, "the result of an operator[]");
  }

  /** A name or its members ({@code sm.buf}): an lvalue found without evaluating anything. */
  private static boolean plainLvalue(Expr e) {
    return e instanceof Expr.Name || e instanceof Expr.Member m && !m.arrow() && plainLvalue(m.base());
  }

  /**
   * An element of a shared object whose address is unknown: an access of it is unknown, for the reason the object's
   * address already has (a member of an unknown type), else for {@code why}.
   */
  private LV unknownElement(SharedLV object, String why) {
    Val.Ptr[] lanes = object.lanes().clone();
    for (int l = 0; l < n; l++) {
      Val.Ptr p = lanes[l];
      if (p != null) lanes[l] = new Val.Ptr(p.root(), null, object.type(), p.via(), p.unknown() != null ? p.unknown() : why, false);
    }
    return new SharedLV(lanes, new Type.Opaque("element"));
  }

  private static String text(Expr e) {
    return text(e, 0);
  }

  /** Bounded: each level of {@code a[0][0]...} names its base, and 10,000 levels made this cubic. */
  private static String text(Expr e, int depth) {
    if (depth > 8 && (e instanceof Expr.Index || e instanceof Expr.Member)) return "...";
    if (e instanceof Expr.Name nm) return nm.name();
    if (e instanceof Expr.Index i) return text(i.base(), depth + 1) + "[...]";
    if (e instanceof Expr.Member m) return text(m.base(), depth + 1) + (m.arrow() ? "->" : ".") + m.member();
    return "expression";
  }

  /** A variable as an lvalue: the shared array it declares, the shared memory it refers to, or itself. */
  private LV variable(String name, Var v) {
    if (v.root != null) return rootLV(v.root);
    if (v.reference) {
      Val.Ptr[] lanes = new Val.Ptr[n];
      for (int l = 0; l < n; l++) {
        if (v.vals[l] instanceof Val.Ptr p) lanes[l] = p.withVia(name);
      }
      return new SharedLV(lanes, v.type);
    }
    return new LocalLV(name, v);
  }

  private LV name(String name) {
    LV found = nameOrNull(name);
    if (found == null && name.contains("::") && program.qualifierMayBeDropped(name)) {
      found = nameOrNull(name.substring(name.lastIndexOf("::") + 2));
    }
    String length = Function.TemplateParam.PACK_LENGTH;
    return found != null ? found : new OtherLV(fill(new Val.Unknown(name.startsWith(length) ? "the length of the pack '"
        + name.substring(length.length()) + "' is not known here" : program.undeclaredValue(name))), name);
  }

  private LV nameOrNull(String name) {
    Var v = lookupLocal(name);
    if (v != null) return variable(name, v);
    Val t = templateScope.get(name);
    if (t == null && name.contains("::")) {
      // sz<ncols>::k may name locals
      t = program.typeMember(name, name.indexOf('<') >= 0 ? typeArgumentScope() : templateScope);
    }
    if (t != null) return new OtherLV(fill(t), name);
    VarDecl g = program.global(name);
    if (g != null && g.is("__shared__")) return rootLV(program.root(g, templateScope));
    Val c = null;
    for (String meant : Program.inNamespace(namespace, name)) {
      if ((c = program.constantValue(meant)) != null) break;
    }
    if (c != null) return new OtherLV(fill(c), name);
    if (name.equals("warpSize")) return new OtherLV(fill(Val.num(n)), name);
    if (g != null) {
      Type gt = resolve(g.type());
      Val gv = gt instanceof Type.Array a ? new Val.Foreign(name, a.element())
          : gt instanceof Type.Pointer p ? new Val.Foreign(name, p.pointee())
          : g.is("const") || g.is("constexpr") ? new Val.Unknown("'" + name + "' has no constant value in this file")
          : new Val.Data("the global variable '" + name + "'");
      return new OtherLV(fill(gv), name);
    }
    return null;
  }

  private LV rootLV(SharedRoot r) {
    Val.Ptr p = new Val.Ptr(r, Poly.ZERO, r.type(), null, r.shapeProblem() == null ? null
        : "the shape of '" + r.name() + "' is unknown: " + r.shapeProblem(), false);
    Val.Ptr[] lanes = new Val.Ptr[n];
    Arrays.fill(lanes, p);
    return new SharedLV(lanes, r.type());
  }

  /** p + i for each lane: scales by the pointee's size. */
  private Val[] pointerAdd(Val[] base, Val[] idx, boolean[] mask) {
    Val[] out = new Val[n];
    int prev = -1;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      out[l] = prev >= 0 && base[l] == base[prev] && same(idx[l], idx[prev]) ? out[prev] : pointerAdd(base[l], idx[l]);
      prev = l;
    }
    return out;
  }

  private Val pointerAdd(Val b, Val i) {
    if (b instanceof Val.Ptr p) {
      if (p.offset() == null) return p;
      long size = p.pointee().size();
      if (i instanceof Val.Num num) {
        if (size <= 0) {
          String why = p.root().shapeProblem() != null ? "the shape of '" + p.root().name() + "' is unknown: "
              + p.root().shapeProblem() : "the element size of '" + p.pointee().display() + "' is unknown"
              + becauseUnknown(elementOf(p.pointee()));
          return new Val.Ptr(p.root(), null, p.pointee(), p.via(), why, false);
        }
        return p.withOffset(p.offset().add(num.poly().scale(size)));
      }
      if (i instanceof Val.Data d) return dataAddress(p, d, size);
      String why = i instanceof Val.Unknown u ? u.reason() : i instanceof Val.Opaque o
          ? "the index is " + o.what() + ", not an integer the tool follows" : "the index is not an integer";
      return new Val.Ptr(p.root(), null, p.pointee(), p.via(), why, false);
    }
    if (i instanceof Val.Ptr || i instanceof Val.Foreign && !(b instanceof Val.Foreign)) return pointerAdd(i, b);
    if (b instanceof Val.Foreign f) {
      // lanes with equal offsets read one address (a warp-uniform load)
      if (i instanceof Val.Num num) return f.plus(num.poly());
      return i instanceof Val.Unknown ? i : new Val.Data("'" + f.name() + "' at a data-dependent index");
    }
    if (b instanceof Val.Num && i instanceof Val.Num) return Arith.binary("+", b, i);
    // an address in other memory at a data-dependent place (&edges[e[tid]]), moved, is still one
    if (b instanceof Val.Data d && (i instanceof Val.Num || i instanceof Val.Data)) return new Val.Data(d.source());
    return b instanceof Val.Unknown ? b : i instanceof Val.Unknown ? i : new Val.Unknown("indexing a non-pointer");
  }

  /** The element type of (arrays of) arrays: {@code T} of {@code T[4][33]}. */
  private static Type elementOf(Type t) {
    return t instanceof Type.Array a ? elementOf(a.element()) : t;
  }

  /**
   * {@code p + d} elements for data d: what d is known to be modulo some number keeps the address known modulo
   * that many elements' bytes (also for a pointer that already depends on data).
   */
  private static Val.Ptr dataAddress(Val.Ptr p, Val.Data d, long size) {
    long pointerModulus = p.data() ? p.modulus() : 0;
    try {
      long modulus = Arith.gcd(pointerModulus, Math.multiplyExact(d.modulus(), size));
      if (size <= 0 || p.data() && pointerModulus <= 1 || modulus <= 1) {
        return new Val.Ptr(p.root(), null, p.pointee(), p.via(), null, true);
      }
      // bounds on the data bound the address (and a k shared by the warp is the address's), unless the pointer
      // already moves with other data
      return new Val.Ptr(p.root(), p.offset().add(d.residue().scale(size)), p.pointee(), p.via(), modulus,
          p.data() ? null : d.range(), p.data() ? null : d.warpToken());
    } catch (ArithmeticException overflow) {
      return new Val.Ptr(p.root(), null, p.pointee(), p.via(), null, true);
    }
  }

  /** *p for each lane; {@code describe} names other memory for the values loaded from it (made only for such memory). */
  private LV deref(Val[] p, boolean[] mask, java.util.function.Supplier<String> describe) {
    Val.Ptr[] lanes = new Val.Ptr[n];
    boolean shared = false;
    boolean other = false;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (p[l] instanceof Val.Ptr ptr) {
        lanes[l] = ptr;
        shared = true;
      } else {
        other = true;
      }
    }
    if (shared && !other) {
      Type t = firstNonNull(lanes).pointee();
      return new SharedLV(lanes, t);
    }
    if (shared) {
      // some lanes point into shared memory, others cannot be resolved: unknown for the access
      for (int l = 0; l < n; l++) {
        if (mask[l] && lanes[l] == null) {
          Val.Ptr any = firstNonNull(lanes);
          lanes[l] = new Val.Ptr(any.root(), null, any.pointee(), any.via(), reason(p[l]), false);
        }
      }
      return new SharedLV(lanes, firstNonNull(lanes).pointee());
    }
    // other memory: a load gives a value that is warp-uniform when every lane reads one address
    Val[] out = new Val[n];
    Val first = null;
    boolean uniform = true;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (first == null) first = p[l];
      else if (!first.equals(p[l])) uniform = false;
    }
    Val v;
    String what = describe.get();
    if (first instanceof Val.Unknown u) v = u;
    else if (uniform && (first instanceof Val.Foreign || first instanceof Val.Num)) {
      v = new Val.Num(Poly.symbol("(" + what + ")#" + (uid++)));
    } else {
      v = new Val.Data(what);
    }
    // lanes reading one address read one value: data they share (s[in[tid / 8]] reads at most 4 words)
    Map<Val, Object> tokens = v instanceof Val.Data ? new HashMap<>() : null;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      out[l] = p[l] instanceof Val.Unknown u ? u : tokens != null && p[l] instanceof Val.Foreign f
          ? ((Val.Data) v).sharing(tokens.computeIfAbsent(f, x -> new Object())) : v;
    }
    return new OtherLV(out, what, p.clone());
  }

  private static String reason(Val v) {
    if (v instanceof Val.Unknown u) return u.reason();
    if (v instanceof Val.Data d) return "the pointer depends on " + d.source();
    return "the pointer does not point into shared memory in every lane";
  }

  private static Val.Ptr firstNonNull(Val.Ptr[] a) {
    for (Val.Ptr p : a) {
      if (p != null) return p;
    }
    return null;
  }

  /**
   * The address of a member of structs in other memory at {@code base}: equal where the bases are equal; at a
   * data-dependent place where the base is (as {@link #pointerAdd} keeps it).
   */
  private Val[] memberAddress(Val[] base, String member) {
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) {
      out[l] = base[l] instanceof Val.Foreign f ? new Val.Foreign(f.name() + (f.offset().equals(Poly.ZERO) ? ""
          : " + " + f.offset()) + "." + member, new Type.Opaque("?")) : base[l] instanceof Val.Data d
          ? new Val.Data(d.source()) : base[l] == null ? null
          : new Val.Unknown("the address of the member '" + member + "' of a struct bankcheck did not follow");
    }
    return out;
  }

  private LV member(LV base, String member) {
    if ((base instanceof LocalLV l && l.var().escaped == null || base instanceof FieldLV) && holdsStruct(valuesOf(base))) {
      return new FieldLV(base, member, memberType(structOf(valuesOf(base)), member));
    }
    if (base instanceof LocalLV l && l.var().escaped != null) {
      return new OtherLV(fill(new Val.Unknown(l.var().escaped)), member);
    }
    if (base instanceof LocalLV l && l.var().structParameter != null) {
      return new OtherLV(fill(new Val.Num(Poly.symbol(l.var().structParameter + "." + member))), member);
    }
    if (!(base instanceof SharedLV s)) {
      Val[] whole = base instanceof OtherLV o ? o.vals() : base instanceof LocalLV l ? l.var().vals : null;
      if (holdsStruct(whole)) return new OtherLV(memberValues(whole, member), member); // f().x, S{a, b}.x
      // of one struct that every lane read, or a struct parameter: one value for the warp
      Val.Num uniform = whole == null ? null : uniformNum(whole);
      Val other = uniform != null ? new Val.Num(Poly.symbol("(" + uniform.poly() + ")." + member))
          : new Val.Opaque("the member '" + member + "' of a value bankcheck did not follow as an object (it follows"
              + " objects made by a constructor, a brace initializer or a copy in the code it runs)");
      Val[] out = new Val[n];
      for (int l = 0; l < n; l++) {
        // a member of a struct read from memory (q[i].x, p->off) is data too; one of an unknown struct, unknown
        Val v = whole == null ? null : whole[l];
        // (lanes that read one struct read one member: they keep sharing it)
        out[l] = v instanceof Val.Data d ? (d.warpToken() == null ? d.plain()
            : new Val.Data(d.source()).sharing(List.of(d.warpToken(), member))) : v instanceof Val.Unknown ? v : other;
      }
      return new OtherLV(out, member, base instanceof OtherLV o && o.address() != null ? memberAddress(o.address(), member)
          : null);
    }
    Type t = s.type();
    long offset;
    Type ft;
    Type.Field field = Type.member(t, member);
    if (field != null) {
      offset = field.offset();
      ft = field.type();
    } else if (t instanceof Type.Vector v && "xyzw".indexOf(member) >= 0 && member.length() == 1) {
      offset = "xyzw".indexOf(member) * v.component().size();
      ft = v.component();
    } else {
      String why = "the member '" + member + "' of '" + t.display() + "' is unknown" + (t instanceof Type.Struct
          ? " (bankcheck's layout of '" + t.display() + "' has no member of that name)" : becauseUnknown(t));
      if (t instanceof Type.Opaque o && o.unsized() != null) {
        Type.Field before = o.unsized();
        String typeWhy = becauseUnknown(elementOf(before.type()));
        String layoutWhy = typeWhy.isEmpty() ? program.whyNoLayout(o.name()) : null;
        if (layoutWhy != null) typeWhy = " (" + layoutWhy + ")";
        why = before.name().equals(member) ? "the size of '" + before.type().display() + "' is unknown" + typeWhy
            : "the offset of the member '" + member + "' in '" + t.display() + "' is unknown: it comes after '"
                + before.name() + "', whose type '" + before.type().display() + "' has no known size" + typeWhy;
        SharedLV after = unplacedMember(s, o, member, why);
        if (after != null) return after;
      }
      Val.Ptr[] lanes = s.lanes().clone();
      for (int l = 0; l < n; l++) {
        if (lanes[l] != null) lanes[l] = new Val.Ptr(lanes[l].root(), null, t, lanes[l].via(), why, false);
      }
      return new SharedLV(lanes, new Type.Opaque(member));
    }
    Val.Ptr[] lanes = new Val.Ptr[n];
    for (int l = 0; l < n; l++) {
      Val.Ptr p = s.lanes()[l];
      if (p != null) lanes[l] = (p.offset() == null ? p : p.withOffset(p.offset().add(Poly.of(offset)))).withPointee(ft);
    }
    return new SharedLV(lanes, ft);
  }

  /**
   * A member after one of unknown size, at an unknown offset that is a multiple of its alignment: a symbol times
   * that alignment. Every lane moves alike, so accesses of a word or wider have the degree they have at any such
   * offset, and narrower ones are checked at each shift the alignment allows (as any warp-uniform offset is).
   * Null where the member's own layout is unknown too.
   */
  private SharedLV unplacedMember(SharedLV s, Type.Opaque t, String member, String why) {
    Type.Field holder = t.unplacedHolding(member);
    Type.Field field = holder == null ? null : holder.name().equals(member) ? holder : Type.member(holder.type(), member);
    if (field == null || holder.type().size() < 0 || field.type().size() < 0) return null;
    long align = holder.type().align();
    String symbol = "offsetof(" + t.display() + ", " + holder.name() + ")" + (align > 1 ? "/" + align : "");
    memberOffsetNotes.putIfAbsent(symbol, why + "; every offset that is a multiple of its alignment (" + align
        + (align == 1 ? " byte" : " bytes") + ") was analyzed");
    Poly offset = Poly.symbol(symbol).scale(align).add(Poly.of(field.offset()));
    Val.Ptr[] lanes = new Val.Ptr[n];
    for (int l = 0; l < n; l++) {
      Val.Ptr p = s.lanes()[l];
      if (p != null) lanes[l] = (p.offset() == null ? p : p.withOffset(p.offset().add(offset))).withPointee(field.type());
    }
    return new SharedLV(lanes, field.type());
  }

  /** The value every lane holds, where that is one number (a struct read by the whole warp); else null. */
  private static Val.Num uniformNum(Val[] v) {
    Val.Num first = null;
    for (Val x : v) {
      if (x == null) continue;
      if (!(x instanceof Val.Num num) || first != null && !first.equals(num)) return null;
      first = num;
    }
    return first;
  }

  /** The variable whose member {@code e} is ({@code v} of {@code v.a.x}): e itself where it is not a member. */
  private static Expr structOf(Expr e) {
    while (e instanceof Expr.Member m && !m.arrow()) e = m.base();
    return e;
  }

  /** Reads an lvalue: an access for shared memory, a copy for locals; arrays decay to pointers. */
  private Val[] read(LV lv, boolean[] mask, Expr at) {
    if (lv instanceof ElementLV e) return readElement(e, mask);
    if (lv instanceof LocalLV l && l.var().elements != null) {
      // the array as a pointer: what is written through it is not followed, so its elements are unknown from here
      escape(l, "the local array '" + l.name() + "' is used as a pointer at " + at(at.pos()) + ", and bankcheck does"
          + " not follow what is written through it");
    }
    if (lv instanceof LocalLV l && l.var().escaped != null) return fill(new Val.Unknown(l.var().escaped));
    if (lv instanceof LocalLV l) {
      Val[] vals = l.var().vals;
      Val[] out = vals.clone();
      for (int i = 0; i < n; i++) {
        if (i > 0 && vals[i] == vals[i - 1]) out[i] = out[i - 1]; // a value shared by lanes: one copy
        else if (out[i] instanceof Val.Ptr p && !p.root().name().equals(l.name())) out[i] = p.withVia(l.name());
      }
      return out;
    }
    if (lv instanceof OtherLV o) return o.vals();
    if (lv instanceof FieldLV f) {
      Val[] members = memberValues(read(f.object(), mask, at), f.member());
      Val[] out = members.clone();
      String via = path(f);
      for (int l = 0; l < n; l++) {
        if (l > 0 && members[l] == members[l - 1]) out[l] = out[l - 1]; // a value shared by lanes: one copy
        else if (members[l] instanceof Val.Ptr p) out[l] = p.withVia(via);
      }
      return out;
    }
    SharedLV s = (SharedLV) lv;
    if (s.type() instanceof Type.Array a) {
      Val[] out = new Val[n];
      Val.Ptr[] lanes = s.lanes();
      for (int l = 0; l < n; l++) {
        if (l > 0 && lanes[l] == lanes[l - 1]) out[l] = out[l - 1]; // one pointer shared by lanes: one copy
        else if (lanes[l] != null) out[l] = lanes[l].withPointee(a.element());
      }
      return out;
    }
    access(s, MemOp.LOAD, mask, at);
    return loadedValues(s, mask);
  }

  /** a.equals(b), comparing the offsets first: they tell lanes apart, and a root's equals is deep. */
  private static boolean samePtr(Val.Ptr a, Val.Ptr b) {
    return a == b || java.util.Objects.equals(a.offset(), b.offset()) && a.equals(b);
  }

  /** Shared loads give data; a load of one address by every lane gives a warp-uniform value. */
  private Val[] loadedValues(SharedLV s, boolean[] mask) {
    Val.Ptr first = null;
    boolean uniform = true;
    for (int l = 0; l < n; l++) {
      if (!mask[l] || s.lanes()[l] == null) continue;
      if (first == null) first = s.lanes()[l];
      else if (!samePtr(first, s.lanes()[l])) {
        uniform = false;
        break;
      }
    }
    // a struct's or vector's members are read from the value loaded (see member)
    boolean integers = Type.isInteger(s.type()) || s.type() instanceof Type.Struct || s.type() instanceof Type.Vector;
    Val v = first != null && uniform && first.exactOffset() != null && integers
        ? new Val.Num(Poly.symbol(first.root().name() + "[" + first.offset() + "]#" + (uid++)))
        : integers ? new Val.Data("the contents of shared '" + (first == null ? "?" : first.root().name()) + "'")
        : new Val.Opaque("a value loaded from shared memory");
    return fill(v);
  }

  private void access(SharedLV s, MemOp op, boolean[] mask, Expr at) {
    if (noAccess > 0) return;
    Val.Ptr[] lanes = new Val.Ptr[n];
    boolean any = false;
    // an object whose type cannot be laid out (cub's TempStorage, a type from a header not read) has no known width
    String sync = s.type().size() > 0 ? null : synchronization(s.type());
    String unsized = s.type().size() > 0 ? null : sync != null
        ? "it is " + sync + ", whose operations the bank model does not cover"
        : "the size of '" + s.type().display() + "' is unknown" + becauseUnknown(s.type());
    for (int l = 0; l < n; l++) {
      Val.Ptr p = s.lanes()[l];
      if (mask[l] && p != null) {
        lanes[l] = unsized == null || p.unknown() != null ? p : new Val.Ptr(p.root(), null, p.pointee(), p.via(), unsized,
            false);
        any = true;
      }
    }
    if (!any) return;
    sink.access(at, op, lanes, s.type(), String.join(", ", context),
        withMemberOffsets(withElsewhere(conditions(), lanes), lanes));
  }

  /** Symbols of unknown member offsets ({@link #unplacedMember}), with what an access at one of them notes. */
  private final Map<String, String> memberOffsetNotes = new LinkedHashMap<>();

  /** The notes of an access, with those of the unknown member offsets its address holds. */
  private List<String> withMemberOffsets(List<String> notes, Val.Ptr[] lanes) {
    if (memberOffsetNotes.isEmpty()) return notes;
    Val.Ptr first = null;
    for (Val.Ptr p : lanes) if (first == null && p != null && p.offset() != null) first = p;
    if (first == null || first.offset().isConstant()) return notes;
    String terms = first.offset().terms().keySet().toString();
    List<String> out = null;
    for (Map.Entry<String, String> e : memberOffsetNotes.entrySet()) {
      if (!terms.contains(e.getKey())) continue;
      if (out == null) out = new ArrayList<>(notes);
      out.add(e.getValue());
    }
    return out == null ? notes : out;
  }

  /** The notes of an access, with why its address may be one of memory that is not shared in some lanes. */
  private static List<String> withElsewhere(List<String> conditions, Val.Ptr[] lanes) {
    for (Val.Ptr p : lanes) {
      if (p == null || p.orElsewhere() == null || p.offset() == null) continue;
      List<String> notes = new ArrayList<>(conditions);
      notes.add("'" + (p.via() != null ? p.via() : "the address") + "' points into '" + p.root().name()
          + "' in every lane, though it may point to memory that is not shared (" + p.orElsewhere()
          + "), where no shared access is made");
      return notes;
    }
    return conditions;
  }

  private void write(LV lv, Val[] vals, boolean[] mask, Expr at) {
    if (lv instanceof OtherLV && structOf(at) instanceof Expr.Name nm && lookupLocal(nm.name()) != null
        && lvalue(nm, mask) instanceof LocalLV l) {
      // the write is not followed: what the member reads gave before (a value loaded from memory) would be wrong
      escape(l, "a member of '" + l.name() + "' is written at " + at(at.pos()) + ", and bankcheck follows member"
          + " writes only in objects it saw made");
    }
    if (lv instanceof FieldLV f) writeMember(f, vals, mask, at);
    if (lv instanceof ElementLV e) writeElement(e, vals, mask, at);
    if (lv instanceof LocalLV l) {
      l.var().structParameter = null;
      Val[] conv = convert(vals, l.var().type);
      touch(l.var().vals);
      for (int i = 0; i < n; i++) {
        if (mask[i]) l.var().vals[i] = conv[i];
      }
    } else if (lv instanceof SharedLV s) {
      access(s, MemOp.STORE, mask, at);
    }
  }

  private Val[] assign(Expr.Assign a, boolean[] mask) {
    Expr.Ternary outer = storedTernary;
    boolean outerOnWarp = storedTernaryOnWarp;
    storedTernary = a.op().equals("=") && a.value() instanceof Expr.Ternary t ? t : null;
    storedTernaryOnWarp = false;
    Val[] rhs;
    boolean onWarp;
    try {
      rhs = eval(a.value(), mask);
    } finally {
      onWarp = storedTernaryOnWarp;
      storedTernary = outer;
      storedTernaryOnWarp = outerOnWarp;
    }
    LV lv = lvalue(a.target(), mask);
    if (lv instanceof OtherLV) untracked(a.value(), rhs, "'" + text(a.target()) + "'", mask);
    // a value stored to memory is not followed (a later load gives data): only a variable keeps it
    if (onWarp && (lv instanceof LocalLV || a != statementAssign)) warpDepends();
    Val[] result = rhs;
    if (!a.op().equals("=")) {
      Val[] old = read(lv, mask, a.target());
      String op = a.op().substring(0, a.op().length() - 1);
      int code = Arith.code(op);
      result = new Val[n];
      int prev = -1;
      for (int l = 0; l < n; l++) {
        if (!mask[l]) continue;
        if (prev >= 0 && same(old[l], old[prev]) && same(rhs[l], rhs[prev])) result[l] = result[prev];
        else result[l] = isPointer(old[l]) ? pointerAdd(old[l], code == Arith.SUB ? Arith.unary("-", rhs[l]) : rhs[l])
            : arith(code, op, old[l], rhs[l]);
        prev = l;
      }
    }
    write(lv, result, mask, a.target());
    return result;
  }

  private Val[] increment(Expr target, String op, boolean[] mask, boolean postfix) {
    LV lv = lvalue(target, mask);
    Val[] old = read(lv, mask, target);
    Val[] updated = new Val[n];
    Val delta = Val.num(op.equals("++") ? 1 : -1);
    int prev = -1;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (prev >= 0 && same(old[l], old[prev])) updated[l] = updated[prev];
      else updated[l] = isPointer(old[l]) ? pointerAdd(old[l], delta) : Arith.binary(Arith.ADD, "+", old[l], delta);
      prev = l;
    }
    write(lv, updated, mask, target);
    return postfix ? old : updated;
  }

  private Val[] unary(Expr.Unary u, boolean[] mask) {
    switch (u.op()) {
      case "++", "--" -> {
        return increment(u.operand(), u.op(), mask, false);
      }
      case "*" -> {
        return read(lvalue(u, mask), mask, u);
      }
      case "&" -> {
        LV lv = lvalue(u.operand(), mask);
        if (lv instanceof SharedLV s) return s.lanes().clone();
        if (lv instanceof ElementLV e) {
          escape(new LocalLV(e.name(), e.var()), "the address of '" + text(u.operand()) + "' is taken at "
              + at(u.pos()) + ", and bankcheck does not follow writes through it");
          return fill(new Val.Opaque("the address of a local variable"));
        }
        if (lv instanceof LocalLV || lv instanceof FieldLV) {
          LocalLV l = lv instanceof FieldLV f ? rootOf(f) : (LocalLV) lv;
          escape(l, "the address of '" + text(u.operand()) + "' is taken at " + at(u.pos())
              + ", and bankcheck does not follow writes through it");
          return fill(new Val.Opaque("the address of a local variable"));
        }
        // other memory: where it was read through an address, that address (&in[threadIdx.x] differs between
        // lanes); a global variable's is one for the grid; else each lane's own, so that nothing reads as shared
        if (lv instanceof OtherLV o && o.address() != null) return o.address().clone();
        if (u.operand() instanceof Expr.Name) return fill(new Val.Foreign(text(u.operand()), new Type.Opaque("?")));
        Val[] out = new Val[n];
        for (int l = 0; l < n; l++) out[l] = new Val.Foreign(text(u.operand()) + " in lane " + l, new Type.Opaque("?"));
        return out;
      }
      default -> {
        Val[] v = eval(u.operand(), mask);
        Val[] out = new Val[n];
        boolean not = u.op().equals("!") && tracksWarps();
        for (int l = 0; l < n; l++) {
          if (!mask[l]) continue;
          out[l] = Arith.unary(u.op(), v[l]);
          if (not) noteUndecidable(out[l], nonConstant(v[l]));
        }
        return out;
      }
    }
  }

  private Val[] binary(Expr.Binary b, boolean[] mask) {
    Val[] left = eval(b.left(), mask);
    if (b.op().equals("&&") || b.op().equals("||")) {
      boolean and = b.op().equals("&&");
      boolean[] rightMask = new boolean[n];
      boolean[] undecided = new boolean[n];
      for (int l = 0; l < n; l++) {
        rightMask[l] = mask[l] && Arith.truth(left[l]) != (and ? 0 : 1);
        undecided[l] = mask[l] && Arith.truth(left[l]) < 0;
      }
      // the right side runs where a warp might not run it; its value alone still names the warp
      if (!onlyComputes(b.right())) noteWarpDependence(left, undecided);
      Val[] right = none(rightMask) ? fill(Val.num(0)) : eval(b.right(), rightMask);
      Val[] out = new Val[n];
      int prev = -1;
      for (int l = 0; l < n; l++) {
        if (!mask[l]) continue;
        // as below: a lane with the operands of the lane before gets its result (and noted nothing new)
        if (prev >= 0 && same(left[l], left[prev]) && same(right[l], right[prev])) {
          out[l] = out[prev];
          prev = l;
          continue;
        }
        prev = l;
        int t = Arith.truth(left[l]);
        Val x = truthValue(left[l]);
        Val y = truthValue(right[l]);
        out[l] = t == (and ? 0 : 1) ? Val.num(and ? 0 : 1) : Arith.binary(b.op(), x, y);
        if (tracksWarps()) noteUndecidable(out[l], nonConstant(x), nonConstant(y));
      }
      return out;
    }
    Val[] right = eval(b.right(), mask);
    Val[] out = new Val[n];
    // unsigned wrap-around matters where a negative value meets a comparison, division or shift
    String op = b.op();
    int code = Arith.code(op);
    boolean unsigned = unsignedSensitive(code) && (hasNegative(left, mask) || hasNegative(right, mask))
        && (isUnsigned(b.left()) || isUnsigned(b.right()));
    boolean plus = code == Arith.ADD;
    boolean minus = code == Arith.SUB;
    int prev = -1;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      // a lane with the operands of the lane before gets its result: the values are immutable
      if (prev >= 0 && same(left[l], left[prev]) && same(right[l], right[prev])) {
        out[l] = out[prev];
        prev = l;
        continue;
      }
      prev = l;
      Val x = unsigned ? narrow(left[l], Types.UINT) : left[l];
      Val y = unsigned ? narrow(right[l], Types.UINT) : right[l];
      if (plus && (isPointer(x) || isPointer(y))) out[l] = pointerAdd(x, y);
      else if (minus && isPointer(x) && y instanceof Val.Num) out[l] = pointerAdd(x, Arith.unary("-", y));
      else if (minus && x instanceof Val.Ptr p && y instanceof Val.Ptr q && p.exactOffset() != null
          && q.exactOffset() != null && p.pointee().size() > 0) {
        out[l] = Arith.binary("/", new Val.Num(p.offset().sub(q.offset())), Val.num(p.pointee().size()));
      } else if (minus && x instanceof Val.Foreign p && y instanceof Val.Foreign q) {
        out[l] = p.name().equals(q.name()) && java.util.Objects.equals(p.pointee(), q.pointee()) ? new Val.Num(p.offset().sub(q.offset()))
            : new Val.Unknown("the distance between pointers to different memory");
      } else if (code >= Arith.LT && code <= Arith.NE && (x instanceof Val.Foreign || y instanceof Val.Foreign)) {
        out[l] = pointerComparison(x, op, y);
      } else if (x instanceof Val.Foreign || y instanceof Val.Foreign) {
        out[l] = x instanceof Val.Foreign ? x : y;
      } else {
        out[l] = arith(code, op, x, y);
        if (code >= Arith.LT && code <= Arith.NE && tracksWarps() && x instanceof Val.Num p && y instanceof Val.Num q) {
          Val same = sameInEveryWarp(code, op, p.poly(), q.poly());
          if (same != null) out[l] = same;
          else noteUndecidable(out[l], p.poly().sub(q.poly()));
        }
      }
    }
    return out;
  }

  /** A truth value's polynomial where it is not constant (a constant is the same in every warp), else null. */
  private static Poly nonConstant(Val v) {
    return v instanceof Val.Num n && !n.poly().isConstant() ? n.poly() : null;
  }

  /**
   * Surely the same value: the same object, or integers with one constant and one set of terms (lanes often
   * share them). Cheap, so it may miss equal values: comparing every name of long terms cost more than it saved.
   */
  private static boolean same(Val a, Val b) {
    return a == b || a instanceof Val.Num x && b instanceof Val.Num y && x.poly().sameAs(y.poly());
  }

  private static boolean isPointer(Val v) {
    return v instanceof Val.Ptr || v instanceof Val.Foreign;
  }

  /** The comparisons, / % and >>. */
  static boolean unsignedSensitive(int code) {
    return code >= Arith.LT && code <= Arith.NE || code == Arith.DIV || code == Arith.MOD || code == Arith.SHR;
  }

  private boolean hasNegative(Val[] v, boolean[] mask) {
    for (int l = 0; l < n; l++) {
      if (mask[l] && v[l] instanceof Val.Num num && num.poly().isConstant() && num.poly().constant() < 0) return true;
    }
    return false;
  }

  private static Val truthValue(Val v) {
    if (v instanceof Val.Ptr p) return Val.num(p.offset() != null ? 1 : 0);
    return v instanceof Val.Foreign f ? pointerComparison(f, "!=", Val.num(0)) : v;
  }

  /**
   * A comparison of an address in other memory: a symbol named by what is compared, so that lanes comparing one
   * address with one value share it ({@code bias != nullptr}) and lanes comparing different ones do not.
   */
  private static Val pointerComparison(Val x, String op, Val y) {
    String a = addressText(x);
    String b = addressText(y);
    if (a == null || b == null) {
      return x instanceof Val.Unknown ? x : y instanceof Val.Unknown ? y : new Val.Unknown("a comparison of a pointer to"
          + " memory that is not shared with a value bankcheck does not follow");
    }
    return new Val.Num(Poly.symbol("(" + a + " " + op + " " + b + ")"));
  }

  private static String addressText(Val v) {
    if (v instanceof Val.Foreign f) return f.name() + (f.offset().equals(Poly.ZERO) ? "" : " + " + f.offset());
    return v instanceof Val.Num n ? n.poly().toString() : null;
  }

  private Val[] ternary(Expr.Ternary t, boolean[] mask) {
    Val[] c = eval(t.cond(), mask);
    boolean[] yes = new boolean[n];
    boolean[] no = new boolean[n];
    boolean[] maybe = new boolean[n];
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      int tr = Arith.truth(c[l]);
      if (tr == 1) yes[l] = true;
      else if (tr == 0) no[l] = true;
      else maybe[l] = true;
    }
    Val[] a = none(or(yes, maybe)) ? new Val[n] : eval(t.then(), or(yes, maybe));
    Val[] b = none(or(no, maybe)) ? new Val[n] : eval(t.otherwise(), or(no, maybe));
    boolean uniform = uniformCondition(c, maybe);
    if (!warpDependent && mentionsWarp(c, maybe) && !(uniform && !decidableByWarp(c, maybe))) {
      if (t == storedTernary && onlyComputes(t.then()) && onlyComputes(t.otherwise())) storedTernaryOnWarp = true;
      else warpDepends();
    }
    Poly branch = Poly.symbol(BRANCH_PREFIX + t.pos().line() + ":" + t.pos().column() + "#" + (uid++));
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) {
      if (yes[l]) out[l] = a[l];
      else if (no[l]) out[l] = b[l];
      else if (maybe[l]) {
        out[l] = java.util.Objects.equals(a[l], b[l]) ? a[l] : uniform ? choose(branch, a[l], b[l], t.pos())
            : divergent(dataIn(c[l]), a[l], b[l], "it depends on the condition at " + at(t.pos())
                + because(c[l]), t.pos());
      }
    }
    return out;
  }

  private Val[] cast(Expr.Cast c, boolean[] mask) {
    Type t = resolve(c.type());
    Val[] v = objectsToPointers(eval(c.operand(), mask), t, mask);
    Val[] out = v.clone();
    for (int l = 0; l < n; l++) {
      if (l > 0 && v[l] == v[l - 1]) {
        out[l] = out[l - 1]; // a value shared with the lane before: converted once
        continue;
      }
      if (out[l] == null) continue;
      if (t instanceof Type.Pointer p) {
        if (out[l] instanceof Val.Ptr ptr && knownOrOpaque(p.pointee())) out[l] = ptr.withPointee(p.pointee());
        else if (out[l] instanceof Val.Foreign f) out[l] = f.withPointee(p.pointee());
      } else if (t instanceof Type.Scalar s) {
        if (!s.integer() && out[l] instanceof Val.Num) out[l] = new Val.Opaque("floating-point value");
        else if (s.integer() && out[l] instanceof Val.Opaque o) {
          out[l] = notAnInteger(o);
        } else if (s.integer() && out[l] instanceof Val.Ptr ptr) {
          // an address as an integer counts bytes: (uintptr_t) s + 4 * tx is 4 bytes per lane, not 4 floats
          out[l] = ptr.withPointee(Types.UCHAR);
        } else if (s.integer()) {
          out[l] = narrow(out[l], s);
        }
      }
    }
    return out;
  }

  // ---------------------------------------------------------------- calls

  private static final Set<String> NO_VALUE = Set.of("__syncthreads", "__syncwarp", "__threadfence",
      "__threadfence_block", "__threadfence_system", "printf", "assert", "__nanosleep", "__trap", "__prof_trigger");

  private Val[] call(Expr.Call c, boolean[] mask) {
    String name = c.callee() instanceof Expr.Name nm ? nm.name() : null;
    // a lambda: held by a local or a parameter (f(x)), or called where it is written ([&] { ... }())
    Var held = name != null ? lookupLocal(name) : null;
    Val.Closure closure = held != null && held.vals != null ? closureIn(held.vals, mask)
        : c.callee() instanceof Expr.Lambda lam && lam.function() != null ? closureIn(eval(lam, mask), mask) : null;
    if (closure != null) return callClosure(closure, c, mask);
    if (name == null) {
      // a method of a temporary: Block<T>(temp).load(v)
      Val[] made = c.callee() instanceof Expr.Member m && !m.arrow() && m.base() instanceof Expr.Call
          ? eval(m.base(), mask) : null;
      Val[] ran = made != null ? temporaryMethod(c, (Expr.Member) c.callee(), made, mask)
          : c.callee() instanceof Expr.Member m ? method(c, m, mask) : null;
      if (ran != null) return ran;
      Var object = c.callee() instanceof Expr.Member m && !m.arrow() && m.base() instanceof Expr.Name obj
          ? lookupLocal(obj.name()) : null;
      // the callee's base, or the callee itself: a lambda called where it is written ([&] { ... }()) is seen; an
      // object in shared memory whose method is not followed is not read there, but used in a way not analyzed (one
      // of a type without a known size, a cuda::barrier, says why as a load of it does)
      SharedLV sharedObject = c.callee() instanceof Expr.Member m && !m.arrow() && addressOnly(m.base())
          && lvalue(m.base(), mask) instanceof SharedLV s && s.type() instanceof Type.Struct ? s : null;
      if (sharedObject != null) {
        Expr.Member m = (Expr.Member) c.callee();
        unanalyzed(m.base(), MemOp.LOAD, Arrays.copyOf(sharedObject.lanes(), n, Val[].class), "its method '"
            + m.member() + "' has no definition in its class in this file, so the accesses it makes are not analyzed", mask);
      } else if (made == null) {
        eval(c.callee() instanceof Expr.Member m ? m.base() : c.callee(), mask);
      }
      List<Val[]> args = new ArrayList<>();
      for (Expr a : c.args()) args.add(eval(a, mask));
      if (c.callee() instanceof Expr.Member m && m.base() instanceof Expr.Name obj) {
        Val[] rank = groupRank(obj.name(), m.member());
        if (rank != null) return rank;
      }
      String method = c.callee() instanceof Expr.Member m ? "'" + text(m) + "()'"
          : c.callee() instanceof Expr.Unsupported u ? u.what() : "a call through an expression";
      // an object whose class template specialization is unknown says so
      String unknownObject = object != null && object.object instanceof Val.Unknown u ? u.reason()
          : c.callee() instanceof Expr.Unsupported ? "an expression bankcheck does not support" : null;
      for (int i = 0; i < args.size(); i++) {
        unanalyzed(addressed(c.args().get(i)), MemOp.LOAD, args.get(i), "its address is passed to " + method
            + ", which bankcheck does not follow (" + (unknownObject != null ? unknownObject
                : "methods and calls through pointers are not followed") + "), so the access it makes is not analyzed", mask);
      }
      return fill(new Val.Unknown("the result of " + method + " ("
          + (unknownObject != null ? unknownObject : "methods are not followed") + ")"));
    }
    String simple = name.contains("::") ? name.substring(name.lastIndexOf("::") + 2) : name;
    if (simple.startsWith("atomic")) return atomic(c, simple, mask);
    if (name.equals(AsmCalls.ACCESS) && c.args().size() == 4) return asmAccess(c, mask);
    if (name.equals(AsmCalls.INPUTS)) {
      // what the asm is, where the IR builder recognized it (an mbarrier operation, a bulk copy)
      String what = c.templateValues().isEmpty() ? "which bankcheck does not run"
          : ((Expr.StringLit) c.templateValues().get(0)).text() + ", which the bank model does not cover";
      for (Expr a : c.args()) {
        unanalyzed(addressed(a), MemOp.LOAD, eval(a, mask), "its address is used by the inline asm at " + at(c.pos())
            + ", " + what + ", so the access it makes is not analyzed", mask);
      }
      return fill(new Val.Opaque("no value"));
    }
    Self current = currentSelf();
    Function sibling = current == null || name.contains("::") ? null : methodOf(current.cls(), name, c.args().size());
    if (sibling != null) return callUser(sibling, c, mask, current, null); // another method of the same object
    Function f = null;
    // Inner::f(...) in a class template's code, where Inner is a member type (a nested class has the template's
    // parameters): run through the member type below, with the code's bindings, not as the function of that name
    boolean ownerInScope = !simple.equals(name)
        && templateScope.get("typename " + name.substring(0, name.lastIndexOf("::"))) instanceof Val.Opaque;
    for (String meant : ownerInScope ? List.<String>of() : Program.inNamespace(namespace, name)) {
      f = program.function(meant, c.args().size(), argumentTypes(meant, c));
      if (f != null) break;
    }
    String noInstance = null; // why the class a call names through a type has no instance bankcheck can choose
    if (f == null && !simple.equals(name)) {
      // T::f(...) or Alias::f(...): a static member function of the struct or instance the type names (ggml's
      // tile_C::get_j(l)), run with the instance's parameters and static members; not where several
      // specializations' functions share a name (S<T, N + 1>::f and S<T, N + 2>::f are both S<T,?>::f)
      String ownerName = name.substring(0, name.lastIndexOf("::"));
      // BM<N, kSmall>::merge may name the caller's constexpr locals
      Map<String, Val> ownerScope = ownerName.indexOf('<') >= 0 ? typeArgumentScope() : templateScope;
      Val named = program.ownerType(ownerName, ownerScope);
      Instance owner = named instanceof Val.Opaque o ? o.instance() : null;
      if (named instanceof Val.Unknown u) noInstance = u.reason();
      if (owner != null) {
        String qualified = owner.def().qualifiedName() + "::" + simple;
        Function run = program.overloaded(qualified) ? null : program.function(qualified, c.args().size(), null);
        if (run != null && run.body() != null) {
          Val.Obj cls = new Val.Obj(owner.def(), program.scopeOf(owner));
          return callUser(run, c, mask, self(cls, null, "a static member function has no object"), null);
        }
      }
      if (ownerInScope) f = program.function(name, c.args().size(), argumentTypes(name, c));
      if (f == null) f = program.function(simple, c.args().size(), argumentTypes(simple, c));
    }
    if (f == null && simple.equals("dim3") && c.args().size() <= 3) return dim3Of(c.args(), mask);
    Type converted = f == null && c.args().size() == 1 && c.templateArgs().isEmpty() ? castTypeNamed(name) : null;
    if (converted != null) return cast(new Expr.Cast(c.pos(), new TypeRef(name, null, List.of(), List.of(), 0, List.of(),
        false), c.args().get(0)), mask); // uint32_t(tx), size_t(n), T(x): a conversion, as (uint32_t) tx
    StructDef vector = f != null ? null : simple.startsWith("make_") ? vectorStruct(simple.substring(5))
        : vectorStruct(vectorNamed(simple)); // float2{a, b}, (T2){a, b} with typedef float2 T2
    if (vector != null) return construct(new Val.Obj(vector, Map.of()), c.args(), false, mask); // make_int2(a, b)
    boolean specialized = f != null && program.hasExplicitSpecialization(f.name());
    Function chosen = specialized ? specializationCalled(f, c) : null;
    if (chosen != null) return callUser(chosen, c, mask); // store_shared<sizeof(int32_t)>(p, &v): store_shared<4>
    if (f != null && f.body() != null && !specialized) return callUser(f, c, mask);
    StructDef struct = program.structDef(simple);
    if (struct != null && f == null) {
      Val cls = object(struct, new TypeRef(simple, null, c.templateArgs(), c.templateValues(), 0, List.of(), false));
      if (cls instanceof Val.Obj o) return construct(o, c.args(), false, mask); // S(a, b), S{a, b}: a temporary
      for (Expr a : c.args()) untracked(a, eval(a, mask), "a '" + struct.name() + "' object", mask);
      return fill(cls);
    }
    if (simple.equals("offsetof") && c.args().size() == 2) return fill(offsetOf(c.args().get(0), c.args().get(1)));
    List<Val[]> args = new ArrayList<>();
    for (Expr a : c.args()) args.add(eval(a, mask));
    if (NO_VALUE.contains(simple) || simple.startsWith("__syncthreads")) return fill(new Val.Opaque("no value"));
    if (simple.equals("alignof") && !c.templateArgs().isEmpty() && c.templateArgs().get(0) != null) {
      Type t = resolve(c.templateArgs().get(0));
      return fill(t.size() > 0 ? Val.num(t.align()) : new Val.Unknown("the alignment of '" + t.display() + "' is unknown"));
    }
    // cg::reduce(tile, v, cg::plus<int>()): one value per tile, in each of its lanes
    if (f == null && simple.equals("reduce") && args.size() == 3 && groupOf(c.args().get(0)) > 0) {
      String op = c.args().get(2) instanceof Expr.Call functor && functor.callee() instanceof Expr.Name fn
          ? REDUCE_FUNCTORS.get(simpleName(fn.name())) : null;
      return groupReduce(op, groupOf(c.args().get(0)), args.get(1), mask, "cg::reduce at " + at(c.pos()));
    }
    switch (simple) {
      case "min", "max", "umin", "umax", "llmin", "llmax", "ullmin", "ullmax" -> {
        if (args.size() == 2) return lanewise(args, (x, y) -> Arith.binary(simple.contains("min") ? "min" : "max", x, y));
      }
      case "__mul24", "__umul24" -> {
        if (args.size() == 2) return lanewise(args, (x, y) -> Arith.binary("*", x, y));
      }
      case "abs" -> {
        if (args.size() == 1) return lanewise(List.of(args.get(0), fill(Val.num(0))), (x, y) -> x instanceof Val.Num num
            && num.poly().isConstant() ? Val.num(Math.abs(num.poly().constant())) : Arith.binary("max", x, Arith.unary("-", x)));
      }
      case "__popc", "__popcll", "__clz", "__clzll", "__ffs", "__ffsll", "__brev", "__brevll" -> {
        // bit intrinsics of a constant, lane by lane: 32-bit unless the name ends in ll; of data, its bounds
        if (args.size() == 1) {
          needsEachWarp(args.get(0), mask);
          return lanewise(List.of(args.get(0), args.get(0)), (x, y) -> x instanceof Val.Num num && num.poly().isConstant()
              ? Val.num(bitIntrinsic(simple, num.poly().constant()))
              // of a value the warp shares, one value too: lanes with one argument have one result
              : x instanceof Val.Num num ? new Val.Num(Poly.symbol(simple + "(" + num.poly() + ")"))
              : x instanceof Val.Data d && d.warpToken() != null
                  ? Arith.derived(simple, d, null, bitIntrinsicOfData(simple, d.ownK()))
              : x instanceof Val.Data d ? bitIntrinsicOfData(simple, d)
              : x instanceof Val.Unknown ? x : new Val.Unknown("the result of '" + simple + "' of a value that is not a constant"));
        }
      }
      case "__ballot_sync", "__activemask", "__match_any_sync", "__any_sync", "__all_sync" -> {
        // warp votes: bit masks of lanes (data), with the calling lane's own bit set in a match; any and all are 0 or 1
        if (f == null && args.size() == (simple.equals("__activemask") ? 0 : 2)) {
          String source = "the result of '" + simple + "' at " + at(c.pos());
          if (simple.equals("__match_any_sync")) return fill(Val.Data.between(source, 1, 0xFFFF_FFFFL));
          // the same in every lane that votes
          return fill((simple.equals("__any_sync") || simple.equals("__all_sync") ? Val.Data.between(source, 0, 1)
              : Val.Data.between(source, 0, 0xFFFF_FFFFL)).sharing(new Object()));
        }
      }
      case "__cvta_generic_to_shared" -> {
        // the shared window's address, an integer counting bytes (as (uintptr_t) p), for inline PTX to use
        if (args.size() == 1) {
          Val[] out = new Val[n];
          for (int l = 0; l < n; l++) {
            Val v = args.get(0)[l];
            out[l] = v instanceof Val.Ptr p ? p.withPointee(Types.UCHAR) : v == null ? null
                : new Val.Unknown("the shared-window address of a pointer that is not known to be to shared memory");
          }
          return out;
        }
      }
      case "__ldg", "__ldcg", "__ldca", "__ldcs", "__ldlu", "__ldcv" -> {
        // loads of global memory with a cache hint: given a shared address, not an access bankcheck models
        if (args.size() == 1) {
          unanalyzed(addressed(c.args().get(0)), MemOp.LOAD, args.get(0), "its address is passed to '" + simple
              + "', a load of global memory with a cache hint, which bankcheck does not model for shared memory", mask);
        }
        return fill(new Val.Data("global memory read by " + simple));
      }
      case "__stwb", "__stcg", "__stcs", "__stwt" -> {
        if (f == null && args.size() == 2) {
          unanalyzed(addressed(c.args().get(0)), MemOp.STORE, args.get(0), "its address is passed to '" + simple
              + "', a store to global memory with a cache hint, which bankcheck does not model for shared memory", mask);
          return fill(new Val.Opaque("no value"));
        }
      }
      case "tex1Dfetch", "tex1D", "tex1DLod", "tex1DGrad", "tex2D", "tex2DLod", "tex2DGrad", "tex2Dgather", "tex3D",
          "tex3DLod", "tex3DGrad", "tex1DLayered", "tex1DLayeredLod", "tex1DLayeredGrad", "tex2DLayered",
          "tex2DLayeredLod", "tex2DLayeredGrad", "texCubemap", "texCubemapLod", "texCubemapGrad", "texCubemapLayered",
          "texCubemapLayeredLod", "texCubemapLayeredGrad", "surf1Dread", "surf2Dread", "surf3Dread",
          "surf1DLayeredread", "surf2DLayeredread", "surfCubemapread", "surfCubemapLayeredread" -> {
        // CUDA's texture and surface reads, where the file does not define the name itself
        if (f == null) return fill(new Val.Data("texture memory read by " + simple));
      }
      case "swap" -> {
        // std::swap, cuda::std::swap, thrust::swap: it writes both arguments (each read above)
        if (args.size() == 2) {
          write(lvalue(c.args().get(0), mask), args.get(1), mask, c.args().get(0));
          write(lvalue(c.args().get(1), mask), args.get(0), mask, c.args().get(1));
          return fill(new Val.Opaque("no value"));
        }
      }
      default -> {}
    }
    if (simple.startsWith("__shfl")) {
      Val[] moved = shuffle(simple, args, mask);
      return moved != null ? moved : fill(new Val.Unknown("a value from another lane (" + simple + ")"));
    }
    if (simple.startsWith("__reduce_") && simple.endsWith("_sync") && args.size() == 2) {
      return warpReduce(simple, args.get(1), mask, c.pos());
    }
    if (f == null && asyncCopy(c, simple, args, mask)) return fill(new Val.Opaque("no value"));
    String copy = f == null ? unmodelledLibraryCall(c, simple) : null;
    for (int i = 0; i < args.size(); i++) {
      MemOp op = i == 0 && copy != null && WRITE_FIRST.contains(simple) ? MemOp.STORE : MemOp.LOAD;
      passedToUnknown(c.args().get(i), args.get(i), name, copy != null ? copy : f == null && noInstance != null
          ? "whose class bankcheck cannot choose (" + noInstance + ")" : "which has no definition in this file"
          + (f == null ? program.missingHeadersHint() : ""), op, mask);
    }
    if (specialized) {
      return fill(new Val.Unknown("the result of '" + name + "': it has explicit specializations, and bankcheck does"
          + " not tell which one a call runs"));
    }
    // a declaration without a body may take a local by reference and write it
    for (int i = 0; f != null && i < Math.min(args.size(), f.params().size()); i++) {
      VarDecl p = f.params().get(i);
      Expr arg = c.args().get(i);
      while (arg instanceof Expr.Index x) arg = x.base(); // an element of a local array: the array
      if (p.type().reference() && !p.is("const") && arg instanceof Expr.Name
          && nameOrNull(((Expr.Name) arg).name()) instanceof LocalLV l) {
        escape(l, "'" + l.name() + "' is passed by reference to '" + name + "' at " + at(c.pos())
            + ", which has no definition in this file");
      }
    }
    return fill(new Val.Unknown("the result of '" + name + "' (" + (f == null && noInstance != null
        ? "whose class bankcheck cannot choose: " + noInstance : "no definition in this file") + ")"));
  }

  /**
   * __shfl_sync, __shfl_xor_sync, __shfl_down_sync, __shfl_up_sync: each lane gets the value of the lane it names in
   * the warp, as CUDA defines it (width segments; out of the segment, a lane keeps its own value for xor, down and
   * up). Unknown for a lane whose source is not known or not active. Null when the width is not a constant power of
   * two up to the warp: then every lane is unknown.
   */
  private Val[] shuffle(String kind, List<Val[]> args, boolean[] mask) {
    if (args.size() != 3 && args.size() != 4) return null;
    long width = n;
    if (args.size() == 4) {
      needsEachWarp(args.get(3), mask);
      Long w = uniformConstant(args.get(3), mask);
      if (w == null || w < 1 || w > n || Long.bitCount(w) != 1) return null;
      width = w;
    }
    Val[] value = args.get(1);
    Val[] selector = args.get(2);
    needsEachWarp(selector, mask);
    Val[] out = new Val[n];
    Object[] fromLane = new Object[n]; // the lanes that read one lane's data read one value
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      Long s = selector[l] instanceof Val.Num num && num.poly().isConstant() ? num.poly().constant() : null;
      long base = l - l % width;
      Long src = s == null || s < 0 ? null : switch (kind) {
        case "__shfl_sync" -> base + s % width;
        case "__shfl_xor_sync" -> s >= n ? null : (l ^ s) >= base + width ? l : l ^ s;
        case "__shfl_down_sync" -> l + s >= base + width ? l : l + s;
        case "__shfl_up_sync" -> l - s < base ? l : l - s;
        default -> null;
      };
      if (src == null) {
        out[l] = new Val.Unknown("a value from another lane (" + kind + ", from a lane the tool cannot compute)");
      } else if (!mask[src.intValue()]) {
        out[l] = new Val.Unknown("a value from lane " + src + ", which is not active there (" + kind + ")");
      } else {
        int from = src.intValue();
        out[l] = value[from] instanceof Val.Data d && d.warpToken() == null
            ? d.sharing(fromLane[from] != null ? fromLane[from] : (fromLane[from] = new Object())) : value[from];
      }
    }
    return out;
  }

  /** The argument's value when it is one constant in every active lane, else null. */
  private Long uniformConstant(Val[] v, boolean[] mask) {
    Long value = null;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (!(v[l] instanceof Val.Num num && num.poly().isConstant())) return null;
      if (value != null && value != num.poly().constant()) return null;
      value = num.poly().constant();
    }
    return value;
  }

  /**
   * __reduce_add_sync, __reduce_min_sync, ... over the active lanes: every lane gets the same value. It is computed
   * when every lane's value is a constant, else it is a warp-uniform unknown (one symbol for all lanes).
   */
  private Val[] warpReduce(String kind, Val[] value, boolean[] mask, Pos at) {
    String op = kind.substring("__reduce_".length(), kind.length() - "_sync".length());
    return groupReduce(op, n, value, mask, kind + " at " + at(at));
  }

  /** cg::reduce's functors as the operations of {@link #groupReduce}. */
  private static final Map<String, String> REDUCE_FUNCTORS = Map.of("plus", "add", "less", "min", "greater", "max",
      "bit_and", "and", "bit_or", "or", "bit_xor", "xor");

  /**
   * A reduction over each group of {@code size} consecutive lanes (the warp, or a tile of it): every lane of a group
   * gets the group's result, computed where every value is a constant and {@code op} is known, else one symbol per
   * group.
   */
  private Val[] groupReduce(String op, long size, Val[] value, boolean[] mask, String what) {
    needsEachWarp(value, mask);
    Val[] out = new Val[n];
    int groupSize = (int) Math.max(1, Math.min(size, n));
    for (int first = 0; first < n; first += groupSize) {
      Long result = null;
      boolean constant = op != null;
      for (int l = first; l < first + groupSize && l < n && constant; l++) {
        if (!mask[l]) continue;
        if (!(value[l] instanceof Val.Num num && num.poly().isConstant())) {
          constant = false;
          continue;
        }
        long x = num.poly().constant();
        result = result == null ? x : switch (op) {
          case "add" -> result + x;
          case "min" -> Math.min(result, x);
          case "max" -> Math.max(result, x);
          case "and" -> result & x;
          case "or" -> result | x;
          case "xor" -> result ^ x;
          default -> null;
        };
        constant = result != null;
      }
      boolean data = false;
      for (int l = first; l < first + groupSize && l < n; l++) data |= mask[l] && value[l] instanceof Val.Data;
      // a sum past 32 bits would wrap by the argument's type, which is not known here
      Val v = constant && result != null && result >= Integer.MIN_VALUE && result <= Integer.MAX_VALUE ? Val.num(result)
          // of a part of the warp: data that its lanes share (the whole warp's is one value, a symbol)
          : data && groupSize < n ? new Val.Data("the result of " + what).sharing(new Object())
          : new Val.Num(Poly.symbol("(" + what + ")#" + (uid++)));
      for (int l = first; l < first + groupSize && l < n; l++) out[l] = v;
    }
    return out;
  }

  /**
   * A thread's asynchronous copy of N bytes into shared memory, one cp.async each (N = 4, 8 or 16):
   * {@code __pipeline_memcpy_async(dst, src, N)}, and {@code cuda::memcpy_async(dst, src,
   * cuda::aligned_size_t<N>(N), pipe)} with a cuda::pipeline (a barrier's copies may be bulk copies on sm_90,
   * other sizes the library splits as it chooses: those stay calls of code bankcheck cannot see). The write to
   * dst is an access of its own kind: lanes on one word are not merged (bank-model.md, section 8). True when
   * the call was one of these with a destination in shared memory.
   */
  private boolean asyncCopy(Expr.Call c, String simple, List<Val[]> args, boolean[] mask) {
    long size;
    if (simple.equals("__pipeline_memcpy_async") && (args.size() == 3 || args.size() == 4)) {
      Val n = program.constantIn(c.args().get(2), constantsInScope());
      size = n instanceof Val.Num num && num.poly().isConstant() ? num.poly().constant() : -1;
      if (size != 4 && size != 8 && size != 16) return false;
    } else if (simple.equals("memcpy_async") && args.size() == 4 && c.args().get(3) instanceof Expr.Name pipe
        && isPipeline(lookupLocal(pipe.name()))) {
      size = alignedCopySize(c.args().get(2));
      if (size < 0) return false;
    } else {
      return false;
    }
    if (!(deref(args.get(0), mask, () -> "the destination of " + simple) instanceof SharedLV s)) return false;
    accessAs(s, new Type.Scalar("cp.async copy", size, size, false, false), MemOp.COPY, mask, addressed(c.args().get(0)));
    return true;
  }

  private static boolean isPipeline(Var v) {
    return v != null && v.pipeline;
  }

  /** An access at each lane's address in {@code s}, as one of {@code type} (its size is the access width). */
  private void accessAs(SharedLV s, Type type, MemOp op, boolean[] mask, Expr at) {
    Val.Ptr[] lanes = new Val.Ptr[n];
    for (int l = 0; l < n; l++) lanes[l] = s.lanes()[l] == null ? null : s.lanes()[l].withPointee(type);
    access(new SharedLV(lanes, type), op, mask, at);
  }

  /**
   * The shared-memory access of one inline PTX instruction (see {@link AsmCalls#ACCESS}): {@code width} bytes at
   * the address of each of the first {@code lanes} lanes (ldmatrix: 8, 16 or 32 row addresses of 16 bytes, an
   * 8x8 matrix per quarter-warp, as 16-byte accesses are grouped).
   */
  private Val[] asmAccess(Expr.Call c, boolean[] mask) {
    Val[] address = eval(c.args().get(0), mask);
    int kind = (int) ((Expr.IntLit) c.args().get(2)).value();
    Long size = c.args().get(1) instanceof Expr.IntLit w ? Long.valueOf(w.value())
        : uniformConstant(eval(c.args().get(1), mask), mask);
    int width = size == null ? 0 : size.intValue();
    if (kind == AsmCalls.COPY && width != 4 && width != 8 && width != 16) { // its size operand, "n"(BYTES), of another value
      unanalyzed(addressed(c.args().get(0)), MemOp.COPY, address, "its address is used by the inline asm at "
          + at(c.pos()) + ", a cp.async whose size is not a constant 4, 8 or 16 bytes, so the copy is not analyzed", mask);
      return fill(new Val.Opaque("no value"));
    }
    int lanes = (int) ((Expr.IntLit) c.args().get(3)).value();
    boolean[] active = mask.clone();
    for (int l = lanes; l < n && lanes < 32; l++) active[l] = false; // (PTX's warp: 32 lanes, all of them)
    if (deref(address, active, () -> "the address of the inline asm at " + at(c.pos())) instanceof SharedLV s) {
      MemOp op = kind == AsmCalls.STORE || kind == AsmCalls.STMATRIX ? MemOp.STORE
          : kind == AsmCalls.COPY ? MemOp.COPY : MemOp.LOAD;
      accessAs(s, new Type.Scalar(AsmCalls.KIND_NAMES.get(kind), width, width, false, false), op, active,
          addressed(c.args().get(0)));
    }
    return fill(new Val.Opaque("no value"));
  }

  /** Shared memory handed to code the tool cannot see (a function without a body here): an unanalyzed access. */
  /** Library calls that write through their first argument: a WMMA fragment's store, memcpy, memmove, memset. */
  private static final Set<String> WRITE_FIRST = Set.of("store_matrix_sync", "memcpy", "memmove", "memset");

  private void passedToUnknown(Expr arg, Val[] vals, String callee, String why, MemOp op, boolean[] mask) {
    unanalyzed(addressed(arg), op, vals, "its address is passed to '" + callee + "', " + why
        + ", so the access it makes is not analyzed", mask);
  }

  /**
   * Why a library call that accesses shared memory is not analyzed: an asynchronous copy that {@link #asyncCopy}
   * does not model, a WMMA fragment's load or store; null for other calls.
   */
  private String unmodelledLibraryCall(Expr.Call c, String simple) {
    if (simple.equals("init") || simple.equals("make_pipeline")) {
      for (Expr a : c.args()) {
        Type t = staticType(addressed(a));
        String sync = t == null ? null : synchronization(t);
        if (sync != null) return "which sets up " + sync + ", an operation the bank model does not cover";
      }
    }
    if (simple.equals("load_matrix_sync") || simple.equals("store_matrix_sync")) {
      return "a WMMA fragment " + (simple.startsWith("load") ? "load" : "store") + ", whose lane-to-element mapping"
          + " CUDA leaves to the compiler (ldmatrix and ld.shared in inline PTX are analyzed)";
    }
    if (simple.equals("memcpy") || simple.equals("memmove") || simple.equals("memset")) {
      return "the C library's, whose loads and stores nvcc chooses from the size and the alignment it can prove (one"
          + " byte at a time where it proves none)";
    }
    if (simple.equals("__pipeline_memcpy_async")) {
      return "a copy whose size is not a constant 4, 8 or 16 bytes (one cp.async of each thread is modelled)";
    }
    if (!simple.equals("memcpy_async")) return null;
    if (c.args().size() == 5 || !c.args().isEmpty() && groupOf(c.args().get(0)) >= 0) {
      return "a group's copy, which the library spreads over the group's threads as it chooses";
    }
    Type sync = c.args().size() == 4 ? staticType(c.args().get(3)) : null;
    if (sync != null && sync.display().contains("barrier")) {
      return "a copy completed by a cuda::barrier, which may be a bulk copy (cp.async.bulk) on sm_90, not a cp.async"
          + " of each thread";
    }
    return "a copy whose size is not cuda::aligned_size_t<N>(N) with N = 4, 8 or 16 and a cuda::pipeline (other"
        + " copies the library splits as it chooses)";
  }

  /**
   * "a cuda::barrier (an mbarrier in shared memory)" for libcu++'s synchronization objects in shared memory, whose
   * arrive, wait and init are mbarrier operations, not loads or stores of data; null for other types.
   */
  private static String synchronization(Type t) {
    String name = t.display();
    if (name.contains("pipeline_shared_state")) return "a cuda::pipeline's shared state (mbarriers in shared memory)";
    if (name.matches("(.*::)?barrier(<.*)?")) return "a cuda::barrier (an mbarrier in shared memory)";
    return null;
  }

  /** Where a finding about an address given as {@code e} goes: the element of {@code &s[i]}, else e itself. */
  private static Expr addressed(Expr e) {
    return e instanceof Expr.Unary u && u.op().equals("&") ? u.operand() : e;
  }

  /**
   * Shared memory whose address goes where bankcheck does not follow it ({@code where}: a struct's member, an array
   * element, an initializer list): the accesses made through it are not analyzed, and the finding says so here.
   */
  private void untracked(Expr at, Val[] vals, String where, boolean[] mask) {
    unanalyzed(addressed(at), MemOp.LOAD, vals, "its address is stored in " + where + ", which bankcheck does not"
        + " follow (it follows shared addresses in local variables and in the members of local objects, not in arrays or"
        + " other memory), so the accesses made through it are not analyzed", mask);
  }

  /** The value of an initializer of {@code where}, whose shared addresses are not followed there (see {@link #untracked}). */
  private Val[] evalInto(Expr init, String where, boolean[] mask) {
    if (!(init instanceof Expr.InitList il)) {
      Val[] value = eval(init, mask);
      untracked(init, value, where, mask);
      return value;
    }
    for (Expr x : il.items()) untracked(x, eval(x, mask), where, mask);
    return fill(new Val.Opaque("initializer list"));
  }

  /** An access at {@code at} through the shared memory {@code vals} point to, which is not analyzed, and why. */
  private void unanalyzed(Expr at, MemOp op, Val[] vals, String why, boolean[] mask) {
    Val.Ptr[] lanes = new Val.Ptr[n];
    boolean any = false;
    for (int l = 0; l < n; l++) {
      if (mask[l] && vals[l] instanceof Val.Ptr p) {
        lanes[l] = new Val.Ptr(p.root(), null, p.pointee(), p.via(), why, false);
        any = true;
      }
    }
    if (any && noAccess == 0) {
      sink.access(at, op, lanes, firstNonNull(lanes).pointee(), String.join(", ", context), conditions());
    }
  }

  /** A lambda is not run: each use of shared memory in its body is an access that is not analyzed, never dropped. */
  private Val[] lambda(Expr.Lambda lam, boolean[] mask) {
    escapeAssigned(lam, "which bankcheck does not run");
    for (Runnable report : notRunReports(lam, mask)) report.run();
    return fill(new Val.Opaque("a lambda"));
  }

  /**
   * A lambda the tool can run: a value that runs its body where it is called. The locals it assigns are not trusted
   * after it (it may run anywhere, also where the tool does not follow it); its uses of shared memory are reported
   * as not analyzed at the end of the kernel if it never ran.
   */
  private Val[] closure(Expr.Lambda lam, boolean[] mask) {
    escapeAssigned(lam, "which may run where bankcheck does not follow it");
    if (!ranLambdas.contains(lam.pos())) notRunLambdas.computeIfAbsent(lam.pos(), k -> notRunReports(lam, mask));
    return fill(new Val.Closure(lam, new ArrayDeque<>(scopes), templateScope, namespace));
  }

  /**
   * The lambdas with a body that were made and have not run yet, by place (a lambda's IR is a deep record): their
   * uses of shared memory, to report if none runs.
   */
  private final Map<Pos, List<Runnable>> notRunLambdas = new java.util.LinkedHashMap<>();
  private final Set<Pos> ranLambdas = new HashSet<>();
  /** Calls of lambdas so far: an iteration that calls one does not repeat the one before (it reads any variable). */
  private int closureCalls;

  private void escapeAssigned(Expr.Lambda lam, String which) {
    for (Expr.Lambda.Use u : lam.uses()) {
      // the lambda may run at any later point (or never): the variable is unknown from here on
      if (u.op().equals("assign") && nameOrNull(u.name().name()) instanceof LocalLV l) {
        escape(l, "'" + l.name() + "' may be assigned by the lambda at " + at(lam.pos()) + ", " + which);
      } else if (!u.op().equals("load") && nameOrNull(u.name().name()) instanceof LocalLV l && l.var().elements != null) {
        escape(l, "the elements of '" + l.name() + "' may be written by the lambda at " + at(lam.pos()) + ", " + which);
      }
    }
  }

  /** The reports of a lambda's uses of shared memory as accesses not analyzed, with the values they have here. */
  private List<Runnable> notRunReports(Expr.Lambda lam, boolean[] mask) {
    String why = "it is in the lambda at " + at(lam.pos()) + ", which bankcheck does not run"
        + (lam.function() != null ? " (it is not called where bankcheck follows it)" : "") + ", so this access is not"
        + " analyzed";
    List<Runnable> reports = new ArrayList<>();
    for (Expr.Lambda.Use u : lam.uses()) {
      LV lv = nameOrNull(u.name().name());
      if (lv == null || u.op().equals("assign") && lv instanceof LocalLV) continue; // its own parameters and locals
      if (lv instanceof LocalLV l && l.var().elements != null) continue; // integers: no shared address among them
      MemOp op = u.op().equals("store") ? MemOp.STORE : u.op().equals("atomic") ? MemOp.ATOMIC : MemOp.LOAD;
      Val[] vals = eval(u.name(), mask);
      boolean[] at = mask.clone();
      reports.add(() -> unanalyzed(u.name(), op, vals, why, at));
    }
    return reports;
  }

  /** Runs a lambda's body where it is called: with the variables it was written among, and its own parameters. */
  private Val[] callClosure(Val.Closure closure, Expr.Call c, boolean[] mask) {
    Expr.Lambda lam = closure.lambda();
    ranLambdas.add(lam.pos());
    notRunLambdas.remove(lam.pos());
    closureCalls++;
    return callUser(lam.function(), c, mask, null, null, closure);
  }

  /** The lambda all active lanes hold in {@code vals}, or null. */
  private Val.Closure closureIn(Val[] vals, boolean[] mask) {
    Val.Closure found = null;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      if (!(vals[l] instanceof Val.Closure cl) || found != null && found != cl && !found.equals(cl)) return null;
      found = cl;
    }
    return found;
  }

  private void escape(LocalLV l, String why) {
    if (l.var().escaped != null) return;
    l.var().escaped = why;
    l.var().structParameter = null;
    escapes++;
  }

  /** Elements a local array may have to be followed one by one (index tables, offsets). */
  static final int MAX_LOCAL_ARRAY_ELEMENTS = 1024;

  /**
   * A local array of integers with constant dimensions, up to {@link #MAX_LOCAL_ARRAY_ELEMENTS} elements,
   * followed element by element: {@code int rows[4]; rows[i] = ...; s[rows[k]]} (marlin's index tables). Its
   * initializer gives the first elements, in order (nested braces too), and zero the rest; without one they have no
   * value. Null for another array, which stays unknown as a whole.
   */
  private Var localArray(VarDecl v, Type t, boolean[] mask) {
    List<Integer> dims = new ArrayList<>();
    Type element = t;
    long total = 1;
    for (int d = 0; element instanceof Type.Array a; element = a.element(), d++) {
      long length = a.length();
      if (length <= 0 && d < v.type().dims().size() && v.type().dims().get(d) != null) {
        // a dimension from a local constant (constexpr int iters = ceildiv(N, 32); int t[iters];)
        Long local = uniformConstant(eval(v.type().dims().get(d), mask), mask);
        length = local == null ? -1 : local;
      }
      if (length <= 0 || (total *= length) > MAX_LOCAL_ARRAY_ELEMENTS) return null;
      dims.add((int) length);
    }
    Expr init = v.init();
    // integers only: a float array (accumulators, fragments) gives no index, and following it would cost time
    if (!(element instanceof Type.Scalar sc && sc.integer()) || dims.isEmpty()
        || init != null && !(init instanceof Expr.InitList)) {
      return null;
    }
    Var array = new Var(t, fill(new Val.Unknown("the local array '" + v.name() + "' as a value")), null);
    array.dims = dims.stream().mapToInt(Integer::intValue).toArray();
    array.elements = new Val[(int) total][];
    List<Expr> items = new ArrayList<>();
    if (init != null) flatten((Expr.InitList) init, items);
    if (items.size() > total) return null; // more values than elements: nvcc rejects it
    Val unassigned = new Val.Unknown("'" + v.name() + "[...]'" + UNASSIGNED);
    for (int k = 0; k < total; k++) {
      array.elements[k] = k < items.size() ? convert(eval(items.get(k), mask), element)
          : fill(init != null ? Val.num(0) : unassigned);
    }
    return array;
  }

  private static void flatten(Expr.InitList list, List<Expr> out) {
    for (Expr x : list.items()) {
      if (x instanceof Expr.InitList inner) flatten(inner, out);
      else out.add(x);
    }
  }

  /**
   * {@code a[i][j]} of a local array followed element by element (as many subscripts as it has dimensions), with
   * each lane's index; null for any other expression.
   */
  private ElementLV element(Expr.Index e, boolean[] mask) {
    List<Expr> subscripts = new ArrayList<>();
    Expr root = e;
    for (; root instanceof Expr.Index i; root = i.base()) subscripts.add(0, i.index());
    if (!(root instanceof Expr.Name nm) || !(nameOrNull(nm.name()) instanceof LocalLV l) || l.var().elements == null
        || subscripts.size() != l.var().dims.length) {
      return null;
    }
    int[] dims = l.var().dims;
    int[] index = new int[n];
    String why = null;
    for (int d = 0; d < dims.length; d++) {
      Val[] at = eval(subscripts.get(d), mask);
      for (int lane = 0; lane < n; lane++) {
        if (!mask[lane] || index[lane] < 0) continue;
        if (at[lane] instanceof Val.Num num && num.poly().isConstant() && num.poly().constant() >= 0
            && num.poly().constant() < dims[d]) {
          index[lane] = index[lane] * dims[d] + (int) num.poly().constant();
        } else {
          index[lane] = -1;
          if (why == null) {
            why = at[lane] instanceof Val.Num num && num.poly().isConstant()
                ? "index " + num.poly().constant() + " is outside the local array '" + nm.name() + "'"
                : "an element of the local array '" + nm.name() + "' at an index that is not a constant ("
                    + Program.describe(at[lane]) + ")";
          }
        }
      }
    }
    return new ElementLV(nm.name(), l.var(), index, why);
  }

  private Val[] readElement(ElementLV e, boolean[] mask) {
    Val[] out = new Val[n];
    Val notRead = null;
    for (int l = 0; l < n; l++) {
      if (!mask[l]) {
        out[l] = notRead != null ? notRead : (notRead = new Val.Unknown("an element this lane does not read"));
        continue;
      }
      out[l] = e.var().escaped != null ? new Val.Unknown(e.var().escaped)
          : e.index()[l] < 0 ? new Val.Unknown(e.why()) : e.var().elements[e.index()[l]][l];
    }
    return out;
  }

  /** A lane whose index is not known may have written any element: all of them are unknown in that lane. */
  private void writeElement(ElementLV e, Val[] vals, boolean[] mask, Expr at) {
    Val[] conv = convert(vals, elementType(e.var().type));
    for (int l = 0; l < n; l++) {
      if (!mask[l]) continue;
      int k = e.index()[l];
      if (k >= 0) {
        touch(e.var().elements[k]);
        e.var().elements[k][l] = conv[l];
        continue;
      }
      Val lost = new Val.Unknown("the local array '" + e.name() + "' is written at " + at(at.pos()) + " ("
          + e.why() + ")");
      for (Val[] element : e.var().elements) {
        touch(element);
        element[l] = lost;
      }
    }
  }

  private static Type elementType(Type t) {
    while (t instanceof Type.Array a) t = a.element();
    return t;
  }

  /** How many variables have escaped so far: an iteration after a new one does not repeat the one before. */
  private int escapes;

  /** Cooperative groups: a thread's rank in its block or tile, and a tile's rank in the block. */
  private Val[] groupRank(String object, String method) {
    Var v = lookupLocal(object);
    if (v == null || v.groupSize < 0) return null;
    if (method.equals("size") || method.equals("num_threads")) {
      return fill(v.groupSize == 0 ? threadsInBlock() : Val.num(v.groupSize));
    }
    if (method.equals("meta_group_size") && v.groupSize > 0) { // tiles in the block, the last one maybe partial
      return fill(Arith.binary("/", Arith.binary("+", threadsInBlock(), Val.num(v.groupSize - 1)),
          Val.num(v.groupSize)));
    }
    if (v.groupSize == 0 && method.equals("thread_index")) return dim3(warp.threadIdx()); // threadIdx, as a dim3
    if (v.groupSize == 0 && method.equals("group_index")) { // blockIdx, as a dim3
      Val[][] xyz = new Val[3][];
      for (int d = 0; d < 3; d++) xyz[d] = fill(new Val.Num(Poly.symbol("blockIdx." + "xyz".charAt(d))));
      return dim3(xyz);
    }
    if (v.groupSize == 0 && (method.equals("group_dim") || method.equals("dim_threads"))) {
      Val[] d = warp.blockDim();
      return dim3(new Val[][] {fill(d[0]), fill(d[1]), fill(d[2])});
    }
    Val[] linear = linearThreadId();
    if (v.groupSize == 0) return method.equals("thread_rank") ? linear : null;
    String op = method.equals("thread_rank") ? "%" : method.equals("meta_group_rank") ? "/" : null;
    if (op == null) return null;
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) out[l] = Arith.binary(op, linear[l], Val.num(v.groupSize));
    return out;
  }

  /** The scalar or pointer type {@code name} names (a built-in, a typedef, a type parameter), or null. */
  private Type castTypeNamed(String name) {
    if (Types.builtin(name) == null && program.typedef(name) == null
        && !(templateScope.get("typename " + name) instanceof Val.Opaque)) {
      return null;
    }
    Type t = resolve(new TypeRef(name, null, List.of(), List.of(), 0, List.of(), false));
    return t instanceof Type.Scalar || t instanceof Type.Pointer ? t : null;
  }

  /**
   * The vector type {@code name} names, itself, as a template argument or through typedefs ("float2" of T2), or
   * {@code name}.
   */
  private String vectorNamed(String name) {
    if (templateScope.get("typename " + name) instanceof Val.Opaque o && o.what().startsWith("type:")) {
      name = o.what().substring(5);
    }
    for (int depth = 0; depth < 8 && Types.builtin(name) == null; depth++) {
      TypeRef alias = program.typedef(name);
      if (alias == null || alias.pointers() > 0 || !alias.dims().isEmpty()) break;
      name = alias.base();
    }
    return name;
  }

  /**
   * {@code dim3(a, b)}, {@code dim3 d(a, b, c)}, {@code dim3 d;}: the components given, 1 for the others; a dim3 or
   * uint3 copied ({@code dim3 t(threadIdx)}) keeps its components.
   */
  private Val[] dim3Of(List<Expr> args, boolean[] mask) {
    Val[][] xyz = new Val[3][];
    for (int i = 0; i < 3; i++) {
      if (i >= args.size()) {
        xyz[i] = fill(Val.num(1));
        continue;
      }
      Val[] v = eval(args.get(i), mask);
      if (args.size() == 1 && holdsStruct(v)) return v;
      xyz[i] = convert(v, Types.builtin("unsigned int"));
    }
    return dim3(xyz);
  }

  /** Each lane's dim3 of the components given per dimension and lane. */
  private Val[] dim3(Val[][] xyz) {
    Val.Obj cls = new Val.Obj(componentStruct("dim3"), Map.of());
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) {
      if (xyz[0][l] == null || xyz[1][l] == null || xyz[2][l] == null) continue; // a lane not running here
      out[l] = new Val.Struct(cls, Map.of("x", xyz[0][l], "y", xyz[1][l], "z", xyz[2][l]));
    }
    return out;
  }

  /** blockDim.x * blockDim.y * blockDim.z: a block's size(). */
  private Val threadsInBlock() {
    Val[] d = warp.blockDim();
    return Arith.binary("*", Arith.binary("*", d[0], d[1]), d[2]);
  }

  /** {@link #linearThreadId()} once made: the warp does not change. */
  private Val[] linearThreadId;

  /** threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y, per lane (a copy). */
  private Val[] linearThreadId() {
    if (linearThreadId == null) linearThreadId = computeLinearThreadId();
    return linearThreadId.clone();
  }

  private Val[] computeLinearThreadId() {
    Val[] out = new Val[n];
    Val[] d = warp.blockDim();
    for (int l = 0; l < n; l++) {
      Val yz = Arith.binary("+", warp.threadIdx()[1][l], Arith.binary("*", warp.threadIdx()[2][l], d[1]));
      out[l] = Arith.binary("+", warp.threadIdx()[0][l], Arith.binary("*", yz, d[0]));
    }
    return out;
  }

  /**
   * For an operation computed only from constants: where the symbolic warp's lanes hold values that name the warp,
   * each warp's own are constants, so those warps are run one by one.
   */
  private void needsEachWarp(Val[] v, boolean[] mask) {
    if (!tracksWarps()) return;
    for (int l = 0; l < n && !warpDependent; l++) {
      if (mask[l] && v[l] instanceof Val.Num num && mentionsWarp(num.poly())) warpDepends();
    }
  }

  /** __popc, __clz, __ffs, __brev and their 64-bit forms, on a constant. */
  private static long bitIntrinsic(String name, long v) {
    boolean wide = name.endsWith("ll");
    long x = wide ? v : v & 0xffffffffL;
    return switch (name.replace("ll", "")) {
      case "__popc" -> Long.bitCount(x);
      case "__clz" -> wide ? Long.numberOfLeadingZeros(x) : Integer.numberOfLeadingZeros((int) x);
      case "__ffs" -> x == 0 ? 0 : Long.numberOfTrailingZeros(x) + 1;
      default -> wide ? Long.reverse(x) : Integer.reverse((int) x) & 0xffffffffL; // __brev
    };
  }

  private Val[] lanewise(List<Val[]> args, java.util.function.BinaryOperator<Val> op) {
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) {
      if (args.get(0)[l] != null) out[l] = op.apply(args.get(0)[l], args.get(1)[l]);
    }
    return out;
  }

  private Val[] atomic(Expr.Call c, String name, boolean[] mask) {
    if (c.args().isEmpty()) return fill(new Val.Unknown("atomic without arguments"));
    Val[] p = eval(c.args().get(0), mask);
    for (int i = 1; i < c.args().size(); i++) eval(c.args().get(i), mask);
    LV lv = deref(p, mask, () -> "the target of " + name);
    Expr target = c.args().get(0) instanceof Expr.Unary u && u.op().equals("&") ? u.operand() : c.args().get(0);
    if (lv instanceof SharedLV s) access(s, MemOp.ATOMIC, mask, target);
    return fill(new Val.Data("the result of " + name));
  }

  /**
   * {@code S<T>()} or {@code S<T> s;}: the definition its arguments select (the primary template, an explicit or a
   * partial specialization) with its parameters and static members bound; unknown where that cannot be told.
   */
  private Val object(StructDef struct, TypeRef written) {
    Instance instance = struct.templateParams().isEmpty() ? new Instance(struct, Map.of(), null)
        : program.typeArgument(written, templateScope).instance();
    if (instance == null) {
      // no arguments written: S s; in S's own code, where S names the instance running (return S{b};)
      Self self = currentSelf();
      return new Val.Obj(struct, self != null && self.cls().def() == struct ? self.cls().bindings() : Map.of());
    }
    if (instance.unknown() != null) return new Val.Unknown(instance.unknown());
    return new Val.Obj(instance.def(), program.scopeOf(instance));
  }

  // ---------------------------------------------------------------- struct values

  private final Map<String, StructDef> vectorStructs = new HashMap<>();

  /**
   * A CUDA vector type (int2, uint4, float4) as a struct of its components x, y, z, w without constructors, so that
   * a local one is followed member by member ({@code uint4 rank; rank.x = ...}, {@code make_int2(a, b)}, {@code int2
   * p = {a, b}}); null for other names and for dim3, whose missing members are 1.
   */
  private StructDef vectorStruct(String name) {
    return name.equals("dim3") ? null : componentStruct(name);
  }

  /** A vector type, dim3 too, as a struct of its components; null for other names. */
  private StructDef componentStruct(String name) {
    if (!(Types.builtin(name) instanceof Type.Vector v)) return null;
    return vectorStructs.computeIfAbsent(name, x -> {
      List<VarDecl> fields = new ArrayList<>();
      for (int i = 0; i < v.count(); i++) {
        fields.add(new VarDecl(Pos.NONE, "xyzw".substring(i, i + 1), new TypeRef(v.component().name(), null, List.of(),
            List.of(), 0, List.of(), false), null, Set.of(), null, null, null));
      }
      return new StructDef(Pos.NONE, name, false, List.copyOf(fields), null);
    });
  }

  /** Constructions nested in one another (a member's constructor): bounded like calls, for garbage such as S { S s; }. */
  private int constructing;

  /**
   * A new object of {@code cls} in each lane: its constructor run with {@code args} (members first from their
   * initializers), or, for a class without constructors, its members from {@code args} in order, the rest from their
   * default initializers or zero; {@code declaredOnly} ({@code S s;}): members without an initializer have no value.
   */
  private Val[] construct(Val.Obj cls, List<Expr> args, boolean declaredOnly, boolean[] mask) {
    StructDef def = cls.def();
    if (args.size() == 1 && plainLvalue(unbrace(args.get(0)))) {
      LV from = lvalue(unbrace(args.get(0)), mask);
      Val[] copy = from instanceof LocalLV || from instanceof FieldLV ? valuesOf(from) : null;
      if (copy != null && holdsStruct(copy) && structOf(copy).obj().def() == def) return copy.clone(); // S t(s): a copy
    }
    StructDef.Constructor ctor = constructorFor(def, args.size());
    String unknown = constructing >= MAX_CALL_DEPTH ? "objects nested deeper than " + MAX_CALL_DEPTH + " levels"
        : ctor == null && !def.constructors().isEmpty() && !args.isEmpty() ? "no constructor of '" + def.name()
            + "' in this file takes " + args.size() + " argument" + (args.size() == 1 ? "" : "s")
        : null;
    if (unknown != null) {
      for (Expr a : args) {
        unanalyzed(addressed(a), MemOp.LOAD, eval(a, mask), "its address is given to a '" + def.name() + "' object,"
            + " which bankcheck does not follow (" + unknown + "), so the accesses made through it are not analyzed", mask);
      }
      return fill(new Val.Unknown(unknown));
    }
    Self self = self(cls, null, "it is not initialized");
    constructing++;
    try {
      if (ctor != null) {
        Pos at = ctor.function().pos();
        callUser(ctor.function(), new Expr.Call(at, new Expr.Name(at, ctor.function().name()), List.of(), args, List.of()),
            mask, self, ctor.inits());
      } else {
        List<StructDef.MemberInit> inits = new ArrayList<>();
        List<VarDecl> fields = def.fields();
        for (int i = 0; i < args.size() && i < fields.size(); i++) {
          inits.add(new StructDef.MemberInit(args.get(i).pos(), fields.get(i).name(), List.of(args.get(i))));
        }
        initializeMembers(self, inits, !declaredOnly && !def.union(), mask); // a union holds its first member only
      }
    } finally {
      constructing--;
    }
    return packed(self, fill(null), allLanes());
  }

  /**
   * The constructor a call with {@code count} arguments runs: the one with that many parameters, else one whose
   * missing arguments have defaults; null where none does ({@code S() = default;} has no body: none, as for a class
   * without constructors).
   */
  private static StructDef.Constructor constructorFor(StructDef def, int count) {
    StructDef.Constructor fits = null;
    for (StructDef.Constructor c : def.constructors()) {
      List<VarDecl> params = c.function().params();
      if (params.size() == count) return c;
      if (fits == null && params.size() > count && params.get(count).init() != null) fits = c;
    }
    return fits;
  }

  /**
   * Members' first values, in declaration order: those {@code inits} name from their arguments, the others from their
   * default initializers, a member object from its default constructor, the rest zero where {@code zeroRest}
   * ({@code S{a}} value-initializes what it does not name) and without a value otherwise. Inside a constructor the
   * arguments see its parameters.
   */
  private void initializeMembers(Self self, List<StructDef.MemberInit> inits, boolean zeroRest, boolean[] mask) {
    Map<String, List<Expr>> given = new HashMap<>();
    for (StructDef.MemberInit i : inits) given.put(i.member(), i.args());
    for (VarDecl field : self.cls().def().fields()) {
      Var v = self.fields().get(field.name());
      if (v == null || !field.type().dims().isEmpty()) continue; // an array member: not tracked
      List<Expr> args = given.get(field.name());
      // a constructor names a base class by its type (D(int x) : B(x), y(0) {})
      if (args == null && field.is(VarDecl.BASE)) args = given.get(field.type().base());
      if (field.type().reference() && args != null && args.size() == 1
          && lvalue(unbrace(args.get(0)), mask) instanceof SharedLV s) {
        // a reference member bound to an object in shared memory (TempStorage& temp): its uses are that object's
        v.vals = s.lanes().clone();
        v.reference = true;
        continue;
      }
      Map<String, Val> outer = templateScope;
      if (args == null) templateScope = self.cls().bindings(); // a default initializer is the class's code
      try {
        Val[] value = memberValue(field, v.type, args != null ? args : initializerArgs(field), args == null && zeroRest,
            mask);
        if (value != null) v.vals = value;
        if (value != null && field.is(VarDecl.BASE)) { // the base's members, as the constructor's body sees them
          self.inherited().forEach((member, holder) -> {
            if (holder.equals(field.name())) self.fields().get(member).vals = memberValues(value, member);
          });
        }
      } finally {
        templateScope = outer;
      }
    }
  }

  /** A member's default initializer as arguments ({@code int n = 4;} and {@code int n{4};} alike); null if none. */
  private static List<Expr> initializerArgs(VarDecl field) {
    if (field.init() == null || field.is(VarDecl.BITFIELD)) return null;
    return field.init() instanceof Expr.InitList il ? il.items() : List.of(field.init());
  }

  /** A member's value from {@code args} (null: none given); null where it keeps the value it has (none). */
  private Val[] memberValue(VarDecl field, Type t, List<Expr> args, boolean zero, boolean[] mask) {
    StructDef struct = program.objectStruct(field.type());
    Val cls = struct == null ? null : object(struct, field.type());
    if (cls instanceof Val.Obj o && (args != null || zero || !o.def().constructors().isEmpty())) {
      // a member object given a brace list ({1, 2}) is made from its items
      List<Expr> items = args != null && args.size() == 1 && args.get(0) instanceof Expr.InitList il ? il.items()
          : args != null ? args : List.of();
      return construct(o, items, args == null && !zero, mask);
    }
    if (args == null) return zero && (Type.isInteger(t) || t instanceof Type.Pointer) ? fill(Val.num(0)) : null;
    if (args.isEmpty()) return fill(Type.isInteger(t) || t instanceof Type.Pointer ? Val.num(0) : new Val.Opaque("zero"));
    if (args.size() > 1) {
      for (Expr a : args) untracked(a, eval(a, mask), "the member '" + field.name() + "'", mask);
      return fill(new Val.Unknown("the member '" + field.name() + "' is initialized from several values"));
    }
    return convert(eval(unbrace(args.get(0)), mask), t);
  }

  /**
   * An object's members as variables, from each lane's value in {@code state} (null: none, for {@code whyNone}), and
   * its base classes' members by their names where its own do not hide them; an array member holds no value the tool
   * knows, as a local array does not.
   */
  private Self self(Val.Obj cls, Val[] state, String whyNone) {
    Map<String, Var> fields = new java.util.LinkedHashMap<>();
    for (VarDecl field : cls.def().fields()) {
      Type t = program.resolve(field.type(), cls.bindings(), new ArrayList<>());
      if (!field.type().dims().isEmpty()) {
        fields.put(field.name(), new Var(t, fill(new Val.Unknown("an element of the member array '" + field.name()
            + "'")), null));
        continue;
      }
      Val none = new Val.Unknown("the member '" + field.name() + "' of a '" + cls.def().name() + "' object has no value"
          + " here (" + whyNone + ")");
      Var member = new Var(t, state == null ? fill(none) : memberValues(state, field.name()), null);
      // a reference member that refers to shared memory holds its address
      member.reference = field.type().reference() && Arrays.stream(member.vals).anyMatch(x -> x instanceof Val.Ptr);
      fields.put(field.name(), member);
    }
    Map<String, String> inherited = new HashMap<>();
    for (VarDecl field : cls.def().fields()) {
      StructDef base = field.is(VarDecl.BASE) ? program.structDef(field.type().base()) : null;
      if (base == null) continue;
      Var holder = fields.get(field.name());
      for (VarDecl member : base.fields()) {
        if (fields.containsKey(member.name()) || member.is(VarDecl.BASE)) continue;
        Val.Struct sample = structOf(holder.vals);
        Type t = program.resolve(member.type(), sample != null ? sample.obj().bindings() : Map.of(), new ArrayList<>());
        fields.put(member.name(), new Var(t, memberValues(holder.vals, member.name()), null));
        inherited.put(member.name(), field.name());
      }
    }
    return new Self(cls, fields, inherited);
  }

  /** Each lane of {@code lanes}: the object whose members {@code self} holds; the others keep {@code before}. */
  private Val[] packed(Self self, Val[] before, boolean[] lanes) {
    Val[] out = before.clone();
    Val.Struct prev = null;
    for (int l = 0; l < n; l++) {
      if (!lanes[l]) continue;
      Map<String, Val> members = new HashMap<>();
      boolean sameAsPrev = prev != null;
      for (Map.Entry<String, Var> e : self.fields().entrySet()) {
        Var v = e.getValue();
        if (v.type instanceof Type.Array || self.inherited().containsKey(e.getKey())) continue;
        Val x = v.escaped != null ? new Val.Unknown(v.escaped) : v.vals[l];
        members.put(e.getKey(), x);
        if (sameAsPrev && prev.members().get(e.getKey()) != x) sameAsPrev = false;
      }
      for (Map.Entry<String, String> e : self.inherited().entrySet()) { // a base class's member: into its subobject
        Var v = self.fields().get(e.getKey());
        if (v.type instanceof Type.Array) continue;
        if (members.get(e.getValue()) instanceof Val.Struct base && base.member(e.getKey()) != v.vals[l]) {
          members.put(e.getValue(), base.with(e.getKey(), v.escaped != null ? new Val.Unknown(v.escaped) : v.vals[l]));
          sameAsPrev = false;
        }
      }
      out[l] = sameAsPrev && prev.members().size() == members.size() ? prev
          : (prev = new Val.Struct(self.cls(), java.util.Collections.unmodifiableMap(members)));
    }
    return out;
  }

  /**
   * {@code x.m(...)} where x is a local object (or a member of one), {@code this->m(...)} in a method: the method is
   * run on the object, and what it writes to the members is the object's; null where no such method is defined.
   */
  private Val[] method(Expr.Call c, Expr.Member m, boolean[] mask) {
    if (m.arrow() && m.base() instanceof Expr.Name self && self.name().equals("this")) {
      Self current = currentSelf();
      Function run = current == null ? null : methodOf(current.cls(), m.member(), c.args().size());
      return run == null ? null : callUser(run, c, mask, current, null);
    }
    if (m.arrow() && m.base() instanceof Expr.Name) { // p->m(...): run on the object p points at in shared memory
      LV pointed = deref(eval(m.base(), mask), mask, () -> text(m.base()));
      return pointed instanceof SharedLV s ? sharedMethod(c, m, s, mask) : null;
    }
    if (m.arrow() || !addressOnly(m.base())) return null;
    LV object = lvalue(m.base(), mask);
    if (object instanceof SharedLV s) return sharedMethod(c, m, s, mask);
    if (!plainLvalue(m.base())) return null;
    if (!(object instanceof LocalLV || object instanceof FieldLV)) return null;
    Val[] state = valuesOf(object);
    Val.Obj cls = object instanceof LocalLV l && l.var().object instanceof Val.Obj o ? o
        : holdsStruct(state) ? structOf(state).obj() : null;
    Function run = cls == null ? null : methodOf(cls, m.member(), c.args().size());
    if (run == null) return cls == null || !holdsStruct(state) ? null : inheritedMethod(c, m, object, cls, mask);
    Self self = self(cls, holdsStruct(state) ? state : null,
        "bankcheck follows the members of objects it saw made, and this one it did not");
    Val[] out = callUser(run, c, mask, self, null);
    if (holdsStruct(state)) write(object, packed(self, state, mask), mask, m.base());
    return out;
  }

  /**
   * {@code m} of the temporary object {@code made}, run on it, or a base class's on its base subobject; null where it
   * is no object with such a method.
   */
  private Val[] temporaryMethod(Expr.Call c, Expr.Member m, Val[] made, boolean[] mask) {
    for (int depth = 0; depth < 8 && holdsStruct(made); depth++) {
      Val.Obj cls = structOf(made).obj();
      Function run = methodOf(cls, m.member(), c.args().size());
      if (run != null) return callUser(run, c, mask, self(cls, made, "a temporary"), null);
      Val[] base = null;
      for (VarDecl field : cls.def().fields()) {
        if (base == null && field.is(VarDecl.BASE)) base = memberValues(made, field.name());
      }
      made = base;
    }
    return null;
  }

  /**
   * {@code x.m(...)} where x is an object in shared memory ({@code __shared__ Buffer<N> b; b.store(v)}, also a member
   * of one, an element of an array of them or one a pointer points at): the method runs with each member a reference
   * into that object, so its accesses are the object's; a method of a base class runs on the base subobject. Null
   * where the class has no such method with a body (the caller reports the object's use as not analyzed).
   */
  private Val[] sharedMethod(Expr.Call c, Expr.Member m, SharedLV object, boolean[] mask) {
    Val.Obj cls = program.classOf(object.type());
    Function run = cls == null ? null : methodOf(cls, m.member(), c.args().size());
    if (run != null) return callUser(run, c, mask, sharedSelf(cls, object), null);
    if (cls != null) {
      for (VarDecl field : cls.def().fields()) {
        if (field.is(VarDecl.BASE) && member(object, field.name()) instanceof SharedLV base
            && program.classOf(base.type()) != null) {
          Val[] out = sharedMethod(c, m, base, mask);
          if (out != null) return out;
        }
      }
    }
    return null;
  }

  /** An object in shared memory as a method sees it: {@code this}, and each member (a base's too) as a reference. */
  private Self sharedSelf(Val.Obj cls, SharedLV object) {
    Map<String, Var> fields = new HashMap<>();
    Var self = new Var(new Type.Pointer(object.type()), object.lanes().clone(), null);
    fields.put("this", self);
    addSharedMembers(cls.def(), object, fields, 0);
    return new Self(cls, fields, Map.of());
  }

  private void addSharedMembers(StructDef def, SharedLV object, Map<String, Var> fields, int depth) {
    for (VarDecl field : def.fields()) {
      LV member = member(object, field.name());
      if (!(member instanceof SharedLV s)) continue;
      if (!field.is(VarDecl.BASE)) {
        fields.putIfAbsent(field.name(), reference(s, s.type(), null));
      } else if (depth < 8 && program.classOf(s.type()) != null) {
        addSharedMembers(program.classOf(s.type()).def(), s, fields, depth + 1); // a derived class's own members hide its base's
      }
    }
  }

  /**
   * Whether evaluating {@code e} for its address twice costs nothing: names, members and subscripts by indices that
   * only compute (no call, no write, nothing that may read shared memory: {@code q[threadIdx.x / 32]}).
   */
  private boolean addressOnly(Expr e) {
    if (e instanceof Expr.Name) return true;
    if (e instanceof Expr.Member m) return !m.arrow() && addressOnly(m.base());
    return e instanceof Expr.Index i && onlyComputes(i.index()) && addressOnly(i.base());
  }

  /** A name whose value is no read of shared memory: a local that is no shared array or reference, or no shared global. */
  private boolean readsNoMemory(String name) {
    Var v = lookupLocal(name);
    if (v != null) return v.root == null && !v.reference;
    VarDecl g = program.global(name);
    return g == null || !g.is("__shared__");
  }

  /**
   * {@code d.m(...)} where m is a method of d's base class: run on the base subobject, which takes what it writes;
   * null where no base class defines it.
   */
  private Val[] inheritedMethod(Expr.Call c, Expr.Member m, LV object, Val.Obj cls, boolean[] mask) {
    for (VarDecl field : cls.def().fields()) {
      if (!field.is(VarDecl.BASE)) continue;
      FieldLV base = new FieldLV(object, field.name(), null);
      Val[] state = valuesOf(base);
      Val.Struct sample = structOf(state);
      Function run = sample == null ? null : methodOf(sample.obj(), m.member(), c.args().size());
      if (run == null) continue;
      Self self = self(sample.obj(), state, "bankcheck follows the members of objects it saw made");
      Val[] out = callUser(run, c, mask, self, null);
      write(base, packed(self, state, mask), mask, m.base());
      return out;
    }
    return null;
  }

  /** The object whose method is running now, if the innermost function is one of its class's. */
  private Self currentSelf() {
    Self self = selves.peek();
    Function f = callStack.isEmpty() ? null : callStack.peek().function();
    return self != null && f != null && f.name().startsWith(self.cls().def().qualifiedName() + "::") ? self : null;
  }

  private Function methodOf(Val.Obj cls, String member, int args) {
    Function f = program.function(cls.def().qualifiedName() + "::" + member, args, null);
    return f != null && f.body() != null ? f : null;
  }

  /** The values of a local object (or a member of one), read without any access. */
  private Val[] valuesOf(LV lv) {
    if (lv instanceof FieldLV f) return memberValues(valuesOf(f.object()), f.member());
    Var v = ((LocalLV) lv).var();
    return v.escaped != null ? fill(new Val.Unknown(v.escaped)) : v.vals;
  }

  /** Each lane's member {@code name}: of a struct value; of a struct read from memory, data; else unknown. */
  private Val[] memberValues(Val[] whole, String name) {
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) {
      Val w = whole[l];
      if (l > 0 && w == whole[l - 1]) out[l] = out[l - 1];
      else out[l] = w instanceof Val.Struct s ? s.member(name) : w instanceof Val.Data d ? d.plain()
          : w == null || w instanceof Val.Unknown ? w
          : new Val.Unknown("the member '" + name + "' of a value that is not an object the tool followed");
    }
    return out;
  }

  private static boolean holdsStruct(Val[] vals) {
    return structOf(vals) != null;
  }

  /** The first lane's struct value, if any lane holds one. */
  private static Val.Struct structOf(Val[] vals) {
    if (vals == null) return null;
    for (Val v : vals) {
      if (v instanceof Val.Struct s) return s;
    }
    return null;
  }

  /** The declared type of a member of a struct value (null where the class has no such member). */
  private Type memberType(Val.Struct s, String member) {
    for (VarDecl field : s.obj().def().fields()) {
      if (field.name().equals(member)) return program.resolve(field.type(), s.obj().bindings(), new ArrayList<>());
    }
    return null;
  }

  /** A write to a member of a local object: each lane's object is replaced by one with the new member. */
  private void writeMember(FieldLV f, Val[] vals, boolean[] mask, Expr at) {
    Val[] conv = f.type() == null ? vals : convert(vals, f.type());
    Val[] whole = valuesOf(f.object());
    Val[] updated = whole.clone();
    for (int l = 0; l < n; l++) {
      if (!mask[l] || !(whole[l] instanceof Val.Struct s)) continue;
      boolean repeat = l > 0 && mask[l - 1] && whole[l] == whole[l - 1] && conv[l] == conv[l - 1];
      updated[l] = repeat ? updated[l - 1] : s.obj().def().union() ? s.only(f.member(), conv[l]) : s.with(f.member(), conv[l]);
    }
    write(f.object(), updated, mask, at);
  }

  /** How the source names a member: "s.a.b". */
  private static String path(FieldLV f) {
    return (f.object() instanceof FieldLV o ? path(o) : ((LocalLV) f.object()).name()) + "." + f.member();
  }

  /** The local variable a member belongs to ({@code s} of {@code s.a.b}). */
  private static LocalLV rootOf(FieldLV f) {
    LV lv = f;
    while (lv instanceof FieldLV x) lv = x.object();
    return (LocalLV) lv;
  }

  /** Member by member, where two values of one class meet (a branch the tool cannot decide). */
  private static Val.Struct zip(Val.Struct a, Val.Struct b, java.util.function.BinaryOperator<Val> join) {
    Map<String, Val> members = new HashMap<>();
    Set<String> names = new HashSet<>(a.members().keySet());
    names.addAll(b.members().keySet());
    for (String name : names) members.put(name, join.apply(a.member(name), b.member(name)));
    return new Val.Struct(a.obj(), java.util.Collections.unmodifiableMap(members));
  }

  private boolean[] allLanes() {
    boolean[] all = new boolean[n];
    Arrays.fill(all, true);
    return all;
  }

  /** The pointer an object converts to through its {@code operator T*()}, run like an inlined call. */
  private Val[] convertObject(Val.Obj o, boolean[] mask) {
    if (o.def().conversions().isEmpty()) return fill(new Val.Unknown("'" + o.def().name() + "' has no conversion to a pointer"));
    return invoke(o.def().conversions().get(0), o.bindings(), scope -> {}, mask, "no pointer returned", null);
  }

  /** Template arguments written at a call ({@code mulN<8>(x)}), evaluated in the caller, then defaults. */
  private Map<String, Val> templateBindings(Function f, Expr.Call c, Map<String, Val> callerScope, int first) {
    Map<String, Val> b = new HashMap<>();
    int written = Math.max(c.templateArgs().size(), c.templateValues().size());
    for (int k = first; k < f.templateParams().size(); k++) {
      Function.TemplateParam p = f.templateParams().get(k);
      int i = k - first; // the argument written for it
      // a pack takes the arguments written after the others: their count (none written: deduced, not counted)
      if (p.pack()) {
        b.put(Function.TemplateParam.lengthOf(p.name()), written > i ? Val.num(written - i) : new Val.Unknown("the length"
            + " of the pack '" + p.name() + "' of '" + f.name() + "' (bankcheck counts a pack's arguments where a call"
            + " writes them, not where they are deduced)"));
      }
      if (p.type()) {
        TypeRef t = i < c.templateArgs().size() ? c.templateArgs().get(i) : p.defaultType();
        if (t != null && t.pointers() == 0 && t.dims().isEmpty()) {
          b.put("typename " + p.name(), program.typeArgument(t, callerScope));
        } else if (t == null) {
          Val.Opaque deduced = deducedType(f, p.name(), c);
          b.put("typename " + p.name(), deduced != null ? deduced : new Val.Unknown("template parameter '" + p.name()
              + "' of '" + f.name() + "' has no type argument at this call (bankcheck deduces one only from an"
              + " argument whose type it knows: a variable, an element, an address, a cast or a call whose type the"
              + " code declares)"));
        }
        continue;
      }
      Expr value = i < c.templateValues().size() && c.templateValues().get(i) != null ? c.templateValues().get(i)
          : p.defaultValue();
      Val v = value == null ? null : program.constantIn(value, callerScope);
      b.put(p.name(), v instanceof Val.Num ? v : new Val.Unknown("template parameter '" + p.name() + "' of '" + f.name()
          + "' has no constant value at this call"));
    }
    return b;
  }

  /**
   * The function a call of a function template with explicit specializations runs, where the call writes all its
   * template arguments as constants or types: the specialization of that name ({@code template <> void store<4>(...)}
   * for "store<4>", "k<float,32>"), else the template itself; null where the arguments do not tell.
   */
  private Function specializationCalled(Function template, Expr.Call c) {
    int count = Math.max(c.templateArgs().size(), c.templateValues().size());
    if (count == 0 || count != template.templateParams().size()) return null;
    List<String> written = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Expr value = i < c.templateValues().size() ? c.templateValues().get(i) : null;
      TypeRef type = i < c.templateArgs().size() ? c.templateArgs().get(i) : null;
      Val v = value == null ? null : program.constantIn(value, c.templateValues().isEmpty() ? templateScope : constantsInScope());
      if (v instanceof Val.Num num && num.poly().isConstant()) written.add(Long.toString(num.poly().constant()));
      else if (type != null && value == null) written.add(type.display().replace(" ", ""));
      else return null;
    }
    String name = template.name() + "<" + String.join(",", written) + ">";
    Function f = program.function(name, c.args().size(), null);
    if (f == null) f = template; // no specialization for these arguments
    return f.body() != null ? f : null;
  }

  /**
   * A method's template: its class's parameters and static members, then its own parameters (after the class's in
   * its list), from the arguments written ({@code obj.transform<true, false>(...)}) or deduced.
   */
  private Map<String, Val> methodBindings(Function f, Expr.Call c, Self self, Map<String, Val> callerScope) {
    int classParams = self.cls().def().templateParams().size();
    if (f.templateParams().size() <= classParams) return self.cls().bindings();
    Map<String, Val> b = new HashMap<>(self.cls().bindings());
    b.putAll(templateBindings(f, c, callerScope, classParams));
    return b;
  }

  /**
   * The type a call's arguments give the type parameter {@code name}, as the compiler deduces it for parameters
   * declared T, T* (const T*) or T&: a built-in, vector or (not templated) struct type; null where no argument
   * gives one bankcheck can name (a pointer or a class template's instance is not named) or two disagree.
   */
  private Val.Opaque deducedType(Function f, String name, Expr.Call c) {
    String found = null;
    for (int i = 0; i < Math.min(f.params().size(), c.args().size()); i++) {
      TypeRef declared = f.params().get(i).type();
      if (!declared.deduces(name)) continue;
      Type t = staticType(c.args().get(i));
      for (int k = 0; k < declared.pointers() && t != null; k++) t = t instanceof Type.Pointer ptr ? ptr.pointee() : null;
      String type = t instanceof Type.Scalar || t instanceof Type.Vector
          || t instanceof Type.Struct st && st.name().indexOf('<') < 0 ? t.display() : null;
      if (type == null) continue; // an argument whose type is not known here: the others may tell
      if (found != null && !found.equals(type)) return null;
      found = type;
    }
    return found == null ? null : new Val.Opaque("type:" + found);
  }

  private Val offsetOf(Expr type, Expr field) {
    if (!(type instanceof Expr.Name t) || !(field instanceof Expr.Name f)) return new Val.Unknown("offsetof of an expression");
    Type st = resolve(new TypeRef(t.name(), null, List.of(), List.of(), 0, List.of(), false));
    Type.Field member = Type.member(st, f.name());
    if (member != null) return Val.num(member.offset());
    return new Val.Unknown("offsetof(" + t.name() + ", " + f.name() + ") is unknown");
  }

  /** The types of a call's arguments where they can be told without running them, when {@code name} is overloaded. */
  private List<Type> argumentTypes(String name, Expr.Call c) {
    if (!program.overloaded(name)) return null;
    List<Type> types = new ArrayList<>();
    for (Expr a : c.args()) types.add(staticType(a));
    return types;
  }

  /** The type of a name, an element, an address, a cast or pointer arithmetic on them; null if not known. */
  private Type staticType(Expr e) {
    if (e instanceof Expr.Name nm) {
      Var v = lookupLocal(nm.name());
      if (v != null) return v.root != null ? decayed(v.root.type()) : v.type;
      VarDecl g = program.global(nm.name());
      return g == null ? null : decayed(g.is("__shared__") ? program.root(g, templateScope).type() : resolve(g.type()));
    }
    if (e instanceof Expr.Cast c) return resolve(c.type());
    if (e instanceof Expr.Call c && c.callee() instanceof Expr.Name nm) return returnType(c, nm.name());
    if (e instanceof Expr.IntLit) return Types.builtin("int");
    if (e instanceof Expr.Unary u && u.op().equals("&")) {
      Type t = u.operand() instanceof Expr.Index i ? element(staticType(i.base())) : null;
      return t == null ? null : new Type.Pointer(t);
    }
    if (e instanceof Expr.Index i) return decayed(element(staticType(i.base())));
    if (e instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
      Type left = staticType(b.left());
      return left instanceof Type.Pointer ? left : null;
    }
    return null;
  }

  /**
   * The type a call returns where the code says it without running it: a functional cast (uint32_t(x)), a function's
   * declared type, or the template argument given at the call for a return type that is a template parameter
   * (cuda_cast<float>(x) of "template <typename To, typename From> To cuda_cast(From v)"); null otherwise.
   */
  private Type returnType(Expr.Call c, String name) {
    Type converted = c.args().size() == 1 && c.templateArgs().isEmpty() ? castTypeNamed(name) : null;
    if (converted != null) return converted;
    Function f = program.function(name, c.args().size(), null);
    TypeRef ret = f == null ? null : f.returnType();
    if (ret == null || ret.reference() || !ret.dims().isEmpty()) return null;
    List<Function.TemplateParam> params = f.templateParams();
    for (int i = 0; i < params.size(); i++) {
      if (!params.get(i).name().equals(ret.base())) continue;
      TypeRef given = params.get(i).type() && ret.pointers() == 0 && i < c.templateArgs().size()
          ? c.templateArgs().get(i) : null;
      return given == null ? null : resolve(given);
    }
    Type t = resolve(ret);
    return t.size() > 0 && !(t instanceof Type.Opaque) ? t : null;
  }

  private static Type element(Type t) {
    return t instanceof Type.Pointer p ? p.pointee() : t instanceof Type.Array a ? a.element() : null;
  }

  private static Type decayed(Type t) {
    return t instanceof Type.Array a ? new Type.Pointer(a.element()) : t;
  }

  /** Inlines a call: arguments by value, reference parameters bound to the caller's objects. */
  private Val[] callUser(Function f, Expr.Call c, boolean[] mask) {
    return callUser(f, c, mask, null, null);
  }

  /**
   * {@code self}: the object a method is called on, whose template arguments it runs with and whose members its
   * scope binds (the method's writes to them are the object's); {@code inits}: a constructor's member initializers,
   * run after its parameters are bound.
   */
  private Val[] callUser(Function f, Expr.Call c, boolean[] mask, Self self, List<StructDef.MemberInit> inits) {
    return callUser(f, c, mask, self, inits, null);
  }

  /** {@code closure}: the lambda {@code f} is the body of, run among the variables it was written with. */
  private Val[] callUser(Function f, Expr.Call c, boolean[] mask, Self self, List<StructDef.MemberInit> inits,
      Val.Closure closure) {
    List<Expr> argExprs = c.args();
    if (callStack.size() >= MAX_CALL_DEPTH) {
      String why = "calls nested deeper than " + MAX_CALL_DEPTH + " levels";
      for (Expr a : argExprs) notRun(f, a, eval(a, mask), why, mask);
      return fill(new Val.Unknown(why));
    }
    // template arguments are constant expressions, often of the caller's constexpr locals (wt::load<rowStride>())
    Map<String, Val> callerConstants = c.templateValues().isEmpty() ? templateScope : constantsInScope();
    Map<String, Val> template = closure != null ? closure.template() : self != null ? methodBindings(f, c, self, callerConstants)
        : templateBindings(f, c, callerConstants, 0);
    List<Var> bound = new ArrayList<>();
    for (int i = 0; i < f.params().size(); i++) {
      VarDecl p = f.params().get(i);
      Type t = resolveIn(p.type(), template); // the callee's T, not a caller's parameter of that name
      if (i < argExprs.size() && p.type().reference()) {
        bound.add(reference(lvalue(argExprs.get(i), mask), t, mask));
      } else if (i < argExprs.size()) {
        bound.add(new Var(t, convert(eval(argExprs.get(i), mask), t), null));
        // a copy of a kernel's struct parameter has its members
        Var arg = argExprs.get(i) instanceof Expr.Name nm ? lookupLocal(nm.name()) : null;
        if (arg != null) bound.get(i).structParameter = arg.structParameter;
      } else {
        bound.add(null); // default argument, evaluated in the callee below
      }
      // a group passed on (sumReduction(thread_group g, ...) called with a block or a tile) keeps its size
      long group = i < argExprs.size() ? groupOf(argExprs.get(i)) : -1;
      if (group >= 0) bound.get(i).groupSize = group; // (a reference may be the caller's own variable)
      if (bound.get(i) != null && namesPipeline(p.type(), null)) bound.get(i).pipeline = true;
    }
    for (int i = f.params().size(); i < argExprs.size(); i++) eval(argExprs.get(i), mask); // varargs
    // a template that calls itself with other arguments (f<N + 1>) runs, as the compiler instantiates it
    if (callStack.contains(new Call(f, template))) {
      String why = "'" + f.name() + "' is recursive";
      for (int i = 0; i < argExprs.size(); i++) {
        if (i < bound.size() && bound.get(i) != null) notRun(f, argExprs.get(i), bound.get(i).vals, why, mask);
      }
      return fill(new Val.Unknown(why));
    }
    PureCall key = self == null && closure == null && pure(f)
        ? new PureCall(f, template, argumentLanes(bound, mask), mask.clone()) : null;
    Val[] known = key == null ? null : pureCalls.get(key);
    if (known != null) return known.clone();
    if (self != null) selves.push(self);
    try {
      Val[] out = invoke(f, template, scope -> bindCall(f, scope, bound, self, inits, mask), mask,
          "'" + f.name() + "' returned no value", closure);
      if (key != null) pureCalls.put(key, out.clone());
      return out;
    } finally {
      if (self != null) selves.pop();
    }
  }

  /**
   * A constexpr function of values alone: parameters by value (no pointer, reference or array), and a body that
   * reads no memory and calls only such functions (and constructors), so that equal arguments give equal results.
   * ggml picks a configuration object out of a hundred cases this way, in every loop that needs one of its members.
   */
  private boolean pure(Function f) {
    return program.fact("pure", f, x -> pure(f, new HashSet<>()));
  }

  private boolean pure(Function f, Set<Function> seen) {
    if (f.body() == null || !f.qualifiers().contains("constexpr")) return false;
    if (!seen.add(f)) return true;
    for (VarDecl p : f.params()) {
      if (p.type().reference() || p.type().pointers() > 0 || !p.type().dims().isEmpty()) return false;
    }
    boolean[] ok = {true};
    Walk.stmt(f.body(), d -> ok[0] &= !d.is("__shared__") && !d.is("static"), e -> {
      if (e instanceof Expr.Index || e instanceof Expr.Unary u && (u.op().equals("*") || u.op().equals("&"))
          || e instanceof Expr.Member m && m.arrow() || e instanceof Expr.Lambda || e instanceof Expr.AsmOutput
          || e instanceof Expr.Unsupported) {
        ok[0] = false;
      } else if (e instanceof Expr.Call c) {
        if (!(c.callee() instanceof Expr.Name nm)) {
          ok[0] = false;
          return;
        }
        StructDef made = program.structDef(simpleName(nm.name()));
        if (made != null) {
          for (StructDef.Constructor ctor : made.constructors()) ok[0] &= pure(ctor.function(), seen);
          return;
        }
        Function g = program.function(nm.name(), c.args().size());
        if (g != null && g.body() != null) ok[0] &= pure(g, seen);
      }
    });
    return ok[0];
  }

  /** Each parameter's value in each active lane, in one array (null elsewhere): the arguments of a pure call. */
  private Val[] argumentLanes(List<Var> bound, boolean[] mask) {
    Val[] out = new Val[bound.size() * n];
    for (int i = 0; i < bound.size(); i++) {
      for (int l = 0; l < n; l++) {
        if (mask[l] && bound.get(i) != null) out[i * n + l] = bound.get(i).vals[l];
      }
    }
    return out;
  }

  /** The results of pure calls made before (see {@link #pure(Function)}). */
  private final Map<PureCall, Val[]> pureCalls = new HashMap<>();

  /** A pure function, its template's values, its arguments and the lanes that call it. */
  private record PureCall(Function f, Map<String, Val> template, Val[] args, boolean[] lanes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof PureCall c && c.f == f && c.template.equals(template) && Arrays.equals(c.args, args)
          && Arrays.equals(c.lanes, lanes);
    }

    @Override
    public int hashCode() {
      return (System.identityHashCode(f) * 31 + Arrays.hashCode(args)) * 31 + Arrays.hashCode(lanes);
    }
  }

  /** Fills a called function's scope: the object's members, then the parameters, then a constructor's initializers. */
  private void bindCall(Function f, Map<String, Var> scope, List<Var> bound, Self self, List<StructDef.MemberInit> inits,
      boolean[] mask) {
    if (self != null) scope.putAll(self.fields());
    for (int i = 0; i < f.params().size(); i++) {
      VarDecl p = f.params().get(i);
      Var v = bound.get(i);
      if (v == null) {
        Type t = resolve(p.type());
        v = new Var(t, p.init() != null ? convert(eval(p.init(), mask), t)
            : fill(new Val.Unknown("a missing argument of '" + f.name() + "'")), null);
      }
      scope.put(p.name(), v);
    }
    if (inits != null) initializeMembers(self, inits, false, mask);
  }

  /** A shared address passed to a call that is not run: the accesses made through it there are not analyzed. */
  private void notRun(Function f, Expr arg, Val[] vals, String why, boolean[] mask) {
    unanalyzed(addressed(arg), MemOp.LOAD, vals, "it is passed to '" + f.name() + "', which is not run here (" + why
        + "), so the accesses made through it there are not analyzed", mask);
  }

  /** A function on the call stack, with its template's values: a template may call itself with others. */
  private record Call(Function function, Map<String, Val> template) {
    // written out: a record's generated equals is bootstrapped through method handles, a start-up cost; by name, as
    // the overloads of one name are one function to the recursion check
    @Override
    public boolean equals(Object o) {
      return o instanceof Call c && c.function.name().equals(function.name()) && c.template.equals(template);
    }

    @Override
    public int hashCode() {
      return function.name().hashCode() * 31 + template.hashCode();
    }
  }

  /**
   * Runs a function body in a scope of its own with {@code template} bound; {@code bind} fills that scope
   * first (parameters, default arguments). Returns each lane's returned value.
   */
  @SuppressWarnings("unchecked")
  private boolean returnsReference() {
    Function running = callStack.isEmpty() ? null : callStack.peek().function();
    return running != null && running.returnType() != null && running.returnType().reference();
  }

  /**
   * {@code return data[i];} in a function returning a reference: an element of shared memory is returned as its
   * address (read or written where the call is, as what it is there), anything else as its value.
   */
  private Val[] returnedReference(Expr value, Frame f, boolean[] mask) {
    LV lv = lvalue(value, mask);
    if (!(lv instanceof SharedLV s)) return read(lv, mask, value);
    f.returnedAddress = true;
    return Arrays.copyOf(s.lanes(), n, Val[].class);
  }

  /**
   * Whether the call that just returned gave addresses in shared memory (a function returning a reference): then the
   * caller reads or writes through them. Cleared by asking.
   */
  private boolean lastCallAddressed;

  private boolean takeAddressed() {
    boolean was = lastCallAddressed;
    lastCallAddressed = false;
    return was;
  }

  private Val[] invoke(Function f, Map<String, Val> template, java.util.function.Consumer<Map<String, Var>> bind,
      boolean[] mask, String noValue, Val.Closure closure) {
    Deque<Map<String, Var>> saved = scopes;
    Map<String, Val> savedTemplate = templateScope;
    String savedNamespace = namespace;
    templateScope = template;
    namespace = closure != null ? closure.namespace() : program.namespaceOf(f);
    // a lambda's body sees the variables around it, as written (its captures are by reference)
    scopes = closure != null ? new ArrayDeque<>((Deque<Map<String, Var>>) closure.scopes()) : new ArrayDeque<>();
    scopes.push(new HashMap<>());
    callStack.push(new Call(f, template));
    Frame frame = new Frame(n, true, false);
    frames.push(frame);
    try {
      bind.accept(scopes.peek());
      exec(f.body(), mask.clone());
    } finally {
      frames.pop();
      callStack.pop();
      scopes = saved;
      templateScope = savedTemplate;
      namespace = savedNamespace;
    }
    Val[] out = new Val[n];
    for (int l = 0; l < n; l++) {
      // a return pending on one side only: the other side ends without a value, which is undefined
      if (mask[l]) out[l] = frame.returns[l] != null ? frame.returns[l]
          : frame.pending[l] != null ? frame.pending[l].value() : new Val.Unknown(noValue);
    }
    lastCallAddressed = frame.returnedAddress;
    return out;
  }
}
