// Smoke test: the umbrella header compiles and links into the unit test executable.
#include <standin/standin.hpp>

#include <doctest/doctest.h>

#include <string>

TEST_CASE("version string is not empty") {
    CHECK_FALSE(standin::version_string().empty());
}

TEST_CASE("version string matches the version macros") {
    auto const expected = std::to_string(STANDIN_VERSION_MAJOR) + "." +
                          std::to_string(STANDIN_VERSION_MINOR) + "." +
                          std::to_string(STANDIN_VERSION_PATCH);
    CHECK(standin::version_string() == expected);
}
