"""`python -m gemmsim ...` runs the `gemmsim` command."""

import sys

from gemmsim.cli import main

sys.exit(main())
