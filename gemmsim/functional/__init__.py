"""Functional replay: execute the generated instruction streams on data and check the product.

executor runs a Program on byte buffers (registers per lane, LDS per workgroup, counters that
retire in order); mfma holds the lane layouts and arithmetic of the matrix instructions; dtypes
the element formats; verify the end-to-end check against numpy; layout the lane-map view.
"""
