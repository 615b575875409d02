// The llm.c idiom: a 16-byte packed vector class template with operator overloads, instantiated
// through typedefs (floatX is itself a typedef chosen by #if), used as the element type of carved
// dynamic shared memory. The class must parse (operators, defaulted constructor) for x128::size
// to be known; a function-pointer alias and an explicit specialization of a function template
// around it must not derail the file either.
#include <cuda_bf16.h>

#if defined(ENABLE_FP32)
typedef float floatX;
#else
typedef __nv_bfloat16 floatX;
#endif

template <class ElementType>
struct alignas(16) Packed128 {
  Packed128() = default;
  __device__ ElementType &operator[](int index) { return payload[index]; }
  __device__ const ElementType &operator[](int index) const { return payload[index]; }
  __device__ Packed128 &operator+=(const Packed128 &o) {
    for (int k = 0; k < size; ++k) payload[k] = payload[k] + o.payload[k];
    return *this;
  }
  static constexpr const size_t size = sizeof(int4) / sizeof(ElementType);
  ElementType payload[size];
};

typedef Packed128<float> f128;
typedef Packed128<floatX> x128;

using reduction_func_t = float (*)(float);

template <typename Td, typename Ts>
__device__ Td cast_value(Ts val);

template <>
__device__ float cast_value<float, float>(float val) {
  return val;
}

// Block 32x4 (launch below). x128::size = 8 bf16 (16 bytes), f128::size = 4 floats.
// s_in rows are C / 8 vectors apart; each warp (one threadIdx.y) stores and loads 32 consecutive
// 16-byte vectors: conflict-free (4 wavefronts, one per quarter-warp).
// s_sum[threadIdx.x]: 16-byte stores 16 bytes apart, conflict-free too.
__global__ void layernormRows(const x128 *in, x128 *out, int C) {
  extern __shared__ char params[];
  x128 *s_in = reinterpret_cast<x128 *>(params) + threadIdx.y * C / x128::size;
  f128 *s_sum = reinterpret_cast<f128 *>(params + 4 * 2048);
  for (int c = threadIdx.x * x128::size; c < C; c += 32 * x128::size) {
    s_in[c / x128::size] = in[c / x128::size];  // expect: store ok width=16 wavefronts=4
  }
  __syncthreads();
  x128 v = s_in[threadIdx.x];  // expect: load ok width=16 wavefronts=4
  // every other vector: 32 bytes apart, so a quarter-warp spans 256 bytes and wraps the banks once
  x128 w = s_in[2 * threadIdx.x];  // expect: load ways=2 width=16 wavefronts=8
  v += w;
  f128 total;
  for (int k = 0; k < f128::size; k++) total[k] = cast_value<float, float>((float)k);
  s_sum[threadIdx.x] = total;  // expect: store ok width=16
  out[threadIdx.y * 32 + threadIdx.x] = v;
}

void launch(const x128 *in, x128 *out) {
  dim3 block(32, 4);
  layernormRows<<<1, block, 4 * 2048 + 32 * 16>>>(in, out, 2048);
}
