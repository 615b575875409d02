// Objects that live in shared memory: a class whose members are the shared buffer (Rodinia's dwt2d keeps its
// transform buffer this way), with methods that index it, an operator[] that returns a reference into it and
// enumerators that size and pad it. A method called on such an object runs with each member a reference into
// the object, so its accesses are the object's; a subscript of the object runs its operator[], and the element
// it returns is read or written where the subscript is. Until this version the call read as a load of the
// object (a broadcast) and the subscript was `unknown`.

template <typename T, int SIZE_X, int ROWS>
class TransformBuffer {
 public:
  enum { STRIDE = SIZE_X / 2 + 2 };

 private:
  enum {
    BUFFER = STRIDE * ROWS,
    PADDING = 32 - ((BUFFER + 16) % 32),  // the odd half starts 16 banks after the even half
    ODD_OFFSET = BUFFER + PADDING,
  };
  T data[2 * BUFFER + PADDING];

 public:
  __device__ int columnOffset(int column) { return column / 2 + (column & 1) * ODD_OFFSET; }
  __device__ T &operator[](int index) { return data[index]; }
  // by value: the load is in the operator's return
  __device__ T at(int index) const { return data[index]; }  // expect: load ok

  template <bool SCALE>
  __device__ void scaleRow(int row, T factor) {
    if (SCALE) data[row * STRIDE + threadIdx.x] *= factor;  // expect: load ok; store ok
  }
};

template <int WIN_X>
class Transform {
  typedef TransformBuffer<float, WIN_X, 8> Buffer;
  Buffer buffer;
  enum { STRIDE = Buffer::STRIDE };

 public:
  __device__ void load(const float *in) {
    const int offset = buffer.columnOffset(threadIdx.x);
    // even lanes fill words 0-15 of the even half, odd lanes 16 banks on: conflict-free
    for (int row = 0; row < 8; row++) buffer[offset + row * STRIDE] = in[row * WIN_X + threadIdx.x];  // expect: store ok
  }
  __device__ float column(int row) { return buffer[threadIdx.x * STRIDE + row]; }  // expect: load ways=2
  __device__ void run(const float *in, float *out) {
    load(in);
    __syncthreads();
    buffer.template scaleRow<true>(1, 0.5f);
    out[threadIdx.x] = column(0) + buffer.at(threadIdx.x);
  }
  // the object is declared in a static member function called by the kernel
  __device__ static void launch(const float *in, float *out) {
    __shared__ Transform<WIN_X> transform;
    transform.run(in, out);
  }
};

template <int WIN_X>
__global__ void transformKernel(const float *in, float *out) {
  Transform<WIN_X>::launch(in, out);
}

template __global__ void transformKernel<64>(const float *, float *);

// An array of objects, one per warp, each with a method; a base class's method runs on its part of the object;
// a method called through a pointer to the object runs too.
struct Counter {
  int hits[64];
  __device__ void add(int lane) { hits[lane] += 1; }  // expect: load ok; store ok
};

struct Histogram : Counter {
  int total;
  __device__ void addStrided(int lane) { hits[lane * 2] += 1; }  // expect: load ways=2; store ways=2
  __device__ int &last() { return total; }
  __device__ void reset() { this->total = 0; }  // expect: store ok
};

// bankcheck: block 128
__global__ void perWarpObjects(float *out) {
  __shared__ Histogram perWarp[4];
  Histogram *mine = &perWarp[threadIdx.x / 32];
  perWarp[threadIdx.x / 32].add(threadIdx.x % 32);
  mine->addStrided(threadIdx.x % 32);
  // a reference a method returns is written where it is called: every lane of a warp on one word
  if (threadIdx.x % 32 == 0) mine->last() = 0;  // expect: store ok
  if (threadIdx.x % 32 == 1) mine->reset();
  out[threadIdx.x] = mine->hits[threadIdx.x % 32];  // expect: load ok
}

// A function that returns a reference into shared memory: the access is made where it is called, a load or a
// store as used there (until this version it was a load at the function's return, also for a store).
__device__ float &element(float *tile, int row, int col) { return tile[row * 32 + col]; }

// bankcheck: block 32
__global__ void referenceReturns(float *out) {
  __shared__ float tile[32 * 32];
  element(tile, threadIdx.x, 0) = 1.0f;  // expect: store ways=32
  __syncthreads();
  out[threadIdx.x] = element(tile, 0, threadIdx.x);  // expect: load ok
}
