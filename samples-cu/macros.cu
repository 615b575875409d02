// Object-like and function-like macros are expanded exactly as the preprocessor does,
// precedence included.

#define N 32
#define STRIDE 4
#define IDX33(r, c) r*33+c
#define IDX32(r, c) r*32+c
#define AT(a, i) (a)[(i) * STRIDE]
#define SQ(x) ((x) * (x))

// IDX32(tid + 1, 0) expands to tid + 1*32 + 0: stride 1 (ok), not (tid + 1)*32 (32-way).
// IDX33(tid + 1, 0) is tid + 33: ok. IDX32(tid, 0) is tid*32: 32-way. AT(s, tid) is stride 4.
// SQ(tid): word i*i; squares mod 32 fall in banks 0,1,4,9,16,17,25 only, and bank 4 gets 8 of them
// (i = 2, 6, 10, ..., 30), all distinct words: 8-way.
__global__ void macros(float *out) {
  __shared__ float s[N * N + 64];
  int tid = threadIdx.x;
  out[tid] = s[tid * STRIDE];        // expect: load ways=4
  out[tid] += s[IDX33(tid + 1, 0)];  // expect: load ok
  out[tid] += s[IDX32(tid + 1, 0)];  // expect: load ok
  out[tid] += s[IDX32(tid, 0)];      // expect: load ways=32
  out[tid] += AT(s, tid);            // expect: load ways=4
  out[tid] += s[SQ(tid)];            // expect: load ways=8
}
