// Worked example 2: a constant or uniform offset rotates every lane's bank by the same amount,
// so it never changes the degree of an affine 4-byte access.

// Stride 2 plus 9: still gcd(2, 32) = 2 ways; stride 1 plus 5: still conflict-free.
__global__ void offsets(float *out) {
  __shared__ float s[128];
  int tid = threadIdx.x;
  out[tid] = s[2 * tid + 9];  // expect: load ways=2
  out[tid] += s[tid + 5];     // expect: load ok
  s[32 * tid + 7] = 0.0f;     // expect: store ways=32
}

// A kernel parameter is uniform across the warp: s[tid + offset] is a rotated identity.
__global__ void paramOffset(float *out, int offset) {
  __shared__ float s[256];
  int tid = threadIdx.x;
  out[tid] = s[tid + offset];  // expect: load ok
}
