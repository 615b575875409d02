// WMMA fragments: which lane loads or stores which element in load_matrix_sync and store_matrix_sync is
// the compiler's choice (CUDA leaves the mapping unspecified), so these accesses are reported as not
// analyzed, with that reason. The tile's own staging loads and stores are analyzed as usual.
#include <mma.h>
using namespace nvcuda;

__global__ void tileProduct(const half *a, const half *b, float *c) {
  __shared__ half sa[16 * 16];
  __shared__ half sb[16 * 16];
  __shared__ float sc[16 * 16];
  for (int i = threadIdx.x; i < 16 * 16; i += 32) {
    sa[i] = a[i];   // expect: store ok
    sb[i] = b[i];   // expect: store ok
  }
  __syncthreads();
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.0f);
  wmma::load_matrix_sync(fa, sa, 16);   // expect: unknown
  wmma::load_matrix_sync(fb, sb, 16);   // expect: unknown
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(sc, fc, 16, wmma::mem_row_major);   // expect: store unknown
  __syncthreads();
  for (int i = threadIdx.x; i < 16 * 16; i += 32) c[i] = sc[i];   // expect: load ok
}
