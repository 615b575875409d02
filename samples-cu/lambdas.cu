// Lambdas whose body parses are run where they are called: by the name they are stored in, where they are
// written ([&] { ... }()), or inside a function they are passed to (a template's parameter). They run among
// the variables around them (a capture by reference; a capture by value reads the same values unless the
// variables change after the lambda is made). A lambda that is never called where bankcheck follows it
// reports its uses of __shared__ memory as not analyzed at the end of the kernel (never dropped). Until this
// version no lambda was run: the atomic and the row read below were unknown. A function that declares
// __shared__ memory but is neither a kernel nor called by one by name (in real code, often a kernel whose
// __global__ hides in a macro of a header that was not read) is not analyzed either, and says so.

template <typename F>
__device__ void forEachRow(F f, int rows) {
  for (int r = 0; r < rows; ++r) f(r);
}

// bankcheck: block 32
__global__ void histogram(const int *in, unsigned *out, int nbins) {
  extern __shared__ unsigned bins[];
  for (int i = threadIdx.x; i < nbins; i += blockDim.x) bins[i] = 0;  // expect: store ok
  __syncthreads();
  auto add = [=](int bin) {
    atomicAdd(bins + bin, 1u);  // expect: atomic data-dependent
  };
  add(in[blockIdx.x * blockDim.x + threadIdx.x]);
  auto first = [&](int row) { return bins[row * 32 + threadIdx.x * 32]; };  // expect: load ways=32
  out[threadIdx.x] = first(0) + bins[threadIdx.x * 2];  // expect: load ways=2
  [&] { bins[threadIdx.x * 4] = 0; }();  // expect: store ways=4
  forEachRow([&](int r) { out[r] += bins[r * 33 + threadIdx.x]; }, 4);  // expect: load ok
  auto unused = [&](int i) { bins[i * 8] = 1; };  // expect: store unknown
}

// Not a kernel, and no kernel calls it by name: it is reported, not analyzed.
__device__ void unreached(float *out) {
  __shared__ float t[32][32];
  t[threadIdx.x][0] = 1.0f;  // expect: store unanalyzed-access
  out[threadIdx.x] = t[0][threadIdx.x];  // expect: load unanalyzed-access
}
