// RUN: --banks 16
// A 16-bank model: bank = word % 16, still 32 lanes per group for 4-byte accesses.

// s[tid]: 32 words on 16 banks (2-way). s[tid >> 1]: words 0..15 (ok). s[2*tid]: 8 banks,
// 4 words each (4-way). s[16*tid]: bank 0 for all (32-way).
__global__ void sixteenBanks(float *out) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  out[tid] = s[tid];         // expect: load ways=2
  out[tid] += s[tid >> 1];   // expect: load ok
  out[tid] += s[2 * tid];    // expect: load ways=4
  out[tid] += s[16 * tid];   // expect: load ways=32
}
