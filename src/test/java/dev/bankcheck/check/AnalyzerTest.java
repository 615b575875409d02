package dev.bankcheck.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.bankcheck.bank.BankConfig;
import dev.bankcheck.source.SourceError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The whole pipeline on small inline sources: verdicts, recovery from bad input, fixes. */
class AnalyzerTest {
  static FileReport analyze(String source) {
    return analyze(source, AnalysisOptions.defaults());
  }

  static FileReport analyze(String source, AnalysisOptions options) {
    return new DefaultAnalyzer(options).analyzeText(Path.of("t.cu"), "t.cu", source);
  }

  static void assertUnknownBecause(Finding f, String reasonPart) {
    assertEquals(Verdict.UNKNOWN, f.verdict(), f.reason());
    assertTrue(f.reason().contains(reasonPart), f.reason());
  }

  static Finding at(FileReport r, int line, Op op) {
    return r.findings().stream().filter(f -> f.pos().line() == line && f.op() == op).findFirst()
        .orElseThrow(() -> new AssertionError("no " + op + " on line " + line + ": " + r.findings()));
  }

  /**
   * A loop of unknown length whose body ends by setting a variable back to its value before the loop (Rodinia's
   * lavaMD: {@code wtx = tx;} after an inner loop advanced it) starts every iteration with that value; the variable
   * was "changed across iterations in a way the tool cannot follow". A reset to another value, or one a continue
   * may skip, is not trusted. {@code i = i + 256} advances a counter as {@code i += 256} does.
   */
  @Test
  void aVariableResetAtTheEndOfEachIterationKeepsItsValue() {
    FileReport r = analyze("""
        // bankcheck: block 128
        __global__ void k(const float *in, const int *nb, int count) {
          __shared__ float s[100];
          int tx = threadIdx.x, wtx = tx, other = tx, skipped = tx;
          for (int j = 0; j < count; j++) {
            while (wtx < 100) { s[wtx] = in[nb[j] + wtx]; wtx += 128; }
            wtx = tx;
            while (other < 100) { s[other * 2 % 100] = 0; other += 128; }
            other = tx + 1;
          }
          for (int j = 0; j < count; j++) {
            if (nb[j] < 0) continue;
            while (skipped < 100) { s[skipped] = 1; skipped = skipped + 128; }
            skipped = tx;
          }
          for (int e = tx; e < count; e = e + 256) s[e % 4] = 2;
        }
        """);
    assertEquals(Verdict.OK, at(r, 6, Op.STORE).verdict(), at(r, 6, Op.STORE).reason());
    assertUnknownBecause(at(r, 8, Op.STORE), "'other' changes across iterations of the loop at line 5");
    assertUnknownBecause(at(r, 13, Op.STORE), "'skipped' changes across iterations of the loop at line 11");
    assertEquals(Verdict.OK, at(r, 16, Op.STORE).verdict(), at(r, 16, Op.STORE).reason());
  }

  /**
   * A loop of unknown trip count starts its second iteration with what its first left: a variable one value for the
   * warp before the loop is not one after {@code x = tx * 32}, a step some lanes skip (or one read from a variable the
   * loop changes) is not one step, and a continue some lanes take keeps their values. These were all reported
   * conflict-free; a step the whole warp shares ({@code __popc} of a vote) still keeps x one value.
   */
  @Test
  void whatAnIterationMakesDifferStaysDifferent() {
    FileReport r = analyze("""
        // bankcheck: block 32
        __global__ void k(const int *g, int n) {
          __shared__ int s[4096];
          int tx = threadIdx.x, a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, y = 0, one = 0;
          for (int i = 0; i < n; i++) {
            s[a] = i;
            a = tx * 32;
            d = c;
            c = tx * 32;
            if (tx < 16) e++;
            y = tx * 32;
            f += y;
            unsigned vote = __ballot_sync(~0u, g[i * 32 + tx] > 0);
            one += __popc(vote);
          }
          s[d] = 1;
          s[e * 32 + (tx & 15)] = 2;
          s[f] = 3;
          s[one + tx] = 4;
          for (int i = 0; i < n; i++) {
            if (tx == i) continue;
            b = 1;
          }
          s[b + tx] = 5;
        }
        """);
    assertUnknownBecause(at(r, 6, Op.STORE), "'a' changes across iterations of the loop at line 5");
    assertUnknownBecause(at(r, 16, Op.STORE), "'c' changes across iterations of the loop at line 5");
    assertUnknownBecause(at(r, 17, Op.STORE), "'e' changes across iterations of the loop at line 5");
    assertUnknownBecause(at(r, 18, Op.STORE), "'f' changes across iterations of the loop at line 5");
    assertEquals(Verdict.OK, at(r, 19, Op.STORE).verdict(), at(r, 19, Op.STORE).reason());
    assertUnknownBecause(at(r, 24, Op.STORE), "whether lanes skip the rest of an iteration at the continue at line 21");
    // a member holding one address for the warp is checked too
    FileReport member = analyze("""
        // bankcheck: block 32
        struct View { float *p; };
        __global__ void k(int n) {
          __shared__ float s[32 * 64];
          View v{s};
          for (int i = 0; i < n; i++) {
            v.p[0] = 1.0f;
            v.p = s + threadIdx.x * 32;
          }
        }
        """);
    assertUnknownBecause(at(member, 7, Op.STORE), "'v.p' changes across iterations of the loop at line 6");
  }

  /**
   * A method of an object in shared memory that the file does not define in its class is not followed: the call is
   * an access not analyzed, not a load of the object (it read as a broadcast).
   */
  @Test
  void aSharedObjectsMethodWithoutDefinitionIsNotAnalyzed() {
    FileReport r = analyze("""
        struct Q { float v[64]; __device__ void push(float x); };
        __global__ void k() {
          __shared__ Q q;
          q.push(1.0f);
        }
        """);
    assertUnknownBecause(at(r, 4, Op.LOAD), "its method 'push' has no definition in its class in this file");
    assertEquals(1, r.findings().size(), r.findings().toString());
  }

  /**
   * {@code sizeof...(Ops)} is the number of arguments a call writes for the pack (DeepSpeed's {@code _block<float,
   * 4, Op1, Op2>}, whose shared buffer holds one row per op); unknown where the pack is deduced.
   */
  @Test
  void theLengthOfAWrittenPackIsKnown() {
    FileReport r = analyze("""
        template <typename T, int... Ops> __device__ void block(T *data) {
          constexpr int elems = sizeof...(Ops);
          __shared__ T buffer[32 * elems];
          buffer[threadIdx.x * elems] = data[0];
        }
        template <typename... Ts> __device__ void deduced(float *s, Ts... xs) { s[threadIdx.x * sizeof...(Ts)] = 0; }
        __global__ void k(float *d) {
          block<float, 1, 2>(d);
          __shared__ float s[64];
          deduced(s, 1, 2);
        }
        """);
    assertEquals(2, at(r, 4, Op.STORE).ways(), at(r, 4, Op.STORE).reason());
    assertUnknownBecause(at(r, 6, Op.STORE), "the length of the pack 'Ts' of 'deduced'");
  }

  /** A static member called through a class template whose arguments have no value says so, not "no definition". */
  @Test
  void aStaticMemberOfAnInstanceBankcheckCannotChooseSaysWhy() {
    FileReport r = analyze("""
        template <int P, int E> struct Sums { __device__ static void run(float *s); };
        template <> struct Sums<16, 4> { __device__ static void run(float *s) { s[threadIdx.x] = 0; } };
        template <int P> __global__ void k() {
          __shared__ float smem[64];
          Sums<P, 4>::run(smem);
        }
        """);
    assertUnknownBecause(at(r, 5, Op.LOAD), "'Sums<P,4>::run', whose class bankcheck cannot choose (which definition of"
        + " 'Sums<?,4>' applies is unknown");
  }

  /** A parameter of a type bankcheck does not know may be an integer: unknown, with why, not "not an integer". */
  @Test
  void aParameterOfAnUnknownTypeSaysWhy() {
    FileReport r = analyze("""
        template <typename T> __global__ void k(float *out, T n) {
          __shared__ float s[1024];
          out[threadIdx.x] = s[threadIdx.x * n];
        }
        """);
    assertUnknownBecause(at(r, 3, Op.LOAD), "the type 'T' of parameter 'n' is unknown (template parameter 'T' of 'k'"
        + " has no type argument in this file");
  }

  /** One lane is served alone wherever its address is: an address bankcheck cannot compute does not matter then. */
  @Test
  void aLoneLaneIsConflictFreeWhereverItsAddressIs() {
    FileReport r = analyze("""
        __global__ void k(const int *in) {
          __shared__ float s[1024];
          float *p = s + in[threadIdx.x] * 7;
          for (int i = 0; i < in[0]; i++) p += in[i];
          if (threadIdx.x == 0) *p = 1.0f;
          if (threadIdx.x < 2) *p = 2.0f;
        }
        """);
    Finding alone = at(r, 5, Op.STORE);
    assertEquals(Verdict.OK, alone.verdict(), alone.reason());
    assertEquals("only lane 0 is active: conflict-free", alone.reason());
    assertUnknownBecause(at(r, 6, Op.STORE), "'p' changes across iterations of the loop at line 4");
  }

  /** A launch's template value without a value says why after the run's origin (kaldi's GPU_WARP_SIZE). */
  @Test
  void aLaunchsTemplateValueWithoutValueSaysWhy() {
    FileReport r = analyze("""
        template <int Tile, typename T> __global__ void k(T *out) {
          __shared__ T s[32][Tile + 1];
          s[threadIdx.x][0] = out[0];
        }
        void run(float *p, double *q) { k<WARP_SIZE><<<1, 32>>>(p); k<WARP_SIZE><<<1, 32>>>(q); }
        """);
    String runs = String.join("; ", at(r, 3, Op.STORE).assumptions());
    assertTrue(runs.contains("Tile = ?, T = float (from the launch at line 5; Tile: 'WARP_SIZE' is not declared in this"
        + " file (if the build defines it, give it with -D WARP_SIZE=VALUE))"), runs);
    // the second run's reason is the same: said once
    assertTrue(runs.contains("Tile = ?, T = double (from the launch at line 5; as for the run before)"), runs);
  }

  /**
   * The members of an anonymous struct or union member are the class's own (FlashInfer's Hopper MLA storage: a
   * union of a per-stage array and an output tile inside an anonymous struct), and an array type written as a
   * template argument, std::conditional_t<R, T[32], T[1]>, is that array; both were "the member 'kv' of 'S' is
   * unknown", without a reason.
   */
  @Test
  void anonymousStructAndUnionMembersAreTheClasssOwn() {
    FileReport r = analyze("""
        #include <type_traits>
        template <typename T, bool R> struct S {
          struct {
            T b[32];
            union {
              struct { T kv[64]; std::conditional_t<R, T[32], T[1]> staging; };
              T o[64];
            };
            T m[32];
          };
        };
        template <typename T, bool R> __global__ void k(float* out) {
          __shared__ S<T, R> s;
          s.kv[threadIdx.x * 2] = out[0];
          s.m[threadIdx.x * 2] = out[1];
          s.staging[threadIdx.x] = out[2];
        }
        template __global__ void k<float, true>(float*);
        template __global__ void k<float, false>(float*);
        """);
    // kv starts at word 32: lanes 0 and 16 at words 32 and 64
    assertEquals(2, at(r, 14, Op.STORE).ways(), at(r, 14, Op.STORE).reason());
    // m after b (32 words) and the union (64 + 32 words with R; 64 + 1 without): at word 128, or 97
    Finding m = at(r, 15, Op.STORE);
    assertEquals(2, m.ways(), m.reason());
    assertTrue(m.reason().contains("words 128 and 160) (worst at T = float, R = 1)"), m.reason());
    assertEquals(1, at(r, 16, Op.STORE).ways(), at(r, 16, Op.STORE).reason());
  }

  /** A struct whose base class the file does not have says so where its size is needed (HeCBench's BlockExchange). */
  @Test
  void aStructWithAnUnknownBaseClassNamesIt() {
    FileReport r = analyze("""
        template <typename T, int N> struct Exchange {
          struct _Storage { T buff[N]; };
          struct TempStorage : Uninitialized<_Storage> {};
        };
        __global__ void k() {
          __shared__ typename Exchange<int, 128>::TempStorage temp;
          __shared__ typename Exchange<int, 128>::TempStorage copies[4];
          copies[threadIdx.x % 4] = temp;
        }
        """);
    assertUnknownBecause(at(r, 8, Op.LOAD), "'TempStorage' has the base class 'Uninitialized' ('Uninitialized' is not"
        + " declared in this file)");
  }

  /** A name defined only under a conditional the build would set names that conditional. */
  @Test
  void aMacroDefinedOnlyInASkippedGroupNamesItsConditional() {
    FileReport r = analyze("""
        #if HAVE_CUDA
        #define TILE 32
        #endif
        __global__ void k(float *out) { __shared__ float s[1024]; s[threadIdx.x * TILE] = 0; }
        """);
    assertUnknownBecause(at(r, 4, Op.STORE), "'TILE' is not defined: its #define is at t.cu:2, in a group that"
        + " '#if HAVE_CUDA' at t.cu:1 skips (give the macros it tests with -D)");
  }

  /** {@code Tr<64>::run()}: a static member function of a class template's instance that declares shared memory. */
  @Test
  void aStaticMemberFunctionOfAnInstanceIsRun() {
    FileReport r = analyze("""
        template <int X> struct Tr {
          __device__ static void run() { __shared__ float s[X]; s[threadIdx.x * 2] = 0; }
        };
        __global__ void k() { Tr<64>::run(); }
        """);
    assertEquals(2, at(r, 2, Op.STORE).ways(), at(r, 2, Op.STORE).reason());
  }

  /** A missing header included twice (ggml includes ggml.h from two headers) is named once in a reason. */
  @Test
  void aMissingHeaderIsNamedOnce() {
    FileReport r = analyze("""
        #include "missing.h"
        #include "missing.h"
        __global__ void k(float* o) { __shared__ float s[64]; o[0] = s[threadIdx.x * K]; }
        __device__ void declared(float *p);
        __global__ void h() { __shared__ float t[64]; helper(t); declared(t); }
        """);
    assertEquals("'K' is not declared in this file (it may come from 'missing.h', not found: add its folder with -I)",
        at(r, 3, Op.LOAD).reason());
    // a function without even a declaration may come from the header too (opencv_contrib's CV_UNUSED(smem))
    List<Finding> passed = r.findings().stream().filter(f -> f.pos().line() == 5).toList();
    assertEquals(List.of("its address is passed to 'helper', which has no definition in this file (it may come from"
        + " 'missing.h', not found: add its folder with -I), so the access it makes is not analyzed",
        "its address is passed to 'declared', which has no definition in this file, so the access it makes is not"
        + " analyzed"), passed.stream().map(Finding::reason).toList());
  }

