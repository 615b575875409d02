// A struct copied whole (the struct itself read or written, not a member) moves in pieces as wide as nvcc can
// prove its address aligned, up to 16 bytes: an extern __shared__ array starts 16-byte aligned, a static one
// at its type's alignment, and every lane's offset must be a multiple of the piece. StructCopyPtxTest checks
// each width below against the PTX nvcc makes of this file as written.

struct Quad { float a, b, c, d; };                // 16 bytes, 4-byte aligned
struct __align__(8) Pair8 { float a, b, c, d; };  // 16 bytes, 8-byte aligned
template <typename T, int N> struct Vec { T elems[N]; };
using I4 = Vec<int, 4>;                           // marlin's fragment type

// Four 4-byte pieces, 16 bytes apart: lanes 0, 8, 16 and 24 share bank 0 in each.
// bankcheck: block 32
__global__ void staticQuads(Quad *out) {
  __shared__ Quad q[64];
  q[threadIdx.x] = out[threadIdx.x];  // expect: store ways=4 width=4
  __syncthreads();
  out[threadIdx.x] = q[threadIdx.x];  // expect: load ways=4 width=4
}

// The same copies out of an extern array: one 16-byte piece each, conflict-free per quarter-warp; every
// other Quad puts lanes 0 and 4 of a quarter-warp on bank 0.
// bankcheck: block 32
__global__ void externQuads(Quad *out) {
  extern __shared__ Quad eq[];
  eq[threadIdx.x] = out[threadIdx.x];  // expect: store ok width=16
  __syncthreads();
  out[threadIdx.x] = eq[(threadIdx.x * 2) % 64];  // expect: load ways=2 wavefronts=8 ideal=4 width=16
}

// __align__(8): two 8-byte pieces, 16 bytes apart: lanes 0 and 8 of a half-warp share bank 0.
// bankcheck: block 32
__global__ void alignedPairs(Pair8 *out) {
  __shared__ Pair8 p8[64];
  p8[threadIdx.x] = out[threadIdx.x];  // expect: store ways=2 wavefronts=4 ideal=2 width=8
  __syncthreads();
  out[threadIdx.x] = p8[threadIdx.x + 1];  // expect: load ways=2 wavefronts=4 ideal=2 width=8
}

// marlin's fragment load: an int[4] struct read through an extern int4 array is one 16-byte load (it was
// taken as four 4-byte loads, a 4-way conflict that nvcc never emits).
// bankcheck: block 32
__global__ void fragmentOfInt4(I4 *out) {
  extern __shared__ int4 sh[];
  sh[threadIdx.x] = make_int4(1, 2, 3, 4);  // expect: store ok width=16
  __syncthreads();
  out[threadIdx.x] = *reinterpret_cast<I4 *>(&sh[threadIdx.x]);  // expect: load ok width=16
}

// Offsets that are multiples of 8 only: 8-byte pieces, lanes 8 bytes apart, conflict-free.
// bankcheck: block 32
__global__ void halfAligned(Quad *out) {
  extern __shared__ float ef[];
  ef[threadIdx.x] = 1.0f;  // expect: store ok width=4
  __syncthreads();
  out[threadIdx.x] = *reinterpret_cast<Quad *>(&ef[threadIdx.x * 2]);  // expect: load ok width=8
}
