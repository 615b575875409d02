// 8-byte vectors are served per half-warp, 16-byte ones per quarter-warp (bank-model.md 3).

// float2: consecutive is 2 wavefronts (the minimum); stride 2 is 2 passes per half-warp.
// float4/int4: consecutive is 4 wavefronts; stride 2 (32 bytes) 2 passes per quarter-warp;
// stride 8 (128 bytes) puts a quarter-warp's 8 lanes on banks 0..3 (8-way, 32 wavefronts).
// A 4-byte member of a vector is a 4-byte access with the vector's stride.
__global__ void vectors(float *out) {
  __shared__ float2 s2[64];
  __shared__ float4 s4[8 * 32];
  __shared__ int4 i4[32];
  int tid = threadIdx.x;
  float2 a = s2[tid];      // expect: load ok wavefronts=2 ideal=2 width=8
  float2 b = s2[2 * tid];  // expect: load ways=2 wavefronts=4 ideal=2 width=8
  float4 c = s4[tid];      // expect: load ok wavefronts=4 ideal=4 width=16
  float4 d = s4[2 * tid];  // expect: load ways=2 wavefronts=8 ideal=4 width=16
  float4 e = s4[8 * tid];  // expect: load ways=8 wavefronts=32 ideal=4 width=16
  int4 f = i4[tid];        // expect: load ok wavefronts=4 ideal=4 width=16
  float g = s4[tid].x;     // expect: load ways=4 width=4
  float h = s2[tid].y;     // expect: load ways=2 width=4
  s4[tid] = make_float4(a.x, b.y, c.z, d.w);  // expect: store ok wavefronts=4 ideal=4 width=16
  out[tid] = e.x + f.y + g + h;
}

// A local vector is followed member by member: declared and filled (radix sort's 'uint4 rank; rank.x = ...'), made
// by make_int2 or by braces. Until this version its members were `unknown` as indices ("a member of 'rank' is
// written at line N, and bankcheck follows member writes only in objects it saw made").
// bankcheck: block 128
__global__ void vectorIndices(unsigned *out) {
  __shared__ unsigned s[512];
  uint4 rank;
  rank.x = threadIdx.x * 4;
  rank.y = rank.x + 1;
  s[rank.x] = 1;  // expect: store ways=4
  int2 cell = make_int2(threadIdx.x % 32, threadIdx.x / 32);
  s[cell.y * 33 + cell.x] = 2;  // expect: store ok
  int2 padded = {(int)threadIdx.x, 2};
  out[threadIdx.x] = s[padded.x * padded.y + rank.y];  // expect: load ways=2
}
