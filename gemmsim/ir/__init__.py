"""The IR: the scheduled instruction stream each wave issues (README, "How it works"), and its waits."""
