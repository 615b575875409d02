// A tiled GEMM launched the way tuned GEMM code is (after siboehm/SGEMM_CUDA's runner): the tile
// sizes are constants of the host function that launches the kernel template, chosen by a condition
// written with C++'s alternative token `and`, and a device helper gets its stride as a template
// argument that the kernel computes (constexpr). Two launches: 64x64 tiles with 512 threads, and
// 32x32 tiles with 128 threads; the verdicts hold for both.
#define CEIL_DIV(M, N) (((M) + (N) - 1) / (N))

// rows rowStride apart, one row per warp (BN = 64: lanes 32 words apart belong to the next warp)
template <const int BN, const int BK, const int rowStride>
__device__ void loadB(const float *B, float *Bs, int N, int innerRow, int innerCol) {
  for (int offset = 0; offset + rowStride <= BK; offset += rowStride) {
    Bs[(innerRow + offset) * BN + innerCol] = B[(innerRow + offset) * N + innerCol];  // expect: store ok
  }
}

template <const int BM, const int BN, const int BK, const int TM, const int NUM_THREADS>
__global__ void gemmTile(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int innerRowA = threadIdx.x / BK;
  const int innerColA = threadIdx.x % BK;
  constexpr int rowStrideB = NUM_THREADS / BN;
  const int threadRow = threadIdx.x / BN;
  const int threadCol = threadIdx.x % BN;
  float acc[TM] = {0.0f};
  for (int bk = 0; bk < K; bk += BK) {
    // A transposed on the way in: lane l writes word (l % 8) * BM + l / 8, and BM is a multiple of
    // 32 words, so the 8 lanes with the same l / 8 share a bank: 8-way
    As[innerColA * BM + innerRowA] = A[innerRowA * K + innerColA];  // expect: store ways=8
    loadB<BN, BK, rowStrideB>(B, Bs, N, threadIdx.x / BN, threadIdx.x % BN);
    __syncthreads();
    for (int dot = 0; dot < BK; ++dot) {
      for (int i = 0; i < TM; ++i) {
        // threadRow is one value per warp (BN >= 32): every lane reads one word
        acc[i] += As[dot * BM + threadRow * TM + i] * Bs[dot * BN + threadCol];  // expect: load broadcast array=As; load ok array=Bs
      }
    }
    __syncthreads();
    A += BK;
    B += BK * N;
  }
  for (int i = 0; i < TM; ++i) C[(threadRow * TM + i) * N + threadCol] = acc[i];
}

void runGemm(int M, int N, int K, const float *A, const float *B, float *C) {
  const unsigned BK = 8;
  const unsigned TM = 8;
  if (M >= 128 and N >= 128) {
    const unsigned BM = 64;
    const unsigned BN = 64;
    dim3 grid(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
    gemmTile<BM, BN, BK, TM, BM * BN / TM><<<grid, BM * BN / TM>>>(M, N, K, A, B, C);
  } else {
    const unsigned BM = 32;
    const unsigned BN = 32;
    dim3 grid(CEIL_DIV(N, BN), CEIL_DIV(M, BM));
    gemmTile<BM, BN, BK, TM, BM * BN / TM><<<grid, BM * BN / TM>>>(M, N, K, A, B, C);
  }
}
