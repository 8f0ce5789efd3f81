// The parser: tokens to an AST by recursive descent over Python's grammar
// (the subset's part of it). This header holds the statements: blocks and
// indentation, simple and compound statements; ExpressionParser
// (parse_expr.hpp) the expressions they contain.
// Counterpart: the statement rules of CPython's Grammar/python.gram.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/bytecode.hpp>
#include <standin/lang/mangle.hpp>
#include <standin/lang/parse_expr.hpp>

#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

class Parser : public ExpressionParser {
public:
    Parser(std::string_view source, std::string filename) : ExpressionParser(source, std::move(filename)) {}

    AstModule parse_module() {
        AstModule m;
        while (!at(Tok::end)) {
            if (at(Tok::newline)) {
                ++p_;
                continue;
            }
            if (at(Tok::indent)) error_at(tok(), "unexpected indent", "IndentationError");
            parse_statement(m.body);
        }
        return m;
    }

private:
    // --- statements ----------------------------------------------------------------
    void parse_statement(StmtList& out) {
        const Token& t = tok();
        if (t.kind == Tok::name) {
            std::string_view w = t.text;
            if (w == "if") return out.push_back(parse_if());
            if (w == "while") return out.push_back(parse_while());
            if (w == "for") return out.push_back(parse_for());
            if (w == "def") return out.push_back(parse_def({}));
            if (w == "class") return out.push_back(parse_class({}));
            if (w == "try") return out.push_back(parse_try());
            if (w == "with") return out.push_back(parse_with());
            if (w == "async") error_at(t, "async is not supported by standin");
        }
        if (t.is_op("@")) {
            ExprList decorators;
            while (accept_op("@")) {
                decorators.push_back(parse_named_expression());
                if (!at(Tok::newline)) error_at(tok(), "invalid syntax");
                ++p_;
            }
            if (at_kw("def")) return out.push_back(parse_def(std::move(decorators)));
            if (at_kw("class")) return out.push_back(parse_class(std::move(decorators)));
            error_at(tok(), "invalid syntax");
        }
        parse_simple_statements(out);
    }

    void parse_simple_statements(StmtList& out) {
        for (;;) {
            out.push_back(parse_simple_statement());
            if (accept_op(";")) {
                if (at(Tok::newline)) break;
                continue;
            }
            break;
        }
        if (!at(Tok::newline)) error_at(tok(), "invalid syntax");
        ++p_;
    }

    StmtList parse_block(const Token& owner, std::string_view what) {
        expect_op(":");
        StmtList body;
        if (!at(Tok::newline)) {
            parse_simple_statements(body);
            return body;
        }
        ++p_;
        while (at(Tok::newline)) ++p_;
        if (!at(Tok::indent))
            error_at(tok(), "expected an indented block after " + std::string(what) + " on line " +
                                std::to_string(owner.line),
                     "IndentationError");
        ++p_;
        while (!at(Tok::dedent) && !at(Tok::end)) {
            if (at(Tok::newline)) {
                ++p_;
                continue;
            }
            if (at(Tok::indent)) error_at(tok(), "unexpected indent", "IndentationError");
            parse_statement(body);
        }
        if (at(Tok::dedent)) ++p_;
        return body;
    }

