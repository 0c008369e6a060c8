// microbench.hip: the portable microbenchmarks that calibrate a GPU description (issue 14).
//
// One source for sm_90 (nvcc -x cu), gfx942 and gfx950 (clang-22 header-free, hipcc, hiprtc),
// through kernels/portable.h. Driven by validation/microbench.py, whose table says which kernel
// measures what. Latencies are read inside the kernel with the SM/CU cycle counter (clock64 on
// NVIDIA, s_memtime on AMD) around a dependent chain; throughputs are event-timed by the host
// over many independent waves (by difference of two loop lengths, so the launch cancels).
// Every kernel writes a result that depends on its work, so the compiler cannot drop it.
// The matrix kernels use the arch's own instruction: mma.sync on sm_90, MFMA on gfx942/gfx950
// (each behind its #if, compiled only there).
#include "portable.h"

typedef gs_u32 u32;
typedef gs_u64 u64;

#if defined(GS_NVIDIA)
#define GS_CLOCK() ((u64)clock64())
#define GS_FMAF(a, b, c) fmaf(a, b, c)
#define GS_FMA(a, b, c) fma(a, b, c)
#else
#define GS_CLOCK() ((u64)__builtin_amdgcn_s_memtime())
#define GS_FMAF(a, b, c) __builtin_fmaf(a, b, c)
#define GS_FMA(a, b, c) __builtin_fma(a, b, c)
#endif
#if defined(GS_NVIDIA)
#define GS_GRID_THREADS_X() ((u64)gridDim.x * blockDim.x)
#else
#define GS_GRID_THREADS_X() ((u64)__builtin_amdgcn_grid_size_x())
#endif

// ---- empty kernel: the launch as the runner times a GEMM ---------------------------------------
extern "C" __global__ void empty_kernel(u32* sink) {
  if (threadIdx.x == 1023 && blockIdx.x == (1u << 30)) sink[0] = 1;
}

// ---- store_words: the smallest kernel that writes global memory, one word per thread ----------
extern "C" __global__ void store_words(u32* out) {
  out[(u64)blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x;
}

// ---- global memory: pointer chase ----------------------------------------------------------
// next[] holds a random cyclic permutation of cache-line-spaced nodes; one thread follows it.
extern "C" __global__ void chase_global(const u32* GS_RESTRICT next, int warm_steps, int steps,
                                        u32* sink, u64* cycles) {
  u32 j = 0;
  for (int i = 0; i < warm_steps; ++i) j = next[j];  // bring the buffer into the caches
  const u64 t0 = GS_CLOCK();
  for (int i = 0; i < steps; ++i) j = next[j];
  const u64 t1 = GS_CLOCK();
  sink[0] = j;
  cycles[0] = t1 - t0;
}

// ---- global memory: copy and read bandwidth ---------------------------------------------------
extern "C" __global__ void copy_vec4(const gs_u32x4* GS_RESTRICT src, gs_u32x4* GS_RESTRICT dst, u64 n) {
  const u64 stride = GS_GRID_THREADS_X();
  for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) dst[i] = src[i];
}

// 16-byte loads that skip the L1 where the ISA says so (ld.global.cg on NVIDIA; AMD's L1 is far
// smaller than any buffer read here, so a plain load streams through it).
__device__ __forceinline__ gs_u32x4 load_past_l1(const gs_u32x4* p) {
#if defined(GS_NVIDIA)
  const uint4 v = __ldcg(reinterpret_cast<const uint4*>(p));
  return gs_u32x4{v.x, v.y, v.z, v.w};
#else
  return *p;
#endif
}

