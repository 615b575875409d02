// One extern __shared__ buffer carved into three arrays, the usual way to get several
// dynamically sized arrays from one launch parameter:
//   a: n floats (a row of values), b: m floats (per-warp partials), c: int (key, index) pairs.
// Offsets: a at byte 0, b at 4n = 1024, c at 4(n + m) = 1280: all multiples of 128 bytes, so
// every array starts in bank 0 (for 4-byte accesses the base would not change a verdict anyway).
namespace carve {
constexpr int n = 256;
constexpr int m = 64;
constexpr size_t bytes = (n + m) * sizeof(float) + 2 * n * sizeof(int);
}  // namespace carve

// Block 256 (launch below).
// a[tid]: stride 1 (ok). Per-warp partials: lane 0 of each warp writes b[tid / 32], one lane
// (ok); warp 0 reads b[lane % 8], 8 words shared by 4 lanes each (ok, broadcast within a word).
// c as an array of (key, index) int pairs: c[2*tid] and c[2*tid + 1] are stride 2, 2-way each.
// The arg-max pass reads a[c[2*tid + 1]]: an index loaded from shared memory, data-dependent.
__global__ void carvedArgmax(const float *in, float *outMax, int *outIdx) {
  extern __shared__ float smem[];
  float *a = smem;
  float *b = (float *)&smem[carve::n];
  int *c = (int *)(b + carve::m);
  int tid = threadIdx.x;
  int lane = tid % 32;
  a[tid] = in[blockIdx.x * carve::n + tid];  // expect: store ok via=a
  __syncthreads();
  float v = a[tid];  // expect: load ok via=a
  for (int o = 16; o > 0; o /= 2) v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, o));
  if (lane == 0) b[tid / 32] = v;  // expect: store ok via=b
  c[2 * tid] = __float_as_int(v);  // expect: store ways=2 via=c
  c[2 * tid + 1] = tid;            // expect: store ways=2 via=c
  __syncthreads();
  if (tid < 32) {
    float w = b[lane % 8];  // expect: load ok via=b
    for (int o = 4; o > 0; o /= 2) w = fmaxf(w, __shfl_xor_sync(0xffffffffu, w, o));
    if (tid == 0) outMax[blockIdx.x] = w;
  }
  float again = a[c[2 * tid + 1]];  // expect: load data-dependent via=a; load ways=2 via=c
  if (again == v && lane == 0) outIdx[blockIdx.x] = tid;
}

void launchCarved(const float *in, float *outMax, int *outIdx, int rows) {
  carvedArgmax<<<rows, carve::n, carve::bytes>>>(in, outMax, outIdx);
}
