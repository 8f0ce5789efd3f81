// String formatting: the format-spec mini-language (format(), f-strings,
// str.format) and printf-style `%` formatting, with CPython's output.
// Counterpart: CPython's Python/formatter_unicode.c and unicodeobject.c's
// PyUnicode_Format.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/format.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/vm/protocol.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>

STANDIN_NAMESPACE_BEGIN

namespace detail {

struct FormatSpec {
    std::string fill = " ";
    char align = 0;
    char sign = 0;
    bool alternate = false;
    bool zero = false;
    int width = -1;
    char grouping = 0;
    int precision = -1;
    char type = 0;
};

inline bool is_align(char c) { return c == '<' || c == '>' || c == '^' || c == '='; }

inline FormatSpec parse_format_spec(std::string_view spec, const Value& v) {
    FormatSpec s;
    std::size_t i = 0;
    auto bad = [&]() {
        raise(exc::ValueError, "Invalid format specifier '" + std::string(spec) + "' for object of type '" + tname(v) + "'");
    };
    // fill is one code point
    std::size_t first_len = 1;
    if (!spec.empty()) {
        auto c = static_cast<unsigned char>(spec[0]);
        first_len = c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    }
    bool fill_given = false;
    if (spec.size() > first_len && is_align(spec[first_len])) {
        fill_given = true;
        s.fill = std::string(spec.substr(0, first_len));
        s.align = spec[first_len];
        i = first_len + 1;
    } else if (!spec.empty() && is_align(spec[0])) {
        s.align = spec[0];
        i = 1;
    }
    if (i < spec.size() && (spec[i] == '+' || spec[i] == '-' || spec[i] == ' ')) s.sign = spec[i++];
    if (i < spec.size() && spec[i] == 'z') ++i;
    if (i < spec.size() && spec[i] == '#') s.alternate = true, ++i;
    if (i < spec.size() && spec[i] == '0') {
        s.zero = true;
        ++i;
    }
    int w = 0;
    bool has_w = false;
    while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) {
        w = w * 10 + (spec[i++] - '0');
        has_w = true;
        if (w > 100000000) bad();
    }
    if (has_w) s.width = w;
    if (i < spec.size() && (spec[i] == ',' || spec[i] == '_')) s.grouping = spec[i++];
    if (i < spec.size() && spec[i] == '.') {
        ++i;
        int p = 0;
        bool has_p = false;
        while (i < spec.size() && std::isdigit(static_cast<unsigned char>(spec[i]))) {
            p = p * 10 + (spec[i++] - '0');
            has_p = true;
            if (p > 100000000) bad();
        }
        if (!has_p) raise(exc::ValueError, "Format specifier missing precision");
        s.precision = p;
    }
    if (i < spec.size()) s.type = spec[i++];
    if (i != spec.size()) bad();
    // '0' before the width: fill with zeros unless a fill was given, after
    // the sign for a number without an alignment (CPython's special case).
    if (s.zero && !fill_given) {
        s.fill = "0";
        if (!s.align && !v.is<Str>()) s.align = '=';
    }
    return s;
}

inline std::string group_digits(const std::string& digits, char sep, std::size_t every = 3) {
    std::string out;
    std::size_t n = digits.size();
    for (std::size_t i = 0; i < n; ++i) {
        if (i > 0 && (n - i) % every == 0) out += sep;
        out += digits[i];
    }
    return out;
}

// ascii() and %a: a repr's non-ASCII code points as \xhh, \uhhhh or \Uhhhhhhhh.
inline std::string ascii_escaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const char32_t c = next_code_point(text, i);
        if (c < 0x80) {
            out += static_cast<char>(c);
            continue;
        }
        char buf[12];
        std::snprintf(buf, sizeof buf, c < 0x100 ? "\\x%02x" : c < 0x10000 ? "\\u%04x" : "\\U%08x", static_cast<unsigned>(c));
        out += buf;
    }
    return out;
}

// Pads `body` (already signed) to the spec's width; `sign_len` chars of it are
// the sign/prefix that '=' alignment keeps in front.
inline std::string pad(const FormatSpec& s, const std::string& body, std::size_t sign_len, char default_align) {
    std::size_t len = utf8_length(body);
    if (s.width < 0 || len >= static_cast<std::size_t>(s.width)) return body;
    std::size_t n = static_cast<std::size_t>(s.width) - len;
    auto fill = [&](std::size_t k) {
        std::string f;
        for (std::size_t i = 0; i < k; ++i) f += s.fill;
        return f;
    };
    char align = s.align ? s.align : default_align;
    switch (align) {
    case '<': return body + fill(n);
    case '^': return fill(n / 2) + body + fill(n - n / 2);
    case '=': return body.substr(0, sign_len) + fill(n) + body.substr(sign_len);
    default: return fill(n) + body;
    }
}

