// Lambdas are not run: a __shared__ array used in one is an access that is not analyzed (reported, never
// dropped), and the rest of the kernel is analyzed as usual. A function that declares __shared__ memory but
// is neither a kernel nor called by one by name (in real code, often a kernel whose __global__ hides in a
// macro of a header that was not read) is not analyzed either, and says so.

// bankcheck: block 32
__global__ void histogram(const int *in, unsigned *out, int nbins) {
  extern __shared__ unsigned bins[];
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) bins[i] = 0;  // expect: store ok
  __syncthreads();
  auto add = [=](int bin) {
    atomicAdd(bins + bin, 1u);  // expect: atomic unknown
  };
  add(in[blockIdx.x * blockDim.x + threadIdx.x]);
  auto first = [&](int row) { return bins[row * 32]; };  // expect: load unknown
  out[threadIdx.x] = first(0) + bins[threadIdx.x * 2];  // expect: load ways=2
}

// Not a kernel, and no kernel calls it by name: it is reported, not analyzed.
__device__ void unreached(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = 1.0f;  // expect: store unanalyzed-access
  out[threadIdx.x] = t[0][threadIdx.x];  // expect: load unanalyzed-access
}
