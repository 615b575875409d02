// Fix: an array of structs of an even number of words. The stride of a field access is
// sizeof(struct): 2 words for F2 (gcd(2, 32) = 2-way), 4 words for F4 (4-way). The suggested fix
// adds one float at the end of the struct: 3 and 5 words, odd strides, conflict-free.
struct F2 { float re, im; };
struct F4 {
  float x, y, z, w;
};

__global__ void aos(float *out) {
  __shared__ F2 c[32];
  __shared__ F4 p[32];
  int t = threadIdx.x;
  c[t].re = out[t];  // expect: store ways=2 array=c
  p[t].x = out[t];   // expect: store ways=4 array=p
  __syncthreads();
  out[t] = c[t].im + p[t].w;  // expect: load ways=2 array=c; load ways=4 array=p
}
