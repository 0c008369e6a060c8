// mma_preshuffle.hip: a matrix-core GEMM with the structure of FlyDSL's preshuffle GEMM.
//
//   C (M x N, fp32) = A (M x K, bf16, row-major) * B (K x N, bf16)
//
// * 4 waves per block (256 threads on AMD, wave64; 128 threads on NVIDIA, warp32).
//   The block computes a TILE_M x TILE_N tile of C; wave w owns the columns
//   [w * TILE_N/4, (w+1) * TILE_N/4) and every row of the tile, as FlyDSL's
//   n_per_wave = tile_n / 4 and m_repeat = tile_m / 16.
// * A goes global -> registers -> LDS through a two-stage ping-pong: the next K tile is
//   loaded into registers before the matrix instructions on the current stage run, and
//   written into the other stage after them. One barrier per K tile suffices: the stage
//   written in iteration k was last read in iteration k-1, which ended with the barrier.
// * B is pre-shuffled on the host (validation/preshuffle.py) into the matrix instruction's
//   per-lane register layout, so each lane loads its B fragment with one vector load
//   straight into registers; B never touches LDS. The host pads the pre-shuffled B with
//   zeros to K_pad (a multiple of TILE_K) and N_pad (a multiple of TILE_N), so B loads
//   need no guard. A loads are guarded (zero-filled past M and K) and C stores are
//   guarded, so any M, N, K runs.
// * The A tile in LDS is TILE_K bf16 per row; SWIZZLE = true applies the XOR-16
//   swizzle on the byte column, one function on the write and the read path.
//
// Matrix instruction per target:
//   gfx942  v_mfma_f32_16x16x16_bf16  (16x16 C tile, K = 16 per instruction)
//   gfx950  v_mfma_f32_16x16x32_bf16  (16x16 C tile, K = 32)
//   sm_90   mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 (16x8 C tile, K = 16)
#include "portable.h"

// ---- matrix-instruction traits -------------------------------------------------------
#if defined(GS_NVIDIA)
#define GS_MMA_N 8
#define GS_MMA_K 16
#define GS_A_WORDS 4  // 8 bf16 per lane, four 32-bit registers
#define GS_B_WORDS 2  // 4 bf16 per lane
#elif defined(__gfx950__)
#define GS_MMA_N 16
#define GS_MMA_K 32
#define GS_A_WORDS 4  // 8 bf16 per lane, contiguous in K
#define GS_B_WORDS 4
#else  // gfx942 and the other CDNA3 targets
#define GS_MMA_N 16
#define GS_MMA_K 16
#define GS_A_WORDS 2  // 4 bf16 per lane, contiguous in K
#define GS_B_WORDS 2
#endif
#define GS_MMA_M 16
#define GS_WAVES 4

template <int WORDS>
struct gs_frag {
  gs_u32 w[WORDS];
};

// C fragment: four fp32 per lane on every target (see store_c_fragment for the layout).
struct gs_acc {
  float v[4];
};

#if defined(GS_AMD)
typedef short gs_s16x4 __attribute__((ext_vector_type(4)));
typedef __bf16 gs_bf16x8 __attribute__((ext_vector_type(8)));
typedef float gs_f32x4 __attribute__((ext_vector_type(4)));
#endif

__device__ __forceinline__ void mma_bf16(gs_acc& c, const gs_frag<GS_A_WORDS>& a,
                                         const gs_frag<GS_B_WORDS>& b) {
#if defined(GS_NVIDIA)
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
      "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};\n"
      : "+f"(c.v[0]), "+f"(c.v[1]), "+f"(c.v[2]), "+f"(c.v[3])
      : "r"(a.w[0]), "r"(a.w[1]), "r"(a.w[2]), "r"(a.w[3]), "r"(b.w[0]), "r"(b.w[1]));
#else
  gs_f32x4 acc = {c.v[0], c.v[1], c.v[2], c.v[3]};
#if defined(__gfx950__)
  acc = __builtin_amdgcn_mfma_f32_16x16x32_bf16(__builtin_bit_cast(gs_bf16x8, a),
                                                __builtin_bit_cast(gs_bf16x8, b), acc, 0, 0, 0);
#else
  acc = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(__builtin_bit_cast(gs_s16x4, a),
                                                  __builtin_bit_cast(gs_s16x4, b), acc, 0, 0, 0);
#endif
  c.v[0] = acc[0];
  c.v[1] = acc[1];
  c.v[2] = acc[2];
  c.v[3] = acc[3];
