// repr()/str() byte for byte as CPython prints them.
#include <standin/runtime.hpp>

#include <doctest/doctest.h>

#include <cmath>

using namespace standin;

TEST_CASE("float repr is the shortest round trip, formatted as CPython") {
    CHECK(float_repr(0.1 + 0.2) == "0.30000000000000004");
    CHECK(float_repr(1e16) == "1e+16");
    CHECK(float_repr(1e15) == "1000000000000000.0");
    CHECK(float_repr(123456789012345678.0) == "1.2345678901234568e+17");
    CHECK(float_repr(1e-5) == "1e-05");
    CHECK(float_repr(0.0001) == "0.0001");
    CHECK(float_repr(2.5e-7) == "2.5e-07");
    CHECK(float_repr(1.5e300) == "1.5e+300");
    CHECK(float_repr(5e-324) == "5e-324");
    CHECK(float_repr(-0.0) == "-0.0");
    CHECK(float_repr(0.0) == "0.0");
    CHECK(float_repr(1.0) == "1.0");
    CHECK(float_repr(-2.5) == "-2.5");
    CHECK(float_repr(100.0) == "100.0");
    CHECK(float_repr(12345.678) == "12345.678");
    CHECK(float_repr(INFINITY) == "inf");
    CHECK(float_repr(-INFINITY) == "-inf");
    CHECK(float_repr(NAN) == "nan");
}

TEST_CASE("str repr chooses quotes and escapes as CPython") {
    CHECK(str_repr("abc") == "'abc'");
    CHECK(str_repr("a'b") == "\"a'b\"");
    CHECK(str_repr("a\"b'") == "'a\"b\\''");
    CHECK(str_repr("tab\there\nnl\r\\") == "'tab\\there\\nnl\\r\\\\'");
    CHECK(str_repr(std::string("\x00\x7f", 2)) == "'\\x00\\x7f'");
    CHECK(str_repr("\xC2\x80\xC2\xA0\xC2\xAD") == "'\\x80\\xa0\\xad'");
    CHECK(str_repr("\xE2\x80\xA8") == "'\\u2028'");
    CHECK(str_repr("\xC3\xA9\xF0\x9F\x98\x80") == "'\xC3\xA9\xF0\x9F\x98\x80'");
}

TEST_CASE("repr of None, bool, int and containers") {
    CHECK(repr(Value()) == "None");
    CHECK(repr(Value(true)) == "True");
    CHECK(repr(Value(false)) == "False");
    CHECK(repr(Value(-12)) == "-12");
    CHECK(repr(Value(std::numeric_limits<std::int64_t>::min())) == "-9223372036854775808");
    CHECK(repr(tuple({})) == "()");
    CHECK(repr(tuple({Value(1)})) == "(1,)");
    CHECK(repr(tuple({Value(1), str("a")})) == "(1, 'a')");
    CHECK(repr(list({})) == "[]");
    CHECK(repr(list({Value(1.0), Value(), tuple({})})) == "[1.0, None, ()]");
    auto d = make_ref<Dict>();
    CHECK(repr(Value(d)) == "{}");
    d->set(str("k"), list({Value(1)}));
    d->set(Value(2), Value(false));
    CHECK(repr(Value(d)) == "{'k': [1], 2: False}");
    CHECK(repr(make_value<Slice>(Value(1), Value(), Value(-1))) == "slice(1, None, -1)");
}

TEST_CASE("str() of a string is its text, of anything else its repr") {
    CHECK(to_str(str("a'b")) == "a'b");
    CHECK(to_str(list({str("a")})) == "['a']");
    CHECK(to_str(Value(0.5)) == "0.5");
}

TEST_CASE("self-containing containers print an ellipsis") {
    auto l = make_ref<List>();
    l->append(Value(1));
    l->append(Value(l));
    CHECK(repr(Value(l)) == "[1, [...]]");
    auto d = make_ref<Dict>();
    d->set(str("me"), Value(d));
    CHECK(repr(Value(d)) == "{'me': {...}}");
    l->clear();  // break the cycles so the test leaks nothing
    d->clear();
}

TEST_CASE("deeply nested containers raise RecursionError instead of overflowing") {
    Value v = list({});
    for (int i = 0; i < 5000; ++i) v = list({v});
    try {
        repr(v);
        FAIL("no error");
    } catch (const Error& e) {
        CHECK(e.kind() == exc::RecursionError);
    }
}

TEST_CASE("type names follow Python") {
    CHECK(type_name(Value()) == "NoneType");
    CHECK(type_name(Value(1)) == "int");
    CHECK(type_name(Value(1.0)) == "float");
    CHECK(type_name(Value(true)) == "bool");
    CHECK(type_name(str("")) == "str");
    CHECK(type_name(list({})) == "list");
    CHECK(type_name(tuple({})) == "tuple");
    CHECK(type_name(make_value<Dict>()) == "dict");
}
