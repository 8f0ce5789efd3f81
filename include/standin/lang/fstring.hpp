// String literals in an expression: adjacent literals concatenate, and any
// f-string among them makes a JoinedStr, whose replacement fields
// ({expr!conv:spec}, `{expr=}`) this sub-parser scans; each field's expression
// goes back to the expression parser through a callback.
// Counterpart: CPython 3.11's Parser/string_parser.c (fstring_find_expr).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/lexer.hpp>
#include <standin/lang/syntax_error.hpp>

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// ParseField: ExprPtr(const std::string& text) parses one field's expression,
// given wrapped in parentheses, and throws SyntaxError when it is invalid.
template <class ParseField>
class FStringParser {
public:
    FStringParser(const std::string& filename, std::string_view source, std::uint32_t max_tree_depth,
                  ParseField parse_field)
        : filename_(filename), source_(source), max_tree_depth_(max_tree_depth), parse_field_(std::move(parse_field)) {}

    // Parses the run of string tokens at toks[p], advancing p past it.
    ExprPtr parse_strings(const std::vector<Token>& toks, std::size_t& p) {
        const Token& first = toks[p];
        bool any_f = false;
        std::size_t q = p;
        while (toks[q].kind == Tok::string) any_f |= (toks[q++].flags & STR_F) != 0;
        if (!any_f) {
            std::string text;
            while (toks[p].kind == Tok::string) text += toks[p++].sval;
            auto e = make_expr(ExprKind::Constant, first.line, first.col);
            e->constant = str(std::move(text));
            return e;
        }
        auto joined = make_expr(ExprKind::JoinedStr, first.line, first.col);
        std::string pending;
        std::uint32_t d = 0;
        while (toks[p].kind == Tok::string) {
            const Token& t = toks[p++];
            if (!(t.flags & STR_F)) {
                pending += t.sval;
                continue;
            }
            parse_fstring_body(t, t.sval, (t.flags & STR_RAW) != 0, *joined, pending, 0);
        }
        flush_literal(*joined, pending, first);
        for (auto& v : joined->values) d = std::max(d, v->depth);
        joined->depth = d + 1;
        return joined;
    }

private:
    [[noreturn]] void error(const std::string& msg, const Token& t) const {
        throw SyntaxError(msg, filename_, t.line, t.col + 1, source_line_text(source_, t.line));
    }

    static void flush_literal(Expr& joined, std::string& pending, const Token& t) {
        if (pending.empty()) return;
        auto c = make_expr(ExprKind::Constant, t.line, t.col);
        c->constant = str(std::move(pending));
        pending.clear();
        joined.values.push_back(std::move(c));
    }

    // Appends the parts of one f-string token's body (or of a format spec, at
    // level 1) to `joined`; literal text accumulates in `pending`.
    void parse_fstring_body(const Token& t, std::string_view body, bool raw, Expr& joined, std::string& pending,
                            int level) {
        auto fail = [&](const std::string& msg) { error("f-string: " + msg, t); };
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
                std::size_t expr_end = std::string_view::npos, spec_pos = std::string_view::npos;
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
                bool converted = false;
                FormatConversion conversion = FormatConversion::None;
                if (body[i] == '!') {
                    ++i;
                    if (i >= body.size()) fail("expecting '}'");
                    char cv = body[i];
                    if (cv != 's' && cv != 'r' && cv != 'a') fail("invalid conversion character: expected 's', 'r', or 'a'");
                    converted = true;
                    conversion = cv == 's' ? FormatConversion::Str : cv == 'r' ? FormatConversion::Repr : FormatConversion::Ascii;
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
                ++i;  // the closing '}'
                ExprPtr value;
                try {
                    value = parse_field_("(" + std::string(expr_text) + ")");
                } catch (const SyntaxError& e) {
                    fail(e.message());
                }
                fix_positions(*value, t.line, t.col);
                if (self_doc) {
                    // `{x=}` prints "x=" and then, with neither conversion nor spec, the repr.
                    pending += std::string(body.substr(start, self_doc_end - start));
                    if (!converted && !spec) conversion = FormatConversion::Repr;
                }
                flush_literal(joined, pending, t);
                auto fv = make_expr(ExprKind::FormattedValue, t.line, t.col);
                fv->conversion = conversion;
                fv->value = std::move(value);
                fv->format_spec = std::move(spec);
                fv->depth = std::max(fv->value->depth, fv->format_spec ? fv->format_spec->depth : 0) + 1;
                if (fv->depth > max_tree_depth_)
                    error("expression too deeply nested (standin's limit is 1000 levels)", t);
                joined.values.push_back(std::move(fv));
                continue;
            }
            // Literal text up to the next brace.
            std::size_t j = i;
            while (j < body.size() && body[j] != '{' && body[j] != '}') ++j;
            pending += Lexer::decode_string(body.substr(i, j - i), raw, t.line, t.col, filename_,
                                            source_line_text(source_, t.line));
            i = j;
        }
    }

    // A field's expression was parsed on its own: give its nodes the f-string's position.
    static void fix_positions(Expr& e, std::uint32_t line, std::uint32_t col) {
        e.line = line + e.line - 1;
        e.col = col;
        for_each_child(e, [&](Expr& child) { fix_positions(child, line, col); });
    }

    const std::string& filename_;
    std::string_view source_;
    std::uint32_t max_tree_depth_;
    ParseField parse_field_;
};

STANDIN_NAMESPACE_END
