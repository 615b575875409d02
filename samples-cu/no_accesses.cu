// expect-no-accesses: only registers and global memory; shared memory is declared, its address
// taken and its size read, but no element is read or written.
__global__ void noSharedAccess(float *out, const float *in) {
  __shared__ float s[32];
  float *p = &s[threadIdx.x];
  out[threadIdx.x] = in[threadIdx.x] * 2.0f + (p != nullptr ? 1.0f : 0.0f) + sizeof(s);
}
