package dev.bankcheck.check;

import static dev.bankcheck.check.AnalyzerTest.analyze;
import static dev.bankcheck.check.AnalyzerTest.assertUnknownBecause;
import static dev.bankcheck.check.AnalyzerTest.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Code that bankcheck parses but does not run (lambdas, functions no kernel calls): reported, never dropped. */
class NotRunCodeTest {
  /** A lambda runs where it is called (it was never run); one that is never called reports its uses of shared memory. */
  @Test
  void aDeviceLambdaRunsWhereItIsCalledAndOneNeverCalledIsReported() {
    FileReport r = analyze("""
        __global__ void k(unsigned* out, int n) {
          extern __shared__ unsigned bins[];
          auto add = [=] __device__ (int b) mutable {
            atomicAdd(bins + b, 1u);
          };
          add(n);
          auto scaled = [&](int row) -> unsigned { bins[row * 32 + threadIdx.x * 32] = 2; return 0; };
          out[threadIdx.x] = bins[threadIdx.x * 2] + scaled(1);
          auto unused = [&](int row) { bins[row] = 0; };
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(32, at(r, 4, Op.ATOMIC).ways()); // every lane on bins[n]
    assertEquals(32, at(r, 7, Op.STORE).ways());
    assertEquals(2, at(r, 8, Op.LOAD).ways()); // the kernel itself is analyzed
    assertUnknownBecause(at(r, 9, Op.STORE), "in the lambda at line 9, which bankcheck does not run (it is not called"
        + " where bankcheck follows it)");
  }

  /** A loop that only calls a lambda reaches shared memory: its iterations are enumerated, not run as "any iteration". */
  @Test
  void aLoopThatCallsALambdaIsEnumerated() {
    FileReport r = analyze("""
        __global__ void k(float *out, int n) {
          __shared__ float s[32 * 32];
          auto f = [&](int k) { s[threadIdx.x * (k + 1)] = 0; };
          for (int k = 0; k < 4; ++k) f(k);
        }
        """);
    assertEquals(4, at(r, 3, Op.STORE).ways());
    assertTrue(at(r, 3, Op.STORE).reason().contains("worst at k = 3"), at(r, 3, Op.STORE).reason());
  }

  /** A shared array handed whole to a call in code that does not parse is reported, as its subscripts are. */
  @Test
  void anArrayPassedToACallInCodeThatDoesNotParseIsReported() {
    FileReport r = analyze("""
        __global__ void cleanup(float *out) {
          __shared__ float vals[512];
          float v = reduce(vals, out[0]) * ;
          vals[threadIdx.x] = 0;
        }
        """);
    assertUnknownBecause(at(r, 3, Op.LOAD), "this use of 'vals' is in code that could not be parsed");
    assertUnknownBecause(at(r, 4, Op.STORE), "this use of 'vals' is in code that could not be parsed");
  }

  @Test
  void aCaptureListDoesNotReachToALaterBracket() {
    // "[=]" followed by a body and later subscripts: the capture list is "=" only
    FileReport r = analyze("""
        __global__ void k(float* out) {
          __shared__ float s[64];
          auto f = [=](int i) { return i; };
          out[threadIdx.x] = s[f(threadIdx.x)];
          s[threadIdx.x] = 1.0f;
        }
        """);
    assertEquals(List.of(), r.errors());
    assertEquals(2, r.findings().size(), r.findings().toString());
    assertEquals(Verdict.OK, at(r, 5, Op.STORE).verdict());
  }

  @Test
  void sharedMemoryOfAFunctionNoKernelCallsIsReported() {
    // RAFT_KERNEL is defined in a header that was not read: the function is not known to be a kernel
    FileReport r = analyze("""
        template <typename T>
        RAFT_KERNEL histogram(T* out) {
          __shared__ T t[32][32];
          t[threadIdx.x][0] = 1;
          out[threadIdx.x] = t[0][threadIdx.x];
        }
        __device__ void helper(float* out) {
          __shared__ float s[64];
          out[threadIdx.x] = s[threadIdx.x];
        }
        __global__ void k(float* out) { helper(out); }
        """);
    assertUnknownBecause(at(r, 4, Op.STORE), "'histogram' is not a kernel (no __global__) and no kernel in this file");
    assertUnknownBecause(at(r, 5, Op.LOAD), "give the header that defines it with -I");
    assertEquals(Verdict.OK, at(r, 9, Op.LOAD).verdict()); // called by a kernel: analyzed there
    assertEquals(3, r.findings().size(), r.findings().toString());
  }

  /**
   * moderngpu: a device lambda written in host code and passed to a library's launcher, which runs it in a kernel
   * template; bankcheck does not follow it there, so its uses, of a union's members too, are reported as not analyzed
   * (until this version they were not reported at all). A sizeof is no use.
   */
  @Test
  void sharedMemoryOfALambdaInHostCodeIsReported() {
    FileReport r = analyze("""
        template <typename launch_t, typename T>
        void scan(T* out, int n) {
          auto k = [=] __device__ (int tid, int cta) {
            __shared__ union { T data[128]; int flags[4]; } shared;
            shared.data[tid] = out[tid];
            reduce(tid, shared.flags, sizeof(shared));
            auto inner = [&] { out[cta] = shared.data[tid * 2]; };
            inner();
          };
          cta_launch<launch_t>(k, n);
        }
        """);
    List<Finding> found = r.findings();
    assertEquals(List.of(5, 6, 7), found.stream().map(f -> f.pos().line()).toList(), found.toString());
    assertEquals(List.of(Op.STORE, Op.LOAD, Op.LOAD), found.stream().map(Finding::op).toList());
    assertUnknownBecause(found.get(0), "it is in the lambda at t.cu:3, which bankcheck does not run: it is written in"
        + " 'scan', which no kernel in this file runs, and a lambda passed to a kernel is not followed");
    assertUnknownBecause(found.get(2), "it is in the lambda at t.cu:3"); // the lambda that declares it
  }

  @Test
  void aDeviceFunctionOfAHeaderIsLeftToTheFilesThatCallIt() {
    String src = """
        __device__ float sum(const float* in) {
          __shared__ float s[64];
          s[threadIdx.x] = in[threadIdx.x];
          return s[0];
        }
        MY_KERNEL k(const float* in) {
          __shared__ float t[64];
          t[threadIdx.x] = in[threadIdx.x];
        }
        """;
    FileReport header = new DefaultAnalyzer(AnalysisOptions.defaults()).analyzeText(Path.of("t.cuh"), "t.cuh", src);
    assertEquals(List.of(8), header.findings().stream().map(f -> f.pos().line()).toList()); // MY_KERNEL's only
    assertEquals(List.of(3, 4, 8), analyze(src).findings().stream().map(f -> f.pos().line()).toList()); // t.cu
  }
}
