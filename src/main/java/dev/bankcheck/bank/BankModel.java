package dev.bankcheck.bank;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;

/**
 * The bank model of docs/spec bank-model.md as a pure function of one warp instruction's lane
 * addresses. Instances are immutable and thread-safe; evaluate allocates only small primitive
 * arrays and the result.
 */
public final class BankModel {
  private final BankConfig cfg;

  public BankModel(BankConfig cfg) {
    if (cfg == null) {
      throw new IllegalArgumentException("bank config is required");
    }
    this.cfg = cfg;
  }

  public BankConfig config() {
    return cfg;
  }

  /**
   * Lanes per group ("phase") for a width: one group covers banks*bankBytes bytes of requests, so
   * 32 / 16 / 8 lanes for 4 / 8 / 16 bytes with the default geometry; capped at the warp size.
   */
  public static int lanesPerGroup(int widthBytes, BankConfig cfg) {
    checkWidth(widthBytes);
    long rowBytes = (long) cfg.banks() * cfg.bankBytes();
    long size = rowBytes / Math.max(widthBytes, cfg.bankBytes());
    return (int) Math.max(1, Math.min(size, cfg.warpSize()));
  }

  private void checkArguments(long[] byteAddress, boolean[] active, int widthBytes, AccessKind kind) {
    checkWidth(widthBytes);
    int warp = cfg.warpSize();
    if (byteAddress.length != warp || active.length != warp) {
      throw new IllegalArgumentException(
          "address and mask arrays must have one entry per lane (" + warp + ")");
    }
    if (kind == null) {
      throw new IllegalArgumentException("access kind is required");
    }
  }

  /** The most words one lane group can touch: a W-byte span covers at most this many (5 for unaligned 16 bytes). */
  private int wordsPerGroup(int widthBytes) {
    int bankBytes = cfg.bankBytes();
    return lanesPerGroup(widthBytes, cfg) * ((widthBytes + bankBytes - 2) / bankBytes + 1);
  }

  /**
   * Whether every lane group needs the same passes whatever the memory contents, where lane l's byte address is
   * known only modulo {@code modulus[l]} (0: exactly {@code byteAddress[l]}): each such lane's banks are fixed
   * (its modulus is a multiple of banks x bankBytes), and two lanes of a group on one bank are certainly on
   * different words, or certainly on the same one. Then {@code byteAddress} stands for every outcome.
   */
  public boolean dataIndependent(long[] byteAddress, long[] modulus, boolean[] active, int widthBytes) {
    checkArguments(byteAddress, active, widthBytes, AccessKind.LOAD);
    if (!banksFixed(modulus, active)) return false;
    int warp = cfg.warpSize();
    int bankBytes = cfg.bankBytes();
    int groupSize = lanesPerGroup(widthBytes, cfg);
    for (int i = 0; i < warp; i++) {
      int groupEnd = (i / groupSize + 1) * groupSize;
      for (int j = i + 1; active[i] && j < Math.min(warp, groupEnd); j++) {
        if (!active[j] || modulus[i] == 0 && modulus[j] == 0) continue;
        long apart = gcd(modulus[i], modulus[j]) / bankBytes; // words; a multiple of the banks
        for (long wi = wordOf(byteAddress[i], bankBytes); wi <= wordOf(byteAddress[i] + widthBytes - 1, bankBytes); wi++) {
          for (long wj = wordOf(byteAddress[j], bankBytes); wj <= wordOf(byteAddress[j] + widthBytes - 1, bankBytes); wj++) {
            if (Math.floorMod(wi - wj, apart) == 0) return false; // the same bank, perhaps the same word
          }
        }
      }
    }
    return true;
  }

