// portable.h: the few HIP names our kernels use, on three compilers.
//
//  * nvcc (NVIDIA): HIP and CUDA share threadIdx, blockIdx, blockDim, __syncthreads,
//    __global__, __shared__; we only add the GS_* helpers below.
//  * HIP with its runtime headers (hipcc, hiprtc): those names come from HIP itself.
//  * Debian clang-22, header-free (-nogpuinc -nogpulib): no HIP headers exist, so this
//    file provides the attributes and threadIdx/blockIdx/blockDim from amdgcn builtins.
//
// Kernels include only this header, so one source builds for gfx942, gfx950 and sm_90.
#pragma once

#if defined(__CUDACC__)
#define GS_NVIDIA 1
#define GS_WAVE_SIZE 32
#elif defined(__HIP__) || defined(__HIPCC_RTC__)
#define GS_AMD 1
#define GS_WAVE_SIZE 64
#else
#error "portable.h: compile with nvcc (CUDA) or as HIP (clang -x hip, hipcc, hiprtc)"
#endif

#if defined(GS_AMD) && !defined(__CLANG_HIP_RUNTIME_WRAPPER_H__) && !defined(__HIPCC_RTC__)
// Header-free HIP: supply what hip_runtime.h would.
#define GS_HEADER_FREE 1
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __host__ __attribute__((host))
#define __shared__ __attribute__((shared))
#define __forceinline__ inline __attribute__((always_inline))

// threadIdx.x etc. read a builtin through a conversion operator; the macro makes a
// temporary, so no storage is ever emitted for these objects.
#define GS_BUILTIN_AXIS(NAME, FN)                                                        \
  struct NAME {                                                                          \
    __device__ __forceinline__ operator unsigned int() const { return FN; }              \
  };
GS_BUILTIN_AXIS(gs_tid_x, __builtin_amdgcn_workitem_id_x())
GS_BUILTIN_AXIS(gs_tid_y, __builtin_amdgcn_workitem_id_y())
GS_BUILTIN_AXIS(gs_tid_z, __builtin_amdgcn_workitem_id_z())
GS_BUILTIN_AXIS(gs_bid_x, __builtin_amdgcn_workgroup_id_x())
GS_BUILTIN_AXIS(gs_bid_y, __builtin_amdgcn_workgroup_id_y())
GS_BUILTIN_AXIS(gs_bid_z, __builtin_amdgcn_workgroup_id_z())
GS_BUILTIN_AXIS(gs_bdim_x, __builtin_amdgcn_workgroup_size_x())
GS_BUILTIN_AXIS(gs_bdim_y, __builtin_amdgcn_workgroup_size_y())
GS_BUILTIN_AXIS(gs_bdim_z, __builtin_amdgcn_workgroup_size_z())
#undef GS_BUILTIN_AXIS
struct gs_thread_idx { gs_tid_x x; gs_tid_y y; gs_tid_z z; };
struct gs_block_idx { gs_bid_x x; gs_bid_y y; gs_bid_z z; };
struct gs_block_dim { gs_bdim_x x; gs_bdim_y y; gs_bdim_z z; };
#define threadIdx (gs_thread_idx{})
#define blockIdx (gs_block_idx{})
#define blockDim (gs_block_dim{})

// As HIP's __syncthreads: a work-group barrier with release/acquire fences around it.
__device__ __forceinline__ void __syncthreads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
#endif

// Launch bounds: the most threads a block will be launched with.
#if defined(GS_NVIDIA)
#define GS_LAUNCH_BOUNDS(threads) __launch_bounds__(threads)
#else
#define GS_LAUNCH_BOUNDS(threads) __attribute__((amdgpu_flat_work_group_size(1, threads)))
#endif

#define GS_RESTRICT __restrict__

// Fixed-width integers without <stdint.h> (no headers on the header-free path).
typedef unsigned short gs_u16;   // bf16 storage: raw bits, no vendor bf16 header needed
typedef unsigned int gs_u32;
typedef unsigned long long gs_u64;

// 16-byte vector for global->LDS copies (four 32-bit words).
struct __attribute__((aligned(16))) gs_u32x4 { gs_u32 x, y, z, w; };
