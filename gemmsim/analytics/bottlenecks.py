"""What limits a kernel: the one vocabulary the roofline (analytics/roofline.py), the replay's
classification (model/bottleneck.py), the Prediction and the reports share."""

from __future__ import annotations

from enum import StrEnum


class Bottleneck(StrEnum):
    """What limits a kernel, as a Prediction (and the roofline: MFMA or VMEM_BANDWIDTH) names it; the
    value is what the reports and the JSON write."""

    MFMA = "mfma"                      # the matrix pipes
    LDS = "lds"                        # the LDS
    VMEM_BANDWIDTH = "vmem_bandwidth"  # the memory path (the CU's bandwidth share; the roofline: HBM)
    LATENCY = "latency"                # no unit saturated: too few waves in flight to hide the latency

    __repr__ = str.__repr__   # shown as the plain string it is, as the API's examples show it
