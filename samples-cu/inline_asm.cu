// Inline PTX: bankcheck does not run it, but it must not keep a value the asm overwrote.
// mov.u32 %0, %%laneid; is the lane's index (threads are numbered x first, then y, then z).
// bankcheck: block 32x4
__global__ void laneFromPtx(float *out) {
  __shared__ float s[32 * 33];
  unsigned lane = 0;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  s[lane * 32] = 1.0f;                   // expect: store ways=32
  s[lane * 33] = 2.0f;                   // expect: store ok
  __syncthreads();
  out[threadIdx.x] = s[lane];            // expect: load ok
}

// Any other output is unknown: %warpid is the physical warp slot, not the warp's index in the block,
// and the value from before the asm (0) is gone.
__global__ void otherOutputs(float *out) {
  __shared__ float s[1024];
  int w = 0;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(w));
  s[w * 32 + threadIdx.x % 32] = 1.0f;   // expect: store unknown
  float a = 0.0f;
  asm("add.f32 %0, %1, %1;" : "=f"(a) : "f"(out[0]));
  asm volatile("bar.sync 0;" ::: "memory");
  out[threadIdx.x] = s[threadIdx.x] + a; // expect: load ok
}

// Shuffles and warp reductions in PTX are read as the intrinsics that do the same.
__device__ __forceinline__ int warpUniform(int x) {
  int result;
  asm volatile("shfl.sync.idx.b32 %0, %1, 0, 0x1f, 0xffffffff;" : "=r"(result) : "r"(x));
  return result;
}

// bankcheck: block 128
__global__ void shuffledInPtx(float *out) {
  __shared__ float s[4 * 32 * 33];
  int warp = warpUniform(threadIdx.x / 32);
  int lane = threadIdx.x % 32;
  s[warp * 32 * 33 + lane * 33] = 1.0f;  // expect: store ok
  int pair;
  asm("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, 0xffffffff;" : "=r"(pair) : "r"(lane));
  s[pair * 32] = 2.0f;                   // expect: store ways=32
  unsigned total;
  asm("redux.sync.add.u32 %0, %1, 0xffffffff;" : "=r"(total) : "r"(1u));
  __syncthreads();
  out[threadIdx.x] = s[total + lane];    // expect: load ok
}

// Shared memory accessed by PTX, at addresses from __cvta_generic_to_shared: ldmatrix (each 8 lanes give the
// 16-byte rows of one 8x8 matrix, served as a quarter-warp of 16-byte accesses), cp.async, ld.shared and
// st.shared. Rows of 64 halves (128 bytes) put a matrix's 8 rows on the same 4 banks: 8 passes; rows of 72
// (144 bytes) do not. PTX bankcheck does not run hands its shared addresses on as not analyzed.
// bankcheck: block 32
__global__ void ptxAccesses(float *out, const float4 *g) {
  __shared__ unsigned short tile[32][64];
  __shared__ unsigned short padded[32][72];
  __shared__ float4 stage[32];
  unsigned r0, r1, r2, r3;
  unsigned a = __cvta_generic_to_shared(&tile[threadIdx.x % 16][(threadIdx.x / 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3) : "r"(a));  // expect: load ways=8 width=16
  unsigned b = __cvta_generic_to_shared(&padded[threadIdx.x % 16][(threadIdx.x / 16) * 8]);
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0, %1}, [%2];" : "=r"(r0), "=r"(r1) : "r"(b));  // expect: load ok width=16
  // modifiers in another order, as ptxas takes them (LeetCUDA's LDMATRIX_X2_T)
  asm volatile("ldmatrix.sync.aligned.x2.trans.m8n8.shared.b16 {%0, %1}, [%2];\n" : "=r"(r0), "=r"(r1) : "r"(a));  // expect: load ways=8 width=16
  unsigned c = __cvta_generic_to_shared(&stage[threadIdx.x]);
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" :: "r"(c), "l"(&g[threadIdx.x]));  // expect: store ok width=16
  // the size as an immediate operand
  asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], %2;\n" ::"r"(c), "l"(&g[threadIdx.x]), "n"(16));  // expect: store ok width=16
  asm volatile("cp.async.wait_all;" ::: "memory");
  float x;
  asm volatile("ld.shared.f32 %0, [%1];" : "=f"(x) : "r"(c));  // expect: load ways=4 width=4
  asm volatile("st.shared.f32 [%0+4], %1;" :: "r"(c), "f"(x));  // expect: store ways=4 width=4
  asm volatile("st.shared.f32 [%0+8], %1;\n" :: "r"(c), "f"(x));  // expect: store ways=4 width=4
  asm volatile("prefetch.L1 [%0];" :: "l"(&tile[0][threadIdx.x]));  // expect: load unknown
  out[threadIdx.x] = x + r0 + r1 + r2 + r3;
}

