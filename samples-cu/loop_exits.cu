// What a loop of unknown length leaves behind. After `for (k = 0; k < n; ++k)` a variable holds what the
// iterations made of it, or, if n <= 0, what it held before: both are checked and the worst is named. A lane
// that leaves a loop at its own iteration (a condition that differs between lanes, a break taken by some
// lanes) ends with its own count: what depends on the count is no longer one value for the warp. A break
// under a condition the tool cannot decide leaves the values it had at the break, also checked.

// Zero iterations keep the conflict-free column; any iteration makes it a 32-way row walk.
__global__ void maybeNoIteration(float *out, int n) {
  __shared__ float s[32 * 33];
  int c = threadIdx.x;
  for (int k = 0; k < n; ++k) c = threadIdx.x * 32;
  out[threadIdx.x] = s[c];  // expect: load ways=32
}

// The other way round: only the case without iterations conflicts.
__global__ void conflictOnlyWithoutIterations(float *out, int n) {
  __shared__ float s[32 * 33];
  int c = threadIdx.x * 32;
  int d = threadIdx.x;
  while (n > 0) {
    c = d + 1;
    n--;
  }
  out[threadIdx.x] = s[c];  // expect: load ways=32
}

// A do-while runs at least once: the value from before it never reaches the read.
__global__ void doWhileRunsOnce(float *out, int n) {
  __shared__ float s[32 * 33];
  int c = threadIdx.x * 32;
  do {
    c = threadIdx.x;
  } while (--n > 0);
  out[threadIdx.x] = s[c];  // expect: load ok
}

// Each lane counts up to its own zero in memory: the index is as unknown as the data.
__global__ void searchPerLane(const int *in, float *out, int n) {
  __shared__ float s[32 * 33];
  int i = 0;
  while (i < n && in[threadIdx.x * 64 + i] != 0) i++;
  out[threadIdx.x] = s[i * 32];  // expect: load data-dependent
}

// A break some lanes take: each lane leaves at its own iteration, so lanes' counts differ.
__global__ void breakPerLane(const int *in, float *out) {
  __shared__ float s[32 * 33];
  int i = 0;
  for (;; i++) {
    if (in[threadIdx.x * 64 + i] == 0) break;
  }
  out[threadIdx.x] = s[i * 32];  // expect: load unknown
}

// The lanes that did not run the loop keep their own values: lanes 0-15 moved by the trip count, the
// others did not, so which lanes collide depends on n.
__global__ void halfTheWarpLoops(float *out, int n) {
  __shared__ float s[32 * 33];
  int c = threadIdx.x;
  if (threadIdx.x < 16) {
    for (int k = 0; k < n; ++k) c += 1;
  }
  out[threadIdx.x] = s[c];  // expect: load unknown
}

// A warp-uniform break: the value at the break (a 32-way stride) is one of the ways out of the loop.
__global__ void valueAtTheBreak(float *out, int n, int stop) {
  __shared__ float s[32 * 33];
  int c = threadIdx.x;
  for (int k = 0; k < n; ++k) {
    c = threadIdx.x * 32;
    if (stop == k) break;
    c = threadIdx.x;
  }
  out[threadIdx.x] = s[c];  // expect: load ways=32
}

// An object changed by some lanes only (a heap's thread-local candidate) still holds its shared pointer:
// the method that writes through it is analyzed.
struct Candidates {
  float *slots;
  float best;

  __device__ Candidates(float *smem) : slots(smem), best(0.0f) {}

  __device__ void offer(float v) { best = v > best ? v : best; }

  __device__ void publish() {
    if (threadIdx.x % 32 == 0) slots[threadIdx.x / 32] = best;  // expect: store ok
    slots[threadIdx.x * 2] = best;                              // expect: store ways=2
  }
};

__global__ void someLanesOffer(const float *in, float *out, int n) {
  __shared__ float smem[64];
  Candidates c(smem);
  if (threadIdx.x < n) c.offer(in[threadIdx.x]);
  c.publish();
  out[threadIdx.x] = smem[threadIdx.x];  // expect: load ok
}
