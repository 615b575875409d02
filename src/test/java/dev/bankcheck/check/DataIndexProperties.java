package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * An index with a row read from memory ({@code s[r * K + (A * tid + B) % C]}): an exact verdict must be what
 * every drawn row per lane gives, counted here lane by lane without the bank model's code, and a data-dependent
 * one must bound every draw. The row is read at {@code rowOf[tid / D]}, so lanes that read one address get one
 * row (the bounds count them once). Loads of 1, 4 and 8 bytes, and atomics.
 */
class DataIndexProperties {
  private static final int[] WIDTHS = {1, 4, 8};
  private static final String[] TYPES = {"char", "float", "double"};
  private static final int[] ROW_WORDS = {8, 16, 32, 33, 48, 64, 96, 128};

  @Property(tries = 200)
  void exactVerdictsHoldForAnyDataAndBoundsContainEveryDraw(@ForAll long seed) {
    Random rnd = new Random(seed);
    int t = rnd.nextInt(WIDTHS.length);
    int width = WIDTHS[t];
    int rows = 2 + rnd.nextInt(7);
    int k = ROW_WORDS[rnd.nextInt(ROW_WORDS.length)] * 4 / width; // elements per row
    int a = rnd.nextInt(5);
    int b = rnd.nextInt(4);
    int c = 1 + rnd.nextInt(k);
    boolean atomic = width == 4 && rnd.nextBoolean();
    int lanesPerRow = rnd.nextBoolean() ? 1 : 1 << rnd.nextInt(6);
    String index = "r * " + k + " + (" + a + " * threadIdx.x + " + b + ") % " + c;
    String src = "// bankcheck: block 32\n"
        + "__global__ void k(const int *rowOf, " + TYPES[t] + " *out) {\n"
        + "  __shared__ " + (atomic ? "int" : TYPES[t]) + " s[" + rows * k + "];\n"
        + "  int r = rowOf[threadIdx.x / " + lanesPerRow + "];\n"
        + (atomic ? "  atomicAdd(&s[" + index + "], 1);\n" : "  out[threadIdx.x] = s[" + index + "];\n")
        + "}\n";
    Finding f = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("d.cu"), "d.cu", src)
        .findings().stream().filter(x -> x.pos().line() == 5).findFirst().orElse(null);
    assertNotNull(f, src);
    for (int draw = 0; draw < 300; draw++) {
      long[] address = new long[32];
      // some draws put many lanes on one row, as the worst cases need
      int spread = 1 + rnd.nextInt(draw % 3 == 0 ? 1 : rows);
      long[] rowOf = new long[32];
      for (int i = 0; i < 32; i++) rowOf[i] = rnd.nextInt(spread);
      for (int lane = 0; lane < 32; lane++) {
        address[lane] = (rowOf[lane / lanesPerRow] * k + (a * lane + b) % c) * width;
      }
      assertAgrees(f, ways(address, width, atomic), src, "drawn");
    }
  }

  /**
   * Ways counted for one choice of the data ({@code choice} says which) agree with the finding: an exact verdict's
   * ways, or within a data-dependent one's bounds.
   */
  static void assertAgrees(Finding f, int ways, String src, String choice) {
    String why = src + "\n" + f.verdict() + " " + f.ways() + " " + f.worstWays() + "/" + f.bestWays() + " "
        + f.reason() + "\n" + choice + ": " + ways;
    if (f.verdict() == Verdict.DATA_DEPENDENT) {
      assertTrue(best(f) <= ways && ways <= f.worstWays(), why);
    } else {
      assertTrue(f.ways() != null && f.ways() == ways, why);
    }
  }

  /**
   * The least ways any data can give as the finding states it: its best case where that is exact, else the lower
   * bound the text gives ("no choice can do better than N-way"; the best case is then only the best choice found).
   */
  static int best(Finding f) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("no choice can do better than (\\d+)-way").matcher(f.reason());
    return m.find() ? Integer.parseInt(m.group(1)) : f.bestWays();
  }

  /**
   * Ways by the spec, written out: per lane group, the most distinct words that fall in one bank; for an atomic
   * also the most lanes on one word.
   */
  static int ways(long[] address, int width, boolean atomic) {
    int group = width <= 4 ? 32 : 128 / width;
    int worst = 0;
    for (int start = 0; start < 32; start += group) {
      Map<Long, Set<Long>> wordsByBank = new HashMap<>();
      Map<Long, Integer> lanesByWord = new HashMap<>();
      for (int lane = start; lane < start + group; lane++) {
        if (atomic) worst = Math.max(worst, lanesByWord.merge(address[lane] / 4, 1, Integer::sum));
        for (long w = address[lane] / 4; w <= (address[lane] + width - 1) / 4; w++) {
          Set<Long> words = wordsByBank.computeIfAbsent(Math.floorMod(w, 32L), x -> new HashSet<>());
          words.add(w);
          worst = Math.max(worst, words.size());
        }
      }
    }
    return worst;
  }
}
