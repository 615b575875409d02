#include <cstdint>
#include <cuda_fp16.h>
#include <type_traits>

// Static members, static member functions and member types reached through types: a kernel's type
// parameter (Traits::kStride, typename KT::Element), an alias declared in the kernel (typedef or using), and
// class templates with partial specializations, picked the way the
// compiler picks them: the most specialized one that matches (ggml's mma tiles: typedef tile<8, 8, T>
// tile_B; ... tile_B::I). Where bankcheck cannot tell whether a specialization matches (a pattern such as
// unwrap<wrap<T>>), the access is unknown, never the primary template's or another specialization's value.

enum Layout { ROW_MAJOR, COL_MAJOR };

struct Wide {
  static constexpr int kStride = 4;
};

template <int I_, int J_, typename T, Layout L = ROW_MAJOR>
struct tile {};

template <int I_, int J_, typename T>
struct tile<I_, J_, T, ROW_MAJOR> {
  static constexpr int I = I_;
  static constexpr int J = J_;
  static constexpr int ne = I * J / 32;

  // the row a lane holds, as ggml's mma tiles compute it
  static __device__ int get_i(int l) {
    if constexpr (I == 16) {
      return threadIdx.x % 16;
    } else {
      return (threadIdx.x / 4) * 2 + l;
    }
  }
};

template <int I_, int J_, typename T>
struct tile<I_, J_, T, COL_MAJOR> {
  static constexpr int I = J_;
  static constexpr int J = I_;
};

template <int I_, int J_>
struct tile<I_, J_, double, ROW_MAJOR> {
  static constexpr int I = I_ * 2;
};

template <typename A, typename B>
struct pair_traits {};

template <typename A>
struct pair_traits<A, int> {
  static constexpr int kStride = 2;
};

template <typename B>
struct pair_traits<B *, int> {
  static constexpr int kStride = 3;
};

template <typename Traits>
__global__ void through_parameter(float *out) {
  __shared__ float s[32 * 8];
  out[0] = s[threadIdx.x * Traits::kStride];  // expect: load ways=4
}

template __global__ void through_parameter<Wide>(float *);

template <typename T>
__global__ void local_aliases(float *out) {
  __shared__ float s[32 * 32];
  typedef tile<8, 8, T> tile_B;                 // the default layout: the ROW_MAJOR specialization
  using tile_C = tile<8, 16, T, COL_MAJOR>;     // the COL_MAJOR one: I is J_
  out[0] = s[threadIdx.x * tile_B::I];  // expect: load ways=8
  out[1] = s[threadIdx.x * tile_C::I];  // expect: load ways=16
  out[2] = s[threadIdx.x * tile_B::ne];  // expect: load ways=2
  out[3] = s[threadIdx.x * tile<2, 2, double>::I];  // expect: load ways=4
  out[4] = s[(threadIdx.x % tile_B::J) * tile_B::J];  // expect: load ways=2
}

template __global__ void local_aliases<float>(float *);

template <typename A>
struct pair_traits<A, A> {
  static constexpr int kStride = 4;
};

template <typename T>
struct wrap {};

template <typename T>
struct unwrap {
  static constexpr int kStride = 1;
};

template <typename T>
struct unwrap<wrap<T>> {
  static constexpr int kStride = 8;
};

__global__ void patterns(float *out) {
  __shared__ float s[32 * 8];
  using pointer = pair_traits<float *, int>;    // B* is more specialized than A
  using plain = pair_traits<char, int>;         // B* does not match char
  using same = pair_traits<char, char>;         // A, A
  using wrapped = unwrap<wrap<float>>;          // a pattern bankcheck does not match
  out[0] = s[threadIdx.x * pointer::kStride];  // expect: load ok
  out[1] = s[threadIdx.x * plain::kStride];  // expect: load ways=2
  out[2] = s[threadIdx.x * same::kStride];  // expect: load ways=4
  out[3] = s[threadIdx.x * wrapped::kStride];  // expect: load unknown
}

// Member types: a traits struct in the style of flash-attention's Kernel_traits, and a class template
// whose specialization (picked by a template argument) names the tile types.
struct Kernel_traits {
  using Element = double;
  static constexpr int kBlockM = 2;
  using Tile = tile<4, 8, float>;
};

template <typename KT>
__global__ void traits_struct(double *out) {
  using Element = typename KT::Element;
  __shared__ Element s[32 * 8];
  out[0] = s[threadIdx.x];  // expect: load ok width=8 wavefronts=2 ideal=2
  out[1] = s[threadIdx.x * KT::kBlockM];  // expect: load ways=2 width=8
  out[2] = s[threadIdx.x * KT::Tile::I];  // expect: load ways=4 width=8
}

