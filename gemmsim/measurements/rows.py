"""The rows of the CSV files gemmsim reads, checked cell by cell at the edge.

Every reader of a measured or saved table (the runner's CSV, rocprofv3 and Nsight Compute
exports, the microbenchmarks, saved predictions) goes through `read_table`, which refuses what is
not a CSV table (a binary file, a row longer or shorter than the header, a NUL byte), and takes
its cells through the typed accessors of `Row`, which refuse what breaks a column's domain. The
first bad cell stops the read with one line that names it, the way a compiler names a line:

    results.csv:7: column 'M': value '128.5' is not a positive integer

so the core never sees a NaN time, a negative dimension or a missing column.

Why not a schema library (pydantic): the cells arrive as text, the domains are four (text,
positive integer, count, positive finite number), and the message must name file, line, column
and value in one line; a model class per format plus the translation of pydantic's multi-line
errors would be longer than these accessors, and would add a dependency for it.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from gemmsim.errors import InputError

@dataclass(frozen=True)
class Row:
    """One data row: its cells by column name, and where it is (for the error message)."""

    path: Path
    line: int
    cells: dict[str, str]

    def error(self, column: str, rule: str) -> InputError:
        return InputError(f"{self.path}:{self.line}: column {column!r}: value {self.cells.get(column, '')!r} {rule}")

    def text(self, column: str) -> str:
        """The cell, stripped; it must not be empty."""
        value = self.cells.get(column, "").strip()
        if not value:
            raise self.error(column, "is empty")
        return value

    def get(self, column: str, default: str = "") -> str:
        """The cell, stripped, or `default` when the column is absent or the cell empty."""
        return self.cells.get(column, "").strip() or default

    def positive_int(self, column: str) -> int:
        return self._integer(column, minimum=1, rule="is not a positive integer")

    def count(self, column: str) -> int:
        """A counter: an integer >= 0, thousands separators allowed."""
        return self._integer(column, minimum=0, rule="is not a count (an integer >= 0)")

    def positive_number(self, column: str) -> float:
        """A finite number > 0 (a time, a bandwidth, a clock); thousands separators allowed."""
        value = self._float(column, "is not a positive finite number")
        if not value > 0:
            raise self.error(column, "is not a positive finite number")
        return value

    def non_negative_number(self, column: str) -> float:
        """A finite number >= 0 (a hardware counter, which rocprofv3 writes as 16384.000000)."""
        value = self._float(column, "is not a finite number >= 0")
        if not value >= 0:
            raise self.error(column, "is not a finite number >= 0")
        return value

    def optional_positive_int(self, column: str) -> int | None:
        return self.positive_int(column) if self.get(column) else None

    def optional_count(self, column: str) -> int | None:
        return self.count(column) if self.get(column) else None

    def _integer(self, column: str, minimum: int, rule: str) -> int:
        text = self.text(column).replace(",", "")
        if not text.isascii() or not text.isdigit():
            raise self.error(column, rule)
        try:
            value = int(text)
        except ValueError:     # more digits than Python converts
            raise self.error(column, rule) from None
        if value < minimum:
            raise self.error(column, rule)
        return value

    def _float(self, column: str, rule: str) -> float:
        try:
            value = float(self.text(column).replace(",", ""))
        except ValueError:
            raise self.error(column, rule) from None
        if not math.isfinite(value):
            raise self.error(column, rule)
        return value


@dataclass(frozen=True)
class Table:
    path: Path
    header: list[str]
    rows: list[Row]

    def require(self, columns: Iterable[str], what: str) -> None:
        """Refuse the table unless it has every column of `columns` (`what` names the format)."""
        missing = [c for c in columns if c not in self.header]
        if missing:
            raise InputError(f"{self.path}: not {what}: missing column{'s' if len(missing) > 1 else ''} "
                             f"{', '.join(map(repr, missing))}")


def read_table(path: str | Path, what: str) -> Table:
    """The CSV at `path`: its header (stripped) and its data rows, every row as long as the header.
    `what` names the file in the message when it is missing ("results file")."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"{what} {str(path)!r} does not exist")
    try:
        with path.open(newline="", encoding="utf-8") as f:
            records = list(_records(path, f))
    except OSError as e:
        raise InputError(f"{path}: cannot read {what}: {e.strerror or e}") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{path}: not a CSV text file (byte {e.start}: {e.reason})") from None
    if not records:
        raise InputError(f"{path}: empty file")
    _, first = records[0]
    header = [h.strip() for h in first]
    if len(set(header)) != len(header):
        repeated = sorted({h for h in header if header.count(h) > 1})
        raise InputError(f"{path}:1: the header repeats column {repeated[0]!r}")
    rows = []
    for line, values in records[1:]:
        if not any(v.strip() for v in values):
            continue       # a blank line
        if len(values) != len(header):
            raise InputError(f"{path}:{line}: the row has {len(values)} fields, the header {len(header)}")
        rows.append(Row(path, line, dict(zip(header, values))))
    return Table(path, header, rows)


def _records(path: Path, f) -> Iterator[tuple[int, list[str]]]:
    """(line the record starts on, fields) of every record."""
    reader = csv.reader(f)
    start = 1
    try:
        for values in reader:
            yield start, values
            start = reader.line_num + 1
    except csv.Error as e:
        raise InputError(f"{path}:{reader.line_num}: not a CSV row ({e})") from None
