"""The Ultima header check reads a header as a marker would (issue 33).

The spec: "header sections that include the file name, your name, credits, a description of
the file, the class and other useful information". A header is the comments and docstring
above the first code; a field is empty only when a short label (a known field name, or one
or two words) has nothing after it before the next known field. Each case below is a header
written the way students write them; the point is kept by every one with its fields filled,
whatever its style, and lost by a header with a field truly left empty.
"""

import pytest

from autograder import static
from autograder.suites.ultima.lab_checks import empty_header_fields

CODE = "\nimport StdDraw\n\n\nclass World:\n    pass\n"

# name -> (header, labels of the fields left empty); the code above follows each header.
HEADERS = {
    "issue_33_sentence_with_a_colon": ('''"""
World.py
Jane Doe
Credits: the CSCI 136 handout and starter code.

Defines the World class: the tiles, the Avatar and the torch light.
The keys it handles:
w: north
s: south
"""
''', []),
    "one_line_fields_in_a_comment_block": ('''# File: World.py
# Author: Jane Doe
# Credits: StdDraw from the Princeton booksite
# Description: the world of tiles, lit by the torch
# Class: World
''', []),
    "labels_on_their_own_lines_values_below": ('''"""
File:
    World.py
Author:
    Jane Doe
Credits:
    the course's starter code
Description:
    The World class holds the tiles and the Avatar.
"""
''', []),
    "description_followed_by_a_paragraph": ('''"""
File: World.py
Author: Jane Doe
Credits: none
Description:
The world is a grid of tiles read from a map file. Note: the first row
of the file is the top row of the map. Keys move the avatar or change
the torch, and lightDFS lights the tiles the torch reaches.
Class: World
"""
''', []),
    "bullet_list_after_a_colon": ('''"""World.py by Jane Doe.

Credits:
  - the CSCI 136 handout
  - StdDraw (Princeton booksite)
Handles these keys:
  - w a s d: move
  - + and -: change the torch
"""
''', []),
    "banner_box_of_hashes": ('''###############################################
# File:        World.py                       #
# Author:      Jane Doe                       #
# Credits:     CSCI 136 starter code          #
# Description: tiles, the avatar, the torch   #
###############################################
''', []),
    "docstring_after_shebang_and_coding_line": ('''#!/usr/bin/env python3
# -*- coding: utf-8 -*-
"""
Filename: World.py
Name: Jane Doe
Credits: StdDraw
Purpose: The World class: the map and its light.
"""
''', []),
    "equals_banners_in_a_docstring": ('''"""
==========================================
World.py -- CSCI 136, Ultima 0
==========================================
Author(s): Jane Doe and John Roe
Date: 3/3/2023
Other useful information: run with python Ultima.py 30x20.txt
==========================================
"""
''', []),
    "header_after_the_imports": ('''import math

# World.py: the world for Ultima 0.
# Author: Jane Doe. Credits: the course handout.
''', []),
    "prose_only_header_without_labels": ('''"""World.py, by Jane Doe, CSCI 136 (help: handout).

The World class reads the map, handles keys and lights the map recursively.
"""
''', []),
    "header_without_an_author": ('''# World.py
# The World class: the map and the torch light.
''', []),
    "truly_empty_author": ('''# File: World.py
# Author:
# Credits: the handout
''', ["Author"]),
    "empty_author_in_a_box": ('''#############################
# File:    World.py         #
# Author:                   #
# Class:   World            #
#############################
''', ["Author"]),
    "empty_fields_at_the_end_of_a_docstring": ('''"""
File: World.py
Author: Jane Doe
Credits:
Description:
"""
''', ["Credits", "Description"]),
    "restructuredtext_field_list": ('''"""
Tile.py
=======

:Author:  Sam O'Connor
:Credits: the Ultima 0 handout; StdDraw from the booksite
:Class:
"""
''', ["Class"]),
    "empty_label_before_a_value_that_looks_like_a_label": ('''"""
Author: Jane Doe
Keys:
w: move north
"""
''', []),
}


@pytest.mark.parametrize("name", sorted(HEADERS))
def test_header_is_read_as_a_marker_reads_it(name):
    header, empty = HEADERS[name]
    source = header + CODE
    assert static.has_header(source)
    assert empty_header_fields(source) == empty


@pytest.mark.parametrize("source", [
    CODE,
    "#!/usr/bin/env python3\n" + CODE,
    "# -*- coding: utf-8 -*-\n# ##################\n" + CODE,
    '""""""\n' + CODE,
    "import os\n" + CODE + "# World.py by Jane Doe\n",
], ids=["no_comment", "shebang_only", "coding_line_and_banner", "empty_docstring",
        "comment_after_the_code"])
def test_no_header(source):
    assert not static.has_header(source)


def test_a_file_that_does_not_parse_keeps_the_header_it_opens_with():
    source = '# File: World.py\n# Author:\n# Credits: x\ndef broken(:\n'
    assert static.has_header(source)
    assert empty_header_fields(source) == ["Author"]