  /**
   * A type that cannot be laid out says why, through local aliases, to the name the file does not declare (it said
   * "the element size of 'sum_t[16]' is unknown" alone: 189 such accesses in opencv_contrib, apex and ArrayFire).
   * A member type of some class is not claimed undeclared.
   */
  @Test
  void anUnknownTypeSaysWhichNameIsMissing() {
    FileReport r = analyze("""
        #include "vec_traits.hpp"
        typedef cub::BlockReduce<float, 32> RowReduce;
        struct Bytes { using Vec_type = typename BytesToType<16>::Type; };
        template <typename T> __global__ void k(T *dst) {
          typedef typename TypeVec<float, VecTraits<T>::cn>::vec_type sum_t;
          __shared__ sum_t smem[16][16];
          dst[0] = smem[threadIdx.x][0];
          __shared__ RowReduce::TempStorage storage;
          dst[1] = storage;
          __shared__ Vec_type w[64];
          dst[2] = w[threadIdx.x];
        }
        template __global__ void k<float>(float *);
        template <typename K> __global__ void h(float *dst) {
          using Vec = typename K::Vec;
          __shared__ Vec v[64];
          dst[0] = v[threadIdx.x].x;
        }
        """);
    String missing = " (it may come from 'vec_traits.hpp', not found: add its folder with -I)";
    assertEquals("the element size of 'sum_t[16]' is unknown ('sum_t' is 'TypeVec<float,VecTraits<T>::cn>::vec_type':"
        + " 'TypeVec' is not declared in this file" + missing + ")", at(r, 7, Op.LOAD).reason());
    // the headers not found are no lead for CUB's primitives
    assertEquals("the size of 'RowReduce::TempStorage' is unknown ('RowReduce' is 'cub::BlockReduce':"
        + " 'cub::BlockReduce' is not declared in this file (it is CUB's, from the CUDA toolkit's headers, which"
        + " bankcheck does not read))", at(r, 9, Op.LOAD).reason());
    assertEquals("the element size of 'Vec_type' is unknown", at(r, 11, Op.LOAD).reason());
    // also named as 'using namespace cub;' lets the code name them
    FileReport unqualified = analyze("""
        template <int B> __global__ void k(float *dst) {
          __shared__ typename BlockScan<float, B>::TempStorage t;
          dst[0] = BlockScan<float, B>(t).Sum(dst[threadIdx.x]);
        }
        template __global__ void k<128>(float *);
        """);
    assertEquals("the size of 'BlockScan<float,B>::TempStorage' is unknown ('BlockScan' is not declared in this file (it"
        + " is CUB's, from the CUDA toolkit's headers, which bankcheck does not read))",
        at(unqualified, 3, Op.LOAD).reason());
    assertUnknownBecause(at(r, 17, Op.LOAD), "the member 'x' of 'Vec' is unknown (the type 'K::Vec' is unknown (template"
        + " parameter 'K' of 'h' has no type argument in this file");
  }

  /** The tool's own operators in a symbol are not names to give a value to (it said "depends on min, n"). */
  @Test
  void minAndMaxAreNotNamesInAReason() {
    FileReport r = analyze("__global__ void k(float *o, int n) { __shared__ float s[1024]; o[0] = s[threadIdx.x * min(32, n)]; }");
    assertUnknownBecause(at(r, 1, Op.LOAD), "the lane stride depends on n (through (32) min (n)), which has no constant");
  }

  /** Found by the fuzzer: a pointer variable holding an address's lanes, then assigned an integer. */
  @Test
  void pointerVariableAssignedAnInteger() {
    FileReport r = analyze("""
        __global__ void k(const float* in) {
          extern __shared__ float smem[];
          float* b = (float*)&smem[4];
          int* c = (int*)(b = 64);
          c[threadIdx.x] = 1;
          smem[threadIdx.x] = in[0];
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(Verdict.OK, at(r, 6, Op.STORE).verdict());
  }

  /** Global memory read through a moved pointer: each lane's offset counts, not only the name. */
  @Test
  void aPointerIntoGlobalMemoryKeepsItsOffset() {
    FileReport r = analyze("""
        __global__ void k(const int* idx) {
          __shared__ float s[1024];
          s[*(idx + threadIdx.x)] = 1.0f;
          const int* p = idx + 1;
          p += 3;
          s[(p - idx) * threadIdx.x] = 2.0f;
        }
        """);
    assertEquals(Verdict.DATA_DEPENDENT, at(r, 3, Op.STORE).verdict());
    assertEquals(4, at(r, 6, Op.STORE).ways()); // p - idx = 4: a stride of 4 words
  }

  @Test
  void aSyntaxErrorSkipsOneItemAndTheRestIsAnalyzed() {
    FileReport r = analyze("""
        __global__ void broken(float* o) { int x = ; }
        __global__ void fine(float* o) {
          __shared__ float s[1024];
          o[threadIdx.x] = s[32 * threadIdx.x];
        }
        """);
    assertEquals(FileReport.Status.PARTIAL, r.status());
    assertEquals(1, r.errors().size(), r.errors().toString());
    SourceError e = r.errors().get(0);
    assertEquals(1, e.pos().line());
    assertEquals(44, e.pos().column());
    assertTrue(e.message().contains("syntax error"), e.message());
    assertEquals(32, at(r, 4, Op.LOAD).ways());
  }

  @Test
  void tenThousandNestedParenthesesGiveAClearErrorNotAStackOverflow() {
    String deep = "(".repeat(10_000) + "1" + ")".repeat(10_000);
    FileReport r = analyze("int x = " + deep + ";\n__global__ void k(float* o) { __shared__ float s[64]; o[0] = s[threadIdx.x]; }\n");
    assertEquals(1, r.errors().size(), r.errors().toString());
    assertTrue(r.errors().get(0).message().contains("deeper than"), r.errors().get(0).message());
    assertEquals(1, at(r, 2, Op.LOAD).ways());
  }

  @Test
  void aSharedUseInSkippedCodeIsReportedNotDropped() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[64];
          o[0] = s[threadIdx.x] @ 2;
        }
        """);
    Finding f = at(r, 3, Op.LOAD);
    assertEquals(Rules.UNANALYZED_ACCESS, f.ruleId());
    assertEquals(Verdict.UNKNOWN, f.verdict());
    assertEquals("k", f.kernel());
    FileReport store = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[64][2];
          s[threadIdx.x][0] = o[0] @ 2;
        }
        """);
    assertEquals(Op.STORE, at(store, 3, Op.STORE).op());
  }

  @Test
  void binaryAndMissingFilesFailAloneWithAMessage(@TempDir Path dir) throws Exception {
    Path bin = dir.resolve("x.cu");
    Files.write(bin, new byte[] {0, 1, 2, 0, 0, 0, 7});
    FileReport r = new DefaultAnalyzer(AnalysisOptions.defaults()).analyze(bin, "x.cu");
    assertEquals(FileReport.Status.FAILED, r.status());
    assertTrue(r.errors().get(0).message().contains("binary"));
    FileReport missing = new DefaultAnalyzer(AnalysisOptions.defaults()).analyze(dir.resolve("nope.cu"), "nope.cu");
    assertEquals(FileReport.Status.FAILED, missing.status());
    assertTrue(missing.errors().get(0).message().contains("nope.cu"));
  }

  @Test
  void macrosExpandWithCPrecedence() {
    FileReport r = analyze("""
        #define OFF(n) (n) >> 4 + 1
        __global__ void k(float* o) {
          __shared__ float s[1024];
          o[threadIdx.x] = s[OFF(threadIdx.x * 64)];
        }
        """);
    // (64*t) >> 5 == 2*t: stride 2 words
    assertEquals(2, at(r, 4, Op.LOAD).ways());
  }

  @Test
  void blockShapeFromALaunchDecidesWhichThreadsShareAWarp() {
    FileReport r = analyze("""
        __global__ void t(float* o) {
          __shared__ float tile[16][17];
          tile[threadIdx.y][threadIdx.x] = 1.0f;
          o[0] = tile[threadIdx.x][threadIdx.y];
        }
        void host() { dim3 b(16, 16); t<<<1, b>>>(0); }
        """);
    Finding read = at(r, 4, Op.LOAD);
    assertEquals(2, read.ways());
    assertTrue(read.assumptions().get(0).contains("(16,16,1) from the launch at line 6"), read.assumptions().toString());
  }

  /** A block's own variable hides the outer one only inside the block (its constant leaked out before). */
  @Test
  void aLaunchReadsTheVariableInItsScope() {
    FileReport r = analyze("""
        __global__ void t(float* o) {
          __shared__ float tile[16][17];
          o[0] = tile[threadIdx.x][threadIdx.y];
        }
        void host() {
          dim3 b(16, 16);
          int n = 2;
          { dim3 b(32, 1); int n; n = 4; }
          t<<<n, b>>>(0);
        }
        """);
    assertTrue(at(r, 3, Op.LOAD).assumptions().get(0).contains("(16,16,1) from the launch at line 9"),
        at(r, 3, Op.LOAD).assumptions().toString());
  }

  @Test
  void annotationWinsOverLaunches() {
    FileReport r = analyze("""
        // bankcheck: block 32x32
        __global__ void t(float* o) {
          __shared__ float tile[32][33];
          o[0] = tile[threadIdx.x][threadIdx.y];
        }
        void host() { t<<<1, dim3(16, 16)>>>(0); }
        """);
    assertEquals(1, at(r, 4, Op.LOAD).ways());
  }

  /** On a thread with a small stack, code within the parser's depth bound can still overflow: the file says so. */
  @Test
  void anAnalysisThatRunsOutOfStackSaysSo() throws InterruptedException {
    String source = "__global__ void k(float* o) {\n  __shared__ float s[64];\n  s[threadIdx.x] = "
        + "1 + ".repeat(1_900) + "1;\n  o[0] = s[threadIdx.x];\n}\n";
    analyze(source.replace("1 + ", "")); // classes are initialized on this thread's stack, not the small one
    FileReport[] report = new FileReport[1];
    Thread small = new Thread(null, () -> report[0] = analyze(source), "small stack", 256 * 1024);
    small.start();
    small.join();
    assertTrue(report[0].errors().stream().anyMatch(e -> e.message().contains("nested too deeply")),
        report[0].errors().toString());
  }

  /** A shape no block can have is named and left out; the launch's dim3 product once wrapped to 0 and was used. */
  @Test
  void blockShapesNoBlockCanHaveAreReportedAndNotUsed() {
    FileReport r = analyze("""
        // bankcheck: block 99999999999x1
        __global__ void a(float* o) { __shared__ float s[64]; o[0] = s[2 * threadIdx.x]; }
        // bankcheck: block 2048
        __global__ void b(float* o) { __shared__ float s[64]; o[0] = s[2 * threadIdx.x]; }
        void host() { a<<<1, 64>>>(0); b<<<1, dim3(1 << 30, 1 << 30, 64)>>>(0); }
        """);
    assertEquals(List.of(), r.errors());
    List<String> a = at(r, 2, Op.LOAD).assumptions();
    assertTrue(a.get(0).contains("(64,1,1) from the launch at line 5"), a.toString());
    assertTrue(a.contains("the annotation at line 1 gives block (too large)x1x1, which no block can have"
        + " (1 to 1024 threads); it was not used"), a.toString());
    List<String> b = at(r, 4, Op.LOAD).assumptions();
    assertTrue(b.get(0).startsWith("blockDim.x is a multiple of 32"), b.toString());
    assertTrue(b.contains("the annotation at line 3 gives block 2048x1x1, which no block can have"
        + " (1 to 1024 threads); it was not used"), b.toString());
    assertTrue(b.contains("the launch at line 5 gives block 1073741824x1073741824x64, which no block can have"
        + " (1 to 1024 threads); it was not used"), b.toString());
  }

  /** A typedef cycle restarted the alias depth at each step: a stack overflow, and the kernel's accesses were lost. */
  @Test
  void typedefCyclesAreUnknownTypesNotAStackOverflow() {
    FileReport r = analyze("""
        typedef A B;
        typedef B A;
        using C = C;
        __global__ void k(float* o) {
          __shared__ A a[64]; __shared__ C c[64]; __shared__ float s[64];
          a[threadIdx.x] = 0; c[threadIdx.x] = 0; o[0] = s[2 * threadIdx.x];
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(2, at(r, 6, Op.LOAD).ways());
    List<Finding> stores = r.findings().stream().filter(f -> f.pos().line() == 6 && f.op() == Op.STORE).toList();
    assertEquals(2, stores.size(), r.findings().toString());
    for (Finding f : stores) assertUnknownBecause(f, "the element size of");
  }

  /** An mbarrier operation and a bulk copy in inline PTX say what they are, not only that the asm is not run. */
  @Test
  void barrierAndBulkCopyAsmSayWhatTheyAre() {
    FileReport r = analyze("""
        __global__ void k(const float* g) {
          __shared__ unsigned long long bar; __shared__ float buf[1024];
          unsigned b = __cvta_generic_to_shared(&bar), d = __cvta_generic_to_shared(buf);
          asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(b));
          asm volatile("cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                       :: "r"(d), "l"(g), "r"(4096), "r"(b));
        }
        """);
    assertEquals(List.of(), r.errors());
    assertUnknownBecause(at(r, 4, Op.LOAD), "an mbarrier operation (a barrier's state, not data), which the bank"
        + " model does not cover");
    assertTrue(r.findings().stream().anyMatch(f -> f.pos().line() == 6 && f.reason().contains("a bulk copy by the"
        + " tensor memory accelerator, not by the lanes")), r.findings().toString());
  }

  /** __ldcs and __stwb given a shared address were silently no access at all (or a load for the store). */
  @Test
  void cacheHintedGlobalAccessesOfSharedAddressesAreNamed() {
    FileReport r = analyze("""
        __global__ void k(float* out) {
          __shared__ float s[64];
          __stwb(&s[threadIdx.x], 1.0f);
          out[threadIdx.x] = __ldcs(&s[threadIdx.x]);
        }
        """);
    assertEquals(List.of(), r.errors());
    assertUnknownBecause(at(r, 3, Op.STORE), "'__stwb', a store to global memory with a cache hint");
    assertUnknownBecause(at(r, 4, Op.LOAD), "'__ldcs', a load of global memory with a cache hint");
  }

