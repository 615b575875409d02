package dev.bankcheck.check;

import static dev.bankcheck.check.AnalyzerTest.analyze;
import static dev.bankcheck.check.AnalyzerTest.assertUnknownBecause;
import static dev.bankcheck.check.AnalyzerTest.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A kernel template launched without template arguments takes them from its arguments' types, as the compiler does. */
class DeductionTest {
  private static final String KERNEL = """
      template <typename T>
      __global__ void k(const T *in, T *out) {
        __shared__ T s[128];
        s[threadIdx.x * 2] = in[0];
        out[1] = s[threadIdx.x];
      }
      """;

  private static void assertDeduced(FileReport r, String type, int storeWays) {
    Finding store = at(r, 4, Op.STORE);
    assertEquals(storeWays, store.ways(), store.reason());
    assertTrue(store.assumptions().toString().contains("T = " + type), store.assumptions().toString());
    assertEquals(1, at(r, 5, Op.LOAD).ways());
  }

  @Test
  void fromParametersOfTheHostFunction() {
    // 8-byte elements 16 bytes apart: lanes 0 and 8 of a half-warp share bank 0
    assertDeduced(analyze(KERNEL + "void host(const double* d, double* o) { k<<<1, 64>>>(d, o); }\n"), "double", 2);
  }

  @Test
  void fromLocalVariablesArraysCastsAndAddresses() {
    assertDeduced(analyze(KERNEL + """
        void host(void* raw) {
          float* out;
          cudaMalloc(&out, 1024);
          k<<<1, 64>>>((const float*) raw, out);
          float local[4];
          k<<<1, 64>>>(local, out + 8);
        }
        """), "float", 2);
  }

  @Test
  void fromThrustDeviceVectors() {
    assertDeduced(analyze(KERNEL + """
        void host(int n) {
          thrust::device_vector<double> in(n), out(n);
          k<<<1, 64>>>(thrust::raw_pointer_cast(in.data()), thrust::raw_pointer_cast(&out[0]));
        }
        """), "double", 2);
  }

  @Test
  void fromPyTorchTensorsInATypeDispatch() {
    // ATen's headers are not read: the dispatch runs its lambda for double and float, as ATen/Dispatch.h defines it
    FileReport r = analyze("#include <ATen/ATen.h>\n" + KERNEL + """
        void host(at::Tensor in, at::Tensor out) {
          AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "k", ([&] {
            k<<<1, 64>>>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>() + 1);
          }));
        }
        """);
    Finding store = at(r, 5, Op.STORE);
    assertEquals(2, store.ways(), store.reason());
    String runs = store.assumptions().toString();
    assertTrue(runs.contains("T = double (from the launch at line 10)") && runs.contains("T = float"), runs);
  }

  /**
   * ATen's AT_DISPATCH_SWITCH and AT_DISPATCH_CASE, which vLLM and AWQ build their dispatch macros from (each case's
   * scalar_t is the C++ type of its ScalarType), and AT_DISPATCH_FLOATING_TYPES_AND2.
   */
  @Test
  void fromPyTorchSwitchesAndCases() {
    FileReport r = analyze("#include <ATen/ATen.h>\n" + KERNEL + """
        #define DISPATCH_HALF_TYPES(TYPE, NAME, ...) AT_DISPATCH_SWITCH(TYPE, NAME, \\
            AT_DISPATCH_CASE(at::ScalarType::Half, __VA_ARGS__) AT_DISPATCH_CASE(at::kBFloat16, __VA_ARGS__))
        void host(at::Tensor in, at::Tensor out) {
          DISPATCH_HALF_TYPES(in.scalar_type(), "k", [&] {
            k<<<1, 64>>>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>());
          });
          AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::ScalarType::Long, in.scalar_type(), "k", [&] {
            k<<<1, 32>>>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>());
          });
        }
        """);
    String runs = at(r, 5, Op.STORE).assumptions().toString();
    for (String t : List.of("__half (from the launch at line 12)", "__nv_bfloat16 (from the launch at line 12)",
        "double (from the launch at line 15)", "float (from the launch at line 15)", "int64_t (from the launch at line 15)")) {
      assertTrue(runs.contains("T = " + t), t + " in " + runs);
    }
  }

