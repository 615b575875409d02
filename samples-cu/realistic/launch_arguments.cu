// Kernel arguments that the host passes as constants are used as such, like the block shape:
// the Sobel-filter idiom passes a row pitch computed on the host, so the kernel's stride is
// known only from the launch. Each launch with constant arguments is analyzed with its values
// (the worst is reported and named); a launch whose arguments are not constant keeps them symbolic.
#include <cstdint>

#define RADIUS 1

// 16x4 block (launch below), pitch = ~0x3f & (4 * (80 + 2) + 0x3f) = 384 bytes: byte row r at
// 384 r = word 96 r, so the two rows of a warp (threadIdx.y = 2w, 2w + 1) fall in the same banks:
// 2-way for the byte stores and loads (lanes 4 bytes apart, one word each).
__global__ void sobelRows(const uint8_t *in, uint8_t *out, short blockWidth, short pitch) {
  extern __shared__ unsigned char tileRows[];
  int row = threadIdx.y * pitch;
  for (short ib = threadIdx.x; ib < blockWidth + 2 * RADIUS; ib += blockDim.x) {
    tileRows[row + 4 * ib] = in[ib];  // expect: store ways=2 width=1
  }
  __syncthreads();
  out[threadIdx.x] = tileRows[row + 4 * threadIdx.x + pitch];  // expect: load ways=2 width=1
}

// Two launches with different constant strides: 33 (ok) and 32 (32-way); the worst is reported.
__global__ void strided(float *out, int stride) {
  __shared__ float s[32 * 33];
  s[threadIdx.x * stride] = 1.0f;  // expect: store ways=32
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// Launched in a loop that doubles the stride, and after an if that may change it: neither
// argument is one constant, so the stride stays symbolic and the verdict says what it depends on.
__global__ void stridedLoop(float *out, int stride) {
  __shared__ float s[32 * 64];
  s[threadIdx.x * stride] = 1.0f;  // expect: store unknown
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// A binary search over shared memory: which element a lane reads next depends on the values it
// compared before, so the index is data-dependent (bounded), not unknown.
__global__ void searchSorted(const unsigned *keys, unsigned *out) {
  __shared__ unsigned sorted[256];
  sorted[threadIdx.x] = keys[threadIdx.x];  // expect: store ok
  __syncthreads();
  unsigned val = keys[256 + threadIdx.x];
  unsigned pos = 0;
  for (unsigned stride = 128; stride > 0; stride >>= 1) {
    unsigned next = pos + stride;
    if (sorted[next - 1] <= val) pos = next;  // expect: load data-dependent
  }
  out[threadIdx.x] = pos;
}

void launchAll(const uint8_t *in, uint8_t *out, float *f, const unsigned *keys, unsigned *u, int runtimeStride) {
  dim3 threads(16, 4);
  int blockWidth = 80;
  int pitch = ~0x3f & (4 * (blockWidth + 2 * RADIUS) + 0x3f);
  sobelRows<<<1, threads, pitch * (threads.y + 2 * RADIUS)>>>(in, out, blockWidth, pitch);
  int stride = 33;
  strided<<<1, 32>>>(f, stride);
  stride -= 1;  // compound assignment: now 32
  strided<<<1, 32>>>(f, stride);
  searchSorted<<<1, 256>>>(keys, u);
  int doubling = 1;
  for (int k = 0; k < 6; k++) {
    stridedLoop<<<1, 32>>>(f, doubling);
    doubling *= 2;
  }
  int maybe = 1;
  if (runtimeStride > 4) maybe = 2;
  stridedLoop<<<1, 32>>>(f, maybe);
}
