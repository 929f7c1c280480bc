"""Whole-game checks: the course's play transcripts, ``main``, and a silent import.

The course recorded each transcript by calling ``play`` on a hand-built grid with every
line of input echoed after its prompt. ``drivers/transcript.py`` rebuilds those grids exactly
as CLARIFICATIONS.md describes (entities added in the recorded order, the random source
seeded after the game is made) and echoes input the same way. The recorded outputs stay
here in the grader; the child gets only the input.
"""

from pathlib import Path

from autograder import WrongOutput, check
from autograder.drivers import Driver

TRANSCRIPTS = Path(__file__).resolve().parent / "transcripts"
TIMEOUT_S = 5
# Lines typed after the game is over: play must return without reading them.
SPARE_INPUT = "W\nA\n"
PLAY_RETURNED = "play returned {returned!r}; input left unread: {unread!r}\n"
MAP_PROMPT = "Map: "
ACTION_PROMPT = "Enter your next action: "
BASIC_MAP_SIZE = 5
BASIC_MAP_HOSPITAL = (4, 4)
# Keys typed on maps/basic.txt, and the player's square before each of them; the last key
# moves onto the hospital.
BASIC_MAP_KEYS = ("D", "S", "S", "S", "D", "D", "D")
BASIC_MAP_WALK = ((0, 1), (1, 1), (1, 2), (1, 3), (1, 4), (2, 4), (3, 4))

# How each transcript's game was set up, in the words a student's report uses.
BASIC_SETUP = "a 5x5 Grid, a Hospital at (4, 4) and a Player at (1, 1)"
ZOMBIE_SETUP = (BASIC_SETUP + ", then a VulnerablePlayer at (1, 1) and Zombies at (3, 2) and "
                "(3, 0); IntermediateGame, TextInterface(5), random.seed(1001.2021)")
ADVANCED_SETUP = (BASIC_SETUP + ", then a HoldingPlayer at (1, 1), a Zombie at (3, 2), a "
                  "TrackingZombie at (4, 0), Garlic at (0, 2) and a Crossbow at (0, 4); "
                  "AdvancedGame, AdvancedTextInterface(5), random.seed(1001.2021)")
SETUPS = {
    "basic": BASIC_SETUP + "; Game, TextInterface(5)",
    "invalid": BASIC_SETUP + "; Game, TextInterface(5)",
    "with_zombies": ZOMBIE_SETUP,
    "lose": ZOMBIE_SETUP + ", then one more Zombie at (1, 3)",
    "with_garlic_advanced": ADVANCED_SETUP,
    "with_crossbow_advanced": ADVANCED_SETUP,
    "crossbow_shoot": ADVANCED_SETUP,
    "crossbow_missed": ADVANCED_SETUP,
}

# The program that replays a transcript (drivers/transcript.py): argv[1] names it.
TRANSCRIPT = Driver("end_of_dayz.transcript")
# The drivers: what a2.main() printed, and whether importing a2 returned.
MAIN_OUTPUT = Driver("end_of_dayz.main_output")
IMPORT_RETURNS = Driver("end_of_dayz.import_returns")


def replay(sandbox, name: str, spare_input: str = "") -> None:
    """Replay the course transcript ``name`` and require its recorded output exactly.

    With ``spare_input``, those lines follow the recorded input, and the driver then
    reports what ``play`` returned and which input it left unread.
    """
    stdin = (TRANSCRIPTS / f"{name}.in").read_text(encoding="utf-8")
    expected = (TRANSCRIPTS / f"{name}.out").read_text(encoding="utf-8")
    argv = ["python", "-c", TRANSCRIPT.source, name]
    if spare_input:
        argv.append(PLAY_RETURNED)
        expected += PLAY_RETURNED.format(returned=None, unread=spare_input)
    sandbox.program(argv, expected, stdin=stdin + spare_input,
                    describe=f"played the course transcript `{name}` ({SETUPS[name]})")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_basic(sandbox):
    """play: the course transcript basic"""
    replay(sandbox, "basic")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_invalid(sandbox):
    """play: the course transcript invalid"""
    replay(sandbox, "invalid")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_with_zombies(sandbox):
    """play: the course transcript with_zombies"""
    replay(sandbox, "with_zombies")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_lose(sandbox):
    """play: the course transcript lose"""
    replay(sandbox, "lose")


