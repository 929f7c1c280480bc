"""The resource limits of a sandbox's runs, as data a suite declares."""

from dataclasses import dataclass
from typing import Any, Dict

from autograder.records._fields import expect_dict, get_field

__all__ = ["Limits"]


@dataclass(frozen=True)
class Limits:
    """Resource limits of every run in a sandbox.

    Attributes:
        wall_s: default time budget of a run, in seconds (see the sandbox module: CPU
            time, with wall time from the budget on only for a run that waits).
        cpu_s: CPU seconds per process (RLIMIT_CPU).
        memory_bytes: address space per process (RLIMIT_AS).
        file_size_bytes: largest file a process may write (RLIMIT_FSIZE).
        open_files: open file descriptors per process (RLIMIT_NOFILE).
        processes: processes (threads included) the run may have at once.
        output_bytes: cap per stream; past it the run is killed and the output cut.
    """

    wall_s: float = 10.0
    cpu_s: int = 10
    memory_bytes: int = 1 << 30
    file_size_bytes: int = 16 << 20
    open_files: int = 64
    processes: int = 32
    output_bytes: int = 1 << 20

    def to_dict(self) -> Dict[str, Any]:
        """Return the limits as JSON-ready data."""
        return {"wall_s": self.wall_s, "cpu_s": self.cpu_s, "memory_bytes": self.memory_bytes,
                "file_size_bytes": self.file_size_bytes, "open_files": self.open_files,
                "processes": self.processes, "output_bytes": self.output_bytes}

    @classmethod
    def from_dict(cls, data: Any) -> "Limits":
        """Return the limits ``data`` holds; a field it leaves out keeps its default.

        Raises:
            ValueError: a field is malformed, not above 0, or not one of the limits.
        """
        where = "limits"
        data = expect_dict(data, where)
        defaults = cls()
        unknown = sorted(set(data) - set(defaults.to_dict()))
        if unknown:
            raise ValueError(f"{where}: unknown field {unknown[0]!r}")
        values = {name: get_field(data, name, (int, float) if name == "wall_s" else int, where,
                             default)
                  for name, default in defaults.to_dict().items()}
        low = next((name for name, value in values.items() if value <= 0), None)
        if low is not None:
            raise ValueError(f"{where}: field {low!r} must be above 0, got {values[low]!r}")
        return cls(**values)
