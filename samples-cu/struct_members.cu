// Shared memory used through classes. A static member function that a kernel calls by its qualified name
// is run like any __device__ function, and so is a method called on a local object, with the members the
// object was made with (objects.cu has more). What bankcheck does not run or follow is listed as not
// analyzed, never dropped: a constructor no kernel runs, a shared address stored in an array of pointers, a
// subscript of a class object (its operator[]). On hardware, every access marked unknown below is a 32-way
// or 2-way conflict.

struct Tile {
  using value_type = float;  // a member type: parsed (the class was skipped before)
  static __device__ void store(float *s) {
    s[threadIdx.x * 32] = 1.0f;  // expect: store ways=32
  }
};

struct Scaled {
  float scale;
  __device__ float load(const float *s) const { return scale * s[threadIdx.x * 32]; }  // expect: load ways=32
};

struct Counter {
  __device__ Counter() {
    __shared__ int hits[32 * 32];
    hits[threadIdx.x * 32] = 0;  // expect: store unanalyzed-access
  }
};

struct View {
  float *row;
};

struct Vec4 {
  float4 v;
};

struct Buffer {
  float data[32 * 32];
  __device__ float &operator[](int i) { return data[i]; }
};

// bankcheck: block 32
__global__ void structMembers(float *out) {
  __shared__ float s[32 * 32];
  __shared__ float t[32 * 8];
  Tile::store(s);
  __syncthreads();
  Scaled scaled{2.0f};
  out[threadIdx.x] = scaled.load(s);
  View view{s};  // an aggregate: its member holds the address
  out[threadIdx.x] += view.row[threadIdx.x * 32];  // expect: load ways=32
  float *rows[2] = {s, t};  // expect: load unknown; load unknown
  out[threadIdx.x] += rows[1][threadIdx.x * 32];
  // a temporary built with braces is evaluated: its 16-byte load is analyzed
  Vec4 q = Vec4{*reinterpret_cast<const float4 *>(&t[threadIdx.x * 8])};  // expect: load ways=2 width=16
  out[threadIdx.x] += q.v.x;
  // a subscript of a class object runs its operator[]: the element it returns is stored to here (it was read as a
  // load of the object, then `unknown`)
  __shared__ Buffer buffer;
  buffer[threadIdx.x * 32] = 1.0f;  // expect: store ways=32
}

// A struct with a base class: the base's members come first in its layout (sizeof(Derived) is 16 bytes, a
// row of 4 words per lane: 4-way; until this version the base was left out, 4 bytes, and this read "ok"). An
// empty base takes no room.
struct Base3 {
  float a[3];
};
struct Derived : Base3 {
  float x;
};
struct Empty {};
struct Tagged : Empty {
  float v;
};

// bankcheck: block 32
__global__ void derivedLayouts(float *out) {
  __shared__ Derived d[32];
  __shared__ Tagged t[32];
  out[threadIdx.x] = d[threadIdx.x].x;      // expect: load ways=4
  out[threadIdx.x] += d[threadIdx.x].a[1];  // expect: load ways=4
  out[threadIdx.x] += t[threadIdx.x].v;     // expect: load ok
}
