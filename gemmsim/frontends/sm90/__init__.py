"""sm_90 instruction streams of the kernels in kernels/, and the SASS reader that orders them."""
