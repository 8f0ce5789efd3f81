// The lexer: source text to tokens, with Python's indentation (INDENT/DEDENT),
// implicit line joining inside brackets, backslash continuations, and every
// literal form of the subset (ints in four bases with underscores, floats,
// strings with all escapes, f-strings kept raw for the parser).
// Counterpart: CPython's Parser/tokenizer.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/syntax_error.hpp>
#include <standin/runtime/error.hpp>

#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

enum class Tok : std::uint8_t { end, newline, indent, dedent, name, integer, floating, string, op };

enum StringFlag : std::uint8_t { STR_RAW = 1, STR_F = 2 };

struct Token {
    Tok kind = Tok::end;
    std::string_view text;  // the raw source of the token
    std::int64_t ival = 0;
    double fval = 0;
    std::string sval;  // decoded string value; for f-strings the raw body
    std::uint8_t flags = 0;
    std::uint32_t line = 0, col = 0;  // col 0-based
    std::uint32_t end_line = 0, end_col = 0;
    std::uint32_t body_offset = 0;  // f-strings: column of the body's first character

    bool is_op(std::string_view s) const noexcept { return kind == Tok::op && text == s; }
    bool is_name(std::string_view s) const noexcept { return kind == Tok::name && text == s; }
};

inline bool is_keyword(std::string_view s) noexcept {
    static constexpr std::string_view kws[] = {
        "False", "None",   "True",    "and",      "as",       "assert", "async", "await",
        "break", "class",  "continue", "def",     "del",      "elif",   "else",  "except",
        "finally", "for",  "from",    "global",   "if",       "import", "in",    "is",
        "lambda", "nonlocal", "not",  "or",       "pass",     "raise",  "return", "try",
        "while", "with",   "yield"};
    for (auto k : kws)
        if (k == s) return true;
    return false;
}

// Appends code point `cp` to `out` as UTF-8 (surrogates as their 3-byte form).
inline void append_utf8(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

// Length of the valid UTF-8 sequence at s[i], or 0 when invalid.
inline std::size_t utf8_sequence_length(std::string_view s, std::size_t i) noexcept {
    auto c = static_cast<unsigned char>(s[i]);
    std::size_t n;
    char32_t cp;
    if (c < 0x80) return 1;
    if (c >= 0xC2 && c <= 0xDF) { n = 2; cp = c & 0x1F; }
    else if (c >= 0xE0 && c <= 0xEF) { n = 3; cp = c & 0x0F; }
    else if (c >= 0xF0 && c <= 0xF4) { n = 4; cp = c & 0x07; }
    else return 0;
    if (i + n > s.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        auto cc = static_cast<unsigned char>(s[i + k]);
        if ((cc & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (cc & 0x3F);
    }
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10FFFF))) return 0;
    if (n == 3 && cp >= 0xD800 && cp <= 0xDFFF) return 0;
    return n;
}

class Lexer {
public:
    static constexpr int max_paren_depth = 200;   // CPython's MAXLEVEL
    static constexpr int max_indent_depth = 100;  // CPython's MAXINDENT

    Lexer(std::string_view source, std::string filename) : src_(source), filename_(std::move(filename)) {}

