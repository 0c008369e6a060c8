// blocktrace.hip: the ladder GEMMs with every warp's start and end written down (issue 12).
//
// Which SM ran each block, and when each warp began and finished, in the SM's cycle counter and in
// the GPU-wide timer: how blocks spread over SMs and whether the warps of one SM finish together
// (a fair scheduler) or one after another. Driven by validation/blocktrace.py.
//
// The bodies are the ladder's own (kernels/ladder.hip). Lane 0 of each warp writes its record as it
// starts and as it ends, so no trace value stays live across the GEMM (the register count, and so
// the occupancy, should match the untraced kernel's; the driver reports both).
// The host passes the grid's x extent (gridDim is not in the header-free HIP of portable.h).
// Record per warp, RECORD_WORDS u64: SM id (NVIDIA %smid; AMD the raw HW_ID register), start
// cycle, end cycle, start time, end time (ns on NVIDIA's %globaltimer; AMD s_memrealtime ticks).
#include "ladder.hip"

typedef gs_u64 u64;
#define RECORD_WORDS 5

#if defined(GS_NVIDIA)
__device__ __forceinline__ u64 gs_cycles() { return (u64)clock64(); }
__device__ __forceinline__ u64 gs_timer() {
  u64 t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ u64 gs_unit_id() {
  unsigned int id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}
#else
__device__ __forceinline__ u64 gs_cycles() { return (u64)__builtin_amdgcn_s_memtime(); }
__device__ __forceinline__ u64 gs_timer() { return (u64)__builtin_amdgcn_s_memrealtime(); }
// s_getreg_b32 HW_REG_HW_ID (id 4), all 32 bits: CU, SH and SE ids among other fields
__device__ __forceinline__ u64 gs_unit_id() { return (u64)__builtin_amdgcn_s_getreg((31 << 11) | 4); }
#endif

__device__ __forceinline__ u64* gs_warp_record(u64* records, unsigned int grid_x) {
  const unsigned int threads = blockDim.x * blockDim.y;
  const unsigned int block = blockIdx.y * grid_x + blockIdx.x;
  const unsigned int warp = (threadIdx.y * blockDim.x + threadIdx.x) / GS_WAVE_SIZE;
  return records + ((u64)block * (threads / GS_WAVE_SIZE) + warp) * RECORD_WORDS;
}

__device__ __forceinline__ bool gs_lane0() { return (threadIdx.y * blockDim.x + threadIdx.x) % GS_WAVE_SIZE == 0; }

#define GS_TRACED_KERNEL(NAME, BODY, T, SUFFIX)                                                  \
  extern "C" __global__ void GS_LAUNCH_BOUNDS(GS_WG* GS_WG)                                      \
      traced_##NAME##_##SUFFIX(const T* GS_RESTRICT A, const T* GS_RESTRICT B, T* GS_RESTRICT C, \
                               int M, int N, int K, u64* GS_RESTRICT records,                    \
                               unsigned int grid_x) {                                            \
    if (gs_lane0()) {                                                                            \
      u64* r = gs_warp_record(records, grid_x);                                                  \
      r[0] = gs_unit_id();                                                                       \
      r[1] = gs_cycles();                                                                        \
      r[3] = gs_timer();                                                                         \
    }                                                                                            \
    BODY(A, B, C, M, N, K);                                                                      \
    if (gs_lane0()) {                                                                            \
      u64* r = gs_warp_record(records, grid_x);                                                  \
      r[2] = gs_cycles();                                                                        \
      r[4] = gs_timer();                                                                         \
    }                                                                                            \
  }

GS_TRACED_KERNEL(gemm, gemm_body<float>, float, f32)
GS_TRACED_KERNEL(gemm_tiled, gemm_tiled_body<float>, float, f32)
GS_TRACED_KERNEL(gemm_blocked2x2, (gemm_blocked_body<float, 2>), float, f32)
GS_TRACED_KERNEL(gemm_tiled_blocked2x2, gemm_tiled_blocked2x2_body<float>, float, f32)
GS_TRACED_KERNEL(gemm_blocked4x4, (gemm_blocked_body<float, 4>), float, f32)
GS_TRACED_KERNEL(gemm, gemm_body<double>, double, f64)
GS_TRACED_KERNEL(gemm_tiled, gemm_tiled_body<double>, double, f64)
