package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A header kernel's findings are reused by a file only where its own analysis would find the same: each case
 * analyzes two files that include the header alike (the second keeps an entry), then a file that differs in one
 * way, and compares its findings with an analysis that has no entry to reuse.
 */
class KernelMemoTest {
  @TempDir Path dir;

  private static final String HEADER = """
      #ifndef K_H
      #define K_H
      __global__ void col(float* out) {
        __shared__ real t[32][32];
        t[threadIdx.x][0] = 1.0f;
        out[threadIdx.x] = t[0][idx(threadIdx.x) * STRIDE];
      }
      #endif
      """;

  /** What the kernel uses, in a header of its own (parsed once, like the kernel's). */
  static final String PRELUDE = """
      typedef float real;
      constexpr int STRIDE = 1;
      __device__ int idx(int t) { return t; }
      """;

  static final String MAIN = "#include \"p.h\"\n#include \"k.h\"\n";

  /** The findings of {@code main}, without the warps (which compare by identity). */
  private List<Finding> analyze(AnalysisOptions options, String name, String main) throws IOException {
    Path file = Files.writeString(dir.resolve(name), main);
    FileReport r = new DefaultAnalyzer(options).analyze(file, name);
    assertEquals(List.of(), r.errors().stream().filter(e -> !e.message().contains("nothere")).toList());
    return r.findings().stream().map(f -> f.withoutLanes(f.assumptions())).toList();
  }

  static AnalysisOptions fresh() {
    return new AnalysisOptions(AnalysisOptions.defaults().bank(), null, Map.of(), List.of());
  }

  /**
   * Asserts that the last file, analyzed after the others, has the findings of a run that reuses nothing;
   * returns whether it reused an entry.
   */
  private boolean assertAsIfAnalyzed(String header, String... mains) throws IOException {
    Files.writeString(dir.resolve("k.h"), header);
    Files.writeString(dir.resolve("p.h"), PRELUDE);
    Files.writeString(dir.resolve("p2.h"), PRELUDE.replace("STRIDE = 1", "STRIDE = 2"));
    AnalysisOptions options = fresh();
    List<Finding> last = null;
    long before = 0;
    for (int i = 0; i < mains.length; i++) {
      before = KernelMemo.reused();
      last = analyze(options, "m" + i + ".cu", mains[i]);
    }
    boolean reused = KernelMemo.reused() > before;
    List<Finding> alone = analyze(fresh(), "m" + (mains.length - 1) + ".cu", mains[mains.length - 1]);
    assertEquals(alone, last);
    return reused;
  }

  @Test
  void aFileThatIncludesTheHeaderAlikeReusesTheFindings() throws IOException {
    assertTrue(assertAsIfAnalyzed(HEADER, MAIN, MAIN, MAIN));
    // with the fix's edit of the header
    assertTrue(assertAsIfAnalyzed(HEADER.replace("idx(threadIdx.x) * STRIDE", "threadIdx.x"), MAIN, MAIN, MAIN));
    Fix fix = analyze(fresh(), "m0.cu", MAIN).stream().filter(f -> f.fix() != null).findFirst().orElseThrow().fix();
    assertEquals(List.of(new Fix.Edit("k.h", 4, 25, 4, 27, "33")), fix.edits());
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "#include \"p.h\"|#include \"p2.h\"", // another header's declarations
      "#include \"p.h\"|" + "typedef float real; constexpr int STRIDE = 1; __device__ int idx(int t) { return t; }",
      "#include \"k.h\"|#include \"k.h\"\nvoid go(float* o) { col<<<1, 64>>>(o); }", // a launch in the file
      "#include \"k.h\"|#include \"nothere.h\"\n#include \"k.h\"", // a header it lacks, named in reasons
  })
  void aFileThatDiffersIsAnalyzed(String change) throws IOException {
    String[] c = change.split("\\|");
    String other = MAIN.replace(c[0], c[1]);
    assertNotEquals(MAIN, other);
    assertFalse(assertAsIfAnalyzed(HEADER, MAIN, MAIN, other), c[1]);
  }

  @Test
  void aHeaderIncludedTwiceGetsNoEditAsItsOwnAnalysisWould() throws IOException {
    String header = HEADER.replace("idx(threadIdx.x) * STRIDE", "threadIdx.x");
    // the entry of MAIN has the padding's edit; in the file below the line is in the program twice
    assertAsIfAnalyzed(header, MAIN, MAIN, MAIN + "#undef K_H\n#include \"k.h\"\n");
    List<Finding> twice = analyze(fresh(), "m2.cu", MAIN + "#undef K_H\n#include \"k.h\"\n");
    assertTrue(twice.stream().anyMatch(f -> f.fix() != null && f.fix().edits().isEmpty()), twice.toString());
  }

  @Test
  void anInstantiationInTheIncludingFileIsItsOwn() throws IOException {
    String header = HEADER.replace("__global__ void col(", "template <int S> __global__ void col(")
        .replace("* STRIDE", "* S");
    String main = MAIN + "template __global__ void col<1>(float*);\n";
    assertFalse(assertAsIfAnalyzed(header, main, main, main.replace("col<1>", "col<2>")));
  }

  @Test
  void otherOptionsAreAnotherRun() throws IOException {
    Files.writeString(dir.resolve("k.h"), HEADER);
    Files.writeString(dir.resolve("p.h"), PRELUDE);
    AnalysisOptions options = fresh();
    analyze(options, "a.cu", MAIN);
    analyze(options, "b.cu", MAIN);
    AnalysisOptions block = new AnalysisOptions(options.bank(), new int[] {64, 1, 1}, Map.of(), List.of());
    List<Finding> wide = analyze(block, "c.cu", MAIN);
    assertEquals(List.of("blockDim = (64,1,1) from --block", "4-byte accesses (float)"), wide.get(0).assumptions());
  }
}
