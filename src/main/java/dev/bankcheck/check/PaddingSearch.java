package dev.bankcheck.check;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.WarpAccess;
import dev.bankcheck.check.KernelChecker.Proposal;
import dev.bankcheck.check.KernelChecker.Site;
import dev.bankcheck.check.KernelChecker.SiteKey;
import dev.bankcheck.ir.TypeRef;
import dev.bankcheck.source.Pos;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.SharedRoot;
import dev.bankcheck.sym.WorkBudget;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Padding of the inner dimension, for each multi-dimensional array with a conflict: the smallest padding
 * (1 to banks elements) that makes every access to the array in the kernel conflict-free, or else the one
 * with the lowest worst case. Each candidate that the warps recorded so far do not rule out is checked by
 * analyzing the kernel again with the array's inner dimension overridden; the chosen one is then checked
 * on the edited text (see {@link FixVerifier}).
 */
final class PaddingSearch {
  private final Program program;
  private final BankConfig bank;
  private final BankModel model;
  private final WorkBudget budget;
  private final long stepLimit;
  private final String kernel;
  private final Map<SiteKey, Site> sites;
  private final Supplier<Map<SiteKey, Site>> reanalyze;
  private final FixVerifier verifier;
  private final FileLines lines;
  /** A template's arrays may have other shapes in other instantiations: their recorded warps bound nothing. */
  private final boolean templateKernel;

  /**
   * @param reanalyze analyzes the kernel again (under the program's current overrides)
   * @param stepLimit the budget's step count past which no further candidate is tried
   * @param verifier checks the edits on the text (null: not checked there)
   */
  PaddingSearch(Program program, BankConfig bank, WorkBudget budget, long stepLimit, String kernel,
      Map<SiteKey, Site> sites, Supplier<Map<SiteKey, Site>> reanalyze, FixVerifier verifier, FileLines lines,
      boolean templateKernel) {
    this.program = program;
    this.bank = bank;
    this.model = new BankModel(bank);
    this.budget = budget;
    this.stepLimit = stepLimit;
    this.kernel = kernel;
    this.sites = sites;
    this.reanalyze = reanalyze;
    this.verifier = verifier;
    this.lines = lines;
    this.templateKernel = templateKernel;
  }

  List<Proposal> proposals() {
    List<Proposal> out = new ArrayList<>();
    for (SharedRoot root : KernelChecker.conflictedRoots(sites)) {
      if (paddable(root)) {
        Proposal p = search(root);
        if (p != null) out.add(p);
      }
    }
    return out;
  }

  private static boolean paddable(SharedRoot r) {
    return r.shapeProblem() == null && r.type() instanceof Type.Array outer && outer.length() > 0
        && outer.element() instanceof Type.Array inner && inner.length() > 0 && !r.decl().is("extern");
  }

  private Proposal search(SharedRoot root) {
    Type.Array outer = (Type.Array) root.type();
    Type.Array inner = innermost(outer);
    int before = KernelChecker.worstOf(sites, root.name());
    // accesses wider than the element (float4 loads of a float tile) must stay aligned: each row's bytes
    // must remain a multiple of the widest access
    long widest = inner.element().size();
    for (Site s : sites.values()) {
      if (s.root.name().equals(root.name())) widest = Math.max(widest, s.width);
    }
    // no padding goes below the floor: once a padding reaches it, later ones cannot be better
    int floor = floor(root, inner.size());
    if (floor >= before) return null;
    Map<SiteKey, Site> best = null;
    int bestWays = before;
    long bestLength = 0;
    try {
      for (int pad = 1; pad <= bank.banks() && bestWays > floor && !budget.exhausted() && budget.used() < stepLimit;
          pad++) {
        if ((inner.length() + pad) * inner.element().size() % widest != 0) continue;
        // a candidate whose recorded warps alone are as bad as the best so far cannot win: not analyzed
        if (!templateKernel
            && lowerBound(root, inner.size(), (inner.length() + pad) * inner.element().size()) >= bestWays) {
          continue;
        }
        program.overrideInnerDim(root.decl(), inner.length() + pad);
        Map<SiteKey, Site> after = reanalyze.get();
        if (budget.exhausted()) break; // an incomplete run cannot back a promise
        int ways = KernelChecker.worstOf(after, root.name());
        if (ways < bestWays) {
          best = after;
          bestWays = ways;
          bestLength = inner.length() + pad;
        }
      }
    } finally {
      program.clearOverrides();
    }
    if (best == null) return null;
    long elements = root.type().size() / inner.size() * bestLength;
    long bytesAfter = elements * inner.element().size();
    long extra = bytesAfter - root.type().size();
    List<Fix.Edit> edits = innerDimEdit(root, inner.length(), bestLength);
    // the declaration as it will read: the source's dimensions with the edit ([TILE][TILE + 1]), else the values
    String dims = edits.isEmpty() ? dimsText(outer, bestLength) : editedDims(root, edits.get(0));
    // the element type as written: 'T s[32][33]' in a template, not one instance's type
    TypeRef written = root.decl().type();
    String element = written.pointers() == 0 && written.templateArgs().isEmpty() && written.struct() == null
        ? written.base() : inner.element().display();
    String decl = element + " " + root.name() + dims;

    // what each access of the array becomes: from the edited text where it can be checked, else from the
    // re-analysis with the overridden dimension (also when the edited text is the overridden program)
    Map<SiteKey, KernelChecker.AfterSite> after = null;
    boolean sameProgram = verifier != null && !templateKernel && verifier.onlyResizes(edits, root.decl(), bestLength);
    // an edit of a header cannot be checked on the edited text of this file: kept only when it is that program
    if (!sameProgram && verifier != null && !edits.isEmpty() && !edits.get(0).file().equals(verifier.displayPath())) {
      edits = List.of();
    }
    FixVerifier.After text = verifier == null || sameProgram ? null : verifier.after(edits, kernel);
    if (text != null && text.broken()) {
      edits = List.of(); // the edit does not do what the override did
    } else if (text != null) {
      after = KernelChecker.afterFromText(text, kernel, sites, root.name());
      if (after == null) return null; // an access is no longer evaluated after the edit: nothing to promise
    }
    if (after == null) after = KernelChecker.afterFromSites(best, sites, root.name());
    if (after == null) return null;
    int worstAfter = KernelChecker.worstAfter(after);
    if (worstAfter >= before) return null;
    String effect = KernelChecker.effect(sites, root.name(), before, worstAfter, after);
    String description = "pad the inner dimension: '" + decl + "' " + effect + " (+" + extra
        + " bytes of shared memory)";
    return KernelChecker.proposal(root, Proposal.Kind.PADDING, before, worstAfter, extra, description, bytesAfter,
        edits, sites, after);
  }

