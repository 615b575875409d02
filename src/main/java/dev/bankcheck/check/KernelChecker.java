package dev.bankcheck.check;

import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.Bounds;
import dev.bankcheck.bank.Explain;
import dev.bankcheck.bank.WarpResult;
import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.source.Pos;
import dev.bankcheck.sym.AccessSink;
import dev.bankcheck.sym.Interpreter;
import dev.bankcheck.sym.MemOp;
import dev.bankcheck.sym.Poly;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.SharedRoot;
import dev.bankcheck.sym.Val;
import dev.bankcheck.sym.WarpSetup;
import dev.bankcheck.sym.WorkBudget;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs every kernel of a file for each of its block shapes and each warp, feeds every access to the
 * bank model, and keeps the worst case per access site (shape, warp and loop iteration).
 */
final class KernelChecker {
  private final Program program;
  private final WorkBudget budget;
  private final BankConfig bank;
  private final BankModel model;
  private final String[] lines;
  private final int[] cliBlock;

  KernelChecker(Program program, BankConfig bank, String[] lines, int[] cliBlock, WorkBudget budget) {
    this.program = program;
    this.budget = budget;
    this.bank = bank;
    this.model = new BankModel(bank);
    this.lines = lines;
    this.cliBlock = cliBlock;
  }

  /** One access site: the accessed expression (structurally: position included), the operation, the array. */
  record SiteKey(Expr at, MemOp op, String array) {
    // identity of the IR node: two equal-looking accesses from one macro expansion stay two sites,
    // and a deep expression is not hashed again at every access
    @Override
    public boolean equals(Object o) {
      return o instanceof SiteKey k && k.at == at && k.op == op && k.array.equals(array);
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(at) * 31 + op.hashCode() * 7 + array.hashCode();
    }
  }

  /** The worst outcome seen at one access site. */
  static final class Site {
    final Pos pos;
    final MemOp op;
    final SharedRoot root;
    String via;
    Type type;
    int width;
    WarpResult worst;
    /** The worst outcome had the struct array been a structure of arrays (null: not an array of structs). */
    WarpResult soaWorst;
    String worstContext = "";
    String unknown;
    boolean data;
    int dataLanes;

    Site(Pos pos, MemOp op, SharedRoot root) {
      this.pos = pos;
      this.op = op;
      this.root = root;
    }
  }

  List<Finding> check() {
    List<Finding> out = new ArrayList<>();
    for (Function f : program.allFunctions()) {
      if (budget.pastDeadline()) break; // the file's time is up: DefaultAnalyzer says the analysis stopped
      // a kernel that never touches shared memory has nothing to check
      if (f.isKernel() && f.body() != null && program.touchesShared(f)) out.addAll(checkKernel(f));
    }
    return out;
  }

  private List<Finding> checkKernel(Function kernel) {
    List<BlockShapes.Shape> shapes = BlockShapes.forKernel(kernel, program, lines, cliBlock);
    Set<String> notes = new LinkedHashSet<>();
    List<Map<String, Val>> templates = templateBindings(kernel, notes);
    Map<Site, String> shapeOfWorst = new HashMap<>();
    long start = budget.used();
    Map<SiteKey, Site> sites = analyze(kernel, shapes, templates, notes, shapeOfWorst);
    // the search re-analyzes the kernel per candidate: it may take a few times the analysis itself
    long searchSteps = Math.max(200_000L, 4 * (budget.used() - start));
    Map<SiteKey, Fix> fixes = new PaddingSearch(kernel, shapes, templates, sites, budget.used() + searchSteps).fixes();
    List<Finding> out = new ArrayList<>();
    for (Map.Entry<SiteKey, Site> e : sites.entrySet()) {
      Finding f = finding(kernel, e.getValue(), shapes, shapeOfWorst.get(e.getValue()), notes);
      Fix fix = fixes.get(e.getKey());
      out.add(fix != null && f.verdict() == Verdict.CONFLICT ? f.withFix(fix) : f);
    }
    return out;
  }

