package dev.bankcheck.check;

import dev.bankcheck.ir.Function;
import dev.bankcheck.ir.TranslationUnit;
import dev.bankcheck.sym.Program;
import dev.bankcheck.sym.WorkBudget;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The findings of a kernel written in a header, reused by the other files of the run that include it (ggml's
 * headers are included by hundreds of files). A kernel's analysis depends on the file only through what it asks:
 * the declarations it looks up by name ({@link Program#lookups()}: the same objects where they come from a header
 * parsed once for the run), its launches and explicit instantiations, the lines it reads (block annotations),
 * the padding edits it checks against the file's tokens, and the options. An entry keeps those answers; a file
 * whose answers are all alike gets the entry's findings, which its own analysis would find again. An analysis
 * that checked a fix on the file's own text, or that ran out of work, is not kept.
 */
final class KernelMemo {
  private record Entry(AnalysisOptions options, List<String> missingHeaders, Map<Program.Lookup, Object> lookups,
      List<BlockShapes.Launch> launches, List<TranslationUnit.InstantiationItem> instantiations,
      Map<String, Long> texts, List<FixVerifier.Resize> resizes, List<Finding> findings, long steps) {
    /** About the memory held, in lookups (a finding with its warps weighs about twenty). */
    int weight() {
      return 1 + lookups.size() + 20 * findings.size();
    }
  }

  /** Entries by kernel (the kernel's IR object: shared by the files that parse its header alike), newest last. */
  private static final Map<Function, List<Entry>> ENTRIES = new IdentityHashMap<>();
  /**
   * Kernels analyzed once, by identity hash (a collision only keeps an entry early): an entry is kept from the
   * second analysis on, so a header included once holds no memory.
   */
  private static final java.util.Set<Integer> SEEN = new java.util.HashSet<>();
  /**
   * Bounds: entries per kernel (each file that differs, such as a template instance, adds one: they are all
   * compared), and the weight of all entries, past which every entry is dropped.
   */
  private static final int MAX_ENTRIES_PER_KERNEL = 8;
  private static final int MAX_WEIGHT = 400_000;
  private static final int MAX_SEEN = 100_000;
  private static int weight;
  private static final java.util.concurrent.atomic.AtomicLong REUSED = new java.util.concurrent.atomic.AtomicLong();

  /** How many analyses were reused, for tests. */
  static long reused() {
    return REUSED.get();
  }

  private final Program program;
  private final AnalysisOptions options;
  private final List<String> missingHeaders;
  private final FileLines lines;
  private final FixVerifier verifier;
  private final WorkBudget budget;

  KernelMemo(Program program, AnalysisOptions options, List<String> missingHeaders, FileLines lines,
      FixVerifier verifier, WorkBudget budget) {
    this.program = program;
    this.options = options;
    this.missingHeaders = List.copyOf(missingHeaders);
    this.lines = lines;
    this.verifier = verifier;
    this.budget = budget;
  }

  /** The kernel's findings: an entry's, where this file answers alike, else {@code analyze}'s (kept when it can be). */
  List<Finding> findings(Function kernel, Supplier<List<Finding>> analyze) {
    List<BlockShapes.Launch> launches = BlockShapes.findLaunches(kernel.name(), program);
    List<TranslationUnit.InstantiationItem> instantiations = instantiationsOf(kernel);
    if (launches.isEmpty() && instantiations.isEmpty()) launches = BlockShapes.findUses(kernel.name(), program);
    boolean seen;
    List<Entry> entries;
    synchronized (ENTRIES) {
      if (SEEN.size() > MAX_SEEN) SEEN.clear();
      seen = !SEEN.add(System.identityHashCode(kernel));
      entries = ENTRIES.getOrDefault(kernel, List.of());
    }
    for (Entry e : entries) {
      // the work is charged as if it were done; where it might not be done in full, it is done
      if (budget.left() > 2 * e.steps() && !budget.exhausted() && alike(e, launches, instantiations)) {
        budget.spend(e.steps());
        REUSED.incrementAndGet();
        return e.findings();
      }
    }
    verifier.record();
    long start = budget.used();
    List<Finding> found = analyze.get();
    if (seen && !verifier.textUsed() && !budget.exhausted()) {
      keep(kernel, new Entry(options, missingHeaders, program.lookups(), launches, instantiations,
          digests(lines.askedTexts()), verifier.resizes(), List.copyOf(found), budget.used() - start));
    }
    return found;
  }

  private static void keep(Function kernel, Entry e) {
    synchronized (ENTRIES) {
      if (weight + e.weight() > MAX_WEIGHT) {
        ENTRIES.clear();
        weight = 0;
      }
      List<Entry> list = new ArrayList<>(ENTRIES.getOrDefault(kernel, List.of()));
      if (list.size() == MAX_ENTRIES_PER_KERNEL) weight -= list.remove(0).weight();
      list.add(e);
      weight += e.weight();
      ENTRIES.put(kernel, List.copyOf(list));
    }
  }

  /**
   * The texts, each as its length and hash: within a run a file's text does not change (entries of another run
   * have other options), and keeping every file's copy of its headers' texts would hold megabytes.
   */
  private static Map<String, Long> digests(Map<String, String> texts) {
    Map<String, Long> out = new java.util.HashMap<>();
    texts.forEach((path, text) -> out.put(path, digest(text)));
    return out;
  }

  private static Long digest(String text) {
    return text == null ? null : (long) text.length() << 32 | (text.hashCode() & 0xffffffffL);
  }

  private boolean alike(Entry e, List<BlockShapes.Launch> launches,
      List<TranslationUnit.InstantiationItem> instantiations) {
    if (e.options() != options || !e.missingHeaders().equals(missingHeaders)
        || !sameObjects(e.instantiations(), instantiations) || !sameLaunches(e.launches(), launches)) {
      return false;
    }
    for (Map.Entry<String, Long> t : e.texts().entrySet()) {
      if (!Objects.equals(digest(lines.text(t.getKey())), t.getValue())) return false;
    }
    if (!program.answersAlike(e.lookups())) return false;
    for (FixVerifier.Resize r : e.resizes()) {
      if (verifier.onlyResizes(r.edits(), r.decl(), r.length()) != r.answer()) return false;
    }
    return true;
  }

  private List<TranslationUnit.InstantiationItem> instantiationsOf(Function kernel) {
    List<TranslationUnit.InstantiationItem> out = new ArrayList<>();
    for (TranslationUnit.InstantiationItem i : program.instantiations()) {
      if (BlockShapes.simpleName(i.name()).equals(kernel.name())) out.add(i);
    }
    return out;
  }

  private static boolean sameObjects(List<?> a, List<?> b) {
    if (a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); i++) {
      if (a.get(i) != b.get(i)) return false;
    }
    return true;
  }

  private static boolean sameLaunches(List<BlockShapes.Launch> a, List<BlockShapes.Launch> b) {
    if (a.size() != b.size()) return false;
    for (int i = 0; i < a.size(); i++) {
      BlockShapes.Launch x = a.get(i);
      BlockShapes.Launch y = b.get(i);
      // (a launch through the runtime API, or a use, is made anew for each file: alike where equal)
      if (x.expr() != y.expr() && !x.expr().equals(y.expr()) || !x.pos().equals(y.pos()) || !x.caller().equals(y.caller())
          || !Arrays.equals(x.block(), y.block()) || !x.args().equals(y.args()) || !x.constants().equals(y.constants())) {
        return false;
      }
    }
    return true;
  }
}
