// A 32 x 8 tile of float4 (each row 128 bytes = all 32 banks), written by rows and read by
// columns, with and without the XOR swizzle col ^ (row % 8) used by CUTLASS-style layouts.
// 16-byte accesses are served per quarter-warp (8 lanes): 4 wavefronts is the minimum.
// Block 256 (annotation).
// Write: r = tid / 8, c = tid % 8: a quarter-warp is one row; its 8 columns c ^ (r % 8) are a
// permutation of 0..7, 128 contiguous bytes (ok, 4 wavefronts); the plain tile likewise.
// Read by column: r = tid % 32, c = tid / 32 (warp-uniform). Plain: a quarter-warp reads rows
// r..r+7 of one column, byte 128*r + 16*c: the same 4 banks for all 8 lanes, 8-way, 32
// wavefronts. Swizzled: the column becomes c ^ (r % 8), r % 8 takes all of 0..7 in a quarter-
// warp, so the 8 lanes hit 8 different 16-byte slots of the 128-byte bank window (ok, 4).
namespace swz {
constexpr int kRows = 32;
constexpr int kVecsPerRow = 8;
static_assert(kVecsPerRow * sizeof(float4) == 32 * 4, "one row spans the 32 banks once");
__host__ __device__ constexpr int col(int r, int c) { return c ^ (r % kVecsPerRow); }
}  // namespace swz

// bankcheck: block 256
__global__ void swizzledColumnRead(const float4 *in, float4 *out) {
  __shared__ float4 tile[swz::kRows][swz::kVecsPerRow];
  __shared__ float4 plain[swz::kRows][swz::kVecsPerRow];
  int tid = threadIdx.x;
  int r = tid / 8, c = tid % 8;
  float4 v = in[blockIdx.x * 256 + tid];
  tile[r][c ^ (r % 8)] = v;  // expect: store ok wavefronts=4 ideal=4 width=16 array=tile
  plain[r][c] = v;           // expect: store ok wavefronts=4 ideal=4 width=16 array=plain
  __syncthreads();
  r = tid % 32;
  c = tid / 32;
  float4 s = tile[r][c ^ (r % 8)];  // expect: load ok wavefronts=4 ideal=4 width=16 array=tile
  float4 p = plain[r][c];           // expect: load ways=8 wavefronts=32 ideal=4 width=16 array=plain
  float4 h = tile[r][swz::col(r, c)];  // expect: load ok wavefronts=4 ideal=4 width=16 array=tile
  out[blockIdx.x * 256 + tid] = make_float4(s.x + p.x + h.x, s.y + p.y, s.z + p.z, s.w + p.w);
}
