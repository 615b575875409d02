// Shared-memory tiled SGEMM, C = A * B for n x n row-major matrices (n a multiple of 16), the
// textbook kernel: a 16x16 block stages a 16x16 tile of A and of B per step.
#define TILE_WIDTH 16

// Block 16x16 (from the launch): a warp holds two rows ty = 2w, 2w+1 and tx = 0..15.
// Stores As[ty][tx] and Bs[ty][tx]: words 16*ty + tx, 32 consecutive words per warp (ok).
// Inner product: As[ty][k] is two words per warp, 16*2w + k and 16*(2w+1) + k, banks k and
// 16 + k: each half-warp is a broadcast and the two words sit in different banks (ok).
// Bs[k][tx] is words 16*k + 0..15, the same 16 words for both rows (broadcast between the
// half-warps, ok).
__global__ void sgemmTiled(const float *A, const float *B, float *C, int n) {
  __shared__ float As[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Bs[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE_WIDTH + ty;
  int col = blockIdx.x * TILE_WIDTH + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE_WIDTH; ++t) {
    As[ty][tx] = A[row * n + t * TILE_WIDTH + tx];    // expect: store ok array=As
    Bs[ty][tx] = B[(t * TILE_WIDTH + ty) * n + col];  // expect: store ok array=Bs
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE_WIDTH; ++k)
      acc += As[ty][k] * Bs[k][tx];  // expect: load ok array=As; load ok array=Bs
    __syncthreads();
  }
  C[row * n + col] = acc;
}

// The same tile staged transposed, "so that the inner loop reads along rows": AsT[tx][ty] is
// word 16*tx + ty. In a half-warp (one ty) the even tx land in bank ty and the odd tx in bank
// 16 + ty, 8 different words each: 8-way; the other half-warp (ty + 1) uses banks ty + 1 and
// 17 + ty, so the warp stays 8-way.
// The read AsT[k][ty] is two words per warp (16*k + 2w, 16*k + 2w + 1), banks differ (ok).
__global__ void sgemmTransposedA(const float *A, const float *B, float *C, int n) {
  __shared__ float AsT[TILE_WIDTH][TILE_WIDTH];
  __shared__ float Bs[TILE_WIDTH][TILE_WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE_WIDTH + ty;
  int col = blockIdx.x * TILE_WIDTH + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE_WIDTH; ++t) {
    AsT[tx][ty] = A[row * n + t * TILE_WIDTH + tx];   // expect: store ways=8 array=AsT
    Bs[ty][tx] = B[(t * TILE_WIDTH + ty) * n + col];  // expect: store ok array=Bs
    __syncthreads();
    for (int k = 0; k < TILE_WIDTH; ++k)
      acc += AsT[k][ty] * Bs[k][tx];  // expect: load ok array=AsT; load ok array=Bs
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void sgemm(const float *A, const float *B, float *C, int n) {
  dim3 threads(TILE_WIDTH, TILE_WIDTH);
  dim3 grid(n / TILE_WIDTH, n / TILE_WIDTH);
  sgemmTiled<<<grid, threads>>>(A, B, C, n);
  sgemmTransposedA<<<grid, threads>>>(A, B, C, n);
}