  /**
   * Worst and best ways where lane l's byte address is known only modulo {@code modulus[l]} (0: exactly), each a
   * multiple of bankBytes; null where that leaves no lane's bank known even in part. A data lane's bank is then
   * known modulo {@code g} = gcd(modulus / bankBytes, banks): lanes in different classes never meet. Worst: in
   * each class, every data lane on a different word of the bank with the most exact words (at most the array's
   * words in one bank). Best: with banks fixed (g = banks), only words no data can make one stay apart; else the
   * exact lanes' own count. Lanes with one {@code sameK[l]} (>= 0; -1: the lane's own k) have one k and one modulus:
   * they move together, so on one bank they can only be those whose words already share it: each such group counts
   * at most its most words (or lanes, where each lane counts) on one bank, not its lanes.
   */
  public Bounds dataBounds(long[] byteAddress, long[] modulus, int[] sameK, boolean[] active, int widthBytes,
      AccessKind kind, long arrayBytes) {
    checkArguments(byteAddress, active, widthBytes, kind);
    int warp = cfg.warpSize();
    int bankBytes = cfg.bankBytes();
    int banks = cfg.banks();
    long classesOfBanks = banks;
    for (int l = 0; l < warp; l++) {
      if (!active[l] || modulus[l] == 0) continue;
      if (modulus[l] < 0 || modulus[l] % bankBytes != 0) return null;
      classesOfBanks = gcd(classesOfBanks, modulus[l] / bankBytes);
    }
    if (classesOfBanks == 1) return null;
    int g = (int) classesOfBanks;
    long wordsInOneBank = arrayBytes >= 0 ? Math.max(1, ceilDiv(ceilDiv(arrayBytes, bankBytes), banks)) : Long.MAX_VALUE;
    boolean eachLaneCounts = kind == AccessKind.ATOMIC || kind == AccessKind.COPY;
    int groupSize = lanesPerGroup(widthBytes, cfg);
    int worst = 1;
    int best = 1;
    String worstCase = null;
    String bestCase = null;
    for (int start = 0; start < warp; start += groupSize) {
      for (int c = 0; c < g; c++) {
        // the lanes with a word on a bank of this class; the exact ones by bank
        Set<Integer> dataLanes = new java.util.TreeSet<>();
        // per group of lanes with one k: per bank, its lanes there
        Map<Integer, Map<Long, List<Integer>>> groups = new HashMap<>();
        List<List<Integer>> exactLanes = new ArrayList<>();
        List<Set<Long>> exactWords = new ArrayList<>();
        for (int b = 0; b < banks / g; b++) {
          exactLanes.add(new ArrayList<>());
          exactWords.add(new HashSet<>());
        }
        List<Integer> lanes = new ArrayList<>();
        List<Long> words = new ArrayList<>();
        long apart = 0; // what every data lane's word is known modulo, in words
        for (int l = start; l < Math.min(warp, start + groupSize); l++) {
          if (!active[l]) continue;
          for (long w = wordOf(byteAddress[l], bankBytes); w <= wordOf(byteAddress[l] + widthBytes - 1, bankBytes); w++) {
            if (Math.floorMod(w, g) != c) continue;
            lanes.add(l);
            words.add(w);
            if (modulus[l] != 0) {
              if (sameK[l] < 0) {
                dataLanes.add(l);
              } else {
                groups.computeIfAbsent(sameK[l], x -> new HashMap<>())
                    .computeIfAbsent(Math.floorMod(w, (long) banks), x -> new ArrayList<>()).add(lanes.size() - 1);
              }
              apart = gcd(apart, modulus[l] / bankBytes);
            } else {
              int b = (int) (Math.floorMod(w, banks) / g);
              exactLanes.get(b).add(l);
              exactWords.get(b).add(w);
            }
          }
        }
        if (lanes.isEmpty()) continue;
        int fullest = 0;
        for (int b = 1; b < banks / g; b++) {
          if (count(exactLanes, exactWords, b, eachLaneCounts) > count(exactLanes, exactWords, fullest, eachLaneCounts)) {
            fullest = b;
          }
        }
        int exactMost = count(exactLanes, exactWords, fullest, eachLaneCounts);
        // each group's fullest bank: its lanes there (indexes into lanes and words), counted as exact lanes are
        List<List<Integer>> fullestOfGroups = new ArrayList<>();
        int grouped = 0;
        for (Map<Long, List<Integer>> byBank : groups.values()) {
          List<Integer> most = List.of();
          for (List<Integer> on : byBank.values()) {
            if (distinct(on, lanes, words, eachLaneCounts) > distinct(most, lanes, words, eachLaneCounts)) most = on;
          }
          fullestOfGroups.add(most);
          grouped += distinct(most, lanes, words, eachLaneCounts);
        }
        int most = (int) Math.min(dataLanes.size() + grouped + exactMost,
            eachLaneCounts ? Long.MAX_VALUE : wordsInOneBank);
        String bank = bankClass(c, g, banks);
        if (most > worst) {
          worst = most;
          List<Integer> shown = new ArrayList<>(dataLanes);
          fullestOfGroups.forEach(on -> on.forEach(i -> shown.add(lanes.get(i))));
          Collections.sort(shown);
          exactLanes.get(fullest).stream().filter(l -> !dataLanes.contains(l)).forEach(shown::add);
          worstCase = lanesText(shown) + (eachLaneCounts ? " on " + bank + ", each lane counted"
              : " on " + most + " different words of " + bank);
        }
        // a lower bound: with banks fixed, words in different classes modulo `apart` are different for any data
        int least = exactMost;
        if (g == banks) {
          Set<Long> classes = new HashSet<>();
          for (long w : words) classes.add(apart == 0 ? w : Math.floorMod(w, apart));
          least = kind == AccessKind.COPY ? lanes.size() : classes.size();
        }
        if (least > best) {
          best = least;
          bestCase = lanesText(lanes) + " on " + least + " words of " + bank + " that no data makes one";
        }
      }
    }
    String fixed = g == banks ? " (each lane's bank is fixed: the data moves it by multiples of " + (long) banks * bankBytes
        + " bytes)" : " (the data moves each lane by multiples of " + (long) g * bankBytes + " bytes: its bank is known"
        + " modulo " + g + ")";
    return new Bounds(worst, Math.min(best, worst),
        worstCase == null ? "none: no two lanes of a group can meet on one bank" + fixed : worstCase + fixed,
        bestCase == null ? "the lanes that share a bank on one word" : bestCase);
  }