#endif
}

// ---- the XOR-16 swizzle: one function for the LDS write and read paths ----------------
// Byte column -> swizzled byte column inside a row of TILE_K_BYTES. The 16-byte chunk
// index is XORed with (row mod chunks per row); bytes within a chunk keep their place.
template <int TILE_K_BYTES, bool SWIZZLE>
__device__ __forceinline__ int lds_byte_col(int row, int col_bytes) {
  static_assert((TILE_K_BYTES / 16) * 16 == TILE_K_BYTES, "row must be whole 16-byte chunks");
  static_assert(((TILE_K_BYTES / 16) & (TILE_K_BYTES / 16 - 1)) == 0,
                "chunks per row must be a power of two for the XOR to stay in the row");
  // row & (chunks - 1) == row % chunks for row >= 0; the mask lets the compiler see that
  // adding a multiple of 16 rows leaves the XOR term unchanged (immediate LDS offsets).
  return SWIZZLE ? (col_bytes ^ ((row & (TILE_K_BYTES / 16 - 1)) * 16)) : col_bytes;
}

template <int TILE_K_BYTES, bool SWIZZLE>
__device__ __forceinline__ int lds_offset(int row, int col_bytes) {
  return row * TILE_K_BYTES + lds_byte_col<TILE_K_BYTES, SWIZZLE>(row, col_bytes);
}

// ---- A: global -> registers (guarded) ------------------------------------------------
__device__ __forceinline__ gs_u32x4 load_a_chunk(const gs_u16* GS_RESTRICT A, int M, int K,
                                                 int row, int k) {
  // 8 consecutive bf16 of one row; one 16-byte load when the chunk is inside and aligned.
  if (row < M && k + 8 <= K && (K % 8) == 0)
    return *reinterpret_cast<const gs_u32x4*>(A + (long long)row * K + k);
  gs_u16 e[8];
  #pragma unroll
  for (int i = 0; i < 8; ++i) e[i] = (row < M && k + i < K) ? A[(long long)row * K + k + i] : 0;
  gs_u32x4 r;
  r.x = e[0] | ((gs_u32)e[1] << 16);
  r.y = e[2] | ((gs_u32)e[3] << 16);
  r.z = e[4] | ((gs_u32)e[5] << 16);
  r.w = e[6] | ((gs_u32)e[7] << 16);
  return r;
}

template <int TILE_M, int TILE_K, int THREADS>
struct a_tile_copy {
  static constexpr int CHUNKS_PER_ROW = TILE_K / 8;
  static constexpr int CHUNKS = TILE_M * CHUNKS_PER_ROW;
  static constexpr int PER_THREAD = (CHUNKS + THREADS - 1) / THREADS;

  __device__ __forceinline__ static void load(gs_u32x4 (&regs)[PER_THREAD],
                                              const gs_u16* GS_RESTRICT A, int M, int K,
                                              int m0, int k0, int tid) {
    #pragma unroll
    for (int i = 0; i < PER_THREAD; ++i) {
      const int c = tid + i * THREADS;
      if (CHUNKS % THREADS == 0 || c < CHUNKS)
        regs[i] = load_a_chunk(A, M, K, m0 + c / CHUNKS_PER_ROW, k0 + (c % CHUNKS_PER_ROW) * 8);
    }
  }

  template <bool SWIZZLE>
  __device__ __forceinline__ static void store(char* stage, const gs_u32x4 (&regs)[PER_THREAD],
                                               int tid) {
    #pragma unroll
    for (int i = 0; i < PER_THREAD; ++i) {
      const int c = tid + i * THREADS;
      if (CHUNKS % THREADS == 0 || c < CHUNKS) {
        const int off = lds_offset<TILE_K * 2, SWIZZLE>(c / CHUNKS_PER_ROW, (c % CHUNKS_PER_ROW) * 16);
        *reinterpret_cast<gs_u32x4*>(stage + off) = regs[i];
      }
    }
  }
};

