// Accesses whose address is not a multiple of their width. The GPU does not serve them with bank
// conflicts: it stops the kernel with "misaligned address". bankcheck reports them as unknown, with the
// lane and byte that break the alignment.

// bankcheck: block 32
__global__ void carvedAtAnOddOffset(float *out, int n) {
  extern __shared__ char raw[];
  float *values = (float *)(raw + 2);  // 2 bytes past a 16-byte aligned start
  values[threadIdx.x] = 1.0f;  // expect: store unknown
  short *halves = (short *)(raw + 1);
  halves[threadIdx.x] = 2;  // expect: store unknown
  float *aligned = (float *)(raw + 64);
  aligned[threadIdx.x] = 3.0f;  // expect: store ok
  __syncthreads();
  out[threadIdx.x] = aligned[threadIdx.x];  // expect: load ok
}

// bankcheck: block 32
__global__ void vectorLoadOfEachFloat(float4 *out) {
  __shared__ float s[32 * 4];
  s[threadIdx.x] = threadIdx.x;  // expect: store ok
  __syncthreads();
  // lanes 0 and 1 are 4 bytes apart: one of them cannot be at a multiple of 16 bytes
  out[threadIdx.x] = reinterpret_cast<float4 *>(&s[threadIdx.x])[0];  // expect: load unknown
  // four floats per lane: aligned, and conflict-free in quarter-warp phases
  out[threadIdx.x + 32] = reinterpret_cast<float4 *>(&s[threadIdx.x * 4])[0];  // expect: load ok width=16 wavefronts=4 ideal=4
}
