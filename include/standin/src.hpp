// The compiled mode's one translation unit: a .cpp that includes only this
// header, compiled with STANDIN_SEPARATE_COMPILATION defined (as every TU of
// the program must be), holds every definition that the headers only declare
// in that mode. CMake's standin::standin_compiled is exactly this TU.
// Counterpart: Boost.Asio's <boost/asio/impl/src.hpp>.
// standin: not-self-contained (it is the compiled mode's TU: it needs STANDIN_SEPARATE_COMPILATION)
#pragma once

#if !defined(STANDIN_SEPARATE_COMPILATION)
#error "<standin/src.hpp> is the compiled mode's library TU: define STANDIN_SEPARATE_COMPILATION (in every TU)"
#endif
#if defined(STANDIN_VERSION_MAJOR)
#error "<standin/src.hpp> must come before any other standin header in its TU"
#endif

#define STANDIN_BUILDING_LIBRARY 1
#include <standin/standin.hpp>