// ---- A fragment: LDS -> registers, in the matrix instruction's layout ------------------
template <int TILE_K, bool SWIZZLE>
__device__ __forceinline__ gs_frag<GS_A_WORDS> read_a_fragment(const char* stage, int m_base,
                                                               int k_base, int lane) {
  constexpr int RB = TILE_K * 2;  // bytes per LDS row
  gs_frag<GS_A_WORDS> f;
#if defined(GS_NVIDIA)
  // m16n8k16 A: lane = 4*group + t; registers hold (row g, k 2t..2t+1), (row g+8, same k),
  // (row g, k 2t+8..), (row g+8, k 2t+8..).
  const int g = lane / 4, t = lane % 4;
  const int r0 = m_base + g, r1 = r0 + 8;
  const int kb0 = (k_base + 2 * t) * 2, kb1 = kb0 + 16;
  f.w[0] = *reinterpret_cast<const gs_u32*>(stage + lds_offset<RB, SWIZZLE>(r0, kb0));
  f.w[1] = *reinterpret_cast<const gs_u32*>(stage + lds_offset<RB, SWIZZLE>(r1, kb0));
  f.w[2] = *reinterpret_cast<const gs_u32*>(stage + lds_offset<RB, SWIZZLE>(r0, kb1));
  f.w[3] = *reinterpret_cast<const gs_u32*>(stage + lds_offset<RB, SWIZZLE>(r1, kb1));
#else
  // MFMA A: lane l holds row l%16, GS_A_WORDS*2 consecutive k from (l/16)*GS_A_WORDS*2.
  constexpr int PER_LANE = GS_A_WORDS * 2;
  const int row = m_base + lane % 16;
  const int kb = (k_base + (lane / 16) * PER_LANE) * 2;
  f = *reinterpret_cast<const gs_frag<GS_A_WORDS>*>(stage + lds_offset<RB, SWIZZLE>(row, kb));
#endif
  return f;
}

// ---- B fragment: pre-shuffled global -> registers --------------------------------------
// Layout (validation/preshuffle.py): [n_block][k_block][lane][GS_B_WORDS*2 bf16], blocks of
// GS_MMA_N columns by GS_MMA_K rows; k_blocks = K_pad / GS_MMA_K per n_block.
__device__ __forceinline__ gs_frag<GS_B_WORDS> load_b_fragment(const gs_u16* GS_RESTRICT Bs,
                                                               int n_block, int k_block,
                                                               int k_blocks, int lane) {
  constexpr int BLOCK_ELEMS = GS_MMA_N * GS_MMA_K;
  const long long base = ((long long)n_block * k_blocks + k_block) * BLOCK_ELEMS;
  return *reinterpret_cast<const gs_frag<GS_B_WORDS>*>(Bs + base + lane * GS_B_WORDS * 2);
}

// ---- C fragment: registers -> global (guarded) -----------------------------------------
__device__ __forceinline__ void store_c_fragment(float* GS_RESTRICT C, int M, int N, int m_base,
                                                 int n_base, int lane, const gs_acc& c) {
#if defined(GS_NVIDIA)
  // m16n8 C: lane = 4*g + t holds (g, 2t), (g, 2t+1), (g+8, 2t), (g+8, 2t+1).
  const int g = lane / 4, t = lane % 4;
  #pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int row = m_base + g + (i / 2) * 8, col = n_base + 2 * t + i % 2;
    if (row < M && col < N) C[(long long)row * N + col] = c.v[i];
  }
#else
  // 16x16 MFMA C: lane l holds rows 4*(l/16) .. +3 of column l%16.
  #pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int row = m_base + 4 * (lane / 16) + i, col = n_base + lane % 16;
    if (row < M && col < N) C[(long long)row * N + col] = c.v[i];
  }
#endif
}

