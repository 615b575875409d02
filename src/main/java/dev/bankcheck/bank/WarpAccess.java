package dev.bankcheck.bank;

import java.util.Arrays;

/**
 * The input of one evaluation, kept as evidence: the byte address of every lane (relative to the
 * start of the shared array, meaningful only where {@code active}), the access width and kind.
 * Reports draw the warp's banks from it; it is exactly what {@link BankModel#evaluate} was given.
 */
public record WarpAccess(long[] byteAddress, boolean[] active, int widthBytes, AccessKind kind) {

  public WarpAccess {
    byteAddress = byteAddress.clone();
    active = active.clone();
  }

  @Override
  public long[] byteAddress() {
    return byteAddress.clone();
  }

  @Override
  public boolean[] active() {
    return active.clone();
  }

  public boolean isActive(int lane) {
    return active[lane];
  }

  public long address(int lane) {
    return byteAddress[lane];
  }

  public int lanes() {
    return active.length;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WarpAccess w && widthBytes == w.widthBytes && kind == w.kind
        && Arrays.equals(byteAddress, w.byteAddress) && Arrays.equals(active, w.active);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(byteAddress) + Arrays.hashCode(active) + widthBytes;
  }

  @Override
  public String toString() {
    return "WarpAccess[" + widthBytes + " bytes " + kind + " " + Arrays.toString(byteAddress) + "]";
  }
}
