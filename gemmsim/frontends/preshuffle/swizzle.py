"""The XOR-16 swizzle of the A tile in LDS: one function for the write path and the read path.

Row r of a tile_k-byte-wide tile has its 16-byte column blocks permuted by XOR with (r mod
k_blocks16): rows that would land on the same banks spread over k_blocks16 different ones.
XOR is its own inverse, so the same function also undoes the swizzle.
"""

BLOCK_BYTES = 16


def xor16(row: int, col_bytes: int, k_blocks16: int) -> int:
    """Swizzled byte column of (row, col_bytes); the low 4 bits (inside a 16-byte block) are kept."""
    return col_bytes ^ ((row % k_blocks16) * BLOCK_BYTES)


def lds_offset(row: int, col_bytes: int, row_bytes: int, swizzle: bool) -> int:
    """Byte offset of an A-tile element in its LDS buffer, swizzled or plain."""
    col = xor16(row, col_bytes, row_bytes // BLOCK_BYTES) if swizzle else col_bytes
    return row * row_bytes + col