inline std::string format_int(std::int64_t value, const FormatSpec& s, const Value& v) {
    std::uint64_t mag = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    std::string digits, prefix;
    char type = s.type ? s.type : 'd';
    if (s.precision >= 0) raise(exc::ValueError, "Precision not allowed in integer format specifier");
    if ((s.grouping == ',' && (type == 'x' || type == 'X' || type == 'o' || type == 'b' || type == 'c' || type == 'n')) ||
        (s.grouping == '_' && (type == 'c' || type == 'n')))
        raise(exc::ValueError, std::string("Cannot specify '") + s.grouping + "' with '" + type + "'.");
    switch (type) {
    case 'd':
    case 'n': digits = std::to_string(mag); break;
    case 'x':
    case 'X':
    case 'o':
    case 'b': {
        int base = type == 'o' ? 8 : type == 'b' ? 2 : 16;
        const char* alphabet = type == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
        if (mag == 0) digits = "0";
        while (mag) {
            digits.insert(digits.begin(), alphabet[mag % static_cast<std::uint64_t>(base)]);
            mag /= static_cast<std::uint64_t>(base);
        }
        if (s.alternate) prefix = type == 'o' ? "0o" : type == 'b' ? "0b" : type == 'X' ? "0X" : "0x";
        break;
    }
    case 'c': {
        std::string out;
        append_utf8(out, static_cast<char32_t>(value));
        return pad(s, out, 0, '<');
    }
    default:
        raise(exc::ValueError, std::string("Unknown format code '") + type + "' for object of type '" + tname(v) + "'");
    }
    if (s.grouping) digits = group_digits(digits, s.grouping, type == 'd' || type == 'n' ? 3 : 4);
    std::string sign = value < 0 ? "-" : s.sign == '+' ? "+" : s.sign == ' ' ? " " : "";
    return pad(s, sign + prefix + digits, sign.size() + prefix.size(), '>');
}

inline std::string format_float(double d, FormatSpec s) {
    char type = s.type;
    std::string body;
    bool neg = std::signbit(d) && !std::isnan(d);
    double a = std::fabs(d);
    auto printf_fmt = [&](char t, int prec) {
        char fmt[16];
        std::snprintf(fmt, sizeof fmt, "%%%s.%d%c", s.alternate ? "#" : "", prec, t);
        int n = std::snprintf(nullptr, 0, fmt, a);
        std::string out(static_cast<std::size_t>(n), '\0');
        std::snprintf(out.data(), out.size() + 1, fmt, a);
        return out;
    };
    bool percent = false;
    if (std::isnan(a) || std::isinf(a)) {
        body = std::isnan(a) ? "nan" : "inf";
        if (type == 'F' || type == 'E' || type == 'G') body = std::isnan(a) ? "NAN" : "INF";
        if (type == '%') body += "%";
    } else {
        switch (type) {
        case 'f':
        case 'F': body = printf_fmt(type, s.precision < 0 ? 6 : s.precision); break;
        case 'e':
        case 'E': body = printf_fmt(type, s.precision < 0 ? 6 : s.precision); break;
        case 'g':
        case 'G':
        case 'n': body = printf_fmt(type == 'n' ? 'g' : type, s.precision < 0 ? 6 : (s.precision == 0 ? 1 : s.precision)); break;
        case '%':
            a *= 100;
            body = printf_fmt('f', s.precision < 0 ? 6 : s.precision);
            percent = true;
            break;
        case 0:
            if (s.precision < 0) {
                body = float_repr(a);
            } else {
                // As 'g', but with at least one digit after the point, and an
                // exponent from p-1 on (CPython's format_float_short with
                // Py_DTSF_ADD_DOT_0: the threshold is precision - 1).
                const int p = s.precision == 0 ? 1 : s.precision;
                std::string e = printf_fmt('e', p - 1);
                const std::size_t at = e.find('e');
                const int exponent = at == std::string::npos ? 0 : std::atoi(e.c_str() + at + 1);
                if (at != std::string::npos && (exponent < -4 || exponent >= p - 1)) {
                    std::string mantissa = e.substr(0, at);
                    if (!s.alternate && mantissa.find('.') != std::string::npos) {
                        while (mantissa.back() == '0') mantissa.pop_back();
                        if (mantissa.back() == '.') mantissa.pop_back();
                    }
                    body = mantissa + e.substr(at);
                } else {
                    body = printf_fmt('g', p);
                    if (body.find_first_of(".en") == std::string::npos) body += ".0";
                }
            }
            break;
        default:
            raise(exc::ValueError, std::string("Unknown format code '") + type + "' for object of type 'float'");
        }
    }
    if (s.grouping && !std::isnan(a) && !std::isinf(a)) {
        std::size_t end = body.find_first_of(".eE%");
        std::string int_part = body.substr(0, end);
        body = group_digits(int_part, s.grouping) + (end == std::string::npos ? "" : body.substr(end));
    }
    if (percent) body += '%';
    std::string sign = neg ? "-" : s.sign == '+' ? "+" : s.sign == ' ' ? " " : "";
    return pad(s, sign + body, sign.size(), '>');
}

}  // namespace detail

