"""The class report (report.html) that a batch writes: rendered by a real headless browser,
its numbers read from the rendered page and compared with grades.csv."""

import csv
import io
import shutil
import statistics
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest
from example_class import write_class

from autograder.classreport import bin_counts, bins_for
from autograder.cli import main

HERE = Path(__file__).resolve().parent
SUITE_DIR = HERE / "example_suite"
CORRECT = HERE / "submissions" / "correct"
# The browsers the test can drive; Debian's package is `chromium` (see .ci/run).
BROWSERS = ("chromium", "chromium-browser", "google-chrome")
BROWSER_TIMEOUT_S = 120
# A zip whose name is markup: the page must show it as text, never as an element.
MARKUP_ZIP = "eve<img src=x onerror=alert(1)>.zip"
# The histograms' bar colour (autograder.classreport.BAR_COLOUR) as RGB.
BAR_RGB = (0x3B, 0x6E, 0xA8)
SCREEN_SIZE = "1100,1600"


def make_class(folder: Path) -> Path:
    """Write a small class: two correct students (one zipped), a wrong one, an empty folder,
    an unreadable zip, and a zip named with markup."""
    write_class(folder)
    (folder / MARKUP_ZIP).write_bytes(b"not a zip either")
    return folder


class PageReader(HTMLParser):
    """Collect what the test compares from a rendered page: the histograms' bars, the
    students table's cells, the ids' texts, links, every element's tag, and all text."""

    def __init__(self) -> None:
        super().__init__()
        self.bars = {}
        self.rows = []
        self.ids = {}
        self.links = []
        self.tags = set()
        self.text = []
        self._figure = None
        self._cell = None
        self._id = None
        self._table = None

    def handle_starttag(self, tag, attrs):
        """Note each element, and start collecting the texts the test reads."""
        attrs = dict(attrs)
        self.tags.add(tag)
        if tag == "figure":
            self._figure = attrs["id"].removeprefix("plot-")
            self.bars[self._figure] = []
        elif tag == "g" and "data-count" in attrs:
            self.bars[self._figure].append(
                (float(attrs["data-low"]), float(attrs["data-high"]), int(attrs["data-count"])))
        elif tag == "table":
            self._table = attrs.get("id")
        elif tag == "tr" and self._table == "students":
            self.rows.append({})
        elif tag == "td" and "data-column" in attrs and self._table == "students":
            self._cell = attrs["data-column"]
            self.rows[-1][self._cell] = ""
        elif tag == "a" and self._table == "students":
            self.links.append(attrs["href"])
        if tag == "span" and "id" in attrs:
            self._id = attrs["id"]
            self.ids[self._id] = ""

    def handle_endtag(self, tag):
        """Stop collecting a cell's or a span's text."""
        if tag == "td":
            self._cell = None
        elif tag == "span":
            self._id = None

    def handle_data(self, data):
        """Keep the text, and add it to the cell or span being read."""
        self.text.append(data)
        if self._cell is not None:
            self.rows[-1][self._cell] += data
        if self._id is not None:
            self.ids[self._id] += data


def find_browser():
    """Return the path of a headless-capable Chromium, or None."""
    return next(filter(None, map(shutil.which, BROWSERS)), None)


