// Overloads of one arity are told apart by the types of their arguments: the store through a double
// array runs stage(double *), the one through a float array stage(float *). bankcheck once ran the
// first overload with a matching number of arguments for both calls: it reported the float version's
// 2-way conflict on the double array and missed it on the float array.

__device__ void stage(double *s, int i) {
  s[i] = 0.0;  // expect: store ok
}

__device__ void stage(float *s, int i) {
  s[i * 2] = 0.0f;  // expect: store ways=2
}

__global__ void overloads() {
  __shared__ double d[64];
  __shared__ float f[64];
  stage(d, threadIdx.x);
  stage(f, threadIdx.x);
  stage(&f[1], threadIdx.x);
}
