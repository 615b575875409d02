package dev.bankcheck.sym;

/** The values of small integers, made once: every lane of every warp uses them (values are never changed). */
final class SmallNums {
  private SmallNums() {}

  static final long MIN = -128;
  static final long MAX = 1023;
  private static final Val.Num[] NUMS = new Val.Num[(int) (MAX - MIN + 1)];

  static {
    for (int i = 0; i < NUMS.length; i++) NUMS[i] = new Val.Num(Poly.of(i + MIN));
  }

  static Val.Num num(long v) {
    return v >= MIN && v <= MAX ? NUMS[(int) (v - MIN)] : new Val.Num(Poly.of(v));
  }
}
