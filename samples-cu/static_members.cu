// Static members of structs and class templates as strides. A qualified name is looked up in the struct
// it names: Policy<double>::kStride is sizeof(double) / 4 = 2 words, not the kStride of another struct
// (bankcheck once dropped the qualifier and took Tile::kStride = 1, reporting the load conflict-free),
// and Policy<float4>::kStride is a member, not two comparisons. A static it cannot evaluate (a class
// template's value argument written as an expression) is unknown.

struct Tile {
  static constexpr int kStride = 1;
};

template <typename T>
struct Policy {
  static constexpr int kStride = sizeof(T) / 4;
  enum { kLanes = 32 };
};

template <int N>
struct Scaled {
  static constexpr int kStride = N * 4;
};

__global__ void statics(float *out) {
  __shared__ float s[32 * 16];
  out[0] = s[threadIdx.x * Tile::kStride];  // expect: load ok
  out[1] = s[threadIdx.x * Policy<double>::kStride];  // expect: load ways=2
  out[2] = s[threadIdx.x * Policy<float4>::kStride];  // expect: load ways=4
  out[3] = s[(threadIdx.x % Policy<int>::kLanes) * 8];  // expect: load ways=8
  out[4] = s[threadIdx.x * Scaled<(1 + 1)>::kStride];  // expect: load ways=8
}
