"""Program Compiles and Runs (4): the files compile and the programs run to their end, headless.

Here "runs" means starts, does its work and ends by itself without an error: what each program
prints is judged by the Tile, Avatar and World checks.
"""

from pathlib import Path

from autograder import WrongOutput, check
from autograder.drivers import Driver
from autograder.suites.ultima.lab_checks import (
    attach_world_frame,
    redraw_frame,
    require_classes,
    require_compiles,
)
from autograder.suites.ultima.ultima_rules import (
    AVATAR_IMAGE,
    COURSE_MAPS,
    TILE_SIZE,
    course_map,
    describe_tiles,
    read_pictures,
    require_clean_run,
)

HERE = Path(__file__).resolve().parent
SUBMITTED = ("Tile.py", "Avatar.py", "World.py")
TEST_MAINS = ("Tile.py", "Avatar.py")
MAIN_PROGRAM = "Ultima.py"
# The course's main program, run when a submission brings no Ultima.py of its own.
COURSE_ULTIMA = HERE / "course" / "Ultima.py"
PLAY_MAP = "30x20.txt"
PLAY_KEYS = "ddwwwasx+-"
# The driver: Ultima.py run headless with the key script, its draw log read.
KEY_SCRIPT = Driver("ultima.key_script")
TIMEOUT_S = 10
# Ultima.py draws the 600 tiles of 30x20.txt once per key: a submission that loads every image
# afresh for each draw needs a few seconds.
PLAY_TIMEOUT_S = 20


@check(item="compiles_runs", points=1)
def test_files_compile(submission):
    """Tile.py, Avatar.py, World.py (and Ultima.py if handed in) compile

    Each of the three defines the class it is named after: an empty file is no program.
    """
    require_compiles(submission, SUBMITTED, optional=[MAIN_PROGRAM])


@check(item="compiles_runs", points=1, timeout=TIMEOUT_S)
def test_test_mains_run(sandbox, submission):
    """python Tile.py and python Avatar.py run to the end

    Each file must define its class: an empty file has no test main to run.
    """
    require_classes(submission, TEST_MAINS)
    for name in TEST_MAINS:
        command = f"python {name}"
        result = sandbox.run(["python", name])
        require_clean_run(result, command)
        if result.returncode != 0:
            raise WrongOutput(f"`{command}` ended with exit status {result.returncode}",
                              result.stderr.decode("utf-8", "replace"))


@check(item="compiles_runs", points=1, timeout=TIMEOUT_S)
def test_world_main_runs_on_course_maps(sandbox, submission):
    """python World.py MAP runs headless on all three course maps (spec: test mains)

    World.py must define the World class: an empty file has no test main to run.
    """
    require_classes(submission, ["World.py"])
    for name in COURSE_MAPS:
        command = f"python World.py {name}"
        result = sandbox.run(["python", "headless.py", "World.py", name])
        require_clean_run(result, command)
        stderr = result.stderr.decode("utf-8", "replace")
        if result.returncode != 0:
            raise WrongOutput(f"`{command}` ended with exit status {result.returncode}", stderr)
        # What it prints is not graded here: the course's starter main prints nothing, and
        # the light count is judged through light()'s return value (CLARIFICATIONS.md).


@check(item="compiles_runs", points=1, timeout=PLAY_TIMEOUT_S)
def test_ultima_plays_a_key_script(sandbox, submission, attachments):
    """python Ultima.py 30x20.txt plays a key script headless and draws the world

    The spec's main program: it takes the keys, draws every tile of the map and the avatar
    (a frame the instructor can look at is attached), and ends with the window.
    """
    files = {}
    if not submission.exists(MAIN_PROGRAM):
        files[MAIN_PROGRAM] = COURSE_ULTIMA.read_bytes()
    got = sandbox.probe(KEY_SCRIPT, args={"keys": PLAY_KEYS, "map": PLAY_MAP}, files=files)
    command = f"python Ultima.py {PLAY_MAP}"
    if got.status not in (0, None):
        raise WrongOutput(f"`{command}` ended with exit status {got.status!r}")
    if got.typed != len(PLAY_KEYS):
        raise WrongOutput(f"`{command}` stopped taking keys after {got.typed} of "
                          f"{len(PLAY_KEYS)} (keys {PLAY_KEYS!r})")
    world_map = course_map(PLAY_MAP)
    # Evidence that forging would need the right drawing (issue 17, class 1): every tile of
    # the map pictured, and the avatar drawn on the map. Which image each tile shows is
    # judged by the Tile and World checks.
    pictured = {picture.tile for picture in read_pictures(got.pictures)
                if Path(picture.file).name != AVATAR_IMAGE}
    avatars = [picture.tile for picture in read_pictures(got.pictures)
               if Path(picture.file).name == AVATAR_IMAGE]
    missing = world_map.tiles() - pictured
    if missing:
        raise WrongOutput(f"`{command}` never drew {len(missing)} of the map's "
                          f"{len(world_map.tiles())} tiles: {describe_tiles(frozenset(missing))}")
    if not avatars or not world_map.on_map(*avatars[-1]):
        raise WrongOutput(f"`{command}` never drew {AVATAR_IMAGE} on the map")
    expected = (world_map.width * TILE_SIZE, world_map.height * TILE_SIZE)
    attach_world_frame(attachments, redraw_frame(sandbox, got.frame), command, expected)
