package dev.bankcheck.bank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The model against the spec's closed form and against an independent lane-by-lane enumeration. */
class BankModelProperties {
  private static final int LANES = 32;

  // ---- lane-by-lane enumeration: the reference, written with plain collections, byte by byte ----

  record RefGroup(int passes, int distinctWords, int maxLanesOnOneWord, Map<Integer, Set<Long>> wordsByBank,
      Map<Integer, Set<Integer>> lanesByBank, Map<Integer, Integer> laneWordsByBank) {}

  record Ref(int ways, int wavefronts, int ideal, boolean broadcast, OptionalLong stride, List<RefGroup> groups) {}

  /** Lane-by-lane enumeration: every byte of every active lane, its word and bank, grouped by phase. */
  static Ref laneByLaneEnumeration(
      long[] addr, boolean[] active, int width, AccessKind kind, BankConfig cfg) {
    int groupSize = Math.min(cfg.warpSize(), cfg.banks() * cfg.bankBytes() / Math.max(width, cfg.bankBytes()));
    groupSize = Math.max(1, groupSize);
    List<RefGroup> groups = new ArrayList<>();
    int ways = 0;
    int wavefronts = 0;
    // Equal word sets collapse, so size 1 means every active lane touched the same words.
    Set<Set<Long>> wordSets = new HashSet<>();
    int activeCount = 0;
    for (int start = 0; start < cfg.warpSize(); start += groupSize) {
      Map<Integer, Set<Long>> wordsByBank = new TreeMap<>();
      Map<Integer, Set<Integer>> lanesByBank = new TreeMap<>();
      Map<Long, Set<Integer>> lanesByWord = new HashMap<>();
      Map<Integer, Integer> laneWordsByBank = new TreeMap<>(); // a copy serves each lane's word apart
      for (int lane = start; lane < Math.min(cfg.warpSize(), start + groupSize); lane++) {
        if (!active[lane]) {
          continue;
        }
        activeCount++;
        Set<Long> laneWords = new TreeSet<>();
        int laneWordsBefore = 0;
        for (long b = addr[lane]; b < addr[lane] + width; b++) {
          long word = Math.floorDiv(b, (long) cfg.bankBytes());
          laneWords.add(word);
          int bank = (int) Math.floorMod(word, (long) cfg.banks());
          wordsByBank.computeIfAbsent(bank, k -> new TreeSet<>()).add(word);
          lanesByBank.computeIfAbsent(bank, k -> new TreeSet<>()).add(lane);
          lanesByWord.computeIfAbsent(word, k -> new TreeSet<>()).add(lane);
          if (laneWords.size() > laneWordsBefore) laneWordsByBank.merge(bank, 1, Integer::sum);
          laneWordsBefore = laneWords.size();
        }
        wordSets.add(laneWords);
      }
      if (wordsByBank.isEmpty()) {
        continue;
      }
      int passes = wordsByBank.values().stream().mapToInt(Set::size).max().orElseThrow();
      int maxLanes = lanesByWord.values().stream().mapToInt(Set::size).max().orElseThrow();
      if (kind == AccessKind.ATOMIC) {
        passes = Math.max(passes, maxLanes);
      }
      if (kind == AccessKind.COPY) {
        passes = laneWordsByBank.values().stream().mapToInt(Integer::intValue).max().orElseThrow();
      }
      int distinctWords = wordsByBank.values().stream().mapToInt(Set::size).sum();
      groups.add(new RefGroup(passes, distinctWords, maxLanes, wordsByBank, lanesByBank, laneWordsByBank));
      ways = Math.max(ways, passes);
      wavefronts += passes;
    }
    if (groups.isEmpty()) {
      return new Ref(1, 0, 0, false, OptionalLong.empty(), groups);
    }
    OptionalLong stride = OptionalLong.empty();
    List<Integer> on = new ArrayList<>();
    for (int lane = 0; lane < cfg.warpSize(); lane++) {
      if (active[lane]) {
        on.add(lane);
      }
    }
    if (on.size() >= 2) {
      // Try every integer stride that the first two active lanes allow.
      long d = addr[on.get(1)] - addr[on.get(0)];
      int dl = on.get(1) - on.get(0);
      if (d % dl == 0) {
        long s = d / dl;
        boolean affine = on.stream().allMatch(l -> addr[l] == addr[on.get(0)] + s * (l - on.get(0)));
        if (affine) {
          stride = OptionalLong.of(s);
        }
      }
    }
    return new Ref(ways, wavefronts, groups.size(), kind != AccessKind.COPY && activeCount > 1 && wordSets.size() == 1,
        stride, groups);
  }

