"""Exceptions of gemmsim. The library raises them; only the CLI prints them and picks exit codes."""


class GemmsimError(Exception):
    """Base class: a one-line message that names the offending value and the rule it breaks."""


class HardwareFileError(GemmsimError):
    """A GPU description file is missing, malformed, or lacks a source for a value."""


class ConfigError(GemmsimError):
    """A kernel configuration or problem shape breaks a rule of the kernel."""


class InputError(GemmsimError):
    """A command-line value, trace or data file cannot be read as asked."""