// 1- and 2-byte ld/st.shared are sub-word accesses as in C (FlashInfer's flashkda kernels store bf16 values
// so): halves of consecutive lanes share words, 16 words in 16 banks; 128 bytes apart, all in bank 0. Until
// this version such an access was 'unknown', named a cp.async of another size.
__global__ void subWordPtx(const unsigned short *g, unsigned char *out) {
  __shared__ unsigned short h[32 * 64];
  unsigned a = __cvta_generic_to_shared(&h[threadIdx.x]);
  asm volatile("st.shared.b16 [%0], %1;" :: "r"(a), "h"(g[threadIdx.x]));  // expect: store ok width=2
  unsigned b = __cvta_generic_to_shared(&h[threadIdx.x * 64]);
  asm volatile("st.shared.b16 [%0], %1;" :: "r"(b), "h"(g[threadIdx.x]));  // expect: store ways=32 width=2
  unsigned short v;
  asm volatile("ld.shared.u8 %0, [%1];" : "=h"(v) : "r"(a));  // expect: load ok width=1
  out[threadIdx.x] = (unsigned char)v;
}

// A block of PTX that sets a predicate from an operand and copies under it (marlin's cp_async4_pred) is the
// copy where the operand says so: 4 lanes of each quarter-warp copy, 32 bytes apart, on distinct banks (all 8
// would put lanes 0 and 4 on bank 0). A cache policy made for the copy touches no memory.
// bankcheck: block 32
__global__ void predicatedCopies(const float4 *g, float *out) {
  __shared__ float4 rows[32][2];
  unsigned to = __cvta_generic_to_shared(&rows[threadIdx.x][0]);
  const int BYTES = 16;  // the size as a named constant, as marlin writes it
  asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %0, 0;\n @p cp.async.cg.shared.global [%1], [%2], %3;\n}\n"
               :: "r"((int)(threadIdx.x % 8 < 4)), "r"(to), "l"(&g[threadIdx.x]), "n"(BYTES));  // expect: store ok width=16
  asm volatile("{\n .reg .pred q;\n setp.eq.u32 q, %0, 0;\n @!q cp.async.cg.shared.global [%1], [%2], 16;\n}\n"
               :: "r"((int)(threadIdx.x % 8 >= 4)), "r"(to), "l"(&g[threadIdx.x]));  // expect: store ok width=16
  asm volatile("{\n .reg .b64 p;\n createpolicy.fractional.L2::evict_first.b64 p, 1.0;\n"
               " cp.async.cg.shared.global.L2::cache_hint [%0], [%1], 16, p;\n}\n" :: "r"(to), "l"(&g[threadIdx.x]));  // expect: store ways=2 width=16
  asm volatile("cp.async.wait_all;" ::: "memory");
  __syncthreads();
  out[threadIdx.x] = rows[threadIdx.x][1].x;  // expect: load ways=8 width=4
}

// The shared-window address made in PTX rather than by __cvta_generic_to_shared: TVM's code generator (and the
// kernels it wrote: AWQ, torchsparse) converts with cvta.to.shared, then feeds ldmatrix. Rows of 40 halves (80
// bytes) put the 8 rows of each 8x8 matrix on 8 different groups of banks: conflict-free.
__global__ void tvmStyleLdmatrix(unsigned *out) {
  __shared__ __align__(16) unsigned short a[64 * 40];
  unsigned addr;
  asm volatile("{ .reg .u64 addr; cvta.to.shared.u64 addr, %1; cvt.u32.u64 %0, addr; }"
               : "=r"(addr)
               : "l"((void *)(&a[(threadIdx.x & 15) * 40 + (threadIdx.x >> 4) * 8])));
  unsigned r0, r1, r2, r3;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16"
               "{%0, %1, %2, %3}, [%4];"
               : "=r"(r0), "=r"(r1), "=r"(r2), "=r"(r3)
               : "r"(addr));  // expect: load ok
  unsigned long long wide;
  asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(wide) : "l"(&a[threadIdx.x * 64]));
  asm volatile("ld.shared.u32 %0, [%1];" : "=r"(r0) : "l"(wide));  // expect: load ways=32
  out[threadIdx.x] = r0 + r1 + r2 + r3;
}

// stmatrix (sm_90) mirrors ldmatrix: each 8x8 matrix's 8 row addresses are one group. Rows 128 bytes apart put
// all 8 in one group of banks (8-way); rows of 144 bytes (padded by 8 halves) are conflict-free.
__global__ void stmatrixRows(const unsigned *in) {
  __shared__ __align__(16) unsigned short t[32 * 64];
  __shared__ __align__(16) unsigned short p[32 * 72];
  unsigned r0 = in[threadIdx.x], r1 = r0 + 1, r2 = r0 + 2, r3 = r0 + 3;
  unsigned dense = static_cast<unsigned>(__cvta_generic_to_shared(&t[threadIdx.x * 64]));
  unsigned padded = static_cast<unsigned>(__cvta_generic_to_shared(&p[threadIdx.x * 72]));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(dense), "r"(r0), "r"(r1), "r"(r2), "r"(r3));   // expect: store ways=8
  asm volatile("stmatrix.sync.aligned.x4.m8n8.shared.b16 [%0], {%1, %2, %3, %4};"
               :: "r"(padded), "r"(r0), "r"(r1), "r"(r2), "r"(r3));  // expect: store ok
}
