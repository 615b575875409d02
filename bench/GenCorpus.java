import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes a synthetic but realistic CUDA corpus for the benchmark (bench/README.md):
 *
 * <pre>
 *   java bench/GenCorpus.java corpus OUT_DIR [FILES [SEED]]   # FILES files in sub-folders, about 520 lines each
 *   java bench/GenCorpus.java pathological OUT_DIR            # the worst cases, one file each
 * </pre>
 *
 * Each corpus file is a mix of what real CUDA projects hold: a licence header, includes, object-like and
 * function-like macros (some multi-line), structs with {@code __align__}, {@code __device__} helpers,
 * templated kernels with explicit instantiations, tiled GEMM and transpose kernels with padded and unpadded
 * tiles, tree reductions and scans with runtime bounds, histograms with atomics, stencils with halos, and host
 * code with launches, error checks and loops. Parameters and the kernel mix vary with the seed, so no two
 * files are the same. Output depends only on the arguments (deterministic).
 */
public final class GenCorpus {
  private final Random rnd;
  private final StringBuilder out = new StringBuilder(32 * 1024);
  private int uid;

  private GenCorpus(long seed) {
    rnd = new Random(seed);
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: java bench/GenCorpus.java corpus OUT_DIR [FILES [SEED]] | pathological OUT_DIR");
      System.exit(2);
    }
    Path dir = Path.of(args[1]);
    Files.createDirectories(dir);
    if (args[0].equals("pathological")) {
      pathological(dir);
      return;
    }
    int files = args.length > 2 ? Integer.parseInt(args[2]) : 2000;
    long seed = args.length > 3 ? Long.parseLong(args[3]) : 42;
    long lines = 0;
    for (int i = 0; i < files; i++) {
      GenCorpus g = new GenCorpus(seed * 1_000_003L + i);
      String text = g.file(i);
      Path sub = dir.resolve(String.format("mod%02d", i % 50));
      Files.createDirectories(sub);
      String ext = i % 7 == 3 ? ".cuh" : ".cu";
      Files.writeString(sub.resolve(String.format("kernels_%05d%s", i, ext)), text, StandardCharsets.UTF_8);
      lines += text.chars().filter(c -> c == '\n').count();
    }
    System.out.println(files + " files, " + lines + " lines in " + dir);
  }

  // ---------------------------------------------------------------- corpus files

  private String file(int index) {
    int tile = pick(8, 16, 32, 32, 32);
    int pad = rnd.nextInt(3) == 0 ? 0 : 1;
    int rows = pick(4, 8, 8, 16);
    out.append("/*\n * Copyright (c) 20").append(10 + rnd.nextInt(16)).append(" Example Corp. All rights reserved.\n")
        .append(" *\n * Licensed under the Apache License, Version 2.0 (the \"License\");\n")
        .append(" * you may not use this file except in compliance with the License.\n")
        .append(" * Module ").append(index).append(": kernels for the solver's inner loops.\n */\n\n");
    out.append("#pragma once\n#include <cuda_runtime.h>\n#include <stdio.h>\n#include <stdint.h>\n\n");
    out.append("#define TILE_DIM ").append(tile).append('\n');
    out.append("#define BLOCK_ROWS ").append(rows).append('\n');
    out.append("#define PAD ").append(pad).append('\n');
    out.append("#define WARP_SIZE 32\n#define IDX2(r, c, ld) ((r) * (ld) + (c))\n");
    out.append("#define MIN(a, b) ((a) < (b) ? (a) : (b))\n#define DIV_UP(a, b) (((a) + (b) - 1) / (b))\n");
    out.append("#define CUDA_CHECK(call)                                              \\\n")
        .append("  do {                                                                \\\n")
        .append("    cudaError_t err_ = (call);                                        \\\n")
        .append("    if (err_ != cudaSuccess) {                                        \\\n")
        .append("      fprintf(stderr, \"CUDA error %s at %s:%d\\n\",                  \\\n")
        .append("              cudaGetErrorString(err_), __FILE__, __LINE__);          \\\n")
        .append("    }                                                                 \\\n")
        .append("  } while (0)\n\n");
    out.append("#ifndef USE_FAST_PATH\n#define USE_FAST_PATH 1\n#endif\n\n");
    structs();
    int target = 250 + rnd.nextInt(540);
    int lineCount;
    List<String> launches = new ArrayList<>();
    do {
      switch (rnd.nextInt(9)) {
        case 0 -> transpose(launches);
        case 1 -> reduction(launches);
        case 2 -> gemm(launches);
        case 3 -> histogram(launches);
        case 4 -> stencil(launches);
        case 5 -> scan(launches);
        case 6 -> structKernel(launches);
        case 7 -> deviceHelper();
        default -> templated(launches);
      }
      lineCount = (int) out.chars().filter(c -> c == '\n').count();
    } while (lineCount < target);
    host(launches);
    return out.toString();
  }

  private int pick(int... choices) {
    return choices[rnd.nextInt(choices.length)];
  }

  private String name(String base) {
    return base + "_" + (uid++);
  }

  private void structs() {
    out.append("struct __align__(16) Particle {\n  float3 pos;\n  float mass;\n  float3 vel;\n  int id;\n};\n\n");
    out.append("struct Cell {\n  int count;\n  float sum;\n  short flags;\n  char tag;\n};\n\n");
    out.append("typedef struct {\n  float re;\n  float im;\n} Complex;\n\n");
  }

  private void comment(String what) {
    out.append("// ").append(what).append('\n');
    if (rnd.nextBoolean()) out.append("// Each thread handles one element; the block cooperates through shared memory.\n");
  }

  private void transpose(List<String> launches) {
    String k = name("transpose");
    boolean padded = rnd.nextBoolean();
    comment("Tiled transpose: read rows coalesced, write columns through a " + (padded ? "padded" : "plain") + " tile.");
    out.append("__global__ void ").append(k).append("(float *odata, const float *idata, int width, int height) {\n")
        .append("  __shared__ float tile[TILE_DIM][TILE_DIM").append(padded ? " + PAD" : "").append("];\n")
        .append("  int x = blockIdx.x * TILE_DIM + threadIdx.x;\n")
        .append("  int y = blockIdx.y * TILE_DIM + threadIdx.y;\n")
        .append("  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {\n")
        .append("    if (x < width && (y + j) < height)\n")
        .append("      tile[threadIdx.y + j][threadIdx.x] = idata[IDX2(y + j, x, width)];\n")
        .append("  }\n  __syncthreads();\n")
        .append("  x = blockIdx.y * TILE_DIM + threadIdx.x;\n  y = blockIdx.x * TILE_DIM + threadIdx.y;\n")
        .append("  for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {\n")
        .append("    if (x < height && (y + j) < width)\n")
        .append("      odata[IDX2(y + j, x, height)] = tile[threadIdx.x][threadIdx.y + j];\n")
        .append("  }\n}\n\n");
    launches.add(k + "<<<grid2, dim3(TILE_DIM, BLOCK_ROWS)>>>(d_out, d_in, n, n);");
  }

  private void reduction(List<String> launches) {
    String k = name("reduce");
    boolean interleaved = rnd.nextBoolean();
    int block = pick(128, 256, 512);
    comment("Tree reduction in shared memory (" + (interleaved ? "interleaved" : "sequential") + " addressing).");
    out.append("__global__ void ").append(k).append("(const float *in, float *out, unsigned int n) {\n")
        .append("  extern __shared__ float sdata[];\n")
        .append("  unsigned int tid = threadIdx.x;\n")
        .append("  unsigned int i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;\n")
        .append("  float v = (i < n) ? in[i] : 0.0f;\n")
        .append("  if (i + blockDim.x < n) v += in[i + blockDim.x];\n")
        .append("  sdata[tid] = v;\n  __syncthreads();\n");
    if (interleaved) {
      out.append("  for (unsigned int s = 1; s < blockDim.x; s *= 2) {\n")
          .append("    int index = 2 * s * tid;\n")
          .append("    if (index < blockDim.x) {\n      sdata[index] += sdata[index + s];\n    }\n")
          .append("    __syncthreads();\n  }\n");
    } else {
      out.append("  for (unsigned int s = blockDim.x / 2; s > 32; s >>= 1) {\n")
          .append("    if (tid < s) {\n      sdata[tid] = v = v + sdata[tid + s];\n    }\n")
          .append("    __syncthreads();\n  }\n")
          .append("  if (tid < 32) {\n    volatile float *vs = sdata;\n")
          .append("    for (int offset = 32; offset > 0; offset /= 2) {\n")
          .append("      vs[tid] = v = v + vs[tid + offset];\n    }\n  }\n");
    }
    out.append("  if (tid == 0) out[blockIdx.x] = sdata[0];\n}\n\n");
    launches.add(k + "<<<blocks, " + block + ", " + block + " * sizeof(float)>>>(d_in, d_out, n);");
  }

  private void gemm(List<String> launches) {
    String k = name("sgemm");
    int t = pick(16, 32);
    boolean padB = rnd.nextBoolean();
    comment("C = A * B with " + t + "x" + t + " tiles; B is read by column" + (padB ? " from a padded tile." : "."));
    out.append("// bankcheck: block ").append(t).append('x').append(t).append('\n');
    out.append("__global__ void ").append(k).append("(const float *A, const float *B, float *C, int M, int N, int K) {\n")
        .append("  __shared__ float As[").append(t).append("][").append(t).append("];\n")
        .append("  __shared__ float Bs[").append(t).append("][").append(t).append(padB ? " + 1" : "").append("];\n")
        .append("  int row = blockIdx.y * ").append(t).append(" + threadIdx.y;\n")
        .append("  int col = blockIdx.x * ").append(t).append(" + threadIdx.x;\n")
        .append("  float acc = 0.0f;\n")
        .append("  for (int t0 = 0; t0 < K; t0 += ").append(t).append(") {\n")
        .append("    As[threadIdx.y][threadIdx.x] = (row < M && t0 + threadIdx.x < K) ? A[row * K + t0 + threadIdx.x] : 0.0f;\n")
        .append("    Bs[threadIdx.x][threadIdx.y] = (col < N && t0 + threadIdx.y < K) ? B[(t0 + threadIdx.y) * N + col] : 0.0f;\n")
        .append("    __syncthreads();\n")
        .append("#pragma unroll\n")
        .append("    for (int k = 0; k < ").append(t).append("; ++k) {\n")
        .append("      acc += As[threadIdx.y][k] * Bs[threadIdx.x][k];\n")
        .append("    }\n    __syncthreads();\n  }\n")
        .append("  if (row < M && col < N) C[row * N + col] = acc;\n}\n\n");
    launches.add(k + "<<<grid2, dim3(" + t + ", " + t + ")>>>(d_a, d_b, d_c, n, n, n);");
  }

  private void histogram(List<String> launches) {
    String k = name("histogram");
    int bins = pick(64, 256, 1024);
    comment("Per-block histogram with shared-memory atomics, merged into the global one.");
    out.append("__global__ void ").append(k).append("(const unsigned char *data, unsigned int *hist, size_t n) {\n")
        .append("  __shared__ unsigned int local[").append(bins).append("];\n")
        .append("  for (int b = threadIdx.x; b < ").append(bins).append("; b += blockDim.x) local[b] = 0;\n")
        .append("  __syncthreads();\n")
        .append("  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {\n")
        .append("    atomicAdd(&local[data[i] % ").append(bins).append("], 1u);\n  }\n")
        .append("  __syncthreads();\n")
        .append("  for (int b = threadIdx.x; b < ").append(bins).append("; b += blockDim.x) atomicAdd(&hist[b], local[b]);\n")
        .append("}\n\n");
    launches.add(k + "<<<blocks, 256>>>((const unsigned char *)d_in, (unsigned int *)d_out, n);");
  }

  private void stencil(List<String> launches) {
    String k = name("stencil");
    int r = pick(1, 2, 4);
    comment("1-D stencil of radius " + r + " with a halo loaded by the first threads.");
    out.append("#define RADIUS_").append(uid).append(' ').append(r).append('\n');
    String R = "RADIUS_" + uid;
    out.append("__global__ void ").append(k).append("(const float *in, float *out, int n) {\n")
        .append("  __shared__ float temp[256 + 2 * ").append(R).append("];\n")
        .append("  int gindex = threadIdx.x + blockIdx.x * blockDim.x;\n")
        .append("  int lindex = threadIdx.x + ").append(R).append(";\n")
        .append("  temp[lindex] = gindex < n ? in[gindex] : 0.0f;\n")
        .append("  if (threadIdx.x < ").append(R).append(") {\n")
        .append("    temp[lindex - ").append(R).append("] = gindex >= ").append(R).append(" ? in[gindex - ").append(R)
        .append("] : 0.0f;\n")
        .append("    temp[lindex + 256] = gindex + 256 < n ? in[gindex + 256] : 0.0f;\n  }\n")
        .append("  __syncthreads();\n  float result = 0.0f;\n")
        .append("  for (int offset = -").append(R).append("; offset <= ").append(R).append("; offset++)\n")
        .append("    result += temp[lindex + offset];\n")
        .append("  if (gindex < n) out[gindex] = result;\n}\n\n");
    launches.add(k + "<<<blocks, 256>>>(d_in, d_out, n);");
  }

  private void scan(List<String> launches) {
    String k = name("scan");
    comment("Work-efficient exclusive scan (Blelloch) of one block's elements.");
    out.append("__global__ void ").append(k).append("(float *g_odata, const float *g_idata, int n) {\n")
        .append("  extern __shared__ float temp[];\n")
        .append("  int thid = threadIdx.x;\n  int offset = 1;\n")
        .append("  temp[2 * thid] = g_idata[2 * thid];\n  temp[2 * thid + 1] = g_idata[2 * thid + 1];\n")
        .append("  for (int d = n >> 1; d > 0; d >>= 1) {\n    __syncthreads();\n")
        .append("    if (thid < d) {\n      int ai = offset * (2 * thid + 1) - 1;\n")
        .append("      int bi = offset * (2 * thid + 2) - 1;\n      temp[bi] += temp[ai];\n    }\n")
        .append("    offset *= 2;\n  }\n")
        .append("  if (thid == 0) temp[n - 1] = 0;\n")
        .append("  for (int d = 1; d < n; d *= 2) {\n    offset >>= 1;\n    __syncthreads();\n")
        .append("    if (thid < d) {\n      int ai = offset * (2 * thid + 1) - 1;\n")
        .append("      int bi = offset * (2 * thid + 2) - 1;\n")
        .append("      float t = temp[ai];\n      temp[ai] = temp[bi];\n      temp[bi] += t;\n    }\n  }\n")
        .append("  __syncthreads();\n")
        .append("  g_odata[2 * thid] = temp[2 * thid];\n  g_odata[2 * thid + 1] = temp[2 * thid + 1];\n}\n\n");
    launches.add(k + "<<<1, 128, 256 * sizeof(float)>>>(d_out, d_in, 256);");
  }

  private void structKernel(List<String> launches) {
    String k = name("integrate");
    comment("Particles staged in shared memory as an array of structs.");
    out.append("__global__ void ").append(k).append("(Particle *p, float dt, int n) {\n")
        .append("  __shared__ Particle sp[128];\n  __shared__ Cell cells[64];\n")
        .append("  int i = blockIdx.x * blockDim.x + threadIdx.x;\n")
        .append("  if (i < n) sp[threadIdx.x] = p[i];\n  __syncthreads();\n")
        .append("  float3 pos = sp[threadIdx.x].pos;\n  float m = sp[threadIdx.x].mass;\n")
        .append("  if (threadIdx.x < 64) {\n    cells[threadIdx.x].count = 0;\n    cells[threadIdx.x].sum = 0.0f;\n  }\n")
        .append("  __syncthreads();\n")
        .append("  for (int s = 0; s < 4; ++s) {\n")
        .append("    pos.x += sp[threadIdx.x].vel.x * dt;\n    pos.y += sp[threadIdx.x].vel.y * dt;\n  }\n")
        .append("  atomicAdd(&cells[threadIdx.x % 64].sum, m);\n")
        .append("  if (i < n) p[i].pos = pos;\n}\n\n");
    launches.add(k + "<<<blocks, 128>>>((Particle *)d_in, 0.01f, n);");
  }

  private void deviceHelper() {
    String f = name("warpSum");
    comment("Warp-level sum with shuffles; used by the kernels below.");
    out.append("__device__ __forceinline__ float ").append(f).append("(float v) {\n")
        .append("  for (int offset = WARP_SIZE / 2; offset > 0; offset /= 2)\n")
        .append("    v += __shfl_down_sync(0xffffffff, v, offset);\n  return v;\n}\n\n");
    out.append("__device__ inline int ").append(name("clampIdx")).append("(int i, int n) {\n")
        .append("  return i < 0 ? 0 : (i >= n ? n - 1 : i);\n}\n\n");
  }

  private void templated(List<String> launches) {
    String k = name("copyStrided");
    comment("Templated copy through shared memory; the stride is a template argument.");
    out.append("template <typename T, int STRIDE>\n")
        .append("__global__ void ").append(k).append("(T *out, const T *in, int n) {\n")
        .append("  __shared__ T buf[32 * STRIDE];\n")
        .append("  int tid = threadIdx.x;\n")
        .append("  int lane = tid % WARP_SIZE;\n")
        .append("  if (tid < n) buf[lane * STRIDE] = in[blockIdx.x * blockDim.x + tid];\n")
        .append("  __syncthreads();\n")
        .append("  T acc = T(0);\n")
        .append("  for (int r = 0; r < STRIDE; ++r) acc += buf[(lane * STRIDE + r) % (32 * STRIDE)];\n")
        .append("  out[blockIdx.x * blockDim.x + tid] = acc;\n}\n");
    int s = pick(1, 2, 3, 4, 8);
    String type = rnd.nextBoolean() ? "float" : "int";
    out.append("template __global__ void ").append(k).append('<').append(type).append(", ").append(s)
        .append(">(").append(type).append(" *, const ").append(type).append(" *, int);\n\n");
    launches.add(k + "<" + type + ", " + s + "><<<blocks, 32>>>((" + type + " *)d_out, (const " + type + " *)d_in, n);");
  }

  private void host(List<String> launches) {
    out.append("// Host driver: allocates, launches every kernel above once and checks for errors.\n");
    out.append("int run_module_").append(uid).append("(int n) {\n")
        .append("  float *d_in = nullptr, *d_out = nullptr, *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;\n")
        .append("  size_t bytes = (size_t)n * n * sizeof(float);\n")
        .append("  CUDA_CHECK(cudaMalloc(&d_in, bytes));\n  CUDA_CHECK(cudaMalloc(&d_out, bytes));\n")
        .append("  CUDA_CHECK(cudaMalloc(&d_a, bytes));\n  CUDA_CHECK(cudaMalloc(&d_b, bytes));\n")
        .append("  CUDA_CHECK(cudaMalloc(&d_c, bytes));\n")
        .append("  dim3 grid2(DIV_UP(n, TILE_DIM), DIV_UP(n, TILE_DIM));\n")
        .append("  int blocks = DIV_UP(n, 256);\n");
    for (String l : launches) out.append("  ").append(l).append('\n');
    out.append("  CUDA_CHECK(cudaGetLastError());\n  CUDA_CHECK(cudaDeviceSynchronize());\n")
        .append("  for (int rep = 0; rep < 3; ++rep) {\n    printf(\"rep %d done\\n\", rep);\n  }\n")
        .append("  cudaFree(d_in);\n  cudaFree(d_out);\n  cudaFree(d_a);\n  cudaFree(d_b);\n  cudaFree(d_c);\n")
        .append("  return 0;\n}\n");
  }

  // ---------------------------------------------------------------- pathological files

  private static void pathological(Path dir) throws IOException {
    // One kernel of 50,000 lines: straight-line shared-memory traffic.
    StringBuilder b = new StringBuilder("__global__ void huge(float *out) {\n  __shared__ float s[1024];\n  float acc = 0.0f;\n");
    for (int i = 0; i < 49_996; i++) b.append("  acc += s[threadIdx.x * ").append(i % 33 + 1).append(" % 1024];\n");
    b.append("  out[threadIdx.x] = acc;\n}\n");
    Files.writeString(dir.resolve("huge_kernel_50k_lines.cu"), b);

    // 7,000 macros: object-like ones in chains of 50 (each defined from the previous one) and function-like ones.
    b = new StringBuilder();
    for (int i = 0; i < 5000; i++) {
      b.append("#define M").append(i).append(i % 50 == 0 ? " 1" : " (M" + (i - 1) + " + 0)").append('\n');
    }
    for (int i = 0; i < 2000; i++) b.append("#define F").append(i).append("(x) ((x) * ").append(i % 7 + 1).append(")\n");
    b.append("__global__ void k(float *out) {\n  __shared__ float s[4096];\n");
    b.append("  out[threadIdx.x] = s[threadIdx.x * M4999 + F1999(1)];\n}\n");
    Files.writeString(dir.resolve("macros_7000.cu"), b);

    // 200-deep nesting: of blocks and ifs in one kernel, of parentheses in another.
    b = new StringBuilder("__global__ void deep(float *out, int n) {\n  __shared__ float s[1024];\n");
    for (int i = 0; i < 200; i++) b.append("if (n > ").append(i).append(") {\n");
    b.append("out[threadIdx.x] = s[threadIdx.x];\n");
    for (int i = 0; i < 200; i++) b.append("}\n");
    b.append("}\n");
    b.append("__global__ void parens(float *out) {\n  __shared__ float s[1024];\n");
    b.append("  out[threadIdx.x] = s[").append("(".repeat(200)).append("threadIdx.x").append(")".repeat(200)).append("];\n}\n");
    Files.writeString(dir.resolve("nesting_200.cu"), b);

    // Loops of a million iterations, nested.
    b = new StringBuilder("__global__ void loops(float *out) {\n  __shared__ float s[1024];\n  float acc = 0.0f;\n")
        .append("  for (int i = 0; i < 1000000; ++i) {\n")
        .append("    for (int j = 0; j < 1000000; ++j) {\n")
        .append("      acc += s[(threadIdx.x * (i + 1) + j) % 1024];\n    }\n  }\n")
        .append("  out[threadIdx.x] = acc;\n}\n");
    Files.writeString(dir.resolve("loops_1e6.cu"), b);

    // A hash written out line by line (each line refers to the value twice), used as an index.
    b = new StringBuilder("__global__ void hashed(unsigned seed, float *out) {\n  __shared__ float s[1024];\n")
        .append("  unsigned x = seed + threadIdx.x;\n");
    for (int i = 0; i < 64; i++) b.append("  x ^= x << ").append(i % 13 + 1).append("; x ^= x >> ").append(i % 7 + 1).append(";\n");
    b.append("  out[threadIdx.x] = s[x % 1024];\n}\n");
    Files.writeString(dir.resolve("hash_rounds_64.cu"), b);

    // A configuration chosen among 500 cases of a template parameter the file never gives a value.
    b = new StringBuilder("__device__ int config(int k) {\n");
    for (int i = 0; i < 500; i++) b.append("  if (k == ").append(i).append(") return ").append(i * 37 % 512).append(";\n");
    b.append("  return 0;\n}\ntemplate <int K> __global__ void chosen(float *out) {\n  __shared__ float s[2048];\n")
        .append("  int base = config(K);\n  out[threadIdx.x] = s[base + 2 * threadIdx.x];\n}\n");
    Files.writeString(dir.resolve("config_chain_500.cu"), b);

    // Chains near the depth bound on one line each: 9,000 operators, subscripts, member accesses and else-ifs.
    b = new StringBuilder("struct Node { Node *next; int x; };\n__global__ void chains(float *out, Node *p) {\n")
        .append("  __shared__ float s[1024];\n  int q = threadIdx.x;\n")
        .append("  s[threadIdx.x] = ").append("1 + ".repeat(9_000)).append("1;\n")
        .append("  out[threadIdx.x] = s").append("[0]".repeat(9_000)).append(";\n")
        .append("  s[p").append("->next".repeat(9_000)).append("->x % 1024] = 2;\n  ")
        .append("if (q == 0) s[q] = 1; else ".repeat(9_000)).append("s[0] = 2;\n}\n");
    Files.writeString(dir.resolve("chains_9000.cu"), b);
    System.out.println("pathological files in " + dir);
  }
}
