"""The IR: the scheduled instruction stream each wave issues (DESIGN.md), and its waits."""
