"""Print the sum of whole numbers read one per line from a file or standard input."""

import sys


def main():
    """Read the numbers and print their sum."""
    source = open(sys.argv[1]) if len(sys.argv) > 1 else sys.stdin
    print(sum(int(line) for line in source if line.strip()))


if __name__ == "__main__":
    main()
