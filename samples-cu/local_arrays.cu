// A local array of integers with constant dimensions (up to 1024 elements) is followed element by element: an
// index table filled before the accesses (marlin's a_sh_rd_trans) gives each lane its address. An element
// read at an index that is not a constant, or after the array was used as a pointer, is unknown, as is
// every element a loop without a known trip count may write.

__device__ int swizzled(int row, int col) { return row * 32 + (col ^ (row % 32)); }
__device__ void zero(int *p) { p[0] = 0; }

// bankcheck: block 32
__global__ void indexTables(float *out, int n) {
  __shared__ float tile[32 * 33];
  __shared__ float sw[32 * 32];
  int rows[4];
#pragma unroll
  for (int i = 0; i < 4; i++) rows[i] = (threadIdx.x + 8 * i) * 33;  // padded rows: stride 33 words
  float acc = 0;
  for (int i = 0; i < 4; i++) acc += tile[rows[i]];  // expect: load ok
  int table[2][4];
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 4; j++) table[i][j] = swizzled(threadIdx.x, 8 * j + i);
  for (int j = 0; j < 4; j++) acc += sw[table[1][j]];  // expect: load ok
  int plain[2] = {0, 32};  // the rest zero
  acc += tile[plain[1] * threadIdx.x];  // expect: load ways=32
  out[threadIdx.x] = acc;
}

// bankcheck: block 32
__global__ void notFollowed(float *out, int n) {
  __shared__ float s[1024];
  int k[3];
  k[0] = threadIdx.x * 2;
  float acc = s[k[0]];  // expect: load ways=2
  // k[1] is never given a value
  acc += s[k[1]];  // expect: load unknown
  // a loop without a known trip count writes k[2] (some value of j, the same in every lane): k[0] is kept
  for (int j = 0; j < n; j++) k[2] = j;
  acc += s[k[0] + k[2]];  // expect: load ways=2
  // here it writes an element it picks as it runs: every element changes
  for (int j = 0; j < n; j++) k[j % 3] = j;
  acc += s[k[0]];  // expect: load unknown
  int z[2] = {1, 1};
  zero(z);  // the array as a pointer: what is written through it is not followed
  acc += s[z[0] * threadIdx.x];  // expect: load unknown
  int m[4] = {0, 1, 2, 3};
  // each lane reads its own element: 4 words, 8 lanes on each
  acc += s[m[threadIdx.x % 4] * 32];  // expect: load ways=4
  // an index that is not a constant
  acc += s[m[n % 4]];  // expect: load unknown
  out[threadIdx.x] = acc;
}