    StmtPtr parse_simple_statement() {
        const Token& t = tok();
        if (t.kind == Tok::name) {
            std::string_view w = t.text;
            if (w == "pass") return ++p_, make_stmt(StmtKind::Pass, t.line, t.col);
            if (w == "break") return ++p_, make_stmt(StmtKind::Break, t.line, t.col);
            if (w == "continue") return ++p_, make_stmt(StmtKind::Continue, t.line, t.col);
            if (w == "return") {
                ++p_;
                auto s = make_stmt(StmtKind::Return, t.line, t.col);
                if (!at(Tok::newline) && !at_op(";")) s->value = parse_star_expressions();
                return s;
            }
            if (w == "global" || w == "nonlocal") {
                ++p_;
                auto s = make_stmt(w == "global" ? StmtKind::Global : StmtKind::Nonlocal, t.line, t.col);
                do s->names.push_back(expect_name());
                while (accept_op(","));
                return s;
            }
            if (w == "del") {
                ++p_;
                auto s = make_stmt(StmtKind::Delete, t.line, t.col);
                auto e = parse_star_expressions();
                if (e->kind == ExprKind::Tuple && !e->parenthesized) s->targets = std::move(e->elts);
                else s->targets.push_back(std::move(e));
                for (auto& target : s->targets) check_target(*target, "delete");
                return s;
            }
            if (w == "assert") {
                ++p_;
                auto s = make_stmt(StmtKind::Assert, t.line, t.col);
                s->test = parse_expression();
                if (accept_op(",")) s->msg = parse_expression();
                return s;
            }
            if (w == "raise") {
                ++p_;
                auto s = make_stmt(StmtKind::Raise, t.line, t.col);
                if (!at(Tok::newline) && !at_op(";")) {
                    s->exc = parse_expression();
                    if (accept_kw("from")) s->cause = parse_expression();
                }
                return s;
            }
            if (w == "import") return parse_import();
            if (w == "from") return parse_from_import();
            if (w == "await") error_at(t, "await is not supported by standin (no coroutines)");
        }
        // Expression statement or assignment.
        auto first = parse_yield_or_star_expressions();
        if (at_op("=")) {
            auto s = make_stmt(StmtKind::Assign, t.line, t.col);
            check_target(*first, "assign");
            s->targets.push_back(std::move(first));
            while (accept_op("=")) {
                auto e = parse_yield_or_star_expressions();
                if (at_op("=")) {
                    check_target(*e, "assign");
                    s->targets.push_back(std::move(e));
                } else {
                    s->value = std::move(e);
                }
            }
            return s;
        }
        if (tok().kind == Tok::op && tok().text.size() >= 2 && tok().text.back() == '=' && tok().text != "==" &&
            tok().text != "<=" && tok().text != ">=" && tok().text != "!=") {
            std::string_view sym = tok().text;
            BinaryOp op = NB_INPLACE_ADD;
            bool found = false;
            for (std::uint32_t k = NB_INPLACE_ADD; k <= NB_INPLACE_XOR; ++k)
                if (binary_op_symbol(k) == sym) op = static_cast<BinaryOp>(k), found = true;
            if (!found) error_at(tok(), "invalid syntax");
            if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
                first->kind != ExprKind::Subscript)
                error(std::string("'") + expr_description(*first) + "' is an illegal expression for augmented assignment",
                      first->line, first->col);
            ++p_;
            auto s = make_stmt(StmtKind::AugAssign, t.line, t.col);
            s->target = std::move(first);
            s->op = op;
            s->value = parse_yield_or_star_expressions();
            return s;
        }
        if (at_op(":")) {
            // Annotated assignment: in a class body the annotation is
            // evaluated into __annotations__ (dataclasses read it).
            ++p_;
            check_target(*first, "assign");
            ExprPtr annotation = parse_expression();
            auto s = make_stmt(StmtKind::AnnAssign, t.line, t.col);
            s->target = std::move(first);
            s->test = std::move(annotation);
            if (accept_op("=")) s->value = parse_star_expressions();
            return s;
        }
        auto s = make_stmt(StmtKind::Expr, t.line, t.col);
        s->value = std::move(first);
        return s;
    }

    StmtPtr parse_import() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::Import, t.line, t.col);
        do {
            std::string dotted(expect_name()->view());
            while (accept_op(".")) dotted += "." + std::string(expect_name()->view());
            Str* asname = nullptr;
            if (accept_kw("as")) asname = expect_name();
            s->aliases.push_back({intern(dotted), asname});
        } while (accept_op(","));
        return s;
    }

    StmtPtr parse_from_import() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::ImportFrom, t.line, t.col);
        while (at_op(".") || at_op("...")) {
            s->level += at_op(".") ? 1 : 3;
            ++p_;
        }
        if (s->level) error_at(t, "relative imports are not supported by standin");
        std::string dotted(expect_name()->view());
        while (accept_op(".")) dotted += "." + std::string(expect_name()->view());
        s->module = intern(dotted);
        if (!accept_kw("import")) error_at(tok(), "invalid syntax");
        if (accept_op("*")) {  // from m import *: a single "*" alias
            s->aliases.push_back({intern("*"), nullptr});
            return s;
        }
        bool paren = accept_op("(");
        do {
            if (paren && at_op(")")) break;
            Str* n = expect_name();
            Str* asname = nullptr;
            if (accept_kw("as")) asname = expect_name();
            s->aliases.push_back({n, asname});
        } while (accept_op(","));
        if (paren) expect_op(")");
        return s;
    }

    StmtPtr parse_if() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::If, t.line, t.col);
        s->test = parse_named_expression();
        s->body = parse_block(t, "'if' statement");
        if (at_kw("elif")) {
            const Token& e = tok();
            s->orelse.push_back(parse_if_from_elif(e));
        } else if (at_kw("else")) {
            const Token& e = tok();
            ++p_;
            s->orelse = parse_block(e, "'else' statement");
        }
        return s;
    }
    StmtPtr parse_if_from_elif(const Token& t) {
        // An elif chain nests in the tree (orelse holds the next if): bound it.
        if (++elif_depth_ > static_cast<int>(max_tree_depth)) error_at(t, "too many elif branches (standin's limit is 1000)");
        struct Unwind {
            int& d;
            ~Unwind() { --d; }
        } unwind{elif_depth_};
        ++p_;
        auto s = make_stmt(StmtKind::If, t.line, t.col);
        s->test = parse_named_expression();
        s->body = parse_block(t, "'elif' statement");
        if (at_kw("elif")) {
            const Token& e = tok();
            s->orelse.push_back(parse_if_from_elif(e));
        } else if (at_kw("else")) {
            const Token& e = tok();
            ++p_;
            s->orelse = parse_block(e, "'else' statement");
        }
        return s;
    }

    StmtPtr parse_while() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::While, t.line, t.col);
        s->test = parse_named_expression();
        s->body = parse_block(t, "'while' statement");
        if (at_kw("else")) {
            const Token& e = tok();
            ++p_;
            s->orelse = parse_block(e, "'else' statement");
        }
        return s;
    }

    StmtPtr parse_for() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::For, t.line, t.col);
        s->target = parse_target_list();
        if (!accept_kw("in")) error_at(tok(), "invalid syntax");
        s->iter = parse_star_expressions();
        s->body = parse_block(t, "'for' statement");
        if (at_kw("else")) {
            const Token& e = tok();
            ++p_;
            s->orelse = parse_block(e, "'else' statement");
        }
        return s;
    }

    StmtPtr parse_try() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::Try, t.line, t.col);
        s->body = parse_block(t, "'try' statement");
        while (at_kw("except")) {
            const Token& e = tok();
            ++p_;
            ExceptHandler h;
            h.line = e.line;
            h.col = e.col;
            if (!at_op(":")) {
                h.type = parse_expression();
                if (at_op(",")) error_at(tok(), "multiple exception types must be parenthesized");
                if (accept_kw("as")) h.name = expect_name();
            }
            h.body = parse_block(e, "'except' statement");
            s->handlers.push_back(std::move(h));
        }
        if (at_kw("else")) {
            const Token& e = tok();
            if (s->handlers.empty()) error_at(e, "invalid syntax");
            ++p_;
            s->orelse = parse_block(e, "'else' statement");
        }
        if (at_kw("finally")) {
            const Token& e = tok();
            ++p_;
            s->finalbody = parse_block(e, "'finally' statement");
        }
        if (s->handlers.empty() && s->finalbody.empty()) error_at(tok(), "expected 'except' or 'finally' block");
        return s;
    }

    StmtPtr parse_with() {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::With, t.line, t.col);
        // with (a() as x, b() as y): the 3.10 form, tried first as CPython's
        // grammar does; otherwise the parentheses belong to an expression.
        if (at_op("(")) {
            const std::size_t start = p_;
            try {
                ++p_;
                std::vector<WithItem> items;
                do {
                    if (at_op(")")) break;  // (a trailing comma)
                    WithItem item;
                    item.context = parse_expression();
                    if (accept_kw("as")) {
                        item.target = parse_target_atom();
                        check_target(*item.target, "assign");
                    }
                    items.push_back(std::move(item));
                } while (accept_op(","));
                if (!items.empty() && accept_op(")") && at_op(":")) s->items = std::move(items);
            } catch (const SyntaxError&) {
            }
            if (!s->items.empty()) {
                s->body = parse_block(t, "'with' statement");
                return s;
            }
            p_ = start;
        }
        do {
            WithItem item;
            item.context = parse_expression();
            if (accept_kw("as")) {
                item.target = parse_target_atom();
                check_target(*item.target, "assign");
            }
            s->items.push_back(std::move(item));
        } while (accept_op(","));
        s->body = parse_block(t, "'with' statement");
        return s;
    }

    StmtPtr parse_def(ExprList decorators) {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::FunctionDef, t.line, t.col);
        s->decorators = std::move(decorators);
        s->name = expect_name();
        expect_op("(");
        s->args = parse_parameters(")", true);
        expect_op(")");
        if (accept_op("->")) parse_expression();
        s->body = parse_block(t, "function definition");
        return s;
    }

    StmtPtr parse_class(ExprList decorators) {
        const Token& t = tok();
        ++p_;
        auto s = make_stmt(StmtKind::ClassDef, t.line, t.col);
        s->decorators = std::move(decorators);
        s->name = expect_name();
        if (accept_op("(")) {
            while (!at_op(")")) {
                if (tok().kind == Tok::name && peek().is_op("=")) {
                    const Token& k = tok();
                    Str* name = intern(k.text);
                    p_ += 2;
                    s->class_keywords.push_back(Keyword{name, parse_expression(), k.line, k.col});
                } else {
                    if (!s->class_keywords.empty()) error_at(tok(), "positional argument follows keyword argument");
                    s->bases.push_back(parse_expression());
                }
                if (!accept_op(",")) break;
            }
            expect_op(")");
        }
        s->body = parse_block(t, "class definition");
        return s;
    }

    int elif_depth_ = 0;
};

inline AstModule parse(std::string_view source, const std::string& filename) {
    AstModule m = Parser(source, filename).parse_module();
    mangle_private_names(m);
    return m;
}

STANDIN_NAMESPACE_END
