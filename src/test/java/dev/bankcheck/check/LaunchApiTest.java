package dev.bankcheck.check;

import static dev.bankcheck.check.AnalyzerTest.analyze;
import static dev.bankcheck.check.AnalyzerTest.at;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Launches through the runtime API (cudaLaunchKernel, cudaLaunchCooperativeKernel, cudaLaunchKernelEx,
 * cudaLaunchKernelExC) give a kernel its template arguments, block and constant arguments as k<<<g, b>>>(...) does.
 */
class LaunchApiTest {
  /** Stride N words: N-way for N = 2, 4, ...; the y rows of a 2-D block are 32 words apart. */
  private static final String KERNEL = """
      template <int N>
      __global__ void k(float* o, int n) {
        __shared__ float s[64 * 64];
        s[threadIdx.x * N + threadIdx.y * 32] = o[0];
        o[1] = s[threadIdx.x * n];
      }
      """;

  private static void assertRun(FileReport r, int n, String block, String from) {
    Finding f = at(r, 4, Op.STORE);
    String shown = f.assumptions().toString();
    assertTrue(shown.contains("template arguments N = " + n) && shown.contains("(from the launch at line " + from + ")"),
        shown);
    assertTrue(shown.contains("blockDim = " + block + " from the launch at line " + from), shown);
  }

  @Test
  void cudaLaunchKernelExWithTheConfigSetMemberByMember() {
    FileReport r = analyze(KERNEL + """
        template <int N>
        void launch(float* o, cudaStream_t stream) {
          auto kernel = &k<N>;
          cudaLaunchConfig_t config;
          config.gridDim = 8;
          config.blockDim = 128;
          config.dynamicSmemBytes = 0;
          config.stream = stream;
          cudaLaunchKernelEx(&config, kernel, o, 4);
        }
        void host(float* o) { launch<2>(o, 0); }
        """);
    assertRun(r, 2, "(128,1,1)", "15 in launch<2>");
    assertEquals(2, at(r, 4, Op.STORE).ways());
    assertEquals(4, at(r, 5, Op.LOAD).ways(), at(r, 5, Op.LOAD).reason()); // the launch's n = 4
  }

  /** TransformerEngine's "(*kernel_ptr)<<<grid, block>>>(...)": a launch through a pointer to the kernel. */
  @Test
  void launchThroughAPointerToTheKernel() {
    FileReport r = analyze(KERNEL + """
        void host(float* o) {
          auto* kernel_ptr = &k<8>;
          (*kernel_ptr)<<<4, dim3(32, 2)>>>(o, 1);
        }
        """);
    assertRun(r, 8, "(32,2,1)", "9");
  }

  @Test
  void cudaLaunchKernelExCWithAnAggregateConfig() {
    FileReport r = analyze(KERNEL + """
        void host(float* o, int n, cudaStream_t stream) {
          dim3 grid(16);
          dim3 block(16, 2);
          cudaLaunchConfig_t config{grid, block, 0, stream, nullptr, 0};
          void* args[] = {(void*)&o, (void*)&n};
          cudaLaunchKernelExC(&config, (const void*)k<4>, args);
        }
        """);
    assertRun(r, 4, "(16,2,1)", "12");
    // 16 lanes 4 words apart, the second row 32 words on: bank 0 holds words 0, 32 (lanes 8 and 16) and 64
    assertEquals(3, at(r, 4, Op.STORE).ways(), at(r, 4, Op.STORE).reason());
  }

  /** C++20's designated initializers (FlashInfer's all-reduce kernels): the block is the .blockDim member's. */
  @Test
  void cudaLaunchKernelExWithADesignatedConfig() {
    FileReport r = analyze(KERNEL + """
        void host(float* o, cudaStream_t stream) {
          cudaLaunchConfig_t config{
              .gridDim = 8,
              .blockDim = dim3(16, 2),
              .dynamicSmemBytes = 0,
              .stream = stream,
          };
          cudaLaunchKernelEx(&config, &k<4>, o, 1);
        }
        """);
    assertRun(r, 4, "(16,2,1)", "14");
    assertEquals(3, at(r, 4, Op.STORE).ways(), at(r, 4, Op.STORE).reason());
    // without .blockDim, dim3's default
    FileReport none = analyze(KERNEL + """
        void host(float* o) {
          cudaLaunchConfig_t config = {.gridDim = 8};
          cudaLaunchKernelEx(&config, &k<4>, o, 1);
        }
        """);
    assertRun(none, 4, "(1,1,1)", "9");
  }

  @Test
  void cudaLaunchKernelAndCooperativeKernelTakeTheBlockArgument() {
    FileReport r = analyze(KERNEL + """
        __global__ void plain(float* o) {
          __shared__ double d[32 * 32];
          d[threadIdx.x * 2] = o[0];
        }
        void host(float* o, cudaStream_t stream) {
          void* args[] = {(void*)&o};
          cudaLaunchKernel((void*)k<8>, dim3(4), dim3(64), args, 0, stream);
          cudaLaunchCooperativeKernel(reinterpret_cast<void*>(plain), 4, 256, args, 0, stream);
        }
        """);
    assertRun(r, 8, "(64,1,1)", "13");
    Finding f = at(r, 9, Op.STORE);
    assertTrue(f.assumptions().contains("blockDim = (256,1,1) from the launch at line 14"), f.assumptions().toString());
  }

