// Worked example 1: a 4-byte access s[k*tid] over 32 lanes is gcd(k, 32)-way (bank-model.md 4).

// The identity pattern: lane i reads word i, bank i. Conflict-free.
__global__ void identity(float *out) {
  __shared__ float s[128];
  s[threadIdx.x] = out[threadIdx.x];  // expect: store ok width=4 wavefronts=1 ideal=1
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// Stride k words: lanes i and i + 32/gcd(k,32) land in the same bank, so gcd(k, 32) distinct
// words share each bank used. Odd strides (3, 15) are permutations of the banks.
__global__ void strides(float *out) {
  __shared__ float s[32 * 32];
  int tid = threadIdx.x;
  float acc = 0.0f;
  acc += s[3 * tid];   // expect: load ok
  acc += s[2 * tid];   // expect: load ways=2 wavefronts=2 ideal=1
  acc += s[4 * tid];   // expect: load ways=4
  acc += s[8 * tid];   // expect: load ways=8
  acc += s[16 * tid];  // expect: load ways=16
  acc += s[32 * tid];  // expect: load ways=32 wavefronts=32 ideal=1
  acc += s[12 * tid];  // expect: load ways=4
  acc += s[15 * tid];  // expect: load ok
  out[tid] = acc;
}
