"""How a row-major framework hands a matrix product to a column-major BLAS.

PyTorch computes C = A·B with A (M×K) and B (K×N) stored row-major. cuBLAS, hipBLASLt and
rocBLAS are column-major, and a row-major matrix read column-major is its own transpose, so the
framework asks the library for Cᵀ = Bᵀ·Aᵀ: the library's first operand is B, its second is A,
its m is N and its n is M. An operand stored row-major goes in as 'N'; one that is a transposed
view of a row-major tensor (stride 1 along its rows) goes in as 'T'. The leading dimension is
the stride between the library's columns, i.e. the row stride of a row-major operand.

    Y  = X·Wᵀ   (linear forward)     → transa='T', transb='N'   written (T,N)
    dX = dY·W   (input gradient)     → (N,N)
    dW = dYᵀ·X  (weight gradient)    → (N,T)

M, N and K are kept in the framework's view (C is M×N); kernel tiles named by BLAS libraries
run along the library's m, which is the framework's N.
"""

from __future__ import annotations

from dataclasses import dataclass

from gemmsim.errors import InputError


@dataclass(frozen=True)
class Operand:
    """One matrix as the framework sees it: its shape and element strides."""

    rows: int
    cols: int
    row_stride: int
    col_stride: int

    @classmethod
    def row_major(cls, rows: int, cols: int) -> "Operand":
        return cls(rows, cols, cols, 1)

    @classmethod
    def transposed(cls, rows: int, cols: int) -> "Operand":
        """A rows×cols view of a row-major cols×rows tensor (what `.t()` gives)."""
        return cls(rows, cols, 1, rows)

    def blas_layout(self) -> tuple[str, int]:
        """('N' or 'T', leading dimension) with which a column-major BLAS reads this operand.

        A matrix that is neither row- nor column-contiguous is copied to row-major first, as
        PyTorch does, so it reads as 'N' with the leading dimension of that copy.
        """
        if self.rows == 1 and self.cols == 1:
            return "N", 1
        if self.col_stride == 1 and (self.rows == 1 or self.row_stride >= self.cols):
            return "N", max(self.row_stride, self.cols)
        if self.row_stride == 1 and (self.cols == 1 or self.col_stride >= self.rows):
            return "T", max(self.col_stride, self.rows)
        return "N", self.cols


@dataclass(frozen=True)
class BlasCall:
    """A GEMM in the framework's view (C = A·B, M×N×K, `batch` of them) with the BLAS flags."""

    m: int
    n: int
    k: int
    batch: int
    transa: str
    transb: str
    lda: int
    ldb: int
    ldc: int

    @property
    def flags(self) -> str:
        return f"({self.transa},{self.transb})"

    @property
    def flops(self) -> int:
        return 2 * self.m * self.n * self.k * self.batch

    @property
    def shape(self) -> str:
        return f"{self.m}x{self.n}x{self.k}"


def blas_call(a: Operand, b: Operand, batch: int = 1) -> BlasCall:
    """The BLAS call for C = A·B: the library's first operand is B, its second is A."""
    if a.cols != b.rows:
        raise InputError(f"inner dimensions differ: A is {a.rows}x{a.cols}, B is {b.rows}x{b.cols}")
    transa, lda = b.blas_layout()
    transb, ldb = a.blas_layout()
    return BlasCall(m=a.rows, n=b.cols, k=a.cols, batch=batch,
                    transa=transa, transb=transb, lda=lda, ldb=ldb, ldc=max(b.cols, 1))


def linear_forward(tokens: int, d_in: int, d_out: int) -> BlasCall:
    """Y = X·Wᵀ with X (tokens×d_in) and W (d_out×d_in), both row-major."""
    return blas_call(Operand.row_major(tokens, d_in), Operand.transposed(d_in, d_out))


def linear_input_grad(tokens: int, d_in: int, d_out: int) -> BlasCall:
    """dX = dY·W: dY (tokens×d_out) and W (d_out×d_in), both row-major."""
    return blas_call(Operand.row_major(tokens, d_out), Operand.row_major(d_out, d_in))


def linear_weight_grad(tokens: int, d_in: int, d_out: int) -> BlasCall:
    """dW = dYᵀ·X, computed in W's layout: dYᵀ is a transposed view, X is row-major."""
    return blas_call(Operand.transposed(d_out, tokens), Operand.row_major(tokens, d_in))
