// Tiled matrix transpose (the coalescing transpose every CUDA course starts with), three tiles.
namespace transpose {
constexpr int kTile = 32;
constexpr int kRows = 8;  // 32x8 block: each thread moves kTile / kRows = 4 elements
}

// Unpadded 32x32 tile, block 32x8: a warp is one row threadIdx.y, x = 0..31; the loop runs
// j = 0, 8, 16, 24. Store tile[y + j][x]: word 32*(y + j) + x, stride 1 (ok). Load
// tile[x][y + j]: word 32*x + y + j, stride 32 words: every lane in bank (y + j) % 32, 32-way.
// bankcheck: block 32x8
__global__ void transposeNaiveTile(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[transpose::kTile][transpose::kTile];
  int x = blockIdx.x * transpose::kTile + threadIdx.x;
  int y = blockIdx.y * transpose::kTile + threadIdx.y;
  for (int j = 0; j < transpose::kTile; j += transpose::kRows)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];  // expect: store ok
  __syncthreads();
  x = blockIdx.y * transpose::kTile + threadIdx.x;
  y = blockIdx.x * transpose::kTile + threadIdx.y;
  for (int j = 0; j < transpose::kTile; j += transpose::kRows)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];  // expect: load ways=32
}

// The same with one padding column, [32][33]: the load is word 33*x + y + j, bank
// (x + y + j) % 32, a rotation of 0..31 (ok); the store stays stride 1 (ok).
// bankcheck: block 32x8
__global__ void transposePaddedTile(float *odata, const float *idata, int width, int height) {
  __shared__ float tile[transpose::kTile][transpose::kTile + 1];
  int x = blockIdx.x * transpose::kTile + threadIdx.x;
  int y = blockIdx.y * transpose::kTile + threadIdx.y;
  for (int j = 0; j < transpose::kTile; j += transpose::kRows)
    if (x < width && y + j < height)
      tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];  // expect: store ok
  __syncthreads();
  x = blockIdx.y * transpose::kTile + threadIdx.x;
  y = blockIdx.x * transpose::kTile + threadIdx.y;
  for (int j = 0; j < transpose::kTile; j += transpose::kRows)
    if (x < height && y + j < width)
      odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];  // expect: load ok
}

// "Padded for old 16-bank hardware": a 16x16 tile [16][17] launched with a 16x16 block. A warp
// holds two rows ty = 2w, 2w+1 (x = 0..15). Store tile[ty][tx]: words 34w + 0..15 and
// 34w + 17..32; word 34w + 32 is in the bank of 34w: 2-way. Load tile[tx][ty]: words 17*tx + ty:
// for ty even the banks are 17*tx + ty mod 32 (16 distinct), for ty + 1 they shift by one and
// tx = 15 gives 255 + ty + 1 = 256 + ty, the bank of tx = 0 in the first row: 2-way. The pad
// of 1 only separates the 16 lanes of a half-warp (what 16-bank sm_1x served together).
__global__ void transposeTile16(float *odata, const float *idata, int n) {
  __shared__ float tile[16][17];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * 16 + tx, y = blockIdx.y * 16 + ty;
  tile[ty][tx] = idata[y * n + x];  // expect: store ways=2
  __syncthreads();
  x = blockIdx.y * 16 + tx;
  y = blockIdx.x * 16 + ty;
  odata[y * n + x] = tile[tx][ty];  // expect: load ways=2
}

void launchTranspose16(float *odata, const float *idata, int n) {
  dim3 block(16, 16);
  dim3 grid(n / 16, n / 16);
  transposeTile16<<<grid, block>>>(odata, idata, n);
}