  static void assertMatchesEnumeration(
      long[] addr, boolean[] active, int width, AccessKind kind, BankConfig cfg) {
    WarpResult r = new BankModel(cfg).evaluate(addr, active, width, kind);
    Ref ref = laneByLaneEnumeration(addr, active, width, kind, cfg);
    // Every result can be explained in one line.
    String reason = Explain.reason(r);
    assertTrue(!reason.isBlank() && reason.indexOf('\n') < 0, reason);
    assertEquals(ref.ways(), r.ways(), "ways");
    assertEquals(ref.wavefronts(), r.wavefronts(), "wavefronts");
    assertEquals(ref.ideal(), r.idealWavefronts(), "ideal wavefronts");
    assertEquals(ref.broadcast(), r.broadcast(), "broadcast");
    assertEquals(ref.stride(), r.strideBytes(), "stride");
    assertEquals(ref.groups().size(), r.groups().size(), "groups");
    for (int i = 0; i < ref.groups().size(); i++) {
      RefGroup want = ref.groups().get(i);
      GroupResult got = r.groups().get(i);
      assertEquals(want.passes(), got.passes(), "passes");
      assertEquals(want.distinctWords(), got.distinctWords(), "distinct words");
      assertEquals(want.wordsByBank().size(), got.distinctBanks(), "distinct banks");
      assertEquals(want.maxLanesOnOneWord(), got.maxLanesOnOneWord(), "max lanes on one word");
      // The evidence must be the enumeration's view of the bank the model picked.
      Set<Long> words = want.wordsByBank().get(got.worstBank());
      assertArrayEquals(words.stream().mapToLong(Long::longValue).toArray(), got.wordsInWorstBank());
      assertArrayEquals(
          want.lanesByBank().get(got.worstBank()).stream().mapToInt(Integer::intValue).toArray(),
          got.lanesInWorstBank());
      if (kind == AccessKind.COPY) {
        assertEquals(got.passes(), want.laneWordsByBank().get(got.worstBank()), "worst bank holds passes lane-words");
      } else if (kind != AccessKind.ATOMIC || want.maxLanesOnOneWord() <= words.size()) {
        assertEquals(got.passes(), words.size(), "worst bank holds passes words");
      }
    }
  }

  static boolean[] allLanes() {
    boolean[] m = new boolean[LANES];
    java.util.Arrays.fill(m, true);
    return m;
  }

  // ---- (a) closed form over a full warp ----

  @Property(tries = 1000)
  void affineFourByteMatchesClosedForm(
      @ForAll @LongRange(min = -4096, max = 4096) long strideWords,
      @ForAll @LongRange(min = -100_000, max = 100_000) long offsetWords) {
    long[] addr = new long[LANES];
    for (int l = 0; l < LANES; l++) {
      addr[l] = 4 * (strideWords * l + offsetWords);
    }
    WarpResult r = new BankModel(BankConfig.DEFAULT).evaluate(addr, allLanes(), 4, AccessKind.LOAD);
    assertEquals(BankModel.closedFormWays(strideWords, 32), r.ways());
    assertEquals(OptionalLong.of(4 * strideWords), r.strideBytes());
  }

  // ---- (b) affine accesses of every width against the enumeration ----

  @Property(tries = 1000)
  void affineAnyWidthMatchesEnumeration(
      @ForAll("widths") int width,
      @ForAll @IntRange(min = -300, max = 300) int strideElements,
      @ForAll @IntRange(min = -5000, max = 5000) int offsetElements,
      @ForAll("kinds") AccessKind kind) {
    long[] addr = new long[LANES];
    for (int l = 0; l < LANES; l++) {
      addr[l] = (long) width * ((long) strideElements * l + offsetElements);
    }
    assertMatchesEnumeration(addr, allLanes(), width, kind, BankConfig.DEFAULT);
  }

  // ---- (c) arbitrary addresses, masks, kinds and geometries against the enumeration ----

  @Property(tries = 2000)
  void randomAccessMatchesEnumeration(
      @ForAll("widths") int width,
      @ForAll("addresses") long[] addr,
      @ForAll("masks") boolean[] active,
      @ForAll("kinds") AccessKind kind,
      @ForAll("configs") BankConfig cfg) {
    assertMatchesEnumeration(addr, active, width, kind, cfg);
  }

  // ---- (d) a uniform shift by whole words rotates banks and changes nothing ----

