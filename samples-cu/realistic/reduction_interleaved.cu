// The interleaved-addressing reduction (Harris, "Optimizing Parallel Reduction in CUDA", kernel 2)
// with the SharedMemory<T> wrapper idiom: dynamic shared memory reached through operator T*().
// Block 256, T = float (explicit instantiation). With s = 1, 2, 4, ... the active lanes index
// 2*s*tid: stride 2s words. Worst iteration s = 4: 32 lanes at stride 8 words, 8-way; for s >= 8
// the guard leaves 16 then 8 lanes, still 8-way.
template <class T>
struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

// bankcheck: block 256
template <class T>
__global__ void reduce1(const T *g_idata, T *g_odata, unsigned int n) {
  T *sdata = SharedMemory<T>();
  unsigned int tid = threadIdx.x;
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  sdata[tid] = (i < n) ? g_idata[i] : 0;  // expect: store ok via=sdata
  __syncthreads();
  for (unsigned int s = 1; s < blockDim.x; s *= 2) {
    int index = 2 * s * tid;
    if (index < blockDim.x) {
      sdata[index] += sdata[index + s];  // expect: load ways=8; store ways=8; load ways=8
    }
    __syncthreads();
  }
  if (tid == 0) g_odata[blockIdx.x] = sdata[0];  // expect: load ok
}

template __global__ void reduce1<float>(const float *, float *, unsigned int);
