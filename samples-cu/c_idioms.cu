// C and GNU idioms of older CUDA code, followed as the compiler reads them: compound literals ((float2){a, b}),
// "typedef struct S S;", GNU statement expressions and __typeof__ (PPCG's ppcg_min), dim3 values made in device
// code, a vector type under a typedef, and a while loop whose condition declares its variable.

#define ppcg_min(x, y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })

typedef struct Node Node;
struct Node {
  int id;
  int next;
  Node *out;  // 8 bytes: a Node is 16 bytes, 4 words
};

typedef int2 Pair;
typedef uint4 Keys;

__device__ Pair pairOf(int a, int b) { return (Pair){a, b}; }

// bankcheck: block 32
__global__ void cStyle(float *out, const Node *nodes) {
  __shared__ float s[32 * 33];
  __shared__ Node pool[64];
  Pair p = pairOf(threadIdx.x * 2, 1);
  s[p.x] = 1.0f;  // expect: store ways=2
  Node *mine = pool + threadIdx.x;
  // one Node apart is 4 words apart
  mine->id = nodes[threadIdx.x].id;  // expect: store ways=4
  int row = ppcg_min((int)threadIdx.x * 33, 1023);
  out[0] = s[row];  // expect: load ok
  Keys k;
  k.y = threadIdx.x * 32;
  out[1] = s[k.y];  // expect: load ways=32
}

// bankcheck: block 8x4
__global__ void deviceDim3(float *out) {
  __shared__ float t[10][10][10];
  dim3 at(threadIdx.x + 1, threadIdx.y + 1);
  // lanes 0 (x 0, y 0) and 26 (x 2, y 3) meet in bank 15: words 111 and 143
  t[at.z][at.y][at.x] = 1.0f;  // expect: store ways=2
  out[0] = t[0][at.y][at.x];  // expect: load ways=2
  if (threadIdx.x < 4) {
    dim3 even(threadIdx.x * 2, 0);  // made in 16 lanes only (its analysis failed: the others had no value)
    t[0][even.y][even.x] = 2.0f;  // expect: store ok
  }
}

// bankcheck: block 32
__global__ void ballotLoop(float *out, const int *work) {
  __shared__ float s[32 * 32];
  int pending = work[threadIdx.x];
  while (unsigned active = __ballot_sync(0xffffffffu, pending > 0)) {
    s[threadIdx.x * 32] += (float)active;  // expect: load ways=32; store ways=32
    // (the same address again)
    pending--;
  }
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}
