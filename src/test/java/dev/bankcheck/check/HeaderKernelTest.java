package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A kernel written in a header and analyzed through a file that includes it: comments are read in the header. */
class HeaderKernelTest {
  @TempDir Path dir;

  private static final String HEADER = """
      // a header

      // bankcheck: block 64x1
      __global__ void col(float* out) {
        __shared__ float t[64][32];
        t[threadIdx.x][0] = 1.0f;
        out[threadIdx.x] = t[0][threadIdx.x];
      }
      """;

  private FileReport analyze(String header, String main) throws IOException {
    Files.writeString(dir.resolve("k.cuh"), header);
    Path file = Files.writeString(dir.resolve("a.cu"), main);
    return new DefaultAnalyzer(AnalysisOptions.defaults()).analyze(file, "src/a.cu");
  }

  private static Finding store(FileReport r) {
    return r.findings().stream().filter(f -> f.op() == Op.STORE).findFirst().orElseThrow();
  }

  @Test
  void theBlockAnnotationIsReadInTheHeaderNotAtTheSameLineOfTheIncludingFile() throws IOException {
    // line 2 of the including file annotates another kernel; line 3 of the header annotates the header's kernel
    FileReport r = analyze(HEADER, """
        #include "k.cuh"
        // bankcheck: block 8x4
        __global__ void other(float* o) {}
        """);
    Finding f = store(r);
    assertEquals("src/k.cuh", f.pos().file());
    assertEquals(List.of("blockDim = (64,1,1) from the annotation at line 3", "4-byte accesses (float)"),
        f.assumptions());
    assertEquals(32, f.ways()); // 64 lanes of stride 32 words: each warp's 32 lanes in bank 0
  }

  @Test
  void anIgnoreCommentInTheHeaderSuppressesItsLineOnly() throws IOException {
    FileReport r = analyze(HEADER.replace("t[threadIdx.x][0] = 1.0f;", "t[threadIdx.x][0] = 1.0f; // bankcheck: ignore"),
        """
        #include "k.cuh"
        """);
    assertTrue(store(r).suppressed());
    // the same line number in the including file suppresses nothing in the header
    FileReport other = analyze(HEADER, "#include \"k.cuh\"\n\n\n\n\nint x; // bankcheck: ignore\n");
    assertFalse(store(other).suppressed());
  }

  @Test
  void aLaunchInAnotherFileIsNamedWithItsFile() throws IOException {
    FileReport r = analyze(HEADER.replace("// bankcheck: block 64x1", ""), """
        #include "k.cuh"
        void run(float* o) { col<<<1, 32>>>(o); }
        """);
    assertEquals("blockDim = (32,1,1) from the launch at src/a.cu:2", store(r).assumptions().get(0));
  }

  @Test
  void thePaddingOfAHeaderArrayEditsTheHeader() throws IOException {
    FileReport r = analyze(HEADER, """
        #include "k.cuh"
        """);
    Fix fix = store(r).fix();
    assertNotNull(fix);
    // "  __shared__ float t[64][" is 25 characters: the inner dimension is columns 26-27 of line 5
    assertEquals(List.of(new Fix.Edit("src/k.cuh", 5, 26, 5, 28, "33")), fix.edits());
    // included twice (no guard), the line is in the program twice: the edit cannot be checked, so none is given
    FileReport twice = analyze(HEADER.replace("col(", "col2("), """
        #define col2 first
        #include "k.cuh"
        #undef col2
        #define col2 second
        #include "k.cuh"
        """);
    List<Fix> fixes = twice.findings().stream().filter(f -> f.fix() != null).map(Finding::fix).toList();
    assertEquals(2, fixes.size(), twice.findings().toString()); // one per kernel
    for (Fix f : fixes) assertEquals(List.of(), f.edits(), f.description());
  }

  @Test
  void placesInAnotherFileThanTheFindingAreNamedWithTheirFile() throws IOException {
    Files.writeString(dir.resolve("k.cuh"), """
        __device__ void fill(float* s, int n) {
          for (int i = 0; i < n; i++) s[threadIdx.x * i] = 0.0f;
        }
        """);
    Path file = Files.writeString(dir.resolve("a.cu"), """
        #include "k.cuh"
        // bankcheck: block 32
        __global__ void run(int n) {
          __shared__ float s[128];
          for (int j = 0; j < n; j++) { fill(s, n); s[threadIdx.x * j] = 1.0f; }
        }
        """);
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults()).analyze(file, "src/a.cu");
    Finding inKernel = r.findings().get(0); // sorted by file
    Finding inHeader = r.findings().get(1);
    assertEquals("src/k.cuh", inHeader.pos().file());
    // the header's loop seen from the kernel's file, and the kernel's annotation seen from the header's
    assertTrue(inHeader.reason().contains("of the loop at k.cuh:2,"), inHeader.reason());
    assertEquals("blockDim = (32,1,1) from the annotation at a.cu:2", inHeader.assumptions().get(0));
    assertTrue(inKernel.reason().contains("of the loop at line 5,"), inKernel.reason());
    assertEquals("blockDim = (32,1,1) from the annotation at line 2", inKernel.assumptions().get(0));
  }
}
