// utilities.h: the grader's copy of the course's MiniRogue utilities, for C++ submissions.
//
// The grader supplies the course's files itself (CLARIFICATIONS.md preamble), so a C++ project
// is built with this header and utilities.cpp instead of its own copies. They declare what the
// course's skeletons did, both editions: randInt(limit) of the old one and
// randInt(lowest, highest) of the new one. The one difference from the course's copy is that
// the random source can be seeded through the MINIROGUE_SEED environment variable, so the
// grader can replay a game; without it every game is different, as in the course's copy.

#ifndef UTILITIES_INCLUDED
#define UTILITIES_INCLUDED

// getCharacter maps the arrow keys to the same letters as h, l, k and j.
const char ARROW_LEFT = 'h';
const char ARROW_RIGHT = 'l';
const char ARROW_UP = 'k';
const char ARROW_DOWN = 'j';

char getCharacter();                 // one key, no echo, no Enter; '?' at the end of input
void clearScreen();                  // clear the terminal before the screen is redrawn
int randInt(int limit);              // a random int from 0 to limit - 1 (old skeleton)
int randInt(int lowest, int highest);  // a random int from lowest to highest inclusive
bool trueWithProbability(double p);  // true with probability p

#endif  // UTILITIES_INCLUDED
