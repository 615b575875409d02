// Non-affine indices (modulo, shifts, XOR, masks, ternaries) are enumerated lane by lane.

// (tid*4) % 32: 8 words in 8 banks, 4 lanes on each word (ok). tid >> 1: 2 lanes per word (ok).
// (tid ^ 1) * 2: a permutation of stride 2 (2-way). tid % 16 * 2: 16 even words (ok).
// (tid & 7) * 32: 8 distinct words all in bank 0 (8-way). tid % 8 * 4 + tid / 8: a permutation
// of 0..31 (ok); tid % 8 * 8 + tid / 8: k and k + 4 collide (2-way).
// The ternary maps lanes 16..31 to words 32..47, the same banks as lanes 0..15 (2-way).
__global__ void indexOps(float *out) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  out[tid] = s[(tid * 4) % 32];             // expect: load ok
  out[tid] += s[tid >> 1];                  // expect: load ok
  out[tid] += s[(tid ^ 1) * 2];             // expect: load ways=2
  out[tid] += s[tid % 16 * 2];              // expect: load ok
  out[tid] += s[(tid & 7) * 32];            // expect: load ways=8
  out[tid] += s[tid % 8 * 4 + tid / 8];     // expect: load ok
  out[tid] += s[tid % 8 * 8 + tid / 8];     // expect: load ways=2
  out[tid] += s[tid < 16 ? tid : tid + 16]; // expect: load ways=2
}
