package dev.bankcheck.bank;

import java.util.Optional;

/**
 * One-sentence reasons for a {@link WarpResult}, in the user's terms: strides, lanes, banks and
 * words. Bank numbers are relative to the word addresses the model was given.
 */
public final class Explain {
  static final String ATOMIC_NOTE =
      " (atomic: lanes on the same address serialize; this rule is a heuristic until measured on a GPU)";
  /** Longer lane or word lists are abbreviated. */
  private static final int LIST_LIMIT = 6;

  private Explain() {}

  /** The reason, taking the element size to be the access width. */
  public static String reason(WarpResult r) {
    return reason(r, r.widthBytes());
  }

  /**
   * The reason for one warp instruction's verdict.
   *
   * @param elementBytes size of the array element, used to explain sub-word sharing
   */
  public static String reason(WarpResult r, int elementBytes) {
    String note = r.kind() == AccessKind.ATOMIC ? ATOMIC_NOTE : "";
    Optional<GroupResult> worst = r.worstGroup();
    if (worst.isEmpty()) {
      return "no lane is active, so nothing is accessed";
    }
    GroupResult g = worst.get();
    if (r.activeLanes() == 1) {
      return "only lane " + g.lanesInWorstBank()[0] + " is active: conflict-free" + note;
    }
    if (r.broadcast()) {
      return broadcast(r, g) + note;
    }
    BankConfig cfg = r.config();
    int groupSize = BankModel.lanesPerGroup(r.widthBytes(), cfg);
    if (groupSize < cfg.warpSize()) {
      return groupPrefix(r, groupSize) + groupBody(r, g) + note;
    }
    return wholeWarpBody(r, g, elementBytes) + note;
  }

  private static String broadcast(WarpResult r, GroupResult g) {
    String lanes =
        r.activeLanes() == r.config().warpSize()
            ? "all " + r.activeLanes() + " lanes"
            : "all " + r.activeLanes() + " active lanes";
    String what = g.distinctWords() == 1 ? "the same word" : "the same " + g.distinctWords() + " words";
    return switch (r.kind()) {
      case LOAD -> lanes + " read " + what + ": broadcast";
      case STORE -> lanes + " write " + what + ": one write wins, conflict-free";
      case ATOMIC -> lanes + " update " + what + ": " + r.ways() + " serialized updates";
      case COPY -> lanes + " copy to " + what; // (never: copies to one word are not merged, see bankEvidence)
    };
  }

  /** "8-byte accesses are served per half-warp (lanes 0-15, 16-31); " */
  private static String groupPrefix(WarpResult r, int groupSize) {
    int warp = r.config().warpSize();
    String unit =
        groupSize * 2 == warp
            ? "half-warp"
            : groupSize * 4 == warp ? "quarter-warp" : "group of " + groupSize + " lanes";
    StringBuilder ranges = new StringBuilder("lanes ");
    int count = (warp + groupSize - 1) / groupSize;
    for (int i = 0; i < count; i++) {
      if (count > 4 && i == 2) {
        ranges.append("... ");
        i = count - 1;
      }
      int first = i * groupSize;
      int last = Math.min(warp, first + groupSize) - 1;
      ranges.append(first == last ? Integer.toString(first) : first + "-" + last);
      if (i < count - 1) {
        ranges.append(", ");
      }
    }
    return r.widthBytes() + "-byte accesses are served per " + unit + " (" + ranges + "); ";
  }

  private static String groupBody(WarpResult r, GroupResult g) {
    if (r.ways() == 1) {
      return "each group is conflict-free (" + r.wavefronts() + (r.wavefronts() == 1 ? " wavefront" : " wavefronts")
          + ", the minimum)";
    }
    return bankEvidence(r, g, false) + ": " + r.wavefronts() + " wavefronts instead of "
        + r.idealWavefronts();
  }

  private static String wholeWarpBody(WarpResult r, GroupResult g, int elementBytes) {
    BankConfig cfg = r.config();
    int bankBytes = cfg.bankBytes();
    if (r.strideBytes().isPresent()
        && r.strideBytes().getAsLong() % bankBytes == 0
        && r.widthBytes() <= bankBytes) {
      return affineWords(r, g);
    }
    if (r.ways() == 1) {
      String free = g.distinctWords() + " words in " + g.distinctBanks() + " banks, conflict-free";
      if (elementBytes < bankBytes && g.maxLanesOnOneWord() > 1 && g.wordsInWorstBank().length == 1) {
        // With ways 1 the worst bank holds one word, and its lanes are the ones sharing it.
        return lanes(g.lanesInWorstBank()) + " share word " + g.wordsInWorstBank()[0] + " ("
            + elementBytes + "-byte elements, " + bankBytes / elementBytes + " per word): " + free;
      }
      return free;
    }
    return bankEvidence(r, g, false);
  }