  /** Every instantiation, shape and warp: the worst case per access site. */
  private Map<SiteKey, Site> analyze(Function kernel, List<BlockShapes.Shape> shapes, List<Map<String, Val>> templates,
      Set<String> notes, Map<Site, String> shapeOfWorst) {
    if (templates.size() == 1) return runAll(kernel, shapes, templates.get(0), notes, shapeOfWorst);
    Map<SiteKey, Site> merged = new LinkedHashMap<>();
    for (Map<String, Val> t : templates) {
      Map<Site, String> shapeOf = new HashMap<>();
      mergeInto(merged, runAll(kernel, shapes, t, notes, shapeOf), shapeOf, shapeOfWorst);
    }
    return merged;
  }

  /** Keeps the worse outcome per site; {@code shapeOf} tells which shape gave each site's worst. */
  private static void mergeInto(Map<SiteKey, Site> into, Map<SiteKey, Site> from, Map<Site, String> shapeOf,
      Map<Site, String> shapeOfWorst) {
    from.forEach((key, s) -> {
      Site target = into.get(key);
      if (target == null) {
        into.put(key, s);
        if (shapeOf.containsKey(s)) shapeOfWorst.put(s, shapeOf.get(s));
        return;
      }
      if (s.worst != null && (target.worst == null || worse(s.worst, target.worst))) {
        target.worst = s.worst;
        target.worstContext = s.worstContext;
        if (shapeOf.containsKey(s)) shapeOfWorst.put(target, shapeOf.get(s));
      }
      if (s.soaWorst != null && (target.soaWorst == null || worse(s.soaWorst, target.soaWorst))) target.soaWorst = s.soaWorst;
      if (target.unknown == null) target.unknown = s.unknown;
      target.data |= s.data;
      target.dataLanes = Math.max(target.dataLanes, s.dataLanes);
    });
  }

  /**
   * Every warp of every shape (or of the default assumption); the worst case per access site. One
   * symbolic warp stands for all of a shape's warps where that is exact (see {@link #dependsOnWarp}).
   */
  private Map<SiteKey, Site> runAll(Function kernel, List<BlockShapes.Shape> shapes, Map<String, Val> template,
      Set<String> notes, Map<Site, String> shapeOfWorst) {
    Map<SiteKey, Site> sites = new LinkedHashMap<>();
    int ws = bank.warpSize();
    for (BlockShapes.Shape shape : shapes.isEmpty() ? java.util.Collections.<BlockShapes.Shape>singletonList(null) : shapes) {
      WarpSetup symbolic = shape == null ? WarpSetup.symbolicWarp(ws)
          : shape.dims()[0] % ws == 0 ? WarpSetup.symbolicWarp(shape.dims(), ws) : null;
      if (symbolic != null) {
        Map<SiteKey, Site> trial = new LinkedHashMap<>();
        Set<String> trialNotes = new LinkedHashSet<>();
        Map<Site, String> trialShapes = new HashMap<>();
        boolean undecided = run(kernel, template, symbolic, "", trial, trialNotes, trialShapes, shape);
        if (!dependsOnWarp(symbolic, trial, undecided)) {
          mergeInto(sites, trial, trialShapes, shapeOfWorst);
          notes.addAll(trialNotes);
          continue;
        }
      }
      WarpSetup[] warps = shape == null ? WarpSetup.assumedWarps(ws) : WarpSetup.ofShape(shape.dims(), ws);
      for (WarpSetup w : warps) {
        // past the work bound, one warp still runs (loops then as "any iteration") so every access is listed
        if (budget.exhausted() && w.warp() > 0) {
          notes.add(workBoundNote());
          break;
        }
        String where = shape == null ? (w.warp() == 0 ? "" : "threadIdx.x " + w.warp() * ws + ".." + ((w.warp() + 1) * ws - 1))
            : warps.length > 1 ? "warp " + w.warp() : "";
        run(kernel, template, w, where, sites, notes, shapeOfWorst, shape);
      }
    }
    return sites;
  }

  private String workBoundNote() {
    return budget.timedOut() ? "the analysis of this file stopped after " + budget.seconds() + " s (work bound): "
        + "loops and warps after that point were not analyzed"
        : "the work bound was reached: loops were enumerated only in part, later warps not analyzed";
  }

