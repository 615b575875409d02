// Accesses through pointers into a __shared__ array are accesses of that array (via = pointer).
// Taking an address alone is not an access.

// p = s + 32: p[tid] is a rotated identity (ok). col = &tile[0][y]: col[32*tid] walks a column
// (32-way). q = &s[tid] reads nothing; *q = 1 is a stride-1 store (ok).
__global__ void throughPointers(float *out) {
  __shared__ float s[256];
  __shared__ float tile[32][32];
  int tid = threadIdx.x;
  float *p = s + 32;
  float *col = &tile[0][threadIdx.y];
  float *q = &s[tid];
  out[tid] = p[tid];         // expect: load ok array=s via=p
  out[tid] += col[32 * tid]; // expect: load ways=32 array=tile via=col
  *q = 1.0f;                 // expect: store ok array=s via=q
}

// Dynamic shared memory (size given at launch) is analyzed like a fixed array: stride 4.
extern __shared__ float dyn[];
__global__ void dynamicShared(float *out) {
  int tid = threadIdx.x;
  out[tid] = dyn[4 * tid];   // expect: load ways=4 array=dyn
}

// Double buffering: two pointers swapped in a loop of unknown length hold, after any number of iterations,
// either their first values or each other's; both cases are checked. The padded rows are conflict-free
// either way; the column read after the loop is 32-way in both buffers.
// bankcheck: block 32
__global__ void pingPong(float *out, int steps) {
  __shared__ float buf[2 * 32 * 33];
  float *cur = buf;
  float *next = buf + 32 * 33;
  for (int it = 0; it < steps; ++it) {
    next[threadIdx.x * 33] = cur[threadIdx.x * 33] + 1.0f;  // expect: store ok; load ok
    __syncthreads();
    float *tmp = cur;
    cur = next;
    next = tmp;
  }
  out[threadIdx.x] = cur[threadIdx.x * 32];  // expect: load ways=32
}

// A pointer that a flag known only at run time aims at shared memory or leaves on global memory (cuML's
// UMAP kernel stages its gradients this way, with a template flag). Where it points to global memory no
// shared access is made, so the shared case is what is checked, and the note says so: each lane's 32-float
// row starts in one bank (32-way).
__global__ void stagedOrDirect(float *grads, int dim, bool stageInShared) {
  __shared__ float stage[32 * 32];
  float *acc = grads + (blockIdx.x * blockDim.x + threadIdx.x) * dim;
  if (stageInShared) acc = stage + threadIdx.x * 32;
  for (int d = 0; d < 4; ++d) acc[d] += 1.0f;  // expect: load ways=32 via=acc; store ways=32 via=acc
}

// Dynamic shared memory seen as a struct through a reference cast (the CUTLASS and FlashInfer way): the
// accesses through it are accesses of 'smem' at the members' offsets. Until this version they were lost.
struct Storage {
  float q[32][32];
  float k[32][33];
};
__global__ void referenceToStorage(float *out) {
  extern __shared__ unsigned char smem[];
  Storage &st = reinterpret_cast<Storage &>(smem);
  st.q[threadIdx.x][0] = out[threadIdx.x];                     // expect: store ways=32
  st.k[threadIdx.x][0] = out[threadIdx.x];                     // expect: store ok
  out[threadIdx.x] = reinterpret_cast<float &>(smem[4 * threadIdx.x]);  // expect: load ok
  out[threadIdx.x] += ((Storage &)smem).k[0][threadIdx.x * 2];          // expect: load ways=2
}

// Two arrays of one name, one in each branch, reached through one helper's parameter: each call's lanes are in
// one array. bankcheck once compared the second call's array with the first's and left that call's lanes out
// ("lanes point into different shared arrays ('boxes' and 'boxes')"; 'unknown' where no other call was left:
// mmcv's rotated NMS, 'block_boxes'). Rows of 4 words are 4-way, of 5 conflict-free: the worst is the first.
__device__ float secondOf(const float *box) { return box[1]; }  // expect: load ways=4

__global__ void sameNameInEachBranch(const float *in, float *out, int mode) {
  if (mode == 1) {
    __shared__ float boxes[64 * 5];
    boxes[threadIdx.x * 4] = in[threadIdx.x];  // expect: store ways=4
    __syncthreads();
    out[threadIdx.x] = secondOf(boxes + threadIdx.x * 4);
  } else {
    __shared__ float boxes[64 * 5];
    boxes[threadIdx.x * 5] = in[threadIdx.x];  // expect: store ok
    __syncthreads();
    out[threadIdx.x] = secondOf(boxes + threadIdx.x * 5);
  }
}
