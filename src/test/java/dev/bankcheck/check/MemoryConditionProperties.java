package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.nio.file.Path;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * A value every lane reads from one shared word, compared with the lane's index, chooses between two indices per
 * lane ({@code first[0] <= threadIdx.x + k ? a * lane + b : c * lane + d}, as a ternary or an if): the lanes from
 * some index on take one side. Every such split, counted lane by lane here without the bank model's code, must
 * give an exact verdict's ways, or lie within a data-dependent one's bounds.
 */
class MemoryConditionProperties {

  @Property(tries = 300)
  void aValueReadOnceDecidesPerLaneAsDataDoes(@ForAll long seed) {
    Random rnd = new Random(seed);
    int a = rnd.nextInt(40);
    int b = rnd.nextInt(64);
    int c = rnd.nextInt(40);
    int d = rnd.nextInt(64);
    int m = 1 + rnd.nextInt(256);
    int shift = rnd.nextInt(8);
    String cond = "first[0] <= (int) threadIdx.x + " + shift;
    String then = a + " * (int) threadIdx.x + " + b;
    String otherwise = c + " * (int) threadIdx.x + " + d;
    String choose = rnd.nextBoolean() ? "  int i = " + cond + " ? " + then + " : " + otherwise + ";\n"
        : "  int i = " + otherwise + ";\n  if (" + cond + ") i = " + then + ";\n";
    String src = "// bankcheck: block 32\n"
        + "__global__ void k(const int *in, float *out) {\n"
        + "  __shared__ int first[1];\n"
        + "  __shared__ float s[" + m + "];\n"
        + "  if (threadIdx.x == 0) first[0] = in[0];\n"
        + "  __syncthreads();\n"
        + choose
        + "  out[threadIdx.x] = s[i % " + m + "];\n"
        + "}\n";
    Finding f = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("c.cu"), "c.cu", src)
        .findings().stream().filter(x -> x.array().equals("s")).findFirst().orElse(null);
    assertNotNull(f, src);
    // the value read: below every lane's bound (all lanes take the first side) to above it (none does)
    for (int value = -1; value <= 32 + shift; value++) {
      long[] address = new long[32];
      for (int lane = 0; lane < 32; lane++) {
        long i = value <= lane + shift ? (long) a * lane + b : (long) c * lane + d;
        address[lane] = (i % m) * 4;
      }
      DataIndexProperties.assertAgrees(f, DataIndexProperties.ways(address, 4, false), src, "first[0] = " + value);
    }
  }
}
