"""Would numba pay in the replay's hot loop? The per-instruction arithmetic, compiled, against Python.

    python benchmarks/numba_check.py

The event loop (model/wave.py `Wave.run`) is a generator per wave resumed by the scheduler, and its
per-instruction work is a handful of comparisons and additions on Python objects (a Step, the
pipes, the counters' deques, the stall dict). numba cannot compile a generator that other Python
generators resume through a heap of callbacks, so what it could take is a piece of that work,
called from the loop. This measures, per instruction, the two pieces with the most arithmetic in
them: the scoreboard wait (the latest of the barriers in a 6-bit wait mask) and the pipe booking
(slot, free time, busy cycles, whole-cycle start), each (a) written out in Python, (b) as a Python
function call, (c) as a call of the same function compiled by numba (@njit, after its
compilation); and the scoreboard wait as the loop has it, over the set bits of the mask taken from
a table. Prints nanoseconds per call (best of 5 runs of 200 000 calls).
"""

from __future__ import annotations

import math
import sys
import time

N = 200_000


def best_ns(fn) -> float:
    runs = []
    for _ in range(5):
        start = time.perf_counter()
        fn()
        runs.append(time.perf_counter() - start)
    return min(runs) / N * 1e9


def scoreboard_py(mask: int, ready: float, down_at) -> float:
    for b in range(6):
        if mask >> b & 1 and down_at[b] > ready:
            ready = down_at[b]
    return ready


def book_py(ready: float, free: float, cycles: float, busy: float):
    slot = ready if ready > free else free
    return math.ceil(slot), slot + cycles, busy + cycles


def main() -> int:
    try:
        import numba
        import numpy as np
    except ImportError:
        print("numba is not installed (pip install numba)")
        return 1
    scoreboard_nb = numba.njit(cache=False)(scoreboard_py)
    book_nb = numba.njit(cache=False)(book_py)
    down_list = [10.0, 250.5, 0.0, 33.0, 0.0, 7.0]
    down_np = np.array(down_list)
    scoreboard_nb(0b101011, 5.0, down_np)      # compile
    book_nb(5.0, 7.5, 16.0, 0.0)

    def sb_inline():
        down_at = down_list
        for _ in range(N):
            mask, ready = 0b101011, 5.0
            for b in range(6):
                if mask >> b & 1 and down_at[b] > ready:
                    ready = down_at[b]

    bits = [tuple(b for b in range(6) if mask >> b & 1) for mask in range(64)]

    def sb_table():     # what wave.py does: the set bits of a mask from a table
        down_at = down_list
        for _ in range(N):
            mask, ready = 0b101011, 5.0
            for b in bits[mask]:
                if down_at[b] > ready:
                    ready = down_at[b]

    def sb_call():
        for _ in range(N):
            scoreboard_py(0b101011, 5.0, down_list)

    def sb_numba():
        for _ in range(N):
            scoreboard_nb(0b101011, 5.0, down_np)

    def book_inline():
        free, busy, ceil = 7.5, 0.0, math.ceil
        for _ in range(N):
            ready, cycles = 5.0, 16.0
            slot = ready if ready > free else free
            _, free, busy = ceil(slot), slot + cycles, busy + cycles
            free = 7.5

    def book_call():
        for _ in range(N):
            book_py(5.0, 7.5, 16.0, 0.0)

    def book_numba():
        for _ in range(N):
            book_nb(5.0, 7.5, 16.0, 0.0)

    loop = best_ns(lambda: [None for _ in range(N)])
    print(f"numba {numba.__version__}; ns per call, the bare loop's {loop:.0f} ns included")
    print(f"{'piece':<22}{'inline':>10}{'py call':>10}{'numba call':>12}")
    print(f"{'scoreboard wait':<22}{best_ns(sb_inline):>10.0f}{best_ns(sb_call):>10.0f}{best_ns(sb_numba):>12.0f}"
          f"   (inline, the set bits from a table: {best_ns(sb_table):.0f})")
    print(f"{'pipe booking':<22}{best_ns(book_inline):>10.0f}{best_ns(book_call):>10.0f}{best_ns(book_numba):>12.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
