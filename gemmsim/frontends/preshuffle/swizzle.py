"""The XOR-16 swizzle of the A tile in LDS: one function for the write path and the read path.

Row r of a tile_k-byte-wide tile has its 16-byte column blocks permuted by XOR with (r mod
k_blocks16): rows that would land on the same banks spread over k_blocks16 different ones.
XOR is its own inverse, so the same function also undoes the swizzle.
"""

BLOCK_BYTES = 16


def xor16(row: int, col_bytes: int, k_blocks16: int) -> int:
    """Swizzled byte column of (row, col_bytes); the low 4 bits (inside a 16-byte block) are kept."""
    return col_bytes ^ ((row % k_blocks16) * BLOCK_BYTES)


def lds_offset(row: int, col_bytes: int, row_bytes: int, swizzle: bool, group_bytes: int | None = None) -> int:
    """Byte offset of an A-tile element in its LDS buffer, swizzled or plain.

    group_bytes None: the row XOR above. Otherwise the XOR works on the tile's flat byte offset
    in groups of group_bytes: the 16-byte block inside a group is XORed with the group's index
    modulo the blocks per group (CuTe's Swizzle<3,4,3> in bytes for 128-byte groups; FlyDSL's
    16-bit sync-copy kernel keeps this fixed Swizzle<3,3,3> on bf16/fp16 elements whatever tile_k)."""
    if not swizzle:
        return row * row_bytes + col_bytes
    if group_bytes is None:
        return row * row_bytes + xor16(row, col_bytes, row_bytes // BLOCK_BYTES)
    flat = row * row_bytes + col_bytes
    return flat ^ ((flat // group_bytes) % (group_bytes // BLOCK_BYTES)) * BLOCK_BYTES
