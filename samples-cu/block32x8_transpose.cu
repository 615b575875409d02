#define TILE 32
#define ROWS 8

// The classic tiled transpose with a 32x8 block: a warp is one row y, x = 0..31. The constant
// loops run j = 0, 8, 16, 24. Writes tile[y + j][x] are row-wise (ok); reads tile[x][y + j] are
// word 33*x + y + j with the padded pitch: bank (x + y + j) % 32, all distinct (ok).
// bankcheck: block 32x8
__global__ void transposePadded(float *odata, const float *idata, int width) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];  // expect: store ok
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];  // expect: load ok
}

// Without the padding column the read is word 32*x + y + j: one bank for the warp (32-way).
// bankcheck: block 32x8
__global__ void transposeUnpadded(float *odata, const float *idata, int width) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];  // expect: store ok
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    odata[(y + j) * width + x] = tile[threadIdx.x][threadIdx.y + j];  // expect: load ways=32
}
