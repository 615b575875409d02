package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * An index made of a value the whole warp shares (one lane's data broadcast by a shuffle, or a vote's bit count)
 * and the lane: {@code s[(u & M) * A + (B * lane + C) % D]}. Every value of u, the same in all lanes, counted lane
 * by lane here without the bank model's code, must give an exact verdict's ways, or lie within a data-dependent
 * one's bounds. Loads of 1, 4 and 8 bytes, and atomics.
 */
class WarpUniformDataProperties {
  private static final int[] WIDTHS = {1, 4, 8};
  private static final String[] TYPES = {"char", "float", "double"};

  @Property(tries = 400)
  void aSharedValueMovesEveryLaneAlike(@ForAll long seed) {
    Random rnd = new Random(seed);
    int t = rnd.nextInt(WIDTHS.length);
    int width = WIDTHS[t];
    int mask = (1 << rnd.nextInt(7)) - 1; // u & mask: 0..mask
    int a = 1 + rnd.nextInt(40);
    int b = rnd.nextInt(40);
    int c = rnd.nextInt(4);
    int d = 1 + rnd.nextInt(2048);
    boolean vote = rnd.nextInt(4) == 0;
    boolean atomic = width == 4 && rnd.nextBoolean();
    String u = vote ? "__popc(__ballot_sync(0xffffffffu, rowOf[threadIdx.x] > 0))" : "__shfl_sync(0xffffffffu, rowOf[threadIdx.x], 0)";
    String index = "(u & " + mask + ") * " + a + " + (" + b + " * threadIdx.x + " + c + ") % " + d;
    int elements = mask * a + d + 1;
    String src = "// bankcheck: block 32\n"
        + "__global__ void k(const int *rowOf, " + TYPES[t] + " *out) {\n"
        + "  __shared__ " + (atomic ? "int" : TYPES[t]) + " s[" + elements + "];\n"
        + "  int u = " + u + ";\n"
        + (atomic ? "  atomicAdd(&s[" + index + "], 1);\n" : "  out[threadIdx.x] = s[" + index + "];\n")
        + "}\n";
    Finding f = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("u.cu"), "u.cu", src)
        .findings().stream().filter(x -> x.pos().line() == 5).findFirst().orElse(null);
    assertNotNull(f, src);
    // every value u & mask can take, each once
    for (int shared = 0; shared <= (vote ? 32 : mask); shared++) {
      long[] address = new long[32];
      for (int lane = 0; lane < 32; lane++) {
        address[lane] = ((long) (shared & mask) * a + (b * lane + c) % d) * width;
      }
      DataIndexProperties.assertAgrees(f, DataIndexProperties.ways(address, width, atomic), src, "u = " + shared);
    }
  }
}
