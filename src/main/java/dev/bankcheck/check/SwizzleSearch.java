package dev.bankcheck.check;

import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.WarpDegree;
import dev.bankcheck.bank.WarpKey;
import dev.bankcheck.check.KernelChecker.AfterSite;
import dev.bankcheck.check.KernelChecker.Proposal;
import dev.bankcheck.check.KernelChecker.Site;
import dev.bankcheck.check.KernelChecker.SiteKey;
import dev.bankcheck.ir.Expr;
import dev.bankcheck.ir.Function;
import dev.bankcheck.source.Pos;
import dev.bankcheck.sym.SharedRoot;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * An XOR swizzle of the column index, for a 2-D array whose row length C is a power of two: every access
 * {@code a[r][c]} becomes {@code a[r][(c) ^ (r % K)]}, or {@code a[r][(c) ^ ((r % K) * G)]} to move G
 * elements together. Within a row this permutes the columns (K * G <= C keeps them in bounds), so the
 * kernel computes the same thing when every access of the array is rewritten alike.
 *
 * <p>While the kernel is analyzed, each access of such an array is also evaluated under every (K, G)
 * ({@link #swizzle}); the best candidate is then written as text edits and checked by analyzing the
 * edited file again ({@link FixVerifier}). It is suggested only when all accesses of the array are
 * written {@code a[r][c]} in this kernel (no pointer, no other use of the name), their index expressions
 * have no side effects and are on one line, the kernel is not a template, and the check confirms that it
 * lowers the worst conflict.
 */
final class SwizzleSearch {
  private static final int MAX_TRIES = 3;

  private final Function kernel;
  private final Map<SiteKey, Site> sites;
  private final FixVerifier verifier;
  private final java.util.function.Function<SharedRoot, List<int[]>> candidatesOf;
  private final Supplier<SourceText> source;

  /** @param source the verifier's text as {@link SourceText}, made once per file by the caller */
  SwizzleSearch(Function kernel, Map<SiteKey, Site> sites, FixVerifier verifier,
      java.util.function.Function<SharedRoot, List<int[]>> candidatesOf, Supplier<SourceText> source) {
    this.kernel = kernel;
    this.sites = sites;
    this.verifier = verifier;
    this.candidatesOf = candidatesOf;
    this.source = source;
  }

  /** (K, G) pairs for a 2-D array with a power-of-two row of C >= 2 elements: K, G powers of two, K*G <= C. */
  static List<int[]> candidates(SharedRoot root) {
    if (root.shapeProblem() != null || root.decl().is("extern") || !(root.type() instanceof Type.Array outer)
        || outer.length() <= 0 || !(outer.element() instanceof Type.Array inner) || inner.element() instanceof Type.Array
        || inner.element().size() <= 0) {
      return List.of();
    }
    long c = inner.length();
    if (c < 2 || Long.bitCount(c) != 1) return List.of();
    List<int[]> out = new ArrayList<>();
    for (int k = 2; k <= 32 && k <= c; k *= 2) {
      for (int g = 1; g <= 8 && (long) k * g <= c; g *= 2) out.add(new int[] {k, g});
    }
    return out;
  }

  /** The byte addresses of {@code addr} (into the array) with the column of each element swizzled by (K, G). */
  static long[] swizzle(SharedRoot root, long[] addr, boolean[] active, int[] kg) {
    long[] out = addr.clone();
    new Rows(root, addr, active).swizzle(kg, out);
    return out;
  }

  /** Each active lane's element split into row, column and byte within the element, for every candidate. */
  static final class Rows {
    private final long esize;
    private final long cols;
    private final boolean[] active;
    private final long[] row;
    private final long[] col;
    private final long[] within;

    Rows(SharedRoot root, long[] addr, boolean[] active) {
      Type.Array inner = (Type.Array) ((Type.Array) root.type()).element();
      esize = inner.element().size();
      cols = inner.length();
      this.active = active;
      row = new long[addr.length];
      col = new long[addr.length];
      within = new long[addr.length];
      for (int l = 0; l < addr.length; l++) {
        if (!active[l]) continue;
        long e = Math.floorDiv(addr[l], esize);
        within[l] = addr[l] - e * esize;
        row[l] = Math.floorDiv(e, cols);
        col[l] = e - row[l] * cols;
      }
    }

    /** Writes the swizzled address of every active lane into {@code out} (other lanes stay as they are). */
    void swizzle(int[] kg, long[] out) {
      for (int l = 0; l < row.length; l++) {
        if (!active[l]) continue;
        long swizzled = col[l] ^ (Math.floorMod(row[l], kg[0]) * kg[1]);
        out[l] = (row[l] * cols + swizzled) * esize + within[l];
      }
    }
  }

  /**
   * The accesses of one site to evaluate under every candidate of its array, and the worst outcome per
   * candidate. They are evaluated only when a search asks ({@link #results}): most arrays never have a
   * conflict to fix. Loops repeat an access shifted as a whole, so each distinct lane pattern is kept once,
   * with the set of shifts it was seen at (modulo a period that changes no outcome).
   */
  static final class Screen {
    /** Bounds on what is kept before it is evaluated anyway (memory). */
    private static final int MAX_PATTERNS = 256;
    private static final int MAX_SHIFTS = 1 << 16;
    /** Periods up to this many bytes keep their shifts as bits (larger ones: each access as it is). */
    private static final long MAX_PERIOD = 1 << 16;

    private final BankModel model;
    private final List<int[]> candidates;
    /** The worst outcome per candidate over the accesses evaluated so far (null: none yet). */
    private final WarpDegree[] worst;
    /** Lane addresses relative to the first active lane's, and the shifts they were seen at. */
    private final Map<WarpKey, Pending> pending = new HashMap<>();
    private int shifts;

    /** The shifts one lane pattern was seen at; the root gives the row and column of an address. */
    private record Pending(SharedRoot root, int width, AccessKind kind, BitSet shifts) {}

    Screen(BankModel model, List<int[]> candidates) {
      this.model = model;
      this.candidates = candidates;
      this.worst = new WarpDegree[candidates.size()];
    }

    private Screen(Screen o) {
      this.model = o.model;
      this.candidates = o.candidates;
      this.worst = o.worst.clone();
      o.pending.forEach((k, p) -> pending.put(k, copy(p)));
      this.shifts = o.shifts;
    }

    private static Pending copy(Pending p) {
      return new Pending(p.root(), p.width(), p.kind(), (BitSet) p.shifts().clone());
    }

    Screen copy() {
      return new Screen(this);
    }

    void add(SharedRoot root, long[] addr, boolean[] active, int width, AccessKind kind) {
      int first = 0;
      while (first < active.length && !active[first]) first++;
      if (first == active.length) return; // no lane: nothing to evaluate
      Type.Array inner = (Type.Array) ((Type.Array) root.type()).element();
      long esize = inner.element().size();
      long rowBytes = inner.length() * esize;
      // 32 rows keep every row's residue modulo K (K <= 32 divides 32): the swizzled addresses shift by
      // as much, and a shift by whole bank words keeps every degree
      long period = rowBytes > 0 && rowBytes <= MAX_PERIOD ? lcm(32 * rowBytes, model.config().bankBytes()) : 0;
      boolean relative = period > 0 && period <= MAX_PERIOD;
      WarpKey key = WarpKey.of(addr, active, relative ? 1 : 0, width, kind.ordinal(), inner.length(), esize);
      int shift = relative ? (int) Math.floorMod(addr[first], period) : 0;
      Pending p = pending.computeIfAbsent(key, k -> new Pending(root, width, kind, new BitSet()));
      if (!p.shifts().get(shift)) {
        p.shifts().set(shift);
        shifts++;
      }
      if (pending.size() >= MAX_PATTERNS || shifts >= MAX_SHIFTS) evaluatePending();
    }

    /** Adds another run's accesses of the same site (see KernelChecker.mergeInto). */
    void merge(Screen o) {
      if (o.candidates != candidates) {
        // candidates of another list: only the ones both have, as their outcomes are
        o.evaluatePending();
        keepWorse(o.worst);
        return;
      }
      keepWorse(o.worst);
      o.pending.forEach((k, p) -> {
        Pending mine = pending.get(k);
        if (mine == null) {
          pending.put(k, copy(p));
          shifts += p.shifts().cardinality();
        } else {
          shifts -= mine.shifts().cardinality();
          mine.shifts().or(p.shifts());
          shifts += mine.shifts().cardinality();
        }
      });
      if (pending.size() >= MAX_PATTERNS || shifts >= MAX_SHIFTS) evaluatePending();
    }

    private void keepWorse(WarpDegree[] other) {
      for (int i = 0; i < other.length && i < worst.length; i++) {
        if (other[i] != null && (worst[i] == null || KernelChecker.worse(other[i], worst[i]))) worst[i] = other[i];
      }
    }

    /** The worst outcome per candidate over every access added (an entry is null when none was). */
    WarpDegree[] results() {
      evaluatePending();
      return worst;
    }

    private void evaluatePending() {
      pending.forEach((key, p) -> {
        int n = key.lanes();
        boolean[] active = new boolean[n];
        long[] addr = new long[n];
        long[] swizzled = new long[n];
        for (int l = 0; l < n; l++) active[l] = key.active(l);
        BitSet s = p.shifts();
        for (int shift = s.nextSetBit(0); shift >= 0; shift = s.nextSetBit(shift + 1)) {
          for (int l = 0; l < n; l++) addr[l] = key.address(l) + shift;
          Rows rows = new Rows(p.root(), addr, active);
          for (int c = 0; c < candidates.size(); c++) {
            rows.swizzle(candidates.get(c), swizzled);
            WarpDegree d = model.degree(swizzled, active, p.width(), p.kind());
            if (worst[c] == null || KernelChecker.worse(d, worst[c])) worst[c] = d;
          }
        }
      });
      pending.clear();
      shifts = 0;
    }

    private static long lcm(long a, long b) {
      return a / dev.bankcheck.sym.Poly.gcd(a, b) * b;
    }
  }

  /**
   * Plans the search of each array with a conflict, except those named in {@code settled}: the
   * candidates worth checking, best first ({@link #proposals} checks them).
   */
  SwizzleSearch plan(java.util.Set<String> settled) {
    // instantiations of a template may give the array different rows: one text cannot fit them all
    if (verifier == null || !kernel.templateParams().isEmpty()) return this;
    for (SharedRoot root : KernelChecker.conflictedRoots(sites)) {
      if (settled.contains(root.name())) continue;
      List<int[]> candidates = candidatesOf.apply(root);
      Plan p = candidates.isEmpty() ? null : plan(root, candidates);
      if (p == null) continue;
      plans.add(p);
      if (!p.order().isEmpty()) first.add(edits(verifier.displayPath(), p.src(), p.accesses(), candidates.get(p.order().get(0))));
    }
    return this;
  }

  /** The edits of the first candidate of each planned array, which the caller may check ahead (see {@link FixVerifier#prefetch}). */
  List<List<Fix.Edit>> firstEdits() {
    return first;
  }

  private final List<Plan> plans = new ArrayList<>();
  private final List<List<Fix.Edit>> first = new ArrayList<>();

  /** The arrays to search: their rewritable accesses, their worst before, and the candidates to check in order. */
  private record Plan(SharedRoot root, List<int[]> candidates, SourceText src, Map<Expr, Access> accesses,
      int before, List<Integer> order) {}

  /** Proposals for the arrays {@link #plan} chose: the first candidate that the edited text confirms. */
  List<Proposal> proposals() {
    List<Proposal> out = new ArrayList<>();
    for (Plan p : plans) {
      Proposal found = search(p);
      if (found != null) out.add(found);
    }
    return out;
  }

  /** One rewritable access: the row and column index texts' columns on its line. */
  private record Access(int line, int rowStart, int rowEnd, int colStart, int colEnd) {}

  private Plan plan(SharedRoot root, List<int[]> candidates) {
    SourceText src = source.get();
    Map<Expr, Access> accesses = new IdentityHashMap<>();
    List<Site> mine = new ArrayList<>();
    for (Site s : sites.values()) {
      if (!s.root.name().equals(root.name())) continue;
      if (s.worst == null || s.swizzles == null || s.swizzleUnknown || s.via != null || s.unknown != null) return null;
      Access a = accesses.containsKey(s.at) ? accesses.get(s.at) : access(verifier.displayPath(), src, root, s.at, s.pos);
      if (a == null) return null;
      accesses.put(s.at, a);
      mine.add(s);
    }
    if (mine.isEmpty() || !onlyTheseUses(src, root, accesses.size())) return null;
    // the screened outcomes are evaluated only now that the accesses can be rewritten
    for (Site s : mine) {
      for (WarpDegree r : s.swizzles.results()) {
        if (r == null) return null; // a candidate never evaluated for this access
      }
    }
    int before = KernelChecker.worstOf(sites, root.name());
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) order.add(i);
    order.sort(Comparator.comparingInt((Integer i) -> screenedWorst(mine, i))
        .thenComparingInt(i -> candidates.get(i)[1] == 1 ? 0 : 1)
        .thenComparingInt(i -> candidates.get(i)[0] * candidates.get(i)[1]));
    // only candidates the screening says lower the worst case are checked, at most MAX_TRIES of them
    List<Integer> worth = new ArrayList<>();
    for (int i : order) {
      if (screenedWorst(mine, i) >= before || worth.size() >= MAX_TRIES) break;
      worth.add(i);
    }
    return new Plan(root, candidates, src, accesses, before, worth);
  }

  private Proposal search(Plan plan) {
    SharedRoot root = plan.root();
    SourceText src = plan.src();
    Map<Expr, Access> accesses = plan.accesses();
    int before = plan.before();
    for (int i : plan.order()) {
      int[] kg = plan.candidates().get(i);
      List<Fix.Edit> edits = edits(verifier.displayPath(), src, accesses, kg);
      FixVerifier.After text = verifier.after(edits, kernel.name());
      if (text == null || text.broken()) continue;
      Map<SiteKey, AfterSite> after = KernelChecker.afterFromText(text, kernel.name(), sites, root.name());
      if (after == null) continue;
      int worstAfter = KernelChecker.worstAfter(after);
      if (worstAfter >= before) continue;
      String description = description(root, kg, worstAfter, before, rewritten(src, root, accesses, edits), after);
      return KernelChecker.proposal(root, Proposal.Kind.SWIZZLE, before, worstAfter, 0, description,
          root.type().size(), edits, sites, after);
    }
    return null;
  }

  /** The worst ways over the array's accesses under candidate i, as screened during the analysis. */
  private static int screenedWorst(List<Site> mine, int i) {
    int worst = 1;
    for (Site s : mine) worst = Math.max(worst, s.swizzles.results()[i].ways());
    return worst;
  }

  /**
   * Whether the access at {@code at} (a site's accessed expression, at {@code pos}) could be rewritten: a
   * search never proposes a swizzle for an array with an access that cannot, so such an access need not be
   * screened.
   */
  static boolean rewritable(FixVerifier verifier, Supplier<SourceText> src, SharedRoot root, Expr at, Pos pos) {
    // the file's text is read only for an access in it (see KernelMemo)
    return pos.file().equals(verifier.displayPath()) && access(verifier.displayPath(), src.get(), root, at, pos) != null;
  }

  /** The access as text: {@code name[row][col]} on one line of the analyzed file, with pure indices. */
  private static Access access(String file, SourceText src, SharedRoot root, Expr at, Pos pos) {
    if (!(at instanceof Expr.Index outer) || !(outer.base() instanceof Expr.Index inner)
        || !(inner.base() instanceof Expr.Name n) || !n.name().equals(root.name())) {
      return null;
    }
    if (!pure(inner.index()) || !pure(outer.index())) return null;
    if (!pos.file().equals(file) || !inner.index().pos().file().equals(file)
        || !outer.index().pos().file().equals(file)) {
      return null;
    }
    // the text from the name: name [ row ] [ col ], on one line
    int line = pos.line();
    String code = src.code(line);
    if (code == null || !code.startsWith(root.name(), pos.column() - 1)) return null;
    int rowStart = afterBracket(code, pos.column() + root.name().length());
    int rowEnd = rowStart < 0 ? -1 : src.indexEnd(line, rowStart);
    int close = rowEnd < 0 ? -1 : code.indexOf(']', rowEnd - 1); // the row's ']', blanks before it aside
    int colStart = close < 0 ? -1 : afterBracket(code, close + 2);
    int colEnd = colStart < 0 ? -1 : src.indexEnd(line, colStart);
    if (colEnd < 0 || colEnd <= colStart || rowEnd <= rowStart) return null;
    return new Access(line, rowStart, rowEnd, colStart, colEnd);
  }

  /**
   * The column just after the '[' that comes next from 1-based {@code column} (blanks skipped), with the
   * blanks after it skipped too; -1 when the next character is not '['.
   */
  private static int afterBracket(String code, int column) {
    int i = column - 1;
    while (i < code.length() && Character.isWhitespace(code.charAt(i))) i++;
    if (i >= code.length() || code.charAt(i) != '[') return -1;
    i++;
    while (i < code.length() && Character.isWhitespace(code.charAt(i))) i++;
    return i + 1;
  }

  /** No side effects and no memory reads: the row index may be evaluated once more. */
  private static boolean pure(Expr e) {
    if (e instanceof Expr.Name || e instanceof Expr.IntLit) return true;
    if (e instanceof Expr.Member m) return !m.arrow() && pure(m.base());
    if (e instanceof Expr.Binary b) return pure(b.left()) && pure(b.right());
    if (e instanceof Expr.Unary u) return Set.of("+", "-", "!", "~").contains(u.op()) && pure(u.operand());
    if (e instanceof Expr.Ternary t) return pure(t.cond()) && pure(t.then()) && pure(t.otherwise());
    if (e instanceof Expr.Cast c) return pure(c.operand());
    return false;
  }

  /**
   * Whether the array's name occurs nowhere but in its declaration and these accesses: in the kernel's
   * body for an array declared there, in the whole file for one declared at file scope.
   */
  private boolean onlyTheseUses(SourceText src, SharedRoot root, int accesses) {
    int from = 1;
    int to = src.lineCount();
    if (!root.decl().pos().file().equals(verifier.displayPath())) return false;
    if (kernel.body() != null && kernel.body().pos().file().equals(verifier.displayPath())
        && root.decl().pos().line() >= kernel.body().pos().line()) {
      int[] end = src.closingBrace(kernel.body().pos().line(), kernel.body().pos().column());
      if (end == null) return false;
      from = kernel.body().pos().line();
      to = end[0];
    }
    return src.occurrences(root.name(), from, to).size() == accesses + 1;
  }

  private static List<Fix.Edit> edits(String file, SourceText src, Map<Expr, Access> accesses, int[] kg) {
    Map<String, Fix.Edit> out = new LinkedHashMap<>();
    for (Access a : accesses.values()) {
      String line = src.line(a.line());
      String row = line.substring(a.rowStart() - 1, a.rowEnd() - 1);
      String col = line.substring(a.colStart() - 1, a.colEnd() - 1);
      String mask = kg[1] == 1 ? operand(row) + " % " + kg[0] : "(" + operand(row) + " % " + kg[0] + ") * " + kg[1];
      String replacement = operand(col) + " ^ (" + mask + ")";
      Fix.Edit e = new Fix.Edit(file, a.line(), a.colStart(), a.line(), a.colEnd(), replacement);
      out.put(a.line() + ":" + a.colStart(), e);
    }
    List<Fix.Edit> edits = new ArrayList<>();
    for (Fix.Edit e : out.values()) edits.add(e);
    edits.sort(Comparator.comparingInt(Fix.Edit::line).thenComparingInt(Fix.Edit::column));
    return edits;
  }

  /** The text as an operand of % or ^: parenthesized unless it is a name, a member chain or a number. */
  private static String operand(String text) {
    String t = text.trim();
    boolean simple = t.matches("[A-Za-z_][A-Za-z0-9_]*(\\.[A-Za-z_][A-Za-z0-9_]*)*|[0-9]+[uUlL]*");
    return simple || wrapped(t) ? t : "(" + t + ")";
  }

  /** Whether the text is one parenthesized expression: "(a + b)", not "(a) + (b)". */
  private static boolean wrapped(String t) {
    if (!t.startsWith("(") || !t.endsWith(")")) return false;
    int depth = 0;
    for (int i = 0; i < t.length(); i++) {
      char c = t.charAt(i);
      if (c == '(') depth++;
      else if (c == ')' && --depth == 0 && i < t.length() - 1) return false;
    }
    return depth == 0;
  }

  /** "12: tile[ty][tx ^ (ty % 16)]" for each access, in source order. */
  private static List<String> rewritten(SourceText src, SharedRoot root, Map<Expr, Access> accesses,
      List<Fix.Edit> edits) {
    List<String> out = new ArrayList<>();
    for (Fix.Edit e : edits) {
      for (Access a : accesses.values()) {
        if (a.line() == e.line() && a.colStart() == e.column()) {
          String row = src.line(a.line()).substring(a.rowStart() - 1, a.rowEnd() - 1);
          out.add(a.line() + ":" + a.colStart() + " '" + root.name() + "[" + row + "][" + e.replacement() + "]'");
          break;
        }
      }
    }
    return out;
  }

  private String description(SharedRoot root, int[] kg, int worstAfter, int before, List<String> rewritten,
      Map<SiteKey, AfterSite> after) {
    String mask = kg[1] == 1 ? "row % " + kg[0] : "(row % " + kg[0] + ") * " + kg[1];
    String effect = KernelChecker.effect(sites, root.name(), before, worstAfter, after);
    return "swizzle the columns of '" + root.name() + "': index every access as '" + root.name() + "[row][col ^ ("
        + mask + ")]' (the same elements, permuted within each row; no extra shared memory) " + effect
        + "; rewritten: " + String.join(", ", rewritten);
  }
}
