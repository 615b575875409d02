package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Which fix is suggested (padding, swizzle, struct layout, structure of arrays) and that it delivers. */
class FixSearchTest {
  /** The fix of the access at (line, op), checked: its edits applied, the file analyzed again. */
  private static Fix checkedFix(String src, int line, Op op) {
    Finding f = AnalyzerTest.at(AnalyzerTest.analyze(src), line, op);
    Fix fix = f.fix();
    assertNotNull(fix, "no fix for " + f);
    if (!fix.edits().isEmpty()) {
      FileReport after = AnalyzerTest.analyze(Edits.apply(src, fix.edits()));
      int col = Edits.shiftedColumn(fix.edits(), line, f.pos().column());
      Finding again = after.findings().stream()
          .filter(a -> a.pos().line() == line && a.pos().column() == col && a.op() == op).findFirst().orElseThrow();
      assertEquals(fix.waysAfter(), again.ways(), Edits.apply(src, fix.edits()));
    }
    return fix;
  }

  private static final String TILE16 = """
      // bankcheck: block 16x16
      __global__ void k(float* o) {
        __shared__ float s[16][16];
        int x = threadIdx.x, y = threadIdx.y;
        s[y][x] = o[y * 16 + x];
        __syncthreads();
        o[y * 16 + x] = s[x][y];  // s[x][y] is read by column
      }
      """;

  @Test
  void aPowerOfTwoTileReadByRowsAndColumnsGetsASwizzleOfEveryAccess() {
    Fix fix = checkedFix(TILE16, 7, Op.LOAD);
    assertEquals(1, fix.waysAfter());
    assertTrue(fix.description().startsWith("swizzle the columns of 's'"), fix.description());
    assertEquals(2, fix.edits().size(), "both accesses are rewritten, the comment is not");
    String fixed = Edits.apply(TILE16, fix.edits());
    assertTrue(fixed.contains("s[y][x ^ (y % 16)] = "), fixed);
    assertTrue(fixed.contains("= s[x][y ^ (x % 16)];  // s[x][y] is read by column"), fixed);
    assertEquals(16 * 16 * 4L, fix.sharedBytesAfter());
    // after it, the row store is still conflict-free
    assertEquals(1, AnalyzerTest.at(AnalyzerTest.analyze(fixed), 5, Op.STORE).ways());
  }

  /**
   * The swizzles of many kernels are checked together, in one analysis of the file with all of them applied:
   * each kernel gets the fix it gets alone, although a file allows 32 analyses of edited text.
   */
  @Test
  void fortyKernelsThatEachNeedASwizzleAllGetTheirOwn() {
    String one = TILE16.replace("void k(", "void kNAME(");
    StringBuilder src = new StringBuilder();
    for (int i = 0; i < 40; i++) src.append(one.replace("NAME", Integer.toString(i)));
    Fix alone = checkedFix(TILE16, 7, Op.LOAD);
    FileReport r = AnalyzerTest.analyze(src.toString());
    int lines = (int) one.lines().count();
    for (int i = 0; i < 40; i++) {
      Finding f = AnalyzerTest.at(r, 7 + i * lines, Op.LOAD);
      assertNotNull(f.fix(), "kernel " + i);
      int shift = i * lines;
      assertEquals(alone.description().replaceAll("(\\d+):(\\d+) '", "L:$2 '"),
          f.fix().description().replaceAll("(\\d+):(\\d+) '", "L:$2 '"));
      assertEquals(alone.waysAfter(), f.fix().waysAfter());
      assertEquals(alone.edits().stream().map(e -> e.line() + shift).toList(),
          f.fix().edits().stream().map(Fix.Edit::line).toList());
    }
  }

  @Test
  void anIndexWithACallRulesTheSwizzleOutAndThePaddingSearchLooksPast17() {
    // [16][17] is still 2-way for the column read with a 16x16 block; [16][18] is conflict-free
    String src = """
        __device__ int same(int v) { return v; }
        // bankcheck: block 16x16
        __global__ void k(float* o) {
          __shared__ float s[16][16];
          int x = threadIdx.x, y = threadIdx.y;
          o[y * 16 + x] = s[same(x)][y];
        }
        """;
    Fix fix = checkedFix(src, 6, Op.LOAD);
    assertEquals(1, fix.waysAfter());
    assertTrue(fix.description().startsWith("pad the inner dimension: 'float s[16][18]'"), fix.description());
    assertEquals(List.of(new Fix.Edit("t.cu", 4, 26, 4, 28, "18")), fix.edits());
  }

  @Test
  void anArrayUsedInAnotherKernelIsNotSwizzledInOneOfThem() {
    String src = """
        __shared__ float g[32][32];
        __global__ void a(float* o) { o[threadIdx.x] = g[threadIdx.x][0]; }
        __global__ void b(float* o) { g[0][threadIdx.x] = o[threadIdx.x]; }
        """;
    Fix fix = checkedFix(src, 2, Op.LOAD);
    assertTrue(fix.description().startsWith("pad the inner dimension"), fix.description());
  }

