// Register-blocked SGEMM tile with 128-bit shared loads: block 16x16 (256 threads) computes a
// 64x64 tile of C, each thread a 4x4 patch; BK = 8 columns of A / rows of B per step.
// M, N, K multiples of 64 and 8, row-major.
#define FLOAT4(x) (reinterpret_cast<float4 *>(&(x))[0])

namespace sgemm {
constexpr int BM = 64, BN = 64, BK = 8;
constexpr int TM = 4, TN = 4;
static_assert(BM / TM == 16 && BN / TN == 16, "a 16x16 block covers the tile");
}  // namespace sgemm

// tid = 16*ty + tx, a warp is tid 32w..32w+31 (ty = 2w, 2w+1).
// A tile (64 rows x 8 columns) is staged transposed, As[k][m], so the inner loop can read 4
// consecutive m with one float4. Each thread loads 2 consecutive floats of row aRow = tid / 4 at
// column aCol = (tid % 4) * 2 and scatters them: As[aCol][aRow] is word 64*aCol + aRow =
// 128*(tid % 4) + tid / 4, whose bank is tid / 4 (128 = 4*32): 8 banks with 4 different words
// each, 4-way (the well-known store conflict of the transposed A tile). Same for aCol + 1.
// B tile (8 rows x 64 columns) is copied with float4: Bs[tid / 16][(tid % 16) * 4] is byte
// 256*(tid / 16) + 16*(tid % 16); a quarter-warp (8 lanes) covers 128 consecutive bytes, all
// 32 banks once: ok, 4 wavefronts (the minimum for 16-byte accesses).
// Inner loop: FLOAT4(As[k][ty * 4]) is one address per quarter-warp (8 lanes share ty):
// a broadcast of 4 words, 4 wavefronts, ok. FLOAT4(Bs[k][tx * 4]): 8 lanes at 16-byte steps,
// 128 contiguous bytes, ok.
__global__ void sgemmFloat4(const float *A, const float *B, float *C, int M, int N, int K) {
  __shared__ __align__(16) float As[sgemm::BK][sgemm::BM];
  __shared__ __align__(16) float Bs[sgemm::BK][sgemm::BN];
  int tx = threadIdx.x, ty = threadIdx.y;
  int tid = ty * 16 + tx;
  int aRow = tid / 4, aCol = (tid % 4) * 2;
  int bRow = tid / 16, bCol = (tid % 16) * 4;
  const float *Ablk = A + blockIdx.y * sgemm::BM * K;
  const float *Bblk = B + blockIdx.x * sgemm::BN;
  float acc[sgemm::TM][sgemm::TN] = {};
  for (int k0 = 0; k0 < K; k0 += sgemm::BK) {
    float2 a2 = reinterpret_cast<const float2 *>(&Ablk[aRow * K + k0 + aCol])[0];
    As[aCol][aRow] = a2.x;                                        // expect: store ways=4 array=As
    As[aCol + 1][aRow] = a2.y;                                    // expect: store ways=4 array=As
    FLOAT4(Bs[bRow][bCol]) = FLOAT4(const_cast<float &>(Bblk[(k0 + bRow) * N + bCol]));  // expect: store ok wavefronts=4 ideal=4 width=16 array=Bs
    __syncthreads();
#pragma unroll
    for (int k = 0; k < sgemm::BK; ++k) {
      float4 a = FLOAT4(As[k][ty * sgemm::TM]);  // expect: load ok wavefronts=4 ideal=4 width=16 array=As
      float4 b = FLOAT4(Bs[k][tx * sgemm::TN]);  // expect: load ok wavefronts=4 ideal=4 width=16 array=Bs
      float av[sgemm::TM] = {a.x, a.y, a.z, a.w};
      float bv[sgemm::TN] = {b.x, b.y, b.z, b.w};
#pragma unroll
      for (int i = 0; i < sgemm::TM; ++i)
#pragma unroll
        for (int j = 0; j < sgemm::TN; ++j) acc[i][j] += av[i] * bv[j];
    }
    __syncthreads();
  }
  for (int i = 0; i < sgemm::TM; ++i) {
    int r = blockIdx.y * sgemm::BM + ty * sgemm::TM + i;
    int c = blockIdx.x * sgemm::BN + tx * sgemm::TN;
    FLOAT4(C[r * N + c]) = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
  }
}

void launchSgemmFloat4(const float *A, const float *B, float *C, int M, int N, int K) {
  dim3 block(16, 16);
  dim3 grid(N / sgemm::BN, M / sgemm::BM);
  sgemmFloat4<<<grid, block>>>(A, B, C, M, N, K);
}
