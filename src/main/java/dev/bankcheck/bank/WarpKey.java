package dev.bankcheck.bank;

import java.util.Arrays;

/**
 * A warp access as a hash key, up to a uniform shift by a multiple of a period: the lane addresses
 * relative to the multiple of the period at or below the first active lane's address, the mask, and
 * the caller's parameters. Two accesses that differ by such a shift get equal keys; the caller picks
 * a period under which everything it evaluates keeps its degree (a multiple of the bank width always
 * does: it rotates every lane's bank by the same amount). Period 1 keeps the addresses relative to the
 * first active lane's; period 0 keeps them as they are.
 */
public final class WarpKey {
  private final long[] v;
  private final int params;
  private final int lanes;
  private final int hash;

  private WarpKey(long[] v, int params, int lanes) {
    this.v = v;
    this.params = params;
    this.lanes = lanes;
    this.hash = Arrays.hashCode(v);
  }

  /**
   * @param period the shift that does not matter (0: every address counts as it is)
   * @param params the caller's parameters that decide the outcome besides the lanes (width, ...)
   */
  public static WarpKey of(long[] byteAddress, boolean[] active, long period, long... params) {
    int n = byteAddress.length;
    int maskWords = (n + 63) / 64;
    long[] v = new long[params.length + maskWords + n];
    System.arraycopy(params, 0, v, 0, params.length);
    long base = 0;
    boolean first = true;
    for (int l = 0; l < n; l++) {
      if (!active[l]) {
        continue;
      }
      if (first) {
        base = period > 0 ? Math.floorDiv(byteAddress[l], period) * period : 0;
        first = false;
      }
      v[params.length + l / 64] |= 1L << (l % 64);
      v[params.length + maskWords + l] = byteAddress[l] - base;
    }
    return new WarpKey(v, params.length, n);
  }

  public int lanes() {
    return lanes;
  }

  public boolean active(int lane) {
    return (v[params + lane / 64] & (1L << (lane % 64))) != 0;
  }

  /** The lane's address as kept (relative to the base; 0 for an inactive lane). */
  public long address(int lane) {
    return v[params + (lanes + 63) / 64 + lane];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WarpKey k && hash == k.hash && Arrays.equals(v, k.v);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