// n is a power of two (16-byte elements); each pass starts 4096 elements further on
extern "C" __global__ void read_vec4(const gs_u32x4* GS_RESTRICT src, u64 n, int passes, u32* sink) {
  u32 acc = 0;
  const u64 stride = GS_GRID_THREADS_X();
  for (int p = 0; p < passes; ++p) {
    for (u64 i = (u64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
      const gs_u32x4 v = load_past_l1(src + ((i + (u64)p * 4096) & (n - 1)));
      acc = acc * 31u + (v.x ^ v.y ^ v.z ^ v.w);
    }
  }
  if (acc == 0x9e3779b9u) sink[0] = acc;
}

// ---- loaded latency: a pointer chase beside streaming loads (issue 12) -------------------------
// Block 0's first thread chases next[] (as chase_global) while blocks 1.. stream 16-byte loads
// (evict-first) over src, STREAM_UNROLL independent loads per thread per chunk. The chaser sets
// *flag to 1 once its warm-up steps are done and to 2 when its timed steps are; each streaming
// block reads the flag (its thread 0, every chunk) and counts the bytes of the chunks it began
// while the flag was 1 into bytes[blockIdx.x], then stops at 2: bytes / the chaser's timed window
// is the bandwidth in use while the latency was measured. max_chunks bounds the streamers
// (should block 0 ever not be resident).
#define STREAM_UNROLL 4
// Streamed once: evict-first in the L1 and L2 (ld.global.cs on NVIDIA, a nontemporal load on AMD),
// so the stream does not push an L2-resident chase out of the L2.
__device__ __forceinline__ gs_u32x4 load_streaming(const gs_u32x4* p) {
#if defined(GS_NVIDIA)
  const uint4 v = __ldcs(reinterpret_cast<const uint4*>(p));
  return gs_u32x4{v.x, v.y, v.z, v.w};
#else
  return gs_u32x4{__builtin_nontemporal_load(&p->x), __builtin_nontemporal_load(&p->y),
                  __builtin_nontemporal_load(&p->z), __builtin_nontemporal_load(&p->w)};
#endif
}
#if defined(GS_NVIDIA)
#define GS_FENCE_DEVICE() __threadfence()
#else
#define GS_FENCE_DEVICE() __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent")
#endif
extern "C" __global__ void loaded_chase(const u32* GS_RESTRICT next, u32 first, int warm_steps, int steps,
                                        const gs_u32x4* GS_RESTRICT src, u64 src_mask, u32 streamers,
                                        int max_chunks, volatile u32* flag, u64* bytes, u32* sink,
                                        u64* cycles) {
  if (blockIdx.x == 0) {
    if (threadIdx.x != 0) return;
    u32 j = first;   // where the last launch stopped: every launch walks lines it has not touched
    for (int i = 0; i < warm_steps; ++i) j = next[j];
    *flag = 1u;
    GS_FENCE_DEVICE();
    const u64 t0 = GS_CLOCK();
    for (int i = 0; i < steps; ++i) j = next[j];
    const u64 t1 = GS_CLOCK();
    *flag = 2u;
    GS_FENCE_DEVICE();
    sink[0] = j;
    cycles[0] = t1 - t0;
    return;
  }
  __shared__ u32 state;
  const u64 stride = (u64)streamers * blockDim.x;
  u64 pos = (u64)(blockIdx.x - 1) * blockDim.x + threadIdx.x;
  u64 counted = 0;
  u32 acc = 0;
#pragma unroll 1
  for (int chunk = 0; chunk < max_chunks; ++chunk) {
    if (threadIdx.x == 0) state = *flag;
    __syncthreads();
    const u32 s = state;
    __syncthreads();
    if (s == 2u) break;
#pragma unroll
    for (int u = 0; u < STREAM_UNROLL; ++u) {
      const gs_u32x4 v = load_streaming(src + ((pos + (u64)u * stride) & src_mask));
      acc = acc * 31u + (v.x ^ v.y ^ v.z ^ v.w);
    }
    pos += (u64)STREAM_UNROLL * stride;
    if (s == 1u) counted += (u64)STREAM_UNROLL * 16u * blockDim.x;
  }
  if (threadIdx.x == 0) bytes[blockIdx.x] = counted;
  if (acc == 0x9e3779b9u) sink[1] = acc;
}

// ---- memory-level parallelism: bandwidth vs bytes in flight (issue 12) ---------------------------
// Every thread issues LOADS independent 16-byte loads (past the L1), then folds them, and moves
// on by LOADS x the grid's threads: a block of T threads keeps about T x LOADS x 16 bytes in flight.
// start (elements, a multiple of 512) lets the host begin each launch where the last one ended, so
// a launch smaller than the L2 does not find the previous one's lines there.
template <int LOADS>
__device__ __forceinline__ void mlp_body(const gs_u32x4* GS_RESTRICT src, u64 mask, u64 start, int iters,
                                         u32* sink) {
  const u64 grid = GS_GRID_THREADS_X();
  const u32 lane = threadIdx.x & 31u;
  // warp w's loads of one iteration are LOADS consecutive runs of 32 elements (512 bytes), at
  // immediate offsets from one address: the compiler issues them all before the first use
  u64 base = start + (((u64)blockIdx.x * blockDim.x + threadIdx.x) >> 5) * (LOADS * 32u);
  u32 acc = 0;
#pragma unroll 1
  for (int it = 0; it < iters; ++it) {   // not unrolled: no loads of the next iteration move up
    const gs_u32x4* p = src + (base & mask) + lane;   // mask + 1 is a multiple of LOADS x 32
    gs_u32x4 v[LOADS];
#pragma unroll
    for (int u = 0; u < LOADS; ++u) v[u] = load_past_l1(p + u * 32);
#pragma unroll
    for (int u = 0; u < LOADS; ++u) acc = acc * 31u + (v[u].x ^ v[u].y ^ v[u].z ^ v[u].w);
    base += (u64)LOADS * grid;
  }
  if (acc == 0x9e3779b9u) sink[0] = acc;
}
// ptxas, left to itself, folds the first loads before issuing the later ones (fewer registers, at
// most 4-5 loads in flight); a register budget of 128 lets it issue all LOADS first (checked in
// the SASS). AMD's compiler issues them all anyway.
#if defined(GS_NVIDIA)
#define GS_MLP_REGISTERS __maxnreg__(128)
#else
#define GS_MLP_REGISTERS
#endif
#define GS_MLP_KERNEL(LOADS)                                                                   \
  extern "C" __global__ void GS_MLP_REGISTERS mlp_loads##LOADS(const gs_u32x4* GS_RESTRICT src, u64 mask, u64 start, \
                                              int iters, u32* sink) {                          \
    mlp_body<LOADS>(src, mask, start, iters, sink);                                            \
  }
GS_MLP_KERNEL(1)
GS_MLP_KERNEL(2)
GS_MLP_KERNEL(4)
GS_MLP_KERNEL(8)
GS_MLP_KERNEL(16)

// ---- first-touch loads: one warp's dependent chain of warp-wide loads (issue 12) ---------------
// The latency a GEMM's own streaming loads see, as its hot loop issues them: one warp (wave) of one
// block follows a chain through nodes of node_words words, every lane loading in each step, and every
// word of a node holds the index (in words) of the next node, so each lane's loaded value is the next
// address and the next step depends on this one. Lane l reads word l x lane_words of the node:
// lane_words 0 puts every lane on one word (one sector, as chase_global), 1 on one 128-byte line
// (wave32), 2 on two lines (the pre-shuffled B fragments of kernels/mma_preshuffle.hip: 4 of every
// 8 bytes); pair != 0 adds the load of the next word (the compiled GEMM's second load at +4 bytes,
// an L1 hit on a line still in flight), and the step waits for both. The host lays the nodes out in
// random or sequential (streaming) order, starts each launch where the last stopped, and evicts the
// caches before it, so every step touches a line no load has touched: a first touch.
extern "C" __global__ void chase_warp(const u32* GS_RESTRICT next, u32 first, int lane_words, int pair,
                                      int steps, u32* sink, u64* cycles) {
  const u32 lane = threadIdx.x % GS_WAVE_SIZE;
  const u32 offset = lane * (u32)lane_words;
  u32 j = first;
  const u64 t0 = GS_CLOCK();
  if (pair) {
    for (int i = 0; i < steps; ++i) {
      const u32 a = next[j + offset], b = next[j + offset + 1];
      j = a < b ? a : b;   // both hold the next node: the step needs both loads
    }
  } else {
    for (int i = 0; i < steps; ++i) j = next[j + offset];
  }
  const u64 t1 = GS_CLOCK();
  if (threadIdx.x == 0) {
    sink[0] = j;
    cycles[0] = t1 - t0;
  }
}

// ---- sharers of cold lines: does a follower wait for the leader's fill? (issue 12) ------------
// Every block (one warp each, one per SM) follows the same chain of warp-wide first-touch loads as
// chase_warp (lane_words 2: the pre-shuffled B pattern). Block 0 (the leader) starts at once; every
// other block first spins `delay` cycles of its own SM's clock, then follows. A follower behind the
// leader by more than a miss's latency finds the leader's lines in the L2 (a hit); one that has caught
// up asks for lines still in flight and waits for the fill, however the L2 counts it. Each block
// writes its own cycles for the chain.
extern "C" __global__ void chase_sharers(const u32* GS_RESTRICT next, u32 first, int lane_words, int steps,
                                         int delay, u32* sink, u64* cycles) {
  const u32 offset = (threadIdx.x % GS_WAVE_SIZE) * (u32)lane_words;
  if (blockIdx.x > 0) {
    const u64 start = GS_CLOCK();
    while (GS_CLOCK() - start < (u64)delay) {}
  }
  u32 j = first;
  const u64 t0 = GS_CLOCK();
  for (int i = 0; i < steps; ++i) j = next[j + offset];
  const u64 t1 = GS_CLOCK();
  if (threadIdx.x == 0) {
    sink[blockIdx.x] = j;
    cycles[blockIdx.x] = t1 - t0;
  }
}

