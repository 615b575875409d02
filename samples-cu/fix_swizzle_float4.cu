// Fix: XOR swizzle of a power-of-two float4 tile written by rows and read by columns.
// Block 8x8: 16-byte accesses are served per quarter-warp (8 lanes), here one threadIdx.y row.
// The store t[y][x] covers one 128-byte row per quarter-warp: all 32 banks once (ok, 4 wavefronts).
// The load t[x][y] reads 8 rows of one column: 128 bytes apart, the same 4 banks (8-way).
// Padding to [8][9] would cost 128 bytes (1/8 of the tile); the suggested fix is the swizzle
// t[r][c ^ (r % 8)] on both accesses: each quarter-warp then covers 8 distinct 16-byte slots.
// bankcheck: block 8x8
__global__ void float4Tile(const float4 *in, float4 *out) {
  __shared__ float4 t[8][8];
  int x = threadIdx.x, y = threadIdx.y;
  t[y][x] = in[y * 8 + x];  // expect: store ok wavefronts=4 ideal=4 width=16
  __syncthreads();
  out[y * 8 + x] = t[x][y];  // expect: load ways=8 wavefronts=32 ideal=4 width=16
}
