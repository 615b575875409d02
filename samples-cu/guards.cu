// Lanes switched off by an enclosing if (when the condition is computable per lane) don't count.

// tid < 16 with stride 2: 16 even words in 16 banks (ok); with stride 4, lanes i and i + 8
// share a bank (2-way). Even lanes with stride 16: words 32k, all bank 0, 16 lanes (16-way).
// The else branch has lanes 16..31 of warp 0 at stride 4 (2-way), but every lane of a later warp
// (threadIdx.x >= 32, possible since blockDim.x is unknown) at stride 4: 4-way. Lanes 8..23 at stride 8: banks
// 0, 8, 16, 24 with 4 words each (4-way). Odd lanes below 16 at stride 4: 8 lanes, banks
// 4, 12, 20, 28 twice each (2-way).
__global__ void guarded(float *out) {
  __shared__ float s[512];
  int tid = threadIdx.x;
  if (tid < 16) s[2 * tid] = 0.0f;        // expect: store ok
  if (tid < 16) s[4 * tid] = 0.0f;        // expect: store ways=2
  if (tid % 2 == 0) s[16 * tid] = 0.0f;   // expect: store ways=16
  if (tid < 16)
    s[2 * tid] = 1.0f;                    // expect: store ok
  else
    s[4 * tid] = 2.0f;                    // expect: store ways=4
  if (tid >= 8 && tid < 24) s[8 * tid] = 0.0f;  // expect: store ways=4
  if (tid < 16) {
    if (tid & 1) {
      out[tid] = s[4 * tid];              // expect: load ways=2
    }
  }
}

// tid < n depends on a kernel parameter: not computable per lane, so all lanes are assumed
// active: stride 2 over 32 lanes (2-way).
__global__ void runtimeGuard(float *out, int n) {
  __shared__ float s[64];
  int tid = threadIdx.x;
  if (tid < n) s[2 * tid] = out[tid];     // expect: store ways=2
}

// A pointer parameter tested for null (an optional table, a bias) is one answer for the whole grid: the warp
// takes one side, and both are checked, the worst named ("worst at the condition at line 39 false").
__global__ void optionalTable(const int *perm, float *out) {
  __shared__ float s[32 * 33];
  int stride = perm ? 33 : 32;
  out[threadIdx.x] = s[threadIdx.x * stride];  // expect: load ways=32
  if (perm == nullptr) return;
  out[threadIdx.x] = s[threadIdx.x * 33];      // expect: load ok
}
