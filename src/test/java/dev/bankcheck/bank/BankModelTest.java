package dev.bankcheck.bank;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.OptionalLong;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BankModelTest {
  private static final BankModel MODEL = new BankModel(BankConfig.DEFAULT);

  static long[] addresses(int lanes, IntToLongFunction byteAddressOfLane) {
    long[] a = new long[lanes];
    for (int l = 0; l < lanes; l++) {
      a[l] = byteAddressOfLane.applyAsLong(l);
    }
    return a;
  }

  static boolean[] firstLanes(int lanes, int activeCount) {
    boolean[] m = new boolean[lanes];
    for (int l = 0; l < activeCount; l++) {
      m[l] = true;
    }
    return m;
  }

  static WarpResult eval(IntToLongFunction addr, int width, AccessKind kind) {
    return MODEL.evaluate(addresses(32, addr), firstLanes(32, 32), width, kind);
  }

  // Spec section 4 worked examples: float s[stride * tid] over a full warp.
  @ParameterizedTest(name = "float stride {0} words -> {1}-way")
  @CsvSource({"1,1", "2,2", "3,1", "4,4", "8,8", "12,4", "15,1", "16,16", "32,32"})
  void floatStrideTable(int stride, int expectedWays) {
    WarpResult r = eval(l -> 4L * stride * l, 4, AccessKind.LOAD);
    assertEquals(expectedWays, r.ways());
    assertEquals(expectedWays, r.wavefronts());
    assertEquals(1, r.idealWavefronts());
    assertEquals(expectedWays, BankModel.closedFormWays(stride, 32));
    assertEquals(OptionalLong.of(4L * stride), r.strideBytes());
    assertFalse(r.broadcast());
  }

  @ParameterizedTest(name = "offset {0} bytes does not change stride-2 float")
  @CsvSource({"4", "28", "124", "4096", "-8", "-1000"})
  void offsetInvariance(long offset) {
    assertEquals(2, eval(l -> offset + 8L * l, 4, AccessKind.LOAD).ways());
    assertEquals(32, eval(l -> offset + 128L * l, 4, AccessKind.STORE).ways());
  }

  @Test
  void broadcastOfOneWord() {
    WarpResult r = eval(l -> 7 * 4, 4, AccessKind.LOAD);
    assertEquals(1, r.ways());
    assertEquals(1, r.wavefronts());
    assertTrue(r.broadcast());
    assertEquals(OptionalLong.of(0), r.strideBytes());
    assertEquals(32, r.groups().get(0).maxLanesOnOneWord());
  }

  /** A cp.async does not merge lanes on one word: 32 lanes copying to word 7 take 32 passes, no broadcast. */
  @Test
  void copiesToOneWordAreNotMerged() {
    WarpResult r = eval(l -> 7 * 4, 4, AccessKind.COPY);
    assertEquals(32, r.ways());
    assertEquals(32, r.wavefronts());
    assertFalse(r.broadcast());
    assertEquals("lane stride 0 words: all 32 lanes copy to word 7 of bank 7: 32 passes (a copy does not merge"
        + " lanes on one word)", Explain.reason(r));
    // two chars of one word from each of two lanes: two lane-words in bank 0
    assertEquals(2, eval(l -> l < 2 ? l : 4L * l, 1, AccessKind.COPY).ways());
    assertEquals(new Bounds(32, 1, "every lane copying to the same word (a copy does not merge them)",
            "lanes on distinct banks, e.g. a permutation of 32 consecutive elements"),
        BankModel.dataDependentBounds(32, 4096, 4, AccessKind.COPY, BankConfig.DEFAULT));
  }

  /** On distinct words a copy is served as a store of its width. */
  @Test
  void copiesToDistinctWordsAreStores() {
    for (int width : new int[] {4, 8, 16}) {
      for (long stride : new long[] {4, 8, 16, 36, 128, 132}) {
        long step = Math.max(stride, width);
        WarpResult copy = eval(l -> step * l, width, AccessKind.COPY);
        WarpResult store = eval(l -> step * l, width, AccessKind.STORE);
        assertEquals(store.ways(), copy.ways(), width + " bytes, stride " + step);
        assertEquals(store.wavefronts(), copy.wavefronts(), width + " bytes, stride " + step);
      }
    }
  }

  @Test
  void charConsecutiveSharesWords() {
    WarpResult r = eval(l -> l, 1, AccessKind.LOAD);
    assertEquals(1, r.ways());
    GroupResult g = r.groups().get(0);
    assertEquals(8, g.distinctWords());
    assertEquals(4, g.maxLanesOnOneWord());
    assertArrayEquals(new int[] {0, 1, 2, 3}, g.lanesInWorstBank());
  }

  @Test
  void charStrideFourIsOneWordApart() {
    assertEquals(1, eval(l -> 4L * l, 1, AccessKind.LOAD).ways());
  }

  @Test
  void charStride128Is32Way() {
    WarpResult r = eval(l -> 128L * l, 1, AccessKind.LOAD);
    assertEquals(32, r.ways());
    assertEquals(0, r.groups().get(0).worstBank());
  }

  @Test
  void doubleConsecutiveNeedsTwoWavefronts() {
    WarpResult r = eval(l -> 8L * l, 8, AccessKind.LOAD);
    assertEquals(1, r.ways());
    assertEquals(2, r.wavefronts());
    assertEquals(2, r.idealWavefronts());
    assertEquals(0, r.groups().get(0).firstLane());
    assertEquals(15, r.groups().get(0).lastLane());
    assertEquals(16, r.groups().get(1).firstLane());
  }

  @Test
  void doubleTileColumnStoreIs16PassesPerHalfWarp() {
    // double t[32][32]; t[tid][c] = ...: lane stride 256 bytes (spec ground truth G2).
    WarpResult r = eval(l -> 256L * l, 8, AccessKind.STORE);
    assertEquals(16, r.ways());
    assertEquals(32, r.wavefronts());
    assertEquals(2, r.idealWavefronts());
    assertEquals(16, r.groups().get(1).passes());
  }

  @Test
  void float4ConsecutiveNeedsFourWavefronts() {
    WarpResult r = eval(l -> 16L * l, 16, AccessKind.LOAD);
    assertEquals(1, r.ways());
    assertEquals(4, r.wavefronts());
    assertEquals(4, r.idealWavefronts());
  }

  @Test
  void float4StrideTwoIsTwoWay() {
    WarpResult r = eval(l -> 32L * l, 16, AccessKind.LOAD);
    assertEquals(2, r.ways());
    assertEquals(8, r.wavefronts());
    assertArrayEquals(new int[] {0, 4}, r.groups().get(0).lanesInWorstBank());
    assertArrayEquals(new long[] {0, 32}, r.groups().get(0).wordsInWorstBank());
  }

  @Test
  void maskedLanesDoNotTakePart() {
    // Stride 32 words, 4-way when only lanes 0..3 are active (e.g. if (tid < 4)).
    WarpResult r = MODEL.evaluate(addresses(32, l -> 128L * l), firstLanes(32, 4), 4, AccessKind.LOAD);
    assertEquals(4, r.ways());
    assertEquals(4, r.activeLanes());
    // Inactive lanes' addresses are ignored entirely, including for the stride.
    long[] a = addresses(32, l -> 4L * l);
    a[5] = 128;
    boolean[] m = firstLanes(32, 32);
    m[5] = false;
    WarpResult skip = MODEL.evaluate(a, m, 4, AccessKind.LOAD);
    assertEquals(1, skip.ways());
    assertEquals(OptionalLong.of(4), skip.strideBytes());
  }

  @Test
  void atomicsSerializeOnOneCounter() {
    WarpResult same = eval(l -> 12, 4, AccessKind.ATOMIC);
    assertEquals(32, same.ways());
    assertEquals(32, same.wavefronts());
    WarpResult perm = eval(l -> 4L * ((l * 7) % 32), 4, AccessKind.ATOMIC);
    assertEquals(1, perm.ways());
    assertTrue(perm.strideBytes().isEmpty());
    // Loads of one word stay a broadcast.
    assertEquals(1, eval(l -> 12, 4, AccessKind.LOAD).ways());
    // Two counters in different banks, 16 lanes each.
    WarpResult two = eval(l -> 4L * (l % 2), 4, AccessKind.ATOMIC);
    assertEquals(16, two.ways());
  }

  @Test
  void partialWarpLeavesEmptyGroupsOut() {
    WarpResult r = MODEL.evaluate(addresses(32, l -> 8L * l), firstLanes(32, 10), 8, AccessKind.LOAD);
    assertEquals(1, r.groups().size());
    assertEquals(1, r.wavefronts());
    assertEquals(1, r.idealWavefronts());
  }

  @Test
  void emptyWarp() {
    WarpResult r = MODEL.evaluate(new long[32], new boolean[32], 4, AccessKind.LOAD);
    assertTrue(r.empty());
    assertEquals(1, r.ways());
    assertEquals(0, r.wavefronts());
    assertEquals(0, r.idealWavefronts());
    assertFalse(r.broadcast());
    assertTrue(r.worstGroup().isEmpty());
  }

  @Test
  void sixteenBanksServeHalfWarps() {
    BankModel g80 = new BankModel(new BankConfig(16, 4, 32));
    WarpResult r = g80.evaluate(addresses(32, l -> 8L * l), firstLanes(32, 32), 4, AccessKind.LOAD);
    assertEquals(2, r.ways());
    assertEquals(4, r.wavefronts());
    assertEquals(2, r.idealWavefronts());
    assertEquals(BankModel.closedFormWays(2, 16), r.ways());
  }

  @Test
  void sixtyFourBanksTakeTheWholeWarpForDoubles() {
    BankModel wide = new BankModel(new BankConfig(64, 4, 32));
    WarpResult r = wide.evaluate(addresses(32, l -> 256L * l), firstLanes(32, 32), 8, AccessKind.LOAD);
    assertEquals(1, r.idealWavefronts());
    assertEquals(32, r.ways());
  }

  @Test
  void negativeAddressesUseFloorArithmetic() {
    WarpResult r = eval(l -> -4L - 128L * l, 4, AccessKind.LOAD);
    assertEquals(32, r.ways());
    assertEquals(31, r.groups().get(0).worstBank());
    assertEquals(OptionalLong.of(-128), r.strideBytes());
  }

  @Test
  void unalignedAccessTouchesBothWords() {
    // A 4-byte access at byte 2 covers words 0 and 1; a 16-byte one at byte 2 covers 5 words (lane 1: 4 more).
    long[] a = new long[32];
    boolean[] m = new boolean[32];
    a[0] = 2;
    m[0] = true;
    a[1] = 128;
    m[1] = true;
    WarpResult r = MODEL.evaluate(a, m, 4, AccessKind.LOAD);
    assertEquals(2, r.ways());
    assertEquals(3, r.groups().get(0).distinctWords());
    assertEquals(4 + 5, MODEL.evaluate(a, m, 16, AccessKind.LOAD).groups().get(0).distinctWords());
  }

  @Test
  void rejectsBadWidthAndShapes() {
    assertThrows(IllegalArgumentException.class, () -> eval(l -> 0, 3, AccessKind.LOAD));
    assertThrows(IllegalArgumentException.class, () -> eval(l -> 0, 32, AccessKind.LOAD));
    assertThrows(
        IllegalArgumentException.class,
        () -> MODEL.evaluate(new long[31], new boolean[31], 4, AccessKind.LOAD));
  }

  @Test
  void closedForm() {
    assertEquals(1, BankModel.closedFormWays(0, 32));
    assertEquals(2, BankModel.closedFormWays(-2, 32));
    assertEquals(32, BankModel.closedFormWays(-4096, 32));
    assertEquals(1, BankModel.closedFormWays(Long.MIN_VALUE + 1, 32));
    assertEquals(32, BankModel.closedFormWays(Long.MIN_VALUE, 32));
  }

  @Test
  void dataDependentBounds() {
    Bounds hist = BankModel.dataDependentBounds(32, -1, 4, AccessKind.ATOMIC, BankConfig.DEFAULT);
    assertEquals(32, hist.worst());
    assertEquals(1, hist.best());
    Bounds load = BankModel.dataDependentBounds(32, -1, 4, AccessKind.LOAD, BankConfig.DEFAULT);
    assertEquals(32, load.worst());
    assertEquals(1, load.best());
    // float s[256]: 8 words per bank, so at most 8-way.
    assertEquals(8, BankModel.dataDependentBounds(32, 1024, 4, AccessKind.LOAD, BankConfig.DEFAULT).worst());
    // 8 counters: at least 4 lanes share one.
    Bounds small = BankModel.dataDependentBounds(32, 32, 4, AccessKind.ATOMIC, BankConfig.DEFAULT);
    assertEquals(4, small.best());
    // doubles: lanes per group is 16.
    assertEquals(16, BankModel.dataDependentBounds(32, -1, 8, AccessKind.LOAD, BankConfig.DEFAULT).worst());
    // float s[32]: one word per bank, any index is conflict-free.
    Bounds tiny = BankModel.dataDependentBounds(32, 128, 4, AccessKind.LOAD, BankConfig.DEFAULT);
    assertEquals(1, tiny.worst());
    assertTrue(tiny.worstCase().startsWith("none"));
    assertTrue(hist.worstCase().contains("same counter"));
    assertTrue(load.bestCase().contains("permutation of 32 consecutive elements"));
    assertEquals(1, BankModel.dataDependentBounds(0, -1, 4, AccessKind.LOAD, BankConfig.DEFAULT).worst());
    assertThrows(
        IllegalArgumentException.class,
        () -> BankModel.dataDependentBounds(32, -1, 3, AccessKind.LOAD, BankConfig.DEFAULT));
    // 4 doubles = 8 words: 16 lanes over 4 counters -> 4 per counter.
    assertEquals(4, BankModel.dataDependentBounds(32, 32, 8, AccessKind.ATOMIC, BankConfig.DEFAULT).best());
  }
}