@check(item="functionality", points=2, timeout=TIMEOUT_S)
def test_transcript_with_garlic_advanced(sandbox):
    """play: the course transcript with_garlic_advanced"""
    replay(sandbox, "with_garlic_advanced")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_with_crossbow_advanced(sandbox):
    """play: the course transcript with_crossbow_advanced"""
    replay(sandbox, "with_crossbow_advanced")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_crossbow_shoot(sandbox):
    """play: the course transcript crossbow_shoot"""
    replay(sandbox, "crossbow_shoot")


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_transcript_crossbow_missed(sandbox):
    """play: the course transcript crossbow_missed"""
    replay(sandbox, "crossbow_missed")


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_transcript_play_stops_reading_after_the_end(sandbox):
    """play: returns None after the final message, reading no more input"""
    replay(sandbox, "basic", spare_input=SPARE_INPUT)


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_main_plays_the_map_it_asks_for(sandbox):
    """main: asks for a map, then plays the advanced game on it"""
    # maps/basic.txt has no zombies, so no seed is needed: the walk below ends on the
    # hospital, and every turn before that redraws the grid.
    frames = [draw_basic_map(square) for square in BASIC_MAP_WALK]
    expected = MAP_PROMPT + "".join(frame + ACTION_PROMPT for frame in frames) + "You win!\n"
    sandbox.program(["python", "-c", "import a2\na2.main()"], expected,
                    stdin="maps/basic.txt\n" + "\n".join(BASIC_MAP_KEYS) + "\n",
                    describe="ran a2.main() and typed maps/basic.txt at the `Map: ` prompt")


def draw_basic_map(player):
    """Return how maps/basic.txt is drawn with the player at ``player`` (x, y)."""
    border = "#" * (BASIC_MAP_SIZE + 2) + "\n"
    rows = []
    for y in range(BASIC_MAP_SIZE):
        cells = [" "] * BASIC_MAP_SIZE
        if y == BASIC_MAP_HOSPITAL[1]:
            cells[BASIC_MAP_HOSPITAL[0]] = "H"
        if y == player[1]:
            cells[player[0]] = "P"
        rows.append("#" + "".join(cells) + "#\n")
    return border + "".join(rows) + border


@check(item="functionality", points=0.5, timeout=TIMEOUT_S)
def test_main_shows_the_inventory(sandbox):
    """main: the advanced interface lists what the player picked up"""
    result = sandbox.probe(MAIN_OUTPUT, args=7, stdin="maps/basic4.txt\nA\nA\nA\n")
    if not isinstance(result, str) or "The player is currently holding:\nCrossbow(" not in result:
        raise WrongOutput("after picking up the crossbow on maps/basic4.txt, main did not "
                          "list it under 'The player is currently holding:'", str(result)[:2000])


@check(item="functionality", points=1, timeout=TIMEOUT_S)
def test_imports_silently(sandbox):
    """import prints nothing and raises nothing

    (the course's design test "clean import"; spec 7.1: code that makes the interpreter
    fail to run the program earns no functionality marks).
    """
    sandbox.program(["python", "-c", "import a2"], "", expected_status=0,
                    describe="ran `import a2`")
    # The import must also return to the code that asked for it: a module that ends the
    # program while it is imported (sys.exit(0)) printed nothing, but the course's tests,
    # which import it, would not go on.
    if sandbox.probe(IMPORT_RETURNS) is not True:
        raise WrongOutput("importing a2 did not return to the code that imported it")