STANDIN_DECL std::string Interpreter::ascii(const Value& v) { return detail::ascii_escaped(repr(v)); }

STANDIN_DECL std::string Interpreter::format(const Value& v, std::string_view spec) {
    if (v.kind() == Kind::instance) {
        Class* cls = v.as<Instance>()->cls();
        if (const Value* m = cls->lookup(names_.format)) {
            const Value args[] = {standin::str(std::string(spec))};
            Value r = call_value(bind_class_attr(*m, v, cls), args);
            if (auto* s = r.dyn<Str>()) return s->text();
            raise(exc::TypeError, "__format__ must return a str, not " + detail::tname(r));
        }
        if (spec.empty()) return str(v);
        raise(exc::TypeError, "unsupported format string passed to " + detail::tname(v) + ".__format__");
    }
    if (v.kind() == Kind::tensor) return tensor_format(*this, v, spec);
    if (spec.empty()) return str(v);
    detail::FormatSpec s = detail::parse_format_spec(spec, v);
    switch (v.kind()) {
    case Kind::bool_:
    case Kind::int_:
        if (s.type && std::string_view("eEfFgG%").find(s.type) != std::string_view::npos)
            return detail::format_float(static_cast<double>(v.as_integral()), s);
        return detail::format_int(v.as_integral(), s, v);
    case Kind::float_:
        if (s.type && std::string_view("eEfFgGn%").find(s.type) == std::string_view::npos)
            raise(exc::ValueError, std::string("Unknown format code '") + s.type + "' for object of type 'float'");
        return detail::format_float(v.as_float(), s);
    case Kind::str: {
        if (s.type && s.type != 's')
            raise(exc::ValueError, std::string("Unknown format code '") + s.type + "' for object of type 'str'");
        if (s.align == '=') raise(exc::ValueError, "'=' alignment not allowed in string format specifier");
        if (s.sign) raise(exc::ValueError, "Sign not allowed in string format specifier");
        std::string text = v.as<Str>()->text();
        if (s.precision >= 0) {
            auto chars = detail::utf8_chars(text);
            if (chars.size() > static_cast<std::size_t>(s.precision)) {
                std::string cut;
                for (int i = 0; i < s.precision; ++i) cut += chars[static_cast<std::size_t>(i)];
                text = cut;
            }
        }
        return detail::pad(s, text, 0, '<');
    }
    default: {
        if (v.is_none() || v.kind() == Kind::list || v.kind() == Kind::tuple || v.kind() == Kind::dict)
            raise(exc::TypeError, "unsupported format string passed to " + detail::tname(v) + ".__format__");
        std::string text = str(v);
        return detail::pad(s, text, 0, '<');
    }
    }
}