template __global__ void traits_struct<Kernel_traits>(double *);

template <int D, int ncols>
struct mma_tile_sizes {};

template <int D>
struct mma_tile_sizes<D, 8> {
  using T_B = tile<8, 8, float>;
};

template <int D>
struct mma_tile_sizes<D, 16> {
  typedef tile<4, 8, float> T_B;
};

template <int D, int ncols1, int ncols2>
__global__ void tile_sizes(float *out) {
  __shared__ float s[32 * 32];
  constexpr int ncols = ncols1 * ncols2;  // as ggml's flash attention computes it
  using T_B = typename mma_tile_sizes<D, ncols>::T_B;
  out[0] = s[threadIdx.x * T_B::I];  // expect: load ways=8
  out[1] = s[threadIdx.x * mma_tile_sizes<D, ncols>::T_B::J];  // expect: load ways=8
  // an argument written as an expression inside a name: tile<4, 8, float>
  out[2] = s[threadIdx.x * mma_tile_sizes<D, 2 * ncols>::T_B::I];  // expect: load ways=4
}

template __global__ void tile_sizes<64, 2, 4>(float *);

// A static member function through an alias runs in the specialization the alias names.
template <typename T>
__global__ void static_functions(float *out) {
  __shared__ float s[32 * 64];
  typedef tile<16, 8, T> tile_A;
  typedef tile<8, 8, T> tile_B;
  out[0] = s[tile_A::get_i(0) * 64];  // expect: load ways=16
  out[1] = s[tile_B::get_i(1) * 33];  // expect: load ok
}

template __global__ void static_functions<float>(float *);

// std::conditional_t<B, T, F> is T where B is a nonzero constant, F where it is zero: a traits class picks the
// padded storage (FlashInfer chooses its SharedStorage so). Without a value for B the access is unknown.
struct Plain { float q[32][32]; };
struct Padded { float q[32][33]; };
struct PadTraits { static constexpr bool kPad = true; };
struct NoPadTraits { static constexpr bool kPad = false; };
template <typename KT>
__global__ void chosenStorage(float *out) {
  extern __shared__ unsigned char smem[];
  using Storage = std::conditional_t<KT::kPad, Padded, Plain>;
  Storage &st = reinterpret_cast<Storage &>(smem);
  st.q[threadIdx.x][0] = out[threadIdx.x];  // expect: store ways=32
}
template __global__ void chosenStorage<PadTraits>(float *);
template __global__ void chosenStorage<NoPadTraits>(float *);

template <bool kPad>
__global__ void storageWithoutValue(float *out) {
  extern __shared__ unsigned char smem[];
  auto &st = reinterpret_cast<std::conditional_t<kPad, Padded, Plain> &>(smem);
  st.q[0][threadIdx.x] = out[threadIdx.x];  // expect: store unknown
}

// The pre-C++14 spelling, typename std::conditional<B, T, F>::type, is the same choice.
template <bool kPad>
__global__ void classicConditional(float *out) {
  extern __shared__ unsigned char smem[];
  using Storage = typename std::conditional<kPad, Padded, Plain>::type;
  Storage &st = reinterpret_cast<Storage &>(smem);
  st.q[threadIdx.x][0] = out[threadIdx.x];  // expect: store ok
}
template __global__ void classicConditional<true>(float *);

// Type traits pick code for a type as the compiler answers them: std::is_same_v<T, half> (half is __half),
// std::is_same<T, long>::value (int64_t is long on Linux, not long long), is_integral_v, is_floating_point_v.
// A branch a trait turns off is not run in that instantiation: the column store is 16-way with __half only,
// the 32-way load happens with float only, and the 8-byte one with int64_t only.
template <typename T>
__global__ void pickedByType(T *out) {
  __shared__ T s[32][32];
  if constexpr (std::is_same_v<T, half>) {
    s[threadIdx.x][0] = out[0];  // expect: store ways=16
  } else {
    s[0][threadIdx.x] = out[0];  // expect: store ok
  }
  __syncthreads();
  if (std::is_same<T, float>::value && std::is_floating_point_v<T>) {
    out[threadIdx.x] = s[threadIdx.x][1];  // expect: load ways=32
  }
  if constexpr (std::is_integral_v<T> && std::is_same<T, long>::value && !std::is_same_v<T, long long>) {
    out[threadIdx.x] = s[threadIdx.x % 4][threadIdx.x / 4 * 2];  // expect: load ways=4 width=8
  }
}
template __global__ void pickedByType<float>(float *);
template __global__ void pickedByType<half>(half *);
template __global__ void pickedByType<int64_t>(int64_t *);
