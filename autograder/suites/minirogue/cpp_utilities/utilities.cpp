// utilities.cpp: the grader's copy of the course's MiniRogue utilities (see utilities.h).

#include "utilities.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <termios.h>
#include <utility>
#include <unistd.h>

namespace {

const char ESCAPE = '\033';
const char END_OF_INPUT_KEY = '?';
const char* const SEED_VARIABLE = "MINIROGUE_SEED";
const char* const CLEAR_SEQUENCE = "\033[H\033[2J";

// One engine for the whole game: seeded from MINIROGUE_SEED when it is set (the grader
// replays games), from the system's entropy otherwise.
std::mt19937& engine() {
    static std::mt19937 generator = [] {
        const char* seed = std::getenv(SEED_VARIABLE);
        if (seed == nullptr) {
            std::random_device device;
            return std::mt19937(device());
        }
        std::string text(seed);
        std::seed_seq sequence(text.begin(), text.end());
        return std::mt19937(sequence);
    }();
    return generator;
}

// Read one byte from standard input; false at the end of input.
bool readByte(char& byte) {
    return read(STDIN_FILENO, &byte, 1) == 1;
}

// The letter an arrow key's final byte stands for ('A' up, 'B' down, 'C' right, 'D' left).
char arrowLetter(char final) {
    switch (final) {
        case 'A': return ARROW_UP;
        case 'B': return ARROW_DOWN;
        case 'C': return ARROW_RIGHT;
        case 'D': return ARROW_LEFT;
        default: return final;
    }
}

}  // namespace

char getCharacter() {
    termios saved;
    bool isTerminal = tcgetattr(STDIN_FILENO, &saved) == 0;
    if (isTerminal) {
        termios raw = saved;
        raw.c_lflag &= ~(ICANON | ECHO);
        raw.c_cc[VMIN] = 1;
        raw.c_cc[VTIME] = 0;
        tcsetattr(STDIN_FILENO, TCSANOW, &raw);
    }
    char key = END_OF_INPUT_KEY;
    if (readByte(key) && key == ESCAPE) {
        char bracket = 0;
        char final = 0;
        if (readByte(bracket) && bracket == '[' && readByte(final))
            key = arrowLetter(final);
    } else if (key == '\0') {
        key = END_OF_INPUT_KEY;
    }
    if (isTerminal)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
    return key;
}

void clearScreen() {
    const char* term = std::getenv("TERM");
    if (term == nullptr || std::strcmp(term, "") == 0 || std::strcmp(term, "dumb") == 0)
        std::fputs("\n", stdout);
    else
        std::fputs(CLEAR_SEQUENCE, stdout);
    std::fflush(stdout);
}

int randInt(int limit) {
    return limit <= 1 ? 0 : randInt(0, limit - 1);
}

int randInt(int lowest, int highest) {
    if (highest < lowest)
        std::swap(lowest, highest);
    std::uniform_int_distribution<int> distribution(lowest, highest);
    return distribution(engine());
}

bool trueWithProbability(double p) {
    if (p <= 0)
        return false;
    if (p >= 1)
        return true;
    std::bernoulli_distribution distribution(p);
    return distribution(engine());
}
