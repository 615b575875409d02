package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.bankcheck.bank.BankModel;
import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * End to end: for an affine index written in CUDA source, the analyzer's lane-by-lane verdict equals
 * the spec's closed form gcd(stride, 32), whatever the offset.
 */
class ClosedFormProperties {
  @Property(tries = 300)
  void affineFloatIndexMatchesGcd(@ForAll @IntRange(min = -64, max = 300) int stride,
      @ForAll @IntRange(min = 0, max = 100) int offset) {
    String src = "__global__ void k(float* o) {\n  __shared__ float s[40000];\n"
        + "  o[threadIdx.x] = s[20000 + " + stride + " * (int)threadIdx.x + " + offset + "];\n}\n";
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("p.cu"), "p.cu", src);
    Finding f = AnalyzerTest.at(r, 3, Op.LOAD);
    assertEquals(BankModel.closedFormWays(stride, 32), f.ways(), f.reason());
    assertEquals(stride == 0 ? Verdict.BROADCAST : f.ways() == 1 ? Verdict.OK : Verdict.CONFLICT, f.verdict());
    if (stride != 0) assertEquals(4L * stride, f.strideBytes());
  }
}
