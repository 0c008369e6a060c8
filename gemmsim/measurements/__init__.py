"""Prediction against measurement: compare measured points, calibrate GPU descriptions.

compare (the whole `gemmsim compare` run) uses: points (what a measured kernel launch is),
readers (the runner's, rocprofv3's and Nsight Compute's CSVs), predictor (which Program a
kernel is, and its prediction), saved (predictions kept in a file), stats (error, rank
correlation, tile picks) and ncu (predicted against Nsight Compute counters). calibrate fits
the H200's timing parameters from its microbenchmarks.
"""
