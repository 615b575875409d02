// Inline PTX: bankcheck does not run it, but it must not keep a value the asm overwrote.
// mov.u32 %0, %%laneid; is the lane's index (threads are numbered x first, then y, then z).
// bankcheck: block 32x4
__global__ void laneFromPtx(float *out) {
  __shared__ float s[32 * 33];
  unsigned lane = 0;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  s[lane * 32] = 1.0f;                   // expect: store ways=32
  s[lane * 33] = 2.0f;                   // expect: store ok
  __syncthreads();
  out[threadIdx.x] = s[lane];            // expect: load ok
}

// Any other output is unknown: %warpid is the physical warp slot, not the warp's index in the block,
// and the value from before the asm (0) is gone.
__global__ void otherOutputs(float *out) {
  __shared__ float s[1024];
  int w = 0;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  s[w * 32 + threadIdx.x % 32] = 1.0f;   // expect: store unknown
  float a = 0.0f;
  asm("add.f32 %0, %1, %1;" : "=f"(a) : "f"(out[0]));
  asm volatile("bar.sync 0;" ::: "memory");
  out[threadIdx.x] = s[threadIdx.x] + a; // expect: load ok
}

// Shuffles and warp reductions in PTX are read as the intrinsics that do the same.
__device__ __forceinline__ int warpUniform(int x) {
  int result;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(result) : "r"(x));
  return result;
}

// bankcheck: block 128
__global__ void shuffledInPtx(float *out) {
  __shared__ float s[4 * 32 * 33];
  int warp = warpUniform(threadIdx.x / 32);
  int lane = threadIdx.x % 32;
  s[warp * 32 * 33 + lane * 33] = 1.0f;  // expect: store ok
  int pair;
  asm("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=r"(pair) : "r"(lane));
  s[pair * 32] = 2.0f;                   // expect: store ways=32
  unsigned total;
  asm("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(total) : "r"(1u));
  __syncthreads();
  out[threadIdx.x] = s[total + lane];    // expect: load ok
}