  /** Whether the symbolic warp's result could differ between warps: a lane's fate or an address depends on w. */
  private static boolean dependsOnWarp(WarpSetup symbolic, Map<SiteKey, Site> sites, boolean conditionsDependOnWarp) {
    if (conditionsDependOnWarp) return true;
    for (Site s : sites.values()) {
      if (s.unknown != null && symbolic.mentionsWarp(s.unknown)) return true;
    }
    return false;
  }

  /**
   * For each multi-dimensional array with a conflict: the smallest padding of its inner dimension
   * (1 to banks elements) that makes every access to it in this kernel conflict-free, or else the one
   * with the lowest worst case; each candidate is checked by analyzing the kernel again.
   */
  private final class PaddingSearch {
    private final Function kernel;
    private final List<BlockShapes.Shape> shapes;
    private final List<Map<String, Val>> templates;
    private final Map<SiteKey, Site> sites;

    private final long stepLimit;

    PaddingSearch(Function kernel, List<BlockShapes.Shape> shapes, List<Map<String, Val>> templates,
        Map<SiteKey, Site> sites, long stepLimit) {
      this.stepLimit = stepLimit;
      this.kernel = kernel;
      this.shapes = shapes;
      this.templates = templates;
      this.sites = sites;
    }

    Map<SiteKey, Fix> fixes() {
      Map<SiteKey, Fix> out = new HashMap<>();
      Map<SharedRoot, List<SiteKey>> conflicted = new LinkedHashMap<>();
      for (Map.Entry<SiteKey, Site> e : sites.entrySet()) {
        Site s = e.getValue();
        if (s.worst != null && s.worst.ways() >= 2 && paddable(s.root)) {
          conflicted.computeIfAbsent(s.root, r -> new ArrayList<>()).add(e.getKey());
        }
      }
      for (Map.Entry<SharedRoot, List<SiteKey>> e : conflicted.entrySet()) search(e.getKey(), out);
      return out;
    }

    private boolean paddable(SharedRoot r) {
      return r.shapeProblem() == null && r.type() instanceof Type.Array outer && outer.length() > 0
          && outer.element() instanceof Type.Array inner && inner.length() > 0 && !r.decl().is("extern");
    }

    private void search(SharedRoot root, Map<SiteKey, Fix> out) {
      Type.Array outer = (Type.Array) root.type();
      Type.Array inner = innermost(outer);
      int before = worstOf(sites, root.name());
      Map<SiteKey, Site> best = null;
      int bestWays = before;
      long bestLength = 0;
      try {
        for (int pad = 1; pad <= bank.banks() && bestWays > 1 && !budget.exhausted() && budget.used() < stepLimit;
            pad++) {
          program.overrideInnerDim(root.decl(), inner.length() + pad);
          Map<SiteKey, Site> after = analyze(kernel, shapes, templates, new LinkedHashSet<>(), new HashMap<>());
          if (budget.exhausted()) break; // an incomplete run cannot back a promise
          int ways = worstOf(after, root.name());
          if (ways < bestWays) {
            best = after;
            bestWays = ways;
            bestLength = inner.length() + pad;
          }
        }
      } finally {
        program.clearOverrides();
      }
      if (best == null) return;
      long elements = root.type().size() / inner.size() * bestLength;
      long bytesAfter = elements * inner.element().size();
      String decl = inner.element().display() + " " + root.name() + dimsText(outer, bestLength);
      String effect = bestWays == 1 ? "makes every access to '" + root.name() + "' in this kernel conflict-free"
          : "lowers the worst conflict on '" + root.name() + "' in this kernel from " + before + "-way to " + bestWays + "-way";
      String description = "pad the inner dimension: '" + decl + "' " + effect + " (+" + (bytesAfter - root.type().size())
          + " bytes of shared memory)";
      List<Fix.Edit> edits = innerDimEdit(root, inner.length(), bestLength);
      for (Map.Entry<SiteKey, Site> e : sites.entrySet()) {
        if (!e.getValue().root.name().equals(root.name())) continue;
        Site after = best.get(e.getKey());
        if (after != null && after.worst != null) {
          out.put(e.getKey(), new Fix(description, after.worst.ways(), bytesAfter, edits, after.worst.access()));
        }
      }
    }

