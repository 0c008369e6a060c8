"""The package's version, in a module of its own at the bottom layer: the tune cache keys on it, the
command prints it, and setuptools reads the literal without importing anything."""

__version__ = "0.1.0"
