// microbench.cu: H200 (sm_90) microbenchmarks that calibrate the simulator's NVIDIA model.
//
// Latencies are measured inside the kernel with clock64() (SM cycles) on a dependent chain,
// so each step waits for the previous one; throughputs are measured by the host with events
// over many independent warps. Every kernel writes a result that depends on its work, so the
// compiler cannot drop it. Driven by validation/microbench.py.

typedef unsigned int u32;
typedef unsigned long long u64;

// ---- global memory: pointer chase ---------------------------------------------------------
// next[] holds a random cyclic permutation of cache-line-spaced nodes; one thread follows it.
extern "C" __global__ void chase_global(const u32* __restrict__ next, int warm_steps, int steps,
                                        u32* sink, u64* cycles) {
  u32 j = 0;
  for (int i = 0; i < warm_steps; ++i) j = next[j];  // bring the buffer into the caches
  const u64 t0 = clock64();
  for (int i = 0; i < steps; ++i) j = next[j];
  const u64 t1 = clock64();
  sink[0] = j;
  cycles[0] = t1 - t0;
}

// ---- global memory: copy bandwidth ---------------------------------------------------------
extern "C" __global__ void copy_vec4(const uint4* __restrict__ src, uint4* __restrict__ dst, u64 n) {
  const u64 stride = (u64)gridDim.x * blockDim.x;
  for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) dst[i] = src[i];
}

// ---- shared memory: w-way bank conflicts ---------------------------------------------------
// Lane l chases address l*stride (words): stride 1 touches 32 banks, stride 2^k puts 2^k lanes
// in each bank used (2^k-way conflict), stride 32 puts all 32 lanes in bank 0.
#define SMEM_WORDS 1024
extern "C" __global__ void chase_shared(int stride, int iters, u32* sink, u64* cycles) {
  __shared__ u32 smem[SMEM_WORDS];
  for (int i = threadIdx.x; i < SMEM_WORDS; i += blockDim.x) smem[i] = i;
  __syncthreads();
  u32 j = ((threadIdx.x % 32) * stride) % SMEM_WORDS;
  const u64 t0 = clock64();
  for (int i = 0; i < iters; ++i) j = smem[j];
  const u64 t1 = clock64();
  sink[blockIdx.x * blockDim.x + threadIdx.x] = j;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// ---- FFMA ----------------------------------------------------------------------------------
// CHAINS independent dependent chains per thread: 1 chain measures latency, 8 fill the pipe.
template <int CHAINS>
__device__ __forceinline__ void ffma_chains(float b, float c, int iters, float* sink, u64* cycles) {
  float a[CHAINS];
#pragma unroll
  for (int i = 0; i < CHAINS; ++i) a[i] = b * (i + 1);
  const u64 t0 = clock64();
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int u = 0; u < 16; ++u) {
#pragma unroll
      for (int i = 0; i < CHAINS; ++i) a[i] = fmaf(a[i], b, c);
    }
  }
  const u64 t1 = clock64();
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < CHAINS; ++i) s += a[i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}
extern "C" __global__ void ffma_latency(float b, float c, int iters, float* sink, u64* cycles) {
  ffma_chains<1>(b, c, iters, sink, cycles);
}
extern "C" __global__ void ffma_throughput(float b, float c, int iters, float* sink, u64* cycles) {
  ffma_chains<8>(b, c, iters, sink, cycles);
}

// ---- mma.sync m16n8k16 bf16 -> fp32 ---------------------------------------------------------
__device__ __forceinline__ void mma_m16n8k16(float (&d)[4], const u32 (&a)[4], const u32 (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
template <int CHAINS>
__device__ __forceinline__ void mma_chains(u32 seed, int iters, float* sink, u64* cycles) {
  u32 a[4] = {seed, seed ^ 1u, seed ^ 2u, seed ^ 3u};
  u32 b[2] = {seed ^ 4u, seed ^ 5u};
  float d[CHAINS][4] = {};
  const u64 t0 = clock64();
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int u = 0; u < 8; ++u) {
#pragma unroll
      for (int i = 0; i < CHAINS; ++i) mma_m16n8k16(d[i], a, b);
    }
  }
  const u64 t1 = clock64();
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < CHAINS; ++i) s += d[i][0] + d[i][1] + d[i][2] + d[i][3];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}
extern "C" __global__ void mma_latency(u32 seed, int iters, float* sink, u64* cycles) {
  mma_chains<1>(seed, iters, sink, cycles);
}
extern "C" __global__ void mma_throughput(u32 seed, int iters, float* sink, u64* cycles) {
  mma_chains<4>(seed, iters, sink, cycles);
}

// ---- barrier ------------------------------------------------------------------------------
extern "C" __global__ void barrier_loop(int iters, u32* sink, u64* cycles) {
  u32 x = threadIdx.x;
  const u64 t0 = clock64();
  for (int i = 0; i < iters; ++i) {
    x = x * 1664525u + 1013904223u;  // a little work the barrier must order
    __syncthreads();
  }
  const u64 t1 = clock64();
  sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}
