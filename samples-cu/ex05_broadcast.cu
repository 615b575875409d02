// Worked example 5: lanes reading the same word are served together (broadcast), ways = 1.

// Every lane reads s[7]; a kernel parameter index is uniform too.
__global__ void sameWord(float *out, int k) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  out[tid] = s[7];           // expect: load broadcast
  out[tid] += s[k];          // expect: load broadcast
  out[tid] += s[blockIdx.x]; // expect: load broadcast
}

// tid / 32 is the warp index: one value per warp (lanes are threadIdx.x 0..31 by default).
__global__ void perWarp(float *out) {
  __shared__ float warpSums[32];
  int tid = threadIdx.x;
  out[tid] = warpSums[tid / 32];  // expect: load broadcast
}