    private int worstOf(Map<SiteKey, Site> map, String rootName) {
      int worst = 1;
      for (Site s : map.values()) {
        if (s.root.name().equals(rootName) && s.worst != null) worst = Math.max(worst, s.worst.ways());
      }
      return worst;
    }
  }

  private static Type.Array innermost(Type.Array a) {
    while (a.element() instanceof Type.Array e) a = e;
    return a;
  }

  private static String dimsText(Type.Array outer, long innerLength) {
    StringBuilder sb = new StringBuilder();
    Type t = outer;
    while (t instanceof Type.Array a) {
      sb.append('[').append(a.element() instanceof Type.Array ? a.length() : innerLength).append(']');
      t = a.element();
    }
    return sb.toString();
  }

  /** Replaces the inner dimension's text in the declaration, when the declaration is on one line of this file. */
  private List<Fix.Edit> innerDimEdit(SharedRoot root, long oldLength, long newLength) {
    Pos start = root.decl().dimsStart();
    Pos end = root.decl().dimsEnd();
    if (start == null || end == null || start.line() != end.line() || start.line() > lines.length) return List.of();
    String line = lines[start.line() - 1];
    if (end.column() - 1 > line.length() || start.column() < 1) return List.of();
    String dims = line.substring(start.column() - 1, end.column() - 1);
    int open = dims.lastIndexOf('[');
    if (!dims.startsWith("[") || !dims.endsWith("]") || open < 0) return List.of();
    String innerText = dims.substring(open + 1, dims.length() - 1).trim();
    String replacement = innerText.matches("\\d+") ? Long.toString(newLength) : innerText + " + " + (newLength - oldLength);
    int col = start.column() + open + 1;
    return List.of(new Fix.Edit(start.file(), start.line(), col, end.line(), end.column() - 1, replacement));
  }

  /**
   * Values for the kernel's template parameters: one binding per distinct instantiation found in the
   * file (explicit instantiations, launches with template arguments); without any, defaults, and
   * symbols for the rest (their accesses become unknown, and the note says how to give a value).
   */
  private List<Map<String, Val>> templateBindings(Function kernel, Set<String> notes) {
    if (kernel.templateParams().isEmpty()) return List.of(Map.of());
    Map<String, Map<String, Val>> found = new LinkedHashMap<>();
    for (TranslationUnit.InstantiationItem i : program.instantiations()) {
      if (simpleName(i.name()).equals(kernel.name())) {
        bind(kernel, i.templateArgs(), i.templateValues(), "the explicit instantiation", found);
      }
    }
    for (BlockShapes.Launch l : BlockShapes.findLaunches(kernel.name(), program)) {
      if (!l.expr().templateValues().isEmpty() || !l.expr().templateArgs().isEmpty()) {
        bind(kernel, l.expr().templateArgs(), l.expr().templateValues(), "the launch at line " + l.line(), found);
      }
    }
    if (!found.isEmpty()) {
      notes.add((found.size() == 1 ? "template arguments " : "worst over the instantiations ") + String.join("; ",
          found.keySet()));
      return new ArrayList<>(found.values());
    }
    Map<String, Val> b = new HashMap<>();
    for (Function.TemplateParam p : kernel.templateParams()) {
      if (p.type()) continue;
      Val v = p.defaultValue() == null ? null : program.constant(p.defaultValue());
      if (v instanceof Val.Num) {
        b.put(p.name(), v);
      } else {
        b.put(p.name(), new Val.Num(Poly.symbol(p.name())));
        notes.add("template parameter '" + p.name() + "' has no value in this file (give one with an explicit"
            + " instantiation such as 'template __global__ void " + kernel.name() + "<...>(...);' or a launch)");
      }
    }
    return List.of(b);
  }

  private static String simpleName(String n) {
    return n.contains("::") ? n.substring(n.lastIndexOf("::") + 2) : n;
  }

