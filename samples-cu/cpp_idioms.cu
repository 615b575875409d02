// C++ and CUDA idioms around shared-memory indices. No block shape is given: blockDim.x is assumed
// a multiple of 32 (threadIdx.x = 32*w + lane) and every possible warp w is checked.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#include <cuda/barrier>

namespace cg = cooperative_groups;

namespace cfg {
constexpr int kStride = 8;
}
struct Tile {
  static constexpr int kPad = 1;
};
enum class Width : int { Four = 4 };

template <int N>
__device__ int scaled(int i) { return i * N; }

__device__ float firstColumn(float (&t)[32][33], int r) {
  return t[r][0];  // expect: load ok
}

// Qualified constants: stride 8 is 8-way, stride 4 is 4-way; the padded row stride 33 is ok.
__global__ void qualified(float *out) {
  __shared__ float s[32 * 33];
  __shared__ float tile[32][33];
  int tid = threadIdx.x;
  out[tid] = s[tid * cfg::kStride];              // expect: load ways=8
  out[tid] += s[tid * (int)Width::Four];         // expect: load ways=4
  out[tid] += s[tid * (32 + Tile::kPad)];        // expect: load ok
  out[tid] += s[scaled<16>(tid)];                // expect: load ways=16
  out[tid] += firstColumn(tile, tid % 32);
}

// A reference to shared memory: the load and the store happen where it is used, 32-way (stride 32).
// A pointer to rows of 32 floats read by column: 32-way too.
__global__ void references(float *out) {
  __shared__ float s[32 * 32];
  int tid = threadIdx.x % 32;
  float &r = s[tid * 32];
  r += 1.0f;                                     // expect: load ways=32; store ways=32
  float (*rows)[32] = reinterpret_cast<float (*)[32]>(s);
  out[tid] = rows[tid][0];                       // expect: load ways=32 via=rows
}

// Narrow and unsigned types wrap: (unsigned char)(16 * lane) repeats after 16 lanes (8 words in bank 0);
// threadIdx.x - 16 < 8 (unsigned) keeps only lanes 16..23.
__global__ void wrapping(float *out) {
  __shared__ float s[1024];
  unsigned char b = threadIdx.x * 16;
  out[0] = s[b];                                 // expect: load ways=8
  if (threadIdx.x - 16 < 8) out[1] = s[threadIdx.x * 4];  // expect: load ok
}

// Functional casts convert as C casts do, with the type's name written as a call: uint8_t(lane * 16)
// wraps as above (8-way), a typedef's and a type parameter's cast too (T = short: stride 4 words, 4-way).
typedef unsigned int uint;
template <typename T>
__global__ void functionalCasts(float *out) {
  __shared__ float s[1024];
  out[0] = s[uint8_t(threadIdx.x * 16)];         // expect: load ways=8
  out[1] = s[uint(threadIdx.x) * 3];             // expect: load ok
  out[2] = s[T(threadIdx.x % 32) * 4];           // expect: load ways=4
  if (uint32_t(threadIdx.x % 32) < 16) out[3] = s[threadIdx.x * 2];  // expect: load ok
}
template __global__ void functionalCasts<short>(float *);

// A step that differs per lane makes the address unknown after the first iteration, never "ok".
__global__ void laneStep(float *out, int n) {
  __shared__ float s[4096];
  int i = threadIdx.x;
  for (int it = 0; it < n; it++) {
    out[0] += s[i];                              // expect: load unknown
    i += 31 * threadIdx.x;
  }
}

// A warp-uniform runtime branch: both outcomes are checked; the worse (stride 2) is reported.
__global__ void uniformBranch(float *out, int n) {
  __shared__ float s[2048];
  int i = threadIdx.x;
  if (n > 3) i = threadIdx.x * 2;
  out[0] = s[i];                                 // expect: load ways=2
  out[1] = s[n > 3 ? threadIdx.x * 4 : threadIdx.x * 8];  // expect: load ways=8
}

// A thread's cp.async (__pipeline_memcpy_async of 4, 8 or 16 bytes) writes its destination as a store of
// that width, except that lanes on one word are not merged: 16 contiguous bytes per lane are conflict-free;
// 32 lanes copying to one word take 32 passes (a store would take one).
__global__ void asyncCopy(const float4 *g) {
  __shared__ float4 buf[256];
  __shared__ float last[4];
  __pipeline_memcpy_async(&buf[threadIdx.x], &g[threadIdx.x], 16);  // expect: store ok width=16
  __pipeline_memcpy_async(&last[0], &g[threadIdx.x], 4);  // expect: store ways=32 width=4
  __pipeline_commit();
}

