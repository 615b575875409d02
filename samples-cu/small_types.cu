#include <cuda_fp16.h>

// 1-byte and 2-byte elements: several lanes may share one 4-byte word, which costs nothing.

// c[i]: 4 lanes per word, words 0..7 (ok). c[4i]: lanes 4 bytes apart are consecutive words (ok).
// c[2i], c[3i]: words 0..15 / 0..23, all distinct banks (ok). c[8i]: words 2i (2-way).
// c[128i]: 128 bytes apart, every lane in bank 0 (32-way).
__global__ void chars(char *out) {
  __shared__ char c[32 * 128];
  int tid = threadIdx.x;
  out[tid] = c[tid];          // expect: load ok width=1
  out[tid] += c[4 * tid];     // expect: load ok width=1
  out[tid] += c[2 * tid];     // expect: load ok
  out[tid] += c[3 * tid];     // expect: load ok
  out[tid] += c[8 * tid];     // expect: load ways=2
  out[tid] += c[128 * tid];   // expect: load ways=32 width=1
}

// h[i]: two lanes per word (ok); h[2i]: words 0..31 (ok); h[4i]: words 2i (2-way); h[64i]: 32-way.
__global__ void shorts(short *out) {
  __shared__ short h[32 * 64];
  int tid = threadIdx.x;
  out[tid] = h[tid];        // expect: load ok width=2
  out[tid] += h[2 * tid];   // expect: load ok
  out[tid] += h[4 * tid];   // expect: load ways=2
  h[64 * tid] = 0;          // expect: store ways=32 width=2
}

// half t[64][64] by column: row pitch 128 bytes, one bank (32-way, bank-model.md 9);
// pitch 66 halves = 132 bytes = 33 words: conflict-free. Row-wise stores: 2 lanes per word.
__global__ void halves(float *out) {
  __shared__ __half t[64][64];
  __shared__ __half p[64][66];
  int tid = threadIdx.x;
  t[3][tid] = __float2half(1.0f);       // expect: store ok width=2
  out[tid] = __half2float(t[tid][3]);   // expect: load ways=32 width=2
  out[tid] += __half2float(p[tid][3]);  // expect: load ok width=2
}
