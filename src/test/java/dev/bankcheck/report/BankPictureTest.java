package dev.bankcheck.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.bank.AccessKind;
import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.bank.BankModel;
import dev.bankcheck.bank.WarpAccess;
import dev.bankcheck.bank.WarpResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

class BankPictureTest {
  private static WarpAccess warp(int width, AccessKind kind, IntToLongFunction address) {
    long[] a = new long[32];
    boolean[] active = new boolean[32];
    for (int l = 0; l < 32; l++) {
      a[l] = address.applyAsLong(l);
      active[l] = true;
    }
    return new WarpAccess(a, active, width, kind);
  }

  private static BankPicture picture(WarpAccess w) {
    return BankPicture.of(w, BankConfig.DEFAULT).orElseThrow();
  }

  /** Every (word, lane) mark of a group, as "word:lane". */
  private static List<String> marks(BankPicture.Group g) {
    List<String> out = new ArrayList<>();
    for (BankPicture.Row r : g.rows()) {
      for (BankPicture.Cell c : r.cells()) {
        assertEquals(r.index(), Math.floorDiv(c.word(), 32), "a cell lies in its row");
        assertEquals(Math.floorMod(c.word(), 32), c.bank(), "the column is the word's bank");
        for (int lane : c.lanes()) out.add(c.word() + ":" + lane);
      }
    }
    return out;
  }

  @Test
  void consecutiveFloatsFillOneRowOfBanks() {
    BankPicture p = picture(warp(4, AccessKind.LOAD, l -> 4L * l));
    assertEquals(1, p.ways());
    assertEquals(1, p.groups().size());
    BankPicture.Group g = p.groups().get(0);
    assertEquals(1, g.rows().size());
    assertEquals(32, g.rows().get(0).cells().size());
    for (int b = 0; b < 32; b++) assertEquals(List.of(b), g.rows().get(0).cells().get(b).lanes());
  }

  @Test
  void columnReadPutsEveryLaneInBankZeroOnItsOwnRow() {
    BankPicture p = picture(warp(4, AccessKind.LOAD, l -> 128L * l));
    BankPicture.Group g = p.groups().get(0);
    assertEquals(32, g.passes());
    assertEquals(0, g.worstBank());
    assertEquals(32, g.rows().size());
    assertEquals(32, g.wordsInBank(0));
    assertEquals(31, g.rows().get(31).index());
    assertEquals(List.of(31), g.rows().get(31).cells().get(0).lanes());
  }

  @Test
  void float2WithStrideTwoSpansTwoWordsPerLaneInHalfWarps() {
    // float2 v[2 * lane]: lane l reads bytes 16l..16l+7, words 4l and 4l+1; half-warps are served apart.
    BankPicture p = picture(warp(8, AccessKind.LOAD, l -> 16L * l));
    assertEquals(2, p.ways());
    assertEquals(2, p.groups().size());
    BankPicture.Group first = p.groups().get(0);
    assertEquals(0, first.firstLane());
    assertEquals(15, first.lastLane());
    assertEquals(2, first.passes());
    assertEquals(0, first.worstBank());
    assertEquals(List.of(0L, 1L), first.rows().stream().map(BankPicture.Row::index).toList());
    List<String> m = marks(first);
    assertEquals(32, m.size(), "16 lanes, 2 words each");
    assertTrue(m.containsAll(List.of("0:0", "1:0", "32:8", "33:8", "60:15", "61:15")), m.toString());
    assertEquals(2, first.wordsInBank(0), "lanes 0 and 8 meet in bank 0 at words 0 and 32");
    BankPicture.Group second = p.groups().get(1);
    assertEquals(16, second.firstLane());
    assertTrue(marks(second).containsAll(List.of("64:16", "65:16", "96:24")));
  }

  @Test
  void float4IsDrawnPerQuarterWarp() {
    BankPicture p = picture(warp(16, AccessKind.LOAD, l -> 16L * l));
    assertEquals(4, p.groups().size());
    for (int i = 0; i < 4; i++) {
      BankPicture.Group g = p.groups().get(i);
      assertEquals(8 * i, g.firstLane());
      assertEquals(1, g.passes());
      assertEquals(1, g.rows().size(), "8 lanes x 4 words = one row of 32 banks");
      assertEquals(32, marks(g).size());
    }
  }

  @Test
  void charsShareWordsAndInactiveLanesAreListed() {
    long[] a = new long[32];
    boolean[] active = new boolean[32];
    for (int l = 0; l < 32; l++) {
      a[l] = l;
      active[l] = l < 16;
    }
    BankPicture p = picture(new WarpAccess(a, active, 1, AccessKind.LOAD));
    BankPicture.Group g = p.groups().get(0);
    assertEquals(4, g.rows().get(0).cells().size(), "16 chars in 4 words");
    assertEquals(List.of(0, 1, 2, 3), g.rows().get(0).cells().get(0).lanes());
    assertEquals(16, p.inactiveLanes().size());
    assertEquals(16, p.inactiveLanes().get(0));
  }

  @Test
  void atomicsOnOneWordShowAllLanesOnIt() {
    BankPicture p = picture(warp(4, AccessKind.ATOMIC, l -> 0));
    BankPicture.Group g = p.groups().get(0);
    assertEquals(32, g.passes());
    assertEquals(1, g.wordsInBank(g.worstBank()));
    assertEquals(32, g.rows().get(0).cells().get(0).lanes().size());
  }

  @Test
  void noPictureWithoutAnEvaluatedWarp() {
    assertTrue(BankPicture.of(null, BankConfig.DEFAULT).isEmpty());
    WarpAccess sixteenLanes = new WarpAccess(new long[16], new boolean[16], 4, AccessKind.LOAD);
    assertTrue(BankPicture.of(sixteenLanes, BankConfig.DEFAULT).isEmpty());
    WarpAccess badWidth = new WarpAccess(new long[32], new boolean[32], 3, AccessKind.LOAD);
    assertTrue(BankPicture.of(badWidth, BankConfig.DEFAULT).isEmpty());
  }

  /** The drawn worst bank holds as many distinct words as the model's passes, for any loads and stores. */
  @Test
  void drawnWorstBankAgreesWithTheModel() {
    Random random = new Random(42);
    int[] widths = {1, 2, 4, 8, 16};
    for (int trial = 0; trial < 2000; trial++) {
      int width = widths[random.nextInt(widths.length)];
      BankConfig cfg = random.nextBoolean() ? BankConfig.DEFAULT : new BankConfig(16, 4, 32);
      long[] a = new long[32];
      boolean[] active = new boolean[32];
      int stride = random.nextInt(70);
      for (int l = 0; l < 32; l++) {
        a[l] = random.nextInt(4) == 0 ? (long) width * random.nextInt(512) : (long) width * stride * l;
        active[l] = random.nextInt(8) != 0;
      }
      WarpAccess w = new WarpAccess(a, active, width, AccessKind.LOAD);
      WarpResult r = new BankModel(cfg).evaluate(a, active, width, AccessKind.LOAD);
      BankPicture p = BankPicture.of(w, cfg).orElseThrow();
      assertEquals(r.ways(), p.ways());
      assertEquals(r.groups().size(), p.groups().size());
      for (BankPicture.Group g : p.groups()) {
        assertEquals(g.passes(), g.wordsInBank(g.worstBank()), "trial " + trial + " " + w);
        for (int b = 0; b < cfg.banks(); b++) assertTrue(g.wordsInBank(b) <= g.passes());
      }
    }
  }
}
