// preshuffle_gemm.hip: a small bf16 GEMM with the structure of gemmsim's preshuffle generator
// (gemmsim/schedule/preshuffle.py), written to be compiled to assembly and read back by
// gemmsim's ISA front-end (gemmsim/isa). Header-free HIP for Debian's clang-22:
//
//   clang-22 -x hip --offload-arch=gfx942 --cuda-device-only -nogpulib -nogpuinc -O3 -S
//
// Structure (one workgroup = 4 waves = 256 threads computes a TILE_M x TILE_N tile of C):
// * A (M x K, bf16, row-major) goes global -> VGPRs -> LDS (two stages, ping-pong) in 16-byte
//   packs; copy round r of thread t moves byte chunk (r*256 + t)*16 of the A tile.
// * Each lane reads its A operand from LDS as one 16-byte pack per (K64 step ku, 16-row block mi):
//   row = mi*16 + lane%16, byte column = ku*64 + (lane/16)*16, XOR-16 swizzled when SWIZZLE:
//   column ^ ((row % (TILE_K_BYTES/16)) * 16) on the write and the read path alike.
// * B is pre-shuffled on the host into (N/16, K_bytes/64, 64 lanes, 16 B): each lane loads its
//   16-byte operand pack straight into VGPRs with one buffer_load_dwordx4 per (ku, 16-column block).
// * The main loop runs two K tiles per iteration (stage 0, then stage 1) so that it stays one
//   loop body; while a tile is computed, the next tile's A and B are loaded.
// * HINTS = 1 adds the guide's hot-loop interleaving with __builtin_amdgcn_sched_group_barrier:
//   per 2*num_acc_n matrix instructions, one global load and one LDS read.
//
// gfx942 uses v_mfma_f32_16x16x16_bf16 (two per 16-byte pack: its K half each),
// gfx950 uses v_mfma_f32_16x16x32_bf16 (one per pack). The kernel is a corpus for the parser:
// it is compiled, never run here, and its K order inside a pack matches the pre-shuffled B.

#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define DEVICE __attribute__((device)) inline __attribute__((always_inline))

typedef unsigned u32x4 __attribute__((ext_vector_type(4)));
typedef unsigned u32x2 __attribute__((ext_vector_type(2)));
typedef float f32x4 __attribute__((ext_vector_type(4)));
typedef short s16x4 __attribute__((ext_vector_type(4)));
typedef __bf16 bf16x8 __attribute__((ext_vector_type(8)));

constexpr int WAVES = 4;
constexpr int LANES = 64;
constexpr int THREADS = WAVES * LANES;
constexpr int PACK = 16;        // bytes per lane per LDS read / global load
constexpr int K_STEP = 64;      // bytes of K per 16-row block and K64 micro-step
constexpr int ELEM = 2;         // bf16
constexpr unsigned RSRC_WORD3 = 0x00020000;  // gfx9 buffer descriptor dword 3 (raw, 32-bit data)

enum : unsigned { SG_VALU = 0x2, SG_MFMA = 0x8, SG_VMEM_READ = 0x20, SG_DS_READ = 0x100, SG_DS_WRITE = 0x200 };

DEVICE void lds_barrier() {
  // LDS-only fences: the barrier orders LDS traffic, global loads stay in flight across it.
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup", "local");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup", "local");
}

template <int TILE_K_BYTES, bool SWIZZLE>
DEVICE int lds_offset(int row, int col) {
  // the one swizzle function of both paths (gemmsim.schedule.swizzle.lds_offset)
  return row * TILE_K_BYTES + (SWIZZLE ? (col ^ ((row % (TILE_K_BYTES / PACK)) * PACK)) : col);
}

DEVICE f32x4 mfma_pack(u32x4 a, u32x4 b, f32x4 acc) {
#if defined(__gfx950__)
  return __builtin_amdgcn_mfma_f32_16x16x32_bf16(__builtin_bit_cast(bf16x8, a), __builtin_bit_cast(bf16x8, b),
                                                 acc, 0, 0, 0);
#else
  // K halves of the pack; copied to locals first: clang-22 bit-casts a swizzle `a.zw` from a's
  // first bytes (it reads .xy), so the halves are named values before the cast
  const u32x2 a_lo = a.xy, a_hi = a.zw, b_lo = b.xy, b_hi = b.zw;
  acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(__builtin_bit_cast(s16x4, a_lo), __builtin_bit_cast(s16x4, b_lo),
                                                  acc, 0, 0, 0);
  return __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(__builtin_bit_cast(s16x4, a_hi), __builtin_bit_cast(s16x4, b_hi),
                                                   acc, 0, 0, 0);
#endif
}

#if defined(__gfx950__)
constexpr int MFMA_PER_PACK = 1;
#else
constexpr int MFMA_PER_PACK = 2;
#endif

