package dev.bankcheck.bank;

/**
 * The numbers of a {@link WarpResult} that say how bad an access is, without its evidence: what a
 * caller needs that only compares outcomes ({@link BankModel#degree}).
 *
 * @param ways the largest pass count over the lane groups (1 when no lane is active)
 * @param wavefronts sum of the pass counts over the non-empty groups
 * @param idealWavefronts number of non-empty groups
 * @param broadcast every active lane touches the same words, and more than one lane is active
 */
public record WarpDegree(int ways, int wavefronts, int idealWavefronts, boolean broadcast) {

  /** The same numbers as a full result. */
  public static WarpDegree of(WarpResult r) {
    return new WarpDegree(r.ways(), r.wavefronts(), r.idealWavefronts(), r.broadcast());
  }

  /** True when no lane was active. */
  public boolean empty() {
    return idealWavefronts == 0;
  }
}
