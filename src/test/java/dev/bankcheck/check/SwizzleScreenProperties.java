package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.WarpDegree;
import dev.bankcheck.sym.SharedRoot;
import dev.bankcheck.types.Type;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * The swizzle screening keeps each lane pattern once with its shifts, and evaluates late: its outcome per
 * candidate must be the worst of evaluating every access under every candidate, one by one.
 */
class SwizzleScreenProperties {
  private static final int LANES = 32;

  @Property(tries = 300)
  void screenedOutcomesAreTheWorstOfEveryAccess(
      @ForAll("elementSizes") int esize,
      @ForAll @IntRange(min = 1, max = 7) int colsLog,
      @ForAll @IntRange(min = 1, max = 80) int rows,
      @ForAll @IntRange(min = 1, max = 40) int accesses,
      @ForAll @IntRange(min = 0, max = 40) int splitAt,
      @ForAll("kinds") AccessKind kind,
      @ForAll("configs") BankConfig cfg,
      @ForAll long seed) {
    int cols = 1 << colsLog;
    SharedRoot root = new SharedRoot("t", new Type.Array(new Type.Array(scalar(esize), cols), rows), null, null);
    List<int[]> candidates = candidates(cols);
    BankModel model = new BankModel(cfg);
    Random rnd = new Random(seed);
    long[] pattern = null;
    WarpDegree[] want = new WarpDegree[candidates.size()];
    SwizzleSearch.Screen first = new SwizzleSearch.Screen(model, candidates);
    SwizzleSearch.Screen second = new SwizzleSearch.Screen(model, candidates);
    long elements = (long) rows * cols;
    for (int a = 0; a < accesses; a++) {
      boolean[] active = new boolean[LANES];
      long[] addr = new long[LANES];
      if (pattern == null || rnd.nextInt(4) == 0) {
        // a new lane pattern: lanes along a row, down a column, or anywhere
        pattern = new long[LANES];
        int stride = rnd.nextInt(3) == 0 ? cols : 1 + rnd.nextInt(3);
        for (int l = 0; l < LANES; l++) {
          long e = rnd.nextInt(5) == 0 ? rnd.nextInt((int) Math.min(elements, 1 << 20)) : (long) l * stride;
          pattern[l] = e * esize;
        }
      }
      // the pattern shifted by whole elements or rows, as loops and warps do
      long shift = (rnd.nextBoolean() ? rnd.nextInt(64) : (long) rnd.nextInt(rows + 33) * cols) * esize;
      for (int l = 0; l < LANES; l++) {
        active[l] = rnd.nextInt(8) != 0;
        addr[l] = pattern[l] + shift;
      }
      for (int i = 0; i < candidates.size(); i++) {
        long[] swizzled = SwizzleSearch.swizzle(root, addr, active, candidates.get(i));
        WarpDegree d = WarpDegree.of(model.evaluate(swizzled, active, esize, kind));
        if (want[i] == null || KernelChecker.worse(d, want[i])) want[i] = d;
      }
      (a < splitAt ? first : second).add(root, addr, active, esize, kind);
    }
    SwizzleSearch.Screen merged = first.copy();
    merged.merge(second);
    // equally bad outcomes may differ in their number of groups: which one is kept is not part of the contract
    assertArrayEquals(worstness(want), worstness(merged.results()));
  }

  private static String[] worstness(WarpDegree[] ds) {
    String[] out = new String[ds.length];
    for (int i = 0; i < ds.length; i++) {
      out[i] = ds[i] == null ? null : ds[i].ways() + "-way, " + ds[i].wavefronts() + " wavefronts, broadcast "
          + ds[i].broadcast();
    }
    return out;
  }

  /** The per-lane row and column split against the formula written out. */
  @Property(tries = 300)
  void swizzleMovesColumnsWithinTheirRow(
      @ForAll("elementSizes") int esize,
      @ForAll @IntRange(min = 1, max = 7) int colsLog,
      @ForAll @IntRange(min = 1, max = 5) int kLog,
      @ForAll @IntRange(min = 0, max = 3) int gLog,
      @ForAll long seed) {
    int cols = 1 << colsLog;
    SharedRoot root = new SharedRoot("t", new Type.Array(new Type.Array(scalar(esize), cols), 64), null, null);
    Random rnd = new Random(seed);
    long[] addr = new long[LANES];
    boolean[] active = new boolean[LANES];
    for (int l = 0; l < LANES; l++) {
      addr[l] = rnd.nextInt(1 << 16) - (1 << 12);
      active[l] = rnd.nextInt(6) != 0;
    }
    int[] kg = {1 << kLog, 1 << gLog};
    long[] want = addr.clone();
    for (int l = 0; l < LANES; l++) {
      if (!active[l]) continue;
      long e = Math.floorDiv(addr[l], esize);
      long r = Math.floorDiv(e, cols);
      long c = e - r * cols;
      want[l] = (r * cols + (c ^ (Math.floorMod(r, kg[0]) * kg[1]))) * esize + (addr[l] - e * esize);
    }
    assertArrayEquals(want, SwizzleSearch.swizzle(root, addr, active, kg));
  }

  private static Type.Scalar scalar(int size) {
    return new Type.Scalar("e" + size, size, size, true, true);
  }

  /** As {@link SwizzleSearch#candidates} for a C-column row. */
  private static List<int[]> candidates(int c) {
    List<int[]> out = new ArrayList<>();
    for (int k = 2; k <= 32 && k <= c; k *= 2) {
      for (int g = 1; g <= 8 && (long) k * g <= c; g *= 2) out.add(new int[] {k, g});
    }
    return out;
  }

  @Provide
  Arbitrary<Integer> elementSizes() {
    return Arbitraries.of(1, 2, 4, 8, 16);
  }

  @Provide
  Arbitrary<AccessKind> kinds() {
    return Arbitraries.of(AccessKind.class);
  }

  @Provide
  Arbitrary<BankConfig> configs() {
    return Arbitraries.of(BankConfig.DEFAULT, BankConfig.DEFAULT, new BankConfig(16, 4, LANES),
        new BankConfig(32, 8, LANES), new BankConfig(24, 4, LANES));
  }
}
