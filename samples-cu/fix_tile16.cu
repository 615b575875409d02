// Fix: a [16][16] float tile with a 16x16 block. A warp holds two rows of threadIdx.y.
// The row store s[y][x] is words 0..31 (ok). The column load s[x][y] is words 16x + y:
// banks {0, 16} + y for y = 0, 1, eight lanes each (8-way).
// Padding to [16][17] is not enough (lane x = 15, y = 1 is word 256, bank 0 again: 2-way) and
// makes the row store 2-way as well; [16][18] is conflict-free but costs 128 bytes (1/8 of the
// tile). The swizzle s[r][c ^ (r % 16)] on both accesses is conflict-free for both at no cost.
// The second kernel stores through a row pointer, so no swizzle (every access must be rewritten).
// No padding is conflict-free for both: the store needs a row of 16 mod 32 words, the load an odd
// one. The smallest with the lowest worst case is [16][17]: store and load 2-way.
// bankcheck: block 16x16
__global__ void tile16(float *out) {
  __shared__ float s[16][16];
  int x = threadIdx.x, y = threadIdx.y;
  s[y][x] = out[y * 16 + x];  // expect: store ok
  __syncthreads();
  out[y * 16 + x] = s[x][y];  // expect: load ways=8
}

// bankcheck: block 16x16
__global__ void tile16Pointer(float *out) {
  __shared__ float s[16][16];
  int x = threadIdx.x, y = threadIdx.y;
  float *row = &s[y][0];
  row[x] = out[y * 16 + x];  // expect: store ok via=row
  __syncthreads();
  out[y * 16 + x] = s[x][y];  // expect: load ways=8
}
