// Values chosen by memory contents (bank-model.md section 6): a branch or ternary on data keeps both values
// it chooses between (tid or tid + 32: the lane's bank either way), and a loop whose trip count depends on
// data, such as a binary search, keeps bounds that hold in every iteration (begin and end stay within the
// range searched). Where bounds are all bankcheck knows, the worst case is the worst over those bounds: a
// search's iterations and its lanes are not independent, so the hardware may never reach it.

// One of two rows: the lane's bank is the same in both, so any choice is conflict-free. An even or odd word
// of a pair: lanes 0 and 16 can meet on bank 0 (words 0 and 32), 2-way at worst.
// bankcheck: block 64
__global__ void chosenRows(const int *flags, float *out) {
  __shared__ float rows[2 * 64];
  __shared__ float pairs[2 * 64];
  int tid = threadIdx.x;
  int row = flags[tid] > 0 ? 0 : 1;
  out[tid] = rows[row * 64 + tid];                          // expect: load ok
  float *p;
  if (flags[64 + tid] > 0) p = &pairs[2 * tid];
  else p = &pairs[2 * tid + 33];
  out[tid] += *p;                                           // expect: load data-dependent worst=2 best=1
}

__device__ int lowerBound(const int *a, int begin, int end, int key) {
  while (begin < end) {
    int mid = (begin + end) >> 1;
    if (a[mid] < key) begin = mid + 1; // expect: load data-dependent array=table worst=8 best=1; load ok array=splitters; load data-dependent array=starts worst=2 best=1
    else end = mid;
  }
  return begin;
}

// A sample sort's bucket search: 32 splitters, one word per bank, so whatever each lane's key, no two lanes
// meet on different words of a bank. The search in the 256-entry table can put 8 lanes on one bank (its 8
// words there): 8-way at worst.
// bankcheck: block 64
__global__ void buckets(const int *keys, int *out) {
  __shared__ int splitters[32];
  __shared__ int table[256];
  int tid = threadIdx.x;
  if (tid < 32) splitters[tid] = keys[tid];                 // expect: store ok
  for (int i = tid; i < 256; i += 64) table[i] = keys[32 + i]; // expect: store ok
  __syncthreads();
  int key = keys[512 + tid];
  int bucket = lowerBound(splitters, 0, 32, key);
  out[tid] = splitters[bucket & 31];                        // expect: load ok
  int slot = lowerBound(table, 0, 256, key);
  out[tid] += table[slot & 255];                            // expect: load data-dependent worst=8 best=1
}

// The key need not be data: a search for the lane's own index (which sequence a token belongs to, as
// TransformerEngine's context-parallel kernels find it) compares each lane's index with a value read from shared
// memory, so memory decides which lanes go which way, as it does where one value read by every lane chooses
// between two indices. bankcheck once reported both unknown ("changes differently in each lane", "depends on the
// condition"). A lane's search can end on any of the 64 words: 2-way at worst; 2 * tid or 0: 2-way at worst.
// bankcheck: block 64
__global__ void sequenceOfToken(const int *cuSeqlens, int *out) {
  __shared__ int starts[64];
  int tid = threadIdx.x;
  starts[tid] = cuSeqlens[tid];                             // expect: store ok
  __syncthreads();
  int seq = lowerBound(starts, 0, 64, tid + 1) - 1;
  out[tid] = tid - starts[seq & 63];                        // expect: load data-dependent worst=2 best=1
  int i = starts[0] <= tid ? 2 * tid : 0;                   // expect: load broadcast
  out[tid] += starts[i & 63];                               // expect: load data-dependent worst=2 best=1
}

// A vote decides for the whole warp: every lane goes the same way. A loop on __any_sync runs as often in every
// lane, so the row it ends on is one row for the warp (conflict-free across it); a stride chosen by __all_sync
// is 1 or 2 for all lanes at once: 2-way at worst, never a mix of the two.
// bankcheck: block 32
__global__ void votedRows(const int *in, float *out) {
  __shared__ float s[64 * 33];
  int lane = threadIdx.x;
  int i = 0;
  while (__any_sync(0xffffffffu, in[i * 32 + lane] > 0)) i++;
  out[lane] = s[(i & 63) * 33 + lane];                      // expect: load ok
  int t = __all_sync(0xffffffffu, in[lane] > 3) ? lane : 2 * lane;
  out[lane] += s[t];                                        // expect: load ways=2
}
