"""Timing: the event-driven replay of one compute unit (its waves, SIMDs, MFMA pipes, LDS, memory
path, counters and barriers) and the GPU level above it. The LDS's bank-conflict cycles are pure
analytics (gemmsim.analytics.lds_banks), which lds.py charges per access."""
