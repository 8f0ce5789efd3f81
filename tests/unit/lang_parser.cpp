// The parser's AST: node kinds and their Python.asdl-named fields, comparison
// operators as CompareOp, and f-string fields.
#include <standin/lang.hpp>
#include <standin/lang/parser.hpp>  // the parser class itself

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace standin;

namespace {
// The value of the single statement `x = <expr>` (or of an expression statement).
const Expr& expression_of(const AstModule& m) {
    REQUIRE(m.body.size() == 1);
    REQUIRE(m.body[0]->value);
    return *m.body[0]->value;
}
bool is_name(const ExprPtr& e, std::string_view name) {
    return e && e->kind == ExprKind::Name && e->name->view() == name;
}
std::vector<Opcode> opcodes(const Code& c) {
    std::vector<Opcode> ops;
    for (const Instruction& i : c.instructions) ops.push_back(i.op);
    return ops;
}
std::uint32_t arg_of(const Code& c, Opcode op) {
    auto it = std::find_if(c.instructions.begin(), c.instructions.end(), [&](const Instruction& i) { return i.op == op; });
    REQUIRE(it != c.instructions.end());
    return it->arg;
}
}  // namespace

static_assert(CMP_LT == 0 && CMP_GE == 5, "COMPARE_OP's six keep CPython's Py_LT ... Py_GE values");

TEST_CASE("a comparison chain parses to one CompareOp per operator, in source order") {
    AstModule m = parse("x = a < b == c in d not in e is f is not g\n", "m.py");
    const Expr& e = expression_of(m);
    REQUIRE(e.kind == ExprKind::Compare);
    CHECK(is_name(e.left, "a"));
    CHECK(e.ops == std::vector<CompareOp>{CMP_LT, CMP_EQ, CMP_IN, CMP_NOT_IN, CMP_IS, CMP_IS_NOT});
    REQUIRE(e.comparators.size() == 6);
    CHECK(is_name(e.comparators.back(), "g"));
}

TEST_CASE("compare_op_symbol spells all ten comparison operators") {
    CHECK(compare_op_symbol(CMP_LT) == "<");
    CHECK(compare_op_symbol(CMP_GE) == ">=");
    CHECK(compare_op_symbol(CMP_IN) == "in");
    CHECK(compare_op_symbol(CMP_NOT_IN) == "not in");
    CHECK(compare_op_symbol(CMP_IS) == "is");
    CHECK(compare_op_symbol(CMP_IS_NOT) == "is not");
    CHECK(compare_op_symbol(CMP_IS_NOT + 1) == "?");
}

TEST_CASE("in and is compile to CONTAINS_OP and IS_OP with the negation in the argument") {
    CHECK(arg_of(*compile_source("a in b\n", "m.py"), Opcode::CONTAINS_OP) == 0);
    CHECK(arg_of(*compile_source("a not in b\n", "m.py"), Opcode::CONTAINS_OP) == 1);
    CHECK(arg_of(*compile_source("a is b\n", "m.py"), Opcode::IS_OP) == 0);
    CHECK(arg_of(*compile_source("a is not b\n", "m.py"), Opcode::IS_OP) == 1);
    auto lt = compile_source("a < b\n", "m.py");
    CHECK(arg_of(*lt, Opcode::COMPARE_OP) == CMP_LT);
    auto ops = opcodes(*lt);
    CHECK(std::find(ops.begin(), ops.end(), Opcode::IS_OP) == ops.end());
}

TEST_CASE("and and or parse to BoolOp nodes that name their operator") {
    AstModule m = parse("x = a or b and c\n", "m.py");
    const Expr& e = expression_of(m);
    REQUIRE(e.kind == ExprKind::BoolOp);
    CHECK(e.bool_op == BoolOpKind::Or);
    REQUIRE(e.values.size() == 2);
    CHECK(is_name(e.values[0], "a"));
    REQUIRE(e.values[1]->kind == ExprKind::BoolOp);
    CHECK(e.values[1]->bool_op == BoolOpKind::And);
}