  /**
   * A pointer to other memory compared or tested: one answer for the warp where every lane compares one address
   * (the warp takes one side); where the lanes' addresses differ, each lane its own. '&in[threadIdx.x]' was
   * one address for the warp (the text of the expression), so '*p' read as one value: a broadcast.
   */
  @Test
  void pointersToOtherMemoryAreOneForTheWarpOnlyWhereTheLanesShareThem() {
    FileReport r = analyze("""
        __global__ void k(const float* bias, const int* in, float* out, int n) {
          __shared__ float s[1024];
          int a = (bias && n > 4) ? 1 : 32; out[0] = s[threadIdx.x * a];
          const float* row = bias + threadIdx.x;
          int d = (bias + 16 > row) ? 1 : 32; out[0] = s[threadIdx.x * d];
          const int* mine = &in[threadIdx.x]; out[0] = s[*mine];
          const int* first = &in[0]; out[0] = s[32 * *first + threadIdx.x];
        }
        struct E { int src; int dst; };
        __global__ void m(const int* pos, const E* edges, float* out) {
          __shared__ float s[1024];
          const int* p = &edges[pos[threadIdx.x]].dst; out[0] = s[*p];
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(32, at(r, 3, Op.LOAD).ways());
    assertTrue(at(r, 3, Op.LOAD).reason().contains("worst at the condition at line 3 false"), at(r, 3, Op.LOAD).reason());
    assertUnknownBecause(at(r, 5, Op.LOAD), "it depends on the condition at line 5");
    assertEquals(Verdict.DATA_DEPENDENT, at(r, 6, Op.LOAD).verdict());
    assertEquals(1, at(r, 7, Op.LOAD).ways());
    // a member's address at a data-dependent place stays one (it was "the address of the member 'dst' ... unknown")
    assertEquals(Verdict.DATA_DEPENDENT, at(r, 12, Op.LOAD).verdict());
  }

  /**
   * '// bankcheck: assume': each part it cannot use is named and left out, the rest is used; too many
   * combinations are refused as a whole; a value replaces a launch's, and a hex or negative one reads as written.
   */
  @Test
  void assumeAnnotationsNameWhatTheyCannotUse() {
    FileReport r = analyze("""
        // bankcheck: assume n=0x10 q=3 x=2 p=4 n=8 m=1.5 T=int*
        template <typename T>
        __global__ void a(float* p, int n, float x, int m) {
          __shared__ float s[1024]; p[0] = s[threadIdx.x * n];
        }
        // bankcheck: assume a=1,2,3,4 b=1,2,3,4 c=1,2,3
        __global__ void b(float* o, int a, int b, int c) { __shared__ float s[1024]; o[0] = s[threadIdx.x * a]; }
        // bankcheck: assume k=-1
        __global__ void c(float* o, int k) { __shared__ float s[1024]; o[0] = s[32 + threadIdx.x * k]; }
        // bankcheck: assume
        __global__ void d(float* o, int k) { __shared__ float s[1024]; o[0] = s[threadIdx.x * k]; }
        void host() { c<<<1, 32>>>(0, 2); }
        """);
    assertEquals(List.of(), r.errors());
    Finding a = at(r, 4, Op.LOAD);
    assertEquals(16, a.ways());
    for (String note : List.of(
        "the annotation at line 1: 'q=3' names no parameter or template parameter of 'a'; it was not used",
        "the annotation at line 1: 'x=2' names a parameter that is not an integer passed by value; it was not used",
        "the annotation at line 1: 'p=4' names a parameter that is not an integer passed by value; it was not used",
        "the annotation at line 1: 'n' is given a value before; 'n=8' was not used",
        "the annotation at line 1: 'm=1.5' is not a whole number (decimal or 0x hexadecimal, within 64 bits); it was"
            + " not used",
        "the annotation at line 1: 'T=int*' is not a type of one word (float, unsigned, int64_t, a struct of the"
            + " file); it was not used",
        "arguments n = 16 (from the annotation at line 1)")) {
      assertTrue(a.assumptions().contains(note), note + " in " + a.assumptions());
    }
    Finding b = at(r, 7, Op.LOAD);
    assertUnknownBecause(b, "so does '// bankcheck: assume a=VALUE' before the kernel");
    assertTrue(b.assumptions().contains("the annotations before 'b' give 48 combinations of values, more than the 32"
        + " analyzed one by one; they were not used"), b.assumptions().toString());
    Finding c = at(r, 9, Op.LOAD);
    assertEquals(1, c.ways()); // -1, not the launch's 2
    assertTrue(c.assumptions().contains("arguments k = -1 (from the launch at line 12 and the annotation at line 8)"),
        c.assumptions().toString());
    Finding d = at(r, 11, Op.LOAD);
    assertTrue(d.assumptions().contains("the annotation at line 10 gives no 'NAME=VALUE'; it was not used"),
        d.assumptions().toString());
  }

  /** An annotation that is not a shape (a sign, a fourth axis, a fraction) was silently ignored. */
  @Test
  void malformedBlockAnnotationsAreReportedAndNotUsed() {
    FileReport r = analyze("""
        // bankcheck: block -1
        __global__ void a(float* o) { __shared__ float s[64]; o[0] = s[2 * threadIdx.x]; }
        // bankcheck: block 32x8x1x1
        __global__ void b(float* o) { __shared__ float s[64]; o[0] = s[2 * threadIdx.x]; }
        // bankcheck: block 16 x 2 (the loader's tile)
        __global__ void c(float* o) { __shared__ float s[64]; o[0] = s[2 * threadIdx.x]; }
        """);
    for (int line : new int[] {2, 4}) {
      List<String> a = at(r, line, Op.LOAD).assumptions();
      assertTrue(a.get(0).startsWith("blockDim.x is a multiple of 32"), a.toString());
      assertTrue(a.contains("the annotation at line " + (line - 1) + " is not 'block X', 'block XxY' or 'block XxYxZ'"
          + " with whole numbers; it was not used"), a.toString());
    }
    assertTrue(at(r, 6, Op.LOAD).assumptions().get(0).contains("(16,2,1) from the annotation at line 5"));
  }

  @Test
  void suppressionsKeepTheFindingButMarkIt() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[1024];
          o[0] = s[32 * threadIdx.x]; // bankcheck: ignore
          // bankcheck: ignore=bank-conflict
          o[1] = s[16 * threadIdx.x];
          o[2] = s[8 * threadIdx.x]; // bankcheck: ignore=atomic-contention
          // bankcheck: ignore=bank-conflicts
          o[3] = s[4 * threadIdx.x];
          o[4] = s[2 * threadIdx.x]; // bankcheck: ignore=bank-conflict,bank_conflict
        }
        """);
    assertTrue(at(r, 3, Op.LOAD).suppressed());
    assertTrue(at(r, 5, Op.LOAD).suppressed());
    assertFalse(at(r, 6, Op.LOAD).suppressed());
    assertFalse(at(r, 6, Op.LOAD).assumptions().stream().anyMatch(a -> a.contains("not suppressed")));
    // a misspelt rule suppresses nothing, and the finding says why
    Finding misspelt = at(r, 8, Op.LOAD);
    assertFalse(misspelt.suppressed());
    assertTrue(misspelt.assumptions().contains("not suppressed: the ignore comment names bank-conflicts, which is no"
        + " rule (rules: bank-conflict, atomic-contention, data-dependent-index, unanalyzed-access)"),
        misspelt.assumptions().toString());
    assertTrue(at(r, 9, Op.LOAD).suppressed()); // one right name is enough
  }

  @Test
  void paddingFixEditsDeliverThePromisedWays() {
    String src = """
        __global__ void k(float* o) {
          __shared__ float tile[32][32];
          tile[threadIdx.x][0] = 1.0f;
          o[threadIdx.x] = tile[0][threadIdx.x];
        }
        """;
    Finding f = at(analyze(src), 3, Op.STORE);
    assertEquals(32, f.ways());
    Fix fix = f.fix();
    assertNotNull(fix);
    assertEquals(1, fix.waysAfter());
    assertEquals(32 * 33 * 4L, fix.sharedBytesAfter());
    String fixed = apply(src, fix.edits());
    assertTrue(fixed.contains("tile[32][33]"), fixed);
    FileReport after = analyze(fixed);
    assertEquals(fix.waysAfter(), at(after, 3, Op.STORE).ways());
    assertEquals(1, at(after, 4, Op.LOAD).ways());
  }

  @Test
  void paddingOfAMacroSizedDimensionKeepsTheMacro() {
    String src = """
        #define TILE 16
        __global__ void k(double* o) {
          __shared__ double tile[TILE][TILE];
          o[threadIdx.x] = tile[threadIdx.x % 16][0];
        }
        """;
    Fix fix = at(analyze(src), 4, Op.LOAD).fix();
    String fixed = apply(src, fix.edits());
    assertEquals(fix.waysAfter(), at(analyze(fixed), 4, Op.LOAD).ways(), fixed);
    assertTrue(fixed.contains("[TILE][TILE + "), fixed);
  }

  @Test
  void dataDependentIndexGivesBounds() {
    FileReport r = analyze("""
        __global__ void h(const int* data, int* out) {
          __shared__ int hist[256];
          atomicAdd(&hist[data[threadIdx.x]], 1);
        }
        """);
    Finding f = at(r, 3, Op.ATOMIC);
    assertEquals(Verdict.DATA_DEPENDENT, f.verdict());
    assertEquals(32, f.worstWays());
    assertEquals(1, f.bestWays());
    assertEquals(null, f.ways());
  }

  /**
   * Lanes that read one row move together: with the row known modulo 2 words, lanes 0-15 (one row) are on 16
   * different banks whatever it is, so the worst is one lane per row on a bank, 2-way, not 16.
   */
  @Test
  void lanesSharingADataRowCountOncePerBank() {
    FileReport r = analyze("""
        __global__ void k(const int* rowOf, float* out) {
          __shared__ float s[2048];
          out[threadIdx.x] = s[2 * rowOf[threadIdx.x / 16] + threadIdx.x % 16];
          out[threadIdx.x] = s[2 * rowOf[threadIdx.x] + threadIdx.x % 16];
        }
        """);
    Finding f = at(r, 3, Op.LOAD);
    assertEquals(2, f.worstWays(), f.reason());
    assertTrue(f.reason().contains("worst case: lanes 0 and 16 on 2 different words"), f.reason());
    assertEquals(16, at(r, 4, Op.LOAD).worstWays());
  }

  @Test
  void runtimeStrideIsUnknownWithAReasonThatNamesIt() {
    FileReport r = analyze("""
        __global__ void k(float* o, int n) {
          __shared__ float s[1024];
          o[0] = s[threadIdx.x * n];
        }
        """);
    assertUnknownBecause(at(r, 3, Op.LOAD), "n");
  }

  @Test
  void aStrideThatChangesPastTheEnumeratedIterationsSaysSoNotThatTheLoopHasNoBounds() {
    String loop = """
        __global__ void k(float* o, int n) {
          __shared__ float s[1024];
          for (int i = 0; i < BOUND; ++i)
            for (int j = 0; j < BOUND; ++j) o[0] += s[(threadIdx.x * (i + 1) + j) % 1024];
        }
        """;
    // i = 0 is conflict-free for every j; after 1024 iterations of j, the stride depends on i
    Finding capped = at(analyze(loop.replace("BOUND", "1000000")), 4, Op.LOAD);
    assertEquals(Verdict.UNKNOWN, capped.verdict());
    assertTrue(capped.reason().endsWith("of a loop longer than the 1024 iterations the analysis enumerates"),
        capped.reason());
    Finding unbounded = at(analyze(loop.replace("BOUND", "n")), 4, Op.LOAD);
    assertTrue(unbounded.reason().endsWith("of a loop without constant bounds"), unbounded.reason());
  }

