// Unions in shared memory, and cub's TempStorage beside a kernel's own arrays. Every member of a union
// starts at its first byte, so a member is checked even where another member's size is unknown (cub's
// TempStorage: bankcheck does not read CUB's headers). In a struct, the members after one of unknown size
// have unknown offsets, multiples of their alignment: their accesses are checked at every such offset, and
// their notes name the member whose size is missing.
#include <cub/block/block_reduce.cuh>

typedef cub::BlockReduce<float, 32, cub::BLOCK_REDUCE_WARP_REDUCTIONS, 8> RowReduce;

// The rows are stored row by row (ok), then read down a column: the 8 rows of one column are 8 words
// 32 words apart, one bank (8-way; lanes 8 apart read the same word). The float2 pairs' first halves are
// 16 words in 16 banks (ok). CUB's own accesses to its storage are not analyzed (unknown).
// bankcheck: block 32x8
__global__ void reuseForReduction(const float *in, float *out) {
  __shared__ union {
    RowReduce::TempStorage reduce;
    float rows[8][32];
    float2 pairs[8][16];
  } smem;
  smem.rows[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];  // expect: store ok
  __syncthreads();
  float v = smem.rows[threadIdx.x % 8][threadIdx.y];  // expect: load ways=8
  v += smem.pairs[threadIdx.y][threadIdx.x % 16].x;  // expect: load ok
  __syncthreads();
  float total = RowReduce(smem.reduce).Sum(v);  // expect: load unknown
  if (threadIdx.x == 0 && threadIdx.y == 0) out[blockIdx.x] = total;
}

// Before the TempStorage, 'head' is at offset 0: a transposed write is 32-way, a row read ok. After it,
// 'tail' is at some multiple of 4 bytes: a row of it is 32 words in 32 banks wherever it starts (ok), and
// one lane's read is ok anywhere; 'acc' is at some multiple of 8 bytes: a store alternating between two of
// its rows (16 doubles, 128 bytes apart) puts 2 words in one bank pair per half-warp (2-way) at any offset.
// bankcheck: block 32x8
__global__ void besideStorage(const float *in, float *out) {
  __shared__ struct {
    float head[32][32];
    RowReduce::TempStorage storage;
    float tail[32];
    double acc[8][16];
  } smem;
  smem.head[threadIdx.x][threadIdx.y] = in[threadIdx.x];  // expect: store ways=32
  smem.tail[threadIdx.x] = in[threadIdx.y];  // expect: store ok
  smem.acc[threadIdx.x % 2][threadIdx.y] = in[threadIdx.x];  // expect: store ways=2
  __syncthreads();
  float total = RowReduce(smem.storage).Sum(smem.head[threadIdx.y][threadIdx.x]);  // expect: load unknown; load ok
  if (threadIdx.x == 0 && threadIdx.y == 0) out[blockIdx.x] = total + smem.tail[0];  // expect: load ok
}
