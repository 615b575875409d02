package dev.bankcheck.bank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Keys of warp accesses: equal exactly for shifts by whole periods. */
class WarpKeyTest {
  private static final int LANES = 32;

  @Property(tries = 500)
  void shiftsByWholePeriodsGiveEqualKeys(
      @ForAll("addresses") long[] addr,
      @ForAll("masks") boolean[] active,
      @ForAll @LongRange(min = 1, max = 8192) long period,
      @ForAll @IntRange(min = -50, max = 50) int periods,
      @ForAll @IntRange(min = 1, max = 16) int width) {
    long[] shifted = shift(addr, period * periods);
    assertEquals(WarpKey.of(addr, active, period, width), WarpKey.of(shifted, active, period, width));
  }

  @Property(tries = 500)
  void otherShiftsGiveOtherKeys(
      @ForAll("addresses") long[] addr,
      @ForAll("masks") boolean[] active,
      @ForAll @LongRange(min = 2, max = 8192) long period,
      @ForAll @LongRange(min = -100_000, max = 100_000) long by) {
    boolean any = false;
    for (boolean a : active) any |= a;
    if (!any || by % period == 0) return;
    assertNotEquals(WarpKey.of(addr, active, period), WarpKey.of(shift(addr, by), active, period));
  }

  @Property(tries = 200)
  void lanesRelativeToTheFirstActiveOne(@ForAll("addresses") long[] addr, @ForAll("masks") boolean[] active) {
    WarpKey relative = WarpKey.of(addr, active, 1, 7);
    WarpKey absolute = WarpKey.of(addr, active, 0, 7);
    int first = -1;
    for (int l = 0; l < LANES; l++) {
      assertEquals(active[l], relative.active(l));
      if (!active[l]) {
        assertEquals(0, relative.address(l));
        continue;
      }
      if (first < 0) first = l;
      assertEquals(addr[l] - addr[first], relative.address(l));
      assertEquals(addr[l], absolute.address(l));
    }
  }

  @Property(tries = 200)
  void parametersAndMasksCount(@ForAll("addresses") long[] addr, @ForAll("masks") boolean[] active,
      @ForAll @IntRange(min = 0, max = LANES - 1) int lane) {
    assertNotEquals(WarpKey.of(addr, active, 4, 4), WarpKey.of(addr, active, 4, 8));
    boolean[] other = active.clone();
    other[lane] = !other[lane];
    assertNotEquals(WarpKey.of(addr, active, 0), WarpKey.of(addr, other, 0));
  }

  private static long[] shift(long[] addr, long by) {
    long[] out = addr.clone();
    for (int l = 0; l < out.length; l++) out[l] += by;
    return out;
  }

  @Provide
  Arbitrary<long[]> addresses() {
    return Arbitraries.longs().between(-1 << 16, 1 << 16).array(long[].class).ofSize(LANES);
  }

  @Provide
  Arbitrary<boolean[]> masks() {
    return Arbitraries.of(true, false).array(boolean[].class).ofSize(LANES);
  }
}