def browse(page: Path, profile: Path, *extra: str) -> str:
    """Open ``page`` in headless Chromium and return what it printed (``--dump-dom``: the
    page's DOM after it rendered)."""
    browser = find_browser()
    if browser is None:
        pytest.skip("no Chromium to render the page (apt-get install chromium; .ci/run does)")
    done = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         f"--user-data-dir={profile}", f"--window-size={SCREEN_SIZE}", *extra,
         page.resolve().as_uri()],
        capture_output=True, text=True, timeout=BROWSER_TIMEOUT_S, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Batch-grade the class once; return (class folder, output folder, batch's stdout)."""
    root = tmp_path_factory.mktemp("classreport")
    classroom = make_class(root / "class")
    out = root / "out"
    out.mkdir()
    (out / "marks.csv").write_text("student,item,score,marker,note\nalice,style,1.5,Sam,\n")
    stdout = io.StringIO()
    main(["batch", str(SUITE_DIR), str(classroom), "-o", str(out)], out=stdout,
         err=io.StringIO())
    return classroom, out, stdout.getvalue()


def test_the_page_renders_and_its_numbers_are_grades_csv(graded, tmp_path):
    _, out, stdout = graded
    assert f"class report: {out / 'report.html'}" in stdout
    page = PageReader()
    page.feed(browse(out / "report.html", tmp_path / "profile", "--dump-dom"))
    with (out / "grades.csv").open(newline="") as handle:
        grades = list(csv.DictReader(handle))
    columns = ["student", "functions", "program", "style", "auto_total", "total", "status"]
    assert len(grades) == 6
    assert page.rows[1:] == [{name: row[name] for name in columns} for row in grades]
    assert page.rows[1]["style"] == "1.5"  # alice's mark, from marks.csv
    totals = [float(row["total"]) for row in grades]
    assert page.ids["submissions"] == "6"
    assert page.ids["mean-total"] == f"{statistics.mean(totals):.2f}"
    assert page.ids["median-total"] == f"{statistics.median(totals):g}"
    # Every histogram: each bar's count is the number of grades.csv cells in its bin (a full
    # mark in the last), and every scored cell is in one bar.
    for name, maximum in (("total", 10), ("functions", 6), ("program", 2), ("style", 2)):
        values = [float(row[name]) for row in grades if row[name] != "pending"]
        bars = page.bars[name]
        assert bars[0][0] == 0 and bars[-1][1] == maximum
        for low, high, count in bars:
            inside = [v for v in values if low <= v < high or (high == maximum == v)]
            assert count == len(inside), (name, low, high)
        assert sum(count for _, _, count in bars) == len(values)
    # The unreadable zips are listed with why; markup in a file name is text, not an element.
    text = "".join(page.text)
    assert "dave.zip: not a readable zip file" in text
    assert MARKUP_ZIP.removesuffix(".zip") in text and "img" not in page.tags
    # Each student's link opens the report written for them.
    assert len(page.links) == 6
    assert all((out / link).is_file() for link in page.links)
    assert "main.py prints the sum" in (out / "reports" / "bob.txt").read_text()


def test_the_page_is_painted(graded, tmp_path):
    pillow = pytest.importorskip("PIL.Image")
    _, out, _ = graded
    shot = tmp_path / "shot.png"
    browse(out / "report.html", tmp_path / "profile", f"--screenshot={shot}")
    with pillow.open(shot) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
    # The histograms' bars are drawn: many pixels of their colour, not a blank page.
    assert sum(count for count, rgb in colours if rgb == BAR_RGB) > 1000


def test_a_regrade_of_one_student_rewrites_the_page(graded, tmp_path):
    classroom, out, _ = graded
    classroom, out = (shutil.copytree(classroom, tmp_path / "class"),
                      shutil.copytree(out, tmp_path / "out"))
    shutil.copy(CORRECT / "main.py", classroom / "bob" / "main.py")
    main(["batch", str(SUITE_DIR), str(classroom), "-o", str(out), "--only", "bob"],
         out=io.StringIO(), err=io.StringIO())
    page = PageReader()
    page.feed((out / "report.html").read_text())
    rows = {row["student"]: row for row in page.rows[1:]}
    assert (rows["bob"]["total"], rows["alice"]["total"], len(rows)) == ("8", "9.5", 6)


def test_a_full_mark_counts_in_the_last_bin():
    bins = bins_for(8)
    assert bin_counts([0, 0.99, 1, 7.5, 8], bins) == [2, 1, 0, 0, 0, 0, 0, 2]
    assert bins_for(0.3) == [(0, 0.5)] and bin_counts([0.3], bins_for(0.3)) == [1]
