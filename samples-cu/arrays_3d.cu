// 3-D arrays flatten row-major: v[a][b][c] is word 256*a + 32*b + c for float v[4][8][32].

// Index pieces from tid / 8, tid % 8, tid / 4, tid % 4 (lanes = threadIdx.x 0..31).
__global__ void cube(float *out) {
  __shared__ float v[4][8][32];
  __shared__ float w[4][8][33];
  int tid = threadIdx.x;
  out[tid] = v[0][0][tid];              // expect: load ok
  out[tid] += v[tid / 8][tid % 8][0];   // expect: load ways=32
  out[tid] += v[0][tid / 4][tid % 4];   // expect: load ways=8
  out[tid] += v[tid % 4][0][tid / 4];   // expect: load ways=4
  out[tid] += v[tid / 8][0][tid % 8];   // expect: load ways=4
  out[tid] += w[0][tid / 4][tid % 4];   // expect: load ways=4
  out[tid] += w[tid / 8][tid % 8][0];   // expect: load ok
}
