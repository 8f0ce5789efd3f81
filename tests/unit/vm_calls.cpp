// The call protocol's argument binding and its CPython messages, and
// operator semantics seen from C++.
#include <standin/vm.hpp>

#include <doctest/doctest.h>

#include <string>

using namespace standin;

namespace {
std::string error_of(Interpreter& vm, std::string_view src) {
    try {
        vm.exec(src, "c.py");
    } catch (const Error& e) {
        return e.what();
    }
    return "(no error)";
}
}  // namespace

TEST_CASE("wrong arity reports what CPython reports") {
    Interpreter vm;
    vm.exec("def f(x): pass\ndef g(a, b, c=1): pass\ndef h(*, k): pass\nclass A:\n    def m(self, x): pass\n", "c.py");
    CHECK(error_of(vm, "f(1, 2)") == "TypeError: f() takes 1 positional argument but 2 were given");
    CHECK(error_of(vm, "f()") == "TypeError: f() missing 1 required positional argument: 'x'");
    CHECK(error_of(vm, "g()") == "TypeError: g() missing 2 required positional arguments: 'a' and 'b'");
    CHECK(error_of(vm, "g(1, 2, 3, 4)") == "TypeError: g() takes from 2 to 3 positional arguments but 4 were given");
    CHECK(error_of(vm, "g(1, 2, z=3)") == "TypeError: g() got an unexpected keyword argument 'z'");
    CHECK(error_of(vm, "g(1, 2, a=3)") == "TypeError: g() got multiple values for argument 'a'");
    CHECK(error_of(vm, "h()") == "TypeError: h() missing 1 required keyword-only argument: 'k'");
    CHECK(error_of(vm, "A().m()") == "TypeError: A.m() missing 1 required positional argument: 'x'");
}

TEST_CASE("common runtime errors carry CPython's messages") {
    Interpreter vm;
    CHECK(error_of(vm, "y") == "NameError: name 'y' is not defined");
    CHECK(error_of(vm, "1 / 0") == "ZeroDivisionError: division by zero");
    CHECK(error_of(vm, "1 // 0") == "ZeroDivisionError: integer division or modulo by zero");
    CHECK(error_of(vm, "{}['k']") == "KeyError: 'k'");
    CHECK(error_of(vm, "[][0]") == "IndexError: list index out of range");
    CHECK(error_of(vm, "class Foo: pass\nFoo().bar") == "AttributeError: 'Foo' object has no attribute 'bar'");
    CHECK(error_of(vm, "[1] + (2,)") == "TypeError: can only concatenate list (not \"tuple\") to list");
    CHECK(error_of(vm, "1 + 'a'") == "TypeError: unsupported operand type(s) for +: 'int' and 'str'");
    CHECK(error_of(vm, "2 ** 70").rfind("OverflowError", 0) == 0);
}

TEST_CASE("calls from C++ pass keyword arguments") {
    Interpreter vm;
    vm.exec("def f(a, b=0, *, c=0):\n    return a * 100 + b * 10 + c\n", "k.py");
    KwArg kw[] = {{intern("c"), Value(std::int64_t{7})}};
    Value args[] = {Value(std::int64_t{1}), Value(std::int64_t{2})};
    CHECK(vm.call_with(vm.global("f"), args, kw).as_int() == 127);
}

TEST_CASE("builtins call back into guest code") {
    Interpreter vm;
    vm.exec("xs = sorted(['bb', 'a', 'ccc'], key=lambda s: -len(s))\n", "b.py");
    CHECK(vm.repr(vm.global("xs")) == "['ccc', 'bb', 'a']");
}

TEST_CASE("user classes take part in repr, str, operators and iteration") {
    Interpreter vm;
    vm.exec(
        "class V:\n"
        "    def __init__(self, x): self.x = x\n"
        "    def __repr__(self): return f'V({self.x})'\n"
        "    def __add__(self, o): return V(self.x + o.x)\n"
        "    def __iter__(self): return iter([self.x, self.x])\n"
        "v = V(1) + V(2)\n",
        "u.py");
    CHECK(vm.repr(vm.global("v")) == "V(3)");
    CHECK(vm.str(vm.global("v")) == "V(3)");
    CHECK(vm.to_vector(vm.global("v")).size() == 2);
}
