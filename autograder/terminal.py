"""Play a terminal program in the sandbox, key by key, and read its screens in the parent.

Full-screen terminal games (MiniRogue) read single keys in raw mode and redraw the screen
with ANSI escapes, so they are checked the way a person plays them: through a
pseudo-terminal. A driver in the sandbox child (``autograder/drivers/terminal.py``)
starts the program on a pty of a fixed size, waits for its first screen, then types each
key and collects everything the program writes until it waits for the next key (seen in
``/proc/PID/syscall``: blocked in ``read`` on its terminal) or, where that cannot be
seen, until it goes quiet. It reports only
those raw bytes. Here, in the parent, a terminal emulator (pyte) replays them and yields
the screen as a person would have seen it after each key; the checks compare those
screens with their expectations.
"""

import functools
from dataclasses import dataclass, field
from itertools import repeat
from operator import attrgetter
from typing import List, Optional, Tuple


@dataclass
class TerminalSession:
    """What a program showed on its terminal while keys were typed.

    Attributes:
        screens: the screen before any key (index 0), then after each key typed; each
            screen is its rows as strings padded to the terminal's width. Shorter than
            ``keys + 1`` when the program ended (or flooded) before every key was typed.
        returncode: the program's exit status, or None when it was still running after
            the last key (and the input end, when asked for) and had to be killed.
        chunks: the output before the first key, then after each key (latin-1 text of the
            raw bytes), which the screens were rendered from.
        session: while a held session's program waits for more keys, its number in the
            sandbox (``Runner.type_on``); None otherwise.
    """

    screens: List[List[str]]
    returncode: Optional[int]
    chunks: List[str] = field(default_factory=list)
    session: Optional[int] = None

    @property
    def transcript(self) -> str:
        """Return everything the program wrote, as text (escape sequences included)."""
        return "".join(self.chunks)

    def screen(self, index: int = -1) -> str:
        """Return screen ``index`` (the last by default) as one string of its rows."""
        return "\n".join(self.screens[index])

    def find(self, text: str) -> Optional[int]:
        """Return the index of the first screen showing ``text``, or None."""
        for index, rows in enumerate(self.screens):
            if any(text in row for row in rows):
                return index
        return None


# The character a pyte cell shows.
CELL_TEXT = attrgetter("data")


@functools.lru_cache(maxsize=None)
def _screen_class() -> type:
    """Return pyte's Screen with a faster ``draw`` for plain ASCII text (made on first use:
    only the terminal checks need the emulator)."""
    import pyte
    from pyte import modes

    class AsciiScreen(pyte.Screen):
        """pyte's Screen, drawing a run of printable ASCII a row at a time.

        pyte's own ``draw`` looks up every character's width and builds each cell through
        ``_replace``; a printable ASCII character is one cell wide, so a run of them in the
        usual modes (auto-wrap on, insert off) fills the row's cells in one step, wrapping
        exactly where ``draw`` would. A cell is an immutable tuple, so each (character,
        attributes) cell is made once and shared. Anything else is left to ``draw``.
        """

        def __init__(self, columns: int, lines: int) -> None:
            """Make the screen, with no cells made yet."""
            super().__init__(columns, lines)
            self._cells: dict = {}

        def draw(self, data: str) -> None:
            """Display ``data`` at the cursor, as :meth:`pyte.Screen.draw` does."""
            text = data.translate(self.g1_charset if self.charset else self.g0_charset)
            cursor = self.cursor
            fields = cursor.attrs._fields
            if (not text.isascii() or not text.isprintable() or modes.IRM in self.mode
                    or modes.DECAWM not in self.mode or fields[0] != "data"):
                super().draw(data)
                return
            cell, rest = type(cursor.attrs), tuple(cursor.attrs)[1:]
            cells = self._cells.setdefault((cell, rest), {})
            for char in set(text).difference(cells):
                cells[char] = tuple.__new__(cell, (char,) + rest)
            start = 0
            while start < len(text):
                if cursor.x == self.columns:
                    self.dirty.add(cursor.y)
                    self.carriage_return()
                    self.linefeed()
                taken = text[start:start + self.columns - cursor.x]
                self.buffer[cursor.y].update(
                    zip(range(cursor.x, cursor.x + len(taken)), map(cells.__getitem__, taken)))
                cursor.x += len(taken)
                start += len(taken)
            self.dirty.add(cursor.y)

    return AsciiScreen


