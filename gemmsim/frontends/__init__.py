"""Front-ends that build the IR: the preshuffle generator, the sm_90 streams of our kernels, compiled AMDGPU assembly."""
