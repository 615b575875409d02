// RUN: -D PAD=1
// A -D on the RUN line selects the padded tile and the #if branch (nvcc alone compiles PAD=0).

#ifndef PAD
#define PAD 0
#endif
#define TILE 32

// Pitch TILE + PAD = 33 words: the column read is conflict-free. u[2*tid] is 2-way.
__global__ void padded(float *out) {
  __shared__ float t[TILE][TILE + PAD];
  __shared__ float u[2 * TILE];
  int tid = threadIdx.x;
  out[tid] = t[tid][5];  // expect: load ok
#if PAD > 0
  out[tid] += u[2 * tid];  // expect: load ways=2
#else
  out[tid] = 0.0f;
#endif
}
