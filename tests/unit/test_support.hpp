// Helpers shared by the unit tests.
#pragma once

#include <standin/runtime/error.hpp>

#include <string>

namespace standin::testing {

// What `f` raised, as the last line of a guest traceback ("KeyError: 'k'"),
// or "no error".
inline std::string error_of(auto&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace standin::testing
