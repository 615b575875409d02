// Type dispatch as PyTorch extensions write it: the launch is in a lambda that a macro runs once per type,
// each time under its own 'using scalar_t = ...;'. bankcheck once found no launch in a lambda, and took an
// alias declared in two places in one function as no type: both kernels here were 'unknown' (no template
// argument). Without PyTorch's headers, AT_DISPATCH_FLOATING_TYPES and AT_DISPATCH_FLOATING_TYPES_AND_HALF
// are read as ATen/Dispatch.h defines them; this file defines a dispatch of its own, a switch as theirs is,
// so that nvcc compiles it (over two 4-byte types: the hardware check measures each line at one width).

enum class ScalarType { Float, Int };

#define DISPATCH_FLOAT_AND_INT(TYPE, NAME, ...)                                 \
  [&] {                                                                         \
    switch (TYPE) {                                                             \
      case ScalarType::Float: { using scalar_t = float; return __VA_ARGS__(); } \
      default: { using scalar_t = int; return __VA_ARGS__(); }                  \
    }                                                                           \
  }()

struct Tensor {
  void *ptr;
  ScalarType type;
  template <typename T> T *data_ptr() const { return static_cast<T *>(ptr); }
};

// A row per lane: every lane on bank 0, 32-way (for each type; the finding names the runs).
template <typename scalar_t>
__global__ void rowPerLane(const scalar_t *in, scalar_t *out) {
  __shared__ scalar_t tile[32][32];
  tile[threadIdx.x][0] = in[threadIdx.x];    // expect: store ways=32
  __syncthreads();
  out[threadIdx.x] = tile[0][threadIdx.x];   // expect: load ok
}

// Launched by a host function template whose scalar_t is deduced from data_ptr<scalar_t>(), a scalar_t*.
template <typename scalar_t>
__global__ void columnPerLane(const scalar_t *in, scalar_t *out) {
  __shared__ scalar_t tile[32][32];
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.x];   // expect: store ok
  __syncthreads();
  out[threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expect: load ways=32
}

template <typename scalar_t>
void columnPerLaneCuda(const scalar_t *in, scalar_t *out) {
  columnPerLane<<<1, dim3(32, 8)>>>(in, out);
}

void launch(const Tensor &in, Tensor &out) {
  DISPATCH_FLOAT_AND_INT(in.type, "rowPerLane", [&] {
    rowPerLane<scalar_t><<<1, 32>>>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>());
    columnPerLaneCuda(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>());
  });
}
