"""Writers for predictions: the readable report, the Chrome/Perfetto trace, the timeline plot."""
