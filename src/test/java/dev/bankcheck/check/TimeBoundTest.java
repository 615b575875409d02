package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The per-file time bound: when it is up, the file is partial and says where the analysis stopped. */
class TimeBoundTest {
  private static final String SRC = "__global__ void k(float *o) {\n  __shared__ float s[64];\n"
      + "  o[threadIdx.x] = s[threadIdx.x * 2];\n}\n";

  @Test
  void aFileWhoseTimeIsUpStopsWithAClearMessage() {
    // a bound of 0 s is up before parsing starts: nothing is interpreted, deterministically
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults(), 0).analyzeText(Path.of("big.cu"), "big.cu", SRC);
    assertEquals(FileReport.Status.PARTIAL, r.status());
    assertEquals("analysis of big.cu stopped after 0 s; the findings cover what was analyzed until then",
        r.errors().get(0).message());
    // the use of shared memory in the items left unparsed is still listed, as unanalyzed
    assertEquals(1, r.findings().size());
    assertEquals(Verdict.UNKNOWN, r.findings().get(0).verdict());
    assertTrue(r.findings().get(0).reason().contains("could not be parsed"), r.findings().get(0).reason());
  }

  @Test
  void withTimeLeftTheSameFileIsAnalyzed() {
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults(), 20).analyzeText(Path.of("k.cu"), "k.cu", SRC);
    assertEquals(FileReport.Status.ANALYZED, r.status());
    assertEquals(2, r.findings().get(0).ways());
  }

  /** One item can take ANTLR many seconds to predict: the bound stops it in the middle of the item. */
  @Test
  void theBoundStopsTheParserWithinAnItem() {
    StringBuilder comparisons = new StringBuilder("x < 0");
    for (int i = 1; i < 600; i++) comparisons.append(" || x < ").append(i); // 21 s without the bound
    String deep = "__global__ void k(float *o) {\n  __shared__ float s[64];\n  int x = threadIdx.x;\n  if ("
        + comparisons + ") o[1] = 0;\n  o[0] = s[threadIdx.x];\n}\n";
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults(), 1).analyzeText(Path.of("deep.cu"), "deep.cu", deep);
    assertEquals(FileReport.Status.PARTIAL, r.status());
    assertEquals("analysis of deep.cu stopped after 1 s; the findings cover what was analyzed until then",
        r.errors().get(0).message());
    assertEquals(1, r.findings().size());
    assertEquals(Verdict.UNKNOWN, r.findings().get(0).verdict());
  }
}