// 32 KiB buffer (8192 floats); lane l reads word l * stride_words of a 128-byte-aligned window
extern "C" __global__ void l1_lines(const float* GS_RESTRICT buf, int stride_words, int iters, float* sink) {
  const int lane = threadIdx.x & (GS_WAVE_SIZE - 1);
  const int base = (lane * stride_words) & 8191;
  float acc = 0.f;
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int j = 0; j < 8; ++j) acc += buf[(base + j * 1024 + i * 32) & 8191];
  }
  if (acc == 1234.5f) sink[0] = acc;
}

// ---- epilogue stores (issue 12: the matrix-core GEMM's fixed cost) ----------------------------
// epilogue_stores<M_REP, N_REP>: the store phase of kernels/mma_preshuffle.hip alone, on sm_90's
// m16n8 C layout. Block b of `blocks` writes `reps` tiles of (16 M_REP) x (32 N_REP) floats, each at
// its own place of c (row pitch 32 N_REP floats), as the GEMM's four warps write theirs: per 16x8
// fragment (i, j) of warp w, four guarded 4-byte stores, lane 4g + t at row 16i + g + 8(e/2), column
// 8 N_REP w + 8j + 2t + e%2. The guard reads `rows` and `cols` at run time, as the GEMM's row < M and
// col < N, so that the stores stay 4-byte and predicated as nvcc compiles the GEMM's (one guard per
// element keeps a lane's two neighbouring words apart). reps = 0: the launch alone.
template <int M_REP, int N_REP>
__device__ __forceinline__ void epilogue_stores_body(float* GS_RESTRICT c, int blocks, int reps, int rows,
                                                     int cols) {
  constexpr int TILE_ROWS = 16 * M_REP, PITCH = 32 * N_REP;
  const int lane = threadIdx.x % 32, w = threadIdx.x / 32, g = lane / 4, t = lane % 4;
  for (int r = 0; r < reps; ++r) {
    float* tile = c + ((u64)r * blocks + blockIdx.x) * TILE_ROWS * PITCH;
#pragma unroll
    for (int i = 0; i < M_REP; ++i)
#pragma unroll
      for (int j = 0; j < N_REP; ++j)
#pragma unroll
        for (int e = 0; e < 4; ++e) {
          const int row = 16 * i + g + 8 * (e / 2), col = 8 * N_REP * w + 8 * j + 2 * t + e % 2;
          if (row < rows && col < cols) tile[(u64)row * PITCH + col] = (float)(r + 4 * (i * N_REP + j) + e);
        }
  }
}
#define GS_EPILOGUE_STORES(M_REP, N_REP)                                                        \
  extern "C" __global__ void epilogue_stores_m##M_REP##_n##N_REP(float* GS_RESTRICT c, int blocks, \
                                                                 int reps, int rows, int cols) { \
    epilogue_stores_body<M_REP, N_REP>(c, blocks, reps, rows, cols);                            \
  }
// (M_REP, N_REP) of the GEMM's tiles 16x64, 64x128, 128x128 and 64x256
GS_EPILOGUE_STORES(1, 2)
GS_EPILOGUE_STORES(4, 4)
GS_EPILOGUE_STORES(8, 4)
GS_EPILOGUE_STORES(4, 8)

// store_shape: what a warp's store costs by the lines and sectors its lanes write. Each warp of a
// 4-warp block issues reps x 32 stores of `words` (1 or 2) 4-byte words per lane to fresh lines: lane l
// writes row l / row_lanes at word (l % row_lanes) x spread x words of it, rows one 128-byte line
// apart, every store on rows of its own. Only the lanes of each store's first `active_rows` rows store
// (a guard read at run time, as a GEMM's tail guard is; 32 or more: every lane).
// cycles[block]: the block's cycles from its first store's issue to its last's (between barriers).
#define STORE_SHAPE_UNROLL 32
struct __attribute__((aligned(8))) store_pair { float x, y; };
extern "C" __global__ void store_shape(float* GS_RESTRICT c, int blocks, int reps, int row_lanes, int spread,
                                       int words, int active_rows, u64* cycles) {
  const int lane = threadIdx.x % 32, warp = threadIdx.x / 32, row_of_lane = lane / row_lanes;
  const int rows_per_store = 32 / row_lanes, word = (lane % row_lanes) * spread * words;
  const u64 warp_stores = (u64)reps * STORE_SHAPE_UNROLL;
  float* mine = c + ((u64)blockIdx.x * 4 + warp) * warp_stores * rows_per_store * 32;
  __syncthreads();
  const u64 t0 = GS_CLOCK();
  for (int r = 0; r < reps; ++r) {
#pragma unroll
    for (int s = 0; s < STORE_SHAPE_UNROLL; ++s) {
      const int row = (r * STORE_SHAPE_UNROLL + s) * rows_per_store + row_of_lane;
      if (row_of_lane < active_rows) {
        if (words == 2)
          *reinterpret_cast<store_pair*>(mine + (u64)row * 32 + word) = store_pair{(float)s, (float)r};
        else
          mine[(u64)row * 32 + word] = (float)s;
      }
    }
  }
  __syncthreads();
  if (threadIdx.x == 0) cycles[blockIdx.x] = GS_CLOCK() - t0;
}

// ---- L1: wide global loads by lane stride (issue 12: the fp64 ladder) -------------------------
// l1_wide_b<bits>: as l1_lines, every lane of every warp loads 8 L1-resident elements of `bits` bits
// per iteration, lane l at element l x stride_elems of a 32 KiB buffer. The rate (loads per cycle per
// SM, by difference of two loop lengths) gives the L1 data-stage cycles one load takes by element
// width and lane stride: gemm_blocked4x4_f64 loads B as 64-bit elements 32 bytes apart (16 lanes of a
// half-warp, 4 lines), gemm_f64 as 64-bit elements 8 bytes apart (one line).
#define L1_WIDE_BYTES 32768
// lane_mask 31 (every lane its own element) or 15 (lanes l and l + 16 on one element: the ladder's
// B loads, where the two half-warps are two rows of threads reading the same B row): whether a 64-bit
// load takes its lines once per warp or once per half-warp, as 64-bit shared accesses take phases.
template <typename T>
__device__ __forceinline__ void l1_wide_body(const T* GS_RESTRICT buf, int stride_elems, int lane_mask, int iters,
                                             float* sink) {
  constexpr int elems = L1_WIDE_BYTES / (int)sizeof(T), line = 128 / (int)sizeof(T);
  const int lane = threadIdx.x & (GS_WAVE_SIZE - 1) & lane_mask;
  const int base = (lane * stride_elems) & (elems - 1);
  T acc = T();
  for (int i = 0; i < iters; ++i) {
#pragma unroll
    for (int j = 0; j < 8; ++j) acc += buf[(base + j * (elems / 8) + i * line) & (elems - 1)];
  }
  if ((float)acc == 1234.5f) sink[0] = (float)acc;
}
extern "C" __global__ void l1_wide_b32(const float* GS_RESTRICT buf, int stride_elems, int lane_mask, int iters,
                                        float* sink) {
  l1_wide_body(buf, stride_elems, lane_mask, iters, sink);
}
extern "C" __global__ void l1_wide_b64(const double* GS_RESTRICT buf, int stride_elems, int lane_mask, int iters,
                                        float* sink) {
  l1_wide_body(buf, stride_elems, lane_mask, iters, sink);
}

