// c_first_gemm.hip: the preshuffle GEMM of preshuffle_gemm.hip with FlyDSL's argument order, C first
// (FlyDSL's preshuffle kernel takes C, A, B, scale_a, scale_b, bias, ...). gemmsim's ISA front-end
// must tell the pointers apart by what the kernel does with them, not by their position: the
// time predicted for this kernel equals that of preshuffle_bf16_m64n256k64_swz1_hint0, whose
// body is the same with the arguments in (A, B, C) order.

#define PRESHUFFLE_NO_CORPUS
#include "preshuffle_gemm.hip"

extern "C" __global__ __attribute__((amdgpu_flat_work_group_size(THREADS, THREADS)))
void c_first_bf16_m64n256k64(unsigned short* C, const char* A, const char* B, int M, int N, int K) {
  Gemm<64, 256, 64, true, false> g;
  g.run(A, B, C, M, N, K);
}