  /** Most candidate addresses {@link #rangeBounds} enumerates for one warp. */
  static final long RANGE_CANDIDATES = 1 << 13;

  /**
   * Worst and best ways where lane l's byte address is {@code byteAddress[l] + step[l] * k} for some k in
   * {@code lo[l]..hi[l]} chosen by the data ({@code step[l]} 0: exactly {@code byteAddress[l]}); null where that
   * makes more than {@link #RANGE_CANDIDATES} addresses, a lane group more than 64 lanes or a span of more than
   * {@link #RANGE_WORDS} words. Addresses outside an array of {@code arrayBytes} (-1: unknown) are not taken,
   * unless a lane has no other. Worst, exact: per bank, the most lanes that can be on different words at once (a
   * matching of lanes to words), for atomics also the most lanes that can reach one word, for copies the lanes
   * that can reach one bank. Best: one choice of the data, made lane by lane; exact where it meets a lower bound
   * (the exact lanes' own ways; for atomics the lanes over the words they can reach, for copies over the banks).
   */
  public Bounds rangeBounds(long[] byteAddress, long[] step, long[] lo, long[] hi, boolean[] active, int widthBytes,
      AccessKind kind, long arrayBytes) {
    checkArguments(byteAddress, active, widthBytes, kind);
    int warp = cfg.warpSize();
    long total = 0;
    for (int l = 0; l < warp; l++) {
      if (active[l]) total += step[l] == 0 ? 1 : hi[l] - lo[l] + 1;
      if (total > RANGE_CANDIDATES) return null;
    }
    boolean atomic = kind == AccessKind.ATOMIC;
    boolean copy = kind == AccessKind.COPY;
    int groupSize = lanesPerGroup(widthBytes, cfg);
    int worst = 1;
    int best = 1;
    int lowest = 1;
    int mostValues = 1;
    String worstCase = null;
    String bestCase = null;
    for (int start = 0; start < warp; start += groupSize) {
      List<Integer> lanes = new ArrayList<>();
      List<long[]> candidates = new ArrayList<>();
      long first = Long.MAX_VALUE;
      long last = Long.MIN_VALUE;
      for (int l = start; l < Math.min(warp, start + groupSize); l++) {
        if (!active[l]) continue;
        long[] c = candidates(byteAddress[l], step[l], lo[l], hi[l], widthBytes, arrayBytes);
        lanes.add(l);
        candidates.add(c);
        mostValues = Math.max(mostValues, c.length);
        for (long a : c) {
          first = Math.min(first, wordOf(a, cfg.bankBytes()));
          last = Math.max(last, wordOf(a + widthBytes - 1, cfg.bankBytes()));
        }
      }
      if (lanes.isEmpty()) continue;
      if (lanes.size() > Long.SIZE || last - first >= RANGE_WORDS) return null;
      Words words = new Words(first, (int) (last - first + 1));
      // which lanes can touch each word (one bit each: at most 64 lanes, checked above)
      for (int i = 0; i < lanes.size(); i++) {
        for (long a : candidates.get(i)) {
          for (long w = wordOf(a, cfg.bankBytes()); w <= wordOf(a + widthBytes - 1, cfg.bankBytes()); w++) {
            words.reach[words.index(w)] |= 1L << i;
          }
        }
      }
      for (int bank = 0; bank < cfg.banks(); bank++) {
        List<Integer> inBank = words.ofBank(bank, cfg.banks());
        if (inBank.isEmpty()) continue;
        if (copy) {
          // a copy serves each lane apart: every lane that can reach the bank counts
          long onBank = 0;
          for (int w : inBank) onBank |= words.reach[w];
          if (Long.bitCount(onBank) > worst) {
            worst = Long.bitCount(onBank);
            worstCase = lanesText(lanesOf(onBank, lanes)) + " on bank " + bank + ", each lane counted";
          }
          continue;
        }
        long matched = matching(inBank, words.reach, lanes.size());
        if (Long.bitCount(matched) > worst) {
          worst = Long.bitCount(matched);
          worstCase = lanesText(lanesOf(matched, lanes)) + " on " + worst + " different words of bank " + bank;
        }
        for (int w : inBank) {
          if (atomic && Long.bitCount(words.reach[w]) > worst) {
            worst = Long.bitCount(words.reach[w]);
            worstCase = lanesText(lanesOf(words.reach[w], lanes)) + " on one word (word " + (words.first + w)
                + ", bank " + bank + ")";
          }
        }
      }
      int[] chosen = chooseLeastWays(candidates, widthBytes, kind, words);
      if (chosen[0] > best) {
        best = chosen[0];
        bestCase = lanesText(lanes) + " spread as evenly as the data can (" + best + "-way)";
      }
      // pigeonhole: an atomic's lanes share the words they can reach, a copy's the banks
      int spread = atomic ? words.reached() : copy ? words.banksReached(cfg.banks()) : Integer.MAX_VALUE;
      int forced = (int) Math.max(chosen[1], (lanes.size() + (long) spread - 1) / spread);
      lowest = Math.max(lowest, forced);
    }
    String range = " (the index is bounded: each lane's address is one of at most " + mostValues + ")";
    return new Bounds(worst, best,
        worstCase == null ? "none: no two lanes of a group can be on different words of one bank"
            + (atomic ? " or on one word" : copy ? " or on one bank" : "") + range : worstCase + range,
        best == lowest ? (bestCase == null ? "every lane on its own bank or its bank's one word" : bestCase)
            : bestCase + "; no choice can do better than " + lowest + "-way");
  }

