// The parser's token cursor and its error reporting, shared by the
// expression and statement parsers: token access, SyntaxError with CPython's
// wording and position, the bounds on nesting and tree height (so no input can
// exhaust the host stack), and the checks of assignment targets (CPython's
// action_helpers.c has those).
// Counterpart: CPython's Parser/pegen.c and Parser/pegen_errors.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/lexer.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

class ParserBase {
public:
    static constexpr int max_nesting = 200;          // recursive descent depth
    static constexpr std::uint32_t max_tree_depth = 1000;  // height of an expression tree

protected:
    ParserBase(std::string_view source, std::string filename)
        : source_(source), filename_(std::move(filename)), toks_(tokenize(source, filename_)) {}

    // --- token access ------------------------------------------------------------
    const Token& tok() const { return toks_[p_]; }
    const Token& peek(std::size_t k = 1) const { return toks_[std::min(p_ + k, toks_.size() - 1)]; }
    bool at(Tok k) const { return tok().kind == k; }
    bool at_op(std::string_view s) const { return tok().is_op(s); }
    bool at_kw(std::string_view s) const { return tok().is_name(s); }
    bool accept_op(std::string_view s) {
        if (!at_op(s)) return false;
        ++p_;
        return true;
    }
    bool accept_kw(std::string_view s) {
        if (!at_kw(s)) return false;
        ++p_;
        return true;
    }
    void expect_op(std::string_view s) {
        if (!accept_op(s)) {
            if (s == ":") error_at(tok(), "expected ':'");
            if (s == ")" || s == "]" || s == "}") error_at(tok(), "invalid syntax");
            error_at(tok(), "invalid syntax");
        }
    }
    std::string_view line_text(std::uint32_t line) const { return source_line_text(source_, line); }
    [[noreturn]] void error(const std::string& msg, std::uint32_t line, std::uint32_t col,
                            std::string type = "SyntaxError") const {
        throw SyntaxError(msg, filename_, line, col + 1, line_text(line), std::move(type));
    }
    [[noreturn]] void error_at(const Token& t, const std::string& msg, std::string type = "SyntaxError") const {
        if (t.kind == Tok::end && msg == "invalid syntax")
            error("unexpected EOF while parsing", t.line, t.col, std::move(type));
        error(msg, t.line, t.col, std::move(type));
    }
    Str* name_of(const Token& t) const {
        if (t.kind != Tok::name || is_keyword(t.text)) error_at(t, "invalid syntax");
        return intern(t.text);
    }
    Str* expect_name() {
        Str* n = name_of(tok());
        ++p_;
        return n;
    }

    struct Nest {
        ParserBase& p;
        explicit Nest(ParserBase& parser, const Token& at) : p(parser) {
            if (++p.nesting_ > max_nesting) p.error_at(at, "too many nested parentheses");
        }
        ~Nest() { --p.nesting_; }
    };
    void set_depth(Expr& e, std::initializer_list<const Expr*> children) const {
        std::uint32_t d = 0;
        for (const Expr* c : children)
            if (c && c->depth > d) d = c->depth;
        e.depth = d + 1;
        if (e.depth > max_tree_depth) error("expression too deeply nested (standin's limit is 1000 levels)", e.line, e.col);
    }

    // --- assignment targets -----------------------------------------------------------
    // What CPython's messages call the expression ("cannot assign to function call").
    static const char* expr_description(const Expr& e) {
        switch (e.kind) {
        case ExprKind::Call: return "function call";
        case ExprKind::Constant: return "literal";
        case ExprKind::BinOp:
        case ExprKind::UnaryOp: return "expression";
        case ExprKind::BoolOp: return "expression";
        case ExprKind::Compare: return "comparison";
        case ExprKind::Lambda: return "lambda";
        case ExprKind::IfExp: return "conditional expression";
        case ExprKind::ListComp: return "list comprehension";
        case ExprKind::DictComp: return "dict comprehension";
        case ExprKind::SetComp: return "set comprehension";
        case ExprKind::GeneratorExp: return "generator expression";
        case ExprKind::Yield:
        case ExprKind::YieldFrom: return "yield expression";
        case ExprKind::Set: return "set display";
        case ExprKind::Dict: return "dict literal";
        case ExprKind::JoinedStr: return "f-string expression";
        case ExprKind::List: return "list";
        case ExprKind::Tuple: return "tuple";
        default: return "expression";
        }
    }

    void check_target(const Expr& e, std::string_view verb) const {
        switch (e.kind) {
        case ExprKind::Name:
            if (e.name->view() == "__debug__") error("cannot assign to __debug__", e.line, e.col);
            return;
        case ExprKind::Attribute:
        case ExprKind::Subscript: return;
        case ExprKind::Starred:
            if (verb == "delete") break;
            check_target(*e.value, verb);
            return;
        case ExprKind::Tuple:
        case ExprKind::List: {
            int stars = 0;
            for (const auto& item : e.elts) {
                if (item->kind == ExprKind::Starred) ++stars;
                check_target(*item, verb);
            }
            if (stars > 1) error("multiple starred expressions in assignment", e.line, e.col);
            return;
        }
        default: break;
        }
        if (verb == "delete") error(std::string("cannot delete ") + expr_description(e), e.line, e.col);
        if (e.kind == ExprKind::Constant || e.kind == ExprKind::Call || e.kind == ExprKind::Compare ||
            e.kind == ExprKind::BinOp || e.kind == ExprKind::Yield || e.kind == ExprKind::YieldFrom)
            error(std::string("cannot assign to ") + expr_description(e) + " here. Maybe you meant '==' instead of '='?",
                  e.line, e.col);
        error(std::string("cannot assign to ") + expr_description(e), e.line, e.col);
    }

    std::string_view source_;
    std::string filename_;
    std::vector<Token> toks_;
    std::size_t p_ = 0;
    int nesting_ = 0;
};

STANDIN_NAMESPACE_END
