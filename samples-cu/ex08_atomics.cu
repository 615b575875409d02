// Worked example 8: shared atomics serialize lanes on one address:
// ways = max(distinct words per bank, lanes on one word) (bank-model.md 5).

// One counter for the whole warp: 32 lanes on one word, 32-way. Per-lane counters: ok.
__global__ void counters(const int *in, int *out) {
  __shared__ int count[1];
  __shared__ int perLane[32];
  int tid = threadIdx.x;
  atomicAdd(&count[0], 1);        // expect: atomic ways=32
  atomicAdd(&perLane[tid], in[tid]);  // expect: atomic ok width=4
  __syncthreads();
  out[tid] = perLane[tid] + count[0];  // expect: load ok array=perLane; load broadcast array=count
}

// Stride 2 words: two words per bank (2). tid / 8: four words in four banks, but 8 lanes on each.
__global__ void sharedBuckets(const int *in, int *out) {
  __shared__ int s[64];
  __shared__ int bucket[4];
  __shared__ int locks[32];
  int tid = threadIdx.x;
  atomicMax(&s[2 * tid], in[tid]);       // expect: atomic ways=2
  atomicAdd(&bucket[tid / 8], 1);        // expect: atomic ways=8
  out[tid] = atomicCAS(&locks[tid], 0, 1);  // expect: atomic ok
}

// Only lanes 0..3 take the branch: 4 lanes on one counter.
__global__ void fewLanes(int *out) {
  __shared__ int count[1];
  int tid = threadIdx.x;
  if (tid < 4) atomicAdd(&count[0], 1);  // expect: atomic ways=4
  out[tid] = 0;
}