// ---- the kernel body -------------------------------------------------------------------
template <int TILE_M, int TILE_N, int TILE_K, bool SWIZZLE>
__device__ __forceinline__ void mma_preshuffle_body(const gs_u16* GS_RESTRICT A,
                                                    const gs_u16* GS_RESTRICT B_shuffled,
                                                    float* GS_RESTRICT C, int M, int N, int K,
                                                    int k_blocks) {
  constexpr int THREADS = GS_WAVES * GS_WAVE_SIZE;
  constexpr int WAVE_N = TILE_N / GS_WAVES;
  constexpr int M_REP = TILE_M / GS_MMA_M;
  constexpr int N_REP = WAVE_N / GS_MMA_N;
  constexpr int K_STEPS = TILE_K / GS_MMA_K;
  constexpr int STAGE_BYTES = TILE_M * TILE_K * 2;
  static_assert(TILE_M % GS_MMA_M == 0, "TILE_M must be a multiple of the MMA M (16)");
  static_assert(WAVE_N % GS_MMA_N == 0, "TILE_N / 4 must be a multiple of the MMA N");
  static_assert(TILE_K % GS_MMA_K == 0 && TILE_K % 8 == 0, "TILE_K must be a multiple of the MMA K");
  using copy = a_tile_copy<TILE_M, TILE_K, THREADS>;

  __shared__ gs_u32x4 lds_a[2 * STAGE_BYTES / 16];  // the ping-pong: two stages of A
  char* const stages = reinterpret_cast<char*>(lds_a);

  const int tid = threadIdx.x;
  const int wave = tid / GS_WAVE_SIZE, lane = tid % GS_WAVE_SIZE;
  const int m0 = blockIdx.y * TILE_M;
  const int wave_n0 = blockIdx.x * TILE_N + wave * WAVE_N;
  const int k_tiles = (K + TILE_K - 1) / TILE_K;

  gs_acc acc[M_REP][N_REP];
  #pragma unroll
  for (int i = 0; i < M_REP; ++i)
    #pragma unroll
    for (int j = 0; j < N_REP; ++j)
      #pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j].v[e] = 0.0f;

  gs_u32x4 a_next[copy::PER_THREAD];
  copy::load(a_next, A, M, K, m0, 0, tid);
  copy::template store<SWIZZLE>(stages, a_next, tid);
  __syncthreads();

  for (int kt = 0; kt < k_tiles; ++kt) {
    const char* cur = stages + (kt & 1) * STAGE_BYTES;
    char* nxt = stages + ((kt + 1) & 1) * STAGE_BYTES;
    const bool has_next = kt + 1 < k_tiles;
    if (has_next) copy::load(a_next, A, M, K, m0, (kt + 1) * TILE_K, tid);

    gs_frag<GS_B_WORDS> b[K_STEPS][N_REP];
    #pragma unroll
    for (int ks = 0; ks < K_STEPS; ++ks)
      #pragma unroll
      for (int j = 0; j < N_REP; ++j)
        b[ks][j] = load_b_fragment(B_shuffled, wave_n0 / GS_MMA_N + j,
                                   kt * K_STEPS + ks, k_blocks, lane);

    #pragma unroll
    for (int ks = 0; ks < K_STEPS; ++ks)
      #pragma unroll
      for (int i = 0; i < M_REP; ++i) {
        const gs_frag<GS_A_WORDS> a =
            read_a_fragment<TILE_K, SWIZZLE>(cur, i * GS_MMA_M, ks * GS_MMA_K, lane);
        #pragma unroll
        for (int j = 0; j < N_REP; ++j) mma_bf16(acc[i][j], a, b[ks][j]);
      }

    if (has_next) copy::template store<SWIZZLE>(nxt, a_next, tid);
    __syncthreads();
  }

  #pragma unroll
  for (int i = 0; i < M_REP; ++i)
    #pragma unroll
    for (int j = 0; j < N_REP; ++j)
      store_c_fragment(C, M, N, m0 + i * GS_MMA_M, wave_n0 + j * GS_MMA_N, lane, acc[i][j]);
}

