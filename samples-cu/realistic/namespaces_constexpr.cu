// Layer-norm style column statistics, written the way library code is: nested namespaces,
// constexpr helpers for pitches and counts, static_asserts that document the layout, and a
// __host__ __device__ constexpr index function.
namespace lib {
namespace detail {
constexpr int kWarpSize = 32;
constexpr int ceilDiv(int a, int b) { return (a + b - 1) / b; }
constexpr int paddedPitch(int cols) { return cols % 2 == 0 ? cols + 1 : cols; }
constexpr bool isPow2(int v) { return v > 0 && (v & (v - 1)) == 0; }
}  // namespace detail

namespace norm {
constexpr int kBlock = 256;
constexpr int kCols = 32;
constexpr int kRows = 32;
constexpr int kPitch = kCols + 1;
constexpr int kWarps = kBlock / detail::kWarpSize;
static_assert(detail::isPow2(kBlock), "block size must be a power of two");
static_assert(kPitch == detail::paddedPitch(kCols), "an odd pitch puts a column in 32 distinct banks");
static_assert(kWarps == detail::ceilDiv(kBlock, detail::kWarpSize), "whole warps only");

__host__ __device__ constexpr int at(int r, int c) { return r * kPitch + c; }

// Block 256: a warp stages row r = tid / 32 + 8k, column tid % 32: word 33*r + lane (ok).
// Column pass: lane c owns column c and reads tile[at(j, c)] for every row j: stride 1 (ok).
// The transposed pass has lane r walk row r, word 33*r + j: stride 33, banks (r + j) % 32 (ok);
// the same walk on the unpadded copy raw[r][j] is stride 32 (32-way).
// Warp partials: lane 0 of each warp writes partial[warp] (one lane, ok); the first warp reads
// partial[lane % kWarps], 8 words shared by 4 lanes each (ok).
// bankcheck: block 256
__global__ void columnStats(const float *x, float *colMean, float *rowMax, float *total) {
  __shared__ float tile[kRows * kPitch];
  __shared__ float raw[kRows][kCols];
  __shared__ float partial[kWarps];
  const int tid = threadIdx.x;
  const int lane = tid % detail::kWarpSize;
  const int warp = tid / detail::kWarpSize;
  const float *src = x + blockIdx.x * kRows * kCols;
  for (int r = warp; r < kRows; r += kWarps) {
    tile[at(r, lane)] = src[r * kCols + lane];  // expect: store ok array=tile
    raw[r][lane] = src[r * kCols + lane];       // expect: store ok array=raw
  }
  __syncthreads();
  if (warp == 0) {
    float s = 0.0f, m = -1e30f;
    for (int j = 0; j < kRows; ++j) s += tile[at(j, lane)];  // expect: load ok array=tile
    for (int j = 0; j < kCols; ++j) m = fmaxf(m, tile[at(lane, j)]);  // expect: load ok array=tile
    for (int j = 0; j < kCols; ++j) m = fmaxf(m, raw[lane][j]);  // expect: load ways=32 array=raw
    colMean[blockIdx.x * kCols + lane] = s / kRows;
    rowMax[blockIdx.x * kRows + lane] = m;
  }
  float v = src[tid];
  for (int o = detail::kWarpSize / 2; o > 0; o /= 2) v += __shfl_xor_sync(0xffffffffu, v, o);
  if (lane == 0) partial[warp] = v;  // expect: store ok array=partial
  __syncthreads();
  if (warp == 0) {
    float p = partial[lane % kWarps];  // expect: load ok array=partial
    for (int o = kWarps / 2; o > 0; o /= 2) p += __shfl_xor_sync(0xffffffffu, p, o);
    if (lane == 0) total[blockIdx.x] = p;
  }
}
}  // namespace norm
}  // namespace lib
