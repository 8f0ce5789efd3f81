// The expression parser: Python's expression grammar (the subset's part of
// it) by recursive descent, from star_expressions down to atoms, with the
// binding forms statements share (for-targets, parameter lists). Each rule
// bounds recursion and tree height through ParserBase's Nest and set_depth.
// Counterpart: the expression rules of CPython's Grammar/python.gram.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/bytecode.hpp>
#include <standin/lang/fstring.hpp>
#include <standin/lang/parser_base.hpp>
#include <standin/runtime/klass.hpp>

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

class ExpressionParser : public ParserBase {
public:
    ExpressionParser(std::string_view source, std::string filename) : ParserBase(source, std::move(filename)) {}

    // A single expression (for f-string fields and eval).
    ExprPtr parse_expression_only() {
        while (at(Tok::newline)) ++p_;
        auto e = parse_star_expressions();
        while (at(Tok::newline)) ++p_;
        if (!at(Tok::end)) error_at(tok(), "invalid syntax");
        return e;
    }

protected:
    // --- expressions ---------------------------------------------------------------
    // star_expressions: a tuple without parentheses where the grammar allows it.
    ExprPtr parse_star_expressions() {
        const Token& t = tok();
        auto first = parse_star_expression();
        if (!at_op(",")) return first;
        auto tup = make_expr(ExprKind::Tuple, t.line, t.col);
        tup->elts.push_back(std::move(first));
        while (accept_op(",")) {
            if (!starts_expression()) break;
            tup->elts.push_back(parse_star_expression());
        }
        std::uint32_t d = 0;
        for (auto& i : tup->elts) d = std::max(d, i->depth);
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
            e->value = parse_bitwise_or();
            set_depth(*e, {e->value.get()});
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
            ++p_;
            auto x = make_expr(ExprKind::IfExp, e->line, e->col);
            x->test = parse_disjunction();
            if (!accept_kw("else")) error_at(tok(), "expected 'else' after 'if' expression");
            x->orelse = parse_expression();
            x->body = std::move(e);
            set_depth(*x, {x->body.get(), x->test.get(), x->orelse.get()});
            return x;
        }
        return e;
    }

    ExprPtr parse_lambda() {
        const Token& t = tok();
        ++p_;
        auto e = make_expr(ExprKind::Lambda, t.line, t.col);
        e->arguments = parse_parameters(":", false);
        expect_op(":");
        e->body = parse_expression();
        set_depth(*e, {e->body.get()});
        return e;
    }

    ExprPtr parse_disjunction() {
        auto first = parse_conjunction();
        if (!at_kw("or")) return first;
        auto e = make_expr(ExprKind::BoolOp, first->line, first->col);
        e->bool_op = BoolOpKind::Or;
        std::uint32_t d = first->depth;
        e->values.push_back(std::move(first));
        while (accept_kw("or")) {
            e->values.push_back(parse_conjunction());
            d = std::max(d, e->values.back()->depth);
        }
        e->depth = d + 1;
        return e;
    }
    ExprPtr parse_conjunction() {
        auto first = parse_inversion();
        if (!at_kw("and")) return first;
        auto e = make_expr(ExprKind::BoolOp, first->line, first->col);
        e->bool_op = BoolOpKind::And;
        std::uint32_t d = first->depth;
        e->values.push_back(std::move(first));
        while (accept_kw("and")) {
            e->values.push_back(parse_inversion());
            d = std::max(d, e->values.back()->depth);
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
            e->unary_op = Opcode::UNARY_NOT;
            e->operand = parse_inversion();
            set_depth(*e, {e->operand.get()});
            return e;
        }
        return parse_comparison();
    }
    ExprPtr parse_comparison() {
        auto first = parse_bitwise_or();
        ExprPtr e;
        for (;;) {
            std::optional<CompareOp> op;
            const Token& t = tok();
            if (t.kind == Tok::op) {
                if (t.text == "<") op = CMP_LT;
                else if (t.text == "<=") op = CMP_LE;
                else if (t.text == "==") op = CMP_EQ;
                else if (t.text == "!=") op = CMP_NE;
                else if (t.text == ">") op = CMP_GT;
                else if (t.text == ">=") op = CMP_GE;
                if (op) ++p_;
            } else if (t.is_name("in")) {
                op = CMP_IN;
                ++p_;
            } else if (t.is_name("not") && peek().is_name("in")) {
                op = CMP_NOT_IN;
                p_ += 2;
            } else if (t.is_name("is")) {
                ++p_;
                op = accept_kw("not") ? CMP_IS_NOT : CMP_IS;
            }
            if (!op) break;
            if (!e) {
                e = make_expr(ExprKind::Compare, first->line, first->col);
                e->left = std::move(first);
            }
            e->ops.push_back(*op);
            e->comparators.push_back(parse_bitwise_or());
        }
        if (!e) return first;
        std::uint32_t d = e->left->depth;
        for (auto& i : e->comparators) d = std::max(d, i->depth);
        e->depth = d + 1;
        if (e->depth > max_tree_depth) error("expression too deeply nested (standin's limit is 1000 levels)", e->line, e->col);
        return e;
    }

    ExprPtr binop(ExprPtr l, BinaryOp op, ExprPtr r) {
        auto e = make_expr(ExprKind::BinOp, l->line, l->col);
        e->op = op;
        e->left = std::move(l);
        e->right = std::move(r);
        set_depth(*e, {e->left.get(), e->right.get()});
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
            (operand->constant.is_int() || operand->constant.is_float())) {
            if (operand->constant.is_int()) operand->constant = Value(-operand->constant.as_int());
            else operand->constant = Value(-operand->constant.as_float());
            operand->line = t.line;
            operand->col = t.col;
            return operand;
        }
        auto e = make_expr(ExprKind::UnaryOp, t.line, t.col);
        e->unary_op = op;
        e->operand = std::move(operand);
        set_depth(*e, {e->operand.get()});
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
                x->value = std::move(e);
                set_depth(*x, {x->value.get()});
                e = std::move(x);
            } else if (t.is_op("(")) {
                Nest nest(*this, t);
                ++p_;
                auto x = make_expr(ExprKind::Call, e->line, e->col);
                x->func = std::move(e);
                parse_call_args(*x);
                x->end_col = tok().end_col;
                expect_op(")");
                std::uint32_t d = x->func->depth;
                for (auto& i : x->args) d = std::max(d, i->depth);
                for (auto& k : x->keywords) d = std::max(d, k.value->depth);
                x->depth = d + 1;
                if (x->depth > max_tree_depth) error("expression too deeply nested (standin's limit is 1000 levels)", x->line, x->col);
                e = std::move(x);
            } else if (t.is_op("[")) {
                Nest nest(*this, t);
                ++p_;
                auto x = make_expr(ExprKind::Subscript, e->line, e->col);
                x->value = std::move(e);
                x->slice = parse_subscript_list();
                x->end_col = tok().end_col;
                expect_op("]");
                set_depth(*x, {x->value.get(), x->slice.get()});
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
                s->value = parse_expression();
                set_depth(*s, {s->value.get()});
                call.args.push_back(std::move(s));
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
                    // A generator expression as the only argument: f(x for x in y).
                    auto comp = make_expr(ExprKind::GeneratorExp, arg->line, arg->col);
                    comp->elt = std::move(arg);
                    parse_comprehension_clauses(*comp);
                    if (!call.args.empty() || !call.keywords.empty() || !at_op(")"))
                        error_at(t, "Generator expression must be parenthesized");
                    call.args.push_back(std::move(comp));
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
                call.args.push_back(std::move(arg));
            }
            if (!accept_op(",")) break;
        }
    }

    ExprPtr parse_subscript_list() {
        const Token& t = tok();
        auto first = parse_slice();
        if (!at_op(",")) return first;
        auto tup = make_expr(ExprKind::Tuple, t.line, t.col);
        tup->elts.push_back(std::move(first));
        while (accept_op(",")) {
            if (at_op("]")) break;
            tup->elts.push_back(parse_slice());
        }
        std::uint32_t d = 0;
        for (auto& i : tup->elts) d = std::max(d, i->depth);
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
        s->lower = std::move(lower);
        expect_op(":");
        if (!at_op(":") && !at_op("]") && !at_op(",")) s->upper = parse_expression();
        if (accept_op(":"))
            if (!at_op("]") && !at_op(",")) s->step = parse_expression();
        set_depth(*s, {s->lower.get(), s->upper.get(), s->step.get()});
        return s;
    }

    // yield [expressions] | yield from expression (the caller is at `yield`).
    ExprPtr parse_yield_expression() {
        const Token& t = tok();
        ++p_;
        if (accept_kw("from")) {
            auto e = make_expr(ExprKind::YieldFrom, t.line, t.col);
            e->value = parse_expression();
            set_depth(*e, {e->value.get()});
            return e;
        }
        auto e = make_expr(ExprKind::Yield, t.line, t.col);
        if (!at(Tok::newline) && !at_op(")") && !at_op(";") && !at_op("=") && !at_op("]") && !at_op("}"))
            e->value = parse_star_expressions();
        set_depth(*e, {e->value.get()});
        return e;
    }
    // The right-hand side of an assignment or an expression statement: a yield expression or expressions.
    ExprPtr parse_yield_or_star_expressions() {
        if (at_kw("yield")) return parse_yield_expression();
        return parse_star_expressions();
    }

    void parse_comprehension_clauses(Expr& comp) {
        std::uint32_t d = comp.kind == ExprKind::DictComp ? std::max(comp.key->depth, comp.value->depth) : comp.elt->depth;
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
            e->constant = Value(t.ival);
            e->end_col = t.end_col;
            return e;
        }
        case Tok::floating: {
            ++p_;
            auto e = make_expr(ExprKind::Constant, t.line, t.col);
            e->constant = Value(t.fval);
            e->end_col = t.end_col;
            return e;
        }
        case Tok::string: return parse_strings();
        case Tok::name: {
            if (t.text == "None" || t.text == "True" || t.text == "False") {
                ++p_;
                auto e = make_expr(ExprKind::Constant, t.line, t.col);
                if (t.text != "None") e->constant = Value(t.text == "True");
                e->end_col = t.end_col;
                return e;
            }
            if (is_keyword(t.text)) {
                if (t.text == "await") error_at(t, "await is not supported by standin (no coroutines)");
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
            if (at_kw("yield")) {
                auto y = parse_yield_expression();
                expect_op(")");
                y->parenthesized = true;
                return y;
            }
            auto first = parse_star_expression();
            if (at_kw("for")) {
                auto comp = make_expr(ExprKind::GeneratorExp, t.line, t.col);
                comp->elt = std::move(first);
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
            tup->elts.push_back(std::move(first));
            while (accept_op(",")) {
                if (at_op(")")) break;
                tup->elts.push_back(parse_star_expression());
                d = std::max(d, tup->elts.back()->depth);
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
                comp->elt = std::move(first);
                parse_comprehension_clauses(*comp);
                expect_op("]");
                return comp;
            }
            std::uint32_t d = first->depth;
            list->elts.push_back(std::move(first));
            while (accept_op(",")) {
                if (at_op("]")) break;
                list->elts.push_back(parse_star_expression());
                d = std::max(d, list->elts.back()->depth);
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
            // A set display or comprehension: the first item has no ':'.
            if (at_op("*") || !at_op("**")) {
                const std::size_t save = p_;
                ExprPtr first_item = at_op("*") ? parse_star_expression() : parse_expression();
                if (!at_op(":")) {
                    if (first_item->kind != ExprKind::Starred && at_kw("for")) {
                        auto comp = make_expr(ExprKind::SetComp, t.line, t.col);
                        comp->elt = std::move(first_item);
                        parse_comprehension_clauses(*comp);
                        expect_op("}");
                        return comp;
                    }
                    auto set = make_expr(ExprKind::Set, t.line, t.col);
                    std::uint32_t sd = first_item->depth;
                    set->elts.push_back(std::move(first_item));
                    while (accept_op(",")) {
                        if (at_op("}")) break;
                        set->elts.push_back(parse_star_expression());
                        sd = std::max(sd, set->elts.back()->depth);
                    }
                    set->depth = sd + 1;
                    expect_op("}");
                    return set;
                }
                p_ = save;
            }
            for (bool first = true;; first = false) {
                if (accept_op("**")) {
                    dict->keys.push_back(nullptr);
                    dict->values.push_back(parse_bitwise_or());
                    d = std::max(d, dict->values.back()->depth);
                } else {
                    auto key = parse_expression();
                    if (!at_op(":"))
                        error("':' expected after dictionary key", key->line, key->col);
                    ++p_;
                    auto value = parse_expression();
                    if (first && at_kw("for")) {
                        auto comp = make_expr(ExprKind::DictComp, t.line, t.col);
                        comp->key = std::move(key);
                        comp->value = std::move(value);
                        parse_comprehension_clauses(*comp);
                        expect_op("}");
                        return comp;
                    }
                    d = std::max({d, key->depth, value->depth});
                    dict->keys.push_back(std::move(key));
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
            ++p_;
            auto e = make_expr(ExprKind::Constant, t.line, t.col);
            e->constant = ellipsis_value();
            e->end_col = t.end_col;
            return e;
        }
        error_at(t, "invalid syntax");
    }

    // Adjacent string literals concatenate; any f-string makes a JoinedStr.
    ExprPtr parse_strings() {
        auto parse_field = [this](const std::string& text) {
            ExpressionParser sub(text, filename_);
            sub.nesting_ = nesting_;
            return sub.parse_expression_only();
        };
        return FStringParser(filename_, source_, max_tree_depth, parse_field).parse_strings(toks_, p_);
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
        tup->elts.push_back(std::move(first));
        while (accept_op(",")) {
            if (at_kw("in")) break;
            tup->elts.push_back(parse_target_atom());
        }
        check_target(*tup, "assign");
        return tup;
    }
    ExprPtr parse_target_atom() {
        if (at_op("*")) {
            const Token& t = tok();
            ++p_;
            auto e = make_expr(ExprKind::Starred, t.line, t.col);
            e->value = parse_bitwise_or();
            set_depth(*e, {e->value.get()});
            return e;
        }
        return parse_bitwise_or();
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

};

STANDIN_NAMESPACE_END
