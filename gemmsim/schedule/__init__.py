"""Front-ends that build the IR (schedule/ir.py): the preshuffle generator, and parsers."""
