// An XOR-swizzled 32x32 transpose: element (r, c) is stored at column c ^ r. Reading column r
// of the logical tile touches tile[c][r ^ c]: bank r ^ c is a permutation over the lanes (ok).
// The unswizzled tile read by column is 32-way. Block 32x32: a warp is one row y.
// bankcheck: block 32x32
__global__ void swizzledTranspose(float *out, const float *in) {
  __shared__ float tile[32][32];
  __shared__ float plain[32][32];
  int r = threadIdx.y, c = threadIdx.x;
  tile[r][c ^ r] = in[r * 32 + c];    // expect: store ok array=tile
  plain[r][c] = in[r * 32 + c];       // expect: store ok array=plain
  __syncthreads();
  out[r * 32 + c] = tile[c][r ^ c];   // expect: load ok array=tile
  out[r * 32 + c] += plain[c][r];     // expect: load ways=32 array=plain
}
