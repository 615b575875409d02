package dev.bankcheck.bank;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The bank model's verdict on one warp instruction.
 *
 * <p>A warp with no active lane is "empty": ways 1 (nothing conflicts), wavefronts 0, ideal 0, no
 * groups; {@link #empty()} tells it apart from a conflict-free access.
 *
 * @param ways the largest pass count over the lane groups (1 = conflict-free)
 * @param wavefronts sum of the pass counts over the non-empty groups
 * @param idealWavefronts number of non-empty groups (excess = wavefronts - ideal is what Nsight
 *     Compute reports as bank conflicts)
 * @param broadcast every active lane touches exactly the same word set, and more than one lane is
 *     active
 * @param groups the non-empty lane groups in lane order, each with its evidence
 * @param strideBytes the byte stride s when every active lane's address is a(l0) + s*(l - l0)
 *     (needs at least 2 active lanes); empty otherwise
 * @param activeLanes number of active lanes in the warp
 * @param widthBytes bytes accessed per lane
 * @param kind load, store or atomic
 * @param config the bank geometry used
 * @param access the lane addresses and mask that were evaluated (the evidence reports draw)
 */
public record WarpResult(
    int ways,
    int wavefronts,
    int idealWavefronts,
    boolean broadcast,
    List<GroupResult> groups,
    OptionalLong strideBytes,
    int activeLanes,
    int widthBytes,
    AccessKind kind,
    BankConfig config,
    WarpAccess access) {

  public WarpResult {
    groups = List.copyOf(groups);
  }

  /** True when no lane was active (then ways is 1 and there are no wavefronts). */
  public boolean empty() {
    return idealWavefronts == 0;
  }

  /** Wavefronts beyond the minimum: Nsight Compute's "bank conflicts" for this instruction. */
  public int excessWavefronts() {
    return wavefronts - idealWavefronts;
  }

  /** The first group with the largest pass count, the evidence a report shows. */
  public Optional<GroupResult> worstGroup() {
    GroupResult worst = null;
    for (GroupResult g : groups) {
      if (worst == null || g.passes() > worst.passes()) {
        worst = g;
      }
    }
    return Optional.ofNullable(worst);
  }
}
