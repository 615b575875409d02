// Shared-memory layouts written as classes, as FlashInfer's sparse MLA kernels write them: a traits class
// template that is only declared and then specialized for each value of an enum, a layout class whose
// static offsets are computed from the traits through a member alias (using KV = Traits<M>;), and a
// pointer class whose static init() returns 'Ptrs{base}', its own class named without arguments. Each of
// these once left the access unknown: "'Traits<M>::STRIDE' is not declared" (a primary template without a
// body hid its specializations), "'KV::STRIDE' is not declared" (a static's initializer did not see the
// class's aliases), and "'L::OFF_B' is not declared" (the object init() returned had lost M).
#include <cstdint>

enum class Model { Narrow, Wide };

template <Model M>
struct Traits;

template <>
struct Traits<Model::Narrow> {
  static constexpr int ROW_BYTES = 128;
};

template <>
struct Traits<Model::Wide> {
  static constexpr int ROW_BYTES = 132;
};

template <Model M>
struct Layout {
  using KV = Traits<M>;
  static constexpr int ROWS = 32;
  static constexpr int OFF_A = 0;
  static constexpr int OFF_B = OFF_A + ROWS * KV::ROW_BYTES;
};

template <Model M>
struct Ptrs {
  using L = Layout<M>;
  char *base;
  __device__ static Ptrs init(char *b) { return Ptrs{b}; }
  __device__ float *a() const { return reinterpret_cast<float *>(base + L::OFF_A); }
  __device__ float *b() const { return reinterpret_cast<float *>(base + L::OFF_B); }
};

// 32 rows of 128 bytes: a lane per row puts every lane on bank 0; rows of 132 bytes are padded.
template <Model M>
__global__ void rowPerLane(float *out) {
  extern __shared__ char smem[];
  using P = Ptrs<M>;
  P p = P::init(smem);
  const int rowWords = Traits<M>::ROW_BYTES / 4;
  p.a()[threadIdx.x * rowWords] = 1.0f;  // expect: store ways=32
  p.b()[threadIdx.x] = 2.0f;             // expect: store ok
  __syncthreads();
  out[threadIdx.x] = p.b()[threadIdx.x * 2];  // expect: load ways=2
}
template __global__ void rowPerLane<Model::Narrow>(float *);

template <Model M>
__global__ void paddedRows(float *out) {
  extern __shared__ char smem[];
  auto p = Ptrs<M>::init(smem);
  const int rowWords = Layout<M>::KV::ROW_BYTES / 4;
  p.a()[threadIdx.x * rowWords] = 1.0f;  // expect: store ok
  __syncthreads();
  out[threadIdx.x] = p.b()[threadIdx.x * 4];  // expect: load ways=4
}
template __global__ void paddedRows<Model::Wide>(float *);
