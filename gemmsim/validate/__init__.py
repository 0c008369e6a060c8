"""Prediction against measurement: compare measured points, calibrate GPU descriptions."""