template <int TILE_M, int TILE_N, int TILE_K, bool SWIZZLE, bool HINTS>
struct Gemm {
  static constexpr int TILE_K_BYTES = TILE_K * ELEM;
  static constexpr int M_REPEAT = TILE_M / 16;
  static constexpr int NUM_ACC_N = TILE_N / WAVES / 16;
  static constexpr int K_UNROLL = TILE_K_BYTES / K_STEP;
  static constexpr int A_TILE_BYTES = TILE_M * TILE_K_BYTES;
  static constexpr int A_ROUNDS = A_TILE_BYTES / (THREADS * PACK);
  static_assert(A_TILE_BYTES % (THREADS * PACK) == 0, "the A tile is copied in whole rounds");

  __amdgpu_buffer_rsrc_t a_rsrc, b_rsrc;
  int a_voff[A_ROUNDS];      // per-lane byte offset of the A chunk of each copy round
  int a_lds[A_ROUNDS];       // its (swizzled) LDS offset within a stage
  int b_voff[NUM_ACC_N];     // per-lane byte offset of each 16-column block of B
  int read_off[K_UNROLL][M_REPEAT];
  char* lds;
  int k_bytes;

  u32x4 a_stage[A_ROUNDS];
  u32x4 b[2][K_UNROLL][NUM_ACC_N];
  f32x4 acc[M_REPEAT][NUM_ACC_N];

  DEVICE void load_next(int tile, int set) {
    const int soff = tile * TILE_K_BYTES;
#pragma unroll
    for (int r = 0; r < A_ROUNDS; ++r)
      a_stage[r] = __builtin_amdgcn_raw_buffer_load_b128(a_rsrc, a_voff[r], soff, 0);
#pragma unroll
    for (int ku = 0; ku < K_UNROLL; ++ku)
#pragma unroll
      for (int ni = 0; ni < NUM_ACC_N; ++ni)
        b[set][ku][ni] = __builtin_amdgcn_raw_buffer_load_b128(b_rsrc, b_voff[ni] + ku * 1024,
                                                               tile * K_UNROLL * 1024, 0);
  }

  DEVICE void write_a(int stage) {
#pragma unroll
    for (int r = 0; r < A_ROUNDS; ++r)
      *reinterpret_cast<u32x4*>(lds + stage * A_TILE_BYTES + a_lds[r]) = a_stage[r];
  }

  DEVICE void compute(int stage, int set) {
#pragma unroll
    for (int ku = 0; ku < K_UNROLL; ++ku)
#pragma unroll
      for (int mi = 0; mi < M_REPEAT; ++mi) {
        const u32x4 a = *reinterpret_cast<const u32x4*>(lds + stage * A_TILE_BYTES + read_off[ku][mi]);
#pragma unroll
        for (int ni = 0; ni < NUM_ACC_N; ++ni) acc[mi][ni] = mfma_pack(a, b[set][ku][ni], acc[mi][ni]);
      }
    if (HINTS) {
      // the guide's sync-copy pattern: one global load, then one LDS read, between MFMA groups
      constexpr int GROUPS = K_UNROLL * M_REPEAT * NUM_ACC_N * MFMA_PER_PACK / (2 * NUM_ACC_N);
#pragma unroll
      for (int g = 0; g < GROUPS; ++g) {
        __builtin_amdgcn_sched_group_barrier(SG_VMEM_READ, 1, 0);
        __builtin_amdgcn_sched_group_barrier(SG_MFMA, NUM_ACC_N, 0);
        __builtin_amdgcn_sched_group_barrier(SG_DS_READ, 1, 0);
        __builtin_amdgcn_sched_group_barrier(SG_MFMA, NUM_ACC_N, 0);
      }
    }
  }

  // compute the tile in `stage` with B set `stage`; if prefetch, bring tile+1 into the other ones
  template <int STAGE>
  DEVICE void tile(int t, bool prefetch) {
    if (prefetch) load_next(t + 1, 1 - STAGE);
    compute(STAGE, STAGE);
    if (prefetch) {
      write_a(1 - STAGE);
      lds_barrier();
    }
  }

