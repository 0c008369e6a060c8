"""Pure analytics beside the simulator: roofline, dimension efficiency, occupancy, hot-loop statistics."""
