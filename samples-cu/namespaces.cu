// Namespaces. A function or constant declared in a namespace is known by its qualified name, and code
// in that namespace means its own first. bankcheck once knew only the bare names: both calls below
// ran tiles::store (the first 'store'), and both 'kStride's were the last one declared.

namespace tiles {
constexpr int kStride = 2;
__device__ void store(float *s) { s[threadIdx.x * kStride] = 0.0f; }  // expect: store ways=2 array=t
}  // namespace tiles

namespace rows {
constexpr int kStride = 1;
__device__ void store(float *s) { s[threadIdx.x * kStride] = 0.0f; }  // expect: store ok array=s; store ok array=t

__global__ void inRows(float *out) {
  __shared__ float s[64];
  store(s);
  out[threadIdx.x] = s[threadIdx.x * tiles::kStride];  // expect: load ways=2
}
}  // namespace rows

__global__ void qualified(float *out) {
  __shared__ float t[64];
  rows::store(t);
  tiles::store(t);
  out[threadIdx.x] = t[threadIdx.x * rows::kStride];  // expect: load ok
}
