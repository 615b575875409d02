// RUN: --block 16x16
// No annotation and no launch: the shape comes from --block, so a warp is two rows of y.

// plain[x][y]: banks {0, 16, 1, 17}, 8 words each (8-way). padded[x][y] on [16][17]: lane
// (x=15, y=1) wraps onto bank 0 (2-way). plain[y][x] is the linear id (ok).
__global__ void fromOption(float *out) {
  __shared__ float plain[16][16];
  __shared__ float padded[16][17];
  int x = threadIdx.x, y = threadIdx.y;
  out[y * 16 + x] = plain[x][y];    // expect: load ways=8
  out[y * 16 + x] += padded[x][y];  // expect: load ways=2
  out[y * 16 + x] += plain[y][x];   // expect: load ok
}
