"""The text form of a functional verification (`gemmsim verify`)."""

from __future__ import annotations

from gemmsim.functional.verify import VerifyReport


def format_verify(report: VerifyReport, seconds: float | None = None) -> str:
    m, n, k = report.shape
    verdict = "PASS" if report.passed else "FAIL"
    lines = [f"verify {report.program} on {report.gpu} ({report.arch}), {m}x{n}x{k} {report.dtype} "
             f"({report.input_format}), seed {report.seed}"
             + (f", injected fault: {report.fault}" if report.fault else ""),
             f"  {report.blocks} workgroups replayed, {report.elements} C elements"
             + (f" in {seconds:.2f} s" if seconds is not None else "") + f" (replay: {report.engine})",
             f"  {verdict}: {report.wrong} wrong, worst error / tolerance = {report.worst_error_to_tolerance:.3g}, "
             f"{report.hazard_count} synchronization hazards"]
    if report.cause:
        lines.append(f"  cause: {report.cause}")
    if report.first_wrong:
        lines.append("  first wrong element: " + report.first_wrong.describe().replace("\n", "\n  "))
    for hazard in report.hazards[:5]:
        lines.append(f"  hazard {hazard.describe()}")
    return "\n".join(lines)
