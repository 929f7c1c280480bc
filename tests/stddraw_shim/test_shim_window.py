"""The shim's real pygame window, opened unseen with SDL's dummy video driver."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("pygame")

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT_S = 30

DRAWING = """
    import StdDraw
    from picture import Picture
    from color import Color
    StdDraw.setCanvasSize(40, 20)
    StdDraw.setXscale(0, 40)
    StdDraw.setYscale(0, 20)
    StdDraw.clear(StdDraw.GRAY)
    StdDraw.setPenColor(StdDraw.RED)
    StdDraw.filledRectangle(0, 0, 4, 2)
    StdDraw.setPenColor(StdDraw.GREEN)
    StdDraw.filledSquare(20, 10, 2)
    sprite = Picture(2, 2)
    sprite.set(0, 0, Color(1, 2, 3))
    StdDraw.picture(sprite, 35, 15)
    StdDraw.show(0)
"""
SAMPLES = [(0, 19), (3, 18), (4, 19), (18, 8), (21, 11), (17, 8), (34, 4), (35, 4), (39, 0)]


@pytest.fixture()
def folder(tmp_path):
    """A folder holding a private copy of the shim, made by its command line."""
    subprocess.run([sys.executable, "-m", "stddraw_shim", "install", str(tmp_path)], cwd=ROOT,
                   check=True, capture_output=True, timeout=TIMEOUT_S)
    return tmp_path


def run(folder, source, **env):
    """Run ``source`` in ``folder`` with the given environment (site-packages available)."""
    (folder / "prog.py").write_text(textwrap.dedent(source))
    environ = {key: value for key, value in os.environ.items()
               if not key.startswith(("STDDRAW", "SDL_"))}
    environ["PYTHONDONTWRITEBYTECODE"] = "1"
    environ.update(env)
    return subprocess.run([sys.executable, "prog.py"], cwd=folder, env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def pixels(path):
    """Return a function giving the RGB of (x, y-from-top) in the PNG at ``path``."""
    import pygame
    surface = pygame.image.load(str(path))
    return lambda x, y: tuple(surface.get_at((x, y)))[:3]


def test_window_and_headless_draw_the_same_pixels(folder):
    tmp_path = folder
    window = run(tmp_path, DRAWING, SDL_VIDEODRIVER="dummy", STDDRAW_PNG="window.png",
                 STDDRAW_LOG="window.jsonl")
    headless = run(tmp_path, DRAWING, STDDRAW_HEADLESS="1", STDDRAW_PNG="headless.png")
    assert window.returncode == headless.returncode == 0, window.stderr + headless.stderr
    first = json.loads((tmp_path / "window.jsonl").read_text().splitlines()[0])
    assert first["backend"] == "window"
    in_window, in_raster = pixels(tmp_path / "window.png"), pixels(tmp_path / "headless.png")
    assert [in_window(*xy) for xy in SAMPLES] == [in_raster(*xy) for xy in SAMPLES]
    assert in_window(0, 19) == (255, 0, 0) and in_window(34, 4) == (1, 2, 3)


def test_window_keys_are_fifo_and_closing_exits_cleanly(folder):
    tmp_path = folder
    result = run(tmp_path, """
        import StdDraw
        StdDraw.setCanvasSize(20, 20)
        import pygame
        print(pygame.display.get_init(), pygame.mixer.get_init())
        for ch in "ab+":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=0, unicode=ch, mod=0))
        StdDraw.show(0)
        print([StdDraw.nextKeyTyped() for _ in range(3)], StdDraw.hasNextKeyTyped())
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 15), button=1))
        StdDraw.show(0)
        print(StdDraw.mousePressed(), StdDraw.mouseX(), StdDraw.mouseY(), StdDraw.mousePressed())
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        StdDraw.show()
        print("not reached")
    """, SDL_VIDEODRIVER="dummy", STDDRAW_LOG="log.jsonl", STDDRAW_PNG="closed.png")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == ["True None", "['a', 'b', '+'] False",
                                          "True 0.25 0.25 False"]
    log = [json.loads(line) for line in (tmp_path / "log.jsonl").read_text().splitlines()]
    assert log[-1]["reason"] == "window closed"
    assert (tmp_path / "closed.png").exists()


def test_window_with_a_key_script_closes_itself(folder):
    result = run(folder, """
        import StdDraw
        while True:
            if StdDraw.hasNextKeyTyped():
                print(StdDraw.nextKeyTyped())
            StdDraw.show(5)
    """, SDL_VIDEODRIVER="dummy", STDDRAW_KEYS="qz", STDDRAW_IDLE_SHOWS="2")
    assert (result.returncode, result.stdout) == (0, "q\nz\n"), result.stderr


def test_an_unseen_window_without_a_script_ends_as_a_headless_canvas_does(folder):
    # Issue 35: nobody can type into, or close, a window SDL's dummy driver puts on no screen,
    # so show() does not wait for a person and the idle shows close the canvas.
    result = run(folder, """
        import StdDraw
        StdDraw.show()
        print("show() returned")
        while True:
            StdDraw.show(5)
    """, SDL_VIDEODRIVER="dummy", STDDRAW_IDLE_SHOWS="3", STDDRAW_LOG="log.jsonl")
    assert (result.returncode, result.stdout, result.stderr) == (0, "show() returned\n", "")
    log = [json.loads(line) for line in (folder / "log.jsonl").read_text().splitlines()]
    assert [record["op"] for record in log] == ["canvas", "show", "show", "show", "close"]
    assert (log[0]["backend"], log[-1]["reason"]) == ("window", "unseen window")
