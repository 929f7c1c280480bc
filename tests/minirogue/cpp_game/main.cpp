// A tiny C++ stand-in for a student's MiniRogue, for the suite's C++ path: one fixed level of
// two rooms and a corridor, two snakewomen that never act, a stairway and a weapon, and the
// player at a random square of room one. It draws the screen as the spec lays it out and
// obeys h/j/k/l, the arrow keys, c, i and q. Like a student's project it reads keys and
// random numbers through the course skeleton's utilities.h (here the old edition, with
// randInt(limit)), whose copies the grader replaces with its seedable ones.
#include <cstdio>
#include <string>

#include "utilities.h"

namespace {

const int ROWS = 18;
const int COLS = 70;
const char* const START_STATS = "Dungeon Level: 0, Hit points: %d, Armor: 2, Strength: %d, "
                                "Dexterity: 2\n";

std::string level[ROWS];

void carve(int top, int left, int bottom, int right) {
    for (int r = top; r <= bottom; ++r)
        for (int c = left; c <= right; ++c)
            level[r][c] = ' ';
}

}  // namespace

int main() {
    for (int r = 0; r < ROWS; ++r)
        level[r] = std::string(COLS, '#');
    carve(2, 3, 6, 20);    // room one
    carve(9, 40, 15, 65);  // room two
    carve(7, 10, 8, 10);   // corridor down from room one
    carve(8, 10, 8, 50);   // corridor along row 8 to room two
    level[12][60] = 'S';
    level[13][45] = 'S';
    level[14][62] = '>';
    level[3][18] = ')';
    int row = 3 + randInt(4), col = 4 + randInt(13), hitPoints = 20, strength = 2;
    for (;;) {
        std::printf("\033[2J\033[H");
        for (int r = 0; r < ROWS; ++r) {
            std::string line = level[r];
            if (r == row)
                line[col] = '@';
            std::printf("%s\n", line.c_str());
        }
        std::printf(START_STATS, hitPoints, strength);
        std::fflush(stdout);
        char key = getCharacter();
        int newRow = row + (key == 'j') - (key == 'k');
        int newCol = col + (key == 'l') - (key == 'h');
        if (key == 'q' || key == '?')  // '?': the end of input (as the grader's copy says)
            return 0;
        if (key == 'c') {
            hitPoints = 50;
            strength = 9;
        } else if (key == 'i') {
            std::printf("\033[2J\033[HInventory:\n a. short sword\n");
            std::fflush(stdout);
            getCharacter();
        } else if (level[newRow][newCol] == ' ' || level[newRow][newCol] == ')') {
            row = newRow;
            col = newCol;
        }
    }
}
