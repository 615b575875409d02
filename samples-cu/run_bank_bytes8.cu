// RUN: --bank-bytes 8
// 8-byte bank words (the old Kepler mode): two consecutive floats share one word.

// s[tid]: words tid/2, 2 lanes per word (ok). s[2*tid]: word tid (ok). s[32*tid]: byte 128i,
// word 16i, banks 0 and 16 with 16 words each (16-way). s[64*tid]: word 32i (32-way).
__global__ void wideWords(float *out) {
  __shared__ float s[64 * 32];
  int tid = threadIdx.x;
  out[tid] = s[tid];         // expect: load ok
  out[tid] += s[2 * tid];    // expect: load ok
  out[tid] += s[32 * tid];   // expect: load ways=16
  out[tid] += s[64 * tid];   // expect: load ways=32
}