  /** A helper's T from a call's declared type: cuda_cast<float>(x) (AWQ's blockAllReduceMax), twice(x), uint32_t(x). */
  @Test
  void fromTheTypeACallReturns() {
    FileReport r = analyze("""
        template <typename To, typename From> __device__ To cuda_cast(From v) { return (To)v; }
        __device__ double twice(double x) { return 2 * x; }
        template <typename T> __device__ void put(T v) {
          __shared__ T s[64 * 4];
          s[threadIdx.x * 4] = v;
        }
        __global__ void a(const int* in) { put(cuda_cast<float>(in[0])); }
        __global__ void b(const int* in) { put(twice(in[0])); }
        __global__ void c(const int* in) { put(uint16_t(in[0])); }
        """);
    List<Finding> stores = r.findings().stream().filter(f -> f.op() == Op.STORE).toList();
    assertEquals(List.of(4, 8, 2), stores.stream().map(Finding::widthBytes).toList(), stores.toString());
  }

  @Test
  void aLaunchInALambdaKeptInAVariable() {
    assertDeduced(analyze(KERNEL + """
        void host(const double* d, double* o) {
          auto run = [&] { k<<<1, 64>>>(d, o); };
          run();
        }
        """), "double", 2);
  }

  @Test
  void anAliasInEachBlockNamesItsTypeThere() {
    FileReport r = analyze(KERNEL + """
        template <typename T> void run(const T* in, T* out) { k<<<1, 64>>>(in, out); }
        void host(void* a, void* b, int kind) {
          if (kind == 0) { using T = double; run((const T*) a, (T*) b); }
          else { using T = char; [&] { run((const T*) a, (T*) b); }(); }
        }
        """);
    String runs = at(r, 4, Op.STORE).assumptions().toString();
    assertTrue(runs.contains("T = double (from the launch at line 7 in run<double>)") && runs.contains("T = char"), runs);
  }

  @Test
  void aShadowedVariableIsTheInnerOneOnlyInsideItsBlock() {
    FileReport r = analyze(KERNEL + """
        void host(float* in, float* out) {
          { double* in = nullptr; }
          k<<<1, 32>>>(in, out);
        }
        """);
    assertDeduced(r, "float", 2);
  }

  @Test
  void argumentsThatDisagreeOrAreUnknownDeduceNothing() {
    FileReport r = analyze(KERNEL + """
        void host(const float* f, double* d, float* o) {
          k<<<1, 64>>>(f, d);
          auto* a = f;
          auto* b = o;
          k<<<1, 64>>>(a, b);
        }
        """);
    assertUnknownBecause(at(r, 4, Op.STORE), "template parameter 'T' of 'k' has no type argument in this file");
  }

  @Test
  void explicitArgumentsComeFirstAndTheRestIsDeduced() {
    FileReport r = analyze("""
        template <int N, typename T>
        __global__ void k(T *out) {
          __shared__ T s[32 * N];
          s[threadIdx.x * N] = out[0];
        }
        void host(double* o) { k<2><<<1, 32>>>(o); }
        """);
    Finding store = at(r, 4, Op.STORE);
    assertTrue(store.assumptions().toString().contains("N = 2, T = double"), store.assumptions().toString());
    assertEquals(2, store.ways(), store.reason());
  }

  /** A device function template called without template arguments: T from the arguments whose type is known. */
  @Test
  void deviceFunctionTemplatesTakeTheirArgumentsTypes() {
    FileReport r = analyze("""
        struct Pair { float a, b; };
        template <typename T>
        __device__ void put(T *s, T v) { s[threadIdx.x * sizeof(T)] = v; }
        template <typename T>
        __device__ void pair(T *s, const Pair *p) { s[threadIdx.x * sizeof(T) / 8].b = p[0].a; }
        __global__ void k(const Pair *g) {
          __shared__ float f[32 * 4];
          __shared__ Pair p[32 * 8];
          put(f, 1.0f);
          pair(p, g);
        }
        """);
    Finding f = at(r, 3, Op.STORE);
    assertEquals(4, f.ways(), f.reason()); // 4 floats apart
    assertEquals(2, at(r, 5, Op.STORE).ways(), at(r, 5, Op.STORE).reason()); // one Pair apart: 2 words
  }

  /**
   * A host function template called without template arguments takes them from its arguments' types, down a chain
   * (HeCBench: main's `using scalar_t = float;` and a vecquant3matmul(d_input, ...) that launches the kernel; a
   * template's own T* local passed on).
   */
  @Test
  void hostFunctionTemplatesCalledWithoutArgumentsDeduceThem() {
    assertDeduced(analyze(KERNEL + """
        template <typename T> void launch(const T* in, T* out) { k<<<1, 64>>>(in, out); }
        template <typename T> void run(T* out) { T* in; launch(in, out); }
        int main() {
          using scalar_t = double;
          scalar_t* out;
          run(out);
        }
        """), "double", 2);
  }

  @Test
  void aHostCallWhoseArgumentsDisagreeDeducesNothing() {
    FileReport r = analyze(KERNEL + """
        template <typename T> void launch(const T* in, T* out) { k<<<1, 64>>>(in, out); }
        void host(float* f, double* d) { launch(f, d); }
        """);
    assertUnknownBecause(at(r, 4, Op.STORE), "template parameter 'T' of 'k' has no type argument in this file");
  }