  /** An integer literal over 64 bits was read as 0 (a broadcast); the compiler rejects it: no value, no guess. */
  @Test
  void anIntegerLiteralOver64BitsHasNoValue() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[64];
          o[0] = s[threadIdx.x * 99999999999999999999999];
        }
        """);
    assertUnknownBecause(at(r, 3, Op.LOAD), "does not fit in 64 bits");
  }

  /** Found on siboehm/SGEMM_CUDA: `if (M >= 128 and N >= 128)` was a syntax error that lost the launches. */
  @Test
  void cppAlternativeTokensAreTheirOperators() {
    FileReport r = analyze("""
        __global__ void k(float* o, int n) {
          __shared__ float s[1024];
          if (not (threadIdx.x >= 16) and (n > 0 or n <= 0)) s[threadIdx.x * 2] = 1.0f;
          int m = threadIdx.x bitand 7;
          m xor_eq 1;
          o[0] = s[32 * (compl m bitand 1) + threadIdx.x / 2];
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(Verdict.OK, at(r, 3, Op.STORE).verdict()); // lanes 0-15 only: 32 words, one per bank
    Finding f = at(r, 6, Op.LOAD); // ~((l & 7) ^ 1) & 1 is l & 1: lane 1 reads word 32, lane 0 word 0
    assertEquals(2, f.ways(), f.reason());
  }

  /** Host code with exceptions (SGEMM_CUDA's runner throws on an unknown kernel number) still gives its launches. */
  @Test
  void hostCodeWithTryCatchAndThrowParsesAndItsLaunchesCount() {
    FileReport r = analyze("""
        template <int W> __global__ void k(float* o) {
          __shared__ float s[32 * W];
          s[threadIdx.x * W] = 1.0f;
        }
        void run(float* o, int which) {
          try {
            if (which == 1) k<4><<<1, 32>>>(o);
            else throw std::invalid_argument("unknown kernel");
          } catch (const std::exception& e) {
            throw;
          } catch (...) {
          }
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(4, at(r, 3, Op.STORE).ways());
  }

  /** faiss and ggml: a kernel that uses a class template's member ({@code std::numeric_limits<float>::max()}) was skipped. */
  @Test
  void aMemberOfAClassTemplateInAnExpressionParsesAndIsUnknown() {
    FileReport r = analyze("""
        template <typename T> struct traits;
        __global__ void k(float* o) {
          __shared__ float s[1024];
          float best = std::numeric_limits<float>::max();
          s[threadIdx.x] = best;
          o[0] = s[threadIdx.x * traits<float>::stride];
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(Verdict.OK, at(r, 5, Op.STORE).verdict());
    assertUnknownBecause(at(r, 6, Op.LOAD), "traits<float>::stride");
  }

  /** Also from SGEMM_CUDA: {@code wt::loadFromGmem<BM, rowStrideA>(...)} with a constexpr rowStrideA of the kernel. */
  @Test
  void templateArgumentsOfACallMayNameTheCallersConstants() {
    FileReport r = analyze("""
        template <int STRIDE> __device__ void put(float* s) { s[threadIdx.x * STRIDE] = 1.0f; }
        template <int N> __global__ void k(float* o) {
          __shared__ float s[4096];
          constexpr int stride = N / 32;
          const int twice = 2 * stride;
          put<stride>(s);
          put<twice>(s);
          o[0] = s[threadIdx.x];
        }
        template __global__ void k<64>(float*);
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(Verdict.CONFLICT, f.verdict(), f.reason());
    assertEquals(4, f.ways()); // the worst of stride 2 (2-way) and 4 (4-way)
  }

  /** A declaration without a body that takes a local by (non-const) reference may write it; a const one may not. */
  @Test
  void aLocalPassedByReferenceToAFunctionWithoutABodyIsUnknownAfterIt() {
    FileReport r = analyze("""
        __device__ void laneInto(unsigned& out);
        __device__ void readOnly(const unsigned& in);
        __global__ void k(float* o) {
          __shared__ float s[1024];
          unsigned a = 0, b = 0;
          laneInto(a);
          readOnly(b);
          s[a * 32] = 1.0f;
          s[b * 32 + threadIdx.x % 32] = 2.0f;
        }
        """);
    assertUnknownBecause(at(r, 8, Op.STORE), "'a' is passed by reference to 'laneInto' at line 6, which has no"
        + " definition in this file");
    assertEquals(Verdict.OK, at(r, 9, Op.STORE).verdict());
  }

  /** swap writes both arguments: locals exchange their values, shared elements are stored. */
  @Test
  void swapExchangesLocalsAndStoresSharedElements() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[32 * 32];
          unsigned a = threadIdx.x % 32, b = 0;
          cuda::std::swap(a, b);
          s[b * 32] = 1.0f;
          s[a * 32] = 2.0f;
          swap(s[threadIdx.x], s[threadIdx.x * 2 % 64]);
        }
        """);
    assertEquals(32, at(r, 5, Op.STORE).ways());
    assertEquals(Verdict.BROADCAST, at(r, 6, Op.STORE).verdict());
    assertEquals(List.of(1, 2), r.findings().stream().filter(f -> f.pos().line() == 7 && f.op() == Op.STORE)
        .map(Finding::ways).sorted().toList()); // s[tx] and s[2 tx % 64]
  }

  /** Shuffles move values between the lanes of a warp as CUDA defines them; a reduction is one value for all. */
  @Test
  void shufflesAndWarpReductionsMoveLaneValues() {
    FileReport r = analyze("""
        // bankcheck: block 64
        __global__ void k(float* o, int n) {
          __shared__ float s[64 * 32];
          int lane = threadIdx.x % 32;
          s[__shfl_sync(0xffffffff, lane * 2, 0) + lane] = 1;
          s[__shfl_xor_sync(0xffffffff, lane, 1) * 32] = 2;
          s[__shfl_down_sync(0xffffffff, lane, 16)] = 3;
          s[__shfl_up_sync(0xffffffff, lane, 1, 16) * 2] = 4;
          s[__reduce_add_sync(0xffffffff, 1) + lane] = 5;
          s[__reduce_max_sync(0xffffffff, n + lane) + lane] = 6;
          if (lane < 16) s[__shfl_sync(0xffffffff, lane, 20)] = 7;
        }
        """);
    assertEquals(Verdict.OK, at(r, 5, Op.STORE).verdict()); // lane 0's value, 0, in every lane
    assertEquals(32, at(r, 6, Op.STORE).ways()); // lane ^ 1
    assertEquals(Verdict.OK, at(r, 7, Op.STORE).verdict()); // lane + 16, or its own past the warp's end
    // in segments of 16: lanes 0, 1 -> 0, lanes 16, 17 -> 16: words 0 and 32 share bank 0
    assertEquals(2, at(r, 8, Op.STORE).ways());
    assertEquals(Verdict.OK, at(r, 9, Op.STORE).verdict()); // 32 + lane
    assertEquals(Verdict.OK, at(r, 10, Op.STORE).verdict()); // one unknown value for the whole warp
    assertUnknownBecause(at(r, 11, Op.STORE), "a value from lane 20, which is not active there (__shfl_sync)");
  }

  /** An index from a struct member that is not in shared memory names it (it said "the index is not an integer"). */
  @Test
  void aStructParametersMemberIsOneValueForTheWarp() {
    FileReport r = analyze("""
        struct Params { int ld; int off; };
        __global__ void k(Params p, Params q) {
          __shared__ float s[1024];
          s[threadIdx.x + p.off] = 1.0f;
          s[threadIdx.x * p.ld] = 2.0f;
          q.off = threadIdx.x;
          s[q.off] = 3.0f;
        }
        """);
    assertEquals(Verdict.OK, at(r, 4, Op.STORE).verdict());
    assertUnknownBecause(at(r, 5, Op.STORE), "the lane stride depends on p.ld");
    // a member written is not followed: what the parameter held is not used after
    assertUnknownBecause(at(r, 7, Op.STORE), "a member of 'q' is written at line 6, and bankcheck follows member"
        + " writes only in objects it saw made");
  }

  /** A copy of a struct parameter passed to a device function has its members, by value or by reference. */
  @Test
  void aStructParameterPassedOnKeepsItsMembers() {
    FileReport r = analyze("""
        struct Params { int ld; int off; };
        __device__ void put(float *s, Params q) { s[threadIdx.x + q.off] = 1.0f; }
        __device__ void putRef(float *s, const Params &q) { s[threadIdx.x * q.ld] = 1.0f; }
        __device__ void putWritten(float *s, Params q) { s[threadIdx.x + q.off] = 1.0f; }
        __global__ void k(Params p, Params w) {
          __shared__ float s[1024];
          put(s, p);
          putRef(s, p);
          w.off = threadIdx.x;
          putWritten(s, w);
        }
        """);
    assertEquals(Verdict.OK, at(r, 2, Op.STORE).verdict());
    assertUnknownBecause(at(r, 4, Op.STORE), "a member of 'w' is written at line 9");
    assertUnknownBecause(at(r, 3, Op.STORE), "the lane stride depends on p.ld");
  }

  /**
   * An object keeps the shared addresses it was made with: from its constructor's initializer list and body, a
   * default member initializer, the members in order for an aggregate, or a copy; its methods see them, also
   * through {@code this->} and in a sibling method (these were "stored in the object", not followed).
   */
  @Test
  void anObjectKeepsTheMembersItWasMadeWith() {
    FileReport r = analyze("""
        struct Q {
          float *base; float *warp; int stride = 2;
          __device__ Q(float *s) : base(s) { warp = base + (threadIdx.x / 32) * 64; }
          __device__ void put(float v) { warp[(threadIdx.x % 32) * stride] = v; }
          __device__ void put2(float v) { this->stride = 1; put(v); }
        };
        struct V { float *row; int ld; };
        __global__ void k() {
          __shared__ float s[32 * 64];
          Q q(s);
          q.put(1.0f);
          V v{s, 33};
          V w = v;
          s[threadIdx.x * w.ld % 256] = 2.0f;
          w.ld = 32;
          w.row[threadIdx.x * w.ld] = 3.0f;
          Q q2 = q;
          q2.put2(4.0f);
          v.row[threadIdx.x * v.ld % 256] = 5.0f;
        }
        """);
    Finding put = at(r, 4, Op.STORE);
    assertEquals(2, put.ways(), put.reason()); // stride 2 first, then 1 (put2): the worst of both
    assertEquals(Verdict.OK, at(r, 14, Op.STORE).verdict());
    assertEquals(32, at(r, 16, Op.STORE).ways());
    assertEquals(Verdict.OK, at(r, 19, Op.STORE).verdict()); // v's own member: the copy's write is not v's
  }

  /**
   * A loop of unknown length changes only the members that the methods it calls write: a counter, not the pointer
   * (faiss's BlockSelect.add in a loop); a pointer member it moves has an unknown offset after it, listed as such.
   */
  @Test
  void aLoopChangesOnlyTheMembersItsMethodsWrite() {
    FileReport r = analyze("""
        struct Heap {
          float *k; int n;
          __device__ Heap(float *s) : k(s), n(0) {}
          __device__ void add(float v) { ++n; }
          __device__ void step() { k = k + 33; }
          __device__ float top() { return k[threadIdx.x]; }
        };
        __global__ void kern(const float *in, float *out, int count) {
          __shared__ float s[32 * 64];
          Heap h(s);
          for (int i = 0; i < count; ++i) h.add(in[i]);
          out[0] = h.top();
          Heap g(s);
          for (int i = 0; i < count; ++i) g.step();
          out[1] = g.k[threadIdx.x];
          out[2] = s[threadIdx.x * (h.n + 1)];
        }
        """);
    assertEquals(Verdict.OK, at(r, 6, Op.LOAD).verdict());
    // g.k is one address for the warp after any number of steps: wherever it is, g.k[threadIdx.x] is conflict-free
    assertEquals(Verdict.OK, at(r, 15, Op.LOAD).verdict(), at(r, 15, Op.LOAD).reason());
    assertUnknownBecause(at(r, 16, Op.LOAD), "h.n");
    // a base class's member written by a base method, or by the derived class's own method, changes the base
    FileReport derived = analyze("""
        struct B { float *p; int w = 1; __device__ B(float *s) : p(s) {} __device__ void widen() { w = w + 1; } };
        struct D : B { __device__ D(float *s) : B(s) {} __device__ void set(int x) { w = x; } };
        __global__ void kern(int count) {
          __shared__ float s[2048];
          D d(s), e(s);
          for (int i = 0; i < count; ++i) d.widen();
          for (int i = 0; i < count; ++i) e.set(i);
          s[threadIdx.x * d.w] = 0;
          s[threadIdx.x * e.w] = 0;
        }
        """);
    assertUnknownBecause(at(derived, 8, Op.STORE), "'d.base B' changes across iterations of the loop at line 6");
    assertUnknownBecause(at(derived, 9, Op.STORE), "'e.base B' changes across iterations of the loop at line 7");
  }

  /**
   * Objects the tool cannot follow say why: a constructor it does not have, a member whose address is taken, a class
   * template's specialization that cannot be told. A union is followed (it was not: "the members of the union 'U'
   * share their storage").
   */
  @Test
  void anObjectThatCannotBeFollowedSaysWhy() {
    FileReport r = analyze("""
        union U { float *p; int i; };
        struct S { float *p; __device__ S(float *s, int) : p(s) {} };
        struct T { int off; };
        __device__ void set(int *x) { *x = 5; }
        __global__ void kern() {
          __shared__ float s[64];
          U u{s};
          S a(s);
          a.p = s;
          T t{1};
          set(&t.off);
          s[threadIdx.x + t.off] = 1.0f;
          float x = u.p[threadIdx.x];
        }
        """);
    assertUnknownBecause(at(r, 8, Op.LOAD), "no constructor of 'S' in this file takes 1 argument");
    assertUnknownBecause(at(r, 12, Op.STORE), "the address of 't.off' is taken at line 11");
    assertEquals(Verdict.OK, at(r, 13, Op.LOAD).verdict());
    assertEquals("u.p", at(r, 13, Op.LOAD).via());
    FileReport which = analyze("""
        template <typename T, int Q> struct H { T *p; __device__ H(T *s) : p(s) {} };
        template <typename T> struct H<T, 1> { T *p; __device__ H(T *s) : p(s + 1) {} };
        template <int Q> __global__ void kern() {
          __shared__ float s[64];
          H<float, Q> h(s);
        }
        """);
    assertUnknownBecause(at(which, 5, Op.LOAD), "stored in the object 'h' (which definition of 'H<float,?>' applies is"
        + " unknown: its argument 2 has no constant value (it depends on Q))");
  }

  /**
   * A static method of a class template's partial specialization chosen by a value (faiss's
   * {@code FinalBlockMerge<kNumWarps, ...>::merge}, {@code BlockMerge<..., kSmallerThanBlock, ...>}): each
   * specialization's methods are its own (they shared one name, "S<?,N>::merge", and neither was run).
   */
  @Test
  void aStaticMethodOfAValueSpecializationIsRun() {
    FileReport r = analyze("""
        template <int N, bool Small> struct BM {};
        template <int N> struct BM<N, true> { static __device__ void merge(float *s) { s[threadIdx.x * 2] = 0; } };
        template <int N> struct BM<N, false> { static __device__ void merge(float *s) { s[threadIdx.x * 4] = 0; } };
        template <int N, int L> __device__ void bm(float *s) {
          constexpr bool kSmall = (L <= N);
          BM<N, kSmall>::merge(s);
        }
        __global__ void kern() {
          __shared__ float sm[512];
          bm<128, 64>(sm);
          BM<4, false>::merge(sm);
        }
        """);
    assertEquals(2, at(r, 2, Op.STORE).ways());
    assertEquals(4, at(r, 3, Op.STORE).ways());
  }

  /**
   * A constexpr function of values is run once per arguments and lanes (ggml's configuration lookups, a hundred cases
   * each, are called in every loop): other arguments, other lanes or another template instance run it again.
   */
  @Test
  void aPureFunctionIsRunAgainForOtherArguments() {
    FileReport r = analyze("""
        struct Cfg { int stride; };
        template <int K> constexpr __device__ Cfg cfg(int x) { return x == 1 ? Cfg{K} : Cfg{2 * K}; }
        __global__ void k(float *o) {
          __shared__ float s[4096];
          o[0] = s[threadIdx.x * cfg<1>(1).stride];
          o[1] = s[threadIdx.x * cfg<1>(2).stride];
          o[2] = s[threadIdx.x * cfg<4>(1).stride];
          o[3] = s[threadIdx.x * cfg<1>(1 + threadIdx.x % 2).stride];
          if (threadIdx.x < 16) o[4] = s[threadIdx.x * cfg<1>(1 + threadIdx.x % 2).stride];
        }
        """);
    assertEquals(Verdict.OK, at(r, 5, Op.LOAD).verdict());
    assertEquals(2, at(r, 6, Op.LOAD).ways());
    assertEquals(4, at(r, 7, Op.LOAD).ways());
    assertEquals(3, at(r, 8, Op.LOAD).ways()); // warp 1: lanes 1, 2 and 17 at words 66, 34 and 98
    assertEquals(Verdict.OK, at(r, 9, Op.LOAD).verdict()); // lanes 0-15 of warp 0 only
  }

  /**
   * Two pointers a loop of unknown length swaps hold either their first values or each other's, both checked (faiss's
   * double-buffered residuals were "changes across iterations", and before that lost); a pointer the loop changes
   * otherwise keeps its array at an unknown offset.
   */
  @Test
  void pointersSwappedInALoopAreEitherBuffer() {
    FileReport r = analyze("""
        __global__ void k(int n) {
          __shared__ float s[2048];
          float *a = s, *b = s + 1040;
          for (int i = 0; i < n; ++i) { a[threadIdx.x * 33] = 0; float *t = a; a = b; b = t; }
          float *c = s;
          for (int i = 0; i < n; ++i) { c = c + 33; }
          c[threadIdx.x] = 1;
          a[threadIdx.x * 2] = 2;
        }
        """);
    assertEquals(Verdict.OK, at(r, 4, Op.STORE).verdict());
    // c = c + 33 advances c as c += 33 does: 33 words times the trip count, the same in every lane
    assertEquals(Verdict.OK, at(r, 7, Op.STORE).verdict(), at(r, 7, Op.STORE).reason());
    Finding swapped = at(r, 8, Op.STORE);
    assertEquals(2, swapped.ways());
    assertTrue(swapped.reason().contains("number of iterations of the loop at line 4"), swapped.reason());
    // a swap in one side of an undecided branch is undone for the other side
    FileReport branch = analyze("""
        __global__ void k(const int *flag, int n) {
          __shared__ float s[2048];
          float *a = s, *b = s + 1040;
          if (flag[0] > 0) { for (int i = 0; i < n; ++i) { float *t = a; a = b; b = t; } }
          else { a[threadIdx.x * 2] = 1; }
        }
        """);
    Finding elseSide = at(branch, 5, Op.STORE);
    assertFalse(elseSide.reason().contains("iterations of the loop"), elseSide.reason());
  }

  /**
   * A base class is the first part of its derived class: in a shared struct's layout (it was left out, so sizeof was
   * too small and a 4-way read "ok"), and in a local object, whose methods and aggregate initializer reach the base's
   * members, and whose base's methods run on the base subobject (the address a base constructor stored was lost with
   * every access through it).
   */
  @Test
  void aBaseClassIsPartOfTheObject() {
    FileReport r = analyze("""
        struct B { float *p; int w = 1; __device__ B(float *s) : p(s) {} __device__ float at(int i) { w = 2; return p[i]; } };
        struct D : B { int k; __device__ D(float *s, int kk) : B(s), k(kk) {} __device__ float get() { return p[threadIdx.x * k]; } };
        struct P { float *q; int n; };
        struct Q : P { int m; };
        struct Row { float a[3]; };
        struct Cell : Row { float x; };
        struct Empty {};
        struct Tag : Empty { float v; };
        __global__ void kern(float *out) {
          __shared__ float s[1024];
          __shared__ Cell cells[32];
          __shared__ Tag tags[32];
          D d(s, 2);
          out[0] = d.get() + d.at(threadIdx.x * 4);
          Q q{{s, 4}, 1};
          q.n = 1;
          out[1] = q.q[threadIdx.x * q.n];
          out[2] = cells[threadIdx.x].x + tags[threadIdx.x].v;
          out[3] = d.p[threadIdx.x * d.w];
        }
        """);
    assertEquals(2, at(r, 2, Op.LOAD).ways());
    assertEquals(4, at(r, 1, Op.LOAD).ways()); // the base's method, run on the base subobject ...
    assertEquals(2, at(r, 19, Op.LOAD).ways()); // ... which keeps what it wrote
    assertEquals(Verdict.OK, at(r, 17, Op.LOAD).verdict()); // the base's member, written through the derived object
    List<Finding> line18 = r.findings().stream().filter(f -> f.pos().line() == 18).toList();
    assertEquals(List.of(4, 1), line18.stream().map(Finding::ways).toList(), line18.toString());
  }

  /** A warp-uniform condition the tool cannot decide: the finding says which way gave the worst case. */
  @Test
  void theWorstCaseNamesTheWayAnUndecidedBranchWent() {
    FileReport r = analyze("""
        __global__ void k(const int* data) {
          __shared__ float s[32 * 32];
          int y = threadIdx.x % 32;
          if (data[0] > 0) y = 0;
          s[y * 32] = 2.0f;
        }
        """);
    Finding f = at(r, 5, Op.STORE);
    assertEquals(32, f.ways());
    assertTrue(f.reason().endsWith("(worst at the condition at line 4 false)"), f.reason());
  }

  /** An explicit specialization of a kernel template is a kernel of its own; its accesses were dropped. */
  @Test
  void anExplicitSpecializationOfAKernelIsAnalyzed() {
    FileReport r = analyze("""
        template <typename T> __global__ void k(T* o) { __shared__ T s[64]; o[0] = s[threadIdx.x]; }
        template <> __global__ void k<double>(double* o) {
          __shared__ double s[256];
          o[0] = s[threadIdx.x * 4 + threadIdx.y];
        }
        void host(double* d) { k<double><<<1, dim3(16, 4)>>>(d); }
        """);
    Finding f = at(r, 4, Op.LOAD);
    assertEquals("k<double>", f.kernel());
    assertEquals(4, f.ways());
    assertEquals("blockDim = (16,4,1) from the launch at line 6", f.assumptions().get(0)); // k<double><<<...>>>
  }

  /**
   * A call of a function template with explicit specializations runs the one its written arguments name, or the
   * template where none does (DeepSpeed's {@code store_shared<sizeof(int32_t)>(dst, src)}: {@code store_shared<4>});
   * where the arguments are deduced it is unknown (it ran the primary template, whatever the arguments).
   */
  @Test
  void aCallOfASpecializedFunctionTemplateRunsTheOneItNames() {
    FileReport r = analyze("""
        template <typename T> __device__ int stride() { return 1; }
        template <> __device__ int stride<double>() { return 32; }
        template <int N> __device__ int words(T x) { return N; }
        template <> __device__ int words<4>(T x) { return 2; }
        __global__ void k(float* o) {
          __shared__ float s[32 * 32];
          s[threadIdx.x * stride<double>()] = 1;
          s[threadIdx.x * stride<float>()] = 2;
          s[threadIdx.x * words<sizeof(int)>(o)] = 3;
          s[threadIdx.x * words<2 + 6>(o)] = 4;
        }
        template <typename T> __device__ int size(T x) { return 1; }
        template <> __device__ int size<double>(double x) { return 32; }
        __global__ void h(float* o) { __shared__ float s[32 * 32]; s[threadIdx.x * size(1.0)] = 1; }
        """);
    assertEquals(32, at(r, 7, Op.STORE).ways());
    assertEquals(Verdict.OK, at(r, 8, Op.STORE).verdict());
    assertEquals(2, at(r, 9, Op.STORE).ways());
    assertEquals(8, at(r, 10, Op.STORE).ways());
    assertUnknownBecause(at(r, 14, Op.STORE), "the result of 'size': it has explicit specializations, and bankcheck"
        + " does not tell which one a call runs");
  }

  /** __clz, __ffs, __popc and __brev of constants are computed lane by lane. */
  @Test
  void bitIntrinsicsOfConstantsAreComputed() {
    FileReport r = analyze("""
        __global__ void k(unsigned m) {
          __shared__ float s[32 * 64];
          int lane = threadIdx.x % 32;
          s[lane * (32 - __clz(31))] = 1;
          s[lane << (__ffs(32) - 1)] = 2;
          s[lane * __popc(0x3)] = 3;
          s[(__brev(lane) >> 27) * 32] = 4;
          s[lane * __popc(m)] = 5;
        }
        """);
    assertEquals(Verdict.OK, at(r, 4, Op.STORE).verdict()); // stride 5
    assertEquals(32, at(r, 5, Op.STORE).ways()); // stride 32
    assertEquals(2, at(r, 6, Op.STORE).ways()); // stride 2
    assertEquals(32, at(r, 7, Op.STORE).ways()); // a permutation of the lanes, times 32
    // of a value the warp shares: one value for the warp, not a constant
    assertUnknownBecause(at(r, 8, Op.STORE), "the lane stride depends on __popc, m (through __popc(m))");
  }

  /**
   * A cast of shared memory to a pointer of a type that cannot be laid out kept the array's own type: '(Vec4*) smem'
   * of an int array read as 4-byte accesses. A block-scope typedef names its type for the casts after it.
   */
  @Test
  void aCastToATypeThatCannotBeLaidOutIsUnknownAndLocalTypedefsResolve() {
    FileReport r = analyze("""
        #include "missing.h"
        __global__ void k(float* o, const float* g) {
          extern __shared__ int smem[];
          ((Vec4*) smem)[threadIdx.x] = Vec4();
          typedef int4 copy_t;
          *((copy_t*) smem + threadIdx.x % 32) = *((const copy_t*) g);
        }
        """);
    assertUnknownBecause(at(r, 4, Op.STORE), "the element size of 'Vec4' is unknown");
    Finding copy = at(r, 6, Op.STORE);
    assertEquals(16, copy.widthBytes());
    assertEquals(Verdict.OK, copy.verdict());
  }

  /**
   * A member type of a class template (typename Traits<T>::type) is the type its instance names: float here
   * (the whole kernel was a parse error once, then its size was unknown), and the kernel's other accesses
   * are analyzed.
   */
  @Test
  void aMemberTypeOfAClassTemplateIsTheTypeItsInstanceNames() {
    FileReport r = analyze("""
        template <typename T> struct Traits { typedef T type; };
        template <typename T> __global__ void k(float* o) {
          __shared__ typename Traits<T>::type buf[64];
          __shared__ float s[64];
          o[0] = buf[threadIdx.x] + s[threadIdx.x * 2 % 64];
        }
        template __global__ void k<float>(float*);
        """);
    assertEquals(List.of(), r.errors());
    Finding buf = r.findings().stream().filter(f -> f.pos().line() == 5 && f.array().equals("buf")).findFirst()
        .orElseThrow();
    assertEquals(Verdict.OK, buf.verdict(), buf.reason());
    assertEquals(4, buf.widthBytes());
    assertEquals(2, r.findings().stream().filter(f -> f.pos().line() == 5 && f.op() == Op.LOAD).mapToInt(f ->
        f.ways() == null ? 0 : f.ways()).max().orElse(0));
  }

  /** Past the limit the parameter is any value; the note said "has no value in this file" before. */
  @Test
  void tooManyInstantiationsAreNamedAsSuch() {
    int max = KernelChecker.MAX_INSTANTIATIONS;
    StringBuilder src = new StringBuilder("template <int N> __global__ void k(float* o) {\n"
        + "  __shared__ float s[1024];\n  s[(threadIdx.x * N) % 1024] = 1.0f;\n}\n");
    for (int n = max; n >= 1; n--) src.append("template __global__ void k<").append(n).append(">(float*);\n");
    assertEquals(32, at(analyze(src.toString()), 3, Op.STORE).ways()); // N = 32: every lane in bank 0
    src.append("template __global__ void k<").append(max + 1).append(">(float*);\n");
    Finding f = at(analyze(src.toString()), 3, Op.STORE);
    assertEquals(Verdict.UNKNOWN, f.verdict(), f.reason());
    assertTrue(f.assumptions().contains("template parameter 'N' was analyzed as any value: the file gives 'k' "
        + (max + 1) + " sets of template arguments, more than the " + max + " analyzed one by one"),
        f.assumptions().toString());
  }

  /**
   * Past the limit, each set of type arguments still runs (the value parameters as any value), so that an
   * access keeps its element's size: cuda-samples' reduce6<T, blockSize, nIsPow2> (60 sets, 3 types) was all
   * unknown. A value parameter that every instantiation gives the same value (here P's default, which none
   * overrides) runs with it; its default alone is no value (bitsandbytes' gemm_4bit_sm80 got MT = 128,
   * NT = 128 that way, without a word, when no launch gave one).
   */
  @Test
  void tooManyInstantiationsStillRunEachElementType() {
    int max = KernelChecker.MAX_INSTANTIATIONS;
    StringBuilder src = new StringBuilder("template <class T, int N, int P = 2> __global__ void k(T* o) {\n"
        + "  __shared__ T s[1024];\n  s[threadIdx.x * 2] = o[N];\n  s[threadIdx.x * P] = o[0];\n"
        + "  s[threadIdx.x * N] = o[1];\n}\n");
    for (String type : List.of("float", "double")) {
      for (int n = 1; n <= max / 2 + 1; n++) {
        src.append("template __global__ void k<").append(type).append(", ").append(n).append(">(").append(type)
            .append("*);\n");
      }
    }
    FileReport r = analyze(src.toString());
    Finding f = at(r, 3, Op.STORE);
    assertEquals(2, f.ways(), f.reason()); // float: stride 2 words; double: lanes 0 and 8 of a half-warp
    assertTrue(f.reason().endsWith("(worst at T = double, P = 2)"), f.reason());
    assertTrue(f.assumptions().contains("worst over the runs with template arguments T = float, P = 2 (from the"
        + " explicit instantiations and launches that give them); template arguments T = double, P = 2 (from the"
        + " explicit instantiations and launches that give them)"), f.assumptions().toString());
    assertEquals(2, at(r, 4, Op.STORE).ways());
    Finding any = at(r, 5, Op.STORE);
    assertEquals(Verdict.UNKNOWN, any.verdict(), any.reason());
    assertTrue(any.assumptions().contains("template parameter 'N' was analyzed as any value: the file gives 'k' "
        + (max + 2) + " sets of template arguments, more than the " + max + " analyzed one by one"),
        any.assumptions().toString());
  }

  /**
   * Past the limit, value parameters with few values still run one by one, those with fewest first, while the
   * runs stay within it: FlashInfer's decode kernels take one of two models (an enum) among 40 sets of head
   * counts and sizes, and a model's traits (its row stride) were unknown with every parameter any value.
   */
  @Test
  void tooManyInstantiationsKeepTheValuesOfFewChoices() {
    int max = KernelChecker.MAX_INSTANTIATIONS;
    StringBuilder src = new StringBuilder("""
        enum class Model { Narrow, Wide };
        template <Model M> struct Traits;
        template <> struct Traits<Model::Narrow> { static constexpr int ROW = 32; };
        template <> struct Traits<Model::Wide> { static constexpr int ROW = 33; };
        template <int H, Model M> __global__ void k(float* o) {
          __shared__ float s[32 * 33];
          s[threadIdx.x * Traits<M>::ROW] = o[H];
        }
        """);
    for (String m : List.of("Narrow", "Wide")) {
      for (int h = 1; h <= max / 2 + 1; h++) {
        src.append("template __global__ void k<").append(h).append(", Model::").append(m).append(">(float*);\n");
      }
    }
    Finding f = at(analyze(src.toString()), 7, Op.STORE);
    assertEquals(32, f.ways(), f.reason());
    assertTrue(f.reason().endsWith("(worst at M = Model::Narrow)"), f.reason());
    assertTrue(f.assumptions().contains("template parameter 'H' was analyzed as any value: the file gives 'k' "
        + (max + 2) + " sets of template arguments, more than the " + max + " analyzed one by one"),
        f.assumptions().toString());
  }

  /**
   * A local array of integers is followed element by element, through branches (each way's elements merged as a
   * variable's value is); an element's address taken, a reference bound to one or a lambda that writes the array
   * make its elements unknown from there on.
   */
  @Test
  void localArraysAreFollowedUntilTheirElementsMayBeWrittenUnseen() {
    FileReport r = analyze("""
        __global__ void k(float* out, int flag) {
          __shared__ float s[2048];
          int a[2] = {1, 2};
          if (flag) a[1] = 32; else a[1] = 64;
          float x = s[a[1] * threadIdx.x];
          int b[2] = {1, 1};
          int* p = &b[0];
          x += s[b[0] * threadIdx.x];
          int c[2] = {1, 1};
          int& r = c[1];
          x += s[c[1] * threadIdx.x];
          int d[2] = {1, 1};
          auto f = [&] { d[0] = 32; };
          f();
          x += s[d[0] * threadIdx.x];
          out[0] = x + *p + r;
        }
        """);
    assertEquals(32, at(r, 5, Op.LOAD).ways(), at(r, 5, Op.LOAD).reason()); // 32 or 64 words apart: 32-way both ways
    assertUnknownBecause(at(r, 8, Op.LOAD), "the address of 'b[...]' is taken at line 7");
    assertUnknownBecause(at(r, 11, Op.LOAD), "a reference to an element of 'c' is bound");
    assertUnknownBecause(at(r, 15, Op.LOAD), "the elements of 'd' may be written by the lambda at line 13");
  }

  /** A macro that holds statements and was not read names the headers that were not found. */
  @Test
  void aMacroThatWasNotReadNamesTheMissingHeader() {
    FileReport r = analyze("#include \"type_shim.h\"\nvoid host(int t) {\n  DISPATCH(t, \"f\", run(1););\n}\n");
    assertEquals(1, r.errors().size(), r.errors().toString());
    assertTrue(r.errors().get(0).message().endsWith("it is no macro bankcheck has read (it may come from 'type_shim.h',"
        + " not found: add its folder with -I); item skipped"), r.errors().get(0).message());
  }

  /** Without any instantiation a value parameter's default is used, and the finding says so. */
  @Test
  void aDefaultTemplateValueIsNamedWhenNothingElseGivesOne() {
    Finding f = at(analyze("""
        template <int P = 2> __global__ void k(float* o) {
          __shared__ float s[1024];
          s[threadIdx.x * P] = o[0];
        }
        """), 3, Op.STORE);
    assertEquals(2, f.ways(), f.reason());
    assertTrue(f.assumptions().contains("template parameter 'P' = 2, its default (no launch or explicit instantiation"
        + " in this file gives one)"), f.assumptions().toString());
  }

  /**
   * A host function template that launches a kernel takes its arguments from the template that calls it, and
   * that one from an explicit instantiation (bitsandbytes: launch_gemm<T> calls launch_tile<T, 64>, instantiated
   * for half); the kernel's T was the type named "T".
   */
  @Test
  void hostTemplatesPassTheirArgumentsDownAChain() {
    FileReport r = analyze("""
        template <typename T, int W> __global__ void k(T* o) {
          __shared__ T s[1024];
          s[threadIdx.x * W] = o[0];
        }
        template <typename T, int W> void launchTile(T* o) { k<T, W><<<1, 32>>>(o); }
        template <typename T> void dispatch(T* o, bool wide) {
          if (wide) launchTile<T, 2>(o); else launchTile<T, 1>(o);
        }
        template void dispatch<double>(double*, bool);
        template <typename U> void unbound(U* o) { launchTile<U, 1>(o); }
        """);
    Finding f = at(r, 3, Op.STORE);
    assertEquals(2, f.ways(), f.reason()); // double, 2 elements apart: lanes 0 and 8 of a half-warp share bank 0
    assertTrue(f.assumptions().stream().anyMatch(a -> a.contains("T = double, W = 2")), f.assumptions().toString());
    assertTrue(f.assumptions().stream().noneMatch(a -> a.contains("T = U")), f.assumptions().toString());
  }

  @Test
  void operatorsInACallsTemplateArgumentsHaveCsPrecedence() {
    FileReport r = analyze("""
        template <int S> __device__ void put(float* s) { s[threadIdx.x * S] = 1.0f; }
        __global__ void k(float* o) {
          __shared__ float s[4096];
          put<1 | 2 & 0>(s);
          put<5 ^ 2 & 1 << 1>(s);
          o[0] = s[threadIdx.x];
        }
        """);
    // 1 | (2 & 0) = 1 and 5 ^ (2 & (1 << 1)) = 7: odd strides, conflict-free (read left to right: 0 and 2)
    Finding f = at(r, 1, Op.STORE);
    assertEquals(Verdict.OK, f.verdict(), f.reason());
  }

  /** Found on llm.c's random numbers: each written-out line of a hash doubled the names it was made of. */
  @Test
  void aHashWrittenOutLineByLineIsAnalyzedNotAnOutOfMemoryError() {
    StringBuilder rounds = new StringBuilder();
    for (int i = 0; i < 40; i++) rounds.append("  h ^= h >> ").append(i % 7 + 1).append("; x ^= x << ").append(i % 5 + 1)
        .append(";\n");
    FileReport r = analyze("""
        __global__ void k(unsigned seed, float* o) {
          __shared__ float s[1024];
          unsigned x = seed + threadIdx.x;
          unsigned h = seed + blockIdx.x;
        ROUNDS  s[x % 1024] = 1.0f;
          o[0] = s[(h & ~31u) + threadIdx.x];
        }
        """.replace("ROUNDS", rounds));
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertUnknownBecause(at(r, 45, Op.STORE), "seed");
    // a uniform hash plus the lane: exact, as it was before names were abbreviated
    assertEquals(Verdict.OK, at(r, 46, Op.LOAD).verdict());
  }

  /** Found on ggml's flash attention: a configuration chosen among 60 cases of undecided template values. */
  @Test
  void aLongChainOfUndecidedReturnsKeepsAUniformOffsetExact() {
    StringBuilder cases = new StringBuilder();
    for (int i = 0; i < 60; i++) cases.append("  if (K == ").append(i).append(") return ").append(i * 37 % 64).append(";\n");
    FileReport r = analyze("""
        __device__ int cfg(int K) {
        CASES  return 0;
        }
        template <int K> __global__ void k(float* o) {
          __shared__ float s[2048];
          int base = cfg(K);
          s[base + threadIdx.x] = 1.0f;
          o[0] = s[base * 2 + 2 * threadIdx.x];
        }
        """.replace("CASES", cases));
    assertEquals(Verdict.OK, at(r, 67, Op.STORE).verdict());
    Finding twice = at(r, 68, Op.LOAD);
    assertEquals(Verdict.CONFLICT, twice.verdict());
    assertEquals(2, twice.ways());
  }

  @Test
  void aBranchOnTheWarpsNumberThatNoWarpTakesIsNotReported() {
    // every warp has warp < 100: the else branch never runs (it was once analyzed "both ways" for all warps)
    String src = """
        __global__ void k(float* out) {
          __shared__ float s[1024 * 32];
          int warp = threadIdx.x / 32;
          if (warp < 100) s[threadIdx.x] = 1.0f;
          else s[threadIdx.x * 32] = 2.0f;
          out[threadIdx.x] = s[threadIdx.x];
        }
        """;
    for (AnalysisOptions o : List.of(AnalysisOptions.defaults(),
        new AnalysisOptions(BankConfig.DEFAULT, new int[] {256, 1, 1}, Map.of(), List.of()))) {
      FileReport r = analyze(src, o);
      assertTrue(r.findings().stream().noneMatch(f -> f.pos().line() == 5), r.findings().toString());
      assertEquals(Verdict.OK, at(r, 4, Op.STORE).verdict());
    }
  }

  @Test
  void bankGeometryIsConfigurable() {
    AnalysisOptions o = new AnalysisOptions(new BankConfig(16, 4, 32), null, Map.of(), List.of());
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[1024];
          o[0] = s[16 * threadIdx.x];
        }
        """, o);
    assertEquals(16, at(r, 3, Op.LOAD).ways());
  }

  @Test
  void realWorldCppAroundKernelsParses() {
    FileReport r = analyze("""
        template <typename... Ts> __device__ void ignore(Ts... xs) {}
        template <int N> void launch(float* o);
        extern template void launch<64>(float* o);
        static __device__ __inline__ int twice(int x) { return 2 * x; }
        __global__ void k(float* o) {
          namespace cgx = cooperative_groups;
          constexpr int kWarps = 1024 / 32;
          __shared__ float partial[kWarps][33];
          o[0] = partial[threadIdx.x % 32][twice(3)];
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(1, at(r, 9, Op.LOAD).ways());
  }

  /** Unnamed bit-fields pad (lmdeploy's "uint32_t : 16;"): P is 8 bytes, Q 12 (": 0" ends a unit; nvcc agrees). */
  @Test
  void unnamedBitFieldsPad() {
    FileReport r = analyze("""
        struct P { unsigned a : 8; unsigned : 24; unsigned b; };
        struct Q { unsigned a : 8; unsigned : 0; unsigned c : 8; float d; };
        __global__ void k(float* o) {
          __shared__ P p[64];
          __shared__ Q q[64];
          o[0] = p[threadIdx.x].b;
          o[1] = q[threadIdx.x].d;
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(8L, at(r, 6, Op.LOAD).strideBytes());
    assertEquals(12L, at(r, 7, Op.LOAD).strideBytes());
  }

  @Test
  void bitFieldsShareTheirStorageUnitAsInTheCAbi() {
    // sizes as nvcc gives them: B 8, C 12, D 6 (checked with static_assert under nvcc -arch=sm_90)
    FileReport r = analyze("""
        struct B { unsigned a : 4; unsigned b : 4; float f; };
        struct C { char c; unsigned x : 30; unsigned y : 4; };
        struct D { unsigned short a : 9; unsigned short b : 9; char z; };
        __global__ void k(float* o) {
          __shared__ B bs[32];
          __shared__ C cs[32];
          __shared__ D ds[64];
          o[0] = bs[threadIdx.x].f;
          o[1] = cs[threadIdx.x].c;
          o[2] = ds[threadIdx.x].z;
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(8L, at(r, 8, Op.LOAD).strideBytes());
    assertEquals(12L, at(r, 9, Op.LOAD).strideBytes());
    assertEquals(6L, at(r, 10, Op.LOAD).strideBytes());
  }

  @Test
  void loopsWithRuntimeBoundsKeepWhatTheirStepIsAMultipleOf() {
    FileReport r = analyze("""
        __global__ void k(float* o, int n) {
          __shared__ float s[4096];
          for (int i = threadIdx.x * 4; i < n; i += 128) o[0] += s[i / 4];
          for (int j = threadIdx.x; j < n; j += 31 * threadIdx.x) o[1] += s[j];
        }
        """);
    // i = 4*lane + 128*k: i / 4 = lane + 32*k, conflict-free in every iteration
    assertEquals(Verdict.OK, at(r, 3, Op.LOAD).verdict());
    // a step that differs per lane: no single answer, never "ok"
    assertEquals(Verdict.UNKNOWN, at(r, 4, Op.LOAD).verdict());
  }

  @Test
  void anUnknownByteOffsetKeepsTheAccessAlignedToItsWidth() {
    FileReport r = analyze("""
        __global__ void k(float* o, int off) {
          extern __shared__ char smem[];
          float* f = (float*)(smem + off);
          char* c = smem + off;
          o[0] = f[threadIdx.x];
          o[1] = c[threadIdx.x * 4];
        }
        """);
    // a float is 4-byte aligned whatever 'off' is: one word per lane, conflict-free
    assertEquals(Verdict.OK, at(r, 5, Op.LOAD).verdict());
    // bytes 4 apart stay in consecutive words for every alignment of 'off'
    assertEquals(Verdict.OK, at(r, 6, Op.LOAD).verdict());
  }

  @Test
  void aLoopWithUnknownTripCountThatDoublesIsEnumerated() {
    FileReport r = analyze("""
        __global__ void upsweep(float* o, int n) {
          extern __shared__ float temp[];
          int offset = 1;
          for (int d = n >> 1; d > 0; d >>= 1) {
            if (threadIdx.x < d) temp[offset * (2 * threadIdx.x + 2) - 1] += 1.0f;
            offset *= 2;
          }
        }
        """);
    // offset 16: stride 32 words for every lane the (unknown) guard may leave active
    Finding f = at(r, 5, Op.LOAD);
    assertEquals(32, f.ways());
    assertTrue(f.assumptions().stream().anyMatch(a -> a.contains("no known trip count")), f.assumptions().toString());
  }

  /**
   * Comparisons separated by a comma stay comparisons: 'j > -1' after 'i < 64,' is not the end of a
   * template-id 'i<64, j>' minus 1 (the grammar prefers the plain name there; a reordering that made SLL
   * parse '&kernel<T, 4>;' broke this and was reverted).
   */
  @Test
  void commaSeparatedComparisonsAreNotATemplateId() {
    FileReport r = analyze("""
        __device__ int f(int a, int b) { return a + b; }
        __global__ void k(float* o, int n) {
          __shared__ float s[64];
          int i = threadIdx.x, j = 1;
          s[f(i < 64, j > -1) + threadIdx.x] = 1.0f;
        }
        """);
    assertEquals(Verdict.OK, at(r, 5, Op.STORE).verdict());
  }

  /** A floating-point product in the body (a scale) changes no index: the loop is "any iteration", not 16. */
  @Test
  void aLoopThatOnlyScalesAFloatIsNotEnumeratedAsDoubling() {
    FileReport r = analyze("""
        __global__ void k(const float* in, int n) {
          __shared__ float s[256];
          float acc = 1.0f;
          for (int i = threadIdx.x; i < n; i += 32) {
            acc *= in[i];
            s[threadIdx.x] = acc;
          }
        }
        """);
    Finding f = at(r, 6, Op.STORE);
    assertEquals(Verdict.OK, f.verdict());
    assertFalse(f.assumptions().stream().anyMatch(a -> a.contains("no known trip count")), f.assumptions().toString());
  }

  static String apply(String src, List<Fix.Edit> edits) {
    String[] lines = src.split("\n", -1);
    for (Fix.Edit e : edits) {
      assertEquals(e.line(), e.endLine(), "single-line edits only in this test");
      String l = lines[e.line() - 1];
      lines[e.line() - 1] = l.substring(0, e.column() - 1) + e.replacement() + l.substring(e.endColumn() - 1);
    }
    return String.join("\n", lines);
  }

  /**
   * Members of classes were dropped with their accesses (exit 0 on a 32-way conflict): a static member function
   * called by its qualified name is run; a method called on an object, a constructor and an operator are not run,
   * and their uses of shared memory are listed as not analyzed. A class with member types parses.
   */
  @Test
  void membersOfClassesAreRunOrListedNeverDropped() {
    FileReport r = analyze("""
        struct Tile {
          using value_type = float;
          static __device__ void store(float* s) { s[threadIdx.x * 32] = 1.0f; }
        };
        struct Loader {
          __device__ void load(float* o) { __shared__ float t[1024]; o[0] = t[threadIdx.x * 32]; }
          __device__ Loader() { __shared__ int h[64]; h[threadIdx.x] = 0; }
          __device__ float& operator[](int i) { __shared__ float u[64]; return u[i]; }
          __device__ void viaPointer() { __shared__ float w[64]; w[threadIdx.x * 2] = 0; }
        };
        __global__ void k(float* o) {
          __shared__ float s[32 * 32];
          Tile::store(s);
          Loader l;
          l.load(o);
          Loader* p = &l;
          p->viaPointer();
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(32, at(r, 3, Op.STORE).ways());
    assertEquals(32, at(r, 6, Op.LOAD).ways()); // a method called on a local object runs
    // ... and is not also listed as a member no kernel runs
    assertEquals(1, r.findings().stream().filter(f -> f.pos().line() == 6).count(), r.findings().toString());
    assertEquals(Verdict.OK, at(r, 7, Op.STORE).verdict()); // the constructor runs where the object is made
    assertUnknownBecause(at(r, 8, Op.LOAD), "'Loader::operator[]' is an operator of a class");
    assertUnknownBecause(at(r, 9, Op.STORE), "'Loader::viaPointer' is a member of a class, and bankcheck runs one only");
  }

  /**
   * A shared address stored where bankcheck does not follow it (an array of pointers, global memory, an argument of a
   * method) was dropped with every access made through it: each is listed where the address goes. One stored in a
   * local object's member is followed (it was listed too). A temporary built with braces is evaluated, so the load
   * inside it is analyzed.
   */
  @Test
  void sharedAddressesStoredWhereTheyAreNotFollowedAreListed() {
    FileReport r = analyze("""
        struct View { float* p; int n; };
        struct Vec4 { float4 v; };
        struct Obj { __device__ float get(const float* q) const { return q[0]; } };
        __global__ void k(float* o, float** g) {
          __shared__ float s[1024];
          View a{s};
          View b = {s + 1, 2};
          View c;
          c.p = &s[threadIdx.x];
          float* rows[2] = {s, s + 32};
          g[0] = s;
          View d = View{s};
          Obj obj;
          o[0] = obj.get(s) + a.p[0] + b.p[0] + c.p[0] + rows[0][0] + d.p[0];
          Vec4 v = Vec4{*reinterpret_cast<const float4*>(&s[threadIdx.x * 8])};
          o[1] = v.v.x;
        }
        """);
    for (int line : new int[] {6, 7, 9, 12}) {
      assertEquals(0, r.findings().stream().filter(f -> f.pos().line() == line).count(), r.findings().toString());
    }
    Map<String, Verdict> throughMembers = new HashMap<>();
    r.findings().stream().filter(f -> f.pos().line() == 14).forEach(f -> throughMembers.put(f.via(), f.verdict()));
    assertEquals(Map.of("a.p", Verdict.BROADCAST, "b.p", Verdict.BROADCAST, "c.p", Verdict.OK, "d.p",
        Verdict.BROADCAST), throughMembers);
    assertEquals(2, r.findings().stream().filter(f -> f.pos().line() == 10).count(), r.findings().toString());
    assertUnknownBecause(at(r, 10, Op.LOAD), "stored in the local array 'rows'");
    assertUnknownBecause(at(r, 11, Op.LOAD), "stored in 'g[...]'");
    Finding viaMethod = at(r, 3, Op.LOAD); // obj.get(s) runs Obj::get
    assertEquals("q", viaMethod.via());
    assertEquals(1, viaMethod.ways());
    Finding load = at(r, 15, Op.LOAD);
    assertEquals(16, load.widthBytes());
    assertEquals(2, load.ways());
  }

  /** A use of shared memory inside an expression the IR does not model (a fold) is listed, not dropped. */
  @Test
  void sharedUsesInUnsupportedExpressionsAreListed() {
    FileReport r = analyze("""
        template <typename... T> __device__ float sum(const float* s, T... i) { return (s[i * 32] + ...); }
        __global__ void k(float* o) {
          __shared__ float s[1024];
          o[0] = sum(s, threadIdx.x, threadIdx.x + 1);
        }
        """);
    assertUnknownBecause(at(r, 1, Op.LOAD), "it is in an expression bankcheck does not support (a fold expression)");
  }

  /**
   * A subscript of a class object in shared memory runs its operator[] (it was read as a broadcast load of the
   * object, then `unknown`); one whose class is not in the file is unknown. A member of an unknown type subscripted
   * and assigned is a store.
   */
  @Test
  void subscriptsOfSharedClassObjectsRunTheirOperator() {
    FileReport r = analyze("""
        struct Buffer { float d[1024]; __device__ float& operator[](int i) { return d[i]; } };
        struct Storage { Unknown z; };
        __global__ void k(float* o) {
          __shared__ Buffer b;
          b[threadIdx.x * 32] = 1.0f;
          __shared__ cuda::std::array<float, 1024> a;
          o[0] = a[threadIdx.x * 32];
          __shared__ Storage st;
          st.z[threadIdx.x] = 2.0f;
        }
        """);
    Finding store = at(r, 5, Op.STORE); // through the reference Buffer::operator[] returns
    assertEquals(32, store.ways(), store.toString());
    assertEquals(Verdict.CONFLICT, store.verdict());
    assertUnknownBecause(at(r, 7, Op.LOAD), "calls the operator[] of 'cuda::std::array'");
    assertUnknownBecause(at(r, 9, Op.STORE), "'st.z[...]' calls the operator[] of 'Unknown'");
    assertEquals(3, r.findings().size(), r.findings().toString());
  }

  /** An address cast to an integer counts bytes: '(uintptr_t) s + 4 * tx' was scaled by the float size (a false 4-way). */
  @Test
  void anAddressAsAnIntegerCountsBytes() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[1024];
          float* p = (float*)((uintptr_t)s + 4 * threadIdx.x);
          p[0] = 1.0f;
          unsigned long long u = (unsigned long long)s;
          u += 8 * threadIdx.x;
          *(float2*)u = make_float2(0, 0);
          *(float*)((size_t)s + 128 * threadIdx.x) = 2.0f;
        }
        """);
    assertEquals(Verdict.OK, at(r, 4, Op.STORE).verdict(), at(r, 4, Op.STORE).reason());
    assertEquals(Verdict.OK, at(r, 7, Op.STORE).verdict(), at(r, 7, Op.STORE).reason());
    assertEquals(32, at(r, 8, Op.STORE).ways());
  }

  /** FP8, FP6 and FP4 types (cuda_fp8.h, ...) have their sizes (checked with static_assert under nvcc 13), not unknown. */
  @Test
  void smallFloatingPointTypesHaveTheirSizes() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ __nv_fp8_e4m3 a[4096];
          __shared__ __nv_fp8x2_e5m2 b[2048];
          __shared__ __nv_fp8x4_e4m3 c[1024];
          __shared__ __nv_fp4x4_e2m1 d[2048];
          a[threadIdx.x * 128] = a[1];
          b[threadIdx.x * 2] = b[1];
          c[threadIdx.x] = c[1];
          d[threadIdx.x * 64] = d[1];
        }
        """);
    assertEquals(32, at(r, 6, Op.STORE).ways());
    assertEquals(1, at(r, 6, Op.STORE).widthBytes());
    assertEquals(2, at(r, 7, Op.STORE).widthBytes());
    assertEquals(Verdict.OK, at(r, 7, Op.STORE).verdict());
    assertEquals(4, at(r, 8, Op.STORE).widthBytes());
    assertEquals(2, at(r, 9, Op.STORE).widthBytes());
    assertEquals(32, at(r, 9, Op.STORE).ways());
  }

  /**
   * C++20 attributes on statements ([[likely]]) parse (the whole kernel was skipped); a range-based for loop over
   * shared memory or a braced list parses, and a use of shared memory in its range is listed, not dropped.
   */
  @Test
  void attributedStatementsAndRangesOfRangeForLoops() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[1024];
          if (threadIdx.x < 16) [[likely]] { s[threadIdx.x * 2] = 3.0f; }
          [[unlikely]] s[threadIdx.x * 32] = 1.0f;
          for (float v : s) o[0] += v;
          for (auto i : {1, 2}) o[i] = 0.0f;
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(Verdict.OK, at(r, 3, Op.STORE).verdict());
    assertEquals(32, at(r, 4, Op.STORE).ways());
    assertUnknownBecause(at(r, 5, Op.LOAD), "(an element of the range of a range-based for loop)");
  }

  /** A shared object whose type cannot be laid out (cub's TempStorage) was read as a one-word broadcast: it is unknown. */
  @Test
  void anObjectOfAnUnknownSizeIsAnUnknownAccess() {
    FileReport r = analyze("""
        __global__ void k(const float* in, float* o) {
          using BlockReduce = cub::BlockReduce<float, 256>;
          __shared__ typename BlockReduce::TempStorage temp;
          o[0] = BlockReduce(temp).Sum(in[threadIdx.x]);
        }
        """);
    assertUnknownBecause(at(r, 4, Op.LOAD), "the size of 'BlockReduce::TempStorage' is unknown");
  }

  /** A structured binding made the whole kernel a parse error: it parses, its initializer's accesses count. */
  @Test
  void structuredBindingsParseAndTheirInitializersRun() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[1024];
          auto [a, b] = make_int2(threadIdx.x, 2);
          s[threadIdx.x * 32] = 1.0f;
          const auto& [x, y] = make_float2(s[threadIdx.x * 2], 0.0f);
          s[a * 32] = 2.0f;
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(32, at(r, 4, Op.STORE).ways());
    assertEquals(2, at(r, 5, Op.LOAD).ways());
    assertUnknownBecause(at(r, 6, Op.STORE), "(an element of a structured binding)");
  }

  /**
   * A template that calls itself with other arguments runs as the compiler instantiates it: only f<1> ran, and
   * its stride-1 store was reported conflict-free for a 4-way conflict in f<4>.
   */
  @Test
  void aTemplateRecursionRunsEachInstantiation() {
    FileReport r = analyze("""
        template <int N> __device__ void f(float* s) {
          s[threadIdx.x * N] = 1.0f;
          if constexpr (N < 4) f<N + 1>(s);
        }
        __global__ void k() { __shared__ float s[4096]; f<1>(s); }
        """);
    assertEquals(4, at(r, 2, Op.STORE).ways());
  }

  /** A call that is not run (true recursion, or too deep) lists the shared addresses passed to it. */
  @Test
  void aCallThatIsNotRunListsTheSharedAddressesPassedToIt() {
    FileReport r = analyze("""
        __device__ int rec(float* s, int d) {
          s[threadIdx.x * d] = 1.0f;
          return d > 4 ? 0 : rec(s, d + 1);
        }
        template <int N> __device__ void deep(float* s) { s[threadIdx.x] = N; deep<N + 1>(s); }
        __global__ void k() {
          __shared__ float s[4096];
          rec(s, 1);
          deep<1>(s);
        }
        """);
    assertUnknownBecause(at(r, 3, Op.LOAD), "it is passed to 'rec', which is not run here ('rec' is recursive)");
    assertUnknownBecause(at(r, 5, Op.LOAD), "which is not run here (calls nested deeper than 8 levels)");
  }

  /** A pack expansion passes any number of values: unknown, where h(ps...) was h(ps) with a missing argument. */
  @Test
  void aPackExpansionOfASharedAddressIsNotAnalyzed() {
    FileReport r = analyze("""
        __device__ void h(float* s, int k) { s[threadIdx.x * k] = 1.0f; }
        template <typename... Ts> __device__ void g(Ts... ps) { h(ps...); }
        __global__ void k() { __shared__ float s[1024]; g(s, 32); }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertUnknownBecause(at(r, 2, Op.LOAD), "(a pack expansion)");
  }

  /** A declared condition and C++17's init-statement made the whole kernel a parse error. */
  @Test
  void aDeclarationInAnIfIsDeclaredForItsBranches() {
    FileReport r = analyze("""
        __global__ void k(float* o) {
          __shared__ float s[1024];
          if (int j = threadIdx.x * 2; j < 1024) s[j] = 2.0f;
          if (auto* p = &s[threadIdx.x * 4]) *p = 3.0f;
          if (int m = threadIdx.x * 8; m >= 0) { s[m] = 4.0f; }
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(2, at(r, 3, Op.STORE).ways());
    assertEquals(4, at(r, 4, Op.STORE).ways());
    assertEquals(8, at(r, 5, Op.STORE).ways());
  }

  /**
   * A pointer that an undecided condition sets to shared memory or to other memory: where it holds the other
   * address no shared access is made, so the shared one is checked, with that assumption (it was unknown, and
   * before that not reported at all). Two shared arrays, or a null test that may choose another, stay unknown.
   */
  @Test
  void anAddressChosenBetweenSharedAndOtherMemoryIsCheckedWhereShared() {
    FileReport r = analyze("""
        template <bool use_shared>
        __global__ void k(float *dst, int n) {
          __shared__ float a[64 * 32], b[64];
          float *p;
          if (use_shared) p = a; else p = dst;
          p[threadIdx.x * 32] = 1.0f;
          float *q = threadIdx.x < n ? a : b;
          q[threadIdx.x] = 2.0f;
          float *r = (threadIdx.x & 1) ? a : a + 32;
          r[threadIdx.x] = 3.0f;
          float *u = n > 4 ? a : a + n;
          u[threadIdx.x] = 4.0f;
          float *v = threadIdx.x < n ? a + threadIdx.x * 2 : nullptr;
          if (!v) v = b + threadIdx.x;
          v[0] = 5.0f;
        }
        """);
    Finding shared = at(r, 6, Op.STORE);
    assertEquals(32, shared.ways());
    assertTrue(shared.assumptions().contains("'p' points into 'a' in every lane, though it may point to memory that is not"
        + " shared (it depends on the condition at line 5), where no shared access is made"), shared.assumptions().toString());
    assertUnknownBecause(at(r, 8, Op.STORE), "it may point to 'a' or to 'b' (it depends on the condition at line 7");
    assertEquals(1, at(r, 10, Op.STORE).ways());
    assertEquals(1, at(r, 12, Op.STORE).ways());
    assertUnknownBecause(at(r, 15, Op.STORE), "it may point to 'b' or to 'a'");
  }

  /**
   * A struct member used as an integer comes from the object the function returned (it was unknown, "an integer from
   * the member 'stride' of a struct that is not in shared memory", and before that "a floating-point value").
   */
  @Test
  void anIntegerFromAStructMemberSaysWhereItComesFrom() {
    FileReport r = analyze("""
        struct cfg { int stride; bool q; };
        static constexpr __device__ cfg get_config(int n) { return cfg{n, true}; }
        __global__ void k(float* out) {
          __shared__ float s[1024];
          constexpr int stride = get_config(2).stride;
          out[0] = s[threadIdx.x * stride];
          float f = 2.5f;
          int i = f;
          out[1] = s[threadIdx.x * i];
        }
        """);
    assertEquals(2, at(r, 6, Op.LOAD).ways());
    assertUnknownBecause(at(r, 9, Op.LOAD), "a floating-point value converted to an integer");
  }

  /** memcpy of shared memory (TransformerEngine's copy_row_bytes): nvcc chooses its accesses; the destination is written. */
  @Test
  void memcpyOfSharedMemorySaysTheCompilerChoosesItsAccesses() {
    FileReport r = analyze("""
        __global__ void k(const char* g) {
          __shared__ char s[64 * 16];
          uint4 tmp;
          memcpy(&tmp, g + 16 * threadIdx.x, 16);
          memcpy(s + 16 * threadIdx.x, &tmp, 16);
        }
        """);
    assertUnknownBecause(at(r, 5, Op.STORE), "its address is passed to 'memcpy', the C library's, whose loads and stores"
        + " nvcc chooses from the size and the alignment it can prove");
  }

  /** FlashInfer's "AttentionVariant variant(params, 0, smem);": given to the constructor of a type not known. */
  @Test
  void sharedMemoryGivenToAnObjectOfAnUnknownTypeSaysSo() {
    FileReport r = analyze("""
        template <typename Variant>
        __global__ void k(int p) {
          extern __shared__ unsigned char smem[];
          Variant variant(p, 0, smem);
        }
        """);
    assertUnknownBecause(at(r, 4, Op.LOAD), "its address is stored in the object 'variant' of the type 'Variant', which"
        + " bankcheck does not know (template parameter 'Variant' of 'k' has no type argument in this file");
  }

  /** Asynchronous copies: one cp.async of each thread is modelled; the others say why they are not. */
  @Test
  void asynchronousCopiesAreModelledOrSayWhyNot() {
    FileReport r = analyze("""
        __global__ void k(const float* g, int n) {
          __shared__ float s[128];
          __shared__ cuda::barrier<cuda::thread_scope_block> bar;
          auto pipe = cuda::make_pipeline();
          cuda::memcpy_async(&s[2 * threadIdx.x], &g[threadIdx.x], cuda::aligned_size_t<8>(8), pipe);
          cuda::memcpy_async(&s[threadIdx.x], &g[threadIdx.x], sizeof(float), pipe);
          cuda::memcpy_async(&s[threadIdx.x], &g[threadIdx.x], cuda::aligned_size_t<4>(4), bar);
          __pipeline_memcpy_async(&s[threadIdx.x], &g[threadIdx.x], n);
        }
        """);
    Finding copy = at(r, 5, Op.COPY);
    assertEquals(1, copy.ways());
    assertEquals(8, copy.widthBytes());
    assertEquals("8-byte accesses (cp.async copy)", copy.assumptions().get(1));
    assertUnknownBecause(at(r, 6, Op.LOAD), "a copy whose size is not cuda::aligned_size_t<N>(N)");
    assertUnknownBecause(at(r, 7, Op.LOAD), "a copy completed by a cuda::barrier");
    assertUnknownBecause(at(r, 8, Op.LOAD), "a copy whose size is not a constant 4, 8 or 16 bytes");
  }

  /**
   * A value read from memory on one side of a branch that is not decided per lane is as data-dependent as that
   * value (it was unknown; a warp-uniform branch already gave data-dependent).
   */
  @Test
  void aValueFromMemoryOnOneSideOfABranchIsDataDependent() {
    FileReport r = analyze("""
        __global__ void k(int n, float* o) {
          __shared__ int idx[64];
          __shared__ float out[64];
          int p = 0;
          if (threadIdx.x < n) p = idx[threadIdx.x];
          out[p] = 1.0f;
          int q = threadIdx.x < n ? idx[threadIdx.x + 1] : 3;
          o[0] = out[q];
        }
        """);
    assertEquals(Verdict.DATA_DEPENDENT, at(r, 6, Op.STORE).verdict(), at(r, 6, Op.STORE).reason());
    assertEquals(Verdict.DATA_DEPENDENT, at(r, 8, Op.LOAD).verdict(), at(r, 8, Op.LOAD).reason());
  }

  /** A warp-uniform branch times an unknown (`if (flag) c += n` in half the warp) is not a 0/1 choice itself. */
  @Test
  void aBranchTimesAnUnknownIsNotEnumeratedAsAChoice() {
    FileReport r = analyze("""
        __global__ void k(float* out, int n, int flag) {
          __shared__ float s[32 * 33];
          int c = threadIdx.x;
          if (threadIdx.x < 16) { if (flag) c += n; }
          out[0] = s[c];
        }
        """);
    assertUnknownBecause(at(r, 5, Op.LOAD), "depends on n");
  }

  @Test
  void aLoopThatMayNotRunIsCheckedBothWays() {
    FileReport r = analyze("""
        __global__ void k(float* out, int n) {
          __shared__ float s[32 * 33];
          int c = threadIdx.x * 32;
          for (int k = 0; k < n; ++k) c = threadIdx.x;
          out[0] = s[c];
        }
        """);
    Finding f = at(r, 5, Op.LOAD);
    assertEquals(32, f.ways());
    assertTrue(f.reason().contains("worst at the loop at line 4 not running"), f.reason());
  }

  @Test
  void aCountEachLaneKeepsIsNotOneValueForTheWarp() {
    FileReport r = analyze("""
        __global__ void k(float* out, int n) {
          __shared__ float s[32 * 33];
          int i = threadIdx.x;
          do { out[i] = 0.0f; i += 32; } while (i < n);
          out[0] = s[i / 2];
          int j = 0;
          for (int k = 0; k < n; ++k) j += 2;
          out[1] = s[j + threadIdx.x];
        }
        """);
    assertUnknownBecause(at(r, 5, Op.LOAD), "depends on how many iterations each lane ran");
    assertEquals(Verdict.OK, at(r, 8, Op.LOAD).verdict(), at(r, 8, Op.LOAD).reason()); // the same count in every lane
  }

  @Test
  void lanesThatSkipALoopKeepTheirValues() {
    FileReport r = analyze("""
        __global__ void k(float* out, int n) {
          __shared__ float s[32 * 33];
          int c = threadIdx.x;
          if (threadIdx.x < 16) {
            int k = 0;
            do { c += 1; } while (++k < n);
          }
          out[0] = s[c];
        }
        """);
    assertUnknownBecause(at(r, 8, Op.LOAD), "the trip count of some iterations of the loop at line 6");
  }

  /** A pointer each lane moves by its own step stays in its array: its access is listed, unknown, not lost. */
  @Test
  void aPointerMovedByADifferentStepInEachLaneKeepsItsArray() {
    FileReport r = analyze("""
        __global__ void k(float* out, int n) {
          __shared__ float s[32 * 33];
          float* p = s;
          int k = 0;
          do { p += threadIdx.x; } while (++k < n);
          out[threadIdx.x] = *p;
        }
        """);
    assertUnknownBecause(at(r, 6, Op.LOAD), "'p' grows by a different amount in each lane in the loop at line 5");
  }

  @Test
  void theValuesAtAnUndecidedBreakLeaveTheLoop() {
    FileReport r = analyze("""
        __global__ void k(float* out, int n, int stop) {
          __shared__ float s[32 * 33];
          int c = threadIdx.x;
          int k = 0;
          while (k < n) {
            c = threadIdx.x * 32;
            if (stop == k++) break;
            c = threadIdx.x + 1;
          }
          out[0] = s[c];
          int d = threadIdx.x;
          for (int j = 0; j < 8; ++j) {
            if (out[j] > 0.0f) { d = 32 * threadIdx.x; break; }
          }
          out[1] = s[d];
        }
        """);
    Finding f = at(r, 10, Op.LOAD);
    assertEquals(32, f.ways());
    assertTrue(f.reason().contains("the break at line 7 taken"), f.reason());
    assertUnknownBecause(at(r, 15, Op.LOAD), "the break at line 13");
  }

  /** A vector type under a typedef is an object whose members are followed (HeCBench sort: typedef uint4 VECTYPE). */
  @Test
  void membersOfAVectorUnderATypedefAreFollowed() {
    FileReport r = analyze("""
        typedef uint4 Vec;
        __global__ void k(unsigned* out) {
          __shared__ unsigned h[64];
          Vec key;
          key.y = threadIdx.x * 2;
          out[0] = h[key.y];
        }
        """);
    Finding f = at(r, 6, Op.LOAD);
    assertEquals(2, f.ways(), f.reason());
  }

  /** A dim3 made in device code has the components given and 1 for the others (HeCBench eikonal: dim3 idx(tx+1, ...)). */
  @Test
  void dim3sMadeInDeviceCodeAreFollowed() {
    FileReport r = analyze("""
        // bankcheck: block 8x4
        __global__ void k(float* out) {
          __shared__ float s[10][10][10];
          dim3 idx(threadIdx.x + 1, threadIdx.y + 1);
          s[idx.z][idx.y][idx.x] = 1.0f;
          dim3 j = dim3(threadIdx.x * 2);
          dim3 q;
          q.x = threadIdx.x * 3;
          out[0] = s[j.z][j.y][j.x] + s[q.z][q.y][q.x];
        }
        """);
    // lanes 0 (x 0, y 0) and 26 (x 2, y 3): words 111 and 143, bank 15
    Finding f = at(r, 5, Op.STORE);
    assertEquals(2, f.ways(), f.reason());
    assertTrue(f.reason().contains("words 111 and 143"), f.reason());
    // s[1][1][2x] and s[1][1][3x]: the four rows of lanes share their 8 words
    assertEquals(Verdict.OK, at(r, 9, Op.LOAD).verdict(), at(r, 9, Op.LOAD).reason());
  }

  /** C's "typedef struct S S;" before the struct's body names that struct (HeCBench grep's NFA states). */
  @Test
  void aTypedefOfAStructToItsOwnNameIsTheStruct() {
    FileReport r = analyze("""
        typedef struct State State;
        struct State { int c; int id; State* out; };
        __global__ void k() {
          __shared__ State st[64];
          State* s = st + threadIdx.x;
          s->id = 1;
        }
        """);
    Finding f = at(r, 6, Op.STORE);
    assertEquals(4, f.ways(), f.reason()); // 16-byte states: 4 words apart
  }

  /**
   * C's compound literals ((I2){a, b}, (struct P){...}) are temporaries, as I2{a, b}; GNU's attributes after a
   * declarator and __const__ parse (HeCBench fft: every kernel of the file used (T2){...} through its helpers).
   */
  @Test
  void compoundLiteralsAndGnuSpellingsAreFollowed() {
    FileReport r = analyze("""
        typedef int2 I2;
        struct P { int a, b; };
        __device__ I2 mk(int a, int b) { return (I2){ a, b }; }
        __global__ void k(float* out) {
          __shared__ float s[64 * 33];
          unsigned char __attribute__((unused)) u = 1;
          static __const__ int two = 2;
          I2 d = mk(threadIdx.x * 2, 1);
          s[d.x] = 1.0f;
          P c = (struct P){ 1, (int) threadIdx.x * 3 };
          I2 e = int2{ (int) threadIdx.x * 4, 0 };
          s[e.x * two + c.b] = 2.0f;
        }
        """);
    assertEquals(2, at(r, 9, Op.STORE).ways(), at(r, 9, Op.STORE).reason());
    assertEquals(Verdict.OK, at(r, 12, Op.STORE).verdict(), at(r, 12, Op.STORE).reason()); // 11 words apart
  }

  /** A while loop whose condition declares its variable (HeCBench btree: while (auto q = __ballot_sync(...))). */
  @Test
  void aWhileConditionMayDeclareItsVariable() {
    FileReport r = analyze("""
        __global__ void k(const int* p) {
          __shared__ float s[32 * 32];
          int pending = p[threadIdx.x];
          while (unsigned q = __ballot_sync(0xffffffff, pending > 0)) {
            s[threadIdx.x * 32] = 1.0f;
            pending--;
          }
        }
        """);
    assertTrue(r.errors().isEmpty(), r.errors().toString());
    assertEquals(32, at(r, 5, Op.STORE).ways(), at(r, 5, Op.STORE).reason());
  }

  /** GNU's statement expressions and __typeof__ (PPCG's ppcg_min, in HeCBench chemv's loop bounds) are run. */
  @Test
  void statementExpressionsAreRunInPlace() {
    FileReport r = analyze("""
        #define ppcg_min(x,y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })
        __global__ void k(float* out, int n) {
          __shared__ float s[32 * 33];
          int m = ppcg_min((int) threadIdx.x * 4, 1000);
          s[m] = 2.0f;
          s[({ int t = threadIdx.x; t * 3; })] = 1.0f;
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(4, at(r, 5, Op.STORE).ways(), at(r, 5, Op.STORE).reason());
    assertEquals(Verdict.OK, at(r, 6, Op.STORE).verdict(), at(r, 6, Op.STORE).reason());
  }

  /** auto block = dim3(64); gives the launch its shape (faiss: auto block = dim3(kThreadsPerBlock);). */
  @Test
  void anAutoDim3GivesTheLaunchItsShape() {
    FileReport r = analyze("""
        __global__ void k(float* o) { __shared__ float s[2048]; if (threadIdx.x < blockDim.x / 8) s[threadIdx.x * 32] = o[0]; }
        void host(float* o) { auto block = dim3(64); auto grid = dim3(4); k<<<grid, block>>>(o); }
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(8, f.ways(), f.reason()); // lanes 0-7 active
    assertTrue(f.assumptions().contains("blockDim = (64,1,1) from the launch at line 2"), f.assumptions().toString());
  }

  /** A type decltype names is not known, and the access says why; the rest of the function is analyzed (nccl). */
  @Test
  void aDecltypeMemberTypeParsesAndIsUnknown() {
    FileReport r = analyze("""
        struct P { typedef float E; float* p; };
        __global__ void k(float* o) {
          __shared__ float s[2048];
          P x;
          s[threadIdx.x * sizeof(decltype(x)::E)] = o[0];
          s[threadIdx.x * 2] = 1;
        }
        """);
    assertUnknownBecause(at(r, 5, Op.STORE), "the size of 'decltype' is unknown (bankcheck does not take a type from an"
        + " expression)");
    assertEquals(2, at(r, 6, Op.STORE).ways(), at(r, 6, Op.STORE).reason());
  }
}
