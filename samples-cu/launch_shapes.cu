// Block shapes from launches in this file; with several shapes the worst one is reported.

// Launched with dim3 block(32, 8) and with dim3(16, 16). t[x][y] on the padded [32][33] tile
// is ok for 32x8 but 2-way for 16x16; t[y][x] is ok for 32x8 and 2-way for 16x16 (words
// 0..15 and 33..48 share banks 1..15). Worst over shapes: 2-way for both.
__global__ void twoShapes(float *out) {
  __shared__ float t[32][33];
  int i = threadIdx.y * blockDim.x + threadIdx.x;
  t[threadIdx.y][threadIdx.x] = out[i];  // expect: store ways=2
  __syncthreads();
  out[i] = t[threadIdx.x][threadIdx.y];  // expect: load ways=2
}

// Launched with 256 threads: 8 warps of threadIdx.x 32w..32w+31, each the same pattern.
// s[2*x] is 2-way in every warp; s[x / 32] is one word per warp (broadcast).
__global__ void flat(float *out) {
  __shared__ float s[512];
  int x = threadIdx.x;
  s[x] = out[x];           // expect: store ok
  out[x] = s[2 * x];       // expect: load ways=2
  out[x] += s[x / 32];     // expect: load broadcast
}

void launchAll(float *d) {
  dim3 block(32, 8);
  twoShapes<<<dim3(4, 4), block>>>(d);
  twoShapes<<<16, dim3(16, 16)>>>(d);
  flat<<<8, 256>>>(d);
}