// chase_warp64: chase_warp with 64-bit elements, for an L1-resident buffer (walked once untimed
// first): one warp's dependent chain of warp-wide loads, lane l at element l x lane_elems of the node.
// Cycles per step = the L1-hit latency of such a load (the one-thread chase reads 39.6 cycles).
extern "C" __global__ void chase_warp64(const u64* GS_RESTRICT next, u32 first, int lane_elems, int steps,
                                        u32* sink, u64* cycles) {
  const u32 offset = (threadIdx.x % GS_WAVE_SIZE) * (u32)lane_elems;
  u64 j = first;
  const u64 t0 = GS_CLOCK();
  for (int i = 0; i < steps; ++i) j = next[j + offset];
  const u64 t1 = GS_CLOCK();
  if (threadIdx.x == 0) {
    sink[0] = (u32)j;
    cycles[0] = t1 - t0;
  }
}

// ---- LDS: dependent latency by conflict ways ------------------------------------------------
// Lane l chases word (l mod 32) * stride: stride 2^k puts 2^k lanes of 32 in each bank used.
#define SMEM_WORDS 1024
extern "C" __global__ void chase_shared(int stride, int iters, u32* sink, u64* cycles) {
  __shared__ u32 smem[SMEM_WORDS];
  for (int i = threadIdx.x; i < SMEM_WORDS; i += blockDim.x) smem[i] = i;
  __syncthreads();
  u32 j = ((threadIdx.x % 32) * stride) % SMEM_WORDS;
  const u64 t0 = GS_CLOCK();
  for (int i = 0; i < iters; ++i) j = smem[j];
  const u64 t1 = GS_CLOCK();
  sink[blockIdx.x * blockDim.x + threadIdx.x] = j;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// ---- MIO queue (NVIDIA): how many shared loads a warp issues before it stalls at issue ----------
// Every warp issues MIO_LOADS shared loads of one word (lane l reads word l x stride: stride ways
// of conflict, so the shared pipe takes about `stride` cycles for each) and reads the cycle
// counter after each. Nothing waits for the loads' data until the end, and the counter read is
// CS2R (not an MIO instruction): the counter says when the warp got past each load. While the
// queue in front of the shared pipe has room, loads issue back to back; once it is full the warp
// stalls (Nsight's mio_throttle) and the counter advances at the pipe's rate. Only the warps whose
// bit is set in `active` take part (warp w runs on sub-partition w mod 4). Lane 0 of warp w
// writes its MIO_LOADS counter values, less the first one's, to cycles[w * MIO_LOADS + i].
#define MIO_LOADS 48
#if defined(GS_NVIDIA)
extern "C" __global__ void mio_timeline(int stride, u32 active, u32* sink, u64* cycles) {
  __shared__ u32 smem[SMEM_WORDS];
  for (int i = threadIdx.x; i < SMEM_WORDS; i += blockDim.x) smem[i] = i;
  __syncthreads();
  if (!((active >> (threadIdx.x >> 5)) & 1u)) return;   // warps left out of this run
  volatile u32* s = smem;                       // volatile: one load per access, in program order
  const u32 word = ((threadIdx.x & 31u) * (u32)stride) & (SMEM_WORDS - 1);
  u32 v[MIO_LOADS], t[MIO_LOADS];
#pragma unroll
  for (int i = 0; i < MIO_LOADS; ++i) {
    v[i] = s[word];
    t[i] = (u32)GS_CLOCK();
  }
  u32 acc = 0;
#pragma unroll
  for (int i = 0; i < MIO_LOADS; ++i) acc += v[i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if ((threadIdx.x & 31u) == 0) {
    const u32 w = threadIdx.x >> 5;
#pragma unroll
    for (int i = 0; i < MIO_LOADS; ++i) cycles[w * MIO_LOADS + i] = t[i] - t[0];
  }
}
#endif

// ---- LG queue (NVIDIA): the same for global loads that hit in the L1 -----------------------------
// As mio_timeline, with MIO_LOADS global loads of one word instead (ld.global.ca in volatile asm, so
// they stay in program order beside the counter reads): lane l reads word l x stride + i of `src`, a
// region every warp brought into its L1 first, so a load touches `stride` x 4 / 128 lines (up to 32)
// and the L1's data stage takes about one cycle per line. Once the queue in front of the L1 (Nsight's
// lg_throttle) is full, the counter advances at the data stage's rate.
#if defined(GS_NVIDIA)
extern "C" __global__ void lg_timeline(const u32* GS_RESTRICT src, int stride, u32 active, u32* sink,
                                       u64* cycles) {
  if (!((active >> (threadIdx.x >> 5)) & 1u)) return;
  const u32 word = (threadIdx.x & 31u) * (u32)stride;
  // bring the lines in and wait for them (the branch needs the values)
  const u32 warm = src[word] + src[word + MIO_LOADS];
  if (warm == 0xffffffffu) sink[0] = warm;
  u32 v[MIO_LOADS], t[MIO_LOADS];
#pragma unroll
  for (int i = 0; i < MIO_LOADS; ++i) {
    asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(v[i]) : "l"(src + word + i));
    t[i] = (u32)GS_CLOCK();
  }
  u32 acc = 0;
#pragma unroll
  for (int i = 0; i < MIO_LOADS; ++i) acc += v[i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if ((threadIdx.x & 31u) == 0) {
    const u32 w = threadIdx.x >> 5;
#pragma unroll
    for (int i = 0; i < MIO_LOADS; ++i) cycles[w * MIO_LOADS + i] = t[i] - t[0];
  }
}
#endif

// ---- loads in flight per warp (NVIDIA, issue 12): when does a warp stop issuing global loads? ----
// Every warp of the block issues INFLIGHT_LOADS independent one-word loads past the L1 (ld.global.cg
// in volatile asm, in program order), reads the cycle counter (CS2R, not a memory instruction) after
// every MARK-th, and once more when all the values are in (that read takes their sum as an input).
// Lane l of warp w of block b reads word base + i x stride + 32 (b x warps + w) + l: a new 128-byte
// line for every load. With no ceiling on the loads in flight the counter advances at the issue
// rate; with a ceiling of C the warp stalls at load C + 1 until its first load returns. ptxas tracks
// the loads on its scoreboard barriers and waits on one before reusing it, which stalls the warp too:
// the SASS says where. MARK 4 and 8 compile to different barrier plans (inflight_m4, inflight_m8).
// Several warps on one SM tell a ceiling per warp from one per SM. Lane 0 of warp w writes its
// counter values, less the first, to cycles[(b x warps + w) x (INFLIGHT_LOADS / MARK + 1) + j].
#define INFLIGHT_LOADS 128
#if defined(GS_NVIDIA)
template <int MARK>
__device__ __forceinline__ void inflight_timeline(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink,
                                                  u64* cycles) {
  constexpr int MARKS = INFLIGHT_LOADS / MARK;
  const u32 warp = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const u32* p = src + base + 32u * warp + (threadIdx.x & 31u);
  u32 v[INFLIGHT_LOADS], t[MARKS];
  const u32 t0 = (u32)GS_CLOCK();
#pragma unroll
  for (int i = 0; i < INFLIGHT_LOADS; ++i) {
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v[i]) : "l"(p + (u64)i * stride));
    if ((i + 1) % MARK == 0) t[i / MARK] = (u32)GS_CLOCK();
  }
  u32 acc = 0;
#pragma unroll
  for (int i = 0; i < INFLIGHT_LOADS; ++i) acc += v[i];
  u32 done;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(done) : "r"(acc));   // after the sum: every value is in
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if ((threadIdx.x & 31u) == 0) {
    u64* out = cycles + (u64)warp * (MARKS + 1);
#pragma unroll
    for (int j = 0; j < MARKS; ++j) out[j] = t[j] - t0;
    out[MARKS] = done - t0;
  }
}
extern "C" __global__ void inflight_m4(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink, u64* cycles) {
  inflight_timeline<4>(src, base, stride, sink, cycles);
}
extern "C" __global__ void inflight_m8(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink, u64* cycles) {
  inflight_timeline<8>(src, base, stride, sink, cycles);
}
#endif

