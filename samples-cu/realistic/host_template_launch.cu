// A kernel template launched from a host function template: the template arguments (and the
// block shape built from them) come from the host template's callers, one level up. Each caller
// gives one run, analyzed with its own block shape: TILE = 32, float with a 32x32 block and
// TILE = 16, double with a 16x16 block (not the 16x16 block with the float tile, which no launch uses).
template <int TILE, typename T>
__global__ void transposeTile(const T *in, T *out) {
  __shared__ T tile[TILE][TILE];
  // row store: float 32 lanes in one row, double 16 lanes per half-warp in one row: ok
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * TILE + threadIdx.x];  // expect: store ok
  __syncthreads();
  // column load: float rows are 128 bytes apart (32-way), double rows 128 bytes (16-way per half-warp)
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];  // expect: load ways=32
}

template <int TILE, typename T>
void launchTranspose(const T *in, T *out) {
  dim3 block(TILE, TILE);
  transposeTile<TILE, T><<<1, block>>>(in, out);
}

void run(const float *a, float *b, const double *c, double *d) {
  launchTranspose<32, float>(a, b);
  launchTranspose<16, double>(c, d);
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
