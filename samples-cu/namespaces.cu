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

// Types named with their namespace: bankcheck once found no struct 'ns::Tile' (every member unknown), nor the
// class template behind "brd::Dispatcher<N>" (types are still flattened: ns::Tile is the first Tile declared).
namespace ns {
struct Tile { float a[64]; };
template <typename T> struct Vec { T x[64]; };
}  // namespace ns

namespace brd {
template <int N> struct Strided {
  __device__ static void put(float *s) { s[threadIdx.x * N] = 1.0f; }  // expect: store ways=4
};
template <int N> struct Dispatcher { typedef Strided<N * 2> type; };
}  // namespace brd

__global__ void namespacedTypes(float *out) {
  __shared__ ns::Tile tile;
  __shared__ ns::Vec<double> vec;
  __shared__ float s[32 * 4];
  tile.a[threadIdx.x * 2] = 1.0f;  // expect: store ways=2
  vec.x[threadIdx.x] = 2.0;        // expect: store ok wavefronts=2
  brd::Dispatcher<2>::type::put(s);
  out[threadIdx.x] = tile.a[threadIdx.x] + s[threadIdx.x] + (float)vec.x[threadIdx.x];  // expect: load ok; load ok; load ok wavefronts=2
}

// Typedefs and aliases named with their namespace (NVIDIA Warp's wp::float32), as an element type and as a
// template argument: bankcheck once said "'wp::float32' is not declared in this file". double: 8-byte lanes
// 2 words apart, lanes 0 and 8 of a half-warp in bank 0 (2-way).
namespace wp {
typedef float float32;
using float64 = double;
}  // namespace wp

template <typename T>
__global__ void namespacedTypedefs(T *out) {
  __shared__ T s[64 * 2];
  out[threadIdx.x] = s[threadIdx.x * 2];  // expect: load ways=2
}
template __global__ void namespacedTypedefs<wp::float64>(wp::float64 *);

__global__ void namespacedElement(float *out) {
  __shared__ wp::float32 s[64 * 3];
  out[threadIdx.x] = s[threadIdx.x * 3];  // expect: load ok
}
