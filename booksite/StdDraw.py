"""``StdDraw``: the course's name for the booksite drawing module, provided by stddraw_shim.

Its functions (their code is in stddraw_shim/stddraw.py):

    setCanvasSize(w, h)
        Set the canvas to w by h pixels. Call it once, before drawing; a second call raises.
    setXscale(min, max)
        Set the x scale: x is min at the left edge of the canvas and max at the right edge.
    setYscale(min, max)
        Set the y scale: y is min at the bottom edge of the canvas and max at the top edge.
    setPenRadius(r)
        Set the pen radius to r (a fraction of 512 pixels).
    setPenColor(c)
        Set the pen colour to c, a color.Color.
    setFontFamily(f)
        Set the font family used by text() to f.
    setFontSize(s)
        Set the font size used by text() to s points.
    point(x, y)
        Draw a point at (x, y) with the pen's radius.
    line(x0, y0, x1, y1)
        Draw a line from (x0, y0) to (x1, y1).
    circle(x, y, r)
        Draw a circle of radius r centred at (x, y).
    filledCircle(x, y, r)
        Draw a filled circle of radius r centred at (x, y).
    rectangle(x, y, w, h)
        Draw a rectangle of width w and height h whose lower-left corner is (x, y).
    filledRectangle(x, y, w, h)
        Draw a filled rectangle of width w and height h whose lower-left corner is (x, y).
    square(x, y, r)
        Draw a square of side 2r centred at (x, y).
    filledSquare(x, y, r)
        Draw a filled square of side 2r centred at (x, y).
    polygon(x, y)
        Draw the polygon through the points (x[i], y[i]).
    filledPolygon(x, y)
        Draw the filled polygon through the points (x[i], y[i]).
    text(x, y, s)
        Write string s centred at (x, y) in the current font and pen colour.
    picture(pic, x, y)
        Draw picture pic, unscaled, centred at (x, y); by default at the canvas centre.
    clear(c)
        Fill the whole canvas with colour c.
    save(f)
        Save the drawing to file f (PNG; other formats need pygame-ce).
    show(msec)
        Show the drawing and wait msec milliseconds; with no argument, until the window closes.
    hasNextKeyTyped()
        Return True if the user has typed a key that nextKeyTyped() has not returned yet.
    nextKeyTyped()
        Return the oldest key typed and not yet returned (check hasNextKeyTyped() first).
    mousePressed()
        Return True if the mouse has been clicked since the last call.
    mouseX()
        Return the x coordinate of the last mouse click.
    mouseY()
        Return the y coordinate of the last mouse click.

This file only forwards: importing it yields the module ``stddraw_shim.stddraw`` itself, so
every booksite name for one module shares its state (StdDraw and stddraw share one canvas).
"""

import sys

from stddraw_shim import stddraw as _module

# Replacing this module's own entry makes every later import return the real module object.
sys.modules[__name__] = _module