TEST_CASE("expression nodes carry Python.asdl's field names") {
    SUBCASE("BinOp and UnaryOp") {
        AstModule m = parse("x = -a + b\n", "m.py");
        const Expr& e = expression_of(m);
        REQUIRE(e.kind == ExprKind::BinOp);
        CHECK(e.op == NB_ADD);
        REQUIRE(e.left->kind == ExprKind::UnaryOp);
        CHECK(e.left->unary_op == Opcode::UNARY_NEGATIVE);
        CHECK(is_name(e.left->operand, "a"));
        CHECK(is_name(e.right, "b"));
    }
    SUBCASE("Call, Attribute, Subscript and Slice") {
        AstModule m = parse("x = f(o.attr, k=v)[1:2]\n", "m.py");
        const Expr& e = expression_of(m);
        REQUIRE(e.kind == ExprKind::Subscript);
        REQUIRE(e.slice->kind == ExprKind::Slice);
        CHECK(e.slice->lower->constant.as_int() == 1);
        CHECK(e.slice->upper->constant.as_int() == 2);
        CHECK(!e.slice->step);
        const Expr& call = *e.value;
        REQUIRE(call.kind == ExprKind::Call);
        CHECK(is_name(call.func, "f"));
        REQUIRE(call.args.size() == 1);
        CHECK(call.args[0]->kind == ExprKind::Attribute);
        CHECK(is_name(call.args[0]->value, "o"));
        CHECK(call.args[0]->name->view() == "attr");
        REQUIRE(call.keywords.size() == 1);
        CHECK(call.keywords[0].name->view() == "k");
    }
    SUBCASE("IfExp, Dict and comprehensions") {
        AstModule m = parse("x = {k: v for k in ks} if t else [e for e in es]\n", "m.py");
        const Expr& e = expression_of(m);
        REQUIRE(e.kind == ExprKind::IfExp);
        CHECK(is_name(e.test, "t"));
        REQUIRE(e.body->kind == ExprKind::DictComp);
        CHECK(is_name(e.body->key, "k"));
        CHECK(is_name(e.body->value, "v"));
        REQUIRE(e.orelse->kind == ExprKind::ListComp);
        CHECK(is_name(e.orelse->elt, "e"));
        CHECK(is_name(e.orelse->generators[0].iter, "es"));
    }
}

TEST_CASE("an f-string field keeps its conversion, format spec and the string's position") {
    AstModule m = parse("\nx = f\"a{y!r:>5}\"\n", "m.py");
    const Expr& e = expression_of(m);
    REQUIRE(e.kind == ExprKind::JoinedStr);
    REQUIRE(e.values.size() == 2);
    CHECK(e.values[0]->constant.as<Str>()->view() == "a");
    const Expr& field = *e.values[1];
    REQUIRE(field.kind == ExprKind::FormattedValue);
    CHECK(field.conversion == FormatConversion::Repr);
    REQUIRE(field.format_spec);
    CHECK(field.format_spec->kind == ExprKind::JoinedStr);
    REQUIRE(is_name(field.value, "y"));
    CHECK(field.value->line == 2);
    CHECK(field.value->col == 4);
}

TEST_CASE("statement nodes carry Python.asdl's field names") {
    AstModule m = parse("for i in xs:\n    pass\nassert t, m\nraise E from C\nfrom math import sqrt\nx += 1\n", "m.py");
    REQUIRE(m.body.size() == 5);
    CHECK(is_name(m.body[0]->target, "i"));
    CHECK(is_name(m.body[0]->iter, "xs"));
    CHECK(is_name(m.body[1]->test, "t"));
    CHECK(is_name(m.body[1]->msg, "m"));
    CHECK(is_name(m.body[2]->exc, "E"));
    CHECK(is_name(m.body[2]->cause, "C"));
    CHECK(m.body[3]->module->view() == "math");
    CHECK(m.body[4]->op == NB_INPLACE_ADD);
}