    std::vector<Token> tokenize() {
        check_encoding();
        if (src_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = 3;
        std::vector<Token> out;
        out.reserve(src_.size() / 4 + 16);
        indents_.push_back(0);
        alt_indents_.push_back(0);
        bool at_line_start = true;
        while (true) {
            if (at_line_start && parens_.empty()) {
                if (!handle_indentation(out)) break;  // EOF
                at_line_start = false;
            }
            skip_spaces();
            if (pos_ >= src_.size()) break;
            char c = src_[pos_];
            if (c == '#') {
                while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
                continue;
            }
            if (c == '\\') {
                std::size_t p = pos_ + 1;
                if (p < src_.size() && src_[p] == '\r') ++p;
                if (p < src_.size() && src_[p] == '\n') {
                    pos_ = p + 1;
                    new_line();
                    if (pos_ >= src_.size()) error("unexpected EOF while parsing", line_, col());
                    continue;
                }
                if (p >= src_.size()) error("unexpected EOF while parsing", line_, col());
                error("unexpected character after line continuation character", line_, col() + 2);
            }
            if (c == '\n' || c == '\r') {
                if (c == '\r' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '\n') ++pos_;
                if (parens_.empty()) {
                    Token t = make(Tok::newline, pos_, pos_ + 1);
                    out.push_back(t);
                    at_line_start = true;
                }
                ++pos_;
                new_line();
                continue;
            }
            out.push_back(next_token());
        }
        if (!parens_.empty()) {
            auto [ch, l, cl] = parens_.back();
            error(std::string("'") + ch + "' was never closed", l, cl + 1);
        }
        if (!out.empty() && out.back().kind != Tok::newline && out.back().kind != Tok::dedent &&
            out.back().kind != Tok::indent)
            out.push_back(make(Tok::newline, pos_, pos_));
        while (indents_.size() > 1) {
            indents_.pop_back();
            out.push_back(make(Tok::dedent, pos_, pos_));
        }
        out.push_back(make(Tok::end, pos_, pos_));
        return out;
    }

private:
    [[noreturn]] void error(const std::string& msg, std::uint32_t line, std::uint32_t column,
                            std::string type = "SyntaxError") const {
        throw SyntaxError(msg, filename_, line, column, line_text(line), std::move(type));
    }
    std::string_view line_text(std::uint32_t line) const { return source_line_text(src_, line); }
    std::uint32_t col() const noexcept { return static_cast<std::uint32_t>(pos_ - line_start_); }
    void new_line() {
        ++line_;
        line_start_ = pos_;
    }
    Token make(Tok kind, std::size_t begin, std::size_t end) const {
        Token t;
        t.kind = kind;
        t.text = src_.substr(begin, end - begin);
        t.line = line_;
        t.col = static_cast<std::uint32_t>(begin - line_start_);
        t.end_line = line_;
        t.end_col = static_cast<std::uint32_t>(end - line_start_);
        return t;
    }
    void skip_spaces() {
        while (pos_ < src_.size() && (src_[pos_] == ' ' || src_[pos_] == '\t' || src_[pos_] == '\f')) ++pos_;
    }

    void check_encoding() {
        std::uint32_t line = 1;
        for (std::size_t i = 0; i < src_.size();) {
            if (src_[i] == '\0') error("source code cannot contain null bytes", line, 0);
            if (src_[i] == '\n') ++line;
            std::size_t n = utf8_sequence_length(src_, i);
            if (n == 0) {
                char buf[8];
                std::snprintf(buf, sizeof buf, "%02x", static_cast<unsigned>(static_cast<unsigned char>(src_[i])));
                throw SyntaxError(std::string("Non-UTF-8 code starting with '\\x") + buf + "' in file " + filename_ +
                                      " on line " + std::to_string(line) + ", but no encoding declared",
                                  filename_, line, 0, {});
            }
            i += n;
        }
    }

    // At the start of a logical line: measures the indentation, skips blank
    // and comment-only lines, emits INDENT/DEDENT. Returns false at EOF.
    bool handle_indentation(std::vector<Token>& out) {
        for (;;) {
            std::size_t width = 0, alt = 0;
            while (pos_ < src_.size()) {
                char c = src_[pos_];
                if (c == ' ') ++width, ++alt;
                else if (c == '\t') width = (width / 8 + 1) * 8, ++alt;
                else if (c == '\f') width = alt = 0;
                else break;
                ++pos_;
            }
            if (pos_ >= src_.size()) return false;
            char c = src_[pos_];
            if (c == '#' || c == '\n' || c == '\r') {
                while (pos_ < src_.size() && src_[pos_] != '\n') ++pos_;
                if (pos_ < src_.size()) {
                    ++pos_;
                    new_line();
                    continue;
                }
                return false;
            }
            if (c == '\\') return true;  // a continuation line starts like code
            if (width == indents_.back()) {
                if (alt != alt_indents_.back()) error("inconsistent use of tabs and spaces in indentation", line_, col(), "TabError");
            } else if (width > indents_.back()) {
                if (alt <= alt_indents_.back()) error("inconsistent use of tabs and spaces in indentation", line_, col(), "TabError");
                if (indents_.size() > max_indent_depth) error("too many levels of indentation", line_, col(), "IndentationError");
                indents_.push_back(width);
                alt_indents_.push_back(alt);
                out.push_back(make(Tok::indent, pos_, pos_));
            } else {
                while (indents_.size() > 1 && width < indents_.back()) {
                    indents_.pop_back();
                    alt_indents_.pop_back();
                    out.push_back(make(Tok::dedent, pos_, pos_));
                }
                if (width != indents_.back())
                    error("unindent does not match any outer indentation level", line_, col(), "IndentationError");
                if (alt != alt_indents_.back()) error("inconsistent use of tabs and spaces in indentation", line_, col(), "TabError");
            }
            return true;
        }
    }

    static bool is_ident_start(unsigned char c) noexcept {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    }
    static bool is_ident_char(unsigned char c) noexcept { return is_ident_start(c) || (c >= '0' && c <= '9'); }

    Token next_token() {
        const std::size_t begin = pos_;
        auto c = static_cast<unsigned char>(src_[pos_]);
        if (is_ident_start(c)) {
            if (c >= 0x80) check_identifier_char(pos_);
            std::size_t p = pos_;
            while (p < src_.size() && is_ident_char(static_cast<unsigned char>(src_[p]))) {
                if (static_cast<unsigned char>(src_[p]) >= 0x80) check_identifier_char(p);
                ++p;
            }
            std::string_view word = src_.substr(pos_, p - pos_);
            // String prefixes.
            if (p < src_.size() && (src_[p] == '\'' || src_[p] == '"') && word.size() <= 2) {
                bool raw = false, f = false, bytes = false, ok = true;
                for (char ch : word) {
                    switch (ch) {
                    case 'r': case 'R': raw = true; break;
                    case 'f': case 'F': f = true; break;
                    case 'b': case 'B': bytes = true; break;
                    case 'u': case 'U': break;
                    default: ok = false;
                    }
                }
                if (ok) {
                    if (bytes) error("bytes literals are not supported by standin", line_, col() + 1);
                    pos_ = p;
                    return string_token(begin, raw, f);
                }
            }
            pos_ = p;
            return make(Tok::name, begin, p);
        }
        if ((c >= '0' && c <= '9') || (c == '.' && pos_ + 1 < src_.size() && src_[pos_ + 1] >= '0' && src_[pos_ + 1] <= '9'))
            return number_token();
        if (c == '\'' || c == '"') return string_token(begin, false, false);
        return op_token();
    }

    void check_identifier_char(std::size_t p) {
        std::size_t n = utf8_sequence_length(src_, p);
        char32_t cp = 0;
        auto b0 = static_cast<unsigned char>(src_[p]);
        cp = b0 & (n == 2 ? 0x1F : n == 3 ? 0x0F : 0x07);
        for (std::size_t k = 1; k < n; ++k) cp = (cp << 6) | (static_cast<unsigned char>(src_[p + k]) & 0x3F);
        // A coarse XID test: letters of the common scripts are accepted, punctuation,
        // symbols and spaces of the first Unicode blocks are not.
        bool bad = (cp >= 0x80 && cp <= 0xBF && cp != 0xAA && cp != 0xB5 && cp != 0xBA) || cp == 0xD7 ||
                   cp == 0xF7 || (cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
                   (cp >= 0xFE00 && cp <= 0xFE0F) || (cp >= 0xFF00 && cp <= 0xFF20) || cp == 0xFEFF ||
                   (cp >= 0x1F000 && cp <= 0x1FAFF);
        if (bad) {
            char buf[64];
            std::snprintf(buf, sizeof buf, " (U+%04X)", static_cast<unsigned>(cp));
            bool printable = !(cp < 0xA0 || (cp >= 0x2000 && cp <= 0x200F) || cp == 0xFEFF || (cp >= 0x2028 && cp <= 0x202F));
            if (printable)
                error("invalid character '" + std::string(src_.substr(p, n)) + "'" + buf, line_,
                      static_cast<std::uint32_t>(p - line_start_) + 1);
            std::snprintf(buf, sizeof buf, "invalid non-printable character U+%04X", static_cast<unsigned>(cp));
            error(buf, line_, static_cast<std::uint32_t>(p - line_start_) + 1);
        }
    }

    Token number_token() {
        const std::size_t begin = pos_;
        std::string digits;
        auto is_digit_in = [](char ch, int base) {
            if (base == 16) return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F');
            if (base == 8) return ch >= '0' && ch <= '7';
            if (base == 2) return ch == '0' || ch == '1';
            return ch >= '0' && ch <= '9';
        };
        auto base_name = [](int base) {
            return base == 16 ? "hexadecimal" : base == 8 ? "octal" : base == 2 ? "binary" : "decimal";
        };
        // Reads digits of `base` with single underscores between them.
        auto read_digits = [&](int base, bool need_one) {
            bool any = false;
            while (pos_ < src_.size()) {
                char ch = src_[pos_];
                if (is_digit_in(ch, base)) {
                    digits += ch;
                    any = true;
                    ++pos_;
                } else if (ch == '_' && any && pos_ + 1 < src_.size() && is_digit_in(src_[pos_ + 1], base)) {
                    ++pos_;
                } else if (ch == '_') {
                    error(std::string("invalid ") + base_name(base) + " literal", line_, col() + 1);
                } else {
                    break;
                }
            }
            if (need_one && !any) error(std::string("invalid ") + base_name(base) + " literal", line_, col() + 1);
            return any;
        };
        auto check_end = [&](const char* kind) {
            if (pos_ < src_.size() && is_ident_char(static_cast<unsigned char>(src_[pos_]))) {
                if (src_[pos_] == 'j' || src_[pos_] == 'J')
                    error("complex numbers are not supported by standin", line_, col() + 1);
                error(std::string("invalid ") + kind + " literal", line_, col() + 1);
            }
        };
        if (src_[pos_] == '0' && pos_ + 1 < src_.size() && std::string_view("xXoObB").find(src_[pos_ + 1]) != std::string_view::npos) {
            char k = static_cast<char>(src_[pos_ + 1] | 0x20);
            int base = k == 'x' ? 16 : k == 'o' ? 8 : 2;
            pos_ += 2;
            if (pos_ < src_.size() && src_[pos_] == '_') ++pos_;
            read_digits(base, true);
            if (pos_ < src_.size() && std::isdigit(static_cast<unsigned char>(src_[pos_])))
                error(std::string("invalid digit '") + src_[pos_] + "' in " + base_name(base) + " literal", line_, col() + 1);
            check_end(base_name(base));
            Token t = make(Tok::integer, begin, pos_);
            std::uint64_t v = 0;
            auto res = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
            if (res.ec != std::errc() || v > static_cast<std::uint64_t>(INT64_MAX))
                error("integer literal too large (standin ints are 64-bit)", t.line, t.col + 1);
            t.ival = static_cast<std::int64_t>(v);
            return t;
        }
        bool is_float = false;
        if (src_[pos_] != '.') read_digits(10, true);
        if (pos_ < src_.size() && src_[pos_] == '.') {
            is_float = true;
            digits += '.';
            ++pos_;
            if (pos_ < src_.size() && std::isdigit(static_cast<unsigned char>(src_[pos_]))) read_digits(10, false);
        }
        if (pos_ < src_.size() && (src_[pos_] == 'e' || src_[pos_] == 'E')) {
            std::size_t save = pos_;
            std::string save_digits = digits;
            digits += 'e';
            ++pos_;
            if (pos_ < src_.size() && (src_[pos_] == '+' || src_[pos_] == '-')) digits += src_[pos_++];
            if (pos_ < src_.size() && std::isdigit(static_cast<unsigned char>(src_[pos_]))) {
                read_digits(10, true);
                is_float = true;
            } else {
                pos_ = save;
                digits = save_digits;
                error("invalid decimal literal", line_, col() + 1);
            }
        }
        check_end(is_float ? "decimal" : "decimal");
        Token t = make(is_float ? Tok::floating : Tok::integer, begin, pos_);
        if (is_float) {
            t.fval = std::strtod(digits.c_str(), nullptr);
        } else {
            if (digits.size() > 1 && digits[0] == '0' && digits.find_first_not_of('0') != std::string::npos)
                error("leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers",
                      t.line, t.col + 1);
            std::uint64_t v = 0;
            auto res = std::from_chars(digits.data(), digits.data() + digits.size(), v);
            if (res.ec != std::errc() || v > static_cast<std::uint64_t>(INT64_MAX))
                error("integer literal too large (standin ints are 64-bit)", t.line, t.col + 1);
            t.ival = static_cast<std::int64_t>(v);
        }
        return t;
    }

    Token string_token(std::size_t begin, bool raw, bool f) {
        const std::uint32_t start_line = line_, start_col = static_cast<std::uint32_t>(begin - line_start_);
        const std::size_t start_line_start = line_start_;
        char q = src_[pos_];
        bool triple = pos_ + 2 < src_.size() && src_[pos_ + 1] == q && src_[pos_ + 2] == q;
        pos_ += triple ? 3 : 1;
        const std::size_t body_begin = pos_;
        const std::uint32_t body_col = static_cast<std::uint32_t>(pos_ - line_start_);
        std::size_t body_end;
        for (;;) {
            if (pos_ >= src_.size()) {
                if (triple)
                    error("unterminated triple-quoted string literal (detected at line " + std::to_string(line_) + ")",
                          start_line, start_col + 1);
                error("unterminated string literal (detected at line " + std::to_string(start_line) + ")", start_line,
                      start_col + 1);
            }
            char c = src_[pos_];
            if (c == '\\' && pos_ + 1 < src_.size()) {
                if (src_[pos_ + 1] == '\n') {
                    pos_ += 2;
                    new_line();
                } else {
                    pos_ += 2;
                }
                continue;
            }
            if (c == '\n') {
                if (!triple)
                    error("unterminated string literal (detected at line " + std::to_string(start_line) + ")",
                          start_line, start_col + 1);
                ++pos_;
                new_line();
                continue;
            }
            if (c == q) {
                if (!triple) {
                    body_end = pos_++;
                    break;
                }
                if (pos_ + 2 < src_.size() + 0 && src_[pos_ + 1] == q && src_[pos_ + 2] == q) {
                    body_end = pos_;
                    pos_ += 3;
                    break;
                }
            }
            ++pos_;
        }
        Token t;
        t.kind = Tok::string;
        t.text = src_.substr(begin, pos_ - begin);
        t.line = start_line;
        t.col = start_col;
        t.end_line = line_;
        t.end_col = static_cast<std::uint32_t>(pos_ - line_start_);
        t.flags = static_cast<std::uint8_t>((raw ? STR_RAW : 0) | (f ? STR_F : 0));
        t.body_offset = body_col;
        std::string_view body = src_.substr(body_begin, body_end - body_begin);
        if (f) t.sval = std::string(body);
        else {
            // The string's first line, for an error's report: found from its
            // start, not by counting lines from the top (each literal would
            // rescan the whole file before it).
            const std::size_t eol = src_.find('\n', start_line_start);
            const std::string_view first_line =
                src_.substr(start_line_start, eol == std::string_view::npos ? std::string_view::npos : eol - start_line_start);
            t.sval = decode_string(body, raw, start_line, start_col, filename_, first_line);
        }
        return t;
    }

public:
    // Decodes the escapes of a string body (all of Python's except \N{...}).
    static std::string decode_string(std::string_view body, bool raw, std::uint32_t line, std::uint32_t col,
                                     const std::string& filename, std::string_view line_text) {
        std::string out;
        out.reserve(body.size());
        auto fail = [&](const std::string& msg) -> void {
            throw SyntaxError("(unicode error) 'unicodeescape' codec can't decode bytes: " + msg, filename, line,
                              col + 1, line_text);
        };
        for (std::size_t i = 0; i < body.size(); ++i) {
            char c = body[i];
            if (c == '\r' && i + 1 < body.size() && body[i + 1] == '\n') continue;
            if (c != '\\' || raw) {
                if (raw && c == '\\' && i + 1 < body.size()) {
                    out += c;
                    out += body[++i];
                    continue;
                }
                out += c;
                continue;
            }
            if (++i >= body.size()) {
                out += '\\';
                break;
            }
            char e = body[i];
            switch (e) {
            case '\n': break;
            case '\\': out += '\\'; break;
            case '\'': out += '\''; break;
            case '"': out += '"'; break;
            case 'a': out += '\a'; break;
            case 'b': out += '\b'; break;
            case 'f': out += '\f'; break;
            case 'n': out += '\n'; break;
            case 'r': out += '\r'; break;
            case 't': out += '\t'; break;
            case 'v': out += '\v'; break;
            case 'x':
            case 'u':
            case 'U': {
                std::size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
                char32_t cp = 0;
                for (std::size_t k = 0; k < n; ++k) {
                    if (i + 1 + k >= body.size() || !std::isxdigit(static_cast<unsigned char>(body[i + 1 + k]))) {
                        fail(std::string("truncated \\") + (e == 'x' ? "xXX" : e == 'u' ? "uXXXX" : "UXXXXXXXX") +
                             " escape");
                    }
                    char h = body[i + 1 + k];
                    cp = cp * 16 + static_cast<char32_t>(h <= '9' ? h - '0' : (h | 0x20) - 'a' + 10);
                }
                if (cp > 0x10FFFF) fail("illegal Unicode character");
                i += n;
                append_utf8(out, cp);
                break;
            }
            case 'N': fail("\\N{...} escapes are not supported by standin"); break;
            default:
                if (e >= '0' && e <= '7') {
                    char32_t cp = 0;
                    std::size_t k = 0;
                    while (k < 3 && i + k < body.size() && body[i + k] >= '0' && body[i + k] <= '7')
                        cp = cp * 8 + static_cast<char32_t>(body[i + k++] - '0');
                    i += k - 1;
                    append_utf8(out, cp);
                } else {
                    out += '\\';
                    out += e;
                }
            }
        }
        return out;
    }

private:
    Token op_token() {
        static constexpr std::string_view three[] = {"**=", "//=", ">>=", "<<=", "..."};
        static constexpr std::string_view two[] = {"->", ":=", "**", "//", "<<", ">>", "<=", ">=", "==", "!=",
                                                   "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="};
        const std::size_t begin = pos_;
        std::string_view rest = src_.substr(pos_);
        for (auto s : three)
            if (rest.substr(0, 3) == s) {
                pos_ += 3;
                return make(Tok::op, begin, pos_);
            }
        for (auto s : two)
            if (rest.substr(0, 2) == s) {
                pos_ += 2;
                return make(Tok::op, begin, pos_);
            }
        char c = src_[pos_];
        if (std::string_view("+-*/%@&|^~<>()[]{},:.;=").find(c) == std::string_view::npos) {
            if (c == '!') error("invalid syntax", line_, col() + 1);
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
                char buf[64];
                std::snprintf(buf, sizeof buf, "invalid non-printable character U+%04X", static_cast<unsigned>(c));
                error(buf, line_, col() + 1);
            }
            error("invalid syntax", line_, col() + 1);
        }
        ++pos_;
        if (c == '(' || c == '[' || c == '{') {
            if (parens_.size() >= max_paren_depth) error("too many nested parentheses", line_, col());
            parens_.push_back({c, line_, static_cast<std::uint32_t>(begin - line_start_)});
        } else if (c == ')' || c == ']' || c == '}') {
            if (parens_.empty()) error(std::string("unmatched '") + c + "'", line_, col());
            char open = parens_.back().ch;
            char want = open == '(' ? ')' : open == '[' ? ']' : '}';
            if (c != want) {
                if (parens_.back().line != line_)
                    error(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open +
                              "' on line " + std::to_string(parens_.back().line),
                          line_, col());
                error(std::string("closing parenthesis '") + c + "' does not match opening parenthesis '" + open + "'",
                      line_, col());
            }
            parens_.pop_back();
        }
        return make(Tok::op, begin, pos_);
    }

    struct Paren {
        char ch;
        std::uint32_t line, col;
    };
    std::string_view src_;
    std::string filename_;
    std::size_t pos_ = 0;
    std::uint32_t line_ = 1;
    std::size_t line_start_ = 0;
    std::vector<std::size_t> indents_, alt_indents_;
    std::vector<Paren> parens_;
};

inline std::vector<Token> tokenize(std::string_view source, const std::string& filename) {
    return Lexer(source, filename).tokenize();
}

STANDIN_NAMESPACE_END
