// Work-efficient (Blelloch) exclusive scan of 512 elements by 256 threads (GPU Gems 3, ch. 39),
// first as written in the chapter's naive listing, then with the padding macro for 32 banks.
constexpr int kThreads = 256;
constexpr int kN = 2 * kThreads;

// Naive: each thread loads temp[2*thid] and temp[2*thid + 1] (stride 2: 2-way). Up-sweep with
// offset = 1, 2, 4, ... and d = 256, 128, ...: active lanes thid < d access
// ai = offset*(2*thid + 1) - 1 and bi = ai + offset, lane stride 2*offset words:
// offset 1: 2-way, 2: 4-way, 4: 8-way, 8: stride 16 over 32 lanes, 16-way; offset 16: stride 32
// but only 16 lanes (d = 16), 16-way; offset 32: 8 lanes, 8-way. Worst 16-way.
// The down-sweep visits the same (offset, d) pairs in reverse: worst 16-way again.
// bankcheck: block 256
__global__ void prescanNaive(float *g_odata, const float *g_idata) {
  __shared__ float temp[kN];
  int thid = threadIdx.x;
  int offset = 1;
  temp[2 * thid] = g_idata[2 * thid];          // expect: store ways=2
  temp[2 * thid + 1] = g_idata[2 * thid + 1];  // expect: store ways=2
  for (int d = kN >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      temp[bi] += temp[ai];  // expect: load ways=16; store ways=16; load ways=16
    }
    offset *= 2;
  }
  if (thid == 0) temp[kN - 1] = 0;  // expect: store ok
  for (int d = 1; d < kN; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int ai = offset * (2 * thid + 1) - 1;
      int bi = offset * (2 * thid + 2) - 1;
      float t = temp[ai];  // expect: load ways=16
      temp[ai] = temp[bi];  // expect: store ways=16; load ways=16
      temp[bi] += t;        // expect: load ways=16; store ways=16
    }
  }
  __syncthreads();
  g_odata[2 * thid] = temp[2 * thid];          // expect: load ways=2
  g_odata[2 * thid + 1] = temp[2 * thid + 1];  // expect: load ways=2
}

// With one padding word per 32 elements: index i is stored at i + (i >> 5). The loads use
// ai = thid, bi = thid + 256 (stride 1, and i >> 5 is warp-uniform there: ok). In the sweeps,
// lane t's index offset*(2t + 1) - 1 gains (offset*(2t + 1) - 1) >> 5, which for offset >= 16
// grows by one bank per lane and for offset < 16 shifts each group of 32/(2*offset) lanes by one
// bank into the holes the stride left (offset 4: banks 3, 11, 19, 27, then 4, 12, 20, 28, ...):
// every (offset, d) pair of both sweeps is conflict-free.
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(n) ((n) >> LOG_NUM_BANKS)

// bankcheck: block 256
__global__ void prescanPadded(float *g_odata, const float *g_idata) {
  __shared__ float temp[kN + kN / NUM_BANKS];
  int thid = threadIdx.x;
  int offset = 1;
  int ai = thid;
  int bi = thid + kN / 2;
  int bankOffsetA = CONFLICT_FREE_OFFSET(ai);
  int bankOffsetB = CONFLICT_FREE_OFFSET(bi);
  temp[ai + bankOffsetA] = g_idata[ai];  // expect: store ok
  temp[bi + bankOffsetB] = g_idata[bi];  // expect: store ok
  for (int d = kN >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      temp[b] += temp[a];  // expect: load ok; store ok; load ok
    }
    offset *= 2;
  }
  if (thid == 0) temp[kN - 1 + CONFLICT_FREE_OFFSET(kN - 1)] = 0;  // expect: store ok
  for (int d = 1; d < kN; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (thid < d) {
      int a = offset * (2 * thid + 1) - 1;
      int b = offset * (2 * thid + 2) - 1;
      a += CONFLICT_FREE_OFFSET(a);
      b += CONFLICT_FREE_OFFSET(b);
      float t = temp[a];  // expect: load ok
      temp[a] = temp[b];  // expect: store ok; load ok
      temp[b] += t;       // expect: load ok; store ok
    }
  }
  __syncthreads();
  g_odata[ai] = temp[ai + bankOffsetA];  // expect: load ok
  g_odata[bi] = temp[bi + bankOffsetB];  // expect: load ok
}
