// Indices read from memory whose values are bounded (bank-model.md section 6): a mask or remainder by a
// constant (d & 7 is 0..7, d % 10 is 0..9), a clamp (max(0, min(d, 9))), a shift or division of such a
// value, a warp vote's lane (__ffs(__match_any_sync(...)) is 1..32: the calling lane's own bit is set) or a
// bit count. bankcheck enumerates the addresses each lane can take: where no choice of the data puts two
// lanes on different words of one bank the access is conflict-free for any data; otherwise it is
// data-dependent, with the worst case found exactly (the most lanes that can sit on different words of one
// bank at once) and the best case the best choice it finds.

#define WARPS 4

// Coalesced atomics (nvdiffrast's caAtomicAdd): the lanes with equal keys elect their lowest lane as leader,
// which clears a slot among its warp's 32 words; every lane adds into its leader's slot, and the leader adds
// the slot to global memory. Clearing and reading the slots are conflict-free whatever the keys (each warp's
// slots are 32 consecutive words, one per bank); the atomic is 32-way when every key is equal.
__global__ void coalescedAtomics(const int *keys, const float *val, float *grad) {
  __shared__ float slots[WARPS * 32];
  int lane = threadIdx.x & 31;
  int warp = threadIdx.x >> 5;
  int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
  int group = __match_any_sync(0xffffffffu, key);
  int leader = __ffs(group) - 1;
  float *slot = &slots[(warp << 5) + leader];
  if (leader == lane) *slot = 0.0f;                         // expect: store ok wavefronts=1 ideal=1
  __syncwarp();
  atomicAdd(slot, val[threadIdx.x]);                        // expect: atomic data-dependent worst=32 best=1
  __syncwarp();
  if (leader == lane) atomicAdd(&grad[key], *slot);         // expect: load ok
}

// A lane's own column in one of four rows: its bank is fixed, whatever the row. Eight words per lane
// (d & 7 past tid * 8): lanes 0, 4, ..., 28 can all reach bank 0 on different words, 8-way at worst.
__global__ void maskedOffsets(const int *d, float *out) {
  __shared__ float rows[4 * 32];
  __shared__ float blocks[32 * 8];
  int tid = threadIdx.x;
  int v = d[blockIdx.x * 32 + tid];
  rows[(v & 3) * 32 + tid] = 1.0f;                          // expect: store ok
  out[tid] = blocks[tid * 8 + (v & 7)];                     // expect: load data-dependent worst=8 best=1
}

// Bins from a remainder or a clamp: 10 bins, all in different banks, so any two lanes on one bank share its
// word; the atomic counts the lanes on one bin, up to all 32, and at least 4 (32 lanes in 10 bins).
__global__ void smallHistogram(const int *d, int *out) {
  __shared__ int bins[10];
  int tid = threadIdx.x;
  int v = d[blockIdx.x * 32 + tid];
  out[tid] = bins[v % 10];                                  // expect: load ok
  atomicAdd(&bins[v % 10], 1);                              // expect: atomic data-dependent worst=32 best=4
  out[tid] += bins[max(0, min(v, 9))];                      // expect: load ok
}

// A vote is the same in every lane, and so is its bit count: every lane reads one word, whatever the vote.
// A value one lane read and a shuffle broadcast is the same in every lane too: a queue's slot past it moves all
// lanes alike (the banks turn), conflict-free for any slot; a table row it picks is read by all lanes at once.
__global__ void voteCounts(const float *x, const int *rowOf, float *out, int *counter) {
  __shared__ float prefix[33];
  __shared__ float queue[1024];
  __shared__ float table[64 * 33];
  int tid = threadIdx.x;
  int lane = tid & 31;
  unsigned positive = __ballot_sync(0xffffffffu, x[tid] > 0.0f);
  out[tid] = prefix[__popc(positive)];                      // expect: load broadcast
  int slot = 0;
  if (lane == 0) slot = atomicAdd(counter, 32);
  slot = __shfl_sync(0xffffffffu, slot, 0);
  queue[(slot & 991) + lane] = x[tid];                      // expect: store ok
  int row = __shfl_sync(0xffffffffu, rowOf[tid], 0) & 63;
  out[tid] += table[row * 33 + lane];                       // expect: load ok
  out[tid] += table[row * 33];                              // expect: load broadcast
}

// Stream compaction: a lane's rank among the lanes that vote, __popc(vote & ((1u << lane) - 1)), counts the
// votes below it, so it is at most the lane: the ranks stay within words 0..31, conflict-free for any vote.
__global__ void compaction(const float *x, int *out) {
  __shared__ int queue[32];
  int lane = threadIdx.x & 31;
  bool keep = x[threadIdx.x] > 0.0f;
  unsigned vote = __ballot_sync(0xffffffffu, keep);
  if (keep) queue[__popc(vote & ((1u << lane) - 1))] = lane;   // expect: store ok
  __syncwarp();
  out[threadIdx.x] = queue[lane];                            // expect: load ok
}

void launchAll(const int *keys, const float *val, float *grad, int *counts) {
  coalescedAtomics<<<1, WARPS * 32>>>(keys, val, grad);
  maskedOffsets<<<1, 32>>>(keys, grad);
  smallHistogram<<<1, 32>>>(keys, counts);
  voteCounts<<<1, 32>>>(val, keys, grad, counts);
  compaction<<<1, 32>>>(val, counts);
}
