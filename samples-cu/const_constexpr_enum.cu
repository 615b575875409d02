// Constants from enum, constexpr and const ints fold into the index like literals.

enum { TILE = 32 };
constexpr int PITCH = TILE + 1;
const int STEP = 8;

// padded[tid][k]: pitch 33 (ok); plain[tid][k]: pitch 32 (32-way); flat strides 8, 16, 7.
__global__ void constants(float *out, int k) {
  __shared__ float padded[TILE][PITCH];
  __shared__ float plain[TILE][TILE];
  __shared__ float flat[TILE * TILE];
  const int tid = threadIdx.x;
  constexpr int HALF = TILE / 2;
  constexpr int ODD = 7;
  out[tid] = padded[tid][k];     // expect: load ok
  out[tid] += plain[tid][k];     // expect: load ways=32
  out[tid] += flat[tid * STEP];  // expect: load ways=8
  out[tid] += flat[tid * HALF];  // expect: load ways=16
  out[tid] += flat[tid * ODD];   // expect: load ok
}
