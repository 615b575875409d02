// Worked example 4: a field of an array of structs is strided by sizeof(struct).

struct P4 { float a, b, c, d; };  // 16 bytes: stride 4 words
struct P3 { float a, b, c; };     // 12 bytes: stride 3 words

// arr[tid].a: word 4*tid, gcd(4, 32) = 4 ways; the access is 4 bytes wide (the field).
__global__ void aos4(float *out) {
  __shared__ P4 arr[32];
  int tid = threadIdx.x;
  out[tid] = arr[tid].a;  // expect: load ways=4 width=4
}

// arr[tid].a with a 3-float struct: word 3*tid, odd stride, conflict-free.
__global__ void aos3(float *out) {
  __shared__ P3 arr[32];
  int tid = threadIdx.x;
  out[tid] = arr[tid].a;  // expect: load ok width=4
}

// Structure of arrays: each field is its own array read with stride 1.
__global__ void soa(float *out) {
  __shared__ float a[32], b[32], c[32], d[32];
  int tid = threadIdx.x;
  out[tid] = a[tid] + b[tid] + c[tid] + d[tid];  // expect: load ok array=a; load ok array=b; load ok array=c; load ok array=d
}
