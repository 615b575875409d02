package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * Values that memory contents choose: each lane's binary search over a shared table (its own window of it) and a
 * row picked by a flag. Every draw of sorted table contents, keys and flags, searched here lane by lane, must stay
 * within what bankcheck reports: the ways of the reads inside the search (every iteration, the lanes still
 * searching) at most the worst case; after it, and of the chosen row, also at least the best; at most 1 where it
 * says conflict-free for any data. (Inside the search bankcheck takes every lane as active, as for any condition it
 * cannot decide per lane, so its best case does not count lanes that finished early.)
 */
class DataLoopProperties {
  private static final int[] WIDTHS = {4, 8};
  private static final String[] TYPES = {"int", "long long"};

  @Property(tries = 120)
  void searchesAndChoicesStayWithinTheirBounds(@ForAll long seed) {
    Random rnd = new Random(seed);
    int t = rnd.nextInt(WIDTHS.length);
    int width = WIDTHS[t];
    int n = 8 + rnd.nextInt(250);
    int a = rnd.nextInt(9); // window start: (a * lane) % n
    int w = 1 + rnd.nextInt(n); // window length, cut at n
    int pick = 1 + rnd.nextInt(70); // the row chosen: lane * 2 or lane * 2 + pick
    String type = TYPES[t];
    String src = "// bankcheck: block 32\n"
        + "__global__ void k(const " + type + " *in, const " + type + " *keys, const int *flags, " + type + " *out) {\n"
        + "  __shared__ " + type + " table[" + n + "];\n"
        + "  __shared__ " + type + " rows[" + (64 + pick + 2) + "];\n"
        + "  int lane = threadIdx.x;\n"
        + "  for (int i = lane; i < " + n + "; i += 32) table[i] = in[i];\n"
        + "  " + type + " key = keys[lane];\n"
        + "  int begin = (" + a + " * lane) % " + n + ";\n"
        + "  int end = min(begin + " + w + ", " + n + ");\n"
        + "  while (begin < end) {\n"
        + "    int mid = (begin + end) >> 1;\n"
        + "    if (table[mid] < key) begin = mid + 1;\n" // line 12
        + "    else end = mid;\n"
        + "  }\n"
        + "  out[lane] = table[begin % " + n + "];\n" // line 15
        + "  int row = flags[lane] > 0 ? 2 * lane : 2 * lane + " + pick + ";\n"
        + "  out[lane] += rows[row];\n" // line 17
        + "}\n";
    List<Finding> findings = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("d.cu"), "d.cu", src)
        .findings();
    Finding inLoop = at(findings, 12, src);
    Finding after = at(findings, 15, src);
    Finding chosen = at(findings, 17, src);
    for (int draw = 0; draw < 200; draw++) {
      long[] table = new long[n];
      // few distinct values in some draws, so that searches end together
      int spread = draw % 3 == 0 ? 1 + rnd.nextInt(4) : 1000;
      for (int i = 0; i < n; i++) table[i] = rnd.nextInt(spread);
      Arrays.sort(table);
      int[] begin = new int[32];
      int[] end = new int[32];
      long[] key = new long[32];
      for (int lane = 0; lane < 32; lane++) {
        begin[lane] = (a * lane) % n;
        end[lane] = Math.min(begin[lane] + w, n);
        key[lane] = rnd.nextInt(spread + 1);
      }
      while (true) {
        boolean[] searching = new boolean[32];
        long[] address = new long[32];
        boolean any = false;
        for (int lane = 0; lane < 32; lane++) {
          if (begin[lane] >= end[lane]) continue;
          int mid = (begin[lane] + end[lane]) >> 1;
          searching[lane] = any = true;
          address[lane] = (long) mid * width;
          if (table[mid] < key[lane]) begin[lane] = mid + 1;
          else end[lane] = mid;
        }
        if (!any) break;
        check(inLoop, ways(address, searching, width), false, src);
      }
      long[] address = new long[32];
      long[] rowAddress = new long[32];
      boolean[] all = new boolean[32];
      Arrays.fill(all, true);
      for (int lane = 0; lane < 32; lane++) {
        address[lane] = (long) (begin[lane] % n) * width;
        rowAddress[lane] = (long) (rnd.nextBoolean() ? 2 * lane : 2 * lane + pick) * width;
      }
      check(after, ways(address, all, width), true, src);
      check(chosen, ways(rowAddress, all, width), true, src);
    }
  }

  private static Finding at(List<Finding> findings, int line, String src) {
    Finding f = findings.stream().filter(x -> x.pos().line() == line && x.op() != Op.STORE)
        .findFirst().orElse(null);
    assertNotNull(f, "no finding at line " + line + " of\n" + src);
    return f;
  }

  /** {@code allLanes}: whether every lane runs the access (else lanes that left the search may make it better). */
  private static void check(Finding f, int drawn, boolean allLanes, String src) {
    String why = src + "\nline " + f.pos().line() + ": " + f.verdict() + " " + f.ways() + " " + f.worstWays() + "/"
        + f.bestWays() + " " + f.reason() + "\ndrawn: " + drawn;
    if (f.verdict() == Verdict.DATA_DEPENDENT) {
      assertTrue((!allLanes || DataIndexProperties.best(f) <= drawn) && drawn <= f.worstWays(), why);
    } else {
      assertTrue(f.ways() != null && drawn <= f.ways(), why);
    }
  }

  /** Ways by the spec, written out, of the lanes {@code active}: per lane group, the most distinct words in one bank. */
  private static int ways(long[] address, boolean[] active, int width) {
    int group = width <= 4 ? 32 : 128 / width;
    int worst = 1;
    for (int start = 0; start < 32; start += group) {
      Map<Long, Set<Long>> wordsByBank = new HashMap<>();
      for (int lane = start; lane < start + group; lane++) {
        if (!active[lane]) continue;
        for (long word = address[lane] / 4; word <= (address[lane] + width - 1) / 4; word++) {
          Set<Long> words = wordsByBank.computeIfAbsent(Math.floorMod(word, 32L), x -> new HashSet<>());
          words.add(word);
          worst = Math.max(worst, words.size());
        }
      }
    }
    return worst;
  }
}
