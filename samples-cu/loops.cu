// Loops with constant bounds are enumerated (worst iteration reported); other loop counters are
// uniform symbols.

// k = 0..3 gives strides 1, 2, 3, 4: the worst is 4-way. k*32 + tid is a row, ok in every
// iteration. Nested i, j give strides 0, 1, 2, 3: broadcast, ok, 2-way, ok: worst 2-way.
__global__ void constantLoops(float *out) {
  __shared__ float s[8 * 32];
  int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    acc += s[tid * (k + 1)];  // expect: load ways=4
  }
  for (int k = 0; k < 8; ++k) {
    acc += s[k * 32 + tid];   // expect: load ok
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      acc += s[(i * 2 + j) * tid];  // expect: load ways=2
  out[tid] = acc;
}

// With a runtime bound, k is a uniform symbol: tid + k is a rotated identity (ok), but the
// stride k + 1 is not known (unknown).
__global__ void runtimeLoop(float *out, int n) {
  __shared__ float s[4096];
  int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    acc += s[tid + k];        // expect: load ok
    acc += s[tid * (k + 1)];  // expect: load unknown
  }
  out[tid] = acc;
}
