// Struct layout follows the C++ ABI: padding and __align__/alignas set the element stride,
// and a field access has the field's width.

struct CF { char c; float f; };              // 8 bytes: c at 0, f at 4
struct __align__(16) A3 { float x, y, z; };  // padded to 16 bytes
struct alignas(8) F1 { float v; };           // padded to 8 bytes
struct DK { double d; int k; };              // 16 bytes: d at 0, k at 8

// cf[i].f: word 2i + 1 (2-way); cf[i].c: byte 8i, word 2i (2-way, 1 byte wide).
// a3[i].x: stride 4 words (4-way; the unaligned 3-float struct would be ok).
// f1[i].v: stride 2 words (2-way). dk[i].d: 8 bytes at stride 16, two passes per half-warp;
// dk[i].k: word 4i + 2 (4-way).
__global__ void layouts(float *out) {
  __shared__ CF cf[32];
  __shared__ A3 a3[32];
  __shared__ F1 f1[32];
  __shared__ DK dk[32];
  int tid = threadIdx.x;
  out[tid] = cf[tid].f;      // expect: load ways=2 width=4
  out[tid] += cf[tid].c;     // expect: load ways=2 width=1
  out[tid] += a3[tid].x;     // expect: load ways=4 width=4
  out[tid] += f1[tid].v;     // expect: load ways=2 width=4
  out[tid] += dk[tid].d;     // expect: load ways=2 wavefronts=4 ideal=2 width=8
  out[tid] += dk[tid].k;     // expect: load ways=4 width=4
}
