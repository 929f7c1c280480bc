"""The shim as student programs meet it: a private copy, headless, with no site-packages.

Each test writes a small program into a folder that ``install_into`` filled, and runs it with
``python -S`` (no site-packages, so no pygame), as the autograder's sandbox would.
"""

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ULTIMA = ROOT / "ultima"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
TIMEOUT_S = 30


@pytest.fixture(scope="module")
def shim():
    """The stddraw_shim package from the repository (imports undone afterwards)."""
    saved_path, saved_modules = list(sys.path), dict(sys.modules)
    sys.path.insert(0, str(ROOT))
    try:
        import stddraw_shim
        import stddraw_shim._images
        yield stddraw_shim
    finally:
        sys.path[:] = saved_path
        for name in set(sys.modules) - set(saved_modules):
            del sys.modules[name]


@pytest.fixture()
def folder(shim, tmp_path):
    """A folder holding a private copy of the shim."""
    shim.install_into(tmp_path)
    return tmp_path


def run(folder, source, site=False, **env):
    """Run ``source`` as prog.py in ``folder`` (headless unless env says otherwise)."""
    (folder / "prog.py").write_text(textwrap.dedent(source))
    environ = {key: value for key, value in os.environ.items()
               if not key.startswith(("STDDRAW", "SDL_"))}
    environ.update({"STDDRAW_HEADLESS": "1", "PYTHONDONTWRITEBYTECODE": "1"})
    environ.update(env)
    flags = [] if site else ["-S"]
    return subprocess.run([sys.executable, *flags, "prog.py"], cwd=folder, env=environ,
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def records(path):
    """Return the records of a JSON-lines log."""
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_imports_do_no_work_and_names_share_one_module(folder):
    result = run(folder, """
        import os, sys
        import StdDraw, stddraw, picture, color
        from picture import Picture
        print(StdDraw is stddraw, StdDraw.RED is color.RED, Picture is picture.Picture)
        print(os.path.exists("log.jsonl"), "pygame" in sys.modules, sorted(os.listdir(".")))
    """, STDDRAW_LOG="log.jsonl", STDDRAW_HEADLESS="not-a-word")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "True True True",
        "False False ['StdDraw.py', 'color.py', 'picture.py', 'prog.py', 'stddraw', "
        "'stddraw_shim']"]


def test_headless_never_imports_pygame_even_when_installed(folder):
    result = run(folder, """
        import sys, StdDraw
        StdDraw.setCanvasSize(20, 20)
        StdDraw.filledCircle(0.5, 0.5, 0.2)
        StdDraw.show()
        print("pygame" in sys.modules)
    """, site=True)
    assert (result.returncode, result.stdout) == (0, "False\n"), result.stderr


def test_set_canvas_size_once_per_process(folder):
    result = run(folder, """
        import StdDraw
        StdDraw.setCanvasSize(40, 30)
        try:
            StdDraw.setCanvasSize(40, 30)
        except RuntimeError as err:
            print(err)
    """)
    assert result.stdout == ("setCanvasSize() can be called only once, before drawing: the "
                             "canvas is already 40x30\n")


def test_set_canvas_size_after_drawing_raises(folder):
    result = run(folder, """
        import StdDraw
        StdDraw.point(0.5, 0.5)
        StdDraw.setCanvasSize(40, 30)
    """)
    assert result.returncode == 1 and "RuntimeError: setCanvasSize()" in result.stderr


def test_keys_arrive_one_per_show_first_in_first_out(folder):
    result = run(folder, """
        import StdDraw
        print(StdDraw.hasNextKeyTyped())
        try:
            StdDraw.nextKeyTyped()
        except RuntimeError as err:
            print("empty:", err)
        seen = []
        for _ in range(3):
            StdDraw.show(0)
            seen.append(StdDraw.nextKeyTyped() if StdDraw.hasNextKeyTyped() else None)
        for _ in range(2):
            StdDraw.show(0)
        while StdDraw.hasNextKeyTyped():
            seen.append(StdDraw.nextKeyTyped())
        print(seen)
    """, STDDRAW_KEYS="w+-az", STDDRAW_IDLE_SHOWS="50")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "False", "empty: nextKeyTyped() called with no key waiting; check hasNextKeyTyped() "
        "first", "['w', '+', '-', 'a', 'z']"]