  /** Most words, from the first to the last, that the candidates of one lane group may span. */
  static final long RANGE_WORDS = 1 << 17;

  /** The words a group's candidates span, from {@code first}: per word, the lanes (bits) that can touch it. */
  private static final class Words {
    final long first;
    final long[] reach;

    Words(long first, int count) {
      this.first = first;
      this.reach = new long[count];
    }

    int index(long word) {
      return (int) (word - first);
    }

    /** The indices of the words some lane reaches on {@code bank}. */
    List<Integer> ofBank(int bank, int banks) {
      List<Integer> out = new ArrayList<>();
      for (int w = (int) Math.floorMod(bank - first, (long) banks); w < reach.length; w += banks) {
        if (reach[w] != 0) out.add(w);
      }
      return out;
    }

    int reached() {
      int n = 0;
      for (long r : reach) if (r != 0) n++;
      return n;
    }

    int banksReached(int banks) {
      int n = 0;
      for (int b = 0; b < banks; b++) if (!ofBank(b, banks).isEmpty()) n++;
      return n;
    }
  }

  /** The lanes whose bits are set in {@code bits}. */
  private static List<Integer> lanesOf(long bits, List<Integer> lanes) {
    List<Integer> out = new ArrayList<>();
    for (int i = 0; i < lanes.size(); i++) if ((bits >>> i & 1) != 0) out.add(lanes.get(i));
    return out;
  }

  /** Lane l's addresses, those inside the array where some are. */
  private static long[] candidates(long base, long step, long lo, long hi, int widthBytes, long arrayBytes) {
    if (step == 0) return new long[] {base};
    long[] all = new long[(int) (hi - lo + 1)];
    int inside = 0;
    for (int i = 0; i < all.length; i++) {
      long a = base + step * (lo + i);
      all[i] = a;
      if (a >= 0 && a + widthBytes <= arrayBytes) inside++;
    }
    if (arrayBytes < 0 || inside == 0 || inside == all.length) return all;
    long[] in = new long[inside];
    int n = 0;
    for (long a : all) if (a >= 0 && a + widthBytes <= arrayBytes) in[n++] = a;
    return in;
  }

  /** The lanes (bits) of a largest matching of lanes to distinct words among {@code words} (Kuhn's). */
  private static long matching(List<Integer> words, long[] reach, int laneCount) {
    int[] wordOfLane = new int[laneCount];
    Arrays.fill(wordOfLane, -1);
    for (int w : words) augment(w, reach, wordOfLane, new boolean[laneCount]);
    long lanes = 0;
    for (int l = 0; l < laneCount; l++) if (wordOfLane[l] >= 0) lanes |= 1L << l;
    return lanes;
  }

  /** Whether word {@code w} gets a lane, moving lanes matched before to other words they reach. */
  private static boolean augment(int w, long[] reach, int[] wordOfLane, boolean[] seen) {
    for (long bits = reach[w]; bits != 0; bits &= bits - 1) {
      int l = Long.numberOfTrailingZeros(bits);
      if (seen[l]) continue;
      seen[l] = true;
      if (wordOfLane[l] < 0 || augment(wordOfLane[l], reach, wordOfLane, seen)) {
        wordOfLane[l] = w;
        return true;
      }
    }
    return false;
  }

