// Block reductions in shared memory (Harris, "Optimizing Parallel Reduction in CUDA"), block 256.

// Kernel 3, sequential addressing: s = 128, 64, ..., 1 and lanes tid < s add sdata[tid + s].
// Every access is word tid or tid + s: stride 1 for the active lanes, conflict-free in every
// iteration (for s < 32 fewer lanes, still distinct consecutive words).
// bankcheck: block 256
__global__ void reduceSequential(const float *g_idata, float *g_odata, unsigned int n) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f;  // expect: store ok
  __syncthreads();
  for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s) {
      sdata[tid] += sdata[tid + s];  // expect: load ok; store ok; load ok
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];  // expect: load ok
}

// Kernel 1, interleaved addressing with %: only lanes with tid % (2*s) == 0 work, but they
// still index sdata[tid]: the active lanes of a warp touch words 32w + 2s*k, all in distinct
// banks (for s >= 32 a single lane per warp, or none). Conflict-free; its cost is divergence,
// not banks (kernel 2, 'index = 2*s*tid', turns it into an 8-way conflict: see
// reduction_interleaved.cu).
// bankcheck: block 256
__global__ void reduceInterleavedModulo(const float *g_idata, float *g_odata, unsigned int n) {
  __shared__ float sdata[256];
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0.0f;  // expect: store ok
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    if (tid % (2 * s) == 0) {
      sdata[tid] += sdata[tid + s];  // expect: load ok; store ok; load ok
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];  // expect: load ok
}
