package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.RandomDistribution;

/**
 * A loop whose trip count is a parameter runs "any number of iterations": what bankcheck says of each access, in
 * the loop and after it, must be at least as bad as what it says with the count fixed to 0, 1, 2, 3 or 4 (those
 * loops it runs iteration by iteration), or unknown. A variable the loop changes is one value for the warp, or
 * advances by one step, only where an iteration keeps it so: {@code x = threadIdx.x * 32} from the second iteration
 * on, a step only some lanes take, or a step read from a variable the body declares, do not.
 */
class SymbolicLoopProperties {
  /**
   * Statements of the body: x, y, z are ints (x and y start as one value for the warp, z as the lane), p points into
   * s.
   */
  private static final String[] BODY = {
      "x = tx * 32;",
      "x = 0;",
      "x = y;",
      "y = x;",
      "x += 1;",
      "x += y;",
      "y += 32;",
      "if (tx < 16) x++;",
      "if (tx & 1) x += 2; else x += 1;",
      "x += 1; x += 1;",
      "{ int y = 5; x += y; }",
      "{ int w = tx; x += w; }",
      "{ unsigned v = __ballot_sync(~0u, g[t * 32 + tx] > 0); x += __popc(v); }",
      "if (g[t] > 0) x = y;",
      "if (g[t * 32 + tx] > 0) x++;",
      "if (t == 2) x = tx;",
      "z += 32;",
      "z = z + 1;",
      "y = z;",
      "s[x + tx] = t;",
      "s[x * tx] = t;",
      "s[x] = t;",
      "s[y * tx + z] = t;",
      "if (t == 3) break;",
      "if (tx == t) continue;",
      "if (g[t] > 0) break;",
      "if (g[t * 32 + tx] > 0) break;",
      "if (g[t] > 0) continue;",
      "for (int j = 0; j < n; j++) x += 1;",
      "for (int j = 0; j < 2; j++) x = x + tx;",
      "p += 32;",
      "p = s + tx;",
      "p[tx] = t;",
      "p = p + (t & 1);",
      "p = p - (tx < t);",
  };
  private static final String[] AFTER = {
      "s[x + tx] = 1;",
      "s[x * tx] = 2;",
      "s[x] = 3;",
      "s[y * tx] = 4;",
      "s[z * 2] = 5;",
      "p[tx] = 6;",
  };

  @Provide
  Arbitrary<List<Integer>> bodies() {
    return Arbitraries.integers().between(0, BODY.length - 1).withDistribution(RandomDistribution.uniform())
        .list().ofMinSize(1).ofMaxSize(5);
  }

  @Property(tries = 500)
  void anUnknownTripCountCoversEveryKnownOne(@ForAll("bodies") List<Integer> body) {
    Map<Integer, Integer> symbolic = badness(kernel(body, "n"), true);
    for (int count = 0; count <= 4; count++) {
      String fixed = kernel(body, Integer.toString(count));
      badness(fixed, false).forEach((line, bad) -> {
        Integer sym = symbolic.get(line);
        assertTrue(sym != null && sym >= bad, kernel(body, "n") + "\nline " + line + ": " + bad
            + "-way with a fixed count, " + sym + " with an unknown one\n" + fixed);
      });
    }
  }

  /** The shapes that were reported better than they are. */
  @Example
  void variablesAnIterationMakesDifferInEachLane() {
    for (List<Integer> body : List.of(List.of(19, 0), List.of(19, 7), List.of(19, 8), List.of(19, 9, 15),
        List.of(3, 0), List.of(19, 11), List.of(5, 19, 18))) {
      anUnknownTripCountCoversEveryKnownOne(body);
    }
  }

  private static String kernel(List<Integer> body, String trips) {
    StringBuilder src = new StringBuilder("""
        // bankcheck: block 32
        __global__ void k(const int *g, int n, int *out) {
          __shared__ int s[65536];
          int tx = threadIdx.x;
          int x = 0, y = 1, z = tx;
          int *p = s;
        """);
    src.append("  for (int t = 0; t < ").append(trips).append("; t++) {\n");
    for (int b : body) src.append("    ").append(BODY[b]).append('\n');
    src.append("  }\n");
    for (String a : AFTER) src.append("  ").append(a).append('\n');
    return src.append("  out[tx] = x + y + z;\n}\n").toString();
  }

  /**
   * Per line of an access to s: the worst it may be (ways; a data-dependent access's worst), the most over its
   * findings. With {@code bound}, an unknown one is as bad as any; without, only exact verdicts count (a
   * data-dependent one's worst case is a bound, not what happens).
   */
  private static Map<Integer, Integer> badness(String src, boolean bound) {
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("l.cu"), "l.cu", src);
    assertTrue(r.errors().isEmpty(), r.errors() + "\n" + src);
    Map<Integer, Integer> out = new HashMap<>();
    for (Finding f : r.findings()) {
      if (!"s".equals(f.array())) continue;
      Integer bad = f.verdict() == Verdict.UNKNOWN ? (bound ? Integer.MAX_VALUE : null)
          : f.verdict() == Verdict.DATA_DEPENDENT ? (bound ? f.worstWays() : null) : f.ways();
      if (bad != null) out.merge(f.pos().line(), bad, Math::max);
    }
    return out;
  }
}