  /**
   * One choice per lane, exact lanes first, each taking the address that adds the fewest ways so far: the ways it
   * gives, and those of the exact lanes alone (no choice gives fewer).
   */
  private int[] chooseLeastWays(List<long[]> candidates, int widthBytes, AccessKind kind, Words words) {
    int[] lanesOnWord = new int[words.reach.length];
    int[] wordsOnBank = new int[cfg.banks()];
    int ways = 1;
    int exact = 1;
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) order.add(i);
    order.sort(Comparator.comparingInt(i -> candidates.get(i).length));
    for (int i : order) {
      long pick = candidates.get(i)[0];
      int least = Integer.MAX_VALUE;
      for (long a : candidates.get(i)) {
        int cost = 0;
        for (long w = wordOf(a, cfg.bankBytes()); w <= wordOf(a + widthBytes - 1, cfg.bankBytes()); w++) {
          int on = lanesOnWord[words.index(w)];
          // a copy counts each lane; others count words, and an atomic the lanes on one word too
          int bank = wordsOnBank[(int) Math.floorMod(w, cfg.banks())] + (on == 0 || kind == AccessKind.COPY ? 1 : 0);
          cost = Math.max(cost, kind == AccessKind.ATOMIC ? Math.max(bank, on + 1) : bank);
        }
        if (cost < least) {
          least = cost;
          pick = a;
          if (least <= ways) break; // adds nothing to the ways so far: no other choice does better
        }
      }
      for (long w = wordOf(pick, cfg.bankBytes()); w <= wordOf(pick + widthBytes - 1, cfg.bankBytes()); w++) {
        if (lanesOnWord[words.index(w)]++ == 0 || kind == AccessKind.COPY) {
          wordsOnBank[(int) Math.floorMod(w, cfg.banks())]++;
        }
      }
      ways = Math.max(ways, least);
      if (candidates.get(i).length == 1) exact = ways;
    }
    return new int[] {ways, exact};
  }

  /** "bank 3", "bank 0 or 16", "bank 1, 9, 17 or 25", "one of banks 2, 6, 10, ... (2 modulo 4)". */
  private static String bankClass(int c, int g, int banks) {
    if (g == banks) return "bank " + c;
    List<String> members = new ArrayList<>();
    for (int b = c; b < banks; b += g) members.add(String.valueOf(b));
    if (members.size() <= 4) {
      return "bank " + String.join(", ", members.subList(0, members.size() - 1)) + " or " + members.get(members.size() - 1);
    }
    return "one of banks " + String.join(", ", members.subList(0, 3)) + ", ... (" + c + " modulo " + g + ")";
  }

  /** The distinct words (lanes, where each lane counts) at the indexes {@code at} of a class's lanes and words. */
  private static int distinct(List<Integer> at, List<Integer> lanes, List<Long> words, boolean eachLaneCounts) {
    return (int) at.stream().map(i -> eachLaneCounts ? (long) lanes.get(i) : words.get(i)).distinct().count();
  }

  /** Exact lanes (each counted) or their distinct words on bank {@code b} of a class. */
  private static int count(List<List<Integer>> lanes, List<Set<Long>> words, int b, boolean eachLaneCounts) {
    return eachLaneCounts ? lanes.get(b).size() : words.get(b).size();
  }

  /** Whether every active lane's address is exact or known modulo a multiple of banks x bankBytes. */
  private boolean banksFixed(long[] modulus, boolean[] active) {
    long row = (long) cfg.banks() * cfg.bankBytes();
    for (int l = 0; l < cfg.warpSize(); l++) {
      if (active[l] && (modulus[l] < 0 || modulus[l] % row != 0)) return false;
    }
    return true;
  }

  /** "lane 3", "lanes 0 and 16", "lanes 0, 8, 16 and 24", "lanes 0, 1, 2, ..., 31 (32 lanes)". */
  private static String lanesText(List<Integer> lanes) {
    List<String> d = lanes.stream().distinct().map(String::valueOf).toList();
    if (d.size() == 1) return "lane " + d.get(0);
    if (d.size() <= 4) return "lanes " + String.join(", ", d.subList(0, d.size() - 1)) + " and " + d.get(d.size() - 1);
    return "lanes " + String.join(", ", d.subList(0, 3)) + ", ..., " + d.get(d.size() - 1) + " (" + d.size() + " lanes)";
  }

  private static long gcd(long a, long b) {
    while (b != 0) {
      long t = a % b;
      a = b;
      b = t;
    }
    return a;
  }

  /**
   * Evaluates one warp instruction.
   *
   * @param byteAddress byte address per lane id (length = warp size); inactive lanes are ignored
   * @param active which lanes take part (length = warp size)
   * @param widthBytes bytes per lane: 1, 2, 4, 8 or 16
   * @param kind load, store or atomic
   */
  public WarpResult evaluate(long[] byteAddress, boolean[] active, int widthBytes, AccessKind kind) {
    checkArguments(byteAddress, active, widthBytes, kind);
    int warp = cfg.warpSize();
    int bankBytes = cfg.bankBytes();
    int banks = cfg.banks();
    int groupSize = lanesPerGroup(widthBytes, cfg);

    long[] firstWord = new long[warp];
    long[] lastWord = new long[warp];
    int activeLanes = 0;
    for (int lane = 0; lane < warp; lane++) {
      if (active[lane]) {
        activeLanes++;
        long a = byteAddress[lane];
        firstWord[lane] = wordOf(a, bankBytes);
        lastWord[lane] = wordOf(a + widthBytes - 1, bankBytes);
      }
    }
    if (activeLanes == 0) {
      return new WarpResult(
          1, 0, 0, false, List.of(), OptionalLong.empty(), 0, widthBytes, kind, cfg,
          new WarpAccess(byteAddress, active, widthBytes, kind));
    }

    Scratch scratch = new Scratch(banks, wordsPerGroup(widthBytes));
    List<GroupResult> groups = new ArrayList<>(warp / groupSize + 1);
    int ways = 0;
    int wavefronts = 0;
    for (int start = 0; start < warp; start += groupSize) {
      int end = Math.min(warp, start + groupSize) - 1;
      GroupResult g =
          evaluateGroup(start, end, active, firstWord, lastWord, kind, scratch);
      if (g != null) {
        groups.add(g);
        ways = Math.max(ways, g.passes());
        wavefronts += g.passes();
      }
    }
    return new WarpResult(
        ways,
        wavefronts,
        groups.size(),
        kind != AccessKind.COPY && isBroadcast(active, firstWord, lastWord, activeLanes),
        groups,
        affineStride(byteAddress, active),
        activeLanes,
        widthBytes,
        kind,
        cfg,
        new WarpAccess(byteAddress, active, widthBytes, kind));
  }

  /**
   * The ways, wavefronts and broadcast of {@link #evaluate} without the evidence: no result object
   * beyond the numbers, no allocation otherwise (the scratch arrays are kept per thread). For callers
   * that only compare outcomes and evaluate the same access many times (swizzle screening).
   */
  public WarpDegree degree(long[] byteAddress, boolean[] active, int widthBytes, AccessKind kind) {
    checkArguments(byteAddress, active, widthBytes, kind);
    int warp = cfg.warpSize();
    int bankBytes = cfg.bankBytes();
    int banks = cfg.banks();
    int groupSize = lanesPerGroup(widthBytes, cfg);
    int words = wordsPerGroup(widthBytes);
    Scratch sc = SCRATCH.get();
    if (sc.bankHead.length < banks || sc.word.length < words) {
      sc = new Scratch(Math.max(banks, sc.bankHead.length), Math.max(words, sc.word.length));
      SCRATCH.set(sc);
    }
    boolean atomic = kind == AccessKind.ATOMIC;
    boolean copy = kind == AccessKind.COPY;
    int ways = 0;
    int wavefronts = 0;
    int groups = 0;
    int activeLanes = 0;
    boolean sameWords = true;
    long refFirst = 0;
    long refLast = 0;
    for (int start = 0; start < warp; start += groupSize) {
      int end = Math.min(warp, start + groupSize);
      sc.reset(banks);
      int maxWordsInBank = 0;
      int maxLanesOnOneWord = 0;
      for (int lane = start; lane < end; lane++) {
        if (!active[lane]) {
          continue;
        }
        long a = byteAddress[lane];
        long first = wordOf(a, bankBytes);
        long last = wordOf(a + widthBytes - 1, bankBytes);
        if (activeLanes++ == 0) {
          refFirst = first;
          refLast = last;
        } else if (first != refFirst || last != refLast) {
          sameWords = false;
        }
        for (long w = first; w <= last; w++) {
          int bank = bankOf(w, banks);
          int i = sc.wordIndex(w, bank);
          maxWordsInBank = Math.max(maxWordsInBank, copy ? ++sc.laneWordsPerBank[bank] : sc.wordsPerBank[bank]);
          maxLanesOnOneWord = Math.max(maxLanesOnOneWord, ++sc.lanesOnWord[i]);
        }
      }
      if (sc.distinct > 0) {
        int passes = atomic ? Math.max(maxWordsInBank, maxLanesOnOneWord) : maxWordsInBank;
        groups++;
        ways = Math.max(ways, passes);
        wavefronts += passes;
      }
    }
    if (groups == 0) {
      return new WarpDegree(1, 0, 0, false);
    }
    return new WarpDegree(ways, wavefronts, groups, !copy && activeLanes >= 2 && sameWords);
  }

  private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(() -> new Scratch(32, 32 * 5));

  /**
   * Per-call scratch space: distinct words chained per bank, so deduplication is a walk over the
   * (usually 0 or 1) words already seen in the same bank; no sorting, no boxing.
   */
  private static final class Scratch {
    final int[] bankHead;
    final int[] wordsPerBank;
    /** Words per bank counted once per lane that touches them (a copy does not merge lanes on one word). */
    final int[] laneWordsPerBank;
    final long[] word;
    final int[] lanesOnWord;
    final int[] next;

    /** Words recorded since the last {@link #reset}. */
    int distinct;

    Scratch(int banks, int capacity) {
      bankHead = new int[banks];
      wordsPerBank = new int[banks];
      laneWordsPerBank = new int[banks];
      word = new long[capacity];
      lanesOnWord = new int[capacity];
      next = new int[capacity];
    }

    void reset(int banks) {
      Arrays.fill(bankHead, 0, banks, -1);
      Arrays.fill(wordsPerBank, 0, banks, 0);
      Arrays.fill(laneWordsPerBank, 0, banks, 0);
      distinct = 0;
    }

    /** The index of word {@code w} of {@code bank}, recorded (with no lanes yet) when it is new. */
    int wordIndex(long w, int bank) {
      for (int i = bankHead[bank]; i >= 0; i = next[i]) {
        if (word[i] == w) return i;
      }
      int i = distinct++;
      word[i] = w;
      lanesOnWord[i] = 0;
      next[i] = bankHead[bank];
      bankHead[bank] = i;
      wordsPerBank[bank]++;
      return i;
    }
  }

  /** Returns null for a group without active lanes. Scratch arrays are reused across groups. */
  private GroupResult evaluateGroup(
      int start,
      int end,
      boolean[] active,
      long[] firstWord,
      long[] lastWord,
      AccessKind kind,
      Scratch sc) {
    int banks = cfg.banks();
    sc.reset(banks);
    int distinctBanks = 0;
    int maxLanesOnOneWord = 0;
    int busiest = -1;
    for (int lane = start; lane <= end; lane++) {
      if (!active[lane]) {
        continue;
      }
      for (long w = firstWord[lane]; w <= lastWord[lane]; w++) {
        int bank = bankOf(w, banks);
        if (sc.wordsPerBank[bank] == 0) {
          distinctBanks++; // the bank's first word: recorded just below
        }
        int i = sc.wordIndex(w, bank);
        sc.laneWordsPerBank[bank]++;
        // A lane's own words are distinct, so this counts lanes per word.
        if (++sc.lanesOnWord[i] > maxLanesOnOneWord) {
          maxLanesOnOneWord = sc.lanesOnWord[i];
          busiest = i;
        }
      }
    }
    if (sc.distinct == 0) {
      return null;
    }
    // a copy serves every lane's word: lanes on one word are not merged
    int[] perBank = kind == AccessKind.COPY ? sc.laneWordsPerBank : sc.wordsPerBank;
    int maxWordsInBank = 0;
    for (int b = 0; b < banks; b++) {
      maxWordsInBank = Math.max(maxWordsInBank, perBank[b]);
    }
    int passes = maxWordsInBank;
    int worstBank = -1;
    if (kind == AccessKind.ATOMIC && maxLanesOnOneWord > maxWordsInBank) {
      // Same-address serialization dominates: the evidence is the bank of the busiest word.
      passes = maxLanesOnOneWord;
      worstBank = bankOf(sc.word[busiest], banks);
    } else if (kind != AccessKind.COPY && maxWordsInBank == 1) {
      // Every bank holds one word: the evidence is the lanes that share one, where some do.
      worstBank = bankOf(sc.word[busiest], banks);
    } else {
      // Ties go to the bank that the lowest lane touches first: readable evidence.
      for (int lane = start; lane <= end && worstBank < 0; lane++) {
        if (active[lane]) {
          for (long w = firstWord[lane]; w <= lastWord[lane]; w++) {
            int bank = bankOf(w, banks);
            if (perBank[bank] == maxWordsInBank) {
              worstBank = bank;
              break;
            }
          }
        }
      }
    }

    long[] bankWords = new long[sc.wordsPerBank[worstBank]];
    int k = 0;
    for (int i = sc.bankHead[worstBank]; i >= 0; i = sc.next[i]) {
      bankWords[k++] = sc.word[i];
    }
    Arrays.sort(bankWords);
    int[] lanes = new int[end - start + 1];
    int m = 0;
    for (int lane = start; lane <= end; lane++) {
      if (active[lane] && touchesBank(firstWord[lane], lastWord[lane], worstBank, banks)) {
        lanes[m++] = lane;
      }
    }
    return new GroupResult(
        start,
        end,
        passes,
        worstBank,
        Arrays.copyOf(lanes, m),
        bankWords,
        maxLanesOnOneWord,
        sc.distinct,
        distinctBanks);
  }

  // Power-of-two geometries (the usual case) take a shift or mask; >> and & floor negatives.
  private static int bankOf(long word, int banks) {
    return (banks & (banks - 1)) == 0 ? (int) (word & (banks - 1)) : (int) Math.floorMod(word, (long) banks);
  }

  private static long wordOf(long byteAddress, int bankBytes) {
    return (bankBytes & (bankBytes - 1)) == 0
        ? byteAddress >> Integer.numberOfTrailingZeros(bankBytes)
        : Math.floorDiv(byteAddress, bankBytes);
  }

  private static boolean touchesBank(long first, long last, int bank, int banks) {
    for (long w = first; w <= last; w++) {
      if (bankOf(w, banks) == bank) {
        return true;
      }
    }
    return false;
  }

  private static boolean isBroadcast(
      boolean[] active, long[] firstWord, long[] lastWord, int activeLanes) {
    if (activeLanes < 2) {
      return false;
    }
    int ref = -1;
    for (int lane = 0; lane < active.length; lane++) {
      if (!active[lane]) {
        continue;
      }
      if (ref < 0) {
        ref = lane;
      } else if (firstWord[lane] != firstWord[ref] || lastWord[lane] != lastWord[ref]) {
        return false;
      }
    }
    return true;
  }

  /** The byte stride s with a(l) = a(l0) + s*(l - l0) for every active lane, if there is one. */
  private static OptionalLong affineStride(long[] address, boolean[] active) {
    int l0 = -1;
    int l1 = -1;
    for (int lane = 0; lane < active.length && l1 < 0; lane++) {
      if (active[lane]) {
        if (l0 < 0) {
          l0 = lane;
        } else {
          l1 = lane;
        }
      }
    }
    if (l1 < 0) {
      return OptionalLong.empty();
    }
    long delta = address[l1] - address[l0];
    if (delta % (l1 - l0) != 0) {
      return OptionalLong.empty();
    }
    long stride = delta / (l1 - l0);
    for (int lane = l1 + 1; lane < active.length; lane++) {
      if (active[lane] && address[lane] != address[l0] + stride * (lane - l0)) {
        return OptionalLong.empty();
      }
    }
    return OptionalLong.of(stride);
  }

  /**
   * The spec's closed form for a 4-byte affine access word(i) = s*i + b over a full warp:
   * gcd(|s|, banks) for s != 0, and 1 (broadcast) for s = 0.
   */
  public static int closedFormWays(long strideWords, int banks) {
    if (banks < 1) {
      throw new IllegalArgumentException("banks must be positive");
    }
    if (strideWords == 0) {
      return 1;
    }
    return (int) gcd(Math.abs(strideWords % banks), banks); // |s| mod banks avoids Long.MIN_VALUE overflow
  }

  /**
   * Worst and best "ways" for an index that depends on memory contents (hist[data[tid]]).
   *
   * @param activeLanes lanes taking part
   * @param arrayBytes size of the indexed array in bytes, or -1 when unknown
   * @param widthBytes bytes per lane: 1, 2, 4, 8 or 16
   */
  public static Bounds dataDependentBounds(
      int activeLanes, long arrayBytes, int widthBytes, AccessKind kind, BankConfig cfg) {
    int lanes = Math.min(Math.max(activeLanes, 0), lanesPerGroup(widthBytes, cfg));
    if (lanes == 0) {
      return new Bounds(1, 1, "no active lane", "no active lane");
    }
    int banks = cfg.banks();
    boolean sizeKnown = arrayBytes >= 0;
    long arrayWords = sizeKnown ? Math.max(1, ceilDiv(arrayBytes, cfg.bankBytes())) : Long.MAX_VALUE;
    String spread =
        "lanes on distinct banks, e.g. a permutation of " + lanes + " consecutive elements";
    if (kind == AccessKind.ATOMIC || kind == AccessKind.COPY) {
      // Pigeonhole over the slots lanes can occupy without sharing a bank: a wide lane fills
      // several banks, and a small array offers fewer words than banks.
      long wordsPerLane = Math.max(1, widthBytes / cfg.bankBytes());
      long slots = Math.max(1, Math.min(arrayWords, banks) / wordsPerLane);
      int best = (int) Math.max(1, ceilDiv(lanes, slots));
      String bestCase =
          best == 1
              ? spread
              : "lanes spread evenly over the " + slots + " available "
                  + (slots == arrayWords ? "words" : "banks") + ", " + best
                  + " lanes on each (pigeonhole)";
      return new Bounds(lanes, best, kind == AccessKind.ATOMIC ? "every lane on the same counter"
          : "every lane copying to the same word (a copy does not merge them)", bestCase);
    }
    long wordsInOneBank = sizeKnown ? ceilDiv(arrayWords, banks) : Long.MAX_VALUE;
    int worst = (int) Math.min(lanes, wordsInOneBank);
    String worstCase;
    if (worst == lanes) {
      worstCase = "every lane on a different word of one bank, e.g. indices " + banks + " words apart";
    } else if (worst == 1) {
      worstCase = "none: the array has at most one word per bank, so any index is conflict-free";
    } else {
      worstCase = worst + " lanes on the " + worst
          + " different words of one bank (the array has no more words per bank)";
    }
    return new Bounds(
        worst, 1, worstCase, "all lanes on one word (broadcast) or " + spread);
  }

  private static long ceilDiv(long a, long b) {
    return -Math.floorDiv(-a, b);
  }

  private static void checkWidth(int widthBytes) {
    if (widthBytes != 1 && widthBytes != 2 && widthBytes != 4 && widthBytes != 8
        && widthBytes != 16) {
      throw new IllegalArgumentException(
          "access width must be 1, 2, 4, 8 or 16 bytes, got " + widthBytes);
    }
  }
}
