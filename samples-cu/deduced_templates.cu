// Kernel templates launched without template arguments: bankcheck takes them from the declared types of the
// launch's arguments, as the compiler deduces them (T from a parameter declared T, T*, const T* or T&);
// arguments written at the launch come first. Where a pointer is set to shared memory or to other memory by a
// condition bankcheck cannot decide, its accesses are unknown with that condition named, never dropped.
// A host function template's arguments reach the launches in it, also when its caller gives a constant of
// its own; values written at a launch count even where others have no value. A functor made at the launch
// (Scale<2, float>(), Every<4>{}) gives its type, and the values of a class template's instance it is
// declared as (a parameter "const Scale<K, T> op" takes K and T from it).

template <typename T>
__global__ void stage(const T *in, T *out) {
  __shared__ T tile[64];
  tile[threadIdx.x] = in[threadIdx.x];  // expect: store ok width=8
  __syncthreads();
  // T = double: 16 bytes apart, lanes 0 and 8 of each half-warp share bank 0
  out[threadIdx.x] = tile[(threadIdx.x * 2) % 64];  // expect: load ways=2 width=8
}

template <int STRIDE, typename T>
__global__ void strided(T *out) {
  __shared__ T s[32 * STRIDE];
  s[threadIdx.x * STRIDE] = out[threadIdx.x];  // expect: store ways=4 width=4
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// use_shared is known only at run time: vals may be buf or dst. Where it is dst, no shared access is made,
// so the store is checked as one to buf (ok), noting that assumption.
__global__ void maybe_shared(float *dst, bool use_shared) {
  __shared__ float buf[64];
  float *vals = use_shared ? buf : dst;
  vals[threadIdx.x] = 1.0f;  // expect: store ok via=vals
  dst[threadIdx.x] = buf[threadIdx.x];  // expect: load ok
}

template <int STEP, typename T, int LIMIT>
__global__ void rows(T *out) {
  __shared__ float r[32 * 32];
  r[threadIdx.x * LIMIT] = out[threadIdx.x];  // expect: store ways=8
  out[threadIdx.x] = r[threadIdx.x * STEP];  // expect: load ways=2
}

template <typename T, int LIMIT>
void runRows(T *p) {
  rows<2, T, LIMIT><<<1, 32>>>(p);
}

// never called: its LIMIT has no value, the launch's 4 still counts
template <int STEP, int LIMIT>
__global__ void cols(float *out) {
  __shared__ float c[32 * 4];
  c[threadIdx.x * STEP] = out[threadIdx.x];  // expect: store ways=4
}

template <int LIMIT>
void runCols(float *p) {
  cols<4, LIMIT><<<1, 32>>>(p);
}

enum Factor { kOne = 1, kTwo = 2 };
template <int K, typename T> struct Scale {
  __device__ T operator()(T x) const { return x * K; }
};
template <int STEP> struct Every {
  static constexpr int kStep = STEP;
};

template <int K, typename T>
__global__ void scaled(T *out, const Scale<K, T> op) {
  __shared__ T v[32 * K];
  v[threadIdx.x * K] = op(out[threadIdx.x]);  // expect: store ways=2 width=4
  out[threadIdx.x] = v[threadIdx.x];  // expect: load ok
}

template <typename Op>
__global__ void stepped(float *out, Op) {
  __shared__ float w[32 * 8];
  w[threadIdx.x * Op::kStep] = out[threadIdx.x];  // expect: store ways=4
}

void run(const double *d_in, double *d_out, float *f, bool use_shared) {
  constexpr int kLimit = 8;
  runRows<unsigned, kLimit>((unsigned *) f);
  stage<<<1, 32>>>(d_in, d_out);
  float *staged = f + 64;
  strided<4><<<1, 32>>>(staged);
  maybe_shared<<<1, 32>>>(f, use_shared);
  scaled<<<1, 32>>>(f, Scale<kTwo, float>());  // a bare name is read as a type and a value: a value here
  stepped<<<1, 32>>>(f, Every<4>{});
}