// ---- split-K (issue 38): the body above over one split of the K tiles ----------------------
// The grid's z dimension splits the K tiles: block z takes [z * per, min((z + 1) * per, k_tiles)),
// per = ceil(k_tiles / SPLIT), and stores its fp32 partial tile into its own slice of the
// workspace, W + z * M * N (a split with no K tile stores zeros). splitk_reduce_f32 (below), a
// second launch, sums the slices into C: deterministic, no atomics, C needs no zeroing. The body
// is a copy of mma_preshuffle_body with only those changes, so that the plain kernels compile to
// the code measured before (a shared body with SPLIT = 1 changed their SASS).
template <int TILE_M, int TILE_N, int TILE_K, bool SWIZZLE, int SPLIT>
__device__ __forceinline__ void mma_preshuffle_splitk_body(const gs_u16* GS_RESTRICT A,
                                                           const gs_u16* GS_RESTRICT B_shuffled,
                                                           float* GS_RESTRICT W, int M, int N, int K,
                                                           int k_blocks) {
  constexpr int THREADS = GS_WAVES * GS_WAVE_SIZE;
  constexpr int WAVE_N = TILE_N / GS_WAVES;
  constexpr int M_REP = TILE_M / GS_MMA_M;
  constexpr int N_REP = WAVE_N / GS_MMA_N;
  constexpr int K_STEPS = TILE_K / GS_MMA_K;
  constexpr int STAGE_BYTES = TILE_M * TILE_K * 2;
  static_assert(TILE_M % GS_MMA_M == 0, "TILE_M must be a multiple of the MMA M (16)");
  static_assert(WAVE_N % GS_MMA_N == 0, "TILE_N / 4 must be a multiple of the MMA N");
  static_assert(TILE_K % GS_MMA_K == 0 && TILE_K % 8 == 0, "TILE_K must be a multiple of the MMA K");
  using copy = a_tile_copy<TILE_M, TILE_K, THREADS>;

  __shared__ gs_u32x4 lds_a[2 * STAGE_BYTES / 16];  // the ping-pong: two stages of A
  char* const stages = reinterpret_cast<char*>(lds_a);

  const int tid = threadIdx.x;
  const int wave = tid / GS_WAVE_SIZE, lane = tid % GS_WAVE_SIZE;
  const int m0 = blockIdx.y * TILE_M;
  const int wave_n0 = blockIdx.x * TILE_N + wave * WAVE_N;
  // this split's K tiles: [kt0, k_end), per = ceil(k_tiles / SPLIT); its partial goes to slice z of W
  const int k_tiles_all = (K + TILE_K - 1) / TILE_K;
  const int per = (k_tiles_all + SPLIT - 1) / SPLIT;
  const int kt0 = (int)blockIdx.z * per;
  const int k_end = kt0 + per < k_tiles_all ? kt0 + per : k_tiles_all;
  float* GS_RESTRICT C = W + (long long)blockIdx.z * M * N;

  gs_acc acc[M_REP][N_REP];
  #pragma unroll
  for (int i = 0; i < M_REP; ++i)
    #pragma unroll
    for (int j = 0; j < N_REP; ++j)
      #pragma unroll
      for (int e = 0; e < 4; ++e) acc[i][j].v[e] = 0.0f;

  gs_u32x4 a_next[copy::PER_THREAD];
  if (kt0 < k_end) {  // a split past the last K tile computes nothing and writes zeros
    copy::load(a_next, A, M, K, m0, kt0 * TILE_K, tid);
    copy::template store<SWIZZLE>(stages, a_next, tid);
  }
  __syncthreads();

  for (int kt = kt0; kt < k_end; ++kt) {
    const char* cur = stages + ((kt - kt0) & 1) * STAGE_BYTES;
    char* nxt = stages + ((kt - kt0 + 1) & 1) * STAGE_BYTES;
    const bool has_next = kt + 1 < k_end;
    if (has_next) copy::load(a_next, A, M, K, m0, (kt + 1) * TILE_K, tid);

    gs_frag<GS_B_WORDS> b[K_STEPS][N_REP];
    #pragma unroll
    for (int ks = 0; ks < K_STEPS; ++ks)
      #pragma unroll
      for (int j = 0; j < N_REP; ++j)
        b[ks][j] = load_b_fragment(B_shuffled, wave_n0 / GS_MMA_N + j,
                                   kt * K_STEPS + ks, k_blocks, lane);

    #pragma unroll
    for (int ks = 0; ks < K_STEPS; ++ks)
      #pragma unroll
      for (int i = 0; i < M_REP; ++i) {
        const gs_frag<GS_A_WORDS> a =
            read_a_fragment<TILE_K, SWIZZLE>(cur, i * GS_MMA_M, ks * GS_MMA_K, lane);
        #pragma unroll
        for (int j = 0; j < N_REP; ++j) mma_bf16(acc[i][j], a, b[ks][j]);
      }

    if (has_next) copy::template store<SWIZZLE>(nxt, a_next, tid);
    __syncthreads();
  }

  #pragma unroll
  for (int i = 0; i < M_REP; ++i)
    #pragma unroll
    for (int j = 0; j < N_REP; ++j)
      store_c_fragment(C, M, N, m0 + i * GS_MMA_M, wave_n0 + j * GS_MMA_N, lane, acc[i][j]);
}

// ---- instantiations: the tile configurations the validation suite sweeps ---------------
// validation/kernels.py reads this list (one source of truth for the configs).
// clang-format off
#define GS_MMA_TILE_CONFIGS(X) \
  X(16, 64, 128)               \
  X(32, 64, 64)                \
  X(32, 128, 64)               \
  X(32, 256, 64)               \
  X(64, 64, 64)                \
  X(64, 128, 32)               \
  X(64, 128, 64)               \
  X(64, 128, 128)              \
  X(128, 64, 64)               \
  X(128, 128, 32)              \
  X(64, 256, 64)
// clang-format on

