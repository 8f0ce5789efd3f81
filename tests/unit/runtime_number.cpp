// int64 and float arithmetic with CPython's semantics and messages.
#include <standin/runtime.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include "test_support.hpp"

using namespace standin;
using standin::testing::error_of;

namespace {
constexpr std::int64_t max64 = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t min64 = std::numeric_limits<std::int64_t>::min();
}  // namespace

TEST_CASE("floor division and modulo take the divisor's sign") {
    CHECK(int_floordiv(7, 2) == 3);
    CHECK(int_floordiv(-7, 2) == -4);
    CHECK(int_floordiv(7, -2) == -4);
    CHECK(int_floordiv(-7, -2) == 3);
    CHECK(int_mod(-7, 2) == 1);
    CHECK(int_mod(7, -2) == -1);
    CHECK(int_mod(min64, -1) == 0);
    CHECK(float_mod(-7.5, 2.0) == 0.5);
    CHECK(float_floordiv(-7.5, 2.0) == -4.0);
    CHECK(std::signbit(float_mod(-4.0, 2.0)) == false);
    CHECK(std::signbit(float_mod(4.0, -2.0)) == true);
}

TEST_CASE("division by zero raises ZeroDivisionError with CPython's words") {
    CHECK(error_of([] { int_floordiv(1, 0); }) == "ZeroDivisionError: integer division or modulo by zero");
    CHECK(error_of([] { int_mod(1, 0); }) == "ZeroDivisionError: integer modulo by zero");
    CHECK(error_of([] { int_truediv(1, 0); }) == "ZeroDivisionError: division by zero");
    CHECK(error_of([] { float_truediv(1, 0); }) == "ZeroDivisionError: float division by zero");
    CHECK(error_of([] { float_floordiv(1, 0); }) == "ZeroDivisionError: float floor division by zero");
    CHECK(error_of([] { float_mod(1, 0); }) == "ZeroDivisionError: float modulo");
    CHECK(error_of([] { float_pow(0.0, -1.0); }) == "ZeroDivisionError: 0.0 cannot be raised to a negative power");
}

TEST_CASE("int64 overflow raises OverflowError instead of wrapping") {
    CHECK(error_of([] { int_add(max64, 1); }).starts_with("OverflowError"));
    CHECK(error_of([] { int_sub(min64, 1); }).starts_with("OverflowError"));
    CHECK(error_of([] { int_mul(max64 / 2 + 1, 2); }).starts_with("OverflowError"));
    CHECK(error_of([] { int_neg(min64); }).starts_with("OverflowError"));
    CHECK(error_of([] { int_pow(2, 70); }).starts_with("OverflowError"));
    CHECK(error_of([] { int_floordiv(min64, -1); }).starts_with("OverflowError"));
    CHECK(error_of([] { int_lshift(1, 63); }).starts_with("OverflowError"));
    CHECK(int_pow(2, 62) == std::int64_t{1} << 62);
    CHECK(int_pow(-3, 3) == -27);
    CHECK(int_lshift(-1, 62) == min64 / 2);
    CHECK(int_rshift(-5, 1) == -3);
    CHECK(int_rshift(-5, 100) == -1);
    CHECK(error_of([] { int_lshift(1, -1); }) == "ValueError: negative shift count");
}

TEST_CASE("float to int conversions match CPython") {
    CHECK(float_to_int(-2.7) == -2);
    CHECK(float_round(2.5) == 2);
    CHECK(float_round(3.5) == 4);
    CHECK(float_round(-0.5) == 0);
    CHECK(error_of([] { float_to_int(NAN); }) == "ValueError: cannot convert float NaN to integer");
    CHECK(error_of([] { float_to_int(INFINITY); }) == "OverflowError: cannot convert float infinity to integer");
    CHECK(error_of([] { float_to_int(1e19); }).starts_with("OverflowError"));
}
