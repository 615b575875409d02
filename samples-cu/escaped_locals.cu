// A local written where bankcheck does not look (through its address, by a lambda, which may also run
// where bankcheck does not follow it) is unknown from there on: keeping its old value would be a guess. On
// hardware, every store below is a 32-way conflict: the lane's index ends up in the variable. A reference
// parameter is followed, and a lambda's own accesses are analyzed where it runs.
__device__ void laneInto(unsigned *out);
__device__ void laneIntoRef(unsigned &out);

// bankcheck: block 32
__global__ void escapedLocals(float *out) {
  __shared__ float s[32 * 32];
  unsigned a = 0;
  laneInto(&a);
  s[a * 32] = 1.0f;                            // expect: store unknown
  unsigned b = 0;
  laneIntoRef(b);
  s[b * 32] = 2.0f;                            // expect: store ways=32
  unsigned c = 0;
  unsigned *pc = &c;
  *pc = threadIdx.x;
  s[c * 32] = 3.0f;                            // expect: store unknown
  unsigned d = 0;
  auto setLane = [&]() { d = threadIdx.x; };
  setLane();
  s[d * 32] = 4.0f;                            // expect: store unknown
  [&] { s[threadIdx.x * 32] = 5.0f; }();       // expect: store ways=32
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];           // expect: load ok
}

__device__ void laneInto(unsigned *out) { *out = threadIdx.x % 32; }
__device__ void laneIntoRef(unsigned &out) { out = threadIdx.x % 32; }
