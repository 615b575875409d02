package dev.bankcheck.bank;

import java.util.Arrays;

/**
 * One lane group ("phase") of a warp instruction and the evidence for its pass count.
 *
 * @param firstLane first lane of the group's lane range (whether active or not)
 * @param lastLane last lane of the group's lane range
 * @param passes passes the group needs: max distinct words in one bank (for atomics also at least
 *     the largest number of lanes on one word; for copies, each word counted once per lane on it)
 * @param worstBank a bank that attains {@code passes}; ties go to the bank of the lowest lane, or where every bank
 *     holds one word, to the bank of the first word most lanes share
 * @param lanesInWorstBank active lanes with at least one word in the worst bank, ascending
 * @param wordsInWorstBank distinct words of the group in the worst bank, ascending
 * @param maxLanesOnOneWord the largest number of active lanes that touch one common word
 * @param distinctWords number of distinct words the group touches
 * @param distinctBanks number of distinct banks the group touches
 */
public record GroupResult(
    int firstLane,
    int lastLane,
    int passes,
    int worstBank,
    int[] lanesInWorstBank,
    long[] wordsInWorstBank,
    int maxLanesOnOneWord,
    int distinctWords,
    int distinctBanks) {

  public GroupResult {
    // Defensive copies keep the record immutable.
    lanesInWorstBank = lanesInWorstBank.clone();
    wordsInWorstBank = wordsInWorstBank.clone();
  }

  @Override
  public int[] lanesInWorstBank() {
    return lanesInWorstBank.clone();
  }

  @Override
  public long[] wordsInWorstBank() {
    return wordsInWorstBank.clone();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GroupResult g
        && firstLane == g.firstLane
        && lastLane == g.lastLane
        && passes == g.passes
        && worstBank == g.worstBank
        && maxLanesOnOneWord == g.maxLanesOnOneWord
        && distinctWords == g.distinctWords
        && distinctBanks == g.distinctBanks
        && Arrays.equals(lanesInWorstBank, g.lanesInWorstBank)
        && Arrays.equals(wordsInWorstBank, g.wordsInWorstBank);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * (31 * firstLane + passes) + worstBank) + Arrays.hashCode(wordsInWorstBank);
  }

  @Override
  public String toString() {
    return "GroupResult[lanes " + firstLane + "-" + lastLane + ", passes=" + passes
        + ", worstBank=" + worstBank + ", lanesInWorstBank=" + Arrays.toString(lanesInWorstBank)
        + ", wordsInWorstBank=" + Arrays.toString(wordsInWorstBank)
        + ", maxLanesOnOneWord=" + maxLanesOnOneWord + ", distinctWords=" + distinctWords
        + ", distinctBanks=" + distinctBanks + "]";
  }
}
