// The lexer and parser: tokens, literals, indentation, and syntax errors that
// name the line and column.
#include <standin/lang.hpp>
#include <standin/lang/lexer.hpp>  // the lexer itself, not only compile_source()

#include <doctest/doctest.h>

#include <string>

using namespace standin;

namespace {
std::vector<Token> lex(std::string_view src) { return tokenize(src, "t.py"); }

SyntaxError syntax_error_of(std::string_view src) {
    try {
        compile_source(src, "bad.py");
    } catch (const SyntaxError& e) {
        return e;
    }
    FAIL("expected a SyntaxError for: " << src);
    return SyntaxError("", "", 0, 0, "");
}
}  // namespace

TEST_CASE("lexer reads integer literals in four bases with underscores") {
    auto toks = lex("0 1_000 0x1F 0o17 0b101 9223372036854775807\n");
    REQUIRE(toks.size() >= 6);
    CHECK(toks[0].ival == 0);
    CHECK(toks[1].ival == 1000);
    CHECK(toks[2].ival == 31);
    CHECK(toks[3].ival == 15);
    CHECK(toks[4].ival == 5);
    CHECK(toks[5].ival == INT64_MAX);
}

TEST_CASE("lexer reads float literals") {
    auto toks = lex("1.5 .25 1e3 2.5e-2 1_0.5\n");
    CHECK(toks[0].kind == Tok::floating);
    CHECK(toks[0].fval == 1.5);
    CHECK(toks[1].fval == 0.25);
    CHECK(toks[2].fval == 1000.0);
    CHECK(toks[3].fval == 0.025);
    CHECK(toks[4].fval == 10.5);
}

TEST_CASE("lexer decodes every string escape") {
    auto toks = lex(R"('a\tb\n\\\'\x41\u00e9\U0001F600\101' r'\n')" "\n");
    CHECK(toks[0].sval == "a\tb\n\\'A\xC3\xA9\xF0\x9F\x98\x80" "A");
    CHECK(toks[1].sval == "\\n");
}

TEST_CASE("lexer emits INDENT and DEDENT and joins lines inside brackets") {
    auto toks = lex("if x:\n    y = (1,\n         2)\nz\n");
    int indents = 0, dedents = 0, newlines = 0;
    for (const auto& t : toks) {
        indents += t.kind == Tok::indent;
        dedents += t.kind == Tok::dedent;
        newlines += t.kind == Tok::newline;
    }
    CHECK(indents == 1);
    CHECK(dedents == 1);
    CHECK(newlines == 3);
}

TEST_CASE("syntax errors name the file, line and column") {
    auto e = syntax_error_of("x = 1\ny = (2 +\n");
    CHECK(e.filename() == "bad.py");
    CHECK(e.line() == 2);
    CHECK(e.column() == 5);
    CHECK(std::string(e.what()) == "SyntaxError: '(' was never closed");
    CHECK(e.traceback().find("File \"bad.py\", line 2") != std::string::npos);
}

TEST_CASE("indentation errors carry CPython's wording") {
    CHECK(std::string(syntax_error_of("x = 1\n  y = 2\n").what()) == "IndentationError: unexpected indent");
    CHECK(std::string(syntax_error_of("if x:\npass\n").what()) ==
          "IndentationError: expected an indented block after 'if' statement on line 1");
}

TEST_CASE("nesting is bounded instead of exhausting the host stack") {
    std::string deep = "x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + "\n";
    CHECK(std::string(syntax_error_of(deep).what()) == "SyntaxError: too many nested parentheses");
    std::string chain = "x = 1";
    for (int i = 0; i < 100000; ++i) chain += " + 1";
    CHECK(std::string(syntax_error_of(chain + "\n").what()).find("too deeply nested") != std::string::npos);
}

TEST_CASE("NUL bytes and invalid UTF-8 are syntax errors") {
    CHECK(std::string(syntax_error_of(std::string("x = 1\0\n", 7)).what()) ==
          "SyntaxError: source code cannot contain null bytes");
    CHECK(std::string(syntax_error_of("x = '\xff'\n").what()).find("Non-UTF-8 code") != std::string::npos);
}

TEST_CASE("targets that cannot be assigned are rejected") {
    CHECK(std::string(syntax_error_of("f() = 1\n").what()).find("cannot assign to function call") != std::string::npos);
    CHECK(std::string(syntax_error_of("return 1\n").what()) == "SyntaxError: 'return' outside function");
    CHECK(std::string(syntax_error_of("def f():\n    nonlocal q\n").what()) ==
          "SyntaxError: no binding for nonlocal 'q' found");
}
