// Several accesses on one line, and read-modify-write operators that are a load and a store.

// s[tid] = s[2*tid] + s[32*tid]: a stride-1 store, a 2-way and a 32-way load.
// s[32*tid] += 1 loads and stores the same 32-way pattern; s[tid]++ is a stride-1 load and store.
__global__ void manyPerLine(float *out) {
  __shared__ float s[32 * 32];
  __shared__ float a[64], b[64];
  int tid = threadIdx.x;
  s[tid] = s[2 * tid] + s[32 * tid];  // expect: store ok; load ways=2; load ways=32
  s[32 * tid] += 1.0f;                // expect: load ways=32; store ways=32
  s[tid]++;                           // expect: load ok; store ok
  a[tid] = b[2 * tid];                // expect: store ok array=a; load ways=2 array=b
  out[tid] = a[tid] * s[tid];         // expect: load ok array=a; load ok array=s
}
