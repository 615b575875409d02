// Worked example 6: a shared histogram. The bin comes from memory, so the conflict degree
// depends on the data: 1 when the lanes hit distinct banks, 32 when they all hit one bin.

// Clearing and reading back the bins is stride 1; the atomic is data-dependent.
__global__ void histogram(const int *sample, int *bins) {
  __shared__ int hist[256];
  int tid = threadIdx.x;
  hist[tid] = 0;                      // expect: store ok
  __syncthreads();
  atomicAdd(&hist[sample[tid]], 1);   // expect: atomic data-dependent
  __syncthreads();
  atomicAdd(&bins[tid], hist[tid]);   // expect: load ok
}