  /** Lane addresses a whole number of words apart: the closed form applies to a full warp. */
  private static String affineWords(WarpResult r, GroupResult g) {
    BankConfig cfg = r.config();
    long strideBytes = r.strideBytes().getAsLong();
    long words = strideBytes / cfg.bankBytes();
    long magnitude = Math.abs(words);
    StringBuilder text = new StringBuilder("lane stride ").append(words)
        .append(magnitude == 1 ? " word" : " words");
    if (r.widthBytes() < cfg.bankBytes() || magnitude >= cfg.banks()) {
      text.append(" (").append(strideBytes).append(" bytes)");
    }
    text.append(": ");
    if (r.ways() == 1 && magnitude == 1) {
      return text.append("every lane hits a different bank").toString();
    }
    int gcd = BankModel.closedFormWays(words, cfg.banks());
    boolean closedFormApplies = r.activeLanes() == cfg.warpSize() && gcd == r.ways();
    if (closedFormApplies) {
      text.append("gcd(").append(magnitude).append(", ").append(cfg.banks()).append(") = ")
          .append(gcd).append(", ");
      if (gcd == 1) {
        return text.append(g.distinctBanks()).append(" distinct banks").toString();
      }
      return text.append(bankEvidence(r, g, true)).toString();
    }
    if (r.ways() == 1) {
      return text.append(g.distinctBanks()).append(" distinct banks, conflict-free").toString();
    }
    return text.append(bankEvidence(r, g, false)).toString();
  }

  /** "lanes 0 and 16 hit bank 0 (words 0 and 32)" and its variants. */
  private static String bankEvidence(WarpResult r, GroupResult g, boolean closedForm) {
    int[] lanes = g.lanesInWorstBank();
    long[] words = g.wordsInWorstBank();
    if (r.kind() == AccessKind.ATOMIC && g.maxLanesOnOneWord() > words.length) {
      if (words.length == 1) {
        return lanes(lanes) + " update word " + words[0] + " together: " + g.passes()
            + " serialized updates";
      }
      return "up to " + g.maxLanesOnOneWord() + " lanes update the same word of bank "
          + g.worstBank() + " (" + lanes(lanes) + " at " + wordList(words) + ")";
    }
    boolean wholeWarp = lanes.length == r.activeLanes() && r.activeLanes() == r.config().warpSize();
    String who = wholeWarp ? "all " + lanes.length + " lanes" : lanes(lanes);
    if (r.kind() == AccessKind.COPY && g.passes() > words.length) {
      return who + " copy to " + wordList(words) + " of bank " + g.worstBank() + ": " + g.passes()
          + " passes (a copy does not merge lanes on one word)";
    }
    String hit = who + " hit bank " + g.worstBank();
    if (closedForm && wholeWarp) {
      return hit;
    }
    if (words.length == 2) {
      return hit + " (words " + words[0] + " and " + words[1] + ")";
    }
    return hit + " at " + words.length + " different words (" + list(words) + ")";
  }

  private static String wordList(long[] words) {
    return words.length == 1 ? "word " + words[0] : "words " + list(words);
  }

  /** "lane 5", "lanes 0 and 16", "lanes 0-15", "lanes 0, 8, 16 and 24", "lanes 0, 2, 4, ... 30 (16 lanes)". */
  static String lanes(int[] lanes) {
    int n = lanes.length;
    if (n == 1) {
      return "lane " + lanes[0];
    }
    if (n >= 3 && lanes[n - 1] - lanes[0] == n - 1) {
      return "lanes " + lanes[0] + "-" + lanes[n - 1];
    }
    long[] asLong = new long[n];
    for (int i = 0; i < n; i++) {
      asLong[i] = lanes[i];
    }
    if (n <= LIST_LIMIT) {
      StringBuilder b = new StringBuilder("lanes ");
      for (int i = 0; i < n; i++) {
        b.append(i == 0 ? "" : i == n - 1 ? " and " : ", ").append(lanes[i]);
      }
      return b.toString();
    }
    return "lanes " + list(asLong) + " (" + n + " lanes)";
  }

  /** "3, 35, 67, 99", or "0, 32, 64, ... 992" beyond the limit. */
  static String list(long[] values) {
    StringBuilder b = new StringBuilder();
    if (values.length <= LIST_LIMIT) {
      for (int i = 0; i < values.length; i++) {
        b.append(i == 0 ? "" : ", ").append(values[i]);
      }
      return b.toString();
    }
    return b.append(values[0]).append(", ").append(values[1]).append(", ").append(values[2])
        .append(", ... ").append(values[values.length - 1]).toString();
  }
}
