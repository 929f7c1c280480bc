// The stand-in's copy of the course skeleton's utilities.cpp: unseeded, as the course's was.
#include "utilities.h"

#include <cstdio>
#include <random>
#include <termios.h>
#include <unistd.h>

namespace {

std::mt19937& engine() {
    static std::random_device device;
    static std::mt19937 generator(device());
    return generator;
}

}  // namespace

char getCharacter() {
    termios saved, raw;
    bool terminal = tcgetattr(0, &saved) == 0;
    raw = saved;
    raw.c_lflag &= ~(ICANON | ECHO);
    if (terminal)
        tcsetattr(0, TCSANOW, &raw);
    char key = '?';
    if (read(0, &key, 1) != 1)
        key = '?';
    if (key == 27) {  // an arrow key: ESC [ A..D
        char rest[2] = {0, 0};
        if (read(0, rest, 2) == 2 && rest[0] == '[')
            key = rest[1] == 'A' ? ARROW_UP : rest[1] == 'B' ? ARROW_DOWN
                : rest[1] == 'C' ? ARROW_RIGHT : ARROW_LEFT;
    }
    if (terminal)
        tcsetattr(0, TCSANOW, &saved);
    return key;
}

void clearScreen() {
    std::printf("\033[2J\033[H");
}

int randInt(int limit) {
    return limit <= 1 ? 0 : std::uniform_int_distribution<int>(0, limit - 1)(engine());
}

bool trueWithProbability(double p) {
    return std::bernoulli_distribution(p)(engine());
}
