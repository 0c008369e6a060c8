"""Timing models: the LDS bank model, and the replay of one compute unit."""
