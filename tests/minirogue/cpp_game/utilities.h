// The stand-in's copy of the course skeleton's utilities.h, old edition (randInt(limit)).
#ifndef UTILITIES_INCLUDED
#define UTILITIES_INCLUDED

const char ARROW_LEFT = 'h';
const char ARROW_RIGHT = 'l';
const char ARROW_UP = 'k';
const char ARROW_DOWN = 'j';

char getCharacter();
void clearScreen();
int randInt(int limit);
bool trueWithProbability(double p);

#endif
