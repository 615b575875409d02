package dev.bankcheck.bank;

import static dev.bankcheck.bank.BankModelTest.addresses;
import static dev.bankcheck.bank.BankModelTest.firstLanes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.IntToLongFunction;
import org.junit.jupiter.api.Test;

class ExplainTest {
  private static final BankModel MODEL = new BankModel(BankConfig.DEFAULT);

  private static String why(IntToLongFunction addr, int width, AccessKind kind) {
    return Explain.reason(MODEL.evaluate(addresses(32, addr), firstLanes(32, 32), width, kind));
  }

  @Test
  void affineFloat() {
    assertEquals(
        "lane stride 32 words (128 bytes): gcd(32, 32) = 32, all 32 lanes hit bank 0",
        why(l -> 128L * l, 4, AccessKind.LOAD));
    assertEquals(
        "lane stride 2 words: gcd(2, 32) = 2, lanes 0 and 16 hit bank 0 (words 0 and 32)",
        why(l -> 8L * l, 4, AccessKind.LOAD));
    assertEquals(
        "lane stride 1 word: every lane hits a different bank", why(l -> 4L * l, 4, AccessKind.LOAD));
    assertEquals(
        "lane stride 3 words: gcd(3, 32) = 1, 32 distinct banks",
        why(l -> 12L * l, 4, AccessKind.LOAD));
    assertEquals(
        "lane stride 4 words: gcd(4, 32) = 4, lanes 0, 8, 16 and 24 hit bank 0 at 4 different words (0, 32, 64, 96)",
        why(l -> 16L * l, 4, AccessKind.LOAD));
  }

  @Test
  void broadcast() {
    assertEquals("all 32 lanes read the same word: broadcast", why(l -> 28, 4, AccessKind.LOAD));
    assertEquals(
        "all 32 lanes update the same word: 32 serialized updates" + Explain.ATOMIC_NOTE,
        why(l -> 28, 4, AccessKind.ATOMIC));
  }

  @Test
  void subWord() {
    assertEquals(
        "lanes 0-3 share word 0 (1-byte elements, 4 per word): 8 words in 8 banks, conflict-free",
        why(l -> l, 1, AccessKind.LOAD));
    assertEquals(
        "lane stride 1 word (4 bytes): every lane hits a different bank",
        why(l -> 4L * l, 1, AccessKind.LOAD));
    // bytes 3 apart from byte 1 (Rodinia's RGB triples): the lanes named share a word (it said "lane 0 share word 0")
    assertEquals(
        "lanes 1 and 2 share word 1 (1-byte elements, 4 per word): 24 words in 24 banks, conflict-free",
        why(l -> 3L * l + 1, 1, AccessKind.LOAD));
    assertEquals(
        "lane stride 32 words (128 bytes): gcd(32, 32) = 32, all 32 lanes hit bank 0",
        why(l -> 128L * l, 1, AccessKind.LOAD));
  }

  @Test
  void wide() {
    assertEquals(
        "8-byte accesses are served per half-warp (lanes 0-15, 16-31); lanes 0 and 8 hit bank 0 (words 0 and 32): 4 wavefronts instead of 2",
        why(l -> 16L * l, 8, AccessKind.LOAD));
    assertEquals(
        "8-byte accesses are served per half-warp (lanes 0-15, 16-31); lanes 0-15 hit bank 0 at 16 different words (0, 64, 128, ... 960): 32 wavefronts instead of 2",
        why(l -> 256L * l, 8, AccessKind.STORE));
    assertEquals(
        "16-byte accesses are served per quarter-warp (lanes 0-7, 8-15, 16-23, 24-31); each group is conflict-free (4 wavefronts, the minimum)",
        why(l -> 16L * l, 16, AccessKind.LOAD));
  }

  @Test
  void nonAffine() {
    // word (lane % 8) * 5 + (lane / 8) * 32 + 3: not affine; lanes 0, 8, 16, 24 share bank 3.
    assertEquals(
        "lanes 0, 8, 16 and 24 hit bank 3 at 4 different words (3, 35, 67, 99)",
        why(l -> 4L * ((l % 8) * 5 + (l / 8) * 32 + 3), 4, AccessKind.LOAD));
    assertEquals(
        "32 words in 32 banks, conflict-free",
        why(l -> 4L * ((l * 7) % 32), 4, AccessKind.LOAD));
  }

  @Test
  void atomics() {
    assertEquals(
        "lanes 0, 2, 4, ... 30 (16 lanes) update word 0 together: 16 serialized updates" + Explain.ATOMIC_NOTE,
        why(l -> 4L * (l % 2), 4, AccessKind.ATOMIC));
    assertTrue(why(l -> 4L * l, 4, AccessKind.ATOMIC).endsWith(Explain.ATOMIC_NOTE));
  }

  @Test
  void emptyAndMasked() {
    assertEquals(
        "no lane is active, so nothing is accessed",
        Explain.reason(MODEL.evaluate(new long[32], new boolean[32], 4, AccessKind.LOAD)));
    assertEquals(
        "lane stride 32 words (128 bytes): lanes 0-3 hit bank 0 at 4 different words (0, 32, 64, 96)",
        Explain.reason(MODEL.evaluate(addresses(32, l -> 128L * l), firstLanes(32, 4), 4, AccessKind.LOAD)));
  }

  @Test
  void laneLists() {
    assertEquals("lane 5", Explain.lanes(new int[] {5}));
    assertEquals("lanes 0 and 16", Explain.lanes(new int[] {0, 16}));
    assertEquals("lanes 0-15", Explain.lanes(new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}));
    assertEquals("lanes 1, 4, 9, ... 31 (7 lanes)", Explain.lanes(new int[] {1, 4, 9, 12, 20, 25, 31}));
  }
}