def test_show_forever_returns_headless(folder):
    result = run(folder, """
        import StdDraw
        StdDraw.filledSquare(0.5, 0.5, 0.1)
        StdDraw.show()
        print("after show")
    """)
    assert (result.returncode, result.stdout) == (0, "after show\n")


def test_a_game_loop_ends_after_the_script_and_saves_the_last_frame(folder, shim):
    result = run(folder, """
        import StdDraw
        StdDraw.setCanvasSize(30, 20)
        StdDraw.setXscale(0, 30)
        StdDraw.setYscale(0, 20)
        StdDraw.setPenColor(StdDraw.BLUE)
        shown = 0
        while True:
            if StdDraw.hasNextKeyTyped():
                key = StdDraw.nextKeyTyped()
                StdDraw.filledRectangle(int(key), 0, 1, 1)
            StdDraw.show(100)
            shown += 1
            print(shown, flush=True)
    """, STDDRAW_KEYS="0123", STDDRAW_IDLE_SHOWS="3", STDDRAW_PNG="last.png",
        STDDRAW_LOG="log.jsonl")
    assert result.returncode == 0, result.stderr
    # Keys are typed at shows 1-4; shows 4, 5 and 6 come after the script, the 6th closes.
    assert result.stdout.split() == ["1", "2", "3", "4", "5"]
    log = records(folder / "log.jsonl")
    assert [r["op"] for r in log].count("show") == 6
    assert log[-1] == {"op": "close", "frame": 7, "reason": "key script done"}
    width, height, rgba = shim._images.decode_image((folder / "last.png").read_bytes(), "png")
    bottom_row = rgba[(height - 1) * width * 4:]
    assert [tuple(bottom_row[x * 4:x * 4 + 3]) for x in range(5)] == [(0, 0, 255)] * 4 + [
        (255, 255, 255)]


def test_draw_log_gives_pixels_with_y_up(folder):
    result = run(folder, """
        import StdDraw
        from picture import Picture
        StdDraw.setCanvasSize(200, 100)
        StdDraw.setXscale(-1, 1)
        StdDraw.setYscale(0, 10)
        StdDraw.picture(Picture(4, 2), 0, 5)
        StdDraw.filledRectangle(-1, 0, 0.5, 2)
        StdDraw.square(0.5, 5, 0.1)
        StdDraw.setPenColor(StdDraw.RED)
        StdDraw.text(0, 9, "hi")
        StdDraw.show(0)
    """, STDDRAW_LOG="log.jsonl")
    assert result.returncode == 0, result.stderr
    log = records(folder / "log.jsonl")
    assert log[0] == {"op": "canvas", "frame": 1, "w": 200, "h": 100, "backend": "headless"}
    by_op = {r["op"]: r for r in log}
    assert by_op["picture"] == {"op": "picture", "frame": 1, "args": [0, 5], "x": 100.0,
                                "y": 50.0, "w": 4, "h": 2, "file": None}
    assert {k: by_op["filledRectangle"][k] for k in ("x", "y", "w", "h", "color")} == {
        "x": 0.0, "y": 0.0, "w": 50.0, "h": 20.0, "color": [0, 0, 0]}
    assert {k: by_op["square"][k] for k in ("x", "y", "w", "h")} == {
        "x": 140.0, "y": 49.0, "w": 20.0, "h": 2.0}
    assert {k: by_op["text"][k] for k in ("x", "y", "text", "color")} == {
        "x": 100.0, "y": 90.0, "text": "hi", "color": [255, 0, 0]}
    assert by_op["show"] == {"op": "show", "frame": 1, "ms": 0}


def test_png_shows_shapes_where_the_booksite_puts_them(folder, shim):
    result = run(folder, """
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
        StdDraw.save("saved.png")
    """, STDDRAW_PNG="shown.png")
    assert result.returncode == 0, result.stderr
    for name in ("shown.png", "saved.png"):
        width, height, rgba = shim._images.decode_image((folder / name).read_bytes(), name)

        def pixel(x, y_from_top, width=width, rgba=rgba):
            at = (y_from_top * width + x) * 4
            return tuple(rgba[at:at + 3])

        assert (width, height) == (40, 20)
        assert pixel(0, 19) == pixel(3, 18) == (255, 0, 0)
        assert pixel(4, 19) == pixel(0, 17) == (128, 128, 128)
        assert pixel(18, 8) == pixel(21, 11) == (0, 255, 0)
        assert pixel(17, 8) == pixel(22, 11) == (128, 128, 128)
        assert pixel(34, 4) == (1, 2, 3) and pixel(35, 4) == (0, 0, 0)


