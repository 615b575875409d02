package dev.bankcheck.check;

/**
 * The exact shortcuts of the analysis, each of which tests switch off to get the reference it must match:
 * one symbolic warp standing for all warps of a block, and loop iterations that would repeat the one before
 * not run again.
 */
record Shortcuts(boolean symbolicWarp, boolean skipRepeatedIterations) {
  static final Shortcuts ALL = new Shortcuts(true, true);
}
