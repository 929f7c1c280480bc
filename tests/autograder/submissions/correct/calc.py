"""A correct submission of the example "counter" assignment."""


def add(a, b):
    """Return a + b."""
    return a + b


class Counter:
    """Counts up from zero."""

    def __init__(self):
        """Start at zero."""
        self._value = 0

    def increment(self, step=1):
        """Add ``step`` (an int) to the count."""
        if not isinstance(step, int):
            raise TypeError("step must be an int")
        self._value += step

    def value(self):
        """Return the count."""
        return self._value
