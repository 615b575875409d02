// Worked example 3: reading a 32x32 float tile by column puts all 32 lanes 32 words apart,
// i.e. in one bank (32-way). One padding column makes the row pitch 33 words: bank = tid + col.

// M[tid][col]: word 32*tid + col, one bank for all lanes.
__global__ void columnUnpadded(float *out, int col) {
  __shared__ float M[32][32];
  int tid = threadIdx.x;
  out[tid] = M[tid][col];  // expect: load ways=32
}

// M[tid][col] with pitch 33: word 33*tid + col, bank (tid + col) % 32, all distinct.
__global__ void columnPadded(float *out, int col) {
  __shared__ float M[32][33];
  int tid = threadIdx.x;
  out[tid] = M[tid][col];  // expect: load ok
}

// The same with a constant column and threadIdx.x written out.
__global__ void firstColumn(float *out) {
  __shared__ float tile[32][32];
  __shared__ float padded[32][33];
  tile[threadIdx.x][0] = out[threadIdx.x];    // expect: store ways=32 array=tile
  padded[threadIdx.x][0] = out[threadIdx.x];  // expect: store ok array=padded
}
