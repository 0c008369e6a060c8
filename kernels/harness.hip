// harness.hip: what the runner launches beside the kernels it times (validation/measure.py).
#include "portable.h"

#if defined(GS_NVIDIA)
#define GS_HOLD_CLOCK() ((gs_u64)clock64())
#else
#define GS_HOLD_CLOCK() ((gs_u64)__builtin_amdgcn_s_memtime())
#endif

// hold_gpu: one thread keeps the GPU busy for `cycles` clock cycles. Launched just before the
// start event, it lets the host queue the event, the timed launch and the stop event while the GPU
// is still busy, so the events time the GPU's work and not the host's launch call.
extern "C" __global__ void hold_gpu(gs_u64 cycles) {
  const gs_u64 t0 = GS_HOLD_CLOCK();
  while (GS_HOLD_CLOCK() - t0 < cycles) {
  }
}
