package dev.bankcheck.check;

import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.Bounds;
import dev.bankcheck.bank.Explain;
import dev.bankcheck.bank.WarpDegree;
import dev.bankcheck.bank.WarpKey;
import dev.bankcheck.bank.WarpResult;
import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.Stmt;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.ir.VarDecl;
import dev.bankcheck.source.Pos;
import dev.bankcheck.source.SourceError;
import dev.bankcheck.sym.AccessSink;
import dev.bankcheck.sym.Interpreter;
import dev.bankcheck.sym.MemOp;
import dev.bankcheck.sym.Poly;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.SharedRoot;
import dev.bankcheck.sym.SymbolText;
import dev.bankcheck.sym.Val;
import dev.bankcheck.sym.WarpSetup;
import dev.bankcheck.sym.WorkBudget;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
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
  private final FileLines lines;
  private final AnalysisOptions options;

  /** Checks the edited text of a fix; null: no fixes are searched (as when checking a fix). */
  private final FixVerifier verifier;
  /** Findings of header kernels from other files of the run; null: every kernel is analyzed here. */
  private final KernelMemo memo;
  /** Whether accesses are also evaluated under the XOR swizzles that {@link SwizzleSearch} may suggest. */
  private boolean screenSwizzles = true;
  /** Whether an address of the symbolic warp being run depends on the warp in a way not computable per warp. */
  private boolean addressNamesWarp;
  /** The interpreter of the warp being run. */
  private Interpreter running;
  private final Shortcuts shortcuts;
  /** Whether the kernel being checked is a template: {@link SwizzleSearch} suggests nothing for one. */
  private boolean templateKernel;
  private final Map<VarDecl, List<int[]>> swizzleCandidates = new IdentityHashMap<>();
  /** The file's text for {@link SwizzleSearch} (made on first use). */
  private SourceText sourceText;
  /** Kernels whose analysis stopped short (see {@link #errors}). */
  private final Set<SourceError> stopped = new LinkedHashSet<>();

  KernelChecker(Program program, BankConfig bank, FileLines lines, AnalysisOptions options, WorkBudget budget,
      FixVerifier verifier, KernelMemo memo, Shortcuts shortcuts) {
    this.shortcuts = shortcuts;
    this.verifier = verifier;
    this.memo = memo;
    this.program = program;
    this.budget = budget;
    this.bank = bank;
    this.model = new BankModel(bank);
    this.lines = lines;
    this.options = options;
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
    /** The bank model's name for {@link #op} (looked up once, not per access). */
    final AccessKind kind;
    final SharedRoot root;
    String via;
    Type type;
    int width;
    WarpResult worst;
    /** The worst outcome had the struct array been a structure of arrays (null: not an array of structs). */
    WarpResult soaWorst;
    /** The accesses to evaluate under each XOR swizzle candidate of {@link SwizzleSearch} (null: none). */
    SwizzleSearch.Screen swizzles;
    /** Some execution's address could not be split into row and column (a warp-uniform unknown part). */
    boolean swizzleUnknown;
    /** Some execution's address had a warp-uniform symbolic part (its lanes' rows are not known). */
    boolean symbolicBase;
    /** The accessed expression. */
    Expr at;
    String worstContext = "";
    /** The accessed type of the run that gave {@link #worst} (instantiations may differ), and its width there. */
    Type worstType;
    int worstWidth;
    /** Notes that concern this access only (conditions around it that could not be decided per lane). */
    final Set<String> notes = new LinkedHashSet<>();
    String unknown;
    /** Some execution's address depends on memory contents. */
    boolean data;
    /** In some of them not even modulo a multiple of the bank width: the bounds come from the array's size. */
    boolean plainData;
    int dataLanes;
    /** The most lanes any execution of it had active. */
    int mostLanes;
    /** The bounds of the executions whose lanes' banks are known whatever the data (null: none). */
    Bounds dataBounds;
    /** Whether {@link SwizzleSearch} could rewrite this access (null: not asked yet). */
    Boolean rewritable;
    /** Accesses already evaluated here, up to a shift that changes no outcome (see {@link #evaluateAddresses}). */
    private final Set<WarpKey> seen = new java.util.HashSet<>();

    Site(Pos pos, MemOp op, SharedRoot root) {
      this.pos = pos;
      this.op = op;
      this.kind = AccessKind.valueOf(op.name());
      this.root = root;
    }

    /** False when the access was evaluated here before: it cannot make any worst case worse. */
    boolean firstTime(WarpKey key) {
      if (seen.size() >= MAX_SEEN) seen.clear(); // bounded memory: forgetting only costs time
      return seen.add(key);
    }
  }

  List<Finding> check() {
    return check(null);
  }

  /** Errors of the checks done so far: kernels whose analysis stopped before their end. */
  List<SourceError> errors() {
    return List.copyOf(stopped);
  }

  /** Every kernel, or only those named in {@code onlyKernels} when it is not null. */
  List<Finding> check(Set<String> onlyKernels) {
    List<Finding> out = new ArrayList<>();
    List<Started> started = new ArrayList<>();
    for (Function f : program.allFunctions()) {
      if (budget.pastDeadline()) break; // the file's time is up: DefaultAnalyzer says the analysis stopped
      if (onlyKernels != null && !onlyKernels.contains(f.name())) continue;
      // a kernel that never touches shared memory has nothing to check
      if (!f.isKernel() || f.body() == null || !program.touchesShared(f)) continue;
      boolean header = memo != null && !f.pos().file().equals(verifier.displayPath());
      if (header) out.addAll(memo.findings(f, () -> finish(start(f))));
      else started.add(start(f));
    }
    // the swizzle each kernel checks first is checked for all of them in one analysis of the edited file
    if (verifier != null) verifier.prefetch(firstSwizzles(started));
    for (Started s : started) out.addAll(finish(s));
    return out;
  }

  /** A kernel analyzed, with the fixes found so far; {@link #finish} completes the search. */
  private record Started(Function kernel, List<BlockShapes.Shape> shapes, Set<String> notes,
      Map<Site, String> shapeOfWorst, Map<SiteKey, Site> sites, List<Proposal> proposals, SwizzleSearch swizzles) {}

  /** The names of the kernel being checked that '// bankcheck: assume' can give a value. */
  private Set<String> assumable = Set.of();

  private Started start(Function kernel) {
    templateKernel = !kernel.templateParams().isEmpty();
    assumable = AssumeAnnotation.assumable(kernel, program);
    Set<String> notes = new LinkedHashSet<>();
    List<BlockShapes.Shape> shapes = BlockShapes.forKernel(kernel, program, lines.of(kernel.pos().file()), options, notes);
    List<Instantiation> templates = templateBindings(kernel, notes);
    Map<Site, String> shapeOfWorst = new HashMap<>();
    long start = budget.used();
    Map<SiteKey, Site> sites = analyze(kernel, shapes, templates, notes, shapeOfWorst);
    if (verifier == null) return new Started(kernel, shapes, notes, shapeOfWorst, sites, List.of(), null);
    // the padding search re-analyzes the kernel per candidate: it may take a few times the analysis itself
    long searchSteps = Math.max(200_000L, 4 * (budget.used() - start));
    List<Proposal> proposals = new ArrayList<>();
    screenSwizzles = false;
    try {
      proposals.addAll(new PaddingSearch(program, bank, budget, budget.used() + searchSteps, kernel.name(), sites,
          () -> analyze(kernel, shapes, templates, new LinkedHashSet<>(), new HashMap<>()), verifier, lines,
          templateKernel).proposals());
    } finally {
      screenSwizzles = true;
    }
    // a cheap padding that removes every conflict of an array is chosen whatever a swizzle does (see better):
    // those arrays are not searched, which saves the swizzle's check on the edited text
    Set<String> settled = new java.util.HashSet<>();
    for (Proposal p : proposals) {
      if (p.worstAfter() == 1 && cheap(p)) settled.add(p.root().name());
    }
    SwizzleSearch swizzles = new SwizzleSearch(kernel, sites, verifier, this::swizzleCandidates, this::sourceText)
        .plan(settled);
    return new Started(kernel, shapes, notes, shapeOfWorst, sites, proposals, swizzles);
  }

  /** For each kernel that searches a swizzle of one array, its first candidate's edits and the lines of its body. */
  private List<FixVerifier.Planned> firstSwizzles(List<Started> started) {
    List<FixVerifier.Planned> out = new ArrayList<>();
    for (Started s : started) {
      Stmt body = s.kernel().body();
      List<List<Fix.Edit>> first = s.swizzles().firstEdits();
      if (first.size() != 1 || !body.pos().file().equals(verifier.displayPath())) continue;
      int[] end = sourceText().closingBrace(body.pos().line(), body.pos().column());
      if (end != null) out.add(new FixVerifier.Planned(s.kernel().name(), first.get(0), body.pos().line(), end[0]));
    }
    return out;
  }

  /**
   * The kernel's findings, each with the better fix of its array: every kind of fix is searched per array,
   * checked by re-analysis, and the better one per array is kept (see {@link #better}).
   */
  private List<Finding> finish(Started s) {
    Map<SiteKey, Fix> fixes = new HashMap<>();
    if (verifier != null) {
      List<Proposal> all = new ArrayList<>(s.proposals());
      all.addAll(s.swizzles().proposals());
      all.addAll(new LayoutFix(program, bank, s.kernel().name(), s.sites(), verifier).proposals());
      Map<String, Proposal> chosen = new LinkedHashMap<>();
      for (Proposal p : all) {
        Proposal q = chosen.get(p.root().name());
        if (q == null || better(p, q)) chosen.put(p.root().name(), p);
      }
      for (Proposal p : chosen.values()) fixes.putAll(p.fixes());
    }
    List<Finding> out = new ArrayList<>();
    for (Map.Entry<SiteKey, Site> e : s.sites().entrySet()) {
      Finding f = inItsFile(s.kernel(), finding(s.kernel(), e.getValue(), s.shapes(), s.shapeOfWorst().get(e.getValue()),
          s.notes()));
      Fix fix = fixes.get(e.getKey());
      out.add(fix != null && f.verdict() == Verdict.CONFLICT ? f.withFix(fix) : f);
    }
    return out;
  }

  /**
   * Which fix of one array to suggest: the lower worst case after it; at equal worst case, padding when it
   * costs at most 1/16 of the array's bytes, else the fewer extra bytes (a swizzle costs none), else
   * padding, then the struct layout, then the swizzle (the smallest edit).
   */
  static boolean better(Proposal a, Proposal b) {
    if (a.worstAfter() != b.worstAfter()) return a.worstAfter() < b.worstAfter();
    boolean aCheap = a.kind() == Proposal.Kind.PADDING && cheap(a);
    boolean bCheap = b.kind() == Proposal.Kind.PADDING && cheap(b);
    if (aCheap != bCheap) return aCheap;
    if (a.extraBytes() != b.extraBytes()) return a.extraBytes() < b.extraBytes();
    return a.kind().ordinal() < b.kind().ordinal();
  }

  private static boolean cheap(Proposal p) {
    long size = p.root().type().size();
    return size > 0 && p.extraBytes() * 16 <= size;
  }

  /** One suggested change to one array, with what it does to each access of the array in the kernel. */
  record Proposal(SharedRoot root, Kind kind, int worstBefore, int worstAfter, long extraBytes, Map<SiteKey, Fix> fixes) {
    enum Kind { PADDING, LAYOUT, SWIZZLE }
  }

  /** What one access becomes after a fix: its ways and the evaluated warp (null when not known). */
  record AfterSite(int ways, dev.bankcheck.bank.WarpAccess lanes) {}

  /** The arrays with a conflicting access, in order of their first site. */
  static List<SharedRoot> conflictedRoots(Map<SiteKey, Site> sites) {
    Map<String, SharedRoot> roots = new LinkedHashMap<>();
    for (Site s : sites.values()) {
      if (s.worst != null && s.worst.ways() >= 2) roots.putIfAbsent(s.root.name(), s.root);
    }
    return new ArrayList<>(roots.values());
  }

  static int worstOf(Map<SiteKey, Site> map, String rootName) {
    int worst = 1;
    for (Site s : map.values()) {
      if (s.root.name().equals(rootName) && s.worst != null) worst = Math.max(worst, s.worst.ways());
    }
    return worst;
  }

  /**
   * Each evaluated access of the array after a fix, from the re-analysis of the edited text; null when one
   * of them is gone or no longer evaluated there.
   */
  static Map<SiteKey, AfterSite> afterFromText(FixVerifier.After text, String kernel, Map<SiteKey, Site> sites,
      String rootName) {
    Map<SiteKey, AfterSite> out = new LinkedHashMap<>();
    for (Map.Entry<SiteKey, Site> e : sites.entrySet()) {
      Site s = e.getValue();
      if (!s.root.name().equals(rootName) || s.worst == null) continue;
      Finding f = text.at(s.pos, Op.valueOf(s.op.name()), rootName, kernel);
      if (f == null || f.ways() == null) return null;
      out.put(e.getKey(), new AfterSite(f.ways(), f.lanes()));
    }
    return out;
  }

  /** The same from a re-analysis of the kernel in the IR; null when an access was not evaluated there. */
  static Map<SiteKey, AfterSite> afterFromSites(Map<SiteKey, Site> after, Map<SiteKey, Site> sites, String rootName) {
    Map<SiteKey, AfterSite> out = new LinkedHashMap<>();
    for (Map.Entry<SiteKey, Site> e : sites.entrySet()) {
      Site s = e.getValue();
      if (!s.root.name().equals(rootName) || s.worst == null) continue;
      Site a = after.get(e.getKey());
      if (a == null || a.worst == null) return null;
      out.put(e.getKey(), new AfterSite(a.worst.ways(), a.worst.access()));
    }
    return out;
  }

  /**
   * What a fix does to the array's accesses, for its description: it "makes every access to 'x' in this kernel
   * conflict-free" (every analyzed one, where some are not analyzed), or lowers the worst, access by access.
   */
  static String effect(Map<SiteKey, Site> sites, String rootName, int before, int worstAfter,
      Map<SiteKey, AfterSite> after) {
    if (worstAfter > 1) {
      return "lowers the worst conflict on '" + rootName + "' in this kernel from " + before + "-way to " + worstAfter
          + "-way (" + waysList(sites, after) + ")";
    }
    long unknown = sites.values().stream().filter(s -> s.root.name().equals(rootName) && s.worst == null).count();
    return unknown == 0 ? "makes every access to '" + rootName + "' in this kernel conflict-free"
        : "makes every analyzed access to '" + rootName + "' in this kernel conflict-free (" + unknown
            + (unknown == 1 ? " is" : " are") + " not analyzed)";
  }

  static int worstAfter(Map<SiteKey, AfterSite> after) {
    int worst = 1;
    for (AfterSite a : after.values()) worst = Math.max(worst, a.ways());
    return worst;
  }

  /** "after it: 9:15 load 2-way, 10:15 load 1-way" for every access of the array, in source order. */
  static String waysList(Map<SiteKey, Site> sites, Map<SiteKey, AfterSite> after) {
    List<Map.Entry<SiteKey, AfterSite>> entries = new ArrayList<>(after.entrySet());
    entries.sort(java.util.Comparator.comparing((Map.Entry<SiteKey, AfterSite> e) -> sites.get(e.getKey()).pos)
        .thenComparing(e -> e.getKey().op()));
    List<String> parts = new ArrayList<>();
    for (Map.Entry<SiteKey, AfterSite> e : entries) {
      Site s = sites.get(e.getKey());
      parts.add(s.pos.line() + ":" + s.pos.column() + " " + s.op.name().toLowerCase(java.util.Locale.ROOT) + " "
          + e.getValue().ways() + "-way");
    }
    return "after it: " + String.join(", ", parts);
  }

  /** A proposal whose fix goes to each conflicting access of the array that it improves. */
  static Proposal proposal(SharedRoot root, Proposal.Kind kind, int before, int worstAfter, long extra,
      String description, Long bytesAfter, List<Fix.Edit> edits, Map<SiteKey, Site> sites,
      Map<SiteKey, AfterSite> after) {
    Map<SiteKey, Fix> fixes = new HashMap<>();
    for (Map.Entry<SiteKey, AfterSite> e : after.entrySet()) {
      Site s = sites.get(e.getKey());
      if (s.worst.ways() >= 2 && e.getValue().ways() < s.worst.ways()) {
        fixes.put(e.getKey(), new Fix(description, e.getValue().ways(), bytesAfter, edits, e.getValue().lanes()));
      }
    }
    return new Proposal(root, kind, before, worstAfter, extra, fixes);
  }

  /** The verifier's text for {@link SwizzleSearch}, made on first use (it never changes). */
  private SourceText sourceText() {
    if (sourceText == null) sourceText = new SourceText(verifier.text());
    return sourceText;
  }

  /** The XOR swizzles worth evaluating for an array ({@link SwizzleSearch#candidates}), once per declaration. */
  private List<int[]> swizzleCandidates(SharedRoot root) {
    return swizzleCandidates.computeIfAbsent(root.decl(), d -> SwizzleSearch.candidates(root));
  }

  /** Every instantiation, shape and warp: the worst case per access site. */
  private Map<SiteKey, Site> analyze(Function kernel, List<BlockShapes.Shape> shapes, List<Instantiation> templates,
      Set<String> notes, Map<Site, String> shapeOfWorst) {
    if (templates.size() == 1) {
      return runAll(kernel, templates.get(0).shapesOr(shapes), templates.get(0).values(), "", notes, shapeOfWorst);
    }
    Map<SiteKey, Site> merged = new LinkedHashMap<>();
    for (Instantiation t : templates) {
      Map<Site, String> shapeOf = new HashMap<>();
      mergeInto(merged, runAll(kernel, t.shapesOr(shapes), t.values(), t.label(), notes, shapeOf), shapeOf,
          shapeOfWorst);
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
        target.worstType = s.worstType;
        target.worstWidth = s.worstWidth;
        target.worstContext = s.worstContext;
        if (shapeOf.containsKey(s)) shapeOfWorst.put(target, shapeOf.get(s));
      }
      if (s.soaWorst != null && (target.soaWorst == null || worse(s.soaWorst, target.soaWorst))) target.soaWorst = s.soaWorst;
      if (s.swizzles != null) {
        if (target.swizzles == null) target.swizzles = s.swizzles.copy();
        else target.swizzles.merge(s.swizzles);
      }
      target.swizzleUnknown |= s.swizzleUnknown;
      target.symbolicBase |= s.symbolicBase;
      if (target.unknown == null) target.unknown = s.unknown;
      target.notes.addAll(s.notes);
      target.data |= s.data;
      target.dataLanes = Math.max(target.dataLanes, s.dataLanes);
    });
  }

  /**
   * Every warp of every shape (or of the default assumption); the worst case per access site. One
   * symbolic warp stands for all of a shape's warps where that is exact (see {@link #dependsOnWarp}).
   */
  private Map<SiteKey, Site> runAll(Function kernel, List<BlockShapes.Shape> shapes, Map<String, Val> template,
      String label, Set<String> notes, Map<Site, String> shapeOfWorst) {
    Map<SiteKey, Site> sites = new LinkedHashMap<>();
    int ws = bank.warpSize();
    for (BlockShapes.Shape shape : shapes.isEmpty() ? java.util.Collections.<BlockShapes.Shape>singletonList(null) : shapes) {
      WarpSetup symbolic = !shortcuts.symbolicWarp() ? null
          : shape == null ? WarpSetup.symbolicWarp(ws) : WarpSetup.symbolicWarp(shape.dims(), ws);
      if (symbolic != null) {
        Map<SiteKey, Site> trial = new LinkedHashMap<>();
        Set<String> trialNotes = new LinkedHashSet<>();
        Map<Site, String> trialShapes = new HashMap<>();
        boolean undecided = run(kernel, template, symbolic, label, trial, trialNotes, trialShapes, shape);
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
        String where = WarpSetup.label(shape != null, w.warp(), warps.length, ws);
        run(kernel, template, w, join(label, where), sites, notes, shapeOfWorst, shape);
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
   * The values a kernel runs with: per instantiation found in the file (explicit instantiations and
   * launches), its template arguments and the launch's constant integer arguments ("param NAME");
   * without any (or too many), defaults, and symbols for the rest (their accesses become unknown, and
   * the note says why).
   */
  private List<Instantiation> templateBindings(Function kernel, Set<String> notes) {
    List<AssumeAnnotation.Combination> assumed = AssumeAnnotation.forKernel(kernel, program,
        lines.of(kernel.pos().file()), options, notes);
    List<Instantiation> all = new ArrayList<>();
    Set<String> symbolicNotes = new LinkedHashSet<>(); // after the runs' description
    for (AssumeAnnotation.Combination c : assumed.isEmpty() ? List.of(AssumeAnnotation.NONE) : assumed) {
      all.addAll(templateBindings(kernel, symbolicNotes, c));
    }
    List<String> described = new ArrayList<>();
    String lastWhy = "";
    for (Instantiation i : all) {
      if (i.description().isEmpty()) continue;
      // why values are missing, once for runs in a row that share it (four launches of one kernel, one macro)
      described.add(i.description() + (i.why().isEmpty() ? "" : "; " + (i.why().equals(lastWhy)
          ? "as for the run before" : i.why())) + ")");
      if (!i.why().isEmpty()) lastWhy = i.why();
    }
    if (!described.isEmpty()) notes.add((all.size() == 1 ? "" : "worst over the runs with ") + String.join("; ", described));
    notes.addAll(symbolicNotes);
    return all;
  }

  /**
   * The runs of one combination of assumed values ({@link AssumeAnnotation#NONE} without an annotation); the notes
   * on values analyzed as symbols go to {@code symbolicNotes}.
   */
  private List<Instantiation> templateBindings(Function kernel, Set<String> symbolicNotes,
      AssumeAnnotation.Combination assumed) {
    Map<String, Instantiation> found = instantiations(kernel, true, assumed);
    // too many to analyze one by one: the template arguments only, the other arguments stay symbolic
    if (found.size() > MAX_INSTANTIATIONS) found = instantiations(kernel, false, assumed);
    int given = found.size();
    if (given > MAX_INSTANTIATIONS) found = byKeptArguments(kernel, found.values(), assumed);
    if (!found.isEmpty()) {
      if (given > MAX_INSTANTIATIONS) found.values().forEach(i -> symbolicValues(kernel, i.values(), symbolicNotes, given));
      return List.copyOf(found.values());
    }
    Map<String, Val> b = new HashMap<>(assumed.values());
    symbolicValues(kernel, b, symbolicNotes, given);
    String label = assumed.label();
    return List.of(new Instantiation(label, label.isEmpty() ? "" : assumed.described() + " (from " + assumed.origin(),
        "", b, new ArrayList<>()));
  }

  /**
   * Too many instantiations: one run per set of the arguments of some parameters, the others as any value. Every
   * type argument is kept, so that an access still has its element's size (reduction's reduce5<T, blockSize>: 30
   * sets, 3 types); then each value parameter, those with fewest values first, while the sets stay within the
   * limit (an enum's few models among many head counts). Empty when no parameter can be kept.
   */
  private Map<String, Instantiation> byKeptArguments(Function kernel, java.util.Collection<Instantiation> all,
      AssumeAnnotation.Combination assumed) {
    List<Function.TemplateParam> kept = new ArrayList<>();
    List<Function.TemplateParam> values = new ArrayList<>();
    for (Function.TemplateParam p : kernel.templateParams()) {
      // a value without a constant ("?") is any value in every run, noted as such
      if (p.type()) kept.add(p);
      else if (all.stream().noneMatch(i -> argumentText(i.values().get(p.name())).equals("?"))) values.add(p);
    }
    if (!kept.isEmpty() && runsKeeping(kept, all) > MAX_INSTANTIATIONS) return Map.of();
    values.sort(java.util.Comparator.comparingInt(p -> runsKeeping(List.of(p), all)));
    for (Function.TemplateParam p : values) {
      kept.add(p);
      if (runsKeeping(kept, all) > MAX_INSTANTIATIONS) kept.remove(p);
    }
    if (kept.isEmpty()) return Map.of();
    Map<String, Instantiation> out = new LinkedHashMap<>();
    for (Instantiation i : all) {
      Map<String, Val> chosen = new HashMap<>(assumed.values());
      List<String> shown = new ArrayList<>();
      for (Function.TemplateParam p : kernel.templateParams()) {
        if (!kept.contains(p)) continue;
        String key = p.type() ? "typename " + p.name() : p.name();
        Val v = i.values().get(key);
        chosen.put(key, v);
        shown.add(p.name() + " = " + argumentLabel(p, v));
      }
      String label = String.join(", ", shown) + (assumed.label().isEmpty() ? "" : " with " + assumed.label());
      Instantiation run = out.computeIfAbsent(label, k -> new Instantiation(label, "template arguments " + label
          + " (from the " + (i.description().contains("(from its use at") ? "uses of the kernel"
              : "explicit instantiations and launches") + " that give them", "", chosen, new ArrayList<>()));
      for (BlockShapes.Shape s : i.shapes()) addShape(run.shapes(), s);
    }
    return out;
  }

  /** How many runs keeping the arguments of {@code params} (the others as any value) makes of {@code all}. */
  private static int runsKeeping(List<Function.TemplateParam> params, java.util.Collection<Instantiation> all) {
    Set<List<String>> runs = new HashSet<>();
    for (Instantiation i : all) {
      List<String> run = new ArrayList<>();
      for (Function.TemplateParam p : params) run.add(argumentText(i.values().get(p.type() ? "typename " + p.name() : p.name())));
      runs.add(run);
    }
    return runs.size();
  }

  /** {@link #argumentText}, with an enum's value named by its enumerator ("M = Model::Wide"). */
  private String argumentLabel(Function.TemplateParam p, Val v) {
    String named = v instanceof Val.Num n && n.poly().isConstant() && p.valueType() != null
        ? program.enumerator(p.valueType().base(), n.poly().constant()) : null;
    return named != null ? named : argumentText(v);
  }

  /** A run's template argument as its label shows it: a type's name, a constant, else "?". */
  private static String argumentText(Val v) {
    return v instanceof Val.Opaque o && o.what().startsWith("type:") ? o.what().substring("type:".length())
        : v instanceof Val.Num n && n.poly().isConstant() ? Long.toString(n.poly().constant()) : "?";
  }

  /**
   * Binds each value template parameter without one in {@code b} to its default, else to a symbol (noted); a
   * type parameter without one, to unknown with the reason.
   */
  private void symbolicValues(Function kernel, Map<String, Val> b, Set<String> notes, int given) {
    for (Function.TemplateParam p : kernel.templateParams()) {
      if (p.type()) {
        // its members (T::kStride) are unknown for this reason, not as undeclared names
        b.putIfAbsent("typename " + p.name(), new Val.Unknown("template parameter '" + p.name() + "' of '"
            + kernel.name() + "' has no type argument" + NOT_INSTANTIATED + " 'template __global__ void "
            + kernel.name() + "<...>(...);', a launch or '// bankcheck: assume " + p.name() + "=float' before the kernel)"));
        continue;
      }
      if (b.containsKey(p.name())) continue;
      // too many sets: the default is no more likely than any launch's value
      Val v = p.defaultValue() == null || given > MAX_INSTANTIATIONS ? null : program.constant(p.defaultValue());
      if (v instanceof Val.Num n) {
        b.put(p.name(), v);
        notes.add("template parameter '" + p.name() + "' = " + n.poly() + ", its default (no launch or explicit"
            + " instantiation in this file gives one)");
      } else {
        b.put(p.name(), new Val.Num(Poly.symbol(p.name())));
        notes.add(given > MAX_INSTANTIATIONS
            ? "template parameter '" + p.name() + "' was analyzed as any value: the file gives '" + kernel.name()
                + "' " + given + " sets of template arguments, more than the " + MAX_INSTANTIATIONS
                + " analyzed one by one"
            : "template parameter '" + p.name() + "' has no value" + NOT_INSTANTIATED + " 'template __global__ void "
                + kernel.name() + "<...>(...);', a launch or '// bankcheck: assume " + p.name() + "=VALUE' before the kernel)");
      }
    }
  }

  private Map<String, Instantiation> instantiations(Function kernel, boolean withArguments,
      AssumeAnnotation.Combination assumed) {
    Map<String, Instantiation> found = new LinkedHashMap<>();
    boolean template = !kernel.templateParams().isEmpty();
    if (template) {
      for (TranslationUnit.InstantiationItem i : program.instantiations()) {
        if (BlockShapes.simpleName(i.name()).equals(kernel.name())) {
          BlockShapes.Deduced d = BlockShapes.withDeduced(kernel, i.templateArgs(), i.templateValues(), i.paramTypes());
          bind(kernel, d.types(), d.values(), List.of(), "the explicit instantiation", found, Map.of(), null, assumed);
        }
      }
    }
    List<BlockShapes.Launch> launches = BlockShapes.instantiatingLaunches(kernel.name(), program);
    // an explicit instantiation instantiates too: then an uncalled host template's launch adds nothing either
    if (!found.isEmpty()) launches = launches.stream().filter(l -> !l.uncalledHost()).toList();
    // without a launch or an explicit instantiation, the instances host code names (a table of kernels)
    boolean uses = template && launches.isEmpty() && found.isEmpty();
    for (BlockShapes.Launch l : uses ? BlockShapes.findUses(kernel.name(), program) : launches) {
      BlockShapes.Deduced d = template
          ? BlockShapes.withDeduced(kernel, l.expr().templateArgs(), l.expr().templateValues(), l.argTypes())
          : new BlockShapes.Deduced(List.of(), List.of());
      boolean given = d.values().stream().anyMatch(Objects::nonNull) || d.types().stream().anyMatch(Objects::nonNull)
          || !assumed.templateParts().isEmpty();
      if (!template || given) {
        bind(kernel, d.types(), d.values(), withArguments ? l.args() : List.of(), uses ? l.describeUse(kernel)
            : l.describe(kernel), found, l.constants(), l.block(), assumed);
      }
    }
    // a launch without constant arguments adds nothing unless others have them: then it is the symbolic run
    if (found.size() == 1) found.remove("");
    return found;
  }

  /**
   * What the notes and reasons of a template kernel that its file neither launches nor instantiates say of its
   * parameters; the file does not compile such a kernel (see {@link FileReport#withoutRepeatedHeaderFindings}).
   */
  static final String NOT_INSTANTIATED = " in this file (give one with an explicit instantiation such as";

  /** Whether {@code f} is of a template kernel that its file neither launches nor instantiates. */
  static boolean notInstantiated(Finding f) {
    return f.reason() != null && f.reason().contains(NOT_INSTANTIATED)
        || f.assumptions().stream().anyMatch(a -> a.contains(NOT_INSTANTIATED));
  }

  /** Distinct sets of values analyzed one by one before falling back to symbolic arguments. */
  static final int MAX_INSTANTIATIONS = 32;
  /** Key prefix of a kernel parameter bound to a launch's constant argument. */
  private static final String PARAM = Interpreter.PARAM_PREFIX;

  /**
   * Adds one run's values to {@code found}, keyed by the values ("N = 16, arguments n = 1024"), with the
   * launch's block shape; nothing when a template argument has no constant value. {@code outer} holds
   * the constants the template arguments may name (host constants, a host template's arguments).
   */
  private void bind(Function kernel, List<TypeRef> types, List<Expr> values, List<Long> args, String origin,
      Map<String, Instantiation> found, Map<String, Val> outer, int[] block, AssumeAnnotation.Combination assumed) {
    Map<String, Val> b = new HashMap<>();
    List<String> templateParts = new ArrayList<>();
    List<String> unknownParts = new ArrayList<>();
    List<String> argParts = new ArrayList<>();
    for (int i = 0; i < kernel.templateParams().size(); i++) {
      Function.TemplateParam p = kernel.templateParams().get(i);
      String key = p.type() ? "typename " + p.name() : p.name();
      if (assumed.values().containsKey(key)) { // the annotation's value, in place of the launch's
        b.put(key, assumed.values().get(key));
        templateParts.add(assumed.templateParts().stream().filter(t -> t.startsWith(p.name() + " = ")).findFirst()
            .orElseThrow());
        continue;
      }
      if (p.type()) {
        TypeRef t = i < types.size() && types.get(i) != null ? types.get(i) : p.defaultType();
        Val hostParameter = t == null ? null : outer.get("typename " + t.base());
        if (t == null && values.stream().anyMatch(Objects::nonNull) || hostParameter instanceof Val.Unknown) {
          // the values given still count (soft_max_f32<true, 0, 0><<<...>>>(x, mask) with mask a host T*)
          b.put("typename " + p.name(), hostParameter instanceof Val.Unknown u ? u : new Val.Unknown("template"
              + " parameter '" + p.name() + "' of '" + kernel.name() + "' has no type argument at " + origin
              + " (bankcheck deduces one only from arguments that name variables declared with a type)"));
          templateParts.add(p.name() + " = ?");
          continue;
        }
        if (t == null || t.pointers() > 0 || !t.dims().isEmpty()) return;
        Val.Opaque type = program.typeArgument(t, outer);
        b.put("typename " + p.name(), type);
        templateParts.add(p.name() + " = " + type.what().substring("type:".length()));
      } else if (p.valueType() == TypeRef.FUNCTION_POINTER) {
        // a function as a template argument ("op = add"): calls through it are not followed
        Expr e = i < values.size() && values.get(i) != null ? values.get(i) : p.defaultValue();
        String function = e instanceof Expr.Name nm ? nm.name() : "a function";
        b.put(p.name(), new Val.Unknown("'" + p.name() + "' is a function (" + function
            + "): calls through a function pointer are not followed"));
        templateParts.add(p.name() + " = " + function);
      } else {
        Expr e = i < values.size() && values.get(i) != null ? values.get(i) : p.defaultValue();
        Val v = e == null ? null : program.constantIn(e, outer);
        if (!(v instanceof Val.Num n) || !n.poly().isConstant()) {
          if (e == null || values.isEmpty()) return;
          // the other values written at the launch still count; this one is a symbol, as without a launch
          // (k<2, B, Limit><<<...>>> in a host template whose Limit has no value)
          b.put(p.name(), new Val.Num(Poly.symbol(p.name())));
          templateParts.add(p.name() + " = ?");
          // why, where the value names something bankcheck does not have (a macro from a header not read)
          if (v instanceof Val.Unknown u) unknownParts.add(p.name() + ": " + u.reason());
          continue;
        }
        b.put(p.name(), v);
        templateParts.add(p.name() + " = " + argumentLabel(p, v));
      }
    }
    for (int i = 0; i < kernel.params().size(); i++) {
      VarDecl p = kernel.params().get(i);
      Val value = assumed.values().get(PARAM + p.name());
      if (value != null) {
        b.put(PARAM + p.name(), value);
        argParts.add(p.name() + " = " + ((Val.Num) value).poly());
      } else if (i < args.size() && args.get(i) != null && p.type().pointers() == 0 && !p.type().reference() && p.type().dims().isEmpty()
          && Type.isInteger(program.resolve(p.type(), b, new ArrayList<>()))) {
        b.put(PARAM + p.name(), Val.num(args.get(i)));
        argParts.add(p.name() + " = " + args.get(i));
      }
    }
    List<String> label = new ArrayList<>();
    if (!templateParts.isEmpty()) label.add(String.join(", ", templateParts));
    if (!argParts.isEmpty()) label.add("arguments " + String.join(", ", argParts));
    String key = String.join(", ", label);
    String described = (templateParts.isEmpty() ? "" : "template arguments ") + key;
    Instantiation inst = found.computeIfAbsent(key, k -> new Instantiation(key,
        (key.isEmpty() ? "arguments without constant values" : described) + " (from " + origin
            + (assumed.origin().isEmpty() ? "" : " and " + assumed.origin()),
        String.join("; ", unknownParts), b, new ArrayList<>()));
    addShape(inst.shapes(), block != null && BlockShapes.valid(block)
        ? new BlockShapes.Shape(block, "from " + origin, true) : null);
  }

  /** Adds a launch's shape to a run's, once; null, a launch with an unknown shape: every shape of the kernel. */
  private static void addShape(List<BlockShapes.Shape> shapes, BlockShapes.Shape shape) {
    if (shape == null) {
      shapes.clear();
      shapes.add(null);
    } else if (shapes.stream().noneMatch(s -> s != null && java.util.Arrays.equals(s.dims(), shape.dims()))) {
      shapes.add(shape);
    }
  }

  /**
   * The values one run of a kernel uses: {@code label} names them in "worst at ..." ("N = 16, arguments n = 4"),
   * {@code description} also says where they come from, in a parenthesis left open for {@code why} (why some have
   * no value, or empty) and a ')'.
   */
  record Instantiation(String label, String description, String why, Map<String, Val> values,
      List<BlockShapes.Shape> shapes) {
    /** The shapes this run is analyzed with: its launches' when all are known, else the kernel's. */
    List<BlockShapes.Shape> shapesOr(List<BlockShapes.Shape> kernelShapes) {
      boolean fromLaunches = !kernelShapes.isEmpty() && kernelShapes.get(0).launch();
      return fromLaunches && !shapes.isEmpty() && !shapes.contains(null) ? shapes : kernelShapes;
    }
  }

  /** Runs one warp; true when the symbolic warp cannot stand for all warps (a condition or an address depends on which). */
  private boolean run(Function kernel, Map<String, Val> template, WarpSetup warp, String where, Map<SiteKey, Site> sites,
      Set<String> notes, Map<Site, String> shapeOfWorst, BlockShapes.Shape shape) {
    addressNamesWarp = false;
    AccessSink sink = (at, op, lanes, type, context, conditions) -> {
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
      site.at = at;
      if (site.via == null) site.via = first.via();
      site.type = type;
      site.width = width(type, lanes, root);
      site.notes.addAll(conditions);
      evaluate(site, lanes, warp, running::made, where, context, shape, shapeOfWorst);
    };
    Interpreter in = new Interpreter(program, warp, sink, notes, budget);
    in.skipRepeatedIterations(shortcuts.skipRepeatedIterations());
    // a symbolic warp that cannot stand for every warp is thrown away: it stops as soon as that is known
    if (!warp.axes().isEmpty()) in.stopWhenWarpDependent();
    running = in;
    try {
      in.run(kernel, template);
    } catch (Interpreter.WarpDependent e) {
      // the caller runs each warp on its own
    } catch (StackOverflowError e) {
      notes.add("the kernel is nested too deeply to analyze completely");
      // its accesses past that point are missing: the file says so even when no finding carries the note
      stopped.add(new SourceError(kernel.pos(), "the analysis of kernel '" + kernel.name() + "' stopped: its code is"
          + " nested too deeply for the analysis' stack; accesses past that point are not reported"));
    }
    if (in.budgetExhausted()) notes.add(workBoundNote());
    return in.warpDependent() || addressNamesWarp;
  }

  private static String join(String a, String b) {
    if (a.isEmpty()) return b;
    return b.isEmpty() ? a : a + ", " + b;
  }

  /**
   * The width of an access of {@code t} at {@code lanes}: a struct whose alignment is less than its size (a copy of
   * the whole struct) moves in the widest pieces, up to 16 bytes, that nvcc can prove aligned: an {@code extern
   * __shared__} array starts 16-byte aligned, a static one at its type's alignment, and every lane's offset (each
   * term of it) must be a multiple of the piece. nvcc 13's PTX: ld.shared.v4 for marlin's {@code
   * *reinterpret_cast<I4*>(&sh_b[i])} (I4 holds int[4]; sh_b is an extern int4 array), four ld.shared.f32 for the
   * same copy out of a static array of the struct.
   */
  int width(Type t, Val.Ptr[] lanes, SharedRoot root) {
    int w = width(t);
    if (!(t instanceof Type.Struct) || t.size() <= w) return w;
    long aligned = rootAlignment(root);
    for (Val.Ptr p : lanes) {
      if (p == null) continue;
      Poly offset = p.exactOffset();
      if (offset == null || p.unknown() != null) return w;
      aligned = Poly.gcd(Poly.gcd(aligned, Math.abs(offset.constant())), offset.symbolicGcd());
    }
    return (int) Math.max(w, Math.min(Long.lowestOneBit(aligned), Long.lowestOneBit(t.size())));
  }

  /** The alignment nvcc gives a shared array, up to 16: extern ones 16, static ones their type's or __align__'s. */
  private long rootAlignment(SharedRoot root) {
    if (root.decl() == null) return 1;
    if (root.decl().is("extern")) return 16;
    long a = root.type().align();
    if (root.decl().align() != null && program.constant(root.decl().align()) instanceof Val.Num n
        && n.poly().isConstant()) {
      a = Math.max(a, n.poly().constant());
    }
    return Math.max(1, Math.min(16, a));
  }

  /** How a struct copied whole is moved, and what limits the pieces; empty for other types. */
  private String piecesNote(Type type, int width, SharedRoot root) {
    if (!(type instanceof Type.Struct) || type.size() <= width(type)) return "";
    String pieces = ", copied whole in " + width + "-byte pieces";
    long widest = Math.min(16, Long.lowestOneBit(type.size()));
    long rootAligned = rootAlignment(root);
    String extern = root.decl() != null && root.decl().is("extern") ? " (extern __shared__)" : "";
    if (width > width(type)) {
      return pieces + ": '" + root.name() + "' starts " + rootAligned + "-byte aligned" + extern
          + " and every lane's offset is a multiple of " + width;
    }
    if (width >= widest) return pieces;
    return pieces + (rootAligned <= width ? ": '" + root.name() + "' is only " + rootAligned + "-byte aligned"
        + " (declared __align__(" + widest + "), it would allow " + widest + "-byte pieces where the offsets do)"
        : ": the offsets are not known to be multiples of " + 2 * width);
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

  /** One access of a site; {@code where} and {@code context} say where in the run it happened. */
  private void evaluate(Site site, Val.Ptr[] lanes, WarpSetup warp,
      java.util.function.Function<String, Interpreter.Made> made, String where, String outerContext,
      BlockShapes.Shape shape, Map<Site, String> shapeOfWorst) {
    int n = lanes.length;
    boolean[] active = new boolean[n];
    int activeCount = 0;
    boolean anyData = false;
    int only = soleLane(lanes);
    if (only >= 0 && site.width <= 16 && !(lanes[only].pointee() instanceof Type.Opaque) && lanes[only].pointee().size() > 0
        && lanes[only].unknown() != null) {
      // one lane is served alone, wherever its address is (of a type whose width is known)
      active[only] = true;
      site.mostLanes = Math.max(site.mostLanes, 1);
      evaluateAddresses(site, new long[n], active, null, where, outerContext, shape, shapeOfWorst);
      return;
    }
    // one execution's lanes in one array; another execution may be in another of the same name (declared in each
    // branch of a kernel, reached through one helper's parameter)
    SharedRoot array = null;
    for (int l = 0; l < n; l++) {
      Val.Ptr p = lanes[l];
      if (p == null) continue;
      active[l] = true;
      activeCount++;
      if (array == null) array = p.root();
      if (p.root().decl() != array.decl()) {
        if (site.unknown == null) {
          site.unknown = "lanes point into different shared arrays ('" + array.name() + "' and '" + p.root().name()
              + "'), whose relative placement is not known";
        }
        return;
      }
      if (p.unknown() != null) {
        if (site.unknown == null) site.unknown = p.unknown();
        return;
      }
      if (p.data()) {
        anyData = true;
        // known modulo some bytes: possibly exact for any data (below)
        if (p.offset() == null) site.plainData = true;
      }
    }
    site.mostLanes = Math.max(site.mostLanes, activeCount);
    if (site.plainData) {
      site.data = true;
      site.dataLanes = Math.max(site.dataLanes, distinctAddresses(lanes, active, site.kind));
      return;
    }
    Poly[] offsets = new Poly[n];
    long[] modulus = new long[n];
    long[] lo = new long[n];
    long[] hi = new long[n];
    boolean bounded = anyData;
    for (int l = 0; l < n; l++) {
      if (active[l]) {
        offsets[l] = lanes[l].offset();
        modulus[l] = lanes[l].data() ? lanes[l].modulus() : 0;
        Val.Range range = lanes[l].range();
        if (lanes[l].data() && range == null) bounded = false;
        if (range != null) {
          lo[l] = range.lo();
          hi[l] = range.hi();
        }
      }
    }
    if (anyData && sharedK(lanes, active, Math.max(bank.bankBytes(), site.width))) {
      // the lanes move together by whole words: the outcome at one k is the outcome at any
      for (int l = 0; l < n; l++) {
        if (!active[l]) continue;
        offsets[l] = offsets[l].add(Poly.of(modulus[l] * lo[l]));
        modulus[l] = 0;
      }
      anyData = false;
      site.notes.add("the address depends on memory contents only through a value the whole warp shares (a vote, a"
          + " value a shuffle broadcasts), which moves every lane by the same multiple of " + bank.bankBytes()
          + " bytes: the banks turn alike, so the outcome is the same for any such value");
    }
    for (BranchCase branchCase : branchCases(offsets)) {
      Poly[] c = branchCase.offsets();
      // the way the branches went is part of where the worst case is
      String context = join(outerContext, branchCase.label());
      Poly symbolic = null;
      boolean differ = false;
      for (int l = 0; l < n && !differ; l++) {
        if (c[l] == null) continue;
        if (symbolic == null) symbolic = c[l].symbolic();
        // the symbolic parts are equal when their terms are (lanes often share the very same map)
        else differ = symbolic.terms() != c[l].terms() && !symbolic.terms().equals(c[l].terms());
      }
      long[] addr = new long[n];
      for (int l = 0; l < n && !differ; l++) {
        if (active[l]) addr[l] = c[l].constant();
      }
      if (anyData) {
        // a data address known modulo some bytes: its lanes' constant parts stand for every outcome if they share
        // the rest (a warp-uniform part that cannot move sub-word accesses between words), warp by warp if not
        boolean direct = !differ && (symbolic.isConstant() || site.width >= bank.bankBytes()
            || symbolic.symbolicGcd() % bank.bankBytes() == 0);
        long[][] warps = direct ? new long[][] {addr} : addressesPerWarp(c, warp, made);
        boolean independent = warps != null;
        for (int k = 0; warps != null && k < warps.length && independent; k++) {
          independent = model.dataIndependent(warps[k], modulus, active, site.width);
        }
        // bounded data: its addresses enumerated (inside the array only where the constant parts are whole addresses)
        if (!independent && bounded && warps != null && addRangeBounds(site, warps, modulus, lo, hi, active,
            activeCount, !direct || symbolic.isConstant() ? site.root.type().size() : -1)) {
          continue;
        }
        if (!independent) {
          addDataBounds(site, warps, modulus, sameK(lanes, active), active, distinctAddresses(lanes, active, site.kind));
          if (site.plainData) return;
          continue;
        }
        site.notes.add("the address depends on memory contents only through multiples of "
            + (long) bank.banks() * bank.bankBytes() + " bytes (" + bank.banks() + " banks of " + bank.bankBytes()
            + " bytes): each lane's bank, and which lanes of a bank share a word, are the same for any data");
        if (!direct) {
          for (int k = 0; k < warps.length; k++) {
            evaluateAddresses(site, warps[k], active, null, join(where, warpLabel(warp, k)), context, shape,
                shapeOfWorst);
          }
          continue;
        }
      }
      if (differ) {
        if (evaluateEachWarp(site, c, active, warp, made, where, context, shape, shapeOfWorst)) continue;
        if (site.unknown == null) site.unknown = differingSymbols(c, assumable);
        return;
      }
      String misaligned = misalignment(site, addr, active, symbolic);
      if (misaligned != null) {
        if (site.unknown == null) site.unknown = misaligned;
        continue;
      }
      if (!evaluatePerWarp(site, addr, active, symbolic, warp, made, where, context, shape, shapeOfWorst)) {
        evaluateAddresses(site, addr, active, symbolic, where, context, shape, shapeOfWorst);
      }
    }
  }

  /**
   * The active lanes that may name different addresses: lanes whose data addresses have one k ({@code warpToken}) and
   * one offset name one (a value read by several lanes at one address, a shuffle's source); each lane counts for an
   * atomic or a copy, which lanes on one word do not share.
   */
  private static int distinctAddresses(Val.Ptr[] lanes, boolean[] active, AccessKind kind) {
    Set<List<Object>> shared = new HashSet<>();
    int count = 0;
    for (int l = 0; l < lanes.length; l++) {
      if (!active[l]) continue;
      Val.Ptr p = lanes[l];
      boolean merged = kind != AccessKind.ATOMIC && kind != AccessKind.COPY && p.warpToken() != null
          && p.offset() != null;
      if (!merged || shared.add(Arrays.asList(p.warpToken(), p.offset(), p.modulus(), p.range()))) count++;
    }
    return count;
  }

  /**
   * Per active lane, its group of lanes whose data addresses have one k and one modulus (one {@code warpToken}):
   * they move together (see {@link BankModel#dataBounds}); -1 for a lane with its own k.
   */
  private static int[] sameK(Val.Ptr[] lanes, boolean[] active) {
    int[] group = new int[lanes.length];
    Map<List<Object>, Integer> groups = new HashMap<>();
    for (int l = 0; l < lanes.length; l++) {
      Val.Ptr p = lanes[l];
      group[l] = !active[l] || p.warpToken() == null ? -1
          : groups.computeIfAbsent(List.of(p.warpToken(), p.modulus()), x -> groups.size());
    }
    return group;
  }

  /** The one lane with an address, or -1 where there are more or none. */
  private static int soleLane(Val.Ptr[] lanes) {
    int only = -1;
    for (int l = 0; l < lanes.length; l++) {
      if (lanes[l] == null) continue;
      if (only >= 0) return -1;
      only = l;
    }
    return only;
  }

  /**
   * Whether every lane's address is data with one k the warp shares ({@code Val.Ptr.warpToken}), at the same multiple
   * of {@code unit} bytes per step of k and in the same range.
   */
  private static boolean sharedK(Val.Ptr[] lanes, boolean[] active, int unit) {
    Val.Ptr first = null;
    for (int l = 0; l < lanes.length; l++) {
      if (!active[l]) continue;
      Val.Ptr p = lanes[l];
      if (!p.data() || p.offset() == null || p.warpToken() == null || p.modulus() % unit != 0) return false;
      if (first == null) first = p;
      else if (!first.warpToken().equals(p.warpToken()) || first.modulus() != p.modulus()
          || !java.util.Objects.equals(first.range(), p.range())) {
        return false;
      }
    }
    return first != null;
  }

  /**
   * Why the access faults instead of conflicting, or null: the GPU raises "misaligned address" for a lane
   * whose address is not a multiple of the access width (arrays start 16-byte aligned). Known when two
   * lanes are a non-multiple of the width apart, whatever the warp-uniform part, or when that part is a
   * multiple of the width. Only widths of 2, 4, 8 and 16 bytes are checked (not structs copied whole).
   */
  private static String misalignment(Site site, long[] addr, boolean[] active, Poly symbolic) {
    int width = site.width;
    if (width < 2 || width > 16 || Integer.bitCount(width) != 1) return null;
    boolean absolute = symbolic == null || symbolic.isConstant() || symbolic.symbolicGcd() % width == 0;
    int first = -1;
    for (int l = 0; l < addr.length; l++) {
      if (!active[l]) continue;
      if (first < 0) first = l;
      long apart = addr[l] - addr[first];
      if (Math.floorMod(absolute ? addr[l] : apart, width) == 0) continue;
      String where = absolute ? "lane " + l + " accesses byte " + addr[l] + " of '" + site.root.name() + "'"
          : "lanes " + first + " and " + l + " are " + apart + " bytes apart";
      return where + ", not a multiple of the " + width + "-byte access width: the GPU faults on this access"
          + " (misaligned address) rather than serving it; align the pointer or the index";
    }
    return null;
  }

  /**
   * For a symbolic warp whose lanes share a uniform part that depends on the warp (usually linear in its
   * numbers, {@code 4*32*w + ...}; or an operation on them, {@code (w % 4) * 128}), each warp it stands for
   * gets its own concrete addresses: the outcome, and the rows fixes need, are then those of that warp.
   * False when no part depends on the warp, or one cannot be computed per warp (then each warp runs on
   * its own).
   */
  private boolean evaluatePerWarp(Site site, long[] addr, boolean[] active, Poly symbolic, WarpSetup warp,
      java.util.function.Function<String, Interpreter.Made> made, String where, String context,
      BlockShapes.Shape shape, Map<Site, String> shapeOfWorst) {
    if (warp.axes().isEmpty() || symbolic == null || symbolic.isConstant()) return false;
    Poly rest = symbolic;
    for (String name : symbolic.terms().keySet()) {
      if (warp.mentionsWarp(name)) rest = rest.substitute(name, 0);
    }
    if (rest == symbolic) return false; // the same addresses in every warp
    WarpSetup.PerWarp onWarp = warp.perWarp(symbolic.sub(rest), made);
    int warps = warp.axisWarps();
    long[] shifts = new long[warps];
    boolean[] ok = {onWarp != null};
    for (int k = 0; k < warps && ok[0]; k++) shifts[k] = onWarp.value(warp.axisValues(k), ok);
    if (!ok[0]) {
      addressNamesWarp = true;
      running.warpDepends();
      return false;
    }
    int n = addr.length;
    long period = period(site);
    Set<Long> seen = new HashSet<>();
    boolean screening = screens(site);
    for (int k = 0; k < warps; k++) {
      // a warp shifted from an earlier one by whole periods repeats its outcome (see evaluateAddresses)
      boolean repeat = !seen.add(Math.floorMod(shifts[k], period));
      if (repeat && !screening) continue;
      long[] shifted = new long[n];
      for (int l = 0; l < n; l++) shifted[l] = addr[l] + shifts[k];
      if (repeat) {
        screen(site, shifted, active, rest);
        continue;
      }
      evaluateAddresses(site, shifted, active, rest, join(where, warpLabel(warp, k)), context, shape, shapeOfWorst);
    }
    return true;
  }

  /**
   * Lanes whose uniform parts differ (an XOR of a lane's column with the warp's row): where each lane's
   * address can be computed per warp ({@link WarpSetup#perWarp}), every warp is evaluated with its own.
   */
  private boolean evaluateEachWarp(Site site, Poly[] offsets, boolean[] active, WarpSetup warp,
      java.util.function.Function<String, Interpreter.Made> made, String where, String context,
      BlockShapes.Shape shape, Map<Site, String> shapeOfWorst) {
    long[][] addr = addressesPerWarp(offsets, warp, made);
    if (addr == null) return false;
    for (int k = 0; k < addr.length; k++) {
      evaluateAddresses(site, addr[k], active, null, join(where, warpLabel(warp, k)), context, shape, shapeOfWorst);
    }
    return true;
  }

  /** Each warp's lane addresses where the offsets differ only by the symbolic warp's symbols; null where not. */
  private long[][] addressesPerWarp(Poly[] offsets, WarpSetup warp, java.util.function.Function<String, Interpreter.Made> made) {
    // as much work as the warps' own runs would do here; past the work bound they would not run
    if (warp.axes().isEmpty() || budget.exhausted()) return null;
    int warps = warp.axisWarps();
    budget.spend(warps);
    int n = offsets.length;
    WarpSetup.PerWarp[] lanes = new WarpSetup.PerWarp[n];
    for (int l = 0; l < n; l++) {
      if (offsets[l] == null) continue;
      lanes[l] = l > 0 && offsets[l] == offsets[l - 1] ? lanes[l - 1] : warp.perWarp(offsets[l], made);
      if (lanes[l] == null) return null;
    }
    long[][] addr = new long[warps][n];
    boolean[] ok = {true};
    for (int k = 0; k < warps && ok[0]; k++) {
      long[] values = warp.axisValues(k);
      for (int l = 0; l < n && ok[0]; l++) {
        if (lanes[l] != null) addr[k][l] = lanes[l].value(values, ok);
      }
    }
    return ok[0] ? addr : null;
  }

  /**
   * A data-dependent execution: its bounds from each warp's addresses known modulo some bytes ({@link
   * BankModel#dataBounds}), or, where those say nothing ({@code warps} null), the array's size alone later.
   */
  private void addDataBounds(Site site, long[][] warps, long[] modulus, int[] sameK, boolean[] active,
      int activeCount) {
    site.data = true;
    site.dataLanes = Math.max(site.dataLanes, activeCount);
    for (int k = 0; warps != null && k < warps.length && !site.plainData; k++) {
      Bounds b = model.dataBounds(warps[k], modulus, sameK, active, site.width, site.kind, site.root.type().size());
      if (b == null) {
        site.plainData = true;
      } else {
        site.dataBounds = merged(site.dataBounds, b);
      }
    }
    if (warps == null) site.plainData = true;
  }

  /**
   * A data-dependent execution whose data lanes move within bounds: its bounds from each warp's candidate
   * addresses ({@link BankModel#rangeBounds}); false, adding nothing, where they are too many to enumerate.
   */
  private boolean addRangeBounds(Site site, long[][] warps, long[] step, long[] lo, long[] hi, boolean[] active,
      int activeCount, long arrayBytes) {
    List<Bounds> each = new ArrayList<>();
    for (long[] addr : warps) {
      // a loop's iterations often repeat one warp's candidates: enumerated once
      RangeKey key = new RangeKey(addr.clone(), step.clone(), lo.clone(), hi.clone(), active.clone(), site.width,
          site.kind, arrayBytes);
      if (rangeBoundsSeen.size() > 4096) rangeBoundsSeen.clear();
      Optional<Bounds> b = rangeBoundsSeen.computeIfAbsent(key, k -> Optional.ofNullable(
          model.rangeBounds(addr, step, lo, hi, active, site.width, site.kind, arrayBytes)));
      if (b.isEmpty()) return false;
      each.add(b.get());
    }
    site.data = true;
    site.dataLanes = Math.max(site.dataLanes, activeCount);
    for (Bounds b : each) site.dataBounds = merged(site.dataBounds, b);
    return true;
  }

  private final Map<RangeKey, Optional<Bounds>> rangeBoundsSeen = new HashMap<>();

  /** The arguments of {@link BankModel#rangeBounds}, compared by content. */
  private record RangeKey(long[] addr, long[] step, long[] lo, long[] hi, boolean[] active, int width, AccessKind kind,
      long arrayBytes) {
    @Override
    public boolean equals(Object o) {
      return o instanceof RangeKey k && Arrays.equals(addr, k.addr) && Arrays.equals(step, k.step)
          && Arrays.equals(lo, k.lo) && Arrays.equals(hi, k.hi) && Arrays.equals(active, k.active) && width == k.width
          && kind == k.kind && arrayBytes == k.arrayBytes;
    }

    @Override
    public int hashCode() {
      return Objects.hash(Arrays.hashCode(addr), Arrays.hashCode(step), Arrays.hashCode(lo), Arrays.hashCode(hi),
          Arrays.hashCode(active), width, kind, arrayBytes);
    }
  }

  /** Two executions' bounds: the best case holds for every one (some may be branches not taken), the worst for one. */
  private static Bounds merged(Bounds a, Bounds b) {
    if (a == null) return b;
    return new Bounds(Math.max(a.worst(), b.worst()), Math.min(a.best(), b.best()),
        b.worst() > a.worst() ? b.worstCase() : a.worstCase(), b.best() < a.best() ? b.bestCase() : a.bestCase());
  }

  /** How findings name the k-th warp a symbolic warp stands for. */
  private String warpLabel(WarpSetup warp, int k) {
    return WarpSetup.label(warp.shaped(), k, warp.axisWarps(), bank.warpSize());
  }

  /** The shift of a warp's addresses that changes no outcome: whole bank words, for a struct array whole structs' worth. */
  private long period(Site site) {
    Type.Struct st = soaStruct(site);
    return st == null ? bank.bankBytes() : st.size() * bank.bankBytes();
  }

  private void screen(Site site, long[] addr, boolean[] active, Poly symbolic) {
    if (screens(site)) screenSwizzles(site, addr, active, symbolic, site.kind);
  }

  /** Whether the accesses of a site may still be screened under swizzles (see {@link #screenSwizzles}). */
  private boolean screens(Site site) {
    return screenSwizzles && verifier != null && !templateKernel && !site.swizzleUnknown
        && !Boolean.FALSE.equals(site.rewritable);
  }

  /** Lane offsets for one way the warp-uniform branches go, and that way in words ("" for none). */
  private record BranchCase(Poly[] offsets, String label) {}

  /**
   * The lane offsets for every way the warp-uniform branches they depend on can go (each branch
   * symbol is 0 or 1 for the whole warp, as is a swap's parity); at most 2^6 cases, else the offsets as they are.
   */
  private static List<BranchCase> branchCases(Poly[] offsets) {
    Set<String> branches = new java.util.TreeSet<>();
    Map<String, Long> seen = null;
    for (Poly p : offsets) {
      // lanes usually share one map of terms, or have none: look at each map once
      if (p == null || p.isConstant() || p.terms() == seen) continue;
      seen = p.terms();
      for (String monomial : seen.keySet()) {
        if (!monomial.contains("@")) continue; // no choice in it (names from the code have no '@')
        for (String factor : Poly.factors(monomial)) {
          if (Interpreter.isChoice(factor)) branches.add(factor);
        }
      }
    }
    if (branches.isEmpty() || branches.size() > 6) return List.of(new BranchCase(offsets, ""));
    List<BranchCase> cases = new ArrayList<>();
    List<String> names = new ArrayList<>(branches);
    for (int bits = 0; bits < (1 << names.size()); bits++) {
      Poly[] c = new Poly[offsets.length];
      // lanes usually share one map of terms and differ by their constants: each map is set once
      Map<Map<String, Long>, Poly> set = new IdentityHashMap<>();
      for (int l = 0; l < offsets.length; l++) {
        if (offsets[l] == null) continue;
        Poly symbolic = set.get(offsets[l].terms());
        if (symbolic == null) {
          symbolic = offsets[l].symbolic();
          for (int i = 0; i < names.size(); i++) symbolic = symbolic.setChoice(names.get(i), ((bits >> i) & 1) == 1);
          set.put(offsets[l].terms(), symbolic);
        }
        c[l] = symbolic.add(Poly.of(offsets[l].constant()));
      }
      List<String> label = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        label.add(choiceLabel(names.get(i), ((bits >> i) & 1) == 1));
      }
      cases.add(new BranchCase(c, String.join(", ", label)));
    }
    return cases;
  }

  /** The case of a choice symbol ({@link Interpreter#isChoice}: KIND@LINE:COLUMN...) in the user's words. */
  private static String choiceLabel(String name, boolean one) {
    String line = name.substring(name.indexOf('@') + 1, name.indexOf(':'));
    if (name.startsWith(Interpreter.SWAP_PREFIX)) {
      return (one ? "an odd" : "an even") + " number of iterations of the loop at line " + line;
    }
    if (name.startsWith(Interpreter.BREAK_PREFIX)) return "the break at line " + line + (one ? " taken" : " not taken");
    if (name.startsWith(Interpreter.CONTINUE_PREFIX)) {
      return "the continue at line " + line + (one ? " taken" : " not taken");
    }
    if (name.startsWith(Interpreter.CASE_PREFIX)) return "the case at line " + line + (one ? " taken" : " not taken");
    if (name.startsWith(Interpreter.LOOP_PREFIX)) {
      String done = name.substring(name.indexOf('+') + 1, name.indexOf('#'));
      return done.equals("0") ? "the loop at line " + line + (one ? " running" : " not running")
          : (one ? "more than " : "") + done + (done.equals("1") && !one ? " iteration" : " iterations")
              + " of the loop at line " + line;
    }
    return "the condition at line " + line + (one ? " true" : " false");
  }

  /** Distinct accesses remembered per site before the memory is cleared (small: a huge kernel has many sites). */
  private static final int MAX_SEEN = 8;

  private void evaluateAddresses(Site site, long[] addr, boolean[] active, Poly symbolic, String where, String context,
      BlockShapes.Shape shape, Map<Site, String> shapeOfWorst) {
    int n = addr.length;
    boolean any = false;
    for (boolean a : active) any |= a;
    if (!any) return; // an empty warp changes nothing
    // A warp-uniform part that is not a multiple of the bank width shifts which lanes share a word:
    // try each possible shift and keep the worst.
    // (an access is aligned to its width, so only shifts that keep that alignment are possible)
    long step = symbolic == null || symbolic.isConstant() ? bank.bankBytes()
        : Math.max(Poly.gcd(symbolic.symbolicGcd(), bank.bankBytes()), Math.min(site.width, bank.bankBytes()));
    AccessKind kind = site.kind;
    if (symbolic != null && !symbolic.isConstant()) site.symbolicBase = true;
    screen(site, addr, active, symbolic);
    // Loops and warps repeat accesses, often shifted as a whole. A shift by whole bank words (and, for a
    // struct array, whole structs: the structure-of-arrays addresses then shift by whole words too) keeps
    // every degree below, and only a worse degree changes the site: a repeat changes nothing.
    Type.Struct st = soaStruct(site);
    if (!site.firstTime(WarpKey.of(addr, active, period(site), site.width, step))) return;
    WarpDegree worst = null;
    long worstShift = 0;
    for (long shift = 0; shift < bank.bankBytes(); shift += step) {
      WarpDegree d = model.degree(shifted(addr, shift), active, site.width, kind);
      if (worst == null || d.ways() > worst.ways()) {
        worst = d;
        worstShift = shift;
      }
    }
    if (st != null) {
      long[] soa = new long[n];
      for (int l = 0; l < n; l++) soa[l] = Math.floorDiv(addr[l], st.size()) * site.width;
      // the full result (with its lanes) only for a new worst case
      if (site.soaWorst == null || worse(model.degree(soa, active, site.width, kind), site.soaWorst)) {
        site.soaWorst = model.evaluate(soa, active, site.width, kind);
      }
    }
    if (site.worst == null || worse(worst, site.worst)) {
      site.worst = model.evaluate(shifted(addr, worstShift), active, site.width, kind);
      site.worstType = site.type;
      site.worstWidth = site.width;
      site.worstContext = join(where, context); // made only for a new worst case
      if (shape != null) shapeOfWorst.put(site, shape.describe());
    }
  }

  private static long[] shifted(long[] addr, long shift) {
    if (shift == 0) return addr;
    long[] out = addr.clone();
    for (int l = 0; l < out.length; l++) out[l] += shift;
    return out;
  }

  /** The same access under each XOR swizzle candidate of its array, kept for {@link SwizzleSearch}. */
  private void screenSwizzles(Site site, long[] addr, boolean[] active, Poly symbolic, AccessKind kind) {
    List<int[]> candidates = swizzleCandidates(site.root);
    if (candidates.isEmpty() || site.swizzleUnknown) return;
    // an access that cannot be rewritten rules out a swizzle of its array: nothing to screen
    if (site.rewritable == null) {
      site.rewritable = SwizzleSearch.rewritable(verifier, this::sourceText, site.root, site.at, site.pos);
    }
    if (!site.rewritable) return;
    if (symbolic != null && !symbolic.isConstant()) {
      site.swizzleUnknown = true; // the row of each lane is not known
      return;
    }
    if (site.swizzles == null) site.swizzles = new SwizzleSearch.Screen(model, candidates);
    site.swizzles.add(site.root, addr, active, site.width, kind);
  }

  /**
   * The struct of a struct array accessed by less than a whole struct: then the access is also evaluated
   * as if each field were its own array (element index times width); null otherwise.
   */
  private static Type.Struct soaStruct(Site site) {
    if (!(site.root.type() instanceof Type.Array a) || !(a.element() instanceof Type.Struct st)
        || site.width >= st.size()) {
      return null;
    }
    return st;
  }

  static boolean worse(WarpDegree a, WarpResult b) {
    return worse(a.ways(), a.wavefronts(), a.broadcast(), b.ways(), b.wavefronts(), b.broadcast());
  }

  static boolean worse(WarpDegree a, WarpDegree b) {
    return worse(a.ways(), a.wavefronts(), a.broadcast(), b.ways(), b.wavefronts(), b.broadcast());
  }

  private static boolean worse(int waysA, int wavefrontsA, boolean broadcastA, int waysB, int wavefrontsB,
      boolean broadcastB) {
    if (waysA != waysB) return waysA > waysB;
    if (wavefrontsA != wavefrontsB) return wavefrontsA > wavefrontsB;
    return !broadcastA && broadcastB;
  }

  static boolean worse(WarpResult a, WarpResult b) {
    return worse(a.ways(), a.wavefronts(), a.broadcast(), b.ways(), b.wavefronts(), b.broadcast());
  }

  private static String differingSymbols(Poly[] offsets, Set<String> assumable) {
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
    List<String> full = names.stream().map(s -> s.replaceAll("#\\d+", "")
        .replaceAll("branch@(\\d+):\\d+", "[the branch at line $1 taken]")
        .replaceAll("loop@(\\d+):\\d+\\+0(?!\\d)", "[the loop at line $1 running]")
        .replaceAll("loop@(\\d+):\\d+\\+(\\d+)", "[more than $2 iterations of the loop at line $1]")
        .replaceAll("break@(\\d+):\\d+", "[the break at line $1 taken]")
        .replaceAll("continue@(\\d+):\\d+", "[the continue at line $1 taken]")
        .replaceAll("case@(\\d+):\\d+", "[the case at line $1 taken]")
        .replaceAll("swap@(\\d+):\\d+", "[an odd number of iterations of the loop at line $1]")).toList();
    List<String> readable = full.stream().map(s -> s.length() > 80 ? s.substring(0, 77) + "..." : s).distinct().toList();
    boolean loop = readable.stream().anyMatch(s -> s.contains("of the loop at "));
    // the names in the user's code those terms are made of come first: they are what needs a value
    Set<String> identifiers = SymbolText.identifiers(String.join(" ", full));
    String terms = String.join(", ", readable.subList(0, Math.min(3, readable.size())))
        + (readable.size() > 3 ? " and " + (readable.size() - 3) + " more" : "");
    String shown = identifiers.isEmpty() || loop ? terms
        : String.join(", ", identifiers) + (terms.equals(String.join(", ", identifiers)) ? "" : " (through " + terms + ")");
    boolean capped = readable.stream().anyMatch(s -> s.contains(Interpreter.CAPPED));
    return "the lane stride depends on " + shown + (loop
        ? ", which depends on how many iterations have run of a loop " + (capped
            ? "longer than the " + Interpreter.MAX_LOOP_ITERATIONS + " iterations the analysis enumerates"
            : "without constant bounds")
        : ", which has no constant value here (a constant from -D, constexpr, a template argument or a launch"
            + " in this file with a constant argument makes it exact" + identifiers.stream().filter(assumable::contains)
                .findFirst().map(p -> "; so does '// bankcheck: assume " + p + "=VALUE' before the kernel").orElse("")
            + ")");
  }

  private static final java.util.regex.Pattern LINE_REFERENCE = java.util.regex.Pattern.compile(" at line (\\d+)");

  /**
   * "at line N" means a line of the kernel's file (the interpreter names other files); in a finding in another
   * file (a device function of a header) it becomes "at kernel.cu:N", as its reader looks in the finding's file.
   */
  private static Finding inItsFile(Function kernel, Finding f) {
    if (f.pos().file().equals(kernel.pos().file())) return f;
    String named = " at " + java.util.regex.Matcher.quoteReplacement(kernel.pos().fileName()) + ":$1";
    return f.withExplanation(LINE_REFERENCE.matcher(f.reason()).replaceAll(named),
        f.assumptions().stream().map(a -> LINE_REFERENCE.matcher(a).replaceAll(named)).toList());
  }

  private Finding finding(Function kernel, Site s, List<BlockShapes.Shape> shapes, String worstShape, Set<String> notes) {
    Op op = Op.valueOf(s.op.name());
    Type type = s.worstType != null ? s.worstType : s.type;
    int width = s.worstType != null ? s.worstWidth : s.width;
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
    assumptions.add(width + "-byte accesses (" + (type == null ? "?" : type.display()) + piecesNote(type, width, s.root)
        + ")");
    assumptions.addAll(notes);
    assumptions.addAll(s.notes);
    String array = s.root.name();
    String via = s.via;
    String ctx = s.worstContext.isEmpty() || s.worst == null || s.worst.ways() < 2 ? ""
        : " (worst at " + s.worstContext + ")";
    if (s.data) {
      AccessKind kind = AccessKind.valueOf(s.op.name());
      Bounds b = s.plainData || s.dataBounds == null
          ? BankModel.dataDependentBounds(Math.max(1, s.dataLanes), s.root.type().size(), width, kind, bank)
          : s.dataBounds;
      String worstCase = b.worstCase();
      if (b != s.dataBounds && s.dataLanes < s.mostLanes && b.worst() == s.dataLanes) {
        worstCase = worstCase.replace("every lane on a different word", s.dataLanes + " lanes on different words")
            + " (lanes whose index comes from one address, or from one lane, read one word: " + s.dataLanes
            + " words at most)";
      }
      int worst = b.worst();
      if (s.worst != null && s.worst.ways() > worst) {
        // an execution whose address does not depend on data is worse
        worst = s.worst.ways();
        worstCase = Explain.reason(s.worst, width) + ctx + ", where the address does not depend on data";
      }
      if (worst == 1 && s.unknown == null) {
        // bounds that no data can make conflict: conflict-free, whatever it is
        boolean oneLane = s.mostLanes <= 1;
        String why = oneLane ? "only one lane at a time makes it" : worstCase.replaceFirst("^none: ", "");
        // one wavefront where the lanes that run form one group (which lanes run may depend on the data)
        Integer wavefronts = oneLane || BankModel.lanesPerGroup(width, bank) >= bank.warpSize() ? 1 : null;
        return new Finding(s.pos, Rules.NONE, kernel.name(), array, via, op, width, 1, wavefronts, wavefronts, null,
            Verdict.OK, null, null, false, "conflict-free for any data: the index depends on memory contents, but "
            + why, List.copyOf(assumptions), null, null);
      }
      if (worst > 1) {
        String reason = "the index depends on memory contents; worst case: " + worstCase + ", best case: " + b.bestCase();
        return new Finding(s.pos, Rules.DATA_DEPENDENT_INDEX, kernel.name(), array, via, op, width, null, null, null,
            null, Verdict.DATA_DEPENDENT, worst, b.best(), false, reason, List.copyOf(assumptions), null, null);
      }
      // no data makes it conflict where it was followed: the executions not followed are what is open (below)
    }
    if (s.worst == null || (s.unknown != null && s.worst.ways() < 2)) {
      String reason = s.unknown != null ? s.unknown : "no lane reaches this access";
      return new Finding(s.pos, Rules.UNANALYZED_ACCESS, kernel.name(), array, via, op, width, null, null, null,
          null, Verdict.UNKNOWN, null, null, false, reason, List.copyOf(assumptions), null, null);
    }
    WarpResult r = s.worst;
    Verdict v = r.ways() >= 2 ? Verdict.CONFLICT : r.broadcast() ? Verdict.BROADCAST : Verdict.OK;
    String rule = v != Verdict.CONFLICT ? Rules.NONE : op == Op.ATOMIC ? Rules.ATOMIC_CONTENTION : Rules.BANK_CONFLICT;
    String reason = Explain.reason(r, width) + ctx;
    if (s.unknown != null) reason += "; some executions could not be evaluated: " + s.unknown;
    Long stride = r.strideBytes().isPresent() ? r.strideBytes().getAsLong() : null;
    Fix fix = null;
    if (v == Verdict.CONFLICT && s.soaWorst != null && s.soaWorst.ways() < r.ways()) {
      Type.Struct st = (Type.Struct) ((Type.Array) s.root.type()).element();
      fix = new Fix("use a structure of arrays (a manual change: no edits are given): one array per field of '"
          + st.name() + "' instead of '" + array + "[]' makes this access "
          + (s.soaWorst.ways() == 1 ? "conflict-free" : s.soaWorst.ways() + "-way"),
          s.soaWorst.ways(), null, List.of(), s.soaWorst.access());
    }
    return new Finding(s.pos, rule, kernel.name(), array, via, op, width, r.ways(), r.wavefronts(),
        r.idealWavefronts(), stride, v, null, null, false, reason, List.copyOf(assumptions), fix, r.access());
  }
}