  /** One instantiation's values, keyed by their description ("N = 16, T = float from the launch at line 40"). */
  private void bind(Function kernel, List<TypeRef> types, List<Expr> values, String origin,
      Map<String, Map<String, Val>> found) {
    Map<String, Val> b = new HashMap<>();
    List<String> parts = new ArrayList<>();
    for (int i = 0; i < kernel.templateParams().size(); i++) {
      Function.TemplateParam p = kernel.templateParams().get(i);
      if (p.type()) {
        TypeRef t = i < types.size() && types.get(i) != null ? types.get(i) : p.defaultType();
        if (t == null || t.pointers() > 0 || !t.dims().isEmpty()) return;
        b.put("typename " + p.name(), new Val.Opaque("type:" + t.base()));
        parts.add(p.name() + " = " + t.base());
      } else {
        Expr e = i < values.size() && values.get(i) != null ? values.get(i) : p.defaultValue();
        Val v = e == null ? null : program.constant(e);
        if (!(v instanceof Val.Num n) || !n.poly().isConstant()) return;
        b.put(p.name(), v);
        parts.add(p.name() + " = " + n.poly().constant());
      }
    }
    String key = String.join(", ", parts);
    if (found.keySet().stream().noneMatch(k -> k.startsWith(key + " (from "))) found.put(key + " (from " + origin + ")", b);
  }

  /** Runs one warp; true when a condition was undecided because of the (symbolic) warp index. */
  private boolean run(Function kernel, Map<String, Val> template, WarpSetup warp, String where, Map<SiteKey, Site> sites,
      Set<String> notes, Map<Site, String> shapeOfWorst, BlockShapes.Shape shape) {
    AccessSink sink = (at, op, lanes, type, context) -> {
      Val.Ptr first = null;
      for (Val.Ptr p : lanes) {
        if (p != null) {
          first = p;
          break;
        }
      }
      SharedRoot root = first.root();
      SiteKey key = new SiteKey(at, op, root.name());
      Site site = sites.computeIfAbsent(key, k -> new Site(at.pos(), op, root));
      if (site.via == null) site.via = first.via();
      site.type = type;
      site.width = width(type);
      String ctx = join(where, context);
      evaluate(site, lanes, ctx, shape, shapeOfWorst);
    };
    Interpreter in = new Interpreter(program, warp, sink, notes, budget);
    try {
      in.run(kernel, template);
    } catch (StackOverflowError e) {
      notes.add("the kernel is nested too deeply to analyze completely");
    }
    if (in.budgetExhausted()) notes.add(workBoundNote());
    return in.warpDependent();
  }

  private static String join(String a, String b) {
    if (a.isEmpty()) return b;
    return b.isEmpty() ? a : a + ", " + b;
  }

  /** Access width: the type's size when the hardware can move it in one access, else its alignment. */
  static int width(Type t) {
    long size = t.size();
    if ((size == 1 || size == 2 || size == 4 || size == 8 || size == 16) && t.align() >= Math.min(size, 16)) {
      return (int) size;
    }
    long a = Math.min(16, Math.max(1, t.align()));
    return (int) Long.highestOneBit(a);
  }

  private void evaluate(Site site, Val.Ptr[] lanes, String ctx, BlockShapes.Shape shape, Map<Site, String> shapeOfWorst) {
    int n = lanes.length;
    boolean[] active = new boolean[n];
    int activeCount = 0;
    for (int l = 0; l < n; l++) {
      Val.Ptr p = lanes[l];
      if (p == null) continue;
      active[l] = true;
      activeCount++;
      if (p.root().decl() != site.root.decl()) {
        if (site.unknown == null) {
          site.unknown = "lanes point into different shared arrays ('" + site.root.name() + "' and '" + p.root().name()
              + "'), whose relative placement is not known";
        }
        return;
      }
      if (p.unknown() != null) {
        if (site.unknown == null) site.unknown = p.unknown();
        return;
      }
      if (p.data()) site.data = true;
    }
    if (site.data) {
      site.dataLanes = Math.max(site.dataLanes, activeCount);
      return;
    }
    Poly[] offsets = new Poly[n];
    for (int l = 0; l < n; l++) {
      if (active[l]) offsets[l] = lanes[l].offset();
    }
    for (Poly[] c : branchCases(offsets)) {
      Poly symbolic = null;
      for (int l = 0; l < n; l++) {
        if (c[l] == null) continue;
        if (symbolic == null) symbolic = c[l].symbolic();
        else if (!symbolic.equals(c[l].symbolic())) {
          if (site.unknown == null) site.unknown = differingSymbols(c);
          return;
        }
      }
      long[] addr = new long[n];
      for (int l = 0; l < n; l++) {
        if (active[l]) addr[l] = c[l].constant();
      }
      evaluateAddresses(site, addr, active, symbolic, ctx, shape, shapeOfWorst);
    }
  }