  @Test
  void aStructOfTwoFloatsIsPaddedToThreeWords() {
    String src = """
        struct C { float re, im; };
        __global__ void k(float* o) {
          __shared__ C c[64];
          o[threadIdx.x] = c[threadIdx.x].im;
        }
        """;
    Fix fix = checkedFix(src, 4, Op.LOAD);
    assertEquals(1, fix.waysAfter());
    assertEquals(64 * 12L, fix.sharedBytesAfter());
    assertEquals("struct C { float re, im; float _pad; };", Edits.apply(src, fix.edits()).lines().findFirst().get());
  }

  @Test
  void aStructAlignedTo8CannotBeOddAndGetsTheManualStructureOfArrays() {
    String src = """
        struct D { double v; double w; };
        __global__ void k(double* o) {
          __shared__ D d[32];
          o[threadIdx.x] = d[threadIdx.x].w;
        }
        """;
    Finding f = AnalyzerTest.at(AnalyzerTest.analyze(src), 4, Op.LOAD);
    assertTrue(f.ways() >= 2);
    assertNotNull(f.fix());
    assertTrue(f.fix().description().contains("structure of arrays (a manual change"), f.fix().description());
    assertTrue(f.fix().edits().isEmpty());
  }

  @Test
  void aCheapConflictFreePaddingIsPreferredToASwizzle() {
    // both make the transpose conflict-free; [32][33] costs 128 of 4096 bytes (at most 1/16)
    String src = """
        __global__ void k(float* o) {
          __shared__ float t[32][32];
          t[threadIdx.x][0] = o[threadIdx.x];
          o[threadIdx.x] = t[0][threadIdx.x];
        }
        """;
    Fix fix = checkedFix(src, 3, Op.STORE);
    assertEquals(1, fix.waysAfter());
    assertTrue(fix.description().startsWith("pad the inner dimension: 'float t[32][33]'"), fix.description());
  }

  @Test
  void aPaddedMacroThatBindsLooselyIsCheckedOnTheText() {
    // "W + 1" expands to 16 << 1 + 1, that is 16 << 2: the edited text is not the padded program, and says so
    String src = """
        #define W 16 << 1
        __global__ void k(float* o) {
          __shared__ float t[32][W];
          t[threadIdx.x][0] = o[threadIdx.x];
          o[threadIdx.x] = t[0][threadIdx.x];
        }
        """;
    Fix fix = AnalyzerTest.at(AnalyzerTest.analyze(src), 4, Op.STORE).fix();
    assertTrue(fix == null || !fix.description().contains("t[32][W + 1]"), String.valueOf(fix));
  }

  @Test
  void paddingKeepsWideAccessesAligned() {
    // float4 loads of a float tile: a row of 33 floats would leave them misaligned; rows stay multiples of 16 bytes
    String src = """
        // bankcheck: block 8x32
        __global__ void k(const float4* in, float4* out) {
          __shared__ float t[32][32];
          int x = threadIdx.x, y = threadIdx.y;
          out[y * 8 + x] = *reinterpret_cast<float4*>(&t[x][y % 8 * 4]);
        }
        """;
    Fix fix = checkedFix(src, 5, Op.LOAD);
    assertEquals(1, fix.waysAfter());
    assertTrue(fix.description().startsWith("pad the inner dimension: 'float t[32][36]'"), fix.description());
  }

  @Test
  void aStructReadWholeAsAVectorIsNotPadded() {
    String src = """
        struct V { float x, y, z, w; };
        __global__ void k(float4* out) {
          __shared__ V v[32];
          v[threadIdx.x].x = 1.0f;
          out[threadIdx.x] = *reinterpret_cast<float4*>(&v[threadIdx.x]);
        }
        """;
    Fix fix = AnalyzerTest.at(AnalyzerTest.analyze(src), 4, Op.STORE).fix();
    assertNotNull(fix);
    assertTrue(fix.edits().isEmpty(), "a 20-byte struct would misalign the float4 read: " + fix.description());
  }

  @Test
  void swizzleEditsKeepParenthesizedAndSpacedIndicesIntact() {
    String src = """
        // bankcheck: block 16x16
        __global__ void k(float* out) {
          __shared__ float s[16][16];
          int x = threadIdx.x, y = threadIdx.y;
          s[ (y + 1) % 16 ][(int)x] = out[y * 16 + x];
          __syncthreads();
          out[y * 16 + x] = s [x] [ (y) ];
        }
        """;
    Fix fix = checkedFix(src, 7, Op.LOAD);
    assertEquals(1, fix.waysAfter());
    String fixed = Edits.apply(src, fix.edits());
    assertTrue(fixed.contains("s[ (y + 1) % 16 ][((int)x) ^ (((y + 1) % 16) % 16)] = "), fixed);
    assertTrue(fixed.contains("= s [x] [ (y) ^ (x % 16) ];"), fixed);
  }
}