  DEVICE void run(const char* A, const char* B, unsigned short* C, int M, int N, int K) {
    __shared__ u32x4 lds_a[2 * A_TILE_BYTES / PACK];
    lds = reinterpret_cast<char*>(lds_a);
    const int tid = __builtin_amdgcn_workitem_id_x();
    const int wave = tid / LANES, lane = tid % LANES;
    const int block_m = __builtin_amdgcn_workgroup_id_x(), block_n = __builtin_amdgcn_workgroup_id_y();
    k_bytes = K * ELEM;
    const int k_tiles = K / TILE_K;

    a_rsrc = __builtin_amdgcn_make_buffer_rsrc(const_cast<char*>(A) + (long)block_m * TILE_M * k_bytes, 0,
                                               0x7fffffff, RSRC_WORD3);
    b_rsrc = __builtin_amdgcn_make_buffer_rsrc(const_cast<char*>(B), 0, 0x7fffffff, RSRC_WORD3);
#pragma unroll
    for (int r = 0; r < A_ROUNDS; ++r) {
      const int chunk = (r * THREADS + tid) * PACK;
      const int row = chunk / TILE_K_BYTES, col = chunk % TILE_K_BYTES;
      a_voff[r] = row * k_bytes + col;
      a_lds[r] = lds_offset<TILE_K_BYTES, SWIZZLE>(row, col);
    }
    const int chunks_per_row = k_bytes / K_STEP;
#pragma unroll
    for (int ni = 0; ni < NUM_ACC_N; ++ni) {
      const int n_block = block_n * (TILE_N / 16) + wave * NUM_ACC_N + ni;
      b_voff[ni] = n_block * chunks_per_row * 1024 + lane * PACK;
    }
#pragma unroll
    for (int ku = 0; ku < K_UNROLL; ++ku)
#pragma unroll
      for (int mi = 0; mi < M_REPEAT; ++mi)
        read_off[ku][mi] = lds_offset<TILE_K_BYTES, SWIZZLE>(mi * 16 + lane % 16, ku * K_STEP + (lane / 16) * PACK);
#pragma unroll
    for (int mi = 0; mi < M_REPEAT; ++mi)
#pragma unroll
      for (int ni = 0; ni < NUM_ACC_N; ++ni) acc[mi][ni] = f32x4{0, 0, 0, 0};

    // prologue: tile 0 into stage 0 and B set 0
    load_next(-1 + 1, 0);
    write_a(0);
    lds_barrier();

    const int iterations = (k_tiles - 1) / 2;
    int t = 0;
    for (int it = 0; it < iterations; ++it, t += 2) {
      tile<0>(t, true);
      tile<1>(t + 1, true);
    }
    if ((k_tiles - 1) % 2) {
      tile<0>(t, true);
      tile<1>(t + 1, false);
    } else {
      tile<0>(t, false);
    }
    store_c(C, M, N, block_m, block_n, wave, lane);
  }

  DEVICE void store_c(unsigned short* C, int M, int N, int block_m, int block_n, int wave, int lane) {
    // direct epilogue: lane holds rows 4*(lane/16)+i of column lane%16; bf16 = the high half of fp32
    __amdgpu_buffer_rsrc_t c_rsrc = __builtin_amdgcn_make_buffer_rsrc(C, 0, 0x7fffffff, RSRC_WORD3);
#pragma unroll
    for (int mi = 0; mi < M_REPEAT; ++mi)
#pragma unroll
      for (int ni = 0; ni < NUM_ACC_N; ++ni)
#pragma unroll
        for (int i = 0; i < 4; ++i) {
          const int row = block_m * TILE_M + mi * 16 + (lane / 16) * 4 + i;
          const int col = block_n * TILE_N + wave * (TILE_N / WAVES) + ni * 16 + lane % 16;
          const unsigned short v = __builtin_bit_cast(unsigned, acc[mi][ni][i]) >> 16;
          __builtin_amdgcn_raw_buffer_store_b16(v, c_rsrc, (row * N + col) * 2, 0, 0);
        }
  }
};

#define PRESHUFFLE_KERNEL(TM, TN, TK, SW, HI)                                                         \
  extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(THREADS, THREADS)))               \
  void preshuffle_bf16_m##TM##n##TN##k##TK##_swz##SW##_hint##HI(                                     \
      const char* A, const char* B, unsigned short* C, int M, int N, int K) {                       \
    Gemm<TM, TN, TK, SW != 0, HI != 0> g;                                                           \
    g.run(A, B, C, M, N, K);                                                                        \
  }

// The corpus: tile shapes x swizzle x scheduling hints (gemmsim names them tile_m x tile_n x tile_k).
// A file that includes this one for the Gemm template alone defines PRESHUFFLE_NO_CORPUS.
#ifndef PRESHUFFLE_NO_CORPUS
PRESHUFFLE_KERNEL(64, 256, 64, 1, 0)
PRESHUFFLE_KERNEL(64, 256, 64, 0, 0)
PRESHUFFLE_KERNEL(64, 256, 64, 1, 1)
PRESHUFFLE_KERNEL(32, 128, 128, 1, 0)
PRESHUFFLE_KERNEL(32, 128, 128, 0, 1)
PRESHUFFLE_KERNEL(128, 128, 64, 1, 1)
#endif