  /**
   * The lane offsets for every way the warp-uniform branches they depend on can go (each branch
   * symbol is 0 or 1 for the whole warp); at most 2^6 cases, else the offsets as they are.
   */
  private static List<Poly[]> branchCases(Poly[] offsets) {
    Set<String> branches = new java.util.TreeSet<>();
    for (Poly p : offsets) {
      if (p == null) continue;
      for (String sym : p.terms().keySet()) {
        if (sym.startsWith(Interpreter.BRANCH_PREFIX)) branches.add(sym);
      }
    }
    if (branches.isEmpty() || branches.size() > 6) return java.util.Collections.singletonList(offsets);
    List<Poly[]> cases = new ArrayList<>();
    List<String> names = new ArrayList<>(branches);
    for (int bits = 0; bits < (1 << names.size()); bits++) {
      Poly[] c = new Poly[offsets.length];
      for (int l = 0; l < offsets.length; l++) {
        if (offsets[l] == null) continue;
        Poly p = offsets[l];
        for (int i = 0; i < names.size(); i++) p = p.substitute(names.get(i), (bits >> i) & 1);
        c[l] = p;
      }
      cases.add(c);
    }
    return cases;
  }

  private void evaluateAddresses(Site site, long[] addr, boolean[] active, Poly symbolic, String ctx,
      BlockShapes.Shape shape, Map<Site, String> shapeOfWorst) {
    int n = addr.length;
    // A warp-uniform part that is not a multiple of the bank width shifts which lanes share a word:
    // try each possible shift and keep the worst.
    // (an access is aligned to its width, so only shifts that keep that alignment are possible)
    long step = symbolic == null || symbolic.isConstant() ? bank.bankBytes()
        : Math.max(Poly.gcd(symbolic.symbolicGcd(), bank.bankBytes()), Math.min(site.width, bank.bankBytes()));
    AccessKind kind = AccessKind.valueOf(site.op.name());
    WarpResult worst = null;
    for (long shift = 0; shift < bank.bankBytes(); shift += step) {
      long[] shifted = addr;
      if (shift != 0) {
        shifted = addr.clone();
        for (int l = 0; l < n; l++) shifted[l] += shift;
      }
      WarpResult r = model.evaluate(shifted, active, site.width, kind);
      if (worst == null || r.ways() > worst.ways()) worst = r;
    }
    if (worst.empty()) return;
    WarpResult soa = structureOfArrays(site, addr, active, kind);
    if (soa != null && (site.soaWorst == null || worse(soa, site.soaWorst))) site.soaWorst = soa;
    if (site.worst == null || worse(worst, site.worst)) {
      site.worst = worst;
      site.worstContext = ctx;
      if (shape != null) shapeOfWorst.put(site, shape.describe());
    }
  }

  /** The same access had each field of the struct array been its own array: element index times width. */
  private WarpResult structureOfArrays(Site site, long[] addr, boolean[] active, AccessKind kind) {
    if (!(site.root.type() instanceof Type.Array a) || !(a.element() instanceof Type.Struct st)
        || site.width >= st.size()) {
      return null;
    }
    long[] soa = new long[addr.length];
    for (int l = 0; l < addr.length; l++) soa[l] = Math.floorDiv(addr[l], st.size()) * site.width;
    return model.evaluate(soa, active, site.width, kind);
  }

  private static boolean worse(WarpResult a, WarpResult b) {
    if (a.ways() != b.ways()) return a.ways() > b.ways();
    if (a.wavefronts() != b.wavefronts()) return a.wavefronts() > b.wavefronts();
    return !a.broadcast() && b.broadcast();
  }

