"""GPU descriptions: one TOML file per GPU, loaded into frozen dataclasses.

Every number in a file carries its kind (spec, microbenchmark, calibrated, assumed, derived)
and a source; the loader refuses a value without them and names the bad key. Model code
reads hardware numbers from these objects only. The AMD matrix mnemonics that the [[matrix]]
tables name are read by one parser, gemmsim.hw.matrix_opcode, which the loader uses to check
each entry's shape and dtypes against its opcode.
"""

from gemmsim.hw.loader import (
    GPU,
    ArchFacts,
    ClockUnderLoad,
    ComputeUnit,
    LDS,
    MatrixInstruction,
    Memory,
    Provenance,
    available_gpus,
    default_gpu_for_arch,
    default_gpus,
    load_gpu,
)

__all__ = [
    "GPU",
    "ArchFacts",
    "ClockUnderLoad",
    "ComputeUnit",
    "LDS",
    "MatrixInstruction",
    "Memory",
    "Provenance",
    "available_gpus",
    "default_gpu_for_arch",
    "default_gpus",
    "load_gpu",
]
