package dev.bankcheck.check;

import dev.bankcheck.bank.WarpAccess;
import dev.bankcheck.source.Pos;
import java.util.List;

/**
 * One shared-memory access and its verdict (one entry of the JSON {@code accesses} list).
 * Checks build these; reporters render them. {@code ways}, {@code wavefronts}, {@code idealWavefronts}
 * and {@code strideBytes} are null when not known. {@code worstWays}/{@code bestWays} are set for
 * data-dependent accesses. {@code lanes} is the evaluated warp behind the verdict (the worst one), null
 * when nothing was evaluated. {@code widthBytes} is 0 for a use in code the parser skipped (never evaluated).
 */
public record Finding(
    Pos pos,
    String ruleId,
    String kernel,
    String array,
    String via,
    Op op,
    int widthBytes,
    Integer ways,
    Integer wavefronts,
    Integer idealWavefronts,
    Long strideBytes,
    Verdict verdict,
    Integer worstWays,
    Integer bestWays,
    boolean suppressed,
    String reason,
    List<String> assumptions,
    Fix fix,
    WarpAccess lanes) {

  public Finding withSuppressed(boolean s) {
    return new Finding(pos, ruleId, kernel, array, via, op, widthBytes, ways, wavefronts, idealWavefronts,
        strideBytes, verdict, worstWays, bestWays, s, reason, assumptions, fix, lanes);
  }

  /** Without the evaluated warps (here and in the fix), with {@code sharedAssumptions} equal to {@link #assumptions}. */
  public Finding withoutLanes(List<String> sharedAssumptions) {
    return new Finding(pos, ruleId, kernel, array, via, op, widthBytes, ways, wavefronts, idealWavefronts,
        strideBytes, verdict, worstWays, bestWays, suppressed, reason, sharedAssumptions,
        fix == null ? null : new Fix(fix.description(), fix.waysAfter(), fix.sharedBytesAfter(), fix.edits()), null);
  }

  public Finding withExplanation(String why, List<String> assuming) {
    return new Finding(pos, ruleId, kernel, array, via, op, widthBytes, ways, wavefronts, idealWavefronts,
        strideBytes, verdict, worstWays, bestWays, suppressed, why, assuming, fix, lanes);
  }

  public Finding withFix(Fix f) {
    return new Finding(pos, ruleId, kernel, array, via, op, widthBytes, ways, wavefronts, idealWavefronts,
        strideBytes, verdict, worstWays, bestWays, suppressed, reason, assumptions, f, lanes);
  }
}
