// Locals derived from threadIdx.x, followed through declarations, reassignment and compound ops.

// row = tid / 16 and col = lane & 15 give lane i the word 16*row + col = i (ok), or
// 32*row + col: lanes 0..15 and 16..31 both cover banks 0..15 (2 words per bank).
__global__ void rowsAndCols(float *out) {
  __shared__ float s[64 * 32];
  int tid = threadIdx.x;
  const int lane = tid & 31;
  int row = tid / 16;
  int col = lane & 15;
  out[tid] = s[row * 16 + col];    // expect: load ok
  out[tid] += s[row * 32 + col];   // expect: load ways=2
}

// i changes stride as it is reassigned: 4, 4 (offset 1 changes nothing), 3, then 8 after <<= 3.
__global__ void reassigned(float *out) {
  __shared__ float s[64 * 32];
  int tid = threadIdx.x;
  const int lane = tid & 31;
  int i = lane;
  i = i * 4;
  out[tid] = s[i];   // expect: load ways=4
  i += 1;
  out[tid] += s[i];  // expect: load ways=4
  i = lane * 3;
  out[tid] += s[i];  // expect: load ok
  int j = lane;
  j <<= 3;
  out[tid] += s[j];  // expect: load ways=8
}