def test_in_process_api_types_keys_reads_the_log_and_saves_frames(folder, shim):
    result = run(folder, """
        import StdDraw, stddraw_shim
        stddraw_shim.type_keys("xy")
        StdDraw.setCanvasSize(8, 8)
        StdDraw.filledCircle(0.5, 0.5, 0.25)
        StdDraw.show(0)
        StdDraw.show(0)
        stddraw_shim.save_frame("frame.png")
        keys = [StdDraw.nextKeyTyped(), StdDraw.nextKeyTyped()]
        ops = [record["op"] for record in stddraw_shim.draw_log()]
        # From a record's number on: what a harness reading frame by frame has not read yet.
        since = [record["op"] for record in stddraw_shim.draw_log(3)]
        print(keys, ops, since, stddraw_shim.draw_log(len(ops)))
    """)
    assert result.returncode == 0, result.stderr
    assert result.stdout == ("['x', 'y'] ['canvas', 'filledCircle', 'show', 'key', 'show', "
                             "'key'] ['key', 'show', 'key'] []\n")
    width, height, _rgba = shim._images.decode_image((folder / "frame.png").read_bytes(), "f")
    assert (width, height) == (8, 8)


def test_shown_frame_is_what_the_last_shown_frame_was_drawn_from(folder):
    # Issue 17: the grader draws the attached frame again from these records, so they must
    # be the last shown frame's: its canvas, drawing since the last clear, nothing drawn
    # after the show, each picture once where it was drawn last (the avatar over its tile).
    (folder / "pic.gif").write_bytes((ULTIMA / "lava.gif").read_bytes())
    (folder / "top.gif").write_bytes((ULTIMA / "avatar.gif").read_bytes())
    result = run(folder, """
        import json, os
        import StdDraw, stddraw_shim
        from picture import Picture
        StdDraw.setCanvasSize(32, 16)
        StdDraw.setXscale(0, 32)
        StdDraw.setYscale(0, 16)
        tile, avatar = Picture("pic.gif"), Picture(os.path.abspath("top.gif"))
        StdDraw.picture(tile, 24, 8)
        StdDraw.show(0)
        StdDraw.clear(StdDraw.BLACK)
        for turn in range(3):
            StdDraw.picture(tile, 8, 8)
            StdDraw.picture(avatar, 8, 8)
            StdDraw.show(0)
        StdDraw.picture(tile, 24, 8)
        frame = stddraw_shim.shown_frame(stddraw_shim.draw_log())
        print(json.dumps([[r["op"], r.get("file"), r.get("x")] for r in frame]))
    """)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [["canvas", None, None], ["clear", None, None],
                                         ["picture", "pic.gif", 8.0],
                                         ["picture", "top.gif", 8.0]]


def test_frame_dir_receives_every_shown_frame(folder):
    (folder / "frames").mkdir()
    result = run(folder, """
        import StdDraw
        StdDraw.setCanvasSize(5, 5)
        for _ in range(3):
            StdDraw.show(10)
    """, STDDRAW_FRAME_DIR="frames")
    assert result.returncode == 0, result.stderr
    assert sorted(os.listdir(folder / "frames")) == [
        "frame-00001.png", "frame-00002.png", "frame-00003.png"]


def test_malformed_settings_name_the_variable(folder):
    result = run(folder, """
        import StdDraw
        StdDraw.show(0)
    """, STDDRAW_IDLE_SHOWS="lots")
    # Issue 35: one line and status 1, no traceback: the setting is wrong, not the program.
    assert (result.returncode, result.stdout, result.stderr) == (
        1, "", "error: STDDRAW_IDLE_SHOWS must be a positive whole number, got 'lots'\n")


def test_install_into_replaces_a_submitted_stddraw_and_can_refuse(shim, tmp_path):
    (tmp_path / "StdDraw.py").write_text("raise ImportError('the booksite copy needs pygame')\n")
    written = shim.install_into(tmp_path, modules=["StdDraw"])
    assert tmp_path / "StdDraw.py" in written and not (tmp_path / "picture.py").exists()
    with pytest.raises(FileExistsError, match="StdDraw.py"):
        shim.install_into(tmp_path, overwrite=False)
    with pytest.raises(ValueError, match="unknown shim module"):
        shim.install_into(tmp_path, modules=["Turtle"])
    result = run(tmp_path, "import StdDraw\nStdDraw.show()\nprint('ok')\n")
    assert result.stdout == "ok\n"


