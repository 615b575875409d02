// Worked example 7: 8-byte accesses are served per half-warp (lanes 0-15, 16-31).

// d[tid]: each half-warp touches 32 consecutive words, one per bank: 2 wavefronts, the minimum.
__global__ void consecutive(double *out) {
  __shared__ double d[64];
  out[threadIdx.x] = d[threadIdx.x];  // expect: load ok wavefronts=2 ideal=2 width=8
}

// d[2*tid]: a half-warp covers 64 words, two in each bank used: 2 passes per half-warp.
__global__ void strided(double *out) {
  __shared__ double d[64];
  int tid = threadIdx.x;
  out[tid] = d[2 * tid];  // expect: load ways=2 wavefronts=4 ideal=2 width=8
}

// Storing a double tile by column (bank-model.md 9): 16 lanes of a half-warp on banks 2c, 2c+1,
// 16 words each: 16 passes per half-warp, 32 wavefronts.
__global__ void columnStore(const double *in, int c) {
  __shared__ double dt[32][32];
  int tid = threadIdx.x;
  dt[tid][c] = in[tid];  // expect: store ways=16 wavefronts=32 ideal=2 width=8
}
