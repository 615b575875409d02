// The block shape comes from the launch at the end of the file: dim3(16, 16), so one warp holds
// threadIdx.y = 2w and 2w+1 (x 0..15 each). Every warp is analyzed; all eight agree here.

// tile[y][x] on [16][17]: words 0..15 and 17..32, word 32 wraps to bank 0 (2-way).
// tile[x][y]: words 17x + y, lane (x=15, y=1) is word 256, bank 0 again (2-way).
// plain[16][16]: row-wise is words 0..31 (ok); by column banks {0,16,1,17}, 8 words each.
// big[32][33] by column: 2-way with a 16x16 block (bank-model.md 9).
__global__ void tile16(float *out) {
  __shared__ float tile[16][17];
  __shared__ float plain[16][16];
  __shared__ float big[32][33];
  int x = threadIdx.x, y = threadIdx.y;
  tile[y][x] = out[y * 16 + x];   // expect: store ways=2
  plain[y][x] = out[y * 16 + x];  // expect: store ok
  big[y][x] = 0.0f;               // expect: store ways=2
  __syncthreads();
  out[y * 16 + x] = tile[x][y];   // expect: load ways=2
  out[y * 16 + x] += plain[x][y]; // expect: load ways=8
  out[y * 16 + x] += big[x][y];   // expect: load ways=2
}

void launchTile16(float *d) {
  tile16<<<dim3(4, 4), dim3(16, 16)>>>(d);
}
