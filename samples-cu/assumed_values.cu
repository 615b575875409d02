// Values the file does not give. A kernel launched from another file reads its sizes at run time, so a
// stride made of them has no value here and the access is unknown. '// bankcheck: assume NAME=VALUE' before
// the kernel gives an integer parameter or a template parameter a value (several, comma-separated: each is
// analyzed, the worst reported); it takes the place of a launch's value in this file.

// One row per thread, rows of ld floats: 32-way at ld = 32, conflict-free at ld = 33. The worst is reported.
// bankcheck: block 256
// bankcheck: assume ld=33,32
__global__ void rowsPerThread(const float *in, float *out, int ld) {
  __shared__ float tile[256 * 33];
  tile[threadIdx.x * ld] = in[threadIdx.x];  // expect: store ways=32
  out[threadIdx.x] = tile[threadIdx.x];      // expect: load ok
}

// The same kernel with the padded width alone.
// bankcheck: block 256
// bankcheck: assume ld=33 (the padded pitch)
__global__ void paddedRows(const float *in, float *out, int ld) {
  __shared__ float tile[256 * 33];
  tile[threadIdx.x * ld] = in[threadIdx.x];  // expect: store ok
  out[threadIdx.x] = tile[threadIdx.x];      // expect: load ok
}

// Without the annotation the stride is unknown, and the reason says how to give it.
__global__ void runtimeStride(const float *in, float *out, int ld) {
  __shared__ float tile[256 * 33];
  tile[threadIdx.x * ld] = in[threadIdx.x];  // expect: store unknown
  out[threadIdx.x] = tile[threadIdx.x];      // expect: load ok
}

// A template that nothing in the file instantiates: its element type and step come from the annotation.
// bankcheck: assume T=double STEP=2
template <typename T, int STEP>
__global__ void templateWithoutLaunch(const T *in, T *out) {
  __shared__ T s[32 * 64];
  s[threadIdx.x * STEP] = in[threadIdx.x];  // expect: store ways=2 wavefronts=4 ideal=2 width=8
  out[threadIdx.x] = s[threadIdx.x];        // expect: load ok width=8
}

// A scan's mask from a runtime power of two: runs of `size` lanes, every other run skipped. Runs of 4 put
// lanes 0 and 16 on bank 0 (2-way); runs of 1024 are one run (conflict-free). The worst is reported.
// bankcheck: assume size=4,1024
__global__ void maskedScan(const unsigned *in, unsigned *out, unsigned size) {
  __shared__ unsigned s[2048];
  unsigned pos = 2 * threadIdx.x - (threadIdx.x & (size - 1));
  s[pos] = in[threadIdx.x];  // expect: store ways=2
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// The annotation wins over a launch's constant argument.
// bankcheck: assume ld=32
__global__ void launchedHere(const float *in, float *out, int ld) {
  __shared__ float tile[256 * 33];
  tile[threadIdx.x * ld] = in[threadIdx.x];  // expect: store ways=32
  out[threadIdx.x] = tile[threadIdx.x];      // expect: load ok
}

void launch(const float *in, float *out) { launchedHere<<<1, 32>>>(in, out, 33); }