  @Property(tries = 1000)
  void wordShiftKeepsConflicts(
      @ForAll("wideWidths") int width,
      @ForAll("addresses") long[] addr,
      @ForAll("masks") boolean[] active,
      @ForAll("kinds") AccessKind kind,
      @ForAll @LongRange(min = -1_000_000, max = 1_000_000) long shiftWords) {
    BankModel model = new BankModel(BankConfig.DEFAULT);
    long[] shifted = addr.clone();
    for (int l = 0; l < LANES; l++) {
      shifted[l] += 4 * shiftWords;
    }
    WarpResult before = model.evaluate(addr, active, width, kind);
    WarpResult after = model.evaluate(shifted, active, width, kind);
    assertEquals(before.ways(), after.ways());
    assertEquals(before.wavefronts(), after.wavefronts());
  }

  // ---- (e) the numbers alone agree with the full evaluation and with the enumeration ----

  @Property(tries = 2000)
  void degreeMatchesEvaluation(
      @ForAll("widths") int width,
      @ForAll("addresses") long[] addr,
      @ForAll("masks") boolean[] active,
      @ForAll("kinds") AccessKind kind,
      @ForAll("configs") BankConfig cfg) {
    BankModel model = new BankModel(cfg);
    WarpDegree d = model.degree(addr, active, width, kind);
    assertEquals(WarpDegree.of(model.evaluate(addr, active, width, kind)), d);
    Ref ref = laneByLaneEnumeration(addr, active, width, kind, cfg);
    assertEquals(new WarpDegree(ref.ways(), ref.wavefronts(), ref.ideal(), ref.broadcast()), d);
  }

  // ---- (f) a shift by whole bank words keeps every number, at any width and geometry ----
  // (the checker evaluates an access again only when it is not such a shift of one it has seen)

  @Property(tries = 1000)
  void wholeWordShiftKeepsDegree(
      @ForAll("widths") int width,
      @ForAll("addresses") long[] addr,
      @ForAll("masks") boolean[] active,
      @ForAll("kinds") AccessKind kind,
      @ForAll("configs") BankConfig cfg,
      @ForAll @LongRange(min = -100_000, max = 100_000) long shiftWords) {
    BankModel model = new BankModel(cfg);
    long[] shifted = addr.clone();
    for (int l = 0; l < LANES; l++) {
      shifted[l] += cfg.bankBytes() * shiftWords;
    }
    WarpDegree before = WarpDegree.of(model.evaluate(addr, active, width, kind));
    assertEquals(before, WarpDegree.of(model.evaluate(shifted, active, width, kind)));
    assertEquals(before, model.degree(shifted, active, width, kind));
  }

  @Provide
  Arbitrary<Integer> widths() {
    return Arbitraries.of(1, 2, 4, 8, 16);
  }

  @Provide
  Arbitrary<Integer> wideWidths() {
    return Arbitraries.of(4, 8, 16);
  }

  @Provide
  Arbitrary<AccessKind> kinds() {
    return Arbitraries.of(AccessKind.class);
  }

  @Provide
  Arbitrary<BankConfig> configs() {
    return Combinators.combine(Arbitraries.of(8, 16, 24, 32, 32, 64), Arbitraries.of(3, 4, 4, 8))
        .as((banks, bytes) -> new BankConfig(banks, bytes, LANES));
  }

  /** Lane addresses: small windows (many collisions), aligned patterns and wide random ones. */
  @Provide
  Arbitrary<long[]> addresses() {
    Arbitrary<long[]> dense = Arbitraries.longs().between(-64, 64).array(long[].class).ofSize(LANES);
    Arbitrary<long[]> banked =
        Arbitraries.longs().between(-8, 8).map(k -> k * 128).array(long[].class).ofSize(LANES);
    Arbitrary<long[]> wide =
        Arbitraries.longs().between(-1 << 20, 1 << 20).array(long[].class).ofSize(LANES);
    Arbitrary<long[]> bankedPlusLane =
        Combinators.combine(banked, Arbitraries.integers().between(0, 3))
            .as((a, jitter) -> {
              long[] out = a.clone();
              for (int l = 0; l < LANES; l++) {
                out[l] += 4L * (l % 4) + jitter;
              }
              return out;
            });
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(3, dense),
        net.jqwik.api.Tuple.of(3, banked),
        net.jqwik.api.Tuple.of(2, bankedPlusLane),
        net.jqwik.api.Tuple.of(1, wide));
  }

  @Provide
  Arbitrary<boolean[]> masks() {
    Arbitrary<boolean[]> random = Arbitraries.of(true, false).array(boolean[].class).ofSize(LANES);
    Arbitrary<boolean[]> prefix =
        Arbitraries.integers().between(0, LANES).map(n -> {
          boolean[] m = new boolean[LANES];
          for (int l = 0; l < n; l++) {
            m[l] = true;
          }
          return m;
        });
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(2, Arbitraries.just(allLanes())),
        net.jqwik.api.Tuple.of(3, random),
        net.jqwik.api.Tuple.of(1, prefix));
  }
}
