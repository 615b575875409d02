// Kernels launched through the CUDA runtime API, as modern libraries launch them (FlashInfer,
// TensorRT-LLM, TransformerEngine): cudaLaunchKernelEx with a cudaLaunchConfig_t (for clusters and
// programmatic dependent launch), cudaLaunchKernelExC and cudaLaunchKernel with an argument array, and a
// lambda that launches the kernel it is given. Each gives the kernel its template arguments and block as
// k<<<g, b>>>(...) does; until this version none was a launch, and every access here was unknown
// ("template parameter 'STRIDE' has no value in this file").
#include <cuda_runtime.h>

enum class Mode { Packed, Padded };

// One row per lane: STRIDE words apart.
template <int STRIDE>
__global__ void rowPerLane(float *out, int n) {
  __shared__ float rows[64 * 32];
  rows[threadIdx.x * STRIDE] = 1.0f;  // expect: store ways=32
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x * n];  // expect: load ways=2
}

template <Mode M>
__global__ void tile(float *out) {
  constexpr int kPitch = M == Mode::Padded ? 33 : 32;
  __shared__ float t[32 * 33];
  t[threadIdx.y * kPitch + threadIdx.x] = 0.0f;  // expect: store ok
  __syncthreads();
  out[threadIdx.x] = t[threadIdx.x * kPitch + threadIdx.y];  // expect: load ways=32
}

template <typename T>
__global__ void gather(T *out) {
  __shared__ T v[64 * 2];
  out[threadIdx.x] = v[threadIdx.x * 2];  // expect: load ways=2
}

// A column of a 32x32 tile: with a 16x2 block, two columns of 16 lanes each.
__global__ void column(float *out) {
  __shared__ float c[32 * 32];
  out[threadIdx.x] = c[threadIdx.x * 32 + threadIdx.y];  // expect: load ways=16
}

template <int STRIDE>
cudaError_t launchRows(float *out, cudaStream_t stream) {
  auto kernel = &rowPerLane<STRIDE>;
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(16);
  config.blockDim = 64;
  config.dynamicSmemBytes = 0;
  config.stream = stream;
  return cudaLaunchKernelEx(&config, kernel, out, 2);
}

cudaError_t launchAll(float *out, double *wide, cudaStream_t stream) {
  cudaError_t err = launchRows<32>(out, stream);
  if (err != cudaSuccess) return err;

  // the block from an aggregate-initialized config (a 32x8 tile): packed rows, read column-wise
  dim3 block(32, 8);
  cudaLaunchConfig_t config{dim3(4), block, 0, stream, nullptr, 0};
  void *args[] = {(void *)&out};
  err = cudaLaunchKernelExC(&config, (const void *)tile<Mode::Packed>, args);
  if (err != cudaSuccess) return err;

  // a lambda that launches what it is given, as TransformerEngine's dispatch does
  auto launch = [&](auto kernel) { kernel<<<8, 128, 0, stream>>>(wide); };
  launch(gather<double>);

  return cudaLaunchKernel((void *)column, dim3(8), dim3(16, 2), args, 0, stream);
}