// cuda::memcpy_async with a thread's pipeline and cuda::aligned_size_t<16>: one 16-byte cp.async per
// thread. Rows of 32 floats put every lane of a quarter-warp on banks 0-3 (8 passes); rows of 36 would not.
__global__ void pipelineCopy(const float *g) {
  __shared__ float tile[32][32];
  auto pipe = cuda::make_pipeline();
  const auto shape = cuda::aligned_size_t<16>(16);
  pipe.producer_acquire();
  cuda::memcpy_async(&tile[threadIdx.x][0], &g[threadIdx.x * 4], shape, pipe);  // expect: store ways=8 width=16
  pipe.producer_commit();
}

// A cuda::barrier in shared memory is an mbarrier: its init, arrive and wait are not loads or stores of data,
// and they are listed as not analyzed, saying so. The data it guards is analyzed as usual.
__global__ void barrierPhases(float *out) {
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  __shared__ float s[64];
  if (threadIdx.x == 0) init(&bar, blockDim.x);  // expect: unknown
  __syncthreads();
  s[threadIdx.x] = threadIdx.x;                  // expect: store ok
  bar.arrive_and_wait();                         // expect: unknown
  out[threadIdx.x] = s[63 - threadIdx.x % 64];   // expect: load ok
}

// Cooperative groups: a block's thread_rank() is the linear thread id (here threadIdx.x, block 64);
// thread_index(), group_index() and group_dim() are threadIdx, blockIdx and blockDim.
// bankcheck: block 64
__global__ void ranks(float *out) {
  cg::thread_block cta = cg::this_thread_block();
  __shared__ float s[128];
  s[cta.thread_rank()] = 1.0f;                   // expect: store ok
  cta.sync();
  out[0] = s[cta.thread_rank() * 2];             // expect: load ways=2
  out[1] = s[cta.thread_index().x * 4 % cta.group_dim().x];  // expect: load ways=2
  out[2] = s[cta.group_index().x * 32 + cta.thread_index().x % 32];  // expect: load ok
}

// Tiles of 32: thread_rank() is the lane (stride 4 words: 4-way), meta_group_rank() the warp, the
// same for all lanes of a warp (broadcast on read; one lane writes).
// bankcheck: block 256
__global__ void tiles(float *out) {
  cg::thread_block cta = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cta);
  __shared__ float s[1024];
  __shared__ float sums[8];
  s[warp.thread_rank() * 4] = 1.0f;                                   // expect: store ways=4
  if (warp.thread_rank() == 0) sums[warp.meta_group_rank()] = 2.0f;   // expect: store ok
  cta.sync();
  out[cta.thread_rank()] = sums[warp.meta_group_rank()] + s[cta.thread_rank()];  // expect: load broadcast; load ok
  // size() is the group's thread count (256 and 32), meta_group_size() the number of tiles (8)
  out[cta.thread_rank()] += s[cta.size() / 8 * warp.thread_rank()];      // expect: load ways=32
  out[cta.thread_rank()] += s[warp.size() + warp.thread_rank()];         // expect: load ok
  out[cta.thread_rank()] += sums[warp.meta_group_size() - 1];            // expect: load broadcast
}

// The same with auto: tiles of 16 share their ranks between the two half-warps (same words: ok).
__global__ void autoTiles(float *out) {
  auto cta = cg::this_thread_block();
  auto half = cg::tiled_partition<16>(cta);
  __shared__ float s[1024];
  out[cta.thread_rank()] = s[half.thread_rank() * 2];  // expect: load ok
}

// cg::reduce gives every lane of a tile the tile's result: one value for a warp of 32 (a row of its own,
// conflict-free), one per tile of 4 (8 values from memory: data-dependent); of constants, computed.
__global__ void tileReductions(const int *in, float *out) {
  auto cta = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(cta);
  auto quad = cg::tiled_partition<4>(cta);
  __shared__ float s[32 * 33];
  int mine = in[cta.thread_rank()];
  int row = cg::reduce(warp, mine, cg::greater<int>());
  out[0] = s[row * 32 + warp.thread_rank()];                                  // expect: load ok
  out[1] = s[cg::reduce(quad, mine, cg::plus<int>())];                        // expect: load data-dependent
  out[2] = s[32 * cg::reduce(quad, (int)quad.thread_rank(), cg::plus<int>())];  // expect: load broadcast
}