// printf-style formatting: "%5.2f %s" % (x, y)
inline Value percent_format(Interpreter& vm, const Str& fmt_str, const Value& args) {
    std::string_view fmt = fmt_str.view();
    std::vector<Value> items;
    const Dict* mapping = nullptr;
    if (auto* t = args.dyn<Tuple>()) items.assign(t->items().begin(), t->items().end());
    else if (auto* d = args.dyn<Dict>()) mapping = d, items.push_back(args);
    else if (args.kind() == Kind::instance && args.as<Instance>()->cls()->is_subclass_of(vm.types().tuple.get()))
        items = vm.to_vector(args);  // a tuple subclass's items: '%d x %d' % x.shape
    else items.push_back(args);
    std::size_t next = 0;
    auto take = [&]() -> Value {
        if (next >= items.size()) raise(exc::TypeError, "not enough arguments for format string");
        return items[next++];
    };
    std::string out;
    bool used_mapping = false;
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c != '%') {
            out += c;
            continue;
        }
        if (++i >= fmt.size()) raise(exc::ValueError, "incomplete format");
        Value arg;
        bool have_arg = false;
        if (fmt[i] == '(') {
            std::size_t close = fmt.find(')', i);
            if (close == std::string_view::npos) raise(exc::ValueError, "incomplete format key");
            if (!mapping) raise(exc::TypeError, "format requires a mapping");
            Value key = standin::str(std::string(fmt.substr(i + 1, close - i - 1)));
            const Value* v = mapping->find(key);
            if (!v) vm.raise_exception(vm.call_value(Value::borrow(vm.exception_class(exc::KeyError)), std::span<const Value>(&key, 1)));
            arg = *v;
            have_arg = true;
            used_mapping = true;
            i = close + 1;
        }
        detail::FormatSpec s;
        std::string flags;
        for (; i < fmt.size() && std::string_view("-+ #0").find(fmt[i]) != std::string_view::npos; ++i) {
            switch (fmt[i]) {
            case '-': s.align = '<'; break;
            case '+': s.sign = '+'; break;
            case ' ':
                if (s.sign != '+') s.sign = ' ';
                break;
            case '#': s.alternate = true; break;
            case '0': s.zero = true; break;
            }
        }
        if (i < fmt.size() && fmt[i] == '*') {
            Value w = take();
            if (!w.is_integral()) raise(exc::TypeError, "* wants int");
            s.width = static_cast<int>(w.as_integral());
            ++i;
        } else {
            int w = -1;
            while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) w = (w < 0 ? 0 : w) * 10 + (fmt[i++] - '0');
            s.width = w;
        }
        if (i < fmt.size() && fmt[i] == '.') {
            ++i;
            if (i < fmt.size() && fmt[i] == '*') {
                Value p = take();
                s.precision = static_cast<int>(p.as_integral());
                ++i;
            } else {
                int p = 0;
                while (i < fmt.size() && std::isdigit(static_cast<unsigned char>(fmt[i]))) p = p * 10 + (fmt[i++] - '0');
                s.precision = p;
            }
        }
        if (i >= fmt.size()) raise(exc::ValueError, "incomplete format");
        char conv = fmt[i];
        if (conv == '%') {
            out += '%';
            continue;
        }
        if (!have_arg) arg = take();
        if (s.zero && s.align != '<' && conv != 's' && conv != 'r') {
            s.fill = "0";
            s.align = '=';
        } else if (s.align != '<') {
            s.align = '>';
        }
        switch (conv) {
        case 's':
        case 'r':
        case 'a': {
            std::string text = conv == 's' ? vm.str(arg) : vm.repr(arg);
            if (conv == 'a') text = detail::ascii_escaped(text);
            // %.3s keeps 3 characters (code points, not UTF-8 bytes).
            if (s.precision >= 0) {
                std::size_t bytes = 0;
                for (std::int64_t kept = 0; bytes < text.size() && kept < s.precision; ++kept) {
                    ++bytes;
                    while (bytes < text.size() && (static_cast<unsigned char>(text[bytes]) & 0xC0) == 0x80) ++bytes;
                }
                text.resize(bytes);
            }
            out += detail::pad(s, text, 0, '>');
            break;
        }
        case 'd':
        case 'i':
        case 'u':
        case 'x':
        case 'X':
        case 'o': {
            std::int64_t n;
            // A one-element tensor formats as its number (its __int__/__float__).
            if (arg.kind() == Kind::tensor) arg = vm.call_value(vm.getattr(arg, intern("item")), {});
            // An object with __index__ (and for %d, __int__): its int, as CPython's.
            if (arg.kind() == Kind::instance) {
                static constexpr const char* hooks[] = {"__index__", "__int__"};
                const int tried = conv == 'x' || conv == 'X' || conv == 'o' ? 1 : 2;
                for (int k = 0; k < tried; ++k)
                    if (vm.type_of(arg)->lookup(intern(hooks[k]))) {
                        arg = vm.call_method(arg, intern(hooks[k]), {});
                        break;
                    }
            }
            if (arg.is_integral()) n = arg.as_integral();
            else if (arg.is_float() && conv != 'x' && conv != 'X' && conv != 'o') n = float_to_int(arg.as_float());
            else if (conv == 'x' || conv == 'X' || conv == 'o')
                raise(exc::TypeError, std::string("%") + conv + " format: an integer is required, not " + detail::tname(arg));
            else raise(exc::TypeError, std::string("%") + conv + " format: a real number is required, not " + detail::tname(arg));
            s.type = (conv == 'i' || conv == 'u') ? 'd' : conv;
            int prec = s.precision;
            s.precision = -1;
            std::string body = detail::format_int(n, s, arg);
            if (prec > 0) {
                // %.3d pads the digits with zeros (in the conversion's base)
                detail::FormatSpec plain;
                plain.type = s.type;
                std::string digits = detail::format_int(n < 0 ? -n : n, plain, Value(n < 0 ? -n : n));
                while (static_cast<int>(digits.size()) < prec) digits.insert(digits.begin(), '0');
                body = detail::pad(s, (n < 0 ? "-" : "") + digits, n < 0 ? 1 : 0, '>');
            }
            out += body;
            break;
        }
        case 'e':
        case 'E':
        case 'f':
        case 'F':
        case 'g':
        case 'G': {
            if (arg.kind() == Kind::tensor) arg = vm.call_value(vm.getattr(arg, intern("item")), {});
            if (arg.kind() == Kind::instance && vm.type_of(arg)->lookup(intern("__float__")))
                arg = vm.call_method(arg, intern("__float__"), {});
            if (!arg.is_number()) raise(exc::TypeError, "must be real number, not " + detail::tname(arg));
            s.type = conv;
            if (s.precision < 0) s.precision = 6;
            out += detail::format_float(arg.as_double(), s);
            break;
        }
        case 'c': {
            std::string ch;
            if (arg.is<Str>()) {
                if (arg.as<Str>()->length() != 1) raise(exc::TypeError, "%c requires int or char");
                ch = arg.as<Str>()->text();
            } else {
                if (!arg.is_integral()) raise(exc::TypeError, "%c requires int or char");
                const std::int64_t cp = arg.as_integral();
                if (cp < 0 || cp > 0x10FFFF) raise(exc::OverflowError, "%c arg not in range(0x110000)");
                append_utf8(ch, static_cast<char32_t>(cp));
            }
            if (s.align == '=') s.align = '>', s.fill = " ";
            out += detail::pad(s, ch, 0, '>');
            break;
        }
        default: {
            char buf[128];
            std::snprintf(buf, sizeof buf, "unsupported format character '%c' (0x%x) at index %zu", conv,
                          static_cast<unsigned>(static_cast<unsigned char>(conv)), i);
            raise(exc::ValueError, buf);
        }
        }
    }
    if (!used_mapping && !mapping && next < items.size())
        raise(exc::TypeError, "not all arguments converted during string formatting");
    return standin::str(std::move(out));
}

