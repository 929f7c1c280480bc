#!/usr/bin/env bash
# End-to-end tests of run.py. Each folder tests_e2e/<name>/ holds <name>.config (the board),
# <name>.in (the lines typed), <name>.out (the exact expected output) and <name>.txt (what the
# test is about). A test passes when run.py's output matches <name>.out byte for byte.
#
# Usage, from any folder: bash test_e2e.sh
# The interpreter can be changed with PYTHON, e.g. PYTHON=python3.9 bash test_e2e.sh.
# Exits with status 1 when a test fails.

cd "$(dirname "$0")" || exit 1
python="${PYTHON:-python3}"
passed=0
failed=0

for folder in $(ls -d tests_e2e/*/ | sort -V); do
    name=$(basename "$folder")
    config="tests_e2e/$name/$name.config"
    # diff shows what differs; only its exit status decides the outcome.
    if "$python" run.py "$config" < "tests_e2e/$name/$name.in" \
            | diff "tests_e2e/$name/$name.out" -; then
        passed=$((passed + 1))
    else
        echo "Test $name failed: $(cat "tests_e2e/$name/$name.txt")"
        failed=$((failed + 1))
    fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