// The same loads with no counter read among them (ptxas plans its waits differently then): N
// loads, the counter when the warp is past the last one's issue, and when all values are in.
// Without a ceiling the first grows by the issue interval per load; with a ceiling of C it jumps by
// about a latency from N = C + 1. Lane 0 of warp w writes both to cycles[2 (b x warps + w) + 0, 1].
#if defined(GS_NVIDIA)
template <int N>
__device__ __forceinline__ void inflight_count(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink,
                                               u64* cycles) {
  const u32 warp = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const u32* p = src + base + 32u * warp + (threadIdx.x & 31u);
  u32 v[N];
  const u32 t0 = (u32)GS_CLOCK();
#pragma unroll
  for (int i = 0; i < N; ++i) asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v[i]) : "l"(p + (u64)i * stride));
  const u32 issued = (u32)GS_CLOCK();
  u32 acc = 0;
#pragma unroll
  for (int i = 0; i < N; ++i) acc += v[i];
  u32 done;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(done) : "r"(acc));
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if ((threadIdx.x & 31u) == 0) {
    cycles[2 * warp] = issued - t0;
    cycles[2 * warp + 1] = done - t0;
  }
}
// 128 loads with one counter read, after load K: whether the warp got past load K (K above a ceiling
// it would stall at) at the issue rate. cycles[3 w + 0, 1, 2]: past load K, past the last, all in.
template <int K>
__device__ __forceinline__ void inflight_at(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink,
                                            u64* cycles) {
  constexpr int N = 128;
  const u32 warp = blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5);
  const u32* p = src + base + 32u * warp + (threadIdx.x & 31u);
  u32 v[N];
  u32 at = 0;
  const u32 t0 = (u32)GS_CLOCK();
#pragma unroll
  for (int i = 0; i < N; ++i) {
    asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v[i]) : "l"(p + (u64)i * stride));
    if (i + 1 == K) at = (u32)GS_CLOCK();
  }
  const u32 issued = (u32)GS_CLOCK();
  u32 acc = 0;
#pragma unroll
  for (int i = 0; i < N; ++i) acc += v[i];
  u32 done;
  asm volatile("mov.u32 %0, %%clock;" : "=r"(done) : "r"(acc));
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if ((threadIdx.x & 31u) == 0) {
    cycles[3 * warp] = at - t0;
    cycles[3 * warp + 1] = issued - t0;
    cycles[3 * warp + 2] = done - t0;
  }
}
#define INFLIGHT_AT(K)                                                                                      \
  extern "C" __global__ void inflight_at##K(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink, \
                                           u64* cycles) {                                                 \
    inflight_at<K>(src, base, stride, sink, cycles);                                                      \
  }
INFLIGHT_AT(48)
INFLIGHT_AT(56)
INFLIGHT_AT(64)
INFLIGHT_AT(72)
#define INFLIGHT_COUNT(N)                                                                                   \
  extern "C" __global__ void inflight_n##N(const u32* GS_RESTRICT src, u64 base, u64 stride, u32* sink,  \
                                          u64* cycles) {                                                  \
    inflight_count<N>(src, base, stride, sink, cycles);                                                   \
  }
INFLIGHT_COUNT(32)
INFLIGHT_COUNT(48)
INFLIGHT_COUNT(56)
INFLIGHT_COUNT(60)
INFLIGHT_COUNT(62)
INFLIGHT_COUNT(64)
INFLIGHT_COUNT(66)
INFLIGHT_COUNT(68)
INFLIGHT_COUNT(72)
INFLIGHT_COUNT(80)
INFLIGHT_COUNT(96)
INFLIGHT_COUNT(128)
#endif

// ---- what the L2 keeps for slices read by several SMs (issue 12) ---------------------------------
// Each block reads one slice of src once (16-byte loads past the L1, SLICE_UNROLL in flight per
// thread) and writes its SM's id to where[blockIdx.x]. Which slice: mode 0, smid / group (the
// sharers of a slice are `group` consecutive SM ids); mode 1, smid % slices (SM ids `slices` apart);
// mode 2, blockIdx.x % slices (block ids `slices` apart, as a GEMM's grid lays out the readers of a
// B tile). Timed launch after launch, a slice is an L2 hit when the L2 kept it from the last launch.
#define SLICE_UNROLL 4
#if defined(GS_NVIDIA)
extern "C" __global__ void read_slices(const gs_u32x4* GS_RESTRICT src, u64 slice_words, int slices,
                                       int group, int mode, u32* sink, u32* where) {
  u32 smid;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  const u32 pick = mode == 0 ? smid / (u32)group : mode == 1 ? smid : blockIdx.x;
  const gs_u32x4* slice = src + (u64)(pick % (u32)slices) * slice_words;
  u32 acc = 0;
  for (u64 i = threadIdx.x; i < slice_words; i += (u64)blockDim.x * SLICE_UNROLL) {
    gs_u32x4 v[SLICE_UNROLL];
#pragma unroll
    for (int u = 0; u < SLICE_UNROLL; ++u) {
      const u64 j = i + (u64)u * blockDim.x;
      v[u] = j < slice_words ? load_past_l1(slice + j) : gs_u32x4{0, 0, 0, 0};
    }
#pragma unroll
    for (int u = 0; u < SLICE_UNROLL; ++u) acc = acc * 31u + (v[u].x ^ v[u].y ^ v[u].z ^ v[u].w);
  }
  if (acc == 0x9e3779b9u) sink[0] = acc;
  if (threadIdx.x == 0) where[blockIdx.x] = smid;
}
#endif

