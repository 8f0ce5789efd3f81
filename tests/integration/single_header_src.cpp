// The single header's compiled mode, library TU: with STANDIN_SEPARATE_COMPILATION
// (set for the whole test program) and STANDIN_BUILDING_LIBRARY, the amalgamation
// compiles every definition that single_header.cpp only sees declared.
#define STANDIN_BUILDING_LIBRARY 1
#include <standin/standin.hpp>