class _Emulation:
    """A terminal emulator part-way through a program's output.

    Attributes:
        size: the terminal's (rows, cols).
        chunks: the output fed so far.
        screens: the screen after each chunk, as tuples of rows.
    """

    def __init__(self, rows: int, cols: int) -> None:
        import pyte  # only the terminal checks need the emulator

        self.size = (rows, cols)
        self.chunks: List[str] = []
        self.screens: List[Tuple[str, ...]] = []
        self._screen = _screen_class()(cols, rows)
        self._stream = pyte.ByteStream(self._screen)

    def continues_into(self, chunks: List[str], rows: int, cols: int) -> bool:
        """Return True if ``chunks`` on a terminal of this size starts with all fed so far."""
        return (self.size == (rows, cols) and len(self.chunks) <= len(chunks)
                and chunks[:len(self.chunks)] == self.chunks)

    def feed(self, chunks: List[str]) -> None:
        """Feed the chunks after those fed so far, keeping the screen after each."""
        for chunk in chunks[len(self.chunks):]:
            self._stream.feed(chunk.encode("latin-1", "replace"))  # the child sent latin-1
            self.chunks.append(chunk)
            self.screens.append(self._rows())

    def _rows(self) -> Tuple[str, ...]:
        """Return the screen's rows as pyte's ``display`` gives them, faster for ASCII.

        ``display`` looks up every character's width to skip the second cell of wide
        characters; a row of single ASCII characters has none, so it is joined as it is,
        and any other row is left to ``display``.
        """
        screen = self._screen
        columns, blank = range(screen.columns), repeat(screen.default_char)
        rows = []
        for index in range(screen.lines):
            # A cell never written reads as the default one (pyte's lines are default dicts).
            row = "".join(map(CELL_TEXT, map(screen.buffer[index].get, columns, blank)))
            if not (row.isascii() and len(row) == screen.columns):
                return tuple(screen.display)
            rows.append(row)
        return tuple(rows)


class ScreenCache:
    """Renders terminal sessions, picking up where an earlier session's emulator left off.

    A seeded game replayed with more keys writes the same output as before for the keys it
    shares, so its screens up to there are the earlier session's: only the new output is fed
    to the emulator. Rendering is a function of the output alone, so the result is the
    same as replaying it through a new emulator from the start; a session whose output
    differs anywhere (another seed, a game that is not repeatable) gets an emulator of its
    own.

    Args:
        size: how many emulators are kept (the least recently used is dropped).
    """

    def __init__(self, size: int = 8) -> None:
        self._size = size
        self._emulations: List[_Emulation] = []

    def render(self, chunks: List[str], rows: int, cols: int) -> List[List[str]]:
        """Return the screen after each chunk, each a list of ``rows`` strings.

        Args:
            chunks: the output before the first key, then after each key (latin-1 text of
                the raw bytes, as the driver reported them).
            rows, cols: the terminal's size.
        """
        earlier = [emulation for emulation in self._emulations
                   if emulation.continues_into(chunks, rows, cols)]
        if earlier:
            # The longest match is fed on; shorter ones stay for other replays.
            emulation = max(earlier, key=lambda candidate: len(candidate.chunks))
            self._emulations.remove(emulation)
        else:
            emulation = _Emulation(rows, cols)
        emulation.feed(chunks)
        self._emulations = (self._emulations + [emulation])[-self._size:]
        return [list(screen) for screen in emulation.screens]