// ---- shared accesses beside global loads (issue 12 item 5) ----------------------------------
// Every warp makes CROSS_UNROLL conflict-free shared accesses per iteration (lane l: word l + 32u;
// loads when stores == 0, else stores; adding acc & zero, or (acc ^ it) & zero for the stores, keeps
// the compiler from hoisting them or keeping one iteration's stores only) and
// `globals` coalesced 4-byte global loads per lane through the L1 (a buffer far larger than the
// L1). Under Nsight Compute the shared wavefronts less the shared instructions is what the
// accesses' own addresses do not explain: with globals = 0 it shows whether the counter has an
// excess of its own.
#define CROSS_UNROLL 8
extern "C" __global__ void lds_cross(const u32* GS_RESTRICT src, u64 mask, int globals, int stores, int iters,
                                     u32 zero, u32* sink) {
  __shared__ u32 smem[SMEM_WORDS];
  for (int i = threadIdx.x; i < SMEM_WORDS; i += blockDim.x) smem[i] = i;
  __syncthreads();
  const u64 grid = GS_GRID_THREADS_X();
  const u32 lane = threadIdx.x & (GS_WAVE_SIZE - 1);
  u64 g = (u64)blockIdx.x * blockDim.x + threadIdx.x;
  u32 acc = 0;
  for (int it = 0; it < iters; ++it) {
    u32 sum = acc;
    if (stores) {
#pragma unroll
      for (int u = 0; u < CROSS_UNROLL; ++u) smem[(lane + u * 32u + ((acc ^ it) & zero)) & (SMEM_WORDS - 1)] = sum + u;
    } else {
#pragma unroll
      for (int u = 0; u < CROSS_UNROLL; ++u) sum += smem[(lane + u * 32u + (acc & zero)) & (SMEM_WORDS - 1)];
    }
    for (int j = 0; j < globals; ++j) sum += src[(g + j * grid) & mask];
    g += (u64)globals * grid;
    acc = sum;
  }
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc + smem[lane];
}

// ---- LDS: cycles per access by stride and width ----------------------------------------------
// Every wave of one block reads, LDS_UNROLL times per iteration, lane i's word i x stride (an
// access of 32, 64 or 128 bits); the unrolled reads are shifted by 128 words, which keeps every
// lane in its bank. Each iteration's addresses add (the sum so far & zero), zero a kernel argument
// that is 0: the compiler cannot hoist or merge the reads of one iteration with the next (an
// empty asm with a memory clobber does not stop ptxas). One block fills the SM/CU; its cycle span
// over the waves' accesses is the LDS's cycles per wave access.
#define LDS_WORDS 8192
#define LDS_UNROLL 8
template <typename V>
__device__ __forceinline__ u32 fold(V v);
template <>
__device__ __forceinline__ u32 fold<u32>(u32 v) { return v; }
struct __attribute__((aligned(8))) gs_u32x2 { u32 x, y; };
template <>
__device__ __forceinline__ u32 fold<gs_u32x2>(gs_u32x2 v) { return v.x ^ v.y; }
template <>
__device__ __forceinline__ u32 fold<gs_u32x4>(gs_u32x4 v) { return v.x ^ v.y ^ v.z ^ v.w; }

template <typename V>
__device__ __forceinline__ void lds_stride_body(int stride_words, int iters, u32 zero, u32* sink, u64* cycles) {
  __shared__ __attribute__((aligned(16))) u32 smem[LDS_WORDS];
  for (int i = threadIdx.x; i < LDS_WORDS; i += blockDim.x) smem[i] = i;
  __syncthreads();
  const u32 lane = threadIdx.x & (GS_WAVE_SIZE - 1);
  const u32 base = lane * (u32)stride_words;
  u32 acc = 0;
  const u64 t0 = GS_CLOCK();
  for (int it = 0; it < iters; ++it) {
    u32 sum = acc;
#pragma unroll
    for (int u = 0; u < LDS_UNROLL; ++u) {
      const u32 word = (base + u * 128u + (acc & zero)) & (LDS_WORDS - sizeof(V) / 4);  // aligned to the width
      sum += fold(*reinterpret_cast<const V*>(smem + word));
    }
    acc = sum;
  }
  __syncthreads();
  const u64 t1 = GS_CLOCK();
  sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}
extern "C" __global__ void lds_b32(int stride_words, int iters, u32 zero, u32* sink, u64* cycles) {
  lds_stride_body<u32>(stride_words, iters, zero, sink, cycles);
}
extern "C" __global__ void lds_b64(int stride_words, int iters, u32 zero, u32* sink, u64* cycles) {
  lds_stride_body<gs_u32x2>(stride_words, iters, zero, sink, cycles);
}
extern "C" __global__ void lds_b128(int stride_words, int iters, u32 zero, u32* sink, u64* cycles) {
  lds_stride_body<gs_u32x4>(stride_words, iters, zero, sink, cycles);
}

// ---- FFMA (the VALU) ------------------------------------------------------------------------
// CHAINS independent dependent chains per thread: 1 chain measures latency, 8 fill the pipe.
template <int CHAINS>
__device__ __forceinline__ void ffma_chains(float b, float c, int iters, float* sink, u64* cycles) {
  float a[CHAINS];
#pragma unroll
  for (int i = 0; i < CHAINS; ++i) a[i] = b * (i + 1);
  __syncthreads();                  // thread 0's span covers every warp of the block (the clock group)
  const u64 t0 = GS_CLOCK();
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int u = 0; u < 16; ++u) {
#pragma unroll
      for (int i = 0; i < CHAINS; ++i) a[i] = GS_FMAF(a[i], b, c);
    }
  }
  __syncthreads();
  const u64 t1 = GS_CLOCK();
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

// ---- DFMA and IMAD (issue 34: the pipes of the fp64 and int32 ladders) -------------------------
// As ffma_chains, for a double-precision multiply-add (DFMA on sm_90, v_fma_f64 on AMD) and a 32-bit
// integer one (IMAD on sm_90). The integer chain squares its value (a = a * a + c), so that no
// compiler can fold a run of multiply-adds by one loop-invariant factor into fewer.
__device__ __forceinline__ double madd_step(double a, double b, double c) { return GS_FMA(a, b, c); }
__device__ __forceinline__ u32 madd_step(u32 a, u32 b, u32 c) { (void)b; return a * a + c; }