  /**
   * The worst case that no padding of the inner dimension can lower: lanes of one worst warp that fall in
   * the same row keep their distance whatever the row length, so they still meet in their banks. 1 when
   * a lane's row is not known (an address with a warp-uniform symbolic part).
   */
  private int floor(SharedRoot root, long rowBytes) {
    int floor = 1;
    for (Site s : sites.values()) {
      if (!s.root.name().equals(root.name()) || s.worst == null) continue;
      WarpAccess a = s.worst.access();
      if (s.symbolicBase || a == null || rowBytes <= 0) return 1;
      Map<Long, boolean[]> rows = new HashMap<>();
      for (int l = 0; l < a.lanes(); l++) {
        if (!a.active()[l]) continue;
        rows.computeIfAbsent(Math.floorDiv(a.byteAddress()[l], rowBytes), r -> new boolean[a.lanes()])[l] = true;
      }
      for (boolean[] lanes : rows.values()) {
        floor = Math.max(floor, model.degree(a.byteAddress(), lanes, a.widthBytes(), a.kind()).ways());
      }
    }
    return floor;
  }

  /**
   * A lower bound of the array's worst case with rows of {@code newRowBytes}: the worst warp recorded at
   * each access subscripted by the array's name (not through a pointer, whose flat offsets need not follow
   * the rows), each lane moved to the same row and column of the padded array. Only the warps recorded so
   * far count, so the whole analysis can only be worse.
   */
  private int lowerBound(SharedRoot root, long rowBytes, long newRowBytes) {
    int bound = 1;
    for (Site s : sites.values()) {
      if (!s.root.name().equals(root.name()) || s.worst == null || s.symbolicBase || s.via != null) continue;
      WarpAccess a = s.worst.access();
      if (a == null) continue;
      long[] moved = new long[a.lanes()];
      for (int l = 0; l < moved.length; l++) {
        long address = a.byteAddress()[l];
        moved[l] = Math.floorDiv(address, rowBytes) * newRowBytes + Math.floorMod(address, rowBytes);
      }
      bound = Math.max(bound, model.degree(moved, a.active(), a.widthBytes(), a.kind()).ways());
    }
    return bound;
  }

  static Type.Array innermost(Type.Array a) {
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

  /** The declaration's dimensions as written, with the edit applied. */
  private String editedDims(SharedRoot root, Fix.Edit edit) {
    Pos start = root.decl().dimsStart();
    Pos end = root.decl().dimsEnd();
    String line = lines.of(start.file())[start.line() - 1];
    return line.substring(start.column() - 1, edit.column() - 1) + edit.replacement()
        + line.substring(edit.endColumn() - 1, end.column() - 1);
  }

  /**
   * Replaces the inner dimension's text in the declaration, when the declaration is on one line.
   */
  private List<Fix.Edit> innerDimEdit(SharedRoot root, long oldLength, long newLength) {
    Pos start = root.decl().dimsStart();
    Pos end = root.decl().dimsEnd();
    String[] text = start == null ? null : lines.of(start.file());
    if (start == null || end == null || start.line() != end.line() || start.line() > text.length) return List.of();
    String line = text[start.line() - 1];
    if (end.column() - 1 > line.length() || start.column() < 1) return List.of();
    String dims = line.substring(start.column() - 1, end.column() - 1);
    int open = dims.lastIndexOf('[');
    if (!dims.startsWith("[") || !dims.endsWith("]") || open < 0) return List.of();
    String innerText = dims.substring(open + 1, dims.length() - 1).trim();
    // a name or a sum/product of names and numbers takes "+ pad" as it is; anything else is parenthesized first
    String operand = innerText.matches("[\\w:]+(\\s*[-+*/]\\s*[\\w:]+)*") ? innerText : "(" + innerText + ")";
    String replacement = innerText.matches("\\d+") ? Long.toString(newLength) : operand + " + " + (newLength - oldLength);
    int col = start.column() + open + 1;
    return List.of(new Fix.Edit(start.file(), start.line(), col, end.line(), end.column() - 1, replacement));
  }
}