#define GS_MMA_KERNEL(TM, TN, TK, SW)                                                    \
  extern "C" __global__ void GS_LAUNCH_BOUNDS(GS_WAVES* GS_WAVE_SIZE)                    \
      mma_preshuffle_m##TM##n##TN##k##TK##_swz##SW(                                      \
          const gs_u16* GS_RESTRICT A, const gs_u16* GS_RESTRICT B_shuffled,             \
          float* GS_RESTRICT C, int M, int N, int K, int k_blocks) {                     \
    mma_preshuffle_body<TM, TN, TK, SW != 0>(A, B_shuffled, C, M, N, K, k_blocks);       \
  }
#define GS_MMA_KERNEL_PAIR(TM, TN, TK) GS_MMA_KERNEL(TM, TN, TK, 0) GS_MMA_KERNEL(TM, TN, TK, 1)
GS_MMA_TILE_CONFIGS(GS_MMA_KERNEL_PAIR)

// The split-K kernels: the swizzled small-M tiles, K split 2, 4 or 8 ways. The same arguments as the
// plain kernel, with C the workspace of SPLIT x M x N fp32 partials (grid z = SPLIT). gemmsim's
// SPLITK_TILES and SPLITK_FACTORS (gemmsim/frontends/sm90/mma_space.py) list the same;
// tests/test_mma_space.py checks it.
// clang-format off
#define GS_MMA_SPLITK_CONFIGS(X) \
  X(16, 64, 128)                 \
  X(32, 64, 64)                  \
  X(64, 64, 64)
// clang-format on
#define GS_MMA_SPLITK_KERNEL(TM, TN, TK, S)                                              \
  extern "C" __global__ void GS_LAUNCH_BOUNDS(GS_WAVES* GS_WAVE_SIZE)                    \
      mma_preshuffle_m##TM##n##TN##k##TK##_swz1_splitk##S(                               \
          const gs_u16* GS_RESTRICT A, const gs_u16* GS_RESTRICT B_shuffled,             \
          float* GS_RESTRICT W, int M, int N, int K, int k_blocks) {                     \
    mma_preshuffle_splitk_body<TM, TN, TK, true, S>(A, B_shuffled, W, M, N, K, k_blocks); \
  }
#define GS_MMA_SPLITK_SET(TM, TN, TK) \
  GS_MMA_SPLITK_KERNEL(TM, TN, TK, 2) GS_MMA_SPLITK_KERNEL(TM, TN, TK, 4) GS_MMA_SPLITK_KERNEL(TM, TN, TK, 8)
GS_MMA_SPLITK_CONFIGS(GS_MMA_SPLITK_SET)

// The second pass of split-K: C[i] = the sum of W[z * MN + i] over the splits z in order; four
// consecutive elements per thread, as 16-byte loads and stores when MN is a multiple of 4. The
// partials are loaded GS_REDUCE_BATCH splits at a time, every load before the first add, so a
// thread waits for memory once per batch, not once per split.
#define GS_REDUCE_THREADS 256
#define GS_REDUCE_BATCH 8
struct __attribute__((aligned(16))) gs_f32x4_pod { float x, y, z, w; };  // no vendor float4 header

extern "C" __global__ void GS_LAUNCH_BOUNDS(GS_REDUCE_THREADS)
    splitk_reduce_f32(const float* GS_RESTRICT W, float* GS_RESTRICT C, int MN, int splits) {
  const long long i = ((long long)blockIdx.x * GS_REDUCE_THREADS + threadIdx.x) * 4;
  if (i >= MN) return;
  if ((MN & 3) == 0) {
    gs_f32x4_pod sum = {0.0f, 0.0f, 0.0f, 0.0f};
    for (int z0 = 0; z0 < splits; z0 += GS_REDUCE_BATCH) {
      gs_f32x4_pod w[GS_REDUCE_BATCH];
      #pragma unroll
      for (int z = 0; z < GS_REDUCE_BATCH; ++z)
        if (z0 + z < splits) w[z] = *reinterpret_cast<const gs_f32x4_pod*>(W + (long long)(z0 + z) * MN + i);
      #pragma unroll
      for (int z = 0; z < GS_REDUCE_BATCH; ++z)
        if (z0 + z < splits) {
          sum.x += w[z].x;
          sum.y += w[z].y;
          sum.z += w[z].z;
          sum.w += w[z].w;
        }
    }
    *reinterpret_cast<gs_f32x4_pod*>(C + i) = sum;
    return;
  }
  for (long long e = i; e < i + 4 && e < MN; ++e) {
    float sum = 0.0f;
    for (int z = 0; z < splits; ++z) sum += W[(long long)z * MN + e];
    C[e] = sum;
  }
}
