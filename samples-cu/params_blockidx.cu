// Kernel parameters and blockIdx are uniform across a warp: they shift, never spread, the words.

// tid + offset and blockIdx.x*32 + tid: rotated identity (ok). 2*tid + blockIdx.y: 2-way.
// (tid + offset)*32: 32-way whatever offset is. s[offset]: every lane on one word (broadcast).
// tid * n: the stride is a runtime value, so the degree is unknown.
__global__ void uniformTerms(float *out, int offset, int n) {
  __shared__ float s[4096];
  int tid = threadIdx.x;
  out[tid] = s[tid + offset];              // expect: load ok
  out[tid] += s[blockIdx.x * 32 + tid];    // expect: load ok
  out[tid] += s[2 * tid + blockIdx.y];     // expect: load ways=2
  out[tid] += s[(tid + offset) * 32];      // expect: load ways=32
  out[tid] += s[offset];                   // expect: load broadcast
  out[tid] += s[tid * n];                  // expect: load unknown
}
