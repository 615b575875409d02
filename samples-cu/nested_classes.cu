// Classes nested in class templates and the block primitives built from them (the CUB and OpenCV cudev style):
// a TempStorage struct nested in the primitive, a reference member bound to it in shared memory, a method called
// on a temporary, a static member reached through a member type chosen by a trait with a computed argument
// (Dispatcher<N>::reductor), and "R::template reduce<...>" spelled with its disambiguator.

template <bool C, typename A, typename B> struct SelectIf { typedef A type; };
template <typename A, typename B> struct SelectIf<false, A, B> { typedef B type; };

template <typename T, int THREADS> struct BlockSum {
  // one padding word per 32: the tree's strided reads stay in distinct banks
  struct TempStorage { T partial[THREADS + THREADS / 32]; };
  TempStorage &temp;
  __device__ BlockSum(TempStorage &storage) : temp(storage) {}
  __device__ static int slot(int i) { return i + i / 32; }
  __device__ T sum(T v) {
    int t = threadIdx.x;
    temp.partial[slot(t)] = v;  // expect: store ok
    __syncthreads();
    // lane l reads element 2l + 1, 2 words apart, but the padding word after element 31 moves lanes 16-31 to
    // the even banks
    if (2 * t + 1 < THREADS) v += temp.partial[slot(2 * t + 1)];  // expect: load ok
    return v;
  }
};

// bankcheck: block 128
__global__ void blockSums(const float *in, float *out) {
  __shared__ typename BlockSum<float, 128>::TempStorage storage;
  float v = in[threadIdx.x];
  v = BlockSum<float, 128>(storage).sum(v);
  storage.partial[threadIdx.x * 4] = v;  // expect: store ways=4
  out[threadIdx.x] = v;
}

// A method of a base class, called on a temporary: it runs on the temporary's base subobject (until this version
// its accesses were lost silently; a named object's were not).
struct RowReader {
  float *rows;
  __device__ RowReader(float *r) : rows(r) {}
  __device__ float column(int c) const { return rows[threadIdx.x * 32 + c]; }  // expect: load ways=32
};
struct CheckedReader : RowReader {
  __device__ CheckedReader(float *r) : RowReader(r) {}
};

// bankcheck: block 32
__global__ void baseMethods(float *out) {
  __shared__ float rows[32 * 32];
  out[threadIdx.x] = CheckedReader(rows).column(1);
}

template <int N> struct WarpOptimized {
  template <typename P> __device__ static void reduce(P smem, unsigned tid) {
    smem[tid] += smem[tid + N / 2];  // expect: load ok; store ok; load ok
  }
};
template <int N> struct Generic {
  template <typename P> __device__ static void reduce(P smem, unsigned tid) {
    smem[tid * 2] += smem[tid * 2 + 1];  // expect: load ways=2; store ways=2; load ways=2
  }
};
template <int N> struct Dispatcher {
  typedef typename SelectIf<(N <= 32), WarpOptimized<N>, Generic<N> >::type reductor;
};

template <int N, typename T> __device__ void blockReduce(volatile T *smem, unsigned tid) {
  Dispatcher<N>::reductor::template reduce<volatile T *>(smem, tid);
}

// bankcheck: block 64
__global__ void reductions(float *out) {
  __shared__ float small[64];
  __shared__ float large[256];
  blockReduce<32>(small, threadIdx.x);
  blockReduce<256>(large, threadIdx.x);
  out[threadIdx.x] = small[0] + large[0];  // expect: load broadcast; load broadcast
}

template <int STRIDE> struct Rows {
  struct Row {
    __device__ static void put(float *s, int i) { s[i * STRIDE] = 1.0f; }  // expect: store ways=8
  };
  __device__ static void fill(float *s) { Row::put(s, threadIdx.x); }
};

// bankcheck: block 32
__global__ void nestedStatic(float *out) {
  __shared__ float s[32 * 8];
  Rows<8>::fill(s);
  Rows<8>::Row::put(s, threadIdx.x);
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

// A struct defined inside a class template is laid out with that instance's arguments: Packed<char> holds 8
// bytes and Packed<float> 32 (until this version the first instance's layout served them all, so the float
// rows read as conflict-free), also where an alias defines it, as TransformerEngine's Vec defines its union.
template <typename T> struct Packed {
  struct { T v[4]; } data;
  using Alias = union { float f; T elt[4]; };
  Alias alias;
};

// bankcheck: block 32
__global__ void nestedInstances(float *out) {
  __shared__ Packed<char> narrow[32];
  __shared__ Packed<float> wide[32];
  out[threadIdx.x] = narrow[threadIdx.x].data.v[0];  // expect: load ways=2
  out[threadIdx.x] = wide[threadIdx.x].data.v[0];  // expect: load ways=8
  out[threadIdx.x] = wide[threadIdx.x].alias.elt[1];  // expect: load ways=8
}

// Members are read in declaration order, as the compiler reads them: the alias after the enum sees BYTES
// (TransformerEngine's Vec picks its vector type so).
template <int BYTES> struct BytesToType {};
template <> struct BytesToType<16> { using Type = uint4; };
template <> struct BytesToType<8> { using Type = uint2; };
template <typename Elt, unsigned N> struct Vec {
  enum { BYTES = N * sizeof(Elt) };
  using Vec_type = typename BytesToType<BYTES>::Type;
  using Alias_type = union { Vec_type vec; Elt elt[N]; };
  Alias_type data;
};

// bankcheck: block 32
__global__ void vectorOfBytes(float *out) {
  __shared__ Vec<float, 4> four[32];
  __shared__ Vec<float, 2> two[32];
  out[threadIdx.x] = four[threadIdx.x].data.elt[0];  // expect: load ways=4
  out[threadIdx.x] = two[threadIdx.x].data.elt[1];  // expect: load ways=2
}
