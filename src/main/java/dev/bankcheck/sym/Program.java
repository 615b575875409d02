package dev.bankcheck.sym;

import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.StructDef;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.ir.Walk;
import dev.bankcheck.source.Pos;
import dev.bankcheck.types.Type;
import dev.bankcheck.types.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a translation unit declares at file scope: functions, types, constants and __shared__
 * variables, with type resolution and layout. Array dimensions can be overridden (to try a padding).
 */
public final class Program {
  private final Map<String, Function> functions = new LinkedHashMap<>();
  private final Map<String, StructDef> structDefs = new HashMap<>();
  /** The parameters of alias templates, by name (their types are in {@code typedefs}). */
  private final Map<String, List<Function.TemplateParam>> aliasParams = new HashMap<>();
  /** Every specialization (explicit or partial) of each class template, in source order. */
  private final Map<String, List<StructDef>> specializationsOf = new HashMap<>();
  /** Methods ("S::m", "S<float>::m") by their own name m: a call on an object names only that. */
  private final Map<String, List<Function>> methods = new HashMap<>();
  private final Map<String, TypeRef> typedefs = new HashMap<>();
  private final Map<String, Type> structCache = new HashMap<>();
  /**
   * The class (definition and bindings) of each laid-out struct type: by identity, as the layouts of two classes
   * may be equal records.
   */
  private final Map<Type, Val.Obj> classes = new java.util.IdentityHashMap<>();
  /** Built-in types by their spelling ("unsigned int"): declarations and casts resolve them on every run. */
  private final Map<String, Type> builtinTypes = new HashMap<>();
  private final Map<String, Expr> constantExprs = new HashMap<>();
  private final Map<String, Val> constants = new HashMap<>();
  private final Map<String, VarDecl> globalDecls = new LinkedHashMap<>();
  /** Per declaration (by identity), per template scope: each instantiation has its own shape and type. */
  private final Map<VarDecl, Map<Map<String, Val>, SharedRoot>> roots = new IdentityHashMap<>();
  private final List<TranslationUnit.InstantiationItem> instantiations = new ArrayList<>();
  private final List<TranslationUnit.ClassInstantiationItem> classInstantiations = new ArrayList<>();
  private final Map<String, Long> innerDimOverride = new HashMap<>();
  /** Facts about pieces of the IR, by kind and piece (see {@link #fact}). */
  private final Map<String, Map<Object, Object>> facts = new HashMap<>();

  private final List<String> missingHeaders;
  private final Map<String, String> skippedDefines;
  /** The names of the file's namespaces, qualified and as their inner parts. */
  private final Set<String> namespaceNames = new HashSet<>();
  /** The names of every enum's enumerators, also of those declared in classes (file-scope names here). */
  private final Map<String, Boolean> enumeratorNames = new HashMap<>();

  /** The maps a name is looked up in (see {@link #look}). */
  private static final int FUNCTIONS = 0, OVERLOADS = 1, STRUCTS = 2, TYPEDEFS = 4, CONSTANTS = 5,
      GLOBALS = 6, SPECIALIZED_FUNCTIONS = 7, STATIC_MEMBERS = 8, METHODS = 9, SPECIALIZATIONS_OF = 10, MEMBER_TYPES = 11,
      ENUMERATORS = 12;

  /** A name looked up in one of the maps. */
  public record Lookup(int map, String name) {}

  /**
   * Every answer a lookup of a name gave since {@link #keepLookups()}, null while they are not kept. After
   * the constructor the maps never change and everything else the program computes (constants, layouts) is
   * computed from them, so an analysis depends on the declarations only through these answers.
   */
  private Map<Lookup, Object> lookups;

  private <V> V look(Map<String, V> map, int kind, String name) {
    V v = map.get(name);
    if (lookups != null) lookups.putIfAbsent(new Lookup(kind, name), v);
    return v;
  }

  /** Keeps the answers of lookups from now on: call before anything is looked up. */
  public void keepLookups() {
    if (lookups == null) lookups = new HashMap<>();
  }

  /** The answers so far (a copy); empty when they are not kept. */
  public Map<Lookup, Object> lookups() {
    return lookups == null ? Map.of() : new HashMap<>(lookups);
  }

  /**
   * Whether this program answers each of {@code answers} with the same objects: declarations parsed once and
   * shared (the items of headers), never equal-looking ones from another parse (a file's own declarations may
   * look like a header's, but what the file decides by its own path would differ). Constants: equal expressions.
   */
  public boolean answersAlike(Map<Lookup, Object> answers) {
    for (Map.Entry<Lookup, Object> e : answers.entrySet()) {
      Object mine = map(e.getKey().map()).get(e.getKey().name());
      // a constant is used for its value: an enumerator's implicit value is an expression made per program
      boolean alike = e.getKey().map() == CONSTANTS ? java.util.Objects.equals(mine, e.getValue())
          : sameObjects(mine, e.getValue());
      if (!alike) return false;
    }
    return true;
  }

  private Map<String, ?> map(int kind) {
    return switch (kind) {
      case FUNCTIONS -> functions;
      case OVERLOADS -> overloads;
      case STRUCTS -> structDefs;
      case TYPEDEFS -> typedefs;
      case CONSTANTS -> constantExprs;
      case SPECIALIZED_FUNCTIONS -> specializedFunctions;
      case STATIC_MEMBERS -> staticMembers;
      case METHODS -> methods;
      case SPECIALIZATIONS_OF -> specializationsOf;
      case MEMBER_TYPES -> memberTypeNames;
      case ENUMERATORS -> enumeratorNames;
      default -> globalDecls;
    };
  }

  /** The same object, or lists of the same objects (a name's overloads are collected per program). */
  private static boolean sameObjects(Object a, Object b) {
    if (a == b) return true;
    if (!(a instanceof List<?> x) || !(b instanceof List<?> y) || x.size() != y.size()) return false;
    for (int i = 0; i < x.size(); i++) {
      if (x.get(i) != y.get(i)) return false;
    }
    return true;
  }

  public Program(TranslationUnit unit) {
    this(unit, List.of());
  }

  /** {@code missingHeaders}: includes that were not found, named in the reasons of undeclared names. */
  public Program(TranslationUnit unit, List<String> missingHeaders) {
    this(unit, missingHeaders, List.of());
  }

  /**
   * {@code namespaces}: the bodies of the file's named namespaces. A function or constant declared in one is
   * also known by its qualified name ({@code b::st}), which calls and uses in that namespace try first.
   */
  public Program(TranslationUnit unit, List<String> missingHeaders, List<TranslationUnit.Namespace> namespaces) {
    this(unit, missingHeaders, namespaces, Map.of());
  }

