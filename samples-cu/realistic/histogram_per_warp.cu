// Shared-memory histogram of bytes with one sub-histogram per warp (fewer lanes fighting over
// one counter), block 256 = 8 warps, 256 bins.
constexpr int kBins = 256;
constexpr int kWarps = 8;

// Clear: i = tid + 256*k, so hist[i / kBins][i % kBins] is row k (warp-uniform), column tid:
// stride 1 (ok). Count: atomicAdd(&hist[warp][data[i]], 1) depends on the input bytes:
// data-dependent (all lanes on one bin is the worst case, 32-way; distinct banks the best).
// Merge: thread b sums column b over the 8 rows, hist[w][b] stride 1 (ok).
// bankcheck: block 256
__global__ void histogramPerWarp(const unsigned char *data, int n, unsigned int *bins) {
  __shared__ unsigned int hist[kWarps][kBins];
  int tid = threadIdx.x;
  int warp = tid / 32;
  for (int i = tid; i < kWarps * kBins; i += blockDim.x)
    hist[i / kBins][i % kBins] = 0;  // expect: store ok
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&hist[warp][data[i]], 1u);  // expect: atomic data-dependent
  __syncthreads();
  for (int b = tid; b < kBins; b += blockDim.x) {
    unsigned int sum = 0;
    for (int w = 0; w < kWarps; ++w) sum += hist[w][b];  // expect: load ok
    atomicAdd(&bins[b], sum);
  }
}