def test_command_line_installs(tmp_path):
    result = subprocess.run([sys.executable, "-m", "stddraw_shim", "install", str(tmp_path)],
                            cwd=ROOT, capture_output=True, text=True, timeout=TIMEOUT_S,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "stddraw" / "__init__.py").exists()


def test_installed_forwarders_are_made_from_the_template(shim):
    # booksite/ holds the forwarders pip installs as top-level modules; install_into writes the
    # same text into a folder.
    forwarders = ROOT / "booksite"
    for path, text in shim.forwarder_files().items():
        assert (forwarders / path).read_text() == text, path


def test_painting_put_off_saves_the_images_painting_at_once_gives(shim, tmp_path, monkeypatch):
    # Issue 19: the headless backend keeps drawing calls and paints them only when an image is
    # saved, or once MAX_STEPS have piled up (5 here, so that happens often too). Whatever the
    # order of drawing, clearing, showing, saving and changing a picture already drawn, every
    # image it saves must be the one a raster painted call by call holds at that moment.
    from stddraw_shim import _headless, _images, _raster, color, picture
    monkeypatch.setattr(_headless, "MAX_STEPS", 5)
    rng = random.Random(19)
    width, height, white = 40, 30, (255, 255, 255)
    lazy = _headless.HeadlessBackend(width, height, white)
    eager = _raster.Raster(width, height, white)
    shown = eager.pixels()
    sprite = picture.Picture(6, 5)
    pictures = [sprite, picture.Picture(str(FIXTURES / "transparent.gif")),
                picture.Picture(str(FIXTURES / "rgba8.png"))]  # opaque, see-through, blended
    kinds = (["blit"] * 6 + ["rect", "polygon", "polyline", "ellipse", "disc", "pixel", "text",
                              "repaint", "show", "show", "save drawing", "save shown"]
             + ["save shown"] * 2 + ["clear"])
    done = {kind: 0 for kind in kinds}
    for number in range(600):
        kind = rng.choice(kinds)
        done[kind] += 1
        rgb = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        x, y = rng.uniform(-5, width + 5), rng.uniform(-5, height + 5)
        size = (rng.uniform(0, 15), rng.uniform(0, 15))
        corners = [(x, y), (x + size[0], y + 2), (x - 3, y + size[1])]
        calls = {
            "blit": ("blit", "blit", (rng.choice(pictures), rng.randrange(-40, width),
                                      rng.randrange(-25, height))),
            "rect": ("fill_rect", "fill_rect", (x, y, *size, rgb)),
            "polygon": ("fill_polygon", "fill_polygon", (corners, rgb)),
            "polyline": ("polyline", "polyline", (corners, rng.random() < 0.5, rgb,
                                                  rng.choice([1, 3.5]))),
            "ellipse": ("ellipse", "ellipse", (x, y, *size, rgb, rng.choice([1, 2.5]))),
            "disc": ("fill_ellipse", "fill_ellipse", (x, y, *size, rgb)),
            "pixel": ("pixel", "pixel", (int(x), int(y), rgb)),
            "clear": ("clear", "clear", (rgb,)),
        }
        if kind in calls:
            lazy_name, eager_name, args = calls[kind]
            getattr(lazy, lazy_name)(*args)
            getattr(eager, eager_name)(*args)
        elif kind == "text":
            lazy.text("Health: 7", x, y, rgb, "Helvetica", 8)
            eager.text_box(x, y, len("Health: 7"), 8, rgb)
        elif kind == "repaint":  # a picture changed after it was drawn, as it was drawn before
            sprite.set(rng.randrange(6), rng.randrange(5), color.Color(*rgb))
        elif kind == "show":
            lazy.present()
            shown = eager.pixels()
        else:
            path = tmp_path / f"{number}.png"
            if kind == "save drawing":
                lazy.save_drawing(str(path))
                expected = eager.pixels()
            else:
                lazy.save_shown(str(path))
                expected = shown
            assert path.read_bytes() == _images.encode_png(width, height, expected, 3), (
                f"{kind} after {number + 1} calls")
    assert min(done.values()) >= 10, done