  /**
   * An explicit instantiation without template arguments deduces them from its parameters, also through a class
   * template's arguments (HeCBench lanczos: {@code template vector<float> eigen(const csr_matrix<float>&, int);}).
   */
  @Test
  void explicitInstantiationsDeduceFromTheirParametersAndClassTemplateArguments() {
    assertDeduced(analyze(KERNEL + """
        template <typename T> struct Matrix { T* values; };
        template <typename T> void launch(const T* in, T* out) { k<<<1, 64>>>(in, out); }
        template <typename T> void eigen(const Matrix<T>& m, int n) { T* out; launch(m.values, out); launch(out, out); }
        template void eigen(const Matrix<double>& m, int n);
        """), "double", 2);
    assertDeduced(analyze(KERNEL + "template __global__ void k(const float*, float*);\n"), "float", 2);
  }

  /**
   * A device function template's parameter types name its own T, also where its caller has a T of its own (HeCBench
   * quicksort: plus_prescan(&lt[i], ...) on a uint array, called from a kernel whose T was double, read 8 bytes).
   */
  @Test
  void aCalleesTypeParameterIsNotItsCallersOfTheSameName() {
    FileReport r = analyze("""
        template <class T> __device__ void scan(T *a) { *a = *a + 1; }
        template <class T> __global__ void k(T* d) {
          __shared__ unsigned lt[129];
          scan(&lt[threadIdx.x * 2]);
        }
        void host(double* d) { k<<<1, 128>>>(d); }
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(2, f.ways(), f.reason()); // 4-byte words 2 apart
    assertTrue(f.assumptions().contains("4-byte accesses (unsigned int)"), f.assumptions().toString());
  }

  /** A launch whose kernel a macro wraps in parentheses (arrayfire: CUDA_LAUNCH((reduce<T, 32>), blocks, ...)). */
  @Test
  void aKernelNameInParenthesesIsLaunched() {
    FileReport r = analyze("""
        template <int N> __global__ void k(float* o) { __shared__ float s[64 * N]; s[threadIdx.x * N] = o[0]; }
        #define LAUNCH(fn, b, t, ...) fn<<<b, t>>>(__VA_ARGS__)
        void host(float* o) { LAUNCH((k<2>), 1, 32, o); }
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(2, f.ways(), f.reason());
    assertTrue(f.assumptions().toString().contains("from the launch at line 3"), f.assumptions().toString());
  }

  /**
   * A launch through a local that holds a kernel template's instance (llm-awq: auto kernel_func = gemm<CTA_M, ...,
   * half>; kernel_func<<<...>>>(...)) launches that instance; one the branches set differently launches nothing known.
   */
  @Test
  void aLaunchThroughALocalHoldingTheKernelLaunchesIt() {
    FileReport r = analyze("""
        template <int N, typename T> __global__ void k(T* o) { __shared__ T s[64 * N]; s[threadIdx.x * N] = o[0]; }
        void host(float* o, bool wide) {
          constexpr int W = 4;
          auto f = k<W, float>;
          f<<<1, 32>>>(o);
          auto* g = &k<1, float>;
          if (wide) g = k<2, float>;
          g<<<1, 64>>>(o);
        }
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(4, f.ways(), f.reason());
    assertTrue(f.assumptions().contains("template arguments N = 4, T = float (from the launch at line 5)"),
        f.assumptions().toString());
  }

  /**
   * A lambda that launches the kernel it is given (TransformerEngine's auto launch = [&](auto kernel) {
   * kernel<<<...>>>(...); }; launch(k<T, 1>);) launches each instance a call passes it, with the block it writes.
   */
  @Test
  void aLambdaThatLaunchesItsArgumentLaunchesWhatEachCallPasses() {
    FileReport r = analyze("""
        template <int N, typename T> __global__ void k(T* o) { __shared__ T s[64 * N]; s[threadIdx.x * N] = o[0]; }
        template <typename T>
        void host(T* o, int mode) {
          constexpr int threads = 64;
          auto launch = [&](auto kernel) { kernel<<<1, threads>>>(o); };
          if (mode == 0) launch(k<2, T>);
          else launch(k<8, T>);
        }
        template void host<float>(float*, int);
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(8, f.ways(), f.reason());
    assertTrue(f.assumptions().toString().contains("N = 2, T = float (from the launch at line 5 in host<float>)")
        && f.assumptions().toString().contains("N = 8, T = float (from the launch at line 5 in host<float>)"),
        f.assumptions().toString());
    assertTrue(f.assumptions().contains("blockDim = (64,1,1) from the launch at line 5 in host<float>"),
        f.assumptions().toString());
  }

  /**
   * A block-scope alias in host code names a launch's type argument (llm-awq's and FlashInfer's dispatch macros:
   * if (dt == Half) { using c_type = half; ... } else { using c_type = double; ... }), each in its own branch.
   */
  @Test
  void aBlockScopeAliasInHostCodeGivesTheLaunchItsType() {
    FileReport r = analyze("""
        #define DISPATCH(dt, c_type, ...) \\
          if (dt == 0) { using c_type = half; __VA_ARGS__ } else { using c_type = double; __VA_ARGS__ }
        template <typename T> __global__ void k(T* o) { __shared__ T s[64 * 2]; s[threadIdx.x * 2] = o[0]; }
        void host(void* p, int dt) {
          DISPATCH(dt, ctype, { k<ctype><<<1, 32>>>((ctype*) p); })
        }
        """);
    Finding f = at(r, 3, Op.STORE);
    assertEquals(2, f.ways(), f.reason()); // double: 16 bytes apart, lanes 0 and 8 of a half-warp
    assertTrue(f.assumptions().stream().anyMatch(a -> a.contains("T = half (from the launch at line 5)")
        && a.contains("T = double (from the launch at line 5)")), f.assumptions().toString());
  }

  /**
   * An alias declared with two types in two blocks of one host function is each block's own (bankcheck once deduced
   * neither for the host template called there).
   */
  @Test
  void anAliasWithTwoTypesInTwoBlocksIsEachBlocksOwn() {
    FileReport r = analyze(KERNEL + """
        template <typename T> void launch(const T* in, T* out) { k<<<1, 64>>>(in, out); }
        void host(void* p, bool wide) {
          if (wide) { using c_t = double; c_t* q = (c_t*) p; launch(q, q); }
          else { using c_t = float; c_t* q = (c_t*) p; launch(q, q); }
        }
        """);
    String runs = at(r, 4, Op.STORE).assumptions().toString();
    assertTrue(runs.contains("T = double (from the launch at line 7 in launch<double>)") && runs.contains("T = float"),
        runs);
  }

  /**
   * A class template's explicit instantiation (tiny-cuda-nn: template class FullyFusedMLP<half, 128>;), or one of a
   * member (caffe: template void Layer<float>::Forward_gpu(...);), gives its methods' launches the class's arguments.
   */
  @Test
  void classInstantiationsGiveTheirMethodsLaunchesTheClassArguments() {
    FileReport r = analyze("""
        template <int W> __global__ void k(float* o) { __shared__ float s[64 * W]; s[threadIdx.x * W] = o[0]; }
        template <typename T, int W> struct Mlp { void run(float* o); void go(float* o) { k<W * 2><<<1, 32>>>(o); } };
        template <typename T, int W> void Mlp<T, W>::run(float* o) { k<W><<<1, 32>>>(o); }
        template class Mlp<float, 2>;
        template void Mlp<double, 8>::run(float*);
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(8, f.ways(), f.reason());
    assertTrue(f.assumptions().stream().anyMatch(a -> a.contains("W = 4 (from the launch at line 2 in Mlp<float, 2>::go)")
        && a.contains("W = 2 (from the launch at line 3 in Mlp<float, 2>::run)")
        && a.contains("W = 8 (from the launch at line 3 in Mlp<double, 8>::run)")), f.assumptions().toString());
  }

  /**
   * A kernel template's instance passed to a host function that launches it through its parameter (ggml:
   * launch_fattn<D>(ctx, dst, fattn_kernel, nwarps, ...)) is launched there, with the call's constant arguments.
   */
  @Test
  void aKernelPassedToALauncherIsLaunchedThere() {
    FileReport r = analyze("""
        template <int D, typename T> __global__ void fa(T* o) { __shared__ T s[64 * D]; s[threadIdx.x * D] = o[0]; }
        typedef void (*kernel_t)(float*);
        template <int DV> void launch(kernel_t kernel, int nwarps, float* o) {
          const dim3 block_dim(32, nwarps, 1);
          kernel<<<1, block_dim>>>(o);
        }
        template <int D> void run_case(float* o) {
          constexpr int nwarps = 2;
          kernel_t k = fa<D, float>;
          launch<D>(k, nwarps, o);
        }
        void host(float* o) { run_case<4>(o); run_case<1>(o); }
        """);
    Finding f = at(r, 1, Op.STORE);
    assertEquals(4, f.ways(), f.reason());
    assertTrue(f.assumptions().contains("blockDim = (32,2,1) from the launch at line 5 in run_case<4>"),
        f.assumptions().toString());
  }
}