template <typename T, int CHAINS>
__device__ __forceinline__ void madd_chains(T b, T c, int iters, T* sink, u64* cycles) {
  T a[CHAINS];
#pragma unroll
  for (int i = 0; i < CHAINS; ++i) a[i] = b * (T)(i + 1) + (T)threadIdx.x;
  __syncthreads();
  const u64 t0 = GS_CLOCK();
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int u = 0; u < 16; ++u) {
#pragma unroll
      for (int i = 0; i < CHAINS; ++i) a[i] = madd_step(a[i], b, c);
    }
  }
  __syncthreads();
  const u64 t1 = GS_CLOCK();
  T s = 0;
#pragma unroll
  for (int i = 0; i < CHAINS; ++i) s += a[i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}
extern "C" __global__ void dfma_latency(double b, double c, int iters, double* sink, u64* cycles) {
  madd_chains<double, 1>(b, c, iters, sink, cycles);
}
extern "C" __global__ void dfma_throughput(double b, double c, int iters, double* sink, u64* cycles) {
  madd_chains<double, 8>(b, c, iters, sink, cycles);
}
extern "C" __global__ void imad_latency(u32 b, u32 c, int iters, u32* sink, u64* cycles) {
  madd_chains<u32, 1>(b, c, iters, sink, cycles);
}
extern "C" __global__ void imad_throughput(u32 b, u32 c, int iters, u32* sink, u64* cycles) {
  madd_chains<u32, 8>(b, c, iters, sink, cycles);
}

// ---- instruction fetch: straight-line code (issue 12) ------------------------------------------
// 8 x REPEAT multiply-adds over 8 independent accumulators, written out by the preprocessor (no
// loop for a compiler to keep), run twice in one launch: the first pass fetches the code from below
// the SM, the second runs it again from the SM's instruction caches where it fits. cycles[2b] and
// cycles[2b + 1]: the two passes of block b's thread 0.
#define GS_FMA8 a0 = GS_FMAF(a0, b, c); a1 = GS_FMAF(a1, b, c); a2 = GS_FMAF(a2, b, c); a3 = GS_FMAF(a3, b, c); \
                a4 = GS_FMAF(a4, b, c); a5 = GS_FMAF(a5, b, c); a6 = GS_FMAF(a6, b, c); a7 = GS_FMAF(a7, b, c);
#define GS_X2(s) s s
#define GS_X4(s) GS_X2(GS_X2(s))
#define GS_X16(s) GS_X4(GS_X4(s))
#define GS_X256(s) GS_X16(GS_X16(s))
#define GS_FETCH(STEPS, REPEAT)                                                                      \
  extern "C" __global__ void fetch_straight##STEPS(float b, float c, float* sink, u64* cycles) {     \
    float a0 = threadIdx.x, a1 = a0 + 1.f, a2 = a0 + 2.f, a3 = a0 + 3.f, a4 = a0 + 4.f, a5 = a0 + 5.f, \
          a6 = a0 + 6.f, a7 = a0 + 7.f;                                                             \
    _Pragma("unroll 1") for (int pass = 0; pass < 2; ++pass) {                                       \
      const u64 t0 = GS_CLOCK();                                                                    \
      REPEAT(GS_FMA8)                                                                               \
      const u64 t1 = GS_CLOCK();                                                                    \
      if (threadIdx.x == 0) cycles[2 * blockIdx.x + pass] = t1 - t0;                                 \
    }                                                                                               \
    sink[blockIdx.x * blockDim.x + threadIdx.x] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7;             \
  }
#define GS_R32(s) GS_X2(GS_X16(s))
#define GS_R128(s) GS_X2(GS_X4(GS_X16(s)))
#define GS_R512(s) GS_X2(GS_X256(s))
GS_FETCH(256, GS_R32)
GS_FETCH(1024, GS_R128)
GS_FETCH(4096, GS_R512)

// ---- barrier ------------------------------------------------------------------------------
extern "C" __global__ void barrier_loop(int iters, u32* sink, u64* cycles) {
  u32 x = threadIdx.x;
  const u64 t0 = GS_CLOCK();
  for (int i = 0; i < iters; ++i) {
    x = x * 1664525u + 1013904223u;  // a little work the barrier must order
    __syncthreads();
  }
  const u64 t1 = GS_CLOCK();
  sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
  if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;
}

// ---- matrix instructions --------------------------------------------------------------------
// GS_MATRIX_BENCH(NAME, ACC, INIT, STEP, FOLD) defines NAME_latency (one chain) and NAME_throughput (four
// independent chains per wave); STEP(acc) issues one instruction on the accumulator `acc` of
// type ACC, from operands that INIT() declares from the seed (opaque to the compiler); FOLD(acc)
// reduces an accumulator to the float the kernel stores.
#define GS_MATRIX_CHAINS(NAME, CHAINS, ACC, INIT, STEP, FOLD)                                  \
  extern "C" __global__ void NAME(u32 seed, int iters, float* sink, u64* cycles) {             \
    INIT();                                                                                   \
    ACC acc[CHAINS];                                                                          \
    for (int i = 0; i < CHAINS; ++i) acc[i] = ACC{};                                           \
    __syncthreads();  /* thread 0's span covers every warp of the block (the clock group) */  \
    const u64 t0 = GS_CLOCK();                                                                \
    for (int it = 0; it < iters; ++it) {                                                      \
      _Pragma("unroll") for (int u = 0; u < 8; ++u) {                                         \
        _Pragma("unroll") for (int i = 0; i < CHAINS; ++i) STEP(acc[i]);                      \
      }                                                                                       \
    }                                                                                         \
    __syncthreads();                                                                          \
    const u64 t1 = GS_CLOCK();                                                                \
    float s = 0.f;                                                                            \
    for (int i = 0; i < CHAINS; ++i) s += FOLD(acc[i]);                                       \
    sink[blockIdx.x * blockDim.x + threadIdx.x] = s;                                          \
    if (threadIdx.x == 0) cycles[blockIdx.x] = t1 - t0;                                       \
  }