// A group passed to a helper keeps its size (simpleCooperativeGroups' sumReduction(thread_group g, ...)):
// the block, rank * 2 is 2-way; a tile from tiled_partition(cta, 16), ranks 0-15 twice per warp, the
// same words: ok. The helper's store is the worse of its two calls.
__device__ void putRanks(cg::thread_group g, float *s) {
  s[g.thread_rank() * 2] = 1.0f;  // expect: store ways=2
}

// bankcheck: block 64
__global__ void groupsAsParameters(float *out) {
  __shared__ float s[128];
  cg::thread_block cta = cg::this_thread_block();
  putRanks(cta, s);
  cg::thread_group tile = cg::tiled_partition(cta, 16);
  putRanks(tile, s);
  out[cta.thread_rank()] = s[tile.thread_rank() * 2];  // expect: load ok
}

// Function pointers as template parameters, "return {x, y};" and array types as template arguments
// (ggml's binbcast.cu, convert.cuh and fattn-mma-f16.cuh): each once made its whole function a parse
// error. The call through 'op' is not followed; the accesses around it are analyzed.
template <class A, class B> struct same_type { static constexpr bool value = false; };
template <class A> struct same_type<A, A> { static constexpr bool value = true; };

__device__ float add(const float a, const float b) { return a + b; }
__device__ float2 pair(float x) { return {x, 2.0f * x}; }

template <float (*op)(const float, const float), typename T>
__global__ void viaFunctionPointer(T *out) {
  static_assert(!same_type<T, float[4]>::value, "T is an element type");
  __shared__ T s[64 * 2];
  s[threadIdx.x * 2] = out[threadIdx.x];         // expect: store ways=2
  __syncthreads();
  float2 p = pair(s[threadIdx.x]);               // expect: load ok
  out[threadIdx.x] = op(p.x, p.y);
}
template __global__ void viaFunctionPointer<add, float>(float *);

// Host code and declarations from cuda-samples that once made their items parse errors (and the
// file "partial", exit code 1): new/delete, typeid, constructors defined outside their class,
// friends, pure virtual operators, '= delete', an unnamed template parameter, alignof as a template
// argument, a local function declaration, __grid_constant__ and 'struct'/'enum' return types.
template <class T> struct SharedMemoryOf {
  __device__ T *pointer() {
    extern __device__ void error(void);
    error();
    return nullptr;
  }
};
template <> struct SharedMemoryOf<float> {
  __device__ float *pointer() {
    extern __shared__ float s_float[];
    return s_float;
  }
};
struct Interface {
  virtual __device__ float &operator*() = 0;
  Interface() = default;
  Interface(const Interface &) = delete;
  friend class Pyramid;
};
template <typename T, unsigned> struct Tagged { T value; };
template <unsigned N> struct Aligned { static constexpr unsigned value = N; };
template <class R> struct Estimator {
  Estimator(int n);
  R operator()();
  int n_;
};
template <class R> Estimator<R>::Estimator(int n) : n_(n) {}
template <class R> R Estimator<R>::operator()() { return typeid(R) == typeid(double) ? R(2) : R(n_); }
struct Params { int stride[4]; };
// C-style return types: the splitter once took each for a type definition, and lost the kernel after it
enum Status { kOk, kFailed };
enum Status statusOf(int x) { return x ? kOk : kFailed; }
struct Params defaultParams() {
  struct Params p = {{1, 2, 3, 4}};
  return p;
}

__global__ void gridConstant(__grid_constant__ const Params p, float *out) {
  SharedMemoryOf<float> shared;
  float *s = shared.pointer();
  s[threadIdx.x * 3] = 1.0f;                                            // expect: store ok
  out[threadIdx.x] = s[threadIdx.x * Aligned<alignof(float4)>::value];  // expect: load ways=16
}

int hostSide(int n) {
  int *a = new int[n];
  const float **rows = new const float *[n];
  Estimator<float> *e = new Estimator<float>(n);
  int r = (int)(*e)();
  delete e;
  delete[] rows;
  delete[] a;
  return r;
}
