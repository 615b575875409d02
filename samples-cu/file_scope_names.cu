// Names in a type defined at file scope are the file's. A kernel's template parameter or local constant
// of the same name does not change the type: bankcheck once laid 'Row' and 'Quad' out with the kernel's N
// (one float), and reported their 4-way stores as conflict-free.
constexpr int N = 4;
struct Row { float v[N]; };
typedef float Quad[N];

template <int N>
__global__ void shadowedByParameter(float *out) {
  __shared__ Row rows[32];
  __shared__ Quad quads[32];
  __shared__ float flat[32 * N];
  rows[threadIdx.x].v[0] = 1.0f;   // expect: store ways=4
  quads[threadIdx.x][0] = 1.0f;    // expect: store ways=4
  flat[threadIdx.x * N] = 1.0f;    // expect: store ok
  __syncthreads();
  out[threadIdx.x] = rows[0].v[1] + quads[1][0] + flat[N];  // expect: load broadcast array=rows; load broadcast array=quads; load broadcast array=flat
}
template __global__ void shadowedByParameter<1>(float *);

__global__ void shadowedByLocal(float *out) {
  constexpr int N = 1;
  __shared__ Row rows[32];
  rows[threadIdx.x].v[0] = float(N);  // expect: store ways=4
  __syncthreads();
  out[threadIdx.x] = rows[0].v[0];  // expect: load broadcast
}

// An alias template reads its own arguments: Lane<4> is four floats wherever it is used, also in a kernel
// whose own K is 1 (it was read with the kernel's K).
template <int K>
using Lane = float[K];

template <int K>
__global__ void aliasTemplate(float *out) {
  __shared__ Lane<4> four[32];
  __shared__ Lane<3> three[32];
  __shared__ Lane<K> own[32];
  four[threadIdx.x][0] = 1.0f;   // expect: store ways=4
  three[threadIdx.x][0] = 1.0f;  // expect: store ok
  own[threadIdx.x][0] = 1.0f;    // expect: store ways=2
  __syncthreads();
  out[threadIdx.x] = four[0][1] + three[0][1] + own[0][0];  // expect: load broadcast array=four; load broadcast array=three; load broadcast array=own
}
template __global__ void aliasTemplate<2>(float *);

// Type parameters and defaults too: Packet<float> is two floats in a kernel whose own T is double.
template <typename T, int W = 2>
using Packet = T[W];

template <typename T>
__global__ void aliasOfType(T *out) {
  __shared__ Packet<float> two[32];
  __shared__ Packet<float, 4> four[32];
  __shared__ Packet<T, 1> own[32];
  two[threadIdx.x][0] = 1.0f;   // expect: store ways=2
  four[threadIdx.x][0] = 1.0f;  // expect: store ways=4
  own[threadIdx.x][0] = 1.0;    // expect: store ok
  __syncthreads();
  out[threadIdx.x] = two[0][1] + four[0][1];  // expect: load broadcast array=two; load broadcast array=four
  out[threadIdx.x] += own[0][0];               // expect: load broadcast
}
template __global__ void aliasOfType<double>(double *);