  private static String differingSymbols(Poly[] offsets) {
    Set<String> names = new LinkedHashSet<>();
    Poly first = null;
    for (Poly p : offsets) {
      if (p == null) continue;
      if (first == null) first = p;
      else {
        Poly d = p.symbolic().sub(first.symbolic());
        names.addAll(d.terms().keySet());
      }
    }
    List<String> readable = names.stream().map(s -> s.replaceAll("#\\d+", ""))
        .map(s -> s.length() > 80 ? s.substring(0, 77) + "..." : s).distinct().toList();
    boolean loop = readable.stream().anyMatch(s -> s.contains("of the loop at line"));
    String shown = String.join(", ", readable.subList(0, Math.min(3, readable.size())))
        + (readable.size() > 3 ? " and " + (readable.size() - 3) + " more" : "");
    return "the lane stride depends on " + shown + (loop
        ? ", which changes from iteration to iteration of a loop without constant bounds"
        : ", which has no constant value here (a constant from -D, constexpr or a template argument makes it exact)");
  }

  private Finding finding(Function kernel, Site s, List<BlockShapes.Shape> shapes, String worstShape, Set<String> notes) {
    Op op = Op.valueOf(s.op.name());
    List<String> assumptions = new ArrayList<>();
    if (shapes.isEmpty()) {
      assumptions.add("blockDim.x is a multiple of " + bank.warpSize() + " (no block shape given: add"
          + " '// bankcheck: block XxY' before the kernel, or --block)");
    } else if (shapes.size() == 1) {
      assumptions.add(shapes.get(0).describe());
    } else {
      assumptions.add("worst of " + shapes.size() + " launch shapes: " + (worstShape != null ? worstShape
          : shapes.get(0).describe()));
    }
    assumptions.add(s.width + "-byte accesses (" + (s.type == null ? "?" : s.type.display()) + ")");
    assumptions.addAll(notes);
    String array = s.root.name();
    String via = s.via;
    String ctx = s.worstContext.isEmpty() || s.worst == null || s.worst.ways() < 2 ? ""
        : " (worst at " + s.worstContext + ")";
    if (s.data) {
      AccessKind kind = AccessKind.valueOf(s.op.name());
      Bounds b = BankModel.dataDependentBounds(Math.max(1, s.dataLanes), s.root.type().size(), s.width, kind, bank);
      String reason = "the index depends on memory contents; worst case: " + b.worstCase() + ", best case: " + b.bestCase();
      return new Finding(s.pos, Rules.DATA_DEPENDENT_INDEX, kernel.name(), array, via, op, s.width, null, null, null,
          null, Verdict.DATA_DEPENDENT, b.worst(), b.best(), false, reason, List.copyOf(assumptions), null, null);
    }
    if (s.worst == null || (s.unknown != null && s.worst.ways() < 2)) {
      String reason = s.unknown != null ? s.unknown : "no lane reaches this access";
      return new Finding(s.pos, Rules.UNANALYZED_ACCESS, kernel.name(), array, via, op, s.width, null, null, null,
          null, Verdict.UNKNOWN, null, null, false, reason, List.copyOf(assumptions), null, null);
    }
    WarpResult r = s.worst;
    Verdict v = r.ways() >= 2 ? Verdict.CONFLICT : r.broadcast() ? Verdict.BROADCAST : Verdict.OK;
    String rule = v != Verdict.CONFLICT ? Rules.NONE : op == Op.ATOMIC ? Rules.ATOMIC_CONTENTION : Rules.BANK_CONFLICT;
    String reason = Explain.reason(r, s.width) + ctx;
    if (s.unknown != null) reason += "; some executions could not be evaluated: " + s.unknown;
    Long stride = r.strideBytes().isPresent() ? r.strideBytes().getAsLong() : null;
    Fix fix = null;
    if (v == Verdict.CONFLICT && s.soaWorst != null && s.soaWorst.ways() < r.ways()) {
      Type.Struct st = (Type.Struct) ((Type.Array) s.root.type()).element();
      fix = new Fix("use a structure of arrays: one array per field of '" + st.name() + "' instead of '" + array
          + "[]' makes this access " + (s.soaWorst.ways() == 1 ? "conflict-free" : s.soaWorst.ways() + "-way"),
          s.soaWorst.ways(), null, List.of(), s.soaWorst.access());
    }
    return new Finding(s.pos, rule, kernel.name(), array, via, op, s.width, r.ways(), r.wavefronts(),
        r.idealWavefronts(), stride, v, null, null, false, reason, List.copyOf(assumptions), fix, r.access());
  }
}