#define GS_MATRIX_BENCH(NAME, ACC, INIT, STEP, FOLD)                                          \
  GS_MATRIX_CHAINS(NAME##_latency, 1, ACC, INIT, STEP, FOLD)                                  \
  GS_MATRIX_CHAINS(NAME##_throughput, 4, ACC, INIT, STEP, FOLD)

#if defined(GS_NVIDIA)
// mma.sync m16n8k16 bf16 -> fp32 (sm_90)
struct mma_acc { float d[4]; };
__device__ __forceinline__ void mma_m16n8k16(mma_acc& acc, const u32 (&a)[4], const u32 (&b)[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(acc.d[0]), "+f"(acc.d[1]), "+f"(acc.d[2]), "+f"(acc.d[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}
#define MMA_INIT() u32 a[4] = {seed, seed ^ 1u, seed ^ 2u, seed ^ 3u}; u32 b[2] = {seed ^ 4u, seed ^ 5u}
#define MMA_STEP(x) mma_m16n8k16(x, a, b)
#define MMA_FOLD(x) (x.d[0] + x.d[1] + x.d[2] + x.d[3])
GS_MATRIX_BENCH(mma_sync_m16n8k16_bf16, mma_acc, MMA_INIT, MMA_STEP, MMA_FOLD)
#endif

#if defined(__gfx942__) || defined(__gfx950__)
typedef float gs_f32x4 __attribute__((ext_vector_type(4)));
typedef float gs_f32x16 __attribute__((ext_vector_type(16)));
typedef int gs_i32x4 __attribute__((ext_vector_type(4)));
typedef int gs_i32x16 __attribute__((ext_vector_type(16)));
typedef short gs_s16x4 __attribute__((ext_vector_type(4)));
typedef _Float16 gs_f16x4 __attribute__((ext_vector_type(4)));
#define OPS_INIT()                                                                            \
  const u64 w = (u64)seed * 0x9e3779b97f4a7c15ull;                                            \
  const u64 a = w ^ threadIdx.x, b = w + threadIdx.x
#define F32_FOLD(x) (x[0] + x[1] + x[2] + x[3])
#define I32_FOLD(x) ((float)(x[0] + x[1] + x[2] + x[3]))
#define MFMA_F16_16(x) x = __builtin_amdgcn_mfma_f32_16x16x16f16(__builtin_bit_cast(gs_f16x4, a), \
                                                                 __builtin_bit_cast(gs_f16x4, b), x, 0, 0, 0)
#define MFMA_BF16_16(x) x = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(__builtin_bit_cast(gs_s16x4, a), \
                                                                      __builtin_bit_cast(gs_s16x4, b), x, 0, 0, 0)
#define MFMA_FP8_16(x) x = __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8((long)a, (long)b, x, 0, 0, 0)
GS_MATRIX_BENCH(v_mfma_f32_16x16x16_f16, gs_f32x4, OPS_INIT, MFMA_F16_16, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_16x16x16_bf16, gs_f32x4, OPS_INIT, MFMA_BF16_16, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_16x16x32_fp8_fp8, gs_f32x4, OPS_INIT, MFMA_FP8_16, F32_FOLD)
#endif

#if defined(__gfx942__)
#define MFMA_F16_32(x) x = __builtin_amdgcn_mfma_f32_32x32x8f16(__builtin_bit_cast(gs_f16x4, a), \
                                                                __builtin_bit_cast(gs_f16x4, b), x, 0, 0, 0)
#define MFMA_BF16_32(x) x = __builtin_amdgcn_mfma_f32_32x32x8bf16_1k(__builtin_bit_cast(gs_s16x4, a), \
                                                                     __builtin_bit_cast(gs_s16x4, b), x, 0, 0, 0)
#define MFMA_FP8_32(x) x = __builtin_amdgcn_mfma_f32_32x32x16_fp8_fp8((long)a, (long)b, x, 0, 0, 0)
#define MFMA_I8_16(x) x = __builtin_amdgcn_mfma_i32_16x16x32_i8((long)a, (long)b, x, 0, 0, 0)
#define MFMA_I8_32(x) x = __builtin_amdgcn_mfma_i32_32x32x16_i8((long)a, (long)b, x, 0, 0, 0)
#define MFMA_F32_16(x) x = __builtin_amdgcn_mfma_f32_16x16x4f32(__builtin_bit_cast(float, (u32)a), \
                                                                __builtin_bit_cast(float, (u32)b), x, 0, 0, 0)
GS_MATRIX_BENCH(v_mfma_f32_32x32x8_f16, gs_f32x16, OPS_INIT, MFMA_F16_32, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_32x32x8_bf16, gs_f32x16, OPS_INIT, MFMA_BF16_32, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_32x32x16_fp8_fp8, gs_f32x16, OPS_INIT, MFMA_FP8_32, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_i32_16x16x32_i8, gs_i32x4, OPS_INIT, MFMA_I8_16, I32_FOLD)
GS_MATRIX_BENCH(v_mfma_i32_32x32x16_i8, gs_i32x16, OPS_INIT, MFMA_I8_32, I32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_16x16x4_f32, gs_f32x4, OPS_INIT, MFMA_F32_16, F32_FOLD)
#endif

#if defined(__gfx950__)
typedef _Float16 gs_f16x8 __attribute__((ext_vector_type(8)));
typedef __bf16 gs_bf16x8 __attribute__((ext_vector_type(8)));
#define OPS8_INIT()                                                                           \
  OPS_INIT();                                                                                 \
  const gs_i32x4 a8 = {(int)a, (int)(a >> 32), (int)b, (int)(b >> 32)};                       \
  const gs_i32x4 b8 = {(int)b, (int)(a >> 32), (int)a, (int)(b >> 32)}
#define MFMA_F16_16X32(x) x = __builtin_amdgcn_mfma_f32_16x16x32_f16(__builtin_bit_cast(gs_f16x8, a8), \
                                                                     __builtin_bit_cast(gs_f16x8, b8), x, 0, 0, 0)
#define MFMA_BF16_16X32(x) x = __builtin_amdgcn_mfma_f32_16x16x32_bf16(__builtin_bit_cast(gs_bf16x8, a8), \
                                                                       __builtin_bit_cast(gs_bf16x8, b8), x, 0, 0, 0)
#define MFMA_BF16_32X16(x) x = __builtin_amdgcn_mfma_f32_32x32x16_bf16(__builtin_bit_cast(gs_bf16x8, a8), \
                                                                       __builtin_bit_cast(gs_bf16x8, b8), x, 0, 0, 0)
#define MFMA_I8_16X64(x) x = __builtin_amdgcn_mfma_i32_16x16x64_i8(a8, b8, x, 0, 0, 0)
#define MFMA_I8_32X32(x) x = __builtin_amdgcn_mfma_i32_32x32x32_i8(a8, b8, x, 0, 0, 0)
GS_MATRIX_BENCH(v_mfma_f32_16x16x32_f16, gs_f32x4, OPS8_INIT, MFMA_F16_16X32, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_16x16x32_bf16, gs_f32x4, OPS8_INIT, MFMA_BF16_16X32, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_f32_32x32x16_bf16, gs_f32x16, OPS8_INIT, MFMA_BF16_32X16, F32_FOLD)
GS_MATRIX_BENCH(v_mfma_i32_16x16x64_i8, gs_i32x4, OPS8_INIT, MFMA_I8_16X64, I32_FOLD)
GS_MATRIX_BENCH(v_mfma_i32_32x32x32_i8, gs_i32x16, OPS8_INIT, MFMA_I8_32X32, I32_FOLD)
#endif
