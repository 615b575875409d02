// Recursion. A function template that calls itself with other template values runs once per
// instantiation, as nvcc instantiates it, and the worst instantiation decides the verdict: Stride = 4
// here (only Stride = 1 ran before, and this store read as conflict-free). A function that calls itself
// with the same values (recursion at run time) is run once: the shared address passed to its recursive
// call is listed as not analyzed.

template <int Stride>
__device__ void strided(float *s) {
  s[threadIdx.x * Stride] = 1.0f;  // expect: store ways=4
  if constexpr (Stride < 4) strided<Stride + 1>(s);
}

__device__ float sumDown(const float *s, int d) {
  float v = s[threadIdx.x * 2];  // expect: load ways=2
  return d > 0 ? v + sumDown(s, d - 1) : v;  // expect: load unknown
}

__global__ void recursion(float *out) {
  __shared__ float s[32 * 8];
  strided<1>(s);
  __syncthreads();
  out[threadIdx.x] = sumDown(s, 3);
}
