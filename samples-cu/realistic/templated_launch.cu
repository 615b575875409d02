// A templated tile kernel whose template arguments come only from the launch in this file:
// copyTransposed<32, float><<<grid, 256>>>. With TILE = 32 and 256 threads, tx = tid % 32 and
// ty = tid / 32 (0..7): a warp is one row ty, tx = 0..31; blockDim.x / TILE = 8 rows per pass.
template <int TILE, typename T>
__global__ void copyTransposed(const T *in, T *out, int n) {
  __shared__ T tile[TILE][TILE];
  __shared__ T padded[TILE][TILE + 1];
  int tx = threadIdx.x % TILE;
  int ty = threadIdx.x / TILE;
  int rowsPerPass = blockDim.x / TILE;
  const T *src = in + blockIdx.y * TILE * n + blockIdx.x * TILE;
  T *dst = out + blockIdx.x * TILE * n + blockIdx.y * TILE;
  // Row writes: words TILE*r + tx and (TILE + 1)*r + tx, stride 1 (ok).
  for (int r = ty; r < TILE; r += rowsPerPass) {
    tile[r][tx] = src[r * n + tx];    // expect: store ok array=tile
    padded[r][tx] = src[r * n + tx];  // expect: store ok array=padded
  }
  __syncthreads();
  // Column reads: tile[tx][r] is word 32*tx + r, stride 32 (32-way); padded[tx][r] is
  // 33*tx + r, stride 33 (ok).
  for (int r = ty; r < TILE; r += rowsPerPass)
    dst[r * n + tx] = tile[tx][r] + padded[tx][r];  // expect: load ways=32 array=tile; load ok array=padded
}

void transposeFloat(const float *in, float *out, int n) {
  dim3 g(n / 32, n / 32);
  copyTransposed<32, float><<<g, 256>>>(in, out, n);
}