  /** {@code skippedDefines}: macros defined only in groups a conditional skipped (see PreprocessResult). */
  public Program(TranslationUnit unit, List<String> missingHeaders, List<TranslationUnit.Namespace> namespaces,
      Map<String, String> skippedDefines) {
    this.missingHeaders = List.copyOf(missingHeaders);
    this.skippedDefines = skippedDefines;
    for (TranslationUnit.Namespace ns : namespaces) {
      String name = ns.name();
      namespaceNames.add(name); // "a::b", and each of its tails ("b"): code inside "a" names it so
      for (int sep = name.indexOf("::"); sep > 0; sep = name.indexOf("::", sep + 2)) {
        namespaceNames.add(name.substring(sep + 2));
      }
    }
    // Constants are kept as expressions and evaluated on first use, so their order does not matter.
    for (StructDef s : unit.structs()) {
      if (!s.specialization().isEmpty()) {
        specializationsOf.computeIfAbsent(s.name(), k -> new ArrayList<>()).add(s);
        continue;
      }
      // a class template declared before its definition, or only declared (its specializations define it)
      structDefs.merge(s.name(), s, (first, later) -> declaredOnly(first) ? later : first);
      for (VarDecl t : s.memberTypes()) {
        memberTypeNames.put(t.name(), Boolean.TRUE);
        if (t.type().struct() != null) structDefs.putIfAbsent(t.type().base(), t.type().struct()); // Owner::Inner
      }
      for (VarDecl v : s.statics()) {
        staticMembers.put(v.name(), Boolean.TRUE);
        if (v.init() == null) continue;
        constantExprs.put(s.name() + "::" + v.name(), v.init());
        constantExprs.putIfAbsent(v.name(), v.init());
      }
    }
    for (TranslationUnit.EnumDef e : unit.enums()) {
      if (!e.name().isEmpty()) enumDefs.putIfAbsent(e.name(), e);
      Expr next = null;
      for (TranslationUnit.Enumerator en : e.enumerators()) {
        Expr value = en.value() != null ? en.value() : next != null ? next : new Expr.IntLit(Pos.NONE, 0);
        constantExprs.put(en.name(), value);
        enumeratorNames.put(en.name(), Boolean.TRUE);
        if (!e.name().isEmpty()) constantExprs.put(e.name() + "::" + en.name(), value);
        next = new Expr.Binary(Pos.NONE, "+", new Expr.Name(Pos.NONE, en.name()), new Expr.IntLit(Pos.NONE, 1));
      }
    }
    Set<List<Object>> defined = new HashSet<>();
    for (TranslationUnit.Item item : unit.items()) {
      if (item instanceof TranslationUnit.FunctionItem f) {
        Function fn = f.function();
        // the same definition included again (a header without a guard that includes itself), with the same name
        // and signature: a redefinition the compiler rejects; analyzed once, not once per copy. A header included
        // twice under other macros (another name or parameter type) defines other functions.
        if (fn.body() != null && !defined.add(List.of(fn.name(), fn.pos(),
            fn.params().stream().map(VarDecl::type).toList(), fn.templateParams()))) {
          continue;
        }
        Function prev = functions.get(fn.name());
        if (prev == null || prev.body() == null) functions.put(fn.name(), fn);
        int open = fn.name().indexOf('<');
        if (open > 0 && fn.name().indexOf("::", open) < 0) specializedFunctions.put(fn.name().substring(0, open), true);
        if (fn.body() != null) {
          allFunctions.add(fn);
          overloads.computeIfAbsent(fn.name(), k -> new ArrayList<>()).add(fn);
          int member = fn.name().lastIndexOf("::");
          if (member > 0) methods.computeIfAbsent(fn.name().substring(member + 2), k -> new ArrayList<>()).add(fn);
        }
        String ns = namespaces.isEmpty() ? "" : TranslationUnit.namespaceAt(namespaces, fn.pos());
        if (!ns.isEmpty()) {
          namespaceOf.put(fn, ns);
          String qualified = ns + "::" + fn.name();
          Function prevQualified = functions.get(qualified);
          if (prevQualified == null || prevQualified.body() == null) functions.put(qualified, fn);
          if (fn.body() != null) overloads.computeIfAbsent(qualified, k -> new ArrayList<>()).add(fn);
        }
      } else if (item instanceof TranslationUnit.DeclItem d) {
        for (VarDecl v : d.vars()) {
          declareGlobal(v, namespaces.isEmpty() ? "" : TranslationUnit.namespaceAt(namespaces, v.pos()));
        }
      } else if (item instanceof TranslationUnit.UsingItem u) {
        typedefs.put(u.name(), u.type());
        aliasParams.remove(u.name());
        if (!u.templateParams().isEmpty()) aliasParams.put(u.name(), u.templateParams());
      } else if (item instanceof TranslationUnit.InstantiationItem i) {
        instantiations.add(i);
      } else if (item instanceof TranslationUnit.ClassInstantiationItem i) {
        classInstantiations.add(i);
      } else if (item instanceof TranslationUnit.WrittenTypeItem w) {
        writtenTypes.putIfAbsent(w.text(), w.type());
      }
    }
  }

  private void declareGlobal(VarDecl v, String ns) {
    if (v.is("typedef")) {
      TypeRef t = v.type();
      boolean itself = t.base().equals(v.name()) && t.pointers() == 0 && t.dims().isEmpty() && t.templateArgs().isEmpty();
      if (!itself) typedefs.put(v.name(), t); // "typedef struct S S;" names the struct S, as C++ does without it
      aliasParams.remove(v.name());
      return;
    }
    globalDecls.put(v.name(), v);
    boolean constant = v.is("const") || v.is("constexpr");
    if (constant && v.init() != null && v.type().pointers() == 0 && v.type().dims().isEmpty()) {
      Expr value = v.init() instanceof Expr.InitList il && il.items().size() == 1 ? il.items().get(0) : v.init();
      constantExprs.put(v.name(), value);
      if (!ns.isEmpty()) constantExprs.put(ns + "::" + v.name(), value);
    }
  }

  /**
   * Whether a function may touch shared memory by itself: it declares a __shared__ variable, names a
   * file-scope one, or calls a function that does. (Pointers passed in are seen at the call site.)
   */
  public boolean touchesShared(Function f) {
    Boolean known = touchesShared.get(f);
    if (known != null) return known;
    touchesShared.put(f, false); // recursion: assume no until shown otherwise
    boolean result = f.body() != null && SharedScan.reaches(this, SharedScan.facts(f.body()), this::isGlobalShared);
    touchesShared.put(f, result);
    return result;
  }

  private final Map<Function, Boolean> touchesShared = new IdentityHashMap<>();

  public boolean isGlobalShared(String name) {
    VarDecl g = look(globalDecls, GLOBALS, name);
    return g != null && g.is("__shared__");
  }

  /**
   * Why no type {@code name} is known where the class or alias it names is declared nowhere in the file
   * ({@code TypeVec<float, 3>::vec_type}: "'TypeVec' is not declared in this file (it may come from ...)"), also
   * through aliases ("'RowReduce' is 'cub::BlockReduce': ..."); else null.
   */
  public String undeclaredType(String name) {
    return undeclaredType(name, 0, true);
  }

  /** {@link #undeclaredType(String)}; {@code macroLike}: a name the build's -D may define, written without arguments. */
  private String undeclaredType(String name, int depth, boolean macroLike) {
    String head = name.startsWith("::") ? name.substring(2) : name;
    if (head.indexOf('<') > 0) head = head.substring(0, head.indexOf('<'));
    for (String owner = head; ; owner = owner.substring(0, owner.lastIndexOf("::"))) {
      // a member type of some class may be what a method names (the tool does not tell which class)
      if (Types.builtin(owner) != null || look(structDefs, STRUCTS, owner) != null
          || look(memberTypeNames, MEMBER_TYPES, owner) != null) {
        return null;
      }
      TypeRef alias = look(typedefs, TYPEDEFS, owner);
      if (alias != null) {
        String why = depth < 8 ? undeclaredType(alias.base(), depth + 1, false) : null;
        return why == null ? null : "'" + owner + "' is '" + alias.display() + "': " + why;
      }
      if (owner.lastIndexOf("::") <= 0) break;
    }
    String why = undeclared(head);
    // HeCBench's sss-cuda: kernels.cu uses myInt, which the file that includes it #defines as short
    return macroLike && why.endsWith(" is not declared in this file") && head.matches("[A-Za-z_]\\w*") && !name.contains("<")
        ? why + " (if the build or a file that includes this one defines it, give it with -D " + head + "=TYPE)"
        : why;
  }

  /**
   * The type a file-scope typedef or alias {@code name} stands for, or null; "wp::float32" is float32 where "wp" is
   * one of the file's namespaces (as for structs, see {@link #namedStruct}).
   */
  public TypeRef typedef(String name) {
    TypeRef t = look(typedefs, TYPEDEFS, name);
    String tail = t == null ? inFileNamespace(name) : null;
    return tail == null ? t : look(typedefs, TYPEDEFS, tail);
  }

  /** "ns::V" or "::V": V, where "ns" is one of the file's namespaces; null for any other name. */
  private String inFileNamespace(String name) {
    int sep = name.lastIndexOf("::");
    if (sep == 0) return name.substring(2);
    return sep > 0 && namespaceNames.contains(name.startsWith("::") ? name.substring(2, sep) : name.substring(0, sep))
        ? name.substring(sep + 2) : null;
  }

  /** The struct or class template of that name, or null. */
  public StructDef structDef(String name) {
    return look(structDefs, STRUCTS, name);
  }

  /**
   * The struct or class template a name written in code means: "ns::V" is V where no struct is named so and "ns"
   * is one of the file's namespaces (namespaces are not modelled for types; a class's member type is not this);
   * null if none.
   */
  private StructDef namedStruct(String name) {
    StructDef def = look(structDefs, STRUCTS, name);
    String tail = def == null ? inFileNamespace(name) : null;
    return tail == null ? def : look(structDefs, STRUCTS, tail);
  }

  /**
   * The struct of a variable declared as an object of it (not a pointer, an array or a reference), or null:
   * a method called on such an object is run ({@code SharedMemory<T> smem; smem.getPointer()}).
   */
  public StructDef objectStruct(TypeRef declared) {
    return declared.pointers() == 0 && declared.dims().isEmpty() && !declared.reference()
        ? structDef(declared.base()) : null;
  }

