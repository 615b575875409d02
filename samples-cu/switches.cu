// A switch whose selector bankcheck cannot evaluate (a kernel parameter, a value from memory) may be entered at
// any of its labels, or skipped where no label matches and there is no default: each way in is run to its
// break, and what the ways leave is merged as for an if. A selector the same in every lane names the case
// of the worst outcome; one that differs per lane (read from memory) makes the values data-dependent.

// The accesses of every case are checked, each for the lanes that may take it.
__global__ void accessesInEachCase(float *out, int mode) {
  __shared__ float s[32 * 33];
  switch (mode) {
    case 0:
      out[threadIdx.x] = s[threadIdx.x];  // expect: load ok
      break;
    case 1:
      out[threadIdx.x] = s[threadIdx.x * 2];  // expect: load ways=2
      break;
    default:
      out[threadIdx.x] = s[threadIdx.x * 32];  // expect: load ways=32
      break;
  }
}

// The default's value reaches the read after the switch, as do the cases'.
__global__ void valueFromEachCase(float *out, int mode) {
  __shared__ float s[32 * 33];
  int stride;
  switch (mode) {
    case 1: stride = 1; break;
    case 2: stride = 33; break;
    default: stride = 32; break;
  }
  out[threadIdx.x] = s[threadIdx.x * stride];  // expect: load ways=32
}

// Falling through: case 0 adds to what case 1 sets up; without a default, no match keeps the value.
__global__ void fallThroughAndNoMatch(float *out, int mode) {
  __shared__ float s[32 * 33];
  int col = threadIdx.x * 16;
  switch (mode) {
    case 0:
      col = threadIdx.x * 8;
      [[fallthrough]];
    case 1:
      col += 1;
      break;
    case 2:
      col = threadIdx.x;
      break;
  }
  out[threadIdx.x] = s[col];  // expect: load ways=16
}

// A selector read per lane: each lane may take another case.
__global__ void selectorFromMemory(const int *kind, float *out) {
  __shared__ float s[32 * 33];
  int stride = 1;
  switch (kind[threadIdx.x]) {
    case 1: stride = 2; break;
    case 2: stride = 32; break;
  }
  out[threadIdx.x] = s[threadIdx.x * stride];  // expect: load data-dependent
}
