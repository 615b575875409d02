// A kernel template launched from a host function template: the template arguments (and the
// block shape built from them) come from the host template's callers, one level up. Each caller
// gives one run, analyzed with its own block shape: TILE = 32 with a 32x32 block and TILE = 16 with a
// 16x16 block (not the 16x16 block with the 32-wide tile, which no launch uses: its row store would
// look 2-way).
template <int TILE, typename T>
__global__ void transposeTile(const T *in, T *out) {
  __shared__ T tile[TILE][TILE];
  // row store: one row of 32 floats, or two rows of 16 floats (64 bytes apart): ok
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];  // expect: store ok
  __syncthreads();
  // column load: TILE = 32, rows 128 bytes apart: 32-way. TILE = 16, rows 64 bytes apart: lanes 0-15
  // alternate between banks 0 and 16, 8 words each (8-way). The worst is 32-way.
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expect: load ways=32
}

template <int TILE, typename T>
void launchTranspose(const T *in, T *out) {
  dim3 block(TILE, TILE);
  transposeTile<TILE, T><<<1, block>>>(in, out);
}

void run(const float *a, float *b, const float *c, float *d) {
  launchTranspose<32, float>(a, b);
  launchTranspose<16, float>(c, d);
}

// Template arguments given by host constants (ggml's "constexpr int K_VECS_PER_BLOCK = 32;" before
// the launch): W = 8, so lanes are 8 words apart, 8-way.
template <int W>
__global__ void strideOf(float *out) {
  __shared__ float s[32 * W];
  s[threadIdx.x * W] = 1.0f;  // expect: store ways=8
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
}

void runStride(float *out) {
  constexpr int W = 8;
  strideOf<W><<<1, 32>>>(out);
}
