// The parser: tokens to an AST by recursive descent over Python's grammar
// (the subset's part of it). Nesting is bounded (brackets by the lexer, other
// recursion and tree height here), so no input can exhaust the host stack.
// Counterpart: CPython's Grammar/python.gram and the PEG parser.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/bytecode.hpp>
#include <standin/lang/lexer.hpp>

#include <algorithm>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

class Parser {
public:
    static constexpr int max_nesting = 200;          // recursive descent depth
    static constexpr std::uint32_t max_tree_depth = 1000;  // height of an expression tree

    Parser(std::string_view source, std::string filename)
        : source_(source), filename_(std::move(filename)), toks_(tokenize(source, filename_)) {}

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

    // A single expression (for f-string fields and eval).
    ExprPtr parse_expression_only() {
        while (at(Tok::newline)) ++p_;
        auto e = parse_star_expressions();
        while (at(Tok::newline)) ++p_;
        if (!at(Tok::end)) error_at(tok(), "invalid syntax");
        return e;
    }

private:
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
    std::string_view line_text(std::uint32_t line) const {
        std::size_t pos = 0;
        for (std::uint32_t l = 1; l < line && pos != std::string_view::npos; ++l) {
            pos = source_.find('\n', pos);
            if (pos != std::string_view::npos) ++pos;
        }
        if (pos == std::string_view::npos || pos > source_.size()) return {};
        std::size_t e = source_.find('\n', pos);
        return source_.substr(pos, e == std::string_view::npos ? std::string_view::npos : e - pos);
    }
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
        Parser& p;
        explicit Nest(Parser& parser, const Token& at) : p(parser) {
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
                if (e->kind == ExprKind::Tuple && !e->parenthesized) s->targets = std::move(e->items);
                else s->targets.push_back(std::move(e));
                for (auto& target : s->targets) check_target(*target, "delete");
                return s;
            }
            if (w == "assert") {
                ++p_;
                auto s = make_stmt(StmtKind::Assert, t.line, t.col);
                s->value = parse_expression();
                if (accept_op(",")) s->extra = parse_expression();
                return s;
            }
            if (w == "raise") {
                ++p_;
                auto s = make_stmt(StmtKind::Raise, t.line, t.col);
                if (!at(Tok::newline) && !at_op(";")) {
                    s->value = parse_expression();
                    if (accept_kw("from")) s->extra = parse_expression();
                }
                return s;
            }
            if (w == "import") return parse_import();
            if (w == "from") return parse_from_import();
            if (w == "yield" || w == "await") error_at(t, std::string(w) + " is not supported by standin (no generators or coroutines)");
        }
        // Expression statement or assignment.
        auto first = parse_star_expressions();
        if (at_op("=")) {
            auto s = make_stmt(StmtKind::Assign, t.line, t.col);
            check_target(*first, "assign");
            s->targets.push_back(std::move(first));
            while (accept_op("=")) {
                auto e = parse_star_expressions();
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
            std::uint32_t op = 0;
            bool found = false;
            for (std::uint32_t k = NB_INPLACE_ADD; k <= NB_INPLACE_XOR; ++k)
                if (binary_op_symbol(k) == sym) op = k, found = true;
            if (!found) error_at(tok(), "invalid syntax");
            if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
                first->kind != ExprKind::Subscript)
                error(std::string("'") + expr_description(*first) + "' is an illegal expression for augmented assignment",
                      first->line, first->col);
            ++p_;
            auto s = make_stmt(StmtKind::AugAssign, t.line, t.col);
            s->target = std::move(first);
            s->op = op;
            s->value = parse_star_expressions();
            return s;
        }
        if (at_op(":")) {
            // Annotated assignment: the annotation is parsed and ignored.
            ++p_;
            check_target(*first, "assign");
            parse_expression();
            auto s = make_stmt(StmtKind::AnnAssign, t.line, t.col);
            s->target = std::move(first);
            if (accept_op("=")) s->value = parse_star_expressions();
            return s;
        }
        auto s = make_stmt(StmtKind::Expr, t.line, t.col);
        s->value = std::move(first);
        return s;
    }

    static const char* expr_description(const Expr& e) {
        switch (e.kind) {
        case ExprKind::Call: return "function call";
        case ExprKind::Constant: return e.value.is_none() || e.value.is_bool() ? "literal" : "literal";
        case ExprKind::BinOp:
        case ExprKind::UnaryOp: return "expression";
        case ExprKind::BoolOp: return "expression";
        case ExprKind::Compare: return "comparison";
        case ExprKind::Lambda: return "lambda";
        case ExprKind::IfExp: return "conditional expression";
        case ExprKind::ListComp: return "list comprehension";
        case ExprKind::DictComp: return "dict comprehension";
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
            check_target(*e.a, verb);
            return;
        case ExprKind::Tuple:
        case ExprKind::List: {
            int stars = 0;
            for (const auto& item : e.items) {
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
            e.kind == ExprKind::BinOp)
            error(std::string("cannot assign to ") + expr_description(e) + " here. Maybe you meant '==' instead of '='?",
                  e.line, e.col);
        error(std::string("cannot assign to ") + expr_description(e), e.line, e.col);
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
        s->name = intern(dotted);
        if (!accept_kw("import")) error_at(tok(), "invalid syntax");
        if (at_op("*")) error_at(tok(), "'from ... import *' is not supported by standin");
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
        s->value = parse_named_expression();
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
        s->value = parse_named_expression();
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
        s->value = parse_named_expression();
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
        s->value = parse_star_expressions();
        s->body = parse_block(t, "'for' statement");
        if (at_kw("else")) {
            const Token& e = tok();
            ++p_;
            s->orelse = parse_block(e, "'else' statement");
        }
        return s;
    }

    // Targets of `for` and comprehensions: stops before `in`.
    ExprPtr parse_target_list() {
        const Token& t = tok();
        auto first = parse_target_atom();
        if (!at_op(",")) {
            check_target(*first, "assign");
            return first;
        }
        auto tup = make_expr(ExprKind::Tuple, t.line, t.col);
        tup->items.push_back(std::move(first));
        while (accept_op(",")) {
            if (at_kw("in")) break;
            tup->items.push_back(parse_target_atom());
        }
        check_target(*tup, "assign");
        return tup;
    }
    ExprPtr parse_target_atom() {
        if (at_op("*")) {
            const Token& t = tok();
            ++p_;
            auto e = make_expr(ExprKind::Starred, t.line, t.col);
            e->a = parse_bitwise_or();
            set_depth(*e, {e->a.get()});
            return e;
        }
        return parse_bitwise_or();
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
                if (tok().kind == Tok::name && peek().is_op("="))
                    error_at(tok(), "class keyword arguments (metaclass=...) are not supported by standin");
                s->bases.push_back(parse_expression());
                if (!accept_op(",")) break;
            }
            expect_op(")");
        }
        s->body = parse_block(t, "class definition");
        return s;
    }

    std::unique_ptr<Arguments> parse_parameters(std::string_view close, bool annotations) {
        auto a = std::make_unique<Arguments>();
        bool seen_default = false, seen_star = false, seen_slash = false;
        std::vector<Str*> seen;
        auto check_dup = [&](const Token& at, Str* n) {
            for (Str* s : seen)
                if (s == n) error_at(at, "duplicate argument '" + std::string(n->view()) + "' in function definition");
            seen.push_back(n);
        };
        while (!at_op(close)) {
            const Token& t = tok();
            if (accept_op("/")) {
                if (seen_slash || seen_star || a->args.empty()) error_at(t, "invalid syntax");
                seen_slash = true;
                a->posonly = std::move(a->args);
                a->args.clear();
            } else if (accept_op("**")) {
                const Token& nt = tok();
                Str* n = expect_name();
                check_dup(nt, n);
                if (annotations && accept_op(":")) parse_expression();
                a->kwarg = {n, nt.line, nt.col};
                accept_op(",");
                if (!at_op(close)) error_at(tok(), "arguments cannot follow var-keyword argument");
                break;
            } else if (accept_op("*")) {
                if (seen_star) error_at(t, "* argument may appear only once");
                seen_star = true;
                if (!at_op(",") && !at_op(close)) {
                    const Token& nt = tok();
                    Str* n = expect_name();
                    check_dup(nt, n);
                    if (annotations && accept_op(":")) parse_expression();
                    a->vararg = {n, nt.line, nt.col};
                } else if (at_op(close) || (at_op(",") && peek().is_op(close))) {
                    error_at(t, "named arguments must follow bare *");
                }
            } else {
                const Token& nt = tok();
                Str* n = expect_name();
                check_dup(nt, n);
                if (annotations && accept_op(":")) parse_expression();
                ExprPtr dflt;
                if (accept_op("=")) dflt = parse_expression();
                if (seen_star) {
                    a->kwonly.push_back({n, nt.line, nt.col});
                    a->kw_defaults.push_back(std::move(dflt));
                } else {
                    if (dflt) {
                        seen_default = true;
                        a->defaults.push_back(std::move(dflt));
                    } else if (seen_default) {
                        error_at(nt, "non-default argument follows default argument");
                    }
                    a->args.push_back({n, nt.line, nt.col});
                }
            }
            if (!accept_op(",")) break;
        }
        return a;
    }

    // --- expressions ---------------------------------------------------------------
    // star_expressions: a tuple without parentheses where the grammar allows it.
    ExprPtr parse_star_expressions() {
        const Token& t = tok();
        auto first = parse_star_expression();
        if (!at_op(",")) return first;
        auto tup = make_expr(ExprKind::Tuple, t.line, t.col);
        tup->items.push_back(std::move(first));
        while (accept_op(",")) {
            if (!starts_expression()) break;
            tup->items.push_back(parse_star_expression());
        }
        std::uint32_t d = 0;
        for (auto& i : tup->items) d = std::max(d, i->depth);
        tup->depth = d + 1;
        return tup;
    }
    bool starts_expression() const {
        const Token& t = tok();
        switch (t.kind) {
        case Tok::name:
            return !is_keyword(t.text) || t.text == "None" || t.text == "True" || t.text == "False" ||
                   t.text == "not" || t.text == "lambda" || t.text == "await";
        case Tok::integer:
        case Tok::floating:
        case Tok::string: return true;
        case Tok::op:
            return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
                   t.text == "~" || t.text == "*" || t.text == "...";
        default: return false;
        }
    }
    ExprPtr parse_star_expression() {
        if (at_op("*")) {
            const Token& t = tok();
            ++p_;
            auto e = make_expr(ExprKind::Starred, t.line, t.col);
            e->a = parse_bitwise_or();
            set_depth(*e, {e->a.get()});
            return e;
        }
        return parse_expression();
    }
    ExprPtr parse_named_expression() {
        auto e = parse_expression();
        if (at_op(":=")) error_at(tok(), "assignment expressions (:=) are not supported by standin");
        return e;
    }

    ExprPtr parse_expression() {
        Nest nest(*this, tok());
        if (at_kw("lambda")) return parse_lambda();
        auto e = parse_disjunction();
        if (at_kw("if")) {
            const Token& t = tok();
            ++p_;
            auto x = make_expr(ExprKind::IfExp, e->line, e->col);
            x->b = parse_disjunction();
            if (!accept_kw("else")) error_at(tok(), "expected 'else' after 'if' expression");
            x->c = parse_expression();
            x->a = std::move(e);
            (void)t;
            set_depth(*x, {x->a.get(), x->b.get(), x->c.get()});
            return x;
        }
        return e;
    }

    ExprPtr parse_lambda() {
        const Token& t = tok();
        ++p_;
        auto e = make_expr(ExprKind::Lambda, t.line, t.col);
        e->args = parse_parameters(":", false);
        expect_op(":");
        e->a = parse_expression();
        set_depth(*e, {e->a.get()});
        return e;
    }

    ExprPtr parse_disjunction() {
        auto first = parse_conjunction();
        if (!at_kw("or")) return first;
        auto e = make_expr(ExprKind::BoolOp, first->line, first->col);
        e->op = 1;
        std::uint32_t d = first->depth;
        e->items.push_back(std::move(first));
        while (accept_kw("or")) {
            e->items.push_back(parse_conjunction());
            d = std::max(d, e->items.back()->depth);
        }
        e->depth = d + 1;
        return e;
    }
    ExprPtr parse_conjunction() {
        auto first = parse_inversion();
        if (!at_kw("and")) return first;
        auto e = make_expr(ExprKind::BoolOp, first->line, first->col);
        e->op = 0;
        std::uint32_t d = first->depth;
        e->items.push_back(std::move(first));
        while (accept_kw("and")) {
            e->items.push_back(parse_inversion());
            d = std::max(d, e->items.back()->depth);
        }
        e->depth = d + 1;
        return e;
    }
    ExprPtr parse_inversion() {
        if (at_kw("not")) {
            const Token& t = tok();
            Nest nest(*this, t);
            ++p_;
            auto e = make_expr(ExprKind::UnaryOp, t.line, t.col);
            e->op = static_cast<std::uint32_t>(Opcode::UNARY_NOT);
            e->a = parse_inversion();
            set_depth(*e, {e->a.get()});
            return e;
        }
        return parse_comparison();
    }
    ExprPtr parse_comparison() {
        auto first = parse_bitwise_or();
        ExprPtr e;
        for (;;) {
            int op = -1;
            const Token& t = tok();
            if (t.kind == Tok::op) {
                if (t.text == "<") op = C_LT;
                else if (t.text == "<=") op = C_LE;
                else if (t.text == "==") op = C_EQ;
                else if (t.text == "!=") op = C_NE;
                else if (t.text == ">") op = C_GT;
                else if (t.text == ">=") op = C_GE;
                if (op >= 0) ++p_;
            } else if (t.is_name("in")) {
                op = C_IN;
                ++p_;
            } else if (t.is_name("not") && peek().is_name("in")) {
                op = C_NOT_IN;
                p_ += 2;
            } else if (t.is_name("is")) {
                ++p_;
                op = accept_kw("not") ? C_IS_NOT : C_IS;
            }
            if (op < 0) break;
            if (!e) {
                e = make_expr(ExprKind::Compare, first->line, first->col);
                e->a = std::move(first);
            }
            e->ops.push_back(static_cast<std::uint8_t>(op));
            e->items.push_back(parse_bitwise_or());
        }
        if (!e) return first;
        std::uint32_t d = e->a->depth;
        for (auto& i : e->items) d = std::max(d, i->depth);
        e->depth = d + 1;
        if (e->depth > max_tree_depth) error("expression too deeply nested (standin's limit is 1000 levels)", e->line, e->col);
        return e;
    }

    ExprPtr binop(ExprPtr l, std::uint32_t op, ExprPtr r) {
        auto e = make_expr(ExprKind::BinOp, l->line, l->col);
        e->op = op;
        e->a = std::move(l);
        e->b = std::move(r);
        set_depth(*e, {e->a.get(), e->b.get()});
        return e;
    }
    ExprPtr parse_bitwise_or() {
        auto e = parse_bitwise_xor();
        while (accept_op("|")) e = binop(std::move(e), NB_OR, parse_bitwise_xor());
        return e;
    }
    ExprPtr parse_bitwise_xor() {
        auto e = parse_bitwise_and();
        while (accept_op("^")) e = binop(std::move(e), NB_XOR, parse_bitwise_and());
        return e;
    }
    ExprPtr parse_bitwise_and() {
        auto e = parse_shift();
        while (accept_op("&")) e = binop(std::move(e), NB_AND, parse_shift());
        return e;
    }
    ExprPtr parse_shift() {
        auto e = parse_sum();
        for (;;) {
            if (accept_op("<<")) e = binop(std::move(e), NB_LSHIFT, parse_sum());
            else if (accept_op(">>")) e = binop(std::move(e), NB_RSHIFT, parse_sum());
            else return e;
        }
    }
    ExprPtr parse_sum() {
        auto e = parse_term();
        for (;;) {
            if (accept_op("+")) e = binop(std::move(e), NB_ADD, parse_term());
            else if (accept_op("-")) e = binop(std::move(e), NB_SUBTRACT, parse_term());
            else return e;
        }
    }
    ExprPtr parse_term() {
        auto e = parse_factor();
        for (;;) {
            if (accept_op("*")) e = binop(std::move(e), NB_MULTIPLY, parse_factor());
            else if (accept_op("/")) e = binop(std::move(e), NB_TRUE_DIVIDE, parse_factor());
            else if (accept_op("//")) e = binop(std::move(e), NB_FLOOR_DIVIDE, parse_factor());
            else if (accept_op("%")) e = binop(std::move(e), NB_REMAINDER, parse_factor());
            else if (accept_op("@")) e = binop(std::move(e), NB_MATRIX_MULTIPLY, parse_factor());
            else return e;
        }
    }
    ExprPtr parse_factor() {
        const Token& t = tok();
        Opcode op;
        if (t.is_op("-")) op = Opcode::UNARY_NEGATIVE;
        else if (t.is_op("+")) op = Opcode::UNARY_POSITIVE;
        else if (t.is_op("~")) op = Opcode::UNARY_INVERT;
        else return parse_power();
        Nest nest(*this, t);
        ++p_;
        auto operand = parse_factor();
        // Fold -<number literal> as CPython's compiler does.
        if (op == Opcode::UNARY_NEGATIVE && operand->kind == ExprKind::Constant && !operand->parenthesized &&
            (operand->value.is_int() || operand->value.is_float())) {
            if (operand->value.is_int()) operand->value = Value(-operand->value.as_int());
            else operand->value = Value(-operand->value.as_float());
            operand->line = t.line;
            operand->col = t.col;
            return operand;
        }
        auto e = make_expr(ExprKind::UnaryOp, t.line, t.col);
        e->op = static_cast<std::uint32_t>(op);
        e->a = std::move(operand);
        set_depth(*e, {e->a.get()});
        return e;
    }
    ExprPtr parse_power() {
        auto base = parse_primary();
        if (at_op("**")) {
            Nest nest(*this, tok());
            ++p_;
            return binop(std::move(base), NB_POWER, parse_factor());
        }
        return base;
    }

    ExprPtr parse_primary() {
        auto e = parse_atom();
        for (;;) {
            const Token& t = tok();
            if (t.is_op(".")) {
                ++p_;
                auto x = make_expr(ExprKind::Attribute, e->line, e->col);
                x->name = expect_name();
                x->end_col = toks_[p_ - 1].end_col;
                x->a = std::move(e);
                set_depth(*x, {x->a.get()});
                e = std::move(x);
            } else if (t.is_op("(")) {
                Nest nest(*this, t);
                ++p_;
                auto x = make_expr(ExprKind::Call, e->line, e->col);
                x->a = std::move(e);
                parse_call_args(*x);
                x->end_col = tok().end_col;
                expect_op(")");
                std::uint32_t d = x->a->depth;
                for (auto& i : x->items) d = std::max(d, i->depth);
                for (auto& k : x->keywords) d = std::max(d, k.value->depth);
                x->depth = d + 1;
                if (x->depth > max_tree_depth) error("expression too deeply nested (standin's limit is 1000 levels)", x->line, x->col);
                e = std::move(x);
            } else if (t.is_op("[")) {
                Nest nest(*this, t);
                ++p_;
                auto x = make_expr(ExprKind::Subscript, e->line, e->col);
                x->a = std::move(e);
                x->b = parse_subscript_list();
                x->end_col = tok().end_col;
                expect_op("]");
                set_depth(*x, {x->a.get(), x->b.get()});
                e = std::move(x);
            } else {
                return e;
            }
        }
    }

    void parse_call_args(Expr& call) {
        bool seen_keyword = false;
        while (!at_op(")")) {
            const Token& t = tok();
            if (accept_op("**")) {
                call.keywords.push_back({nullptr, parse_expression(), t.line, t.col});
                seen_keyword = true;
            } else if (accept_op("*")) {
                auto s = make_expr(ExprKind::Starred, t.line, t.col);
                s->a = parse_expression();
                set_depth(*s, {s->a.get()});
                call.items.push_back(std::move(s));
            } else if (t.kind == Tok::name && peek().is_op("=") && !is_keyword(t.text)) {
                Str* n = intern(t.text);
                p_ += 2;
                for (auto& k : call.keywords)
                    if (k.name == n) error_at(t, "keyword argument repeated: " + std::string(n->view()));
                call.keywords.push_back({n, parse_expression(), t.line, t.col});
                seen_keyword = true;
            } else {
                auto arg = parse_named_expression();
                if (at_kw("for")) {
                    // A generator expression argument: evaluated eagerly as a list.
                    auto comp = make_expr(ExprKind::ListComp, arg->line, arg->col);
                    comp->a = std::move(arg);
                    parse_comprehension_clauses(*comp);
                    if (!call.items.empty() || !call.keywords.empty() || !at_op(")"))
                        error_at(t, "Generator expression must be parenthesized");
                    call.items.push_back(std::move(comp));
                    return;
                }
                if (at_op("=")) error_at(tok(), "expression cannot contain assignment, perhaps you meant \"==\"?");
                if (seen_keyword) {
                    bool any_named = false;
                    for (auto& k : call.keywords) any_named |= k.name != nullptr;
                    error(any_named ? "positional argument follows keyword argument"
                                    : "positional argument follows keyword argument unpacking",
                          arg->line, arg->col);
                }
                call.items.push_back(std::move(arg));
            }
            if (!accept_op(",")) break;
        }
    }

    ExprPtr parse_subscript_list() {
        const Token& t = tok();
        auto first = parse_slice();
        if (!at_op(",")) return first;
        auto tup = make_expr(ExprKind::Tuple, t.line, t.col);
        tup->items.push_back(std::move(first));
        while (accept_op(",")) {
            if (at_op("]")) break;
            tup->items.push_back(parse_slice());
        }
        std::uint32_t d = 0;
        for (auto& i : tup->items) d = std::max(d, i->depth);
        tup->depth = d + 1;
        return tup;
    }
    ExprPtr parse_slice() {
        const Token& t = tok();
        ExprPtr lower;
        if (!at_op(":")) {
            lower = parse_star_expression();
            if (!at_op(":")) return lower;
        }
        auto s = make_expr(ExprKind::Slice, t.line, t.col);
        s->a = std::move(lower);
        expect_op(":");
        if (!at_op(":") && !at_op("]") && !at_op(",")) s->b = parse_expression();
        if (accept_op(":"))
            if (!at_op("]") && !at_op(",")) s->c = parse_expression();
        set_depth(*s, {s->a.get(), s->b.get(), s->c.get()});
        return s;
    }

    void parse_comprehension_clauses(Expr& comp) {
        std::uint32_t d = comp.a ? comp.a->depth : 0;
        if (comp.b) d = std::max(d, comp.b->depth);
        while (at_kw("for")) {
            ++p_;
            Comprehension c;
            c.target = parse_target_list();
            if (!accept_kw("in")) error_at(tok(), "invalid syntax");
            c.iter = parse_disjunction();
            d = std::max({d, c.target->depth, c.iter->depth});
            while (at_kw("if")) {
                ++p_;
                c.ifs.push_back(parse_disjunction());
                d = std::max(d, c.ifs.back()->depth);
            }
            comp.generators.push_back(std::move(c));
            if (at_kw("async")) error_at(tok(), "async comprehensions are not supported by standin");
        }
        comp.depth = d + 1;
    }

    ExprPtr parse_atom() {
        const Token& t = tok();
        switch (t.kind) {
        case Tok::integer: {
            ++p_;
            auto e = make_expr(ExprKind::Constant, t.line, t.col);
            e->value = Value(t.ival);
            e->end_col = t.end_col;
            return e;
        }
        case Tok::floating: {
            ++p_;
            auto e = make_expr(ExprKind::Constant, t.line, t.col);
            e->value = Value(t.fval);
            e->end_col = t.end_col;
            return e;
        }
        case Tok::string: return parse_strings();
        case Tok::name: {
            if (t.text == "None" || t.text == "True" || t.text == "False") {
                ++p_;
                auto e = make_expr(ExprKind::Constant, t.line, t.col);
                if (t.text != "None") e->value = Value(t.text == "True");
                e->end_col = t.end_col;
                return e;
            }
            if (is_keyword(t.text)) {
                if (t.text == "yield" || t.text == "await")
                    error_at(t, std::string(t.text) + " is not supported by standin (no generators or coroutines)");
                error_at(t, "invalid syntax");
            }
            ++p_;
            auto e = make_expr(ExprKind::Name, t.line, t.col);
            e->name = intern(t.text);
            e->end_col = t.end_col;
            return e;
        }
        case Tok::op: break;
        case Tok::indent: error_at(t, "unexpected indent", "IndentationError");
        default: error_at(t, "invalid syntax");
        }
        if (t.is_op("(")) {
            Nest nest(*this, t);
            ++p_;
            if (accept_op(")")) {
                auto e = make_expr(ExprKind::Tuple, t.line, t.col);
                e->parenthesized = true;
                return e;
            }
            auto first = parse_star_expression();
            if (at_kw("for")) {
                auto comp = make_expr(ExprKind::ListComp, t.line, t.col);
                comp->a = std::move(first);
                parse_comprehension_clauses(*comp);
                expect_op(")");
                comp->parenthesized = true;
                return comp;
            }
            if (at_op(":=")) error_at(tok(), "assignment expressions (:=) are not supported by standin");
            if (accept_op(")")) {
                if (first->kind == ExprKind::Starred) error("cannot use starred expression here", first->line, first->col);
                first->parenthesized = true;
                return first;
            }
            auto tup = make_expr(ExprKind::Tuple, t.line, t.col);
            tup->parenthesized = true;
            std::uint32_t d = first->depth;
            tup->items.push_back(std::move(first));
            while (accept_op(",")) {
                if (at_op(")")) break;
                tup->items.push_back(parse_star_expression());
                d = std::max(d, tup->items.back()->depth);
            }
            tup->depth = d + 1;
            expect_op(")");
            return tup;
        }
        if (t.is_op("[")) {
            Nest nest(*this, t);
            ++p_;
            auto list = make_expr(ExprKind::List, t.line, t.col);
            if (accept_op("]")) return list;
            auto first = parse_star_expression();
            if (at_kw("for")) {
                auto comp = make_expr(ExprKind::ListComp, t.line, t.col);
                comp->a = std::move(first);
                parse_comprehension_clauses(*comp);
                expect_op("]");
                return comp;
            }
            std::uint32_t d = first->depth;
            list->items.push_back(std::move(first));
            while (accept_op(",")) {
                if (at_op("]")) break;
                list->items.push_back(parse_star_expression());
                d = std::max(d, list->items.back()->depth);
            }
            list->depth = d + 1;
            expect_op("]");
            return list;
        }
        if (t.is_op("{")) {
            Nest nest(*this, t);
            ++p_;
            auto dict = make_expr(ExprKind::Dict, t.line, t.col);
            if (accept_op("}")) return dict;
            std::uint32_t d = 0;
            for (bool first = true;; first = false) {
                if (accept_op("**")) {
                    dict->items.push_back(nullptr);
                    dict->values.push_back(parse_bitwise_or());
                    d = std::max(d, dict->values.back()->depth);
                } else {
                    auto key = parse_expression();
                    if (!at_op(":"))
                        error("set displays and set comprehensions are not supported by standin", key->line, key->col);
                    ++p_;
                    auto value = parse_expression();
                    if (first && at_kw("for")) {
                        auto comp = make_expr(ExprKind::DictComp, t.line, t.col);
                        comp->a = std::move(key);
                        comp->b = std::move(value);
                        parse_comprehension_clauses(*comp);
                        expect_op("}");
                        return comp;
                    }
                    d = std::max({d, key->depth, value->depth});
                    dict->items.push_back(std::move(key));
                    dict->values.push_back(std::move(value));
                }
                if (!accept_op(",")) break;
                if (at_op("}")) break;
            }
            dict->depth = d + 1;
            expect_op("}");
            return dict;
        }
        if (t.is_op("...")) {
            error_at(t, "Ellipsis is not supported by standin");
        }
        error_at(t, "invalid syntax");
    }

    // Adjacent string literals concatenate; any f-string makes a JoinedStr.
    ExprPtr parse_strings() {
        const Token& first = tok();
        bool any_f = false;
        std::size_t q = p_;
        while (toks_[q].kind == Tok::string) any_f |= (toks_[q++].flags & STR_F) != 0;
        if (!any_f) {
            std::string text;
            while (at(Tok::string)) text += toks_[p_++].sval;
            auto e = make_expr(ExprKind::Constant, first.line, first.col);
            e->value = str(std::move(text));
            return e;
        }
        auto joined = make_expr(ExprKind::JoinedStr, first.line, first.col);
        std::string pending;
        std::uint32_t d = 0;
        while (at(Tok::string)) {
            const Token& t = toks_[p_++];
            if (!(t.flags & STR_F)) {
                pending += t.sval;
                continue;
            }
            parse_fstring_body(t, t.sval, (t.flags & STR_RAW) != 0, *joined, pending, 0);
        }
        flush_literal(*joined, pending, first);
        for (auto& i : joined->items) d = std::max(d, i->depth);
        joined->depth = d + 1;
        return joined;
    }
    void flush_literal(Expr& joined, std::string& pending, const Token& t) {
        if (pending.empty()) return;
        auto c = make_expr(ExprKind::Constant, t.line, t.col);
        c->value = str(std::move(pending));
        pending.clear();
        joined.items.push_back(std::move(c));
    }
    void parse_fstring_body(const Token& t, std::string_view body, bool raw, Expr& joined, std::string& pending,
                            int level) {
        auto fail = [&](const std::string& msg) { error("f-string: " + msg, t.line, t.col); };
        std::size_t i = 0;
        while (i < body.size()) {
            char c = body[i];
            if (c == '{' || c == '}') {
                if (i + 1 < body.size() && body[i + 1] == c) {
                    pending += c;
                    i += 2;
                    continue;
                }
                if (c == '}') fail("single '}' is not allowed");
                // A replacement field: scan to its end.
                std::size_t start = ++i;
                int depth = 0;
                char quote = 0;
                std::size_t expr_end = std::string_view::npos, conv_pos = std::string_view::npos,
                            spec_pos = std::string_view::npos;
                bool self_doc = false;
                for (; i < body.size(); ++i) {
                    char ch = body[i];
                    if (quote) {
                        if (ch == quote) quote = 0;
                        continue;
                    }
                    if (ch == '\'' || ch == '"') quote = ch;
                    else if (ch == '(' || ch == '[' || ch == '{') ++depth;
                    else if ((ch == ')' || ch == ']' || ch == '}') && depth > 0) --depth;
                    else if (depth == 0 && ch == '\\') fail("expression part cannot include a backslash");
                    else if (depth == 0 && ch == '#') fail("expression part cannot include '#'");
                    else if (depth == 0 && (ch == '}' || ch == ':' ||
                                            (ch == '!' && i + 1 < body.size() && body[i + 1] != '='))) {
                        break;
                    } else if (depth == 0 && ch == '=' && i + 1 < body.size() && body[i + 1] != '=' &&
                               i > start && std::string_view("=!<>").find(body[i - 1]) == std::string_view::npos) {
                        self_doc = true;
                        expr_end = i;
                        ++i;
                        while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
                        break;
                    }
                }
                if (expr_end == std::string_view::npos) expr_end = i;
                const std::size_t self_doc_end = i;
                if (i >= body.size()) fail("expecting '}'");
                std::string_view expr_text = body.substr(start, expr_end - start);
                if (expr_text.find_first_not_of(" \t\n\r") == std::string_view::npos) fail("empty expression not allowed");
                int conversion = -1;
                if (body[i] == '!') {
                    conv_pos = ++i;
                    if (i >= body.size()) fail("expecting '}'");
                    char cv = body[i];
                    if (cv != 's' && cv != 'r' && cv != 'a') fail("invalid conversion character: expected 's', 'r', or 'a'");
                    conversion = cv == 's' ? 1 : 2;
                    ++i;
                    if (i >= body.size() || (body[i] != '}' && body[i] != ':')) fail("expecting '}'");
                }
                ExprPtr spec;
                if (body[i] == ':') {
                    spec_pos = ++i;
                    int sdepth = 0;
                    for (; i < body.size(); ++i) {
                        if (body[i] == '{') ++sdepth;
                        else if (body[i] == '}') {
                            if (sdepth == 0) break;
                            --sdepth;
                        }
                    }
                    if (i >= body.size()) fail("expecting '}'");
                    if (level >= 1) fail("expressions nested too deeply");
                    auto spec_joined = make_expr(ExprKind::JoinedStr, t.line, t.col);
                    std::string spec_pending;
                    parse_fstring_body(t, body.substr(spec_pos, i - spec_pos), raw, *spec_joined, spec_pending, level + 1);
                    flush_literal(*spec_joined, spec_pending, t);
                    spec = std::move(spec_joined);
                }
                (void)conv_pos;
                ++i;  // the closing '}'
                ExprPtr value;
                {
                    std::string wrapped = "(" + std::string(expr_text) + ")";
                    try {
                        Parser sub(wrapped, filename_);
                        sub.nesting_ = nesting_;
                        value = sub.parse_expression_only();
                    } catch (const SyntaxError& e) {
                        error("f-string: " + e.message(), t.line, t.col);
                    }
                    fix_positions(*value, t.line, t.col);
                }
                if (self_doc) {
                    pending += std::string(body.substr(start, self_doc_end - start));
                    if (conversion < 0 && !spec) conversion = 2;
                }
                flush_literal(joined, pending, t);
                auto fv = make_expr(ExprKind::FormattedValue, t.line, t.col);
                fv->op = static_cast<std::uint32_t>(conversion < 0 ? 0 : conversion);
                fv->a = std::move(value);
                fv->b = std::move(spec);
                set_depth(*fv, {fv->a.get(), fv->b.get()});
                joined.items.push_back(std::move(fv));
                continue;
            }
            // Literal text up to the next brace.
            std::size_t j = i;
            while (j < body.size() && body[j] != '{' && body[j] != '}') ++j;
            pending += Lexer::decode_string(body.substr(i, j - i), raw, t.line, t.col, filename_, line_text(t.line));
            i = j;
        }
    }
    static void fix_positions(Expr& e, std::uint32_t line, std::uint32_t col) {
        e.line = line + e.line - 1;
        e.col = col;
        for (Expr* c : {e.a.get(), e.b.get(), e.c.get()})
            if (c) fix_positions(*c, line, col);
        for (auto& i : e.items)
            if (i) fix_positions(*i, line, col);
        for (auto& v : e.values)
            if (v) fix_positions(*v, line, col);
        for (auto& k : e.keywords) fix_positions(*k.value, line, col);
    }

    std::string_view source_;
    std::string filename_;
    std::vector<Token> toks_;
    std::size_t p_ = 0;
    int nesting_ = 0;
    int elif_depth_ = 0;
};

inline AstModule parse(std::string_view source, const std::string& filename) {
    return Parser(source, filename).parse_module();
}

STANDIN_NAMESPACE_END