  /** Why a name has no declaration, for a reason text. */
  public String undeclared(String name) {
    int sep = name.lastIndexOf("::");
    int open = name.indexOf('<');
    if (open > 0 && open < sep && look(structDefs, STRUCTS, ownerBase(name.substring(0, sep))) != null) {
      return "'" + name + "' has no constant value here";
    }
    String skipped = skippedDefines.get(name);
    if (skipped != null) {
      return "'" + name + "' is not defined: its #define is at " + skipped + " (give the macros it tests with -D)";
    }
    // the headers not found are no lead for CUB's primitives (often named after 'using namespace cub;')
    int scope = name.lastIndexOf("::");
    if (scope < 0 ? CUB_PRIMITIVES.contains(name)
        : CUB_PRIMITIVES.contains(name.substring(scope + 2)) && name.substring(0, scope).endsWith("cub")) {
      return "'" + name + "' is not declared in this file (it is CUB's, from the CUDA toolkit's headers, which"
          + " bankcheck does not read)";
    }
    return "'" + name + "' is not declared in this file" + missingHeadersHint();
  }

  /** CUB's block- and warp-wide primitives, whose TempStorage a kernel keeps in shared memory. */
  private static final Set<String> CUB_PRIMITIVES = Set.of("BlockAdjacentDifference", "BlockDiscontinuity",
      "BlockExchange", "BlockHistogram", "BlockLoad", "BlockMergeSort", "BlockRadixRank", "BlockRadixSort",
      "BlockReduce", "BlockRunLengthDecode", "BlockScan", "BlockShuffle", "BlockStore", "WarpExchange", "WarpLoad",
      "WarpMergeSort", "WarpReduce", "WarpScan", "WarpStore");

  /** {@link #undeclared} for a name used as a value: with every include found, it may come from the build's -D. */
  public String undeclaredValue(String name) {
    String why = undeclared(name);
    // HeCBench's dwconv1d sizes its tiles by -DTmax=...
    // (not a class's static member, named in another one's initializer: FlashInfer's layouts)
    return why.endsWith(" is not declared in this file") && name.matches("[A-Za-z_]\\w*")
        && look(staticMembers, STATIC_MEMBERS, name) == null
        ? why + " (if the build defines it, give it with -D " + name + "=VALUE)" : why;
  }

  /** " (it may come from 'a.h', not found: add its folder with -I)" where includes were not found; else "". */
  public String missingHeadersHint() {
    return missingHeadersHint(missingHeaders);
  }

  public static String missingHeadersHint(List<String> missingHeaders) {
    if (missingHeaders.isEmpty()) return "";
    // a header included from two places is named once
    return " (it may come from " + String.join(", ", new java.util.LinkedHashSet<>(missingHeaders))
        + ", not found: add its folder with -I)";
  }

  /** Every function definition, overloads included, in source order. */
  public List<Function> allFunctions() {
    return allFunctions;
  }

  /** The definition of {@code name} that a call with {@code argc} arguments selects (by arity), or null. */
  public Function function(String name, int argc) {
    return function(name, argc, null);
  }

  /** Whether several definitions have that name (overloads, to be told apart by their arguments). */
  public boolean overloaded(String name) {
    List<Function> candidates = look(overloads, OVERLOADS, name);
    return candidates != null && candidates.size() > 1;
  }

  /**
   * As {@link #function(String, int)}, among overloads of that arity the first whose parameter types agree best
   * with {@code argTypes} (null entries: not known): {@code st(double*)} for a double array, not {@code st(float*)}.
   */
  public Function function(String name, int argc, List<Type> argTypes) {
    List<Function> candidates = look(overloads, OVERLOADS, name);
    if (candidates == null) return look(functions, FUNCTIONS, name);
    Function best = null;
    int bestScore = Overloads.NO;
    for (Function f : candidates) {
      int required = 0;
      for (VarDecl p : f.params()) {
        if (p.init() == null) required++;
      }
      if (argc < required || argc > f.params().size()) continue;
      if (argTypes == null || candidates.size() == 1) return f;
      List<Type> params = fact("parameter types", f, x -> f.params().stream()
          .map(p -> resolve(p.type(), Map.of(), new ArrayList<>())).toList());
      int score = 0;
      for (int i = 0; i < argTypes.size() && i < params.size() && score != Overloads.NO; i++) {
        score = Overloads.add(score, Overloads.match(params.get(i), argTypes.get(i)));
      }
      if (best == null || score > bestScore) {
        best = f;
        bestScore = score;
      }
    }
    return best != null ? best : candidates.get(0);
  }

  /**
   * Whether a function template has an explicit specialization ("f<double>", a function of its own): which one a
   * call of f runs depends on deduction that is not modelled.
   */
  public boolean hasExplicitSpecialization(String name) {
    return look(specializedFunctions, SPECIALIZED_FUNCTIONS, name) != null;
  }

  private final Map<String, Boolean> specializedFunctions = new HashMap<>();
  /** The namespace each function declared in one was declared in. */
  private final Map<Function, String> namespaceOf = new IdentityHashMap<>();

  /** The namespace {@code f} is declared in, "" for none. */
  public String namespaceOf(Function f) {
    return namespaceOf.getOrDefault(f, "");
  }

  /**
   * {@code name} as code in namespace {@code ns} means it, innermost first: in "a::b", st is a::b::st, then
   * a::st, then st.
   */
  public static List<String> inNamespace(String ns, String name) {
    if (ns.isEmpty() || name.startsWith("::")) return List.of(name);
    List<String> out = new ArrayList<>();
    for (String n = ns; !n.isEmpty(); n = n.contains("::") ? n.substring(0, n.lastIndexOf("::")) : "") {
      out.add(n + "::" + name);
    }
    out.add(name);
    return out;
  }

  /** Names of static data members of structs (the value is always true: lookups compare it by identity). */
  private final Map<String, Boolean> staticMembers = new HashMap<>();
  /** The names of the member types of every class ({@code using Vec_type = ...;} in a struct). */
  private final Map<String, Boolean> memberTypeNames = new HashMap<>();

  /**
   * Whether {@code Owner::member} may stand for plain {@code member} (namespaces are not modelled: ns::w is w,
   * nor are the scopes of enums in structs). Not when some struct has a static of that name: it is looked up in
   * its owner, else unknown (V<double>::k was once T::k of another struct, a silently wrong stride).
   */
  public boolean qualifierMayBeDropped(String name) {
    int sep = name.lastIndexOf("::");
    return sep < 0 || look(staticMembers, STATIC_MEMBERS, name.substring(sep + 2)) == null;
  }

  /** "V" of "V<double>", "ns::V<int>" or "::V". */
  private static String ownerBase(String owner) {
    int open = owner.indexOf('<');
    String base = open >= 0 ? owner.substring(0, open) : owner;
    return base.startsWith("::") ? base.substring(2) : base;
  }

  private final List<Function> allFunctions = new ArrayList<>();
  private final Map<String, List<Function>> overloads = new HashMap<>();

  /** The methods named {@code member} of every struct (see {@link #methods}). */
  public List<Function> methodsNamed(String member) {
    List<Function> found = look(methods, METHODS, member);
    return found == null ? List.of() : found;
  }

  /** The function of that name (the definition, where there is one), or null. */
  public Function functionNamed(String name) {
    return look(functions, FUNCTIONS, name);
  }

  public List<TranslationUnit.InstantiationItem> instantiations() {
    return instantiations;
  }

  public List<TranslationUnit.ClassInstantiationItem> classInstantiations() {
    return classInstantiations;
  }

  /** The value of a named file-scope constant (const/constexpr global, enumerator, static member), or null. */
  public Val constantValue(String name) {
    if (constants.containsKey(name)) return constants.get(name);
    Expr e = look(constantExprs, CONSTANTS, name);
    if (e == null && name.contains("::")) {
      // Alias::member or V<double>::k: a class template's instance
      Val v = typeMember(name, Map.of());
      Val result = v instanceof Val.Num n && n.poly().isConstant() ? v : null;
      constants.put(name, result);
      return result;
    }
    if (e == null) return null;
    constants.put(name, null); // a constant defined through itself has no value
    Val v = new ConstantFolder(this, Map.of()).eval(e);
    Val result = v instanceof Val.Num n && n.poly().isConstant() ? v : null;
    constants.put(name, result);
    return result;
  }

  public VarDecl global(String name) {
    return look(globalDecls, GLOBALS, name);
  }

  /** Evaluates a file-scope constant expression (enum values, const globals, array sizes). */
  public Val constant(Expr e) {
    return new ConstantFolder(this, Map.of()).eval(e);
  }

