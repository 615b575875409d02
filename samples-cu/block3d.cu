// 3-D blocks: warps are cut from the linear id x + y*Dx + z*Dx*Dy.

// 8x4x4: Dx*Dy = 32, so a warp is one z plane (x 0..7, y 0..3) and z is uniform in it.
// s[z][y][x] is the linear id (ok). m[x][y]: bank y, 8 words each (8-way).
// q[x + 8*y][z]: row = lane, pitch 33 (ok). q[8*z + x][y]: bank (8z + x + y) % 32, x + y takes
// one value up to 4 times (4-way). m[y][x]: banks x = 0..7, 4 rows each (4-way).
// bankcheck: block 8x4x4
__global__ void planes(float *out) {
  __shared__ float s[4][4][8];
  __shared__ float m[8][32];
  __shared__ float q[32][33];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int t = x + 8 * y + 32 * z;
  s[z][y][x] = out[t];        // expect: store ok
  out[t] = m[x][y];           // expect: load ways=8
  out[t] += q[x + 8 * y][z];  // expect: load ok
  out[t] += q[8 * z + x][y];  // expect: load ways=4
  out[t] += m[y][x];          // expect: load ways=4
}

// 8x2x4: Dx*Dy = 16, so one warp spans z = 2w and 2w+1 as well as y = 0, 1.
// c[z][y][x] is the linear id (ok). m2[z][x]: lanes differing only in y share a word, lanes
// differing in z are 32 words apart (2-way). p[z][y][x] on [4][2][16]: word 32z + 16y + x,
// the two z planes collide bank for bank (2-way).
// bankcheck: block 8x2x4
__global__ void slabs(float *out) {
  __shared__ float c[4][2][8];
  __shared__ float m2[4][32];
  __shared__ float p[4][2][16];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  int t = x + 8 * y + 16 * z;
  c[z][y][x] = out[t];   // expect: store ok
  out[t] = m2[z][x];     // expect: load ways=2
  out[t] += p[z][y][x];  // expect: load ways=2
}
