// Stencils with a halo staged in shared memory.
namespace stencil {
constexpr int RADIUS = 3;
constexpr int BLOCK_SIZE = 256;
}  // namespace stencil

// 1-D stencil, block 256 (launch below): temp[tx + RADIUS] is stride 1 (ok); the halo loads run
// only on lanes tx < RADIUS (3 lanes of warp 0, consecutive words: ok); the 7-point sum reads
// temp[lindex + offset], stride 1 for every offset (ok).
__global__ void stencil1d(const int *in, int *out) {
  __shared__ int temp[stencil::BLOCK_SIZE + 2 * stencil::RADIUS];
  int gindex = threadIdx.x + blockIdx.x * blockDim.x + stencil::RADIUS;
  int lindex = threadIdx.x + stencil::RADIUS;
  temp[lindex] = in[gindex];  // expect: store ok
  if (threadIdx.x < stencil::RADIUS) {
    temp[lindex - stencil::RADIUS] = in[gindex - stencil::RADIUS];                // expect: store ok
    temp[lindex + stencil::BLOCK_SIZE] = in[gindex + stencil::BLOCK_SIZE];        // expect: store ok
  }
  __syncthreads();
  int result = 0;
  for (int offset = -stencil::RADIUS; offset <= stencil::RADIUS; offset++)
    result += temp[lindex + offset];  // expect: load ok
  out[gindex - stencil::RADIUS] = result;
}

// 2-D 5-point stencil, block 16x16, tile [18][18] (one halo cell on each side). A warp holds
// rows ty = 2w, 2w+1: s[ty + 1][tx + 1] touches words 18*(2w + 1) + 1 + tx and 18 more for the
// second row, i.e. b..b+15 and b+18..b+33: b+32 and b+33 share the banks of b and b+1, 2-way.
// The four neighbour reads are the same two-row pattern shifted (2-way each). A pitch of 16
// (mod 32) would put the second row exactly on the other 16 banks; 18 does not.
// Halo writes: the tx == 0 and tx == 15 columns are 2 lanes per warp, words 18 apart (ok); the
// ty == 0 and ty == 15 rows are 16 consecutive words (ok).
__global__ void stencil2d(const float *in, float *out, int n) {
  __shared__ float s[16 + 2][16 + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int gx = blockIdx.x * 16 + tx + 1, gy = blockIdx.y * 16 + ty + 1;  // interior of an n x n grid
  s[ty + 1][tx + 1] = in[gy * n + gx];                    // expect: store ways=2
  if (tx == 0) s[ty + 1][0] = in[gy * n + gx - 1];        // expect: store ok
  if (tx == 15) s[ty + 1][17] = in[gy * n + gx + 1];      // expect: store ok
  if (ty == 0) s[0][tx + 1] = in[(gy - 1) * n + gx];      // expect: store ok
  if (ty == 15) s[17][tx + 1] = in[(gy + 1) * n + gx];    // expect: store ok
  __syncthreads();
  float c = s[ty + 1][tx + 1];                            // expect: load ways=2
  float lr = s[ty + 1][tx] + s[ty + 1][tx + 2];           // expect: load ways=2; load ways=2
  float ud = s[ty][tx + 1] + s[ty + 2][tx + 1];           // expect: load ways=2; load ways=2
  out[gy * n + gx] = lr + ud - 4.0f * c;
}

void runStencils(const int *in1, int *out1, const float *in2, float *out2, int n) {
  stencil1d<<<n / stencil::BLOCK_SIZE, stencil::BLOCK_SIZE>>>(in1, out1);
  dim3 block(16, 16);
  dim3 grid(n / 16, n / 16);
  stencil2d<<<grid, block>>>(in2, out2, n);
}
