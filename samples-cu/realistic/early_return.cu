// Device helpers that return early under a condition the tool cannot decide. A warp-uniform
// condition (n == 0) is followed both ways: the index is either value, and the worse is
// reported. A lane-varying one (tid < n) makes the index unknown: which lanes return early
// depends on n. (A helper that returned the first value seen would call both accesses ok.)
__device__ int slot(int tid, int n) {
  if (n == 0) return tid;
  return 2 * tid;
}

__device__ int clampedSlot(int tid, int n) {
  if (tid < n) return tid;
  return tid + 32;
}

// 32 threads, n from the caller at run time.
__global__ void earlyReturn(float *out, int n) {
  __shared__ float s[128];
  s[slot(threadIdx.x, n)] = 1.0f;         // expect: store ways=2
  s[clampedSlot(threadIdx.x, n)] = 2.0f;  // expect: store unknown
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];      // expect: load ok
}

void launch(float *out, int n) { earlyReturn<<<1, 32>>>(out, n); }