  /**
   * The type {@code t} as a template argument or an alias names it, in code whose template parameters and
   * block-scope aliases are bound in {@code scope}: the binding of a name bound there, else "type:" and the
   * type, with the instance a class template's arguments select ({@code tile<16, 8, T>}).
   */
  public Val.Opaque typeArgument(TypeRef t, Map<String, Val> scope) {
    String dispatched = scalarTypeOf(t);
    if (dispatched != null || isAccType(t.base())) {
      // PyTorch's library types, as the built-in type they name
      List<String> problems = new ArrayList<>();
      Type chosen = dispatched != null ? Types.builtin(dispatched) : accType(t, scope, problems, 0);
      if (chosen == null) {
        return new Val.Opaque("type:" + t.display(), new Instance(null, Map.of(), String.join("; ", problems)));
      }
      return typeArgument(new TypeRef(dispatched != null ? dispatched : chosen.display(), null, List.of(), List.of(), 0,
          List.of(), true)
          .withDeclarator(t.dims(), t.pointers(), t.reference(), t.pointerToArray()), scope);
    }
    if (isConditional(t.base())) {
      List<String> problems = new ArrayList<>();
      TypeRef chosen = conditionalChoice(t, scope, problems);
      if (chosen == null) {
        return new Val.Opaque("type:" + t.display(), new Instance(null, Map.of(), String.join("; ", problems)));
      }
      return typeArgument(chosen.withDeclarator(t.dims(), t.pointers(), t.reference(), t.pointerToArray()), scope);
    }
    boolean plain = t.pointers() == 0 && t.dims().isEmpty() && !t.reference();
    boolean written = !t.templateArgs().isEmpty() || !t.templateValues().isEmpty();
    Val bound = written || !t.dims().isEmpty() || t.reference() ? null : scope.get("typename " + t.base());
    if (bound == null && !written && !t.builtin() && t.base().indexOf("::") > 0 && typeDepth < 32
        && look(structDefs, STRUCTS, t.base()) == null) { // not a nested struct's own name (Owner::Inner)
      typeDepth++;
      try {
        bound = memberType(t.base(), scope);
      } finally {
        typeDepth--;
      }
      if (bound instanceof Val.Unknown u) {
        return new Val.Opaque("type:" + t.display(), new Instance(null, Map.of(),
            "the type '" + t.display() + "' is unknown (" + u.reason() + ")"));
      }
    }
    if (bound instanceof Val.Opaque o && o.what().startsWith("type:")) {
      return plain ? o : new Val.Opaque(o.what() + "*".repeat(t.pointers()));
    }
    String base = t.base().startsWith("::") ? t.base().substring(2) : t.base();
    StructDef def = plain ? namedStruct(base) : null;
    if (def == null || def.templateParams().isEmpty() || !written) return new Val.Opaque("type:" + t.display());
    if (typeDepth > 32) {
      // template <typename T, typename U = S<T>> struct S: an instance without end
      return new Val.Opaque("type:" + base, new Instance(null, Map.of(), "the arguments of '" + base
          + "' are nested too deeply"));
    }
    typeDepth++;
    try {
      return instanceOf(def, t, scope, base);
    } finally {
      typeDepth--;
    }
  }

