// RUN: --banks 16
// A 16-bank model: bank = word % 16. A wavefront serves banks x bank-bytes = 64 bytes, so 4-byte
// accesses are served per half-warp (as on 16-bank hardware).

// s[tid]: each half-warp covers 16 banks (ok, 2 wavefronts). s[tid >> 1]: words 0..15 (ok).
// s[2*tid]: a half-warp covers 8 banks, 2 words each (2-way). s[16*tid]: a half-warp on bank 0 (16-way).
__global__ void sixteenBanks(float *out) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  out[tid] = s[tid];         // expect: load ok wavefronts=2
  out[tid] += s[tid >> 1];   // expect: load ok
  out[tid] += s[2 * tid];    // expect: load ways=2
  out[tid] += s[16 * tid];   // expect: load ways=16
}
