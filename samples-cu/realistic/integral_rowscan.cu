// Integral image of a 32x32 tile: load, prefix-sum every row, prefix-sum every column, store.
// The index arithmetic lives in __device__ helpers, and the scans in helpers that receive the
// shared tile as a plain pointer. Block 32x8: a warp is one row threadIdx.y, x = 0..31.
constexpr int T = 32;

__device__ __forceinline__ int swz(int r, int c) { return r * 33 + c; }    // padded pitch 33
__device__ __forceinline__ int lin(int r, int c) { return r * T + c; }     // plain pitch 32

// Lane r walks its own row: words 33*r + c, stride 33 across the lanes, banks (r + c) % 32 (ok).
__device__ void scanRowsPadded(float *t, int r) {
  float sum = 0.0f;
  for (int c = 0; c < T; ++c) {
    sum += t[swz(r, c)];  // expect: load ok
    t[swz(r, c)] = sum;   // expect: store ok
  }
}

// Lane c walks its own column: words 33*r + c, stride 1 across the lanes (ok).
__device__ void scanColsPadded(float *t, int c) {
  float sum = 0.0f;
  for (int r = 0; r < T; ++r) {
    sum += t[swz(r, c)];  // expect: load ok
    t[swz(r, c)] = sum;   // expect: store ok
  }
}

// The same row walk on the unpadded tile: words 32*r + c, every lane in bank c (32-way).
__device__ void scanRowsPlain(float *t, int r) {
  float sum = 0.0f;
  for (int c = 0; c < T; ++c) {
    sum += t[lin(r, c)];  // expect: load ways=32
    t[lin(r, c)] = sum;   // expect: store ways=32
  }
}

// Loads and stores by rows (r = y + 8k, x = 0..31): words 33*r + x, stride 1 (ok). Only warp 0
// (threadIdx.y == 0) runs the scans, lane x taking row x, then column x.
// bankcheck: block 32x8
__global__ void integralTilePadded(const float *in, float *out, int pitch) {
  __shared__ float tile[T * (T + 1)];
  int x = threadIdx.x, y = threadIdx.y;
  const float *src = in + blockIdx.y * T * pitch + blockIdx.x * T;
  for (int r = y; r < T; r += 8) tile[swz(r, x)] = src[r * pitch + x];  // expect: store ok
  __syncthreads();
  if (y == 0) scanRowsPadded(tile, x);
  __syncthreads();
  if (y == 0) scanColsPadded(tile, x);
  __syncthreads();
  float *dst = out + blockIdx.y * T * pitch + blockIdx.x * T;
  for (int r = y; r < T; r += 8) dst[r * pitch + x] = tile[swz(r, x)];  // expect: load ok
}

// Unpadded: the row loads and stores stay stride 1 (ok), the row scan is 32-way.
// bankcheck: block 32x8
__global__ void integralTilePlain(const float *in, float *out, int pitch) {
  __shared__ float tile[T * T];
  int x = threadIdx.x, y = threadIdx.y;
  for (int r = y; r < T; r += 8) tile[lin(r, x)] = in[r * pitch + x];  // expect: store ok
  __syncthreads();
  if (y == 0) scanRowsPlain(tile, x);
  __syncthreads();
  for (int r = y; r < T; r += 8) out[r * pitch + x] = tile[lin(r, x)];  // expect: load ok
}