  /** A launch inside an error check, an assignment or a cast is a launch too. */
  @Test
  void aLaunchCheckedAssignedOrCastIsALaunch() {
    FileReport r = analyze(KERNEL + """
        void check(cudaError_t e);
        void host(float* o, cudaStream_t stream) {
          void* args[] = {(void*)&o};
          check(cudaLaunchKernel((void*)k<2>, 1, 32, args, 0, stream));
          cudaError_t err = cudaSuccess;
          err = cudaLaunchKernel((void*)k<4>, 1, 64, args, 0, stream);
          (void)cudaLaunchKernel((void*)k<8>, 1, 96, args, 0, stream);
        }
        """);
    String shown = at(r, 4, Op.STORE).assumptions().toString();
    for (String run : List.of("N = 2 (from the launch at line 10)", "N = 4 (from the launch at line 12)",
        "N = 8 (from the launch at line 13)")) {
      assertTrue(shown.contains(run), shown);
    }
  }

  /** A launcher that takes the kernel as a parameter launches what each of its callers passes. */
  @Test
  void aKernelPassedToALauncherThatUsesTheApi() {
    FileReport r = analyze(KERNEL + """
        template <typename Kernel>
        void launch_ex(Kernel kernel, float* o, int threads) {
          cudaLaunchConfig_t config = {0};
          config.blockDim.x = threads;
          config.blockDim.y = 1;
          config.blockDim.z = 1;
          cudaLaunchKernelEx(&config, kernel, o, 1);
        }
        void host(float* o) { launch_ex(k<16>, o, 96); }
        """);
    assertRun(r, 16, "(96,1,1)", "13");
    assertEquals(16, at(r, 4, Op.STORE).ways(), at(r, 4, Op.STORE).reason());
  }

  /**
   * A kernel template that host code names but does not launch (a table of kernels, launched later through a void*)
   * is instantiated by being named, as C++ has it: each instance named is a run, under the default block.
   */
  @Test
  void aKernelNamedInATableIsInstantiatedThere() {
    FileReport r = analyze(KERNEL + """
        struct spec_t { void* exec; int warps; };
        template <int M, int P>
        spec_t choose(int n) {
          spec_t s = {0};
          if (n == 1) { s.exec = (void*)k<M>; s.warps = 4; return s; }
          if (n == 2) { s.exec = (void*)k<2 * M>; return s; }
          if (n == 3) { s.exec = (void*)k<P>; return s; }
          return s;
        }
        spec_t pick(int n) { return choose<2, 1>(n); }
        """);
    Finding f = at(r, 4, Op.STORE);
    assertEquals(4, f.ways(), f.reason());
    String shown = f.assumptions().toString();
    assertTrue(shown.contains("template arguments N = 2 (from its use at line 11 in choose<2, 1>); template arguments"
        + " N = 4 (from its use at line 12 in choose<2, 1>); template arguments N = 1 (from its use at line 13 in"
        + " choose<2, 1>)") && shown.contains("blockDim.x is a multiple of 32 (no block shape given"), shown);
    // where no call gives the table's function its arguments, the parameter says so
    FileReport uncalled = analyze(KERNEL.replace("<int N>", "<int N, int Q = 1>") + """
        template <int M> void* choose() { return (void*)k<M>; }
        """);
    assertTrue(at(uncalled, 4, Op.STORE).assumptions().toString().contains("template arguments N = ?, Q = 1 (from its"
        + " use at line 7; N: template parameter 'M' of 'choose' has no value in this file)"),
        at(uncalled, 4, Op.STORE).assumptions().toString());
  }

  /** Where the kernel is launched, the instances named elsewhere (cudaFuncSetAttribute(k<8>, ...)) add nothing. */
  @Test
  void aKernelNamedAndLaunchedRunsAsLaunched() {
    FileReport r = analyze(KERNEL + """
        void host(float* o) {
          cudaFuncSetAttribute(k<8>, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
          k<2><<<1, 64>>>(o, 1);
        }
        """);
    Finding f = at(r, 4, Op.STORE);
    assertEquals(2, f.ways(), f.reason());
    assertEquals(1, r.findings().stream().filter(x -> x.pos().line() == 4).count());
  }

  /**
   * A launch in a host function template that no call in the file instantiates does not instantiate the kernel
   * there: where other launches do, its run (arguments "?", often unknown) and its block are left out.
   */
  @Test
  void aLaunchInAnUncalledHostTemplateGivesWayToTheOthers() {
    String launches = """
        template <int M> void launch(float* o) { k<M><<<1, 64>>>(o, 1); }
        """;
    FileReport r = analyze(KERNEL + launches + "void host(float* o) { k<2><<<1, 32>>>(o, 1); }\n");
    Finding f = at(r, 4, Op.STORE);
    assertEquals(List.of("blockDim = (32,1,1) from the launch at line 8", "4-byte accesses (float)",
        "template arguments N = 2, arguments n = 1 (from the launch at line 8)"), f.assumptions());
    // so does an explicit instantiation's (the launch's block stays the best guess of the block it runs with)
    FileReport explicit = analyze(KERNEL + launches + "template __global__ void k<4>(float*, int);\n");
    assertEquals(List.of("blockDim = (64,1,1) from the launch at line 7", "4-byte accesses (float)",
        "template arguments N = 4 (from the explicit instantiation)"), at(explicit, 4, Op.STORE).assumptions());
    // alone, it is the kernel's only run
    FileReport alone = analyze(KERNEL + launches);
    assertTrue(at(alone, 4, Op.STORE).assumptions().toString().contains("N = ?, arguments n = 1 (from the launch at line 7; N: template parameter"),
        at(alone, 4, Op.STORE).assumptions().toString());
  }
}
