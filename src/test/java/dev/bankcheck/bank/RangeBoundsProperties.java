package dev.bankcheck.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Bounds for addresses that move with bounded data ({@link BankModel#rangeBounds}) against every choice of the
 * data, each evaluated lane by lane ({@link BankModelProperties#laneByLaneEnumeration}).
 */
class RangeBoundsProperties {
  private static final int LANES = 32;
  private final BankConfig cfg = BankConfig.DEFAULT;

  @Property(tries = 600)
  void boundsAreTheExtremesOfEveryChoice(
      @ForAll("widths") int width,
      @ForAll("kinds") AccessKind kind,
      @ForAll("windows") long[] exact,
      @ForAll @IntRange(min = 1, max = 4) int dataLanes,
      @ForAll("laneSeeds") int[] seeds,
      @ForAll @IntRange(min = 1, max = 40) int stepWords,
      @ForAll @IntRange(min = 0, max = 3) int span) {
    long[] base = new long[LANES];
    long[] step = new long[LANES];
    long[] lo = new long[LANES];
    long[] hi = new long[LANES];
    boolean[] active = new boolean[LANES];
    for (int l = 0; l < LANES; l++) {
      base[l] = exact[l] * width;
      active[l] = true;
    }
    int[] moving = new int[dataLanes];
    for (int i = 0; i < dataLanes; i++) {
      int l = Math.floorMod(seeds[i], LANES);
      moving[i] = l;
      step[l] = (long) stepWords * 4 * Math.max(1, width / 4);
      lo[l] = -seeds[i + 4] % 3;
      hi[l] = lo[l] + span;
    }
    Bounds b = new BankModel(cfg).rangeBounds(base, step, lo, hi, active, width, kind, -1);
    int worst = Integer.MIN_VALUE;
    int best = Integer.MAX_VALUE;
    // every choice of k for each moving lane (a lane listed twice moves once)
    int choices = 1;
    for (int i = 0; i < dataLanes; i++) choices *= span + 1;
    for (int c = 0; c < choices; c++) {
      long[] addr = base.clone();
      int rest = c;
      for (int l : moving) {
        addr[l] = base[l] + step[l] * (lo[l] + rest % (span + 1));
        rest /= span + 1;
      }
      int ways = BankModelProperties.laneByLaneEnumeration(addr, active, width, kind, cfg).ways();
      worst = Math.max(worst, ways);
      best = Math.min(best, ways);
    }
    assertEquals(worst, b.worst(), "worst: " + b);
    assertTrue(best <= b.best() && b.best() <= b.worst(), "best " + best + ": " + b);
    // a best case that the text does not qualify is the least one
    if (!b.bestCase().contains("no choice can do better")) assertEquals(best, b.best(), "best: " + b);
  }

  @Provide
  Arbitrary<Integer> widths() {
    return Arbitraries.of(1, 2, 4, 8, 16);
  }

  @Provide
  Arbitrary<AccessKind> kinds() {
    return Arbitraries.of(AccessKind.class);
  }

  /** Element indices of the exact lanes: a window small enough that lanes collide. */
  @Provide
  Arbitrary<long[]> windows() {
    return Arbitraries.oneOf(
        Arbitraries.longs().between(0, 64).array(long[].class).ofSize(LANES),
        Arbitraries.longs().between(0, 3).map(k -> k * 32).array(long[].class).ofSize(LANES));
  }

  @Provide
  Arbitrary<int[]> laneSeeds() {
    return Arbitraries.integers().between(0, 1000).array(int[].class).ofSize(8);
  }
}