namespace detail {
// What str.format's fields share, the nested ones in a spec too
// ('{:>{}}'.format(s, width): the field takes argument 0, its width 1).
struct FormatFields {
    std::size_t auto_index = 0;
    bool used_auto = false, used_manual = false;
};
inline std::string str_format(Interpreter& vm, std::string_view fmt, std::span<const Value> args,
                              std::span<const KwArg> kwargs, FormatFields& fields, int levels);
}  // namespace detail

// str.format(*args, **kwargs)
inline std::string str_format(Interpreter& vm, std::string_view fmt, std::span<const Value> args, std::span<const KwArg> kwargs) {
    detail::FormatFields fields;
    return detail::str_format(vm, fmt, args, kwargs, fields, 2);
}

// (levels: how many levels of nested fields CPython still allows)
inline std::string detail::str_format(Interpreter& vm, std::string_view fmt, std::span<const Value> args,
                                      std::span<const KwArg> kwargs, FormatFields& fields, int levels) {
    std::string out;
    std::size_t& auto_index = fields.auto_index;
    bool& used_auto = fields.used_auto;
    bool& used_manual = fields.used_manual;
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        char c = fmt[i];
        if (c == '}') {
            if (i + 1 < fmt.size() && fmt[i + 1] == '}') {
                out += '}';
                ++i;
                continue;
            }
            raise(exc::ValueError, "Single '}' encountered in format string");
        }
        if (c != '{') {
            out += c;
            continue;
        }
        if (i + 1 < fmt.size() && fmt[i + 1] == '{') {
            out += '{';
            ++i;
            continue;
        }
        // Find the matching close brace (one nesting level for the spec).
        std::size_t j = i + 1;
        int depth = 1;
        for (; j < fmt.size(); ++j) {
            if (fmt[j] == '{') ++depth;
            else if (fmt[j] == '}' && --depth == 0) break;
        }
        if (j >= fmt.size()) raise(exc::ValueError, "Single '{' encountered in format string");
        std::string_view field = fmt.substr(i + 1, j - i - 1);
        i = j;
        std::string_view spec, conv;
        std::size_t colon = std::string_view::npos, bang = std::string_view::npos;
        int bd = 0;
        for (std::size_t k = 0; k < field.size(); ++k) {
            if (field[k] == '[') ++bd;
            else if (field[k] == ']') --bd;
            else if (bd == 0 && field[k] == '!' && bang == std::string_view::npos && colon == std::string_view::npos) bang = k;
            else if (bd == 0 && field[k] == ':' && colon == std::string_view::npos) {
                colon = k;
                break;
            }
        }
        std::string_view name = field.substr(0, std::min(bang, colon));
        if (bang != std::string_view::npos) conv = field.substr(bang + 1, (colon == std::string_view::npos ? field.size() : colon) - bang - 1);
        // The first part of the name: an index, a keyword, or empty (automatic).
        std::size_t end = name.find_first_of(".[");
        std::string_view head = name.substr(0, end);
        Value value;
        if (head.empty()) {
            if (used_manual) raise(exc::ValueError, "cannot switch from manual field specification to automatic field numbering");
            used_auto = true;
            if (auto_index >= args.size())
                raise(exc::IndexError, "Replacement index " + std::to_string(auto_index) + " out of range for positional args tuple");
            value = args[auto_index++];
        } else if (std::isdigit(static_cast<unsigned char>(head[0]))) {
            if (used_auto) raise(exc::ValueError, "cannot switch from automatic field numbering to manual field specification");
            used_manual = true;
            std::size_t idx = std::stoul(std::string(head));
            if (idx >= args.size())
                raise(exc::IndexError, "Replacement index " + std::to_string(idx) + " out of range for positional args tuple");
            value = args[idx];
        } else {
            bool found = false;
            for (const auto& kw : kwargs)
                if (kw.name->view() == head) {
                    value = kw.value;
                    found = true;
                }
            if (!found) {
                Value key = standin::str(std::string(head));
                vm.raise_exception(vm.call_value(Value::borrow(vm.exception_class(exc::KeyError)), std::span<const Value>(&key, 1)));
            }
        }
        // .attr and [key] accessors
        while (end != std::string_view::npos && end < name.size()) {
            if (name[end] == '.') {
                std::size_t next = name.find_first_of(".[", end + 1);
                value = vm.getattr(value, intern(name.substr(end + 1, next - end - 1)));
                end = next;
            } else {
                std::size_t close = name.find(']', end);
                if (close == std::string_view::npos) raise(exc::ValueError, "Missing ']' in format string");
                std::string_view key = name.substr(end + 1, close - end - 1);
                Value k = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })
                              ? Value(static_cast<std::int64_t>(std::stoll(std::string(key))))
                              : standin::str(std::string(key));
                value = vm.getitem(value, k);
                end = close + 1 < name.size() ? close + 1 : std::string_view::npos;
            }
        }
        // The spec's own fields come after the field's value, as CPython numbers them.
        std::string spec_text;
        if (colon != std::string_view::npos) {
            spec = field.substr(colon + 1);
            if (spec.find('{') != std::string_view::npos) {
                if (levels <= 1) raise(exc::ValueError, "Max string recursion exceeded");
                spec_text = str_format(vm, spec, args, kwargs, fields, levels - 1);
            } else {
                spec_text = std::string(spec);
            }
        }
        if (conv == "r") value = standin::str(vm.repr(value));
        else if (conv == "s") value = standin::str(vm.str(value));
        else if (conv == "a") value = standin::str(vm.ascii(value));
        else if (!conv.empty()) raise(exc::ValueError, "Unknown conversion specifier " + std::string(conv));
        out += vm.format(value, spec_text);
    }
    return out;
}

STANDIN_NAMESPACE_END

