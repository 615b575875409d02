// Indices read from memory (a plain load, __ldg, tex1Dfetch, tex2D, surf2Dread): the conflict degree
// depends on the data (bank-model.md section 6). Where the data only moves a lane by whole multiples of
// 32 words (128 bytes), each lane keeps its bank and the verdict is exact for any data.

__global__ void gatherReadOnly(const int *__restrict__ perm, float *out) {
  __shared__ float s[256];
  s[threadIdx.x] = threadIdx.x;                      // expect: store ok
  __syncthreads();
  out[threadIdx.x] = s[__ldg(&perm[threadIdx.x])];   // expect: load data-dependent
}

// A row per lane, read from memory.
__global__ void rowsFromMemory(const int *rowOf, float *out) {
  __shared__ float tile[8][32];
  __shared__ float padded[8][33];
  __shared__ float wide[8][64];
  int r = rowOf[blockIdx.x * blockDim.x + threadIdx.x];
  float v = tile[r][threadIdx.x];      // expect: load ok
  v += padded[r][threadIdx.x];         // expect: load data-dependent
  v += wide[r][threadIdx.x * 2];       // expect: load ways=2
  v += tile[r][threadIdx.x * 2 % 32];  // expect: load data-dependent
  out[threadIdx.x] = v;
}

// Per-lane bins, 32 words apart: each lane counts in its own bank whatever the bin.
__global__ void laneBins(const unsigned char *bytes, int *bins) {
  __shared__ int hist[64 * 32];
  for (int i = threadIdx.x; i < 64 * 32; i += blockDim.x) hist[i] = 0;   // expect: store ok
  __syncthreads();
  unsigned bin = bytes[blockIdx.x * blockDim.x + threadIdx.x] >> 2;
  atomicAdd(&hist[bin * 32 + threadIdx.x % 32], 1);                      // expect: atomic ok
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], hist[threadIdx.x]);                      // expect: load ok
}

// The vertex list of marching cubes: each thread's edge number comes from a lookup texture, and the
// list is laid out edge by edge with one column per thread.
#define NTHREADS 32
__global__ void edgeVertices(cudaTextureObject_t triTable, const unsigned *cubes, float *out) {
  __shared__ float vertlist[12 * NTHREADS];
  for (int e = 0; e < 12; e++) vertlist[e * NTHREADS + threadIdx.x] = e;   // expect: store ok
  __syncthreads();
  unsigned cube = cubes[blockIdx.x * NTHREADS + threadIdx.x];
  unsigned edge = tex1Dfetch<unsigned>(triTable, cube * 16);
  out[threadIdx.x] = vertlist[edge * NTHREADS + threadIdx.x];   // expect: load ok
}

__global__ void binsFromImage(cudaTextureObject_t image, cudaSurfaceObject_t labels, int *bins) {
  __shared__ int hist[64];
  hist[threadIdx.x % 64] = 0;                                        // expect: store ok
  __syncthreads();
  float v = tex2D<float>(image, threadIdx.x, blockIdx.x);
  atomicAdd(&hist[(int) (v * 63.0f)], 1);                            // expect: atomic data-dependent
  int label = surf2Dread<int>(labels, threadIdx.x * 4, blockIdx.x);
  atomicAdd(&hist[label & 63], 1);                                   // expect: atomic data-dependent
}

// Members of structs and vectors read from memory are data too; a struct parameter's member is one value
// for the whole warp. Byte counters 64 bytes apart per bin (cuda-samples' histogram64, laid out for 16
// banks): with 32 banks a bin moves a lane by half a bank row, so lanes 0 and 16, which share a word in
// one bin, may meet on bank 0 in different bins: 1-way at best, 2-way at worst.
struct Entry { int row; int col; };
struct Layout { int base; int pitch; };
__global__ void structIndices(const Entry *entries, const uint4 *words, Layout layout, float *out) {
  __shared__ float tile[8][32];
  __shared__ unsigned char bytes[64 * 64];
  Entry e = entries[blockIdx.x * 32 + threadIdx.x];
  float v = tile[e.row][threadIdx.x];                     // expect: load ok
  v += tile[e.col % 8][layout.base % 32];                 // expect: load data-dependent
  out[layout.base + threadIdx.x] = v;
  uint4 w = words[blockIdx.x * 32 + threadIdx.x];
  unsigned bin = (w.x >> 2) & 63;
  bytes[bin * 64 + threadIdx.x % 16 * 4 + threadIdx.x / 16] = 1;   // expect: store data-dependent
}

// An element's address differs between lanes: what is read through it is data, not one value for the warp.
__global__ void throughAnAddress(const int *rows, float *out) {
  __shared__ float s[32 * 32];
  const int *mine = &rows[threadIdx.x];
  out[threadIdx.x] = s[*mine];                  // expect: load data-dependent
  const int *first = &rows[0];
  out[threadIdx.x] = s[*first + threadIdx.x];   // expect: load ok
}

// Lanes that read one address read one value: eight lanes per row index make at most 4 different words
// (4-way at worst, not 32); a member of one struct, and what is computed from it, the same. An atomic still
// counts every lane: lanes on one counter are served one after another.
__global__ void sharedIndices(const int *rowOf, const int2 *pairs, float *out) {
  __shared__ float s[32 * 32];
  __shared__ int hist[32 * 32];
  out[threadIdx.x] = s[rowOf[threadIdx.x / 8]];              // expect: load data-dependent worst=4
  out[threadIdx.x] += s[pairs[threadIdx.x / 4].y + 1];       // expect: load data-dependent worst=8
  atomicAdd(&hist[rowOf[threadIdx.x / 8]], 1);               // expect: atomic data-dependent worst=32
}