  private Val.Opaque instanceOf(StructDef def, TypeRef t, Map<String, Val> scope, String base) {
    List<Val> args = new ArrayList<>();
    Map<String, Val> bindings = bind(def.templateParams(), t, scope, base, args);
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < Math.min(args.size(), Math.max(t.templateArgs().size(), t.templateValues().size())); i++) {
      shown.add(argumentText(args.get(i)));
    }
    String text = base + "<" + String.join(",", shown) + ">";
    return new Val.Opaque("type:" + text, picker.select(def, args, bindings, text));
  }

  /**
   * The template parameters {@code params} of {@code base} bound to the arguments written in {@code t} (evaluated in
   * {@code scope}) or their defaults; each argument in order in {@code args}.
   */
  private Map<String, Val> bind(List<Function.TemplateParam> params, TypeRef t, Map<String, Val> scope, String base,
      List<Val> args) {
    Map<String, Val> bindings = new HashMap<>();
    for (int i = 0; i < params.size(); i++) {
      Function.TemplateParam p = params.get(i);
      // a default may name the parameters before it: template <typename T, int N = sizeof(T)>
      Val arg;
      if (p.type()) {
        TypeRef a = i < t.templateArgs().size() ? t.templateArgs().get(i) : null;
        TypeRef d = a != null ? a : p.defaultType();
        arg = d == null ? null : typeArgument(d, a != null ? scope : bindings);
        if (arg != null) bindings.put("typename " + p.name(), arg);
      } else {
        Expr a = i < t.templateValues().size() ? t.templateValues().get(i) : null;
        Expr d = a != null ? a : p.defaultValue();
        // null: an expression in a name's text that the parser recorded no arguments for
        arg = d == null ? new Val.Unknown("template parameter '" + p.name() + "' of '" + base
            + "' has no value bankcheck can read here") : new ConstantFolder(this, a != null ? scope : bindings).eval(d);
        bindings.put(p.name(), arg);
      }
      args.add(arg);
    }
    return bindings;
  }

  private static String argumentText(Val arg) {
    if (arg instanceof Val.Opaque o && o.what().startsWith("type:")) return o.what().substring(5);
    if (arg instanceof Val.Num n && n.poly().isConstant()) return Long.toString(n.poly().constant());
    return "?";
  }

  /**
   * {@code Owner::member} for a static data member, where Owner is a type bound in {@code scope} (a template's
   * type parameter, a block-scope alias), a file-scope alias, a class template's instance as written
   * ({@code V<8>::k}) or a struct: its value (unknown, with the reason, where it has none); null where Owner is
   * none of these or has no static member of that name (an enumerator of a struct's enum).
   */
  public Val typeMember(String name, Map<String, Val> scope) {
    int sep = name.lastIndexOf("::");
    if (sep <= 0) return null;
    String ownerText = name.substring(0, sep);
    String trait = name.endsWith("::value") ? TypeTraits.trait(this, ownerBase(ownerText), false) : null;
    if (trait != null) {
      // std::is_same<T, float>::value
      TypeRef written = writtenTypes.get(ownerText);
      return TypeTraits.value(this, trait, (written != null ? written : writtenType(ownerText)).templateArgs(), scope);
    }
    Val owner = ownerType(ownerText, scope);
    if (!(owner instanceof Val.Opaque type)) return owner;
    Instance instance = type.instance();
    // static constexpr int k = Loop<T>::k; each member is evaluated once per instance (statics that name each
    // other's members made the work grow as a power of the depth bound)
    String member = name.substring(sep + 2);
    List<Object> key = List.of(instance, member);
    Val known = memberValues.get(key);
    if (known != null || memberValues.containsKey(key)) return known;
    if (typeDepth > 32) return new Val.Unknown("'" + name + "'" + SELF_DEFINED);
    memberValues.put(key, new Val.Unknown("'" + name + "'" + SELF_DEFINED));
    Val result = staticMember(instance, name, member);
    memberValues.put(key, result);
    return result;
  }

  private final Map<List<Object>, Val> memberValues = new HashMap<>();

  private Val staticMember(Instance instance, String name, String member) {
    typeDepth++;
    try {
      StructDef def = instance.def();
      Map<String, Val> statics = new HashMap<>(instance.bindings());
      putInherited(instance, statics);
      // as scopeOf, stopping at the member: each static is evaluated once (Loop<T>::k nests 32 levels deep)
      for (VarDecl st : membersInOrder(def)) {
        if (def.memberTypes().contains(st)) {
          bindMemberType(st, statics);
          continue;
        }
        Val v = st.init() == null ? null : new ConstantFolder(this, statics, instance).eval(st.init());
        boolean constant = v instanceof Val.Num n && n.poly().isConstant();
        if (st.name().equals(member)) {
          // one reason, not a chain: A::k = B::k says why B::k has none
          if (constant || v instanceof Val.Unknown u && (u.reason().endsWith(SELF_DEFINED)
              || u.reason().startsWith("'") && u.reason().contains("' has no constant value ("))) {
            return v;
          }
          return new Val.Unknown("'" + name + "' has no constant value"
              + (v == null ? " (no initializer in its class)" : " (" + describe(v) + ")"));
        }
        // one without a constant value still hides the file's names: its uses say why, or follow its symbols
        if (v != null) statics.put(st.name(), v);
      }
      // else a base class's (struct Traits<B> : Traits<A> {}), the first one's that has it
      Val.Unknown unknownBase = null;
      for (Val base : bases(instance)) {
        if (base instanceof Val.Unknown u) {
          if (unknownBase == null) unknownBase = new Val.Unknown("'" + name + "' has no constant value (" + u.reason() + ")");
          continue;
        }
        Val v = staticMember(((Val.Opaque) base).instance(), name, member);
        if (v != null) return v;
      }
      return unknownBase;
    } finally {
      typeDepth--;
    }
  }

  /** An instance's parameters and its static members with constant values, as its members' code sees them. */
  public Map<String, Val> scopeOf(Instance instance) {
    return withMembers(instance);
  }

  /**
   * The base classes of {@code instance}, in order: each a type with its instance, or unknown with the reason (a
   * type parameter without an argument); none past the depth bound.
   */
  private List<Val> bases(Instance instance) {
    List<Val> out = new ArrayList<>();
    if (typeDepth > 32) return out;
    for (VarDecl f : instance.def().fields()) {
      if (!f.is(VarDecl.BASE)) continue;
      Val base = typeArgument(f.type(), instance.bindings());
      if (base instanceof Val.Opaque o && o.instance() == null) { // a plain struct, or no class bankcheck knows
        String named = o.what().substring(5);
        base = ownerType(named, Map.of());
        // a base the class's type parameter names: its argument is what is unknown, not a declaration
        boolean parameter = instance.bindings().containsKey("typename " + f.type().base());
        String why = base == null && !parameter ? undeclaredType(named, 0, false) : null;
        if (base == null) base = new Val.Unknown(why != null ? why : "'" + named + "' is not a type bankcheck knows here");
      }
      if (base instanceof Val.Unknown u) {
        out.add(new Val.Unknown("the base class '" + f.type().display() + "' of '" + instance.def().name()
            + "' is unknown: " + u.reason()));
      } else if (base instanceof Val.Opaque o && o.instance() != null) {
        out.add(o.instance().unknown() != null ? new Val.Unknown(o.instance().unknown()) : o);
      }
    }
    return out;
  }

  /**
   * Puts in {@code scope} the static members and member types that {@code instance}'s class inherits and does not
   * declare again, as its own code names them unqualified ({@code struct B : A { static constexpr int W = 2 * STRIDE; }}).
   */
  private void putInherited(Instance instance, Map<String, Val> scope) {
    Set<String> own = new HashSet<>();
    membersInOrder(instance.def()).forEach(m -> own.add(m.name()));
    for (Val base : bases(instance)) {
      if (!(base instanceof Val.Opaque o)) continue;
      typeDepth++;
      try {
        Map<String, Val> inherited = withMembers(o.instance());
        inherited.forEach((k, v) -> {
          if (!o.instance().bindings().containsKey(k) && !own.contains(k.substring(k.indexOf(' ') + 1))) scope.putIfAbsent(k, v);
        });
      } finally {
        typeDepth--;
      }
    }
  }

  /**
   * {@code scope} with a class's member types ("typedef Buf<T, N * 2> Buffer;", naming its fields' types) and its
   * static members with constant values (enumerators among them: "enum { STRIDE = Buffer::STRIDE };").
   */
  private Map<String, Val> withMembers(Instance instance) {
    StructDef s = instance.def();
    Map<String, Val> scope = new HashMap<>(instance.bindings());
    putInherited(instance, scope);
    for (VarDecl m : membersInOrder(s)) {
      if (s.memberTypes().contains(m)) {
        bindMemberType(m, scope);
      } else {
        Val v = m.init() == null ? null : new ConstantFolder(this, scope, instance).eval(m.init());
        if (v != null) scope.put(m.name(), v);
      }
    }
    return scope;
  }

  /**
   * A class's member types and static members in declaration order, as the compiler reads them:
   * "enum { BYTES = N * sizeof(T) }; using V = Bytes<BYTES>;".
   */
  private static List<VarDecl> membersInOrder(StructDef s) {
    List<VarDecl> members = new ArrayList<>(s.memberTypes());
    members.addAll(s.statics());
    members.sort(java.util.Comparator.comparing(VarDecl::pos));
    return members;
  }

  /** Binds the member type {@code m} in {@code scope}, which holds the class's names declared before it. */
  private void bindMemberType(VarDecl m, Map<String, Val> scope) {
    if (scope.containsKey("typename " + m.name())) return;
    TypeRef t = m.type();
    // a struct defined in the alias (typedef struct { T v[4]; } U;) is laid out with the class's bindings
    scope.put("typename " + m.name(), t.struct() != null && t.pointers() == 0 && t.dims().isEmpty()
        ? new Val.Opaque("type:" + t.display(), new Instance(t.struct(), new HashMap<>(scope), null))
        : typeArgument(t, scope));
  }

  /**
   * The struct that {@code owner} names in code whose template parameters and aliases are bound in {@code scope}
   * (see {@link #typeMember}; also a member type, {@code Traits::Tile}): a type with its instance known (a plain
   * struct's has no bindings), unknown with the reason, or null where it names no struct.
   */
  /**
   * Whether a qualified name in {@code e} names a member that the class it goes through does not have, as
   * "D::Config::DEPTH" where D's Config has no DEPTH: a substitution failure. False wherever a class is not known
   * or has a base class (the member may be inherited).
   */
  public boolean substitutionFails(Expr e, Map<String, Val> scope) {
    boolean[] fails = {false};
    Walk.expr(e, x -> fails[0] |= x instanceof Expr.Name n && lacksMember(n.name(), scope));
    return fails[0];
  }

  private boolean lacksMember(String name, Map<String, Val> scope) {
    int sep = name.lastIndexOf("::");
    if (sep <= 0) return false;
    String owner = name.substring(0, sep);
    if (lacksMember(owner, scope)) return true;
    StructDef def = ownerType(owner, scope) instanceof Val.Opaque o && o.instance() != null ? o.instance().def() : null;
    if (def == null || def.fields().stream().anyMatch(f -> f.is(VarDecl.BASE))) return false;
    String member = name.substring(sep + 2);
    // enumerators declared in classes are file-scope names here (see README, namespaces): one may be the member
    return look(enumeratorNames, ENUMERATORS, member) == null && java.util.stream.Stream.of(def.fields(), def.statics(),
        def.memberTypes()).flatMap(List::stream).noneMatch(m -> m.name().equals(member));
  }

  public Val ownerType(String owner, Map<String, Val> scope) {
    if (typeDepth > 32) return null;
    typeDepth++;
    try {
      Val bound = scope.get("typename " + owner);
      if (bound instanceof Val.Unknown) return bound;
      Val type = bound instanceof Val.Opaque o && o.what().startsWith("type:") ? o : null;
      if (type == null) {
        TypeRef alias = look(typedefs, TYPEDEFS, owner);
        if (alias != null) type = typeArgument(alias, Map.of());
        else if (owner.endsWith(">")) type = writtenInstance(owner, scope);
        else if (owner.contains("::")) type = memberType(owner, scope);
      }
      if (type instanceof Val.Unknown) return type;
      if (type instanceof Val.Opaque o && o.instance() != null) {
        return o.instance().unknown() != null ? new Val.Unknown(o.instance().unknown()) : o;
      }
      if (type instanceof Val.Opaque o && !o.what().substring(5).equals(owner)) return ownerType(o.what().substring(5), Map.of());
    } finally {
      typeDepth--;
    }
    StructDef plain = look(structDefs, STRUCTS, ownerBase(owner));
    // namespaces are not modelled: ns::Tile is Tile, where ns is one of the file's namespaces (D::Config, with D a
    // class without a Config, is no other class's Config)
    String tail = plain == null ? inFileNamespace(owner) : null;
    if (tail != null) plain = look(structDefs, STRUCTS, tail);
    if (plain == null || !plain.templateParams().isEmpty()) return null;
    return new Val.Opaque("type:" + plain.name(), new Instance(plain, Map.of(), null));
  }

  private final Map<String, TranslationUnit.EnumDef> enumDefs = new HashMap<>();

  /**
   * {@code value} as the enumerator of the enum {@code type} that has it ({@code Model::Wide}), so that a value
   * is named as the code names it; null where {@code type} is no enum of the file or none of its enumerators has it.
   */
  public String enumerator(String type, long value) {
    TranslationUnit.EnumDef e = enumDefs.get(type);
    if (e == null) return null;
    for (TranslationUnit.Enumerator en : e.enumerators()) {
      if (constantValue(e.name() + "::" + en.name()) instanceof Val.Num n && n.poly().isConstant()
          && n.poly().constant() == value) {
        return e.name() + "::" + en.name();
      }
    }
    return null;
  }

  /** A class template with nothing in it, as its declaration without a body records it. */
  private static boolean declaredOnly(StructDef s) {
    return !s.templateParams().isEmpty() && s.fields().isEmpty() && s.statics().isEmpty()
        && s.memberTypes().isEmpty() && s.conversions().isEmpty() && s.constructors().isEmpty();
  }

  /** Every specialization of the class template {@code name}, or null. */
  List<StructDef> specializationsOf(String name) {
    return look(specializationsOf, SPECIALIZATIONS_OF, name);
  }

  /** Whether {@code name} names a struct (not an alias): a type whose identity is its name. */
  boolean namesStruct(String name) {
    return look(structDefs, STRUCTS, name) != null && look(typedefs, TYPEDEFS, name) == null;
  }

  private final Specializations picker = new Specializations(this);

  private static final String SELF_DEFINED = " is defined through itself";

  /**
   * How deep type resolution has gone (owners, arguments, static members, layouts): aliases and templates
   * defined through each other end.
   */
  private int typeDepth;

  /**
   * The member type {@code Owner::member} ({@code typename mma_tiles<64, 8>::T_B}, {@code Traits::Element}) as
   * {@link #typeArgument} gives a type; unknown where the owner's specialization is; null where there is none.
   */
  private Val memberType(String qualified, Map<String, Val> scope) {
    int sep = qualified.lastIndexOf("::");
    if (sep <= 0) return null;
    String ownerText = qualified.substring(0, sep);
    if (qualified.endsWith("::type") && ownerBase(ownerText).replaceFirst("^(std::|cuda::std::)", "").equals("conditional")) {
      // std::conditional<B, T, F>::type, as conditional_t
      TypeRef written = writtenTypes.get(ownerText);
      TypeRef t = written != null ? written : writtenType(ownerText);
      return typeArgument(new TypeRef("std::conditional_t", null, t.templateArgs(), t.templateValues(), 0, List.of(),
          false), scope);
    }
    Val owner = ownerType(ownerText, scope);
    if (!(owner instanceof Val.Opaque type)) return owner;
    return memberTypeOf(type.instance(), qualified.substring(sep + 2));
  }

  /**
   * The member type {@code member} of {@code in}'s class or, else, of its first base class that has one; else unknown
   * where a base class is, or null.
   */
  private Val memberTypeOf(Instance in, String member) {
    for (VarDecl t : in.def().memberTypes()) {
      if (t.name().equals(member)) return typeArgument(t.type(), in.bindings());
    }
    typeDepth++;
    try {
      Val unknownBase = null;
      for (Val base : bases(in)) {
        Val v = base instanceof Val.Unknown ? null : memberTypeOf(((Val.Opaque) base).instance(), member);
        if (v != null) return v;
        if (base instanceof Val.Unknown && unknownBase == null) unknownBase = base;
      }
      return unknownBase;
    } finally {
      typeDepth--;
    }
  }

  /**
   * {@code V<double, 8>} written in a name: its arguments as the parser built them, or else read back from the
   * text (whole numbers, names, class templates' instances such as {@code wrap<int>}), the others unknown.
   */
  private Val.Opaque writtenInstance(String owner, Map<String, Val> scope) {
    StructDef def = namedStruct(ownerBase(owner));
    if (def == null || def.templateParams().isEmpty()) return null;
    TypeRef built = writtenTypes.get(owner);
    return typeArgument(built != null ? built : writtenType(owner), scope);
  }

  /** {@link TranslationUnit.WrittenTypeItem}s by their text. */
  private final Map<String, TypeRef> writtenTypes = new HashMap<>();

  private static final String WRITTEN_NAME = "[A-Za-z_][A-Za-z_0-9]*(::[A-Za-z_][A-Za-z_0-9]*)*";

  /** A type as its text gives it: a name with template arguments read back as {@link #writtenInstance} does. */
  private static TypeRef writtenType(String text) {
    int open = text.indexOf('<');
    if (open < 0 || !text.endsWith(">")) {
      return new TypeRef(text, null, List.of(), List.of(), 0, List.of(), Types.builtin(text) != null);
    }
    List<String> written = new ArrayList<>();
    int depth = 0;
    int start = open + 1;
    for (int i = start; i < text.length() - 1; i++) {
      char c = text.charAt(i);
      if (c == '<' || c == '(') depth++;
      else if (c == '>' || c == ')') depth--;
      else if (c == ',' && depth == 0) {
        written.add(text.substring(start, i).trim());
        start = i + 1;
      }
    }
    written.add(text.substring(start, text.length() - 1).trim());
    List<TypeRef> types = new ArrayList<>();
    List<Expr> values = new ArrayList<>();
    for (String arg : written) {
      boolean name = arg.matches(WRITTEN_NAME);
      types.add(name || arg.matches(WRITTEN_NAME + "<.*>") ? writtenType(arg) : null);
      values.add(arg.matches("\\d{1,18}") ? new Expr.IntLit(Pos.NONE, Long.parseLong(arg))
          : arg.equals("true") || arg.equals("false") ? new Expr.IntLit(Pos.NONE, arg.equals("true") ? 1 : 0)
          : name ? new Expr.Name(Pos.NONE, arg) : null);
    }
    return new TypeRef(text.substring(0, open), null, types, values, 0, List.of(), false);
  }

  /** Evaluates a constant expression with extra named constants (host locals). */
  public Val constantIn(Expr e, Map<String, Val> scope) {
    return new ConstantFolder(this, scope).eval(e);
  }

  /**
   * What {@code compute} finds in a piece of the IR, found once per kind and piece: the IR does not change,
   * and the interpreter asks again each time a loop runs. Not thread-safe, like the rest of a program.
   */
  @SuppressWarnings("unchecked")
  <T> T fact(String kind, Object piece, java.util.function.Function<Object, T> compute) {
    Map<Object, Object> byPiece = facts.computeIfAbsent(kind, k -> new IdentityHashMap<>());
    Object found = byPiece.get(piece);
    if (found == null) {
      found = compute.apply(piece);
      byPiece.put(piece, found);
    }
    return (T) found;
  }

  /** Pads the innermost dimension of the __shared__ array declared by {@code decl} to {@code length}. */
  public void overrideInnerDim(VarDecl decl, long length) {
    innerDimOverride.put(key(decl), length);
    roots.clear();
  }

  public void clearOverrides() {
    innerDimOverride.clear();
    roots.clear();
  }

  private static String key(VarDecl d) {
    return d.pos() + "#" + d.name();
  }

  /** The root for a __shared__ declaration, laid out once (per override). */
  public SharedRoot root(VarDecl decl, Map<String, Val> scope) {
    return roots.computeIfAbsent(decl, d -> new HashMap<>()).computeIfAbsent(new HashMap<>(scope), sc -> {
      List<String> problems = new ArrayList<>();
      Type t = resolve(decl.type(), sc, problems, innerDimOverride.get(key(decl)), 0);
      return new SharedRoot(decl.name(), t, decl, problems.isEmpty() ? null : problems.get(0));
    });
  }

  public Type resolve(TypeRef ref, Map<String, Val> scope, List<String> problems) {
    return resolve(ref, scope, problems, null, 0);
  }

  /** {@code depth}: aliases followed to get here ({@code typedef A B; typedef B A;} must end). */
  private Type resolve(TypeRef ref, Map<String, Val> scope, List<String> problems, Long innerOverride, int depth) {
    Type t = baseType(ref, scope, problems, depth);
    if (!ref.pointerToArray()) {
      for (int i = 0; i < ref.pointers(); i++) t = new Type.Pointer(t);
    }
    List<Expr> dims = ref.dims();
    for (int i = dims.size() - 1; i >= 0; i--) {
      Expr d = dims.get(i);
      long len = -1;
      if (i == dims.size() - 1 && innerOverride != null) {
        len = innerOverride;
      } else if (d != null) {
        Val v = new ConstantFolder(this, scope).eval(d);
        if (v instanceof Val.Num n && n.poly().isConstant() && n.poly().constant() >= 0) {
          len = n.poly().constant();
        } else if (i > 0) {
          // the outermost dimension never enters an address computation; the others scale the index
          problems.add("dimension " + (i + 1) + " has no constant value (" + describe(v) + ")");
        }
      }
      t = new Type.Array(t, len);
    }
    if (ref.pointerToArray()) {
      for (int i = 0; i < ref.pointers(); i++) t = new Type.Pointer(t);
    }
    return t;
  }

  static String describe(Val v) {
    if (v instanceof Val.Unknown u) return u.reason();
    if (v instanceof Val.Num n) return "it depends on " + String.join(", ", n.poly().terms().keySet());
    return "not an integer";
  }

  private Type baseType(TypeRef ref, Map<String, Val> scope, List<String> problems, int depth) {
    if (depth > 32) return new Type.Opaque(ref.base());
    if (ref.builtin()) return builtinTypes.computeIfAbsent(ref.base(), base -> Types.fromKeywords(List.of(base.split(" "))));
    if (ref.struct() != null && !ref.struct().fields().isEmpty()) return struct(ref.struct(), scope, problems);
    String name = ref.base();
    if (name.startsWith("::")) name = name.substring(2);
    Type b = Types.builtin(name);
    if (b == null && name.contains("::")) b = Types.builtin(name.substring(name.lastIndexOf("::") + 2));
    if (b != null) return b;
    String dispatched = scalarTypeOf(ref);
    if (dispatched != null) return Types.builtin(dispatched);
    if (isAccType(name)) {
      Type accumulated = accType(ref, scope, problems, depth);
      return accumulated != null ? accumulated : new Type.Opaque(name);
    }
    Val typeBinding = scope.get("typename " + name);
    // "wp::float32": a typedef or struct declared in one of the file's namespaces, not a member type
    String tail = typeBinding == null ? inFileNamespace(name) : null;
    boolean namespaced = tail != null && (look(typedefs, TYPEDEFS, tail) != null || look(structDefs, STRUCTS, tail) != null);
    if (typeBinding == null && name.indexOf("::") > 0 && !namespaced) {
      typeBinding = memberType(name, scope);
      if (typeBinding instanceof Val.Unknown u) {
        problems.add("the type '" + name + "' is unknown (" + u.reason() + ")");
        return new Type.Opaque(name);
      }
    }
    if (typeBinding instanceof Val.Opaque o && o.what().startsWith("type:")) {
      if (o.instance() != null) return instanceType(o.instance(), name, problems);
      String bound = o.what().substring(5);
      if (Types.builtin(bound) != null) return Types.builtin(bound);
      // a type argument named at file scope (typedef P<floatX> x128; typedef __nv_bfloat16 floatX;)
      if (!bound.equals(name) && (typedef(bound) != null || namedStruct(bound) != null)) {
        return baseType(new TypeRef(bound, null, List.of(), List.of(), 0, List.of(), false), Map.of(), problems, depth + 1);
      }
      // a struct nested in a plain class ("Plain::In") is laid out below
      if (!bound.equals(name) || look(structDefs, STRUCTS, name) == null) return new Type.Opaque(name);
    }
    if (namespaced) name = tail;
    TypeRef alias = look(typedefs, TYPEDEFS, name);
    if (alias != null) {
      // an alias at file scope reads the file's names, an alias template its arguments: not the names of the code
      // that uses it
      List<Function.TemplateParam> params = aliasParams.getOrDefault(name, List.of());
      return resolve(alias, params.isEmpty() ? Map.of() : bind(params, ref, scope, name, new ArrayList<>()), problems,
          null, depth + 1);
    }
    if (isConditional(name)) {
      TypeRef chosen = conditionalChoice(ref, scope, problems);
      return chosen != null ? resolve(chosen, scope, problems, null, depth + 1) : new Type.Opaque(name);
    }
    StructDef s = namedStruct(name);
    if (s != null) {
      if (s.templateParams().isEmpty() || (ref.templateArgs().isEmpty() && ref.templateValues().isEmpty())) {
        return struct(s, scope, problems);
      }
      return instanceType(typeArgument(new TypeRef(ref.base(), null, ref.templateArgs(), ref.templateValues(), 0, List.of(), false), scope).instance(), name, problems);
    }
    return new Type.Opaque(name);
  }

  /**
   * PyTorch's scalar types (c10/core/ScalarType.h) by enumerator and by constant: the C++ type that
   * {@code c10::impl::ScalarTypeToCPPTypeT<at::ScalarType::Half>} names, as AT_DISPATCH_CASE's 'scalar_t'.
   */
  private static final Map<String, String> SCALAR_TYPES = Map.ofEntries(Map.entry("Byte", "uint8_t"),
      Map.entry("Char", "int8_t"), Map.entry("Short", "int16_t"), Map.entry("Int", "int"), Map.entry("Long", "int64_t"),
      Map.entry("Half", "__half"), Map.entry("Float", "float"), Map.entry("Double", "double"), Map.entry("Bool", "bool"),
      Map.entry("BFloat16", "__nv_bfloat16"), Map.entry("Float8_e4m3fn", "__nv_fp8_e4m3"),
      Map.entry("Float8_e5m2", "__nv_fp8_e5m2"), Map.entry("UInt16", "uint16_t"), Map.entry("UInt32", "uint32_t"),
      Map.entry("UInt64", "uint64_t"), Map.entry("kByte", "uint8_t"), Map.entry("kUInt8", "uint8_t"),
      Map.entry("kChar", "int8_t"), Map.entry("kInt8", "int8_t"), Map.entry("kShort", "int16_t"),
      Map.entry("kInt16", "int16_t"), Map.entry("kInt", "int"), Map.entry("kInt32", "int"), Map.entry("kLong", "int64_t"),
      Map.entry("kInt64", "int64_t"), Map.entry("kHalf", "__half"), Map.entry("kFloat16", "__half"),
      Map.entry("kFloat", "float"), Map.entry("kFloat32", "float"), Map.entry("kDouble", "double"),
      Map.entry("kFloat64", "double"), Map.entry("kBool", "bool"), Map.entry("kBFloat16", "__nv_bfloat16"),
      Map.entry("kFloat8_e4m3fn", "__nv_fp8_e4m3"), Map.entry("kFloat8_e5m2", "__nv_fp8_e5m2"));

  /** The built-in type {@code ScalarTypeToCPPTypeT<at::ScalarType::X>} names, or null for any other type. */
  private String scalarTypeOf(TypeRef ref) {
    String name = ref.base();
    if (!name.equals("c10::impl::ScalarTypeToCPPTypeT") && !name.equals("ScalarTypeToCPPTypeT")
        || ref.templateValues().size() != 1 || !(ref.templateValues().get(0) instanceof Expr.Name e)
        || namedStruct(name) != null || look(typedefs, TYPEDEFS, name) != null) {
      return null;
    }
    int sep = e.name().lastIndexOf("::");
    return SCALAR_TYPES.get(sep < 0 ? e.name() : e.name().substring(sep + 2));
  }

  private static final Set<String> ACC_TYPE_NAMES = Set.of("at::acc_type", "c10::acc_type", "acc_type");

  /** PyTorch's at::acc_type, where the file defines no type of that name. */
  private boolean isAccType(String name) {
    return ACC_TYPE_NAMES.contains(name) && namedStruct(name) == null && look(typedefs, TYPEDEFS, name) == null;
  }

  /**
   * PyTorch's {@code at::acc_type<T, is_cuda>} (ATen/AccumulateType.h, seldom in the tree), the type a reduction
   * accumulates T in: float for the 2- and 1-byte floating-point types, float on CUDA and double on the CPU for
   * float, double for double, int64_t for the integers, bool for bool. Null, with the reason, for anything else.
   */
  private Type accType(TypeRef ref, Map<String, Val> scope, List<String> problems, int depth) {
    List<TypeRef> types = ref.templateArgs();
    List<Expr> values = ref.templateValues();
    if (types.size() != 2 || values.size() != 2 || types.get(0) == null || values.get(1) == null) {
      problems.add("'" + ref.base() + "' takes a type and whether it is for CUDA");
      return null;
    }
    Val cuda = constantIn(values.get(1), scope);
    Type t = resolve(types.get(0), scope, problems, null, depth + 1);
    if (!(cuda instanceof Val.Num n && n.poly().isConstant()) || !(t instanceof Type.Scalar s)) {
      if (t instanceof Type.Opaque) return null; // its reason is in problems
      problems.add("'" + ref.base() + "' of '" + t.display() + "' is unknown (" + (t instanceof Type.Scalar
          ? "whether it is for CUDA has no constant value: " + describe(cuda) : "it is no arithmetic type") + ")");
      return null;
    }
    if (s.integer()) return s == Types.BOOL ? Types.BOOL : Types.LONGLONG;
    if (s.size() < 4) return Types.FLOAT;
    if (s == Types.FLOAT) return n.poly().constant() != 0 ? Types.FLOAT : Types.DOUBLE;
    if (s == Types.DOUBLE) return Types.DOUBLE;
    problems.add("'" + ref.base() + "' of '" + s.display() + "' is not in ATen's table");
    return null;
  }

  private static boolean isConditional(String name) {
    return name.equals("conditional_t") || name.endsWith("::conditional_t");
  }

  /**
   * The type {@code std::conditional_t<B, T, F>} names: T where B is a nonzero constant, F where it is zero; null, with
   * the reason in {@code problems}, where B has no constant value.
   */
  private TypeRef conditionalChoice(TypeRef ref, Map<String, Val> scope, List<String> problems) {
    List<TypeRef> types = new ArrayList<>(ref.templateArgs());
    List<Expr> values = ref.templateValues();
    for (int i = 1; i < Math.min(types.size(), values.size()); i++) {
      if (types.get(i) == null) types.set(i, arrayTypeWritten(values.get(i))); // T[64], read as an index expression
    }
    if (types.size() != 3 || values.size() != 3 || values.get(0) == null || types.get(1) == null || types.get(2) == null) {
      problems.add("'" + ref.base() + "' takes a condition and two types");
      return null;
    }
    Val b = constantIn(values.get(0), scope);
    if (b instanceof Val.Num n && n.poly().isConstant()) return types.get(n.poly().constant() != 0 ? 1 : 2);
    problems.add("which type '" + ref.base() + "' names is unknown: its condition has no constant value ("
        + describe(b) + ")");
    return null;
  }

  /** The array type {@code T[4][8]} that the parser read as the index expression {@code T[4][8]}; else null. */
  private static TypeRef arrayTypeWritten(Expr e) {
    List<Expr> dims = new ArrayList<>();
    for (; e instanceof Expr.Index i; e = i.base()) dims.add(0, i.index());
    return e instanceof Expr.Name n && !dims.isEmpty()
        ? new TypeRef(n.name(), null, List.of(), List.of(), 0, dims, Types.builtin(n.name()) != null) : null;
  }

  private Type instanceType(Instance instance, String name, List<String> problems) {
    if (instance.unknown() == null) return struct(instance.def(), instance.bindings(), problems);
    problems.add(instance.unknown());
    return new Type.Opaque(name);
  }

  /**
   * The name of a class template's instance: its bindings in name order. Written out: a record's own
   * toString (Opaque's, for a type argument) goes through String.format, and llm.c resolves its
   * Packed128<floatX> this way at every use.
   */
  private static String instanceKey(String name, Map<String, Val> scope) {
    StringBuilder key = new StringBuilder(name).append('{');
    new java.util.TreeMap<>(scope).forEach((k, v) -> key.append(k).append('=')
        .append(v instanceof Val.Opaque o ? "opaque " + o.what() : v instanceof Val.Num n ? "num " + n.poly() : v)
        .append(';'));
    return key.append('}').toString();
  }

  private Type struct(StructDef s, Map<String, Val> scope, List<String> problems) {
    // a struct of the file reads the file's names: not a kernel's template parameter or local of the same name
    if (s.fileScope() && s.templateParams().isEmpty()) scope = Map.of();
    // each instance of a class template has its own layout, and so has a struct nested in one wherever the
    // enclosing template's parameters size it (struct { T v[4]; } data;)
    String key = s.templateParams().isEmpty() ? s.qualifiedName() + bindingsUsed(s, scope)
        : instanceKey(s.qualifiedName() + "@" + s.pos(), scope);
    Type cached = structCache.get(key);
    if (cached != null) return cached;
    // template <int N> struct R { R<N + 1> next; }: each instance holds another
    if (typeDepth > 32) {
      problems.add("'" + s.name() + "' holds instances of itself too deeply");
      return new Type.Opaque(s.name());
    }
    typeDepth++;
    try {
      return layOut(s, scope, problems, key);
    } finally {
      typeDepth--;
    }
  }

  /**
   * The bindings in {@code scope} of the names a struct's layout reads (its fields' and member types' types,
   * dimensions and alignments, its statics), as text; empty where it reads none, as a struct at file scope.
   */
  private String bindingsUsed(StructDef s, Map<String, Val> scope) {
    if (scope.isEmpty()) return "";
    Map<String, Val> used = new java.util.TreeMap<>();
    for (String name : namesRead.computeIfAbsent(s, Program::namesRead)) {
      Val type = scope.get("typename " + name);
      if (type != null) used.put("typename " + name, type);
      Val value = scope.get(name);
      if (value != null) used.put(name, value);
    }
    return used.isEmpty() ? "" : instanceKey("@" + s.pos(), used);
  }

  private final Map<StructDef, Set<String>> namesRead = new IdentityHashMap<>();

  private static Set<String> namesRead(StructDef s) {
    Set<String> names = new HashSet<>();
    for (List<VarDecl> decls : List.of(s.fields(), s.memberTypes(), s.statics())) {
      for (VarDecl d : decls) {
        namesIn(d.type(), names);
        namesIn(d.init(), names);
        namesIn(d.align(), names);
      }
    }
    namesIn(s.align(), names);
    return names;
  }

  private static void namesIn(TypeRef t, Set<String> names) {
    if (t == null) return;
    names.add(t.base());
    t.templateArgs().forEach(a -> namesIn(a, names));
    t.templateValues().forEach(e -> namesIn(e, names));
    t.dims().forEach(e -> namesIn(e, names));
    if (t.struct() != null) names.addAll(namesRead(t.struct()));
  }

  private static void namesIn(Expr e, Set<String> names) {
    if (e != null) Walk.expr(e, x -> { if (x instanceof Expr.Name n) names.add(n.name()); });
  }

  private Type layOut(StructDef s, Map<String, Val> scope, List<String> problems, String key) {
    structCache.put(key, new Type.Opaque(s.name())); // guards against self-reference
    Types.StructBuilder b = new Types.StructBuilder(s.name(), s.union());
    // static constants size the fields: "static constexpr size_t size = 16 / sizeof(T); T payload[size];"
    scope = withMembers(new Instance(s, scope, null));
    boolean explained = false;
    for (VarDecl f : s.fields()) {
      long extra = 0;
      if (f.align() != null) {
        Val a = new ConstantFolder(this, scope).eval(f.align());
        if (a instanceof Val.Num n && n.poly().isConstant()) extra = n.poly().constant();
      }
      Type ft = resolve(f.type(), scope, problems, null, 0);
      Type element = ft;
      while (element instanceof Type.Array a) element = a.element();
      // the first member without a size says why the struct has none
      if (!explained && element instanceof Type.Opaque o && f.type().pointers() == 0) {
        String why = undeclaredType(f.type().base(), 0, !f.is(VarDecl.BASE) && f.type().templateArgs().isEmpty()
            && f.type().templateValues().isEmpty());
        if (why == null) why = whyNoLayout(o.name()); // a struct that has no layout itself (cub's Uninitialized)
        if (why == null) why = problems.isEmpty() ? null : problems.get(problems.size() - 1);
        noLayout(s, "'" + s.name() + "' has " + (f.is(VarDecl.BASE) ? "the base class '" : "the member '" + f.name()
            + "' of type '") + f.type().base() + "'" + (why != null ? " (" + why + ")" : ", whose size is unknown"));
        explained = true;
      } else if (!explained && ft.size() < 0 && f.type().pointers() == 0) {
        String why = unsizedDimension(f.type(), scope);
        if (why != null) noLayout(s, "'" + s.name() + "' has the member '" + f.name() + "', whose " + why);
        explained = why != null;
      }
      if (f.is(VarDecl.BASE) && ft instanceof Type.Struct empty && empty.fields().isEmpty()) continue; // no room
      if (f.is(VarDecl.BITFIELD)) {
        Val bits = new ConstantFolder(this, scope).eval(f.init());
        if (bits instanceof Val.Num n && n.poly().isConstant()) {
          b.bitField(f.name(), ft, (int) n.poly().constant());
          continue;
        }
      }
      b.field(f.name(), ft, extra);
    }
    long declared = 0;
    if (s.align() != null) {
      Val a = new ConstantFolder(this, scope).eval(s.align());
      if (a instanceof Val.Num n && n.poly().isConstant()) declared = n.poly().constant();
    }
    Type t = b.build(declared);
    structCache.put(key, t);
    classes.put(t, new Val.Obj(s, scope)); // its methods see what its members were laid out with
    return t;
  }

  /** Why an array type has no size where a dimension has no value: "dimension 1 has no constant value (...)"; else null. */
  private String unsizedDimension(TypeRef t, Map<String, Val> scope) {
    for (int i = 0; i < t.dims().size(); i++) {
      Expr d = t.dims().get(i);
      if (d == null) return "dimension " + (i + 1) + " is not given";
      Val v = new ConstantFolder(this, scope).eval(d);
      if (!(v instanceof Val.Num n && n.poly().isConstant())) {
        return "dimension " + (i + 1) + " has no constant value (" + describe(v) + ")";
      }
    }
    return null;
  }

  /** Why structs could not be laid out, by name: a member or base class of a type bankcheck does not have. */
  private final Map<String, String> unknownLayouts = new HashMap<>();

  private void noLayout(StructDef s, String layout) {
    String before = unknownLayouts.putIfAbsent(s.name(), layout);
    // two structs of one name (nested in different classes) with different reasons: neither is given
    if (before != null && !before.equals(layout)) unknownLayouts.put(s.name(), "");
  }

  /** Why the struct {@code name} has no layout, where a member or base class says so; else null. */
  public String whyNoLayout(String name) {
    String why = unknownLayouts.get(name);
    return why == null || why.isEmpty() ? null : why;
  }

  /** The class whose layout {@code t} is (a struct this program laid out), or null: its methods run on objects of it. */
  public Val.Obj classOf(Type t) {
    return classes.get(t);
  }
}
