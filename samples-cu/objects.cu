// Objects that hold shared memory: a helper class given the shared arrays in its constructor (faiss's
// BlockSelect, a queue, a view) keeps the pointers in its members, and its methods make the accesses.
// bankcheck follows the members of a local object from its construction (the constructor's initializer
// list and body, default member initializers, or the members in order for an aggregate) through its
// methods, copies and member writes. A loop that calls a method changes only the members the method writes.

// A per-warp queue in shared memory: the constructor picks the warp's slice.
struct WarpQueue {
  float *base;
  int count = 0;
  int stride;

  __device__ WarpQueue(float *smem, int rowStride) : base(smem + (threadIdx.x / 32) * 64), stride(rowStride) {}

  __device__ void push(float v) {
    base[(threadIdx.x % 32) * stride] = v;  // expect: store ways=2
    ++count;
  }

  __device__ float front() const { return this->base[threadIdx.x % 32]; }  // expect: load ok
};

__global__ void queueKernel(const float *in, float *out, int n) {
  __shared__ float s[4 * 64];
  WarpQueue q(s, 2);  // a stride of 2 words: lanes 0 and 16 share a bank
  q.push(in[threadIdx.x]);
  // pushes in a loop with a trip count only known at run time change the count, not the pointer
  for (int i = threadIdx.x; i < n; i += blockDim.x) q.push(in[i]);
  out[threadIdx.x] = q.front();
}

// A view advanced by a method: after a loop of unknown length its pointer is one address for the warp,
// somewhere in s, so p[threadIdx.x] is conflict-free wherever it is.
struct Cursor {
  float *p;
  __device__ void advance() { p += 33; }
  __device__ float get() const { return p[threadIdx.x]; }  // expect: load ok
};

__global__ void cursorKernel(float *out, int n) {
  __shared__ float s[32 * 64];
  Cursor c{s};  // an aggregate: its members in order
  out[threadIdx.x] = c.get();
  for (int i = 0; i < n; ++i) c.advance();
  out[threadIdx.x] += c.get();
}

// Launch configurations as values: a constexpr function returning a struct, a member written, a copy.
struct TileConfig {
  int rowWords;
  int rows;
};

__device__ constexpr TileConfig tileConfig(bool padded) { return padded ? TileConfig{33, 32} : TileConfig{32, 32}; }

__global__ void configKernel(float *out) {
  __shared__ float tile[32 * 33];
  constexpr TileConfig padded = tileConfig(true);
  TileConfig plain = {32, 32};
  out[threadIdx.x] = tile[threadIdx.x * padded.rowWords];   // expect: load ok
  out[threadIdx.x] += tile[threadIdx.x * plain.rowWords];   // expect: load ways=32
  TileConfig copy = plain;
  copy.rowWords = 1;
  out[threadIdx.x] += tile[threadIdx.x * copy.rowWords];    // expect: load ok
  out[threadIdx.x] += tile[plain.rows * threadIdx.x];       // expect: load ways=32
}

// An object passed by reference: the callee's method call writes the caller's object.
struct Ring {
  float *slots;
  int head;
  __device__ Ring(float *smem) : slots(smem), head(0) {}
  __device__ void put(float v) {
    slots[head * 32 + threadIdx.x] = v;  // expect: store ok
    head = head + 1;
  }
  __device__ void put2(float a, float b) {
    put(a);  // a sibling method runs on the same object
    put(b);
  }
};

__device__ void fill(Ring &r, float v) { r.put2(v, v); }

__global__ void ringKernel(float *out) {
  __shared__ float s[4 * 32];
  Ring r(s);
  fill(r, 1.0f);
  out[threadIdx.x] = s[r.head * 32 - 32 + threadIdx.x];  // expect: load ok
  out[threadIdx.x] += s[threadIdx.x * r.head];          // expect: load ways=2
}

// A constructor template (apex's layer-norm Reducer takes its Params this way) is run like any constructor,
// its template argument deduced from the call. It was a parse error that skipped the class. The 32-float
// rows start at word 4 (ways=32 on bank 4). 'final' is a name outside a declarator's virt-specifiers.
struct Params { int off; };
struct Stage {
  float *rows;
  template <class P>
  __device__ Stage(P &p, void *smem) : rows(static_cast<float *>(smem) + p.off) {}
  __device__ void put(float v) { rows[threadIdx.x * 32] = v; }  // expect: store ways=32
};

__global__ void stageKernel(float *out) {
  __shared__ float s[32 * 32 + 4];
  Params p{4};
  Stage stage(p, s);
  float final = out[threadIdx.x];
  if (threadIdx.x < 32) final += 1.0f;
  stage.put(final);
}

// A local union: writing one member ends the others' values (they share its storage), so the member written
// last is followed. Until this version no local union was followed: all three reads were unknown ("a member
// of 'slot' is written at line 123, and bankcheck follows member writes only in objects it saw made").
union Slot {
  int index;
  unsigned bits;
};

__global__ void unionKernel(float *out) {
  __shared__ float s[32 * 32];
  Slot slot;
  slot.index = threadIdx.x * 32;
  out[threadIdx.x] = s[slot.index];   // expect: load ways=32
  slot.bits = threadIdx.x;
  out[threadIdx.x] += s[slot.bits];   // expect: load ok
  out[threadIdx.x] += s[slot.index];  // expect: load unknown
}

// A member named through its class ('this->Base::f()', which calls Base's f even where the class has its own) is
// not followed: the access it indexes is unknown with that reason. Until this version the whole struct was a syntax
// error, and every other access in its file was lost with it.
struct RowBase {
  __device__ int row() const { return threadIdx.x; }
};

struct PaddedRow : RowBase {
  __device__ int row() const { return this->RowBase::row() * 33; }
};

__global__ void qualifiedKernel(float *out) {
  __shared__ float s[32 * 33];
  PaddedRow r;
  s[r.row()] = 1.0f;                  // expect: store unknown
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

void launchAll(float *buf) {
  queueKernel<<<1, 128>>>(buf, buf, 512);
  cursorKernel<<<1, 32>>>(buf, 4);
  configKernel<<<1, 32>>>(buf);
  ringKernel<<<1, 32>>>(buf);
  stageKernel<<<1, 32>>>(buf);
  unionKernel<<<1, 32>>>(buf);
  qualifiedKernel<<<1, 32>>>(buf);
}
