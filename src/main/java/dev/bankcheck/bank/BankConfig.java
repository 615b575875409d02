package dev.bankcheck.bank;

/** The bank model's parameters: number of banks, bytes per bank word, lanes per warp. */
public record BankConfig(int banks, int bankBytes, int warpSize) {
  public static final BankConfig DEFAULT = new BankConfig(32, 4, 32);
  /**
   * The largest banks, bank bytes and warp size accepted: a block has at most 1024 threads, and larger banks
   * model no GPU while the analysis slows with their product (--bank-bytes 2000000000 took minutes per file).
   */
  public static final int MAX = 1024;

  public BankConfig {
    if (banks < 1 || bankBytes < 1 || warpSize < 1) {
      throw new IllegalArgumentException("banks, bank bytes and warp size must be positive");
    }
  }
}
