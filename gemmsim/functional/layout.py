"""`gemmsim layout`: which lane holds which A, B and C element of a matrix instruction.

The maps come from the same tables the functional executor multiplies with (mfma.MfmaLayout),
so what is printed is what verify checks. A lane's operand elements are packed into its
registers in order: element e of a b-bit format sits in register (e * b) // 32, bits
(e * b) % 32 upward; accumulator register r of a lane holds one f32 (or i32) of C.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from gemmsim.errors import ConfigError
from gemmsim.files import write_atomically
from gemmsim.functional.dtypes import ElementFormat, input_format
from gemmsim.functional.mfma import MfmaShape, parse_mfma
from gemmsim.hw import GPU, MatrixInstruction


@dataclass(frozen=True)
class InstructionLayout:
    instruction: MatrixInstruction
    shape: MfmaShape
    fmt: ElementFormat

    @property
    def operand_regs(self) -> int:
        return self.shape.k_per_lane * self.fmt.bits // 32


def instruction_layout(gpu: GPU, opcode: str, dtype: str | None = None) -> InstructionLayout:
    """The layout of a matrix instruction of this GPU (dtype picks among f8f6f4's formats)."""
    matches = [i for i in gpu.matrix if i.opcode == opcode and (dtype is None or i.dtype_a == dtype)]
    if not matches:
        have = sorted({f"{i.opcode} ({i.dtype_a})" for i in gpu.matrix})
        what = f"{opcode!r}" + (f" with dtype {dtype!r}" if dtype else "")
        raise ConfigError(f"matrix instruction {what} is not in {gpu.name}'s table: expected one of {', '.join(have)}")
    instr = matches[0]
    shape = parse_mfma(opcode)
    fmt = input_format(instr.dtype_a, gpu.arch)
    shape.operand_format(gpu.arch, shape.k_per_lane * fmt.bits)  # checks the operand width is one it takes
    return InstructionLayout(instr, shape, fmt)


def format_layout(lay: InstructionLayout) -> str:
    """Printed maps of A (row x K run), B (K run x column) and C (row x column -> lane.register)."""
    s, tables = lay.shape, lay.shape.layout
    kpl = s.k_per_lane
    runs = [f"k{g * kpl}-{(g + 1) * kpl - 1}" for g in range(s.groups)]
    acc = "i32" if s.int_accumulator else "f32"
    lines = [
        f"{s.opcode} ({lay.instruction.dtype_a}, {lay.fmt.name}) on {lay.instruction.m}x{lay.instruction.n}x"
        f"{lay.instruction.k}: 64 lanes in {s.groups} groups of {s.m}",
        f"each lane holds {kpl} consecutive K of one A row and of one B column ({lay.operand_regs} registers "
        f"per operand, element e in register e*{lay.fmt.bits}//32) and {s.acc_regs} {acc} accumulators",
        "",
        f"A[row, k]: lane holding it (element = k % {kpl})",
        _grid([f"row {i}" for i in range(s.m)], runs, tables.a_lane[:, ::kpl].astype(str)),
        "",
        f"B[k, col]: lane holding it (element = k % {kpl})",
        _grid(runs, [f"c{j}" for j in range(s.n)], tables.b_lane[::kpl, :].astype(str)),
        "",
        "C[row, col]: lane:register holding it",
        _grid([f"row {i}" for i in range(s.m)], [f"c{j}" for j in range(s.n)],
              np.char.add(np.char.add(tables.c_lane.astype(str), ":"), tables.c_reg.astype(str))),
    ]
    return "\n".join(lines)


def _grid(row_names: list[str], col_names: list[str], cells: np.ndarray) -> str:
    width = max(max(len(c) for c in col_names), max(len(str(x)) for x in cells.ravel())) + 1
    head = max(len(r) for r in row_names)
    out = [" " * head + "".join(f"{c:>{width}}" for c in col_names)]
    for name, row in zip(row_names, cells):
        out.append(f"{name:<{head}}" + "".join(f"{x:>{width}}" for x in row))
    return "\n".join(out)


def lane_colours(lanes: np.ndarray, group_size: int) -> np.ndarray:
    """RGB per cell: hue from the lane's group, shade from its position inside the group."""
    from matplotlib import colormaps

    base = np.array(colormaps["tab10"].colors)[:, :3]
    group, inside = lanes // group_size, lanes % group_size
    shade = 0.45 + 0.55 * inside / max(1, group_size - 1)
    return 1.0 - (1.0 - base[group % len(base)]) * shade[..., None]


def draw_layout(axes, lay: InstructionLayout, labels: bool = True) -> None:
    """Draw A, B and C onto three matplotlib Axes, each cell coloured by the lane that holds it (and
    labelled with it unless `labels` is False)."""
    s, tables = lay.shape, lay.shape.layout
    kpl, font = s.k_per_lane, 6 if s.m <= 16 else 3.5
    panels = [(axes[0], tables.a_lane, f"A ({s.m} x {s.k}): lane", "k", "row"),
              (axes[1], tables.b_lane, f"B ({s.k} x {s.n}): lane", "col", "k"),
              (axes[2], tables.c_lane, f"C ({s.m} x {s.n}): lane:register", "col", "row")]
    for ax, lanes, title, xlabel, ylabel in panels:
        ax.imshow(lane_colours(lanes, s.m), aspect="auto", interpolation="nearest")
        ax.set_title(title)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(ylabel)
    if not labels:
        return
    for g in range(s.groups):                   # one label per run of k_per_lane elements
        centre = g * kpl + (kpl - 1) / 2
        for i in range(s.m):
            axes[0].text(centre, i, str(tables.a_lane[i, g * kpl]), ha="center", va="center", fontsize=font)
        for j in range(s.n):
            axes[1].text(j, centre, str(tables.b_lane[g * kpl, j]), ha="center", va="center", fontsize=font,
                         rotation=90 if kpl > 1 else 0)
    for i in range(s.m):
        for j in range(s.n):
            axes[2].text(j, i, f"{tables.c_lane[i, j]}:{tables.c_reg[i, j]}", ha="center", va="center", fontsize=font)


def layout_caption(lay: InstructionLayout) -> str:
    s = lay.shape
    return (f"{s.opcode} ({lay.fmt.name}): which lane holds which element. Colour: lane group of {s.m} "
            f"lanes; shade: lane inside the group. Each lane holds {s.k_per_lane} consecutive K.")


def plot_layout(lay: InstructionLayout, path: str) -> None:
    """Three panels (A, B, C), each cell coloured by the lane that holds it and labelled with it."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(20, 7), gridspec_kw={"width_ratios": [1.6, 1, 1.4]})
    draw_layout(axes, lay)
    fig.suptitle(layout_caption(lay))
    write_atomically(path, writer=lambda tmp: fig.savefig(tmp, dpi=130, bbox_inches="tight"))
    plt.close(fig)
