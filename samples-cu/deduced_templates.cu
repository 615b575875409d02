// Kernel templates launched without template arguments: bankcheck takes them from the declared types of the
// launch's arguments, as the compiler deduces them (T from a parameter declared T, T*, const T* or T&);
// arguments written at the launch come first. Where a pointer is set to shared memory or to other memory by a
// condition bankcheck cannot decide, its accesses are unknown with that condition named, never dropped.

template <typename T>
__global__ void stage(const T *in, T *out) {
  __shared__ T tile[64];
  tile[threadIdx.x] = in[threadIdx.x];  // expect: store ok
  __syncthreads();
  // T = float: 2 words apart, 2-way; T = double: 16 bytes apart, 2-way per half-warp
  out[threadIdx.x] = tile[(threadIdx.x * 2) % 64];  // expect: load ways=2
}

template <int STRIDE, typename T>
__global__ void strided(T *out) {
  __shared__ T s[32 * STRIDE];
  s[threadIdx.x * STRIDE] = out[threadIdx.x];  // expect: store ways=4 width=4
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// no launch gives use_shared a value: vals may be buf or dst
template <bool use_shared>
__global__ void maybe_shared(float *dst) {
  __shared__ float buf[64];
  float *vals = use_shared ? buf : dst;
  vals[threadIdx.x] = 1.0f;  // expect: store unknown
}

void run(const double *d_in, double *d_out, float *f) {
  stage<<<1, 32>>>(d_in, d_out);
  float *staged = f + 64;
  stage<<<1, 32>>>(f, staged);
  strided<4><<<1, 32>>>(f);
}
