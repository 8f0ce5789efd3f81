// The compiler and the disassembler: instruction selection, scopes (locals,
// cells, free variables), exception tables, stack sizes.
#include <standin/lang.hpp>
#include <standin/lang/compiler.hpp>  // the parser and compiler classes themselves

#include <doctest/doctest.h>

#include <algorithm>
#include <string>

using namespace standin;

namespace {
const Code& inner(const Code& c, std::string_view name) {
    for (const Value& v : c.consts)
        if (auto* code = v.dyn<Code>(); code && code->name->view() == name) return *code;
    FAIL("no nested code object " << name);
    return c;
}
bool has_op(const Code& c, Opcode op) {
    return std::any_of(c.instructions.begin(), c.instructions.end(), [&](const Instruction& i) { return i.op == op; });
}
}  // namespace

TEST_CASE("every instruction carries its source line") {
    auto code = compile_source("x = 1\ny = x + 2\n", "m.py");
    REQUIRE(code->positions.size() == code->instructions.size());
    CHECK(code->positions.front().line == 1);
    CHECK(code->positions[3].line == 2);
}

TEST_CASE("function locals are fast slots, captured ones cells and free variables") {
    auto code = compile_source("def f(a):\n    b = a\n    def g():\n        return a + b\n    return g\n", "m.py");
    const Code& f = inner(*code, "f");
    const Code& g = inner(f, "g");
    CHECK(f.argcount == 1);
    CHECK(f.cellvars.size() == 2);
    CHECK(g.freevars.size() == 2);
    CHECK(has_op(g, Opcode::LOAD_DEREF));
    CHECK(f.cell_params[0] == 0);  // the parameter seeds its cell
    CHECK(f.qualname->view() == "f");
    CHECK(g.qualname->view() == "f.<locals>.g");
}

TEST_CASE("globals load through LOAD_GLOBAL with the NULL bit for calls") {
    auto code = compile_source("def f():\n    return len(xs)\n", "m.py");
    const Code& f = inner(*code, "f");
    REQUIRE(f.instructions[0].op == Opcode::LOAD_GLOBAL);
    CHECK((f.instructions[0].arg & 1) == 1);
    CHECK(f.names[f.instructions[0].arg >> 1]->view() == "len");
}

TEST_CASE("try/except compiles to an exception table with handler depths") {
    auto code = compile_source("def f():\n    try:\n        g()\n    except ValueError as e:\n        return e\n", "m.py");
    const Code& f = inner(*code, "f");
    REQUIRE(!f.exception_table.empty());
    const auto& first = f.exception_table.front();
    CHECK(first.start == 0);
    CHECK(first.depth == 0);
    CHECK(f.instructions[first.target].op == Opcode::PUSH_EXC_INFO);
    CHECK(has_op(f, Opcode::CHECK_EXC_MATCH));
}

TEST_CASE("stack size covers the deepest expression") {
    auto code = compile_source("x = [1, 2, 3, 4, 5, 6, 7, 8]\n", "m.py");
    CHECK(code->stacksize >= 8);
}

TEST_CASE("stack effects balance for every opcode the compiler emits") {
    // A program touching most statements; assembly checks depth consistency at
    // every join and would raise an internal compiler error otherwise.
    const char* src =
        "import math\n"
        "class A:\n    def m(self, *a, k=1, **kw):\n        return super().m()\n"
        "def f(x):\n"
        "    for i in range(3):\n        if i: continue\n        break\n"
        "    while x:\n        x -= 1\n"
        "    with open(x) as fh:\n        pass\n"
        "    try:\n        return [i for i in x]\n    except (A, B):\n        raise\n    finally:\n        del x\n"
        "    a, *b = {k: v for k, v in y}\n"
        "    return f'{a!r:>{b}}' if a < b < c else lambda q=1: q\n";
    auto code = compile_source(src, "m.py");
    CHECK(code->instructions.back().op == Opcode::RETURN_VALUE);
}

TEST_CASE("the disassembler prints like dis: line, offset, opname, argument, meaning") {
    auto code = compile_source("x = 1\nprint(x)\n", "m.py");
    std::string text = disassemble(*code);
    CHECK(text.find("  1          0 LOAD_CONST               0 (1)") != std::string::npos);
    CHECK(text.find("STORE_GLOBAL             1 (x)") == std::string::npos);
    CHECK(text.find("LOAD_GLOBAL              3 (NULL + print)") != std::string::npos);
    CHECK(text.find("RETURN_VALUE") != std::string::npos);
}

TEST_CASE("opcode names and stack effects come from one table") {
    CHECK(opcode_name(Opcode::BINARY_OP) == "BINARY_OP");
    CHECK(stack_effect(Opcode::CALL, 2, false) == -3);
    CHECK(stack_effect(Opcode::FOR_ITER, 0, true) == -1);
    CHECK(stack_effect(Opcode::FOR_ITER, 0, false) == 1);
    CHECK(stack_effect(Opcode::BUILD_MAP, 2, false) == -3);
    CHECK(binary_op_symbol(NB_INPLACE_ADD) == "+=");
}
