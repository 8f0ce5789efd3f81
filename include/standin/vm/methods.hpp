// Methods of the built-in types: str, list, dict, tuple, int, float (and
// property's setter), installed in the types' dicts as method descriptors.
// Counterpart: CPython's unicodeobject.c, listobject.c, dictobject.c methods.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/methods.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/unicode.hpp>
#include <standin/vm/constructors.hpp>
#include <bit>
#include <cerrno>
#include <cstdlib>
#include <cstring>

STANDIN_NAMESPACE_BEGIN

namespace detail::methods {
using detail::builtins::arity;
using detail::builtins::as_index;
using detail::builtins::kwarg;
using detail::builtins::no_kwargs;

inline const std::string& text(const Value& self) { return self.as<Str>()->text(); }
inline const Str& str_arg(const Value& v, std::string_view method, std::size_t pos = 1) {
    if (auto* s = v.dyn<Str>()) return *s;
    (void)pos;
    raise(exc::TypeError, std::string(method) + " arg must be None or str");
}
inline bool is_space(unsigned char c) { return c == ' ' || (c >= '\t' && c <= '\r') || c == 0x1c || c == 0x1d || c == 0x1e || c == 0x1f; }

// --- str ----------------------------------------------------------------------------
// Case mapping over all of Unicode, full mappings included ('ß'.upper() is
// 'SS'), final sigma in lower(); runtime/unicode.hpp.
inline std::vector<char32_t> code_points(std::string_view t) {
    std::vector<char32_t> out;
    out.reserve(t.size());
    for (std::size_t i = 0; i < t.size();) out.push_back(detail::next_code_point(t, i));
    return out;
}
enum class CaseOp { upper, lower, title, swapcase, capitalize, casefold };
inline Value str_case(const Value& self, CaseOp op) {
    namespace u = detail::unicode;
    const std::string_view t = text(self);
    std::string out;
    out.reserve(t.size());
    if (self.as<Str>()->is_ascii()) {
        bool start = true;
        for (char ch : t) {
            char32_t c = static_cast<unsigned char>(ch), r = c;
            switch (op) {
            case CaseOp::upper: r = u::simple_upper(c); break;
            case CaseOp::lower:
            case CaseOp::casefold: r = u::simple_lower(c); break;
            case CaseOp::title: r = start ? u::simple_upper(c) : u::simple_lower(c); start = !u::is_cased(c); break;
            case CaseOp::swapcase: r = u::is_uppercase(c) ? u::simple_lower(c) : u::simple_upper(c); break;
            case CaseOp::capitalize: r = start ? u::simple_upper(c) : u::simple_lower(c); start = false; break;
            }
            out += static_cast<char>(r);
        }
        return str(std::move(out));
    }
    const std::vector<char32_t> cps = code_points(t);
    char32_t mapped[3];
    bool previous_cased = false;
    for (std::size_t i = 0; i < cps.size(); ++i) {
        const char32_t c = cps[i];
        auto lower = [&]() { return c == 0x3A3 ? (mapped[0] = u::lower_sigma(cps, i), 1) : u::full_case(u::Case::lower, c, mapped); };
        int n = 1;
        mapped[0] = c;
        switch (op) {
        case CaseOp::upper: n = u::full_case(u::Case::upper, c, mapped); break;
        case CaseOp::lower: n = lower(); break;
        case CaseOp::casefold: n = u::full_case(u::Case::fold, c, mapped); break;
        case CaseOp::title:
            n = previous_cased ? lower() : u::full_case(u::Case::title, c, mapped);
            previous_cased = u::is_cased(c);
            break;
        case CaseOp::swapcase:
            if (u::is_uppercase(c)) n = lower();
            else if (u::is_lowercase(c)) n = u::full_case(u::Case::upper, c, mapped);
            break;
        case CaseOp::capitalize: n = i == 0 ? u::full_case(u::Case::title, c, mapped) : lower(); break;
        }
        for (int k = 0; k < n; ++k) append_utf8(out, mapped[k]);
    }
    return str(std::move(out));
}
STANDIN_BUILTIN_FN(str_upper) { no_kwargs("str.upper", kwargs); arity("upper", args, 0, 0); return str_case(self, CaseOp::upper); }
STANDIN_BUILTIN_FN(str_lower) { no_kwargs("str.lower", kwargs); arity("lower", args, 0, 0); return str_case(self, CaseOp::lower); }
STANDIN_BUILTIN_FN(str_title) { no_kwargs("str.title", kwargs); arity("title", args, 0, 0); return str_case(self, CaseOp::title); }
STANDIN_BUILTIN_FN(str_swapcase) { no_kwargs("str.swapcase", kwargs); arity("swapcase", args, 0, 0); return str_case(self, CaseOp::swapcase); }
STANDIN_BUILTIN_FN(str_capitalize) { no_kwargs("str.capitalize", kwargs); arity("capitalize", args, 0, 0); return str_case(self, CaseOp::capitalize); }
STANDIN_BUILTIN_FN(str_casefold) { no_kwargs("str.casefold", kwargs); arity("casefold", args, 0, 0); return str_case(self, CaseOp::casefold); }

inline Value strip(const Value& self, std::span<const Value> args, bool left, bool right, const char* name) {
    arity(name, args, 0, 1);
    std::string_view t = text(self);
    std::string_view chars;
    bool ws = args.empty() || args[0].is_none();
    if (!ws) chars = str_arg(args[0], std::string(name)).view();
    std::size_t a = 0, b = t.size();
    if (!self.as<Str>()->is_ascii() || (!ws && !args[0].as<Str>()->is_ascii())) {
        // by code point: Unicode white space, or the characters of `chars`
        auto strip_cp = [&](char32_t c) {
            if (ws) return detail::unicode::is_space(c);
            for (std::size_t k = 0; k < chars.size();)
                if (detail::next_code_point(chars, k) == c) return true;
            return false;
        };
        if (left)
            for (std::size_t j = a; a < b && strip_cp(detail::next_code_point(t, j)); j = a) a = j;
        if (right)
            while (b > a) {
                std::size_t start = b - 1;
                while (start > a && (static_cast<unsigned char>(t[start]) & 0xC0) == 0x80) --start;
                std::size_t k = start;
                if (!strip_cp(detail::next_code_point(t, k))) break;
                b = start;
            }
        return str(std::string(t.substr(a, b - a)));
    }
    auto strip_it = [&](unsigned char c) { return ws ? is_space(c) : chars.find(static_cast<char>(c)) != std::string_view::npos; };
    if (left)
        while (a < b && strip_it(static_cast<unsigned char>(t[a]))) ++a;
    if (right)
        while (b > a && strip_it(static_cast<unsigned char>(t[b - 1]))) --b;
    return str(std::string(t.substr(a, b - a)));
}
STANDIN_BUILTIN_FN(str_strip) { no_kwargs("str.strip", kwargs); return strip(self, args, true, true, "strip"); }
STANDIN_BUILTIN_FN(str_lstrip) { no_kwargs("str.lstrip", kwargs); return strip(self, args, true, false, "lstrip"); }
STANDIN_BUILTIN_FN(str_rstrip) { no_kwargs("str.rstrip", kwargs); return strip(self, args, false, true, "rstrip"); }

STANDIN_BUILTIN_FN(str_split) {
    const Value* sep_kw = kwarg("split", kwargs, {"sep", "maxsplit"}, "sep");
    const Value* max_kw = kwarg("split", kwargs, {"sep", "maxsplit"}, "maxsplit");
    arity("split", args, 0, 2);
    Value sep = !args.empty() ? args[0] : sep_kw ? *sep_kw : Value();
    std::int64_t maxsplit = args.size() > 1 ? as_index(args[1]) : max_kw ? as_index(*max_kw) : -1;
    std::string_view t = text(self);
    std::vector<Value> out;
    if (sep.is_none()) {
        std::size_t i = 0;
        while (true) {
            while (i < t.size() && is_space(static_cast<unsigned char>(t[i]))) ++i;
            if (i >= t.size()) break;
            if (maxsplit >= 0 && static_cast<std::int64_t>(out.size()) == maxsplit) {
                out.push_back(str(std::string(t.substr(i))));  // the rest, as it is
                break;
            }
            std::size_t j = i;
            while (j < t.size() && !is_space(static_cast<unsigned char>(t[j]))) ++j;
            out.push_back(str(std::string(t.substr(i, j - i))));
            i = j;
        }
        return list(std::move(out));
    }
    std::string_view s = str_arg(sep, "split").view();
    if (s.empty()) raise(exc::ValueError, "empty separator");
    std::size_t i = 0;
    while (true) {
        if (maxsplit >= 0 && static_cast<std::int64_t>(out.size()) == maxsplit) break;
        std::size_t j = t.find(s, i);
        if (j == std::string_view::npos) break;
        out.push_back(str(std::string(t.substr(i, j - i))));
        i = j + s.size();
    }
    out.push_back(str(std::string(t.substr(i))));
    return list(std::move(out));
}
STANDIN_BUILTIN_FN(str_rsplit) {
    const Value* sep_kw = kwarg("rsplit", kwargs, {"sep", "maxsplit"}, "sep");
    const Value* max_kw = kwarg("rsplit", kwargs, {"sep", "maxsplit"}, "maxsplit");
    arity("rsplit", args, 0, 2);
    Value sep = !args.empty() ? args[0] : sep_kw ? *sep_kw : Value();
    std::int64_t maxsplit = args.size() > 1 ? as_index(args[1]) : max_kw ? as_index(*max_kw) : -1;
    if (maxsplit < 0) {
        std::vector<Value> a{sep};
        return str_split(vm, self, a, {});
    }
    std::string_view t = text(self);
    std::vector<Value> out;
    if (sep.is_none()) {
        std::size_t e = t.size();
        while (true) {
            while (e > 0 && is_space(static_cast<unsigned char>(t[e - 1]))) --e;
            if (e == 0) break;
            if (static_cast<std::int64_t>(out.size()) == maxsplit) {
                out.push_back(str(std::string(t.substr(0, e))));  // the rest, as it is
                break;
            }
            std::size_t b = e;
            while (b > 0 && !is_space(static_cast<unsigned char>(t[b - 1]))) --b;
            out.push_back(str(std::string(t.substr(b, e - b))));
            e = b;
        }
    } else {
        std::string_view s = str_arg(sep, "rsplit").view();
        if (s.empty()) raise(exc::ValueError, "empty separator");
        std::size_t e = t.size();
        while (static_cast<std::int64_t>(out.size()) < maxsplit) {
            std::size_t j = e >= s.size() ? t.rfind(s, e - s.size()) : std::string_view::npos;
            if (j == std::string_view::npos) break;
            out.push_back(str(std::string(t.substr(j + s.size(), e - j - s.size()))));
            e = j;
        }
        out.push_back(str(std::string(t.substr(0, e))));
    }
    std::reverse(out.begin(), out.end());
    return list(std::move(out));
}
STANDIN_BUILTIN_FN(str_splitlines) {
    const Value* keep_kw = kwarg("splitlines", kwargs, {"keepends"}, "keepends");
    bool keep = (!args.empty() && vm.truthy(args[0])) || (keep_kw && vm.truthy(*keep_kw));
    std::string_view t = text(self);
    std::vector<Value> out;
    // The bytes of the line boundary at k (0: none): \n, \r, \r\n, \v, \f,
    // \x1c-\x1e, and in UTF-8 \x85, \u2028 and \u2029, as str.splitlines.
    auto boundary = [&](std::size_t k) -> std::size_t {
        const auto c = static_cast<unsigned char>(t[k]);
        if (c == '\r') return k + 1 < t.size() && t[k + 1] == '\n' ? 2 : 1;
        if (c == '\n' || c == 0x0b || c == 0x0c || (c >= 0x1c && c <= 0x1e)) return 1;
        if (c == 0xc2 && k + 1 < t.size() && static_cast<unsigned char>(t[k + 1]) == 0x85) return 2;
        if (c == 0xe2 && k + 2 < t.size() && static_cast<unsigned char>(t[k + 1]) == 0x80 &&
            (static_cast<unsigned char>(t[k + 2]) == 0xa8 || static_cast<unsigned char>(t[k + 2]) == 0xa9))
            return 3;
        return 0;
    };
    std::size_t i = 0;
    while (i < t.size()) {
        std::size_t j = i, width = 0;
        while (j < t.size() && (width = boundary(j)) == 0) ++j;
        std::size_t eol = j;
        if (j < t.size()) j += width;
        out.push_back(str(std::string(t.substr(i, (keep ? j : eol) - i))));
        i = j;
    }
    return list(std::move(out));
}
STANDIN_BUILTIN_FN(str_join) {
    no_kwargs("str.join", kwargs);
    arity("join", args, 1, 1);
    std::string out;
    std::size_t i = 0;
    for (const Value& v : vm.to_vector(args[0])) {
        auto* s = v.dyn<Str>();
        // A member of `class X(str, Enum)` (a str mixin, builtins.hpp): its str value.
        if (!s && v.kind() == Kind::instance && detail::builtins::builtin_mixin_of(vm, vm.type_of(v), vm.types().str.get()))
            if (const Value* value = v.as<Instance>()->find_attr(intern("_value_"))) s = value->dyn<Str>();
        if (!s) raise(exc::TypeError, "sequence item " + std::to_string(i) + ": expected str instance, " + detail::tname(v) + " found");
        if (i++) out += text(self);
        out += s->view();
    }
    return str(std::move(out));
}
STANDIN_BUILTIN_FN(str_replace) {
    no_kwargs("str.replace", kwargs);
    arity("replace", args, 2, 3);
    std::string_view t = text(self);
    std::string_view from = str_arg(args[0], "replace").view(), to = str_arg(args[1], "replace").view();
    std::int64_t count = args.size() == 3 ? as_index(args[2]) : -1;
    std::string out;
    if (from.empty()) {
        auto chars = detail::utf8_chars(t);
        std::int64_t n = 0;
        for (auto ch : chars) {
            if (count < 0 || n < count) out += to, ++n;
            out += ch;
        }
        if (count < 0 || n < count) out += to;
        return str(std::move(out));
    }
    std::size_t i = 0;
    std::int64_t n = 0;
    while (count < 0 || n < count) {
        std::size_t j = t.find(from, i);
        if (j == std::string_view::npos) break;
        out += t.substr(i, j - i);
        out += to;
        i = j + from.size();
        ++n;
    }
    out += t.substr(i);
    return str(std::move(out));
}
// The byte range [start, end) of str methods' optional start and end, or
// nothing when start lies past the end or the string (CPython then finds
// nothing, not even '': find gives -1, count 0, startswith False).
inline std::optional<std::pair<std::size_t, std::size_t>> byte_bounds(const Value& self, std::span<const Value> args,
                                                                      std::size_t first) {
    const Str& s = *self.as<Str>();
    std::int64_t len = static_cast<std::int64_t>(s.length());
    auto norm = [&](std::int64_t i) {
        if (i < 0) i += len;
        return std::max<std::int64_t>(i, 0);
    };
    std::int64_t a = args.size() > first && !args[first].is_none() ? norm(as_index(args[first])) : 0;
    std::int64_t b = args.size() > first + 1 && !args[first + 1].is_none() ? std::min(norm(as_index(args[first + 1])), len) : len;
    if (a > b) return std::nullopt;
    if (s.is_ascii()) return std::pair{static_cast<std::size_t>(a), static_cast<std::size_t>(b)};
    auto byte_of = [&](std::int64_t cp) {
        if (cp >= len) return s.text().size();
        return detail::utf8_char_range(s, cp).first;
    };
    return std::pair{byte_of(a), std::max(byte_of(a), byte_of(b))};
}
inline std::int64_t cp_index(const Value& self, std::size_t byte) {
    const Str& s = *self.as<Str>();
    if (s.is_ascii()) return static_cast<std::int64_t>(byte);
    return static_cast<std::int64_t>(detail::utf8_length(s.view().substr(0, byte)));
}
inline std::int64_t str_find_impl(const Value& self, std::span<const Value> args, bool reverse, const char* name) {
    arity(name, args, 1, 3);
    std::string_view sub = str_arg(args[0], name).view();
    const auto bounds = byte_bounds(self, args, 1);
    if (!bounds) return -1;
    auto [a, b] = *bounds;
    std::string_view t = std::string_view(text(self)).substr(0, b);
    if (b - a < sub.size()) return -1;
    std::size_t j = reverse ? t.rfind(sub) : t.find(sub, a);
    if (j == std::string_view::npos || j < a) return -1;
    return cp_index(self, j);
}
STANDIN_BUILTIN_FN(str_find) { no_kwargs("str.find", kwargs); return Value(str_find_impl(self, args, false, "find")); }
STANDIN_BUILTIN_FN(str_rfind) { no_kwargs("str.rfind", kwargs); return Value(str_find_impl(self, args, true, "rfind")); }
STANDIN_BUILTIN_FN(str_index) {
    no_kwargs("str.index", kwargs);
    std::int64_t r = str_find_impl(self, args, false, "index");
    if (r < 0) raise(exc::ValueError, "substring not found");
    return Value(r);
}
STANDIN_BUILTIN_FN(str_rindex) {
    no_kwargs("str.rindex", kwargs);
    std::int64_t r = str_find_impl(self, args, true, "rindex");
    if (r < 0) raise(exc::ValueError, "substring not found");
    return Value(r);
}
STANDIN_BUILTIN_FN(str_count) {
    no_kwargs("str.count", kwargs);
    arity("count", args, 1, 3);
    std::string_view sub = str_arg(args[0], "count").view();
    const auto bounds = byte_bounds(self, args, 1);
    if (!bounds) return Value(std::int64_t{0});
    auto [a, b] = *bounds;
    std::string_view t = std::string_view(text(self)).substr(a, b - a);
    if (sub.empty()) return Value(static_cast<std::int64_t>(detail::utf8_length(t) + 1));
    std::int64_t n = 0;
    for (std::size_t i = t.find(sub); i != std::string_view::npos; i = t.find(sub, i + sub.size())) ++n;
    return Value(n);
}
inline Value starts_ends(Interpreter& vm, const Value& self, std::span<const Value> args, bool ends, const char* name) {
    arity(name, args, 1, 3);
    const auto bounds = byte_bounds(self, args, 1);
    const auto [a, b] = bounds.value_or(std::pair<std::size_t, std::size_t>{0, 0});
    std::string_view t = std::string_view(text(self)).substr(a, b - a);
    auto test = [&](const Value& p) {
        auto* s = p.dyn<Str>();
        if (!s)
            raise(exc::TypeError, std::string(name) + " first arg must be str or a tuple of str, not " + detail::tname(p));
        return bounds && (ends ? t.ends_with(s->view()) : t.starts_with(s->view()));
    };
    (void)vm;
    if (auto* tup = args[0].dyn<Tuple>()) {
        for (const Value& p : tup->items())
            if (test(p)) return Value(true);
        return Value(false);
    }
    return Value(test(args[0]));
}
STANDIN_BUILTIN_FN(str_startswith) { no_kwargs("str.startswith", kwargs); return starts_ends(vm, self, args, false, "startswith"); }
STANDIN_BUILTIN_FN(str_endswith) { no_kwargs("str.endswith", kwargs); return starts_ends(vm, self, args, true, "endswith"); }
template <class Pred>
Value str_is(const Value& self, Pred pred) {
    std::string_view t = text(self);
    if (t.empty()) return Value(false);
    for (std::size_t i = 0; i < t.size();)
        if (!pred(detail::next_code_point(t, i))) return Value(false);
    return Value(true);
}
STANDIN_BUILTIN_FN(str_isdigit) { no_kwargs("str.isdigit", kwargs); return str_is(self, &detail::unicode::is_digit); }
STANDIN_BUILTIN_FN(str_isdecimal) { no_kwargs("str.isdecimal", kwargs); return str_is(self, &detail::unicode::is_decimal); }
STANDIN_BUILTIN_FN(str_isnumeric) { no_kwargs("str.isnumeric", kwargs); return str_is(self, &detail::unicode::is_numeric); }
STANDIN_BUILTIN_FN(str_isalpha) { no_kwargs("str.isalpha", kwargs); return str_is(self, &detail::unicode::is_alpha); }
STANDIN_BUILTIN_FN(str_isalnum) {
    no_kwargs("str.isalnum", kwargs);
    namespace u = detail::unicode;
    return str_is(self, [](char32_t c) { return u::is_alpha(c) || u::is_decimal(c) || u::is_digit(c) || u::is_numeric(c); });
}
STANDIN_BUILTIN_FN(str_isspace) { no_kwargs("str.isspace", kwargs); return str_is(self, &detail::unicode::is_space); }
// isupper: a cased character and no lowercase or titlecase one (islower the
// other way round), as CPython's unicode_isupper.
inline Value str_case_test(const Value& self, bool upper) {
    namespace u = detail::unicode;
    std::string_view t = text(self);
    bool any = false;
    for (std::size_t i = 0; i < t.size();) {
        const char32_t c = detail::next_code_point(t, i);
        if ((upper ? u::is_lowercase(c) : u::is_uppercase(c)) || u::is_titlecase(c)) return Value(false);
        any = any || (upper ? u::is_uppercase(c) : u::is_lowercase(c));
    }
    return Value(any);
}
// istitle: uppercase and titlecase characters only after uncased ones,
// lowercase only after cased ones, and at least one cased (unicode_istitle).
STANDIN_BUILTIN_FN(str_istitle) {
    no_kwargs("str.istitle", kwargs);
    namespace u = detail::unicode;
    arity("istitle", args, 0, 0);
    std::string_view t = text(self);
    bool cased = false, previous_cased = false;
    for (std::size_t i = 0; i < t.size();) {
        const char32_t c = detail::next_code_point(t, i);
        if (u::is_uppercase(c) || u::is_titlecase(c)) {
            if (previous_cased) return Value(false);
            previous_cased = cased = true;
        } else if (u::is_lowercase(c)) {
            if (!previous_cased) return Value(false);
            previous_cased = cased = true;
        } else {
            previous_cased = false;
        }
    }
    return Value(cased);
}
STANDIN_BUILTIN_FN(str_isupper) { no_kwargs("str.isupper", kwargs); return str_case_test(self, true); }
STANDIN_BUILTIN_FN(str_islower) { no_kwargs("str.islower", kwargs); return str_case_test(self, false); }
STANDIN_BUILTIN_FN(str_isidentifier) {
    no_kwargs("str.isidentifier", kwargs);
    std::string_view t = text(self);
    if (t.empty() || std::isdigit(static_cast<unsigned char>(t[0]))) return Value(false);
    for (char c : t)
        if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || static_cast<unsigned char>(c) >= 0x80)) return Value(false);
    return Value(true);
}
inline Value justify(const Value& self, std::span<const Value> args, char how, const char* name) {
    arity(name, args, 1, 2);
    std::int64_t width = as_index(args[0]);
    std::string fill = " ";
    if (args.size() == 2) {
        auto* f = args[1].dyn<Str>();
        if (!f || f->length() != 1) raise(exc::TypeError, "The fill character must be exactly one character long");
        fill = f->text();
    }
    const Str& s = *self.as<Str>();
    std::int64_t len = static_cast<std::int64_t>(s.length());
    if (width <= len) return self;
    std::int64_t n = width - len;
    auto rep = [&](std::int64_t k) {
        std::string o;
        for (std::int64_t i = 0; i < k; ++i) o += fill;
        return o;
    };
    if (how == '<') return str(s.text() + rep(n));
    if (how == '>') return str(rep(n) + s.text());
    std::int64_t left = n / 2 + (n & width & 1);
    return str(rep(left) + s.text() + rep(n - left));
}
STANDIN_BUILTIN_FN(str_ljust) { no_kwargs("str.ljust", kwargs); return justify(self, args, '<', "ljust"); }
STANDIN_BUILTIN_FN(str_rjust) { no_kwargs("str.rjust", kwargs); return justify(self, args, '>', "rjust"); }
STANDIN_BUILTIN_FN(str_center) { no_kwargs("str.center", kwargs); return justify(self, args, '^', "center"); }
STANDIN_BUILTIN_FN(str_zfill) {
    no_kwargs("str.zfill", kwargs);
    arity("zfill", args, 1, 1);
    std::int64_t width = as_index(args[0]);
    std::string t = text(self);
    std::int64_t len = static_cast<std::int64_t>(self.as<Str>()->length());
    if (width <= len) return self;
    std::size_t sign = !t.empty() && (t[0] == '+' || t[0] == '-') ? 1 : 0;
    t.insert(sign, static_cast<std::size_t>(width - len), '0');
    return str(std::move(t));
}
STANDIN_BUILTIN_FN(str_partition) {
    no_kwargs("str.partition", kwargs);
    arity("partition", args, 1, 1);
    std::string_view sep = str_arg(args[0], "partition").view();
    if (sep.empty()) raise(exc::ValueError, "empty separator");
    std::string_view t = text(self);
    std::size_t j = t.find(sep);
    if (j == std::string_view::npos) return tuple({self, str(""), str("")});
    return tuple({str(std::string(t.substr(0, j))), args[0], str(std::string(t.substr(j + sep.size())))});
}
STANDIN_BUILTIN_FN(str_rpartition) {
    no_kwargs("str.rpartition", kwargs);
    arity("rpartition", args, 1, 1);
    std::string_view sep = str_arg(args[0], "rpartition").view();
    if (sep.empty()) raise(exc::ValueError, "empty separator");
    std::string_view t = text(self);
    std::size_t j = t.rfind(sep);
    if (j == std::string_view::npos) return tuple({str(""), str(""), self});
    return tuple({str(std::string(t.substr(0, j))), args[0], str(std::string(t.substr(j + sep.size())))});
}
STANDIN_BUILTIN_FN(str_format_method) { return str(str_format(vm, text(self), args, kwargs)); }
STANDIN_BUILTIN_FN(str_removeprefix) {
    no_kwargs("str.removeprefix", kwargs);
    arity("removeprefix", args, 1, 1);
    std::string_view p = str_arg(args[0], "removeprefix").view();
    std::string_view t = text(self);
    return t.starts_with(p) ? str(std::string(t.substr(p.size()))) : self;
}
STANDIN_BUILTIN_FN(str_removesuffix) {
    no_kwargs("str.removesuffix", kwargs);
    arity("removesuffix", args, 1, 1);
    std::string_view p = str_arg(args[0], "removesuffix").view();
    std::string_view t = text(self);
    return !p.empty() && t.ends_with(p) ? str(std::string(t.substr(0, t.size() - p.size()))) : self;
}
STANDIN_BUILTIN_FN(str_encode) { raise(exc::NotImplementedError, "bytes are not supported by standin"); }

// --- list -----------------------------------------------------------------------------
inline List& lst(const Value& self) { return *self.as<List>(); }
STANDIN_BUILTIN_FN(list_append) {
    no_kwargs("list.append", kwargs);
    arity("list.append", args, 1, 1);
    lst(self).append(args[0]);
    return Value();
}
STANDIN_BUILTIN_FN(list_extend) {
    no_kwargs("list.extend", kwargs);
    arity("list.extend", args, 1, 1);
    detail::extend_list(vm, self, args[0]);
    return Value();
}
STANDIN_BUILTIN_FN(list_insert) {
    no_kwargs("list.insert", kwargs);
    arity("insert", args, 2, 2);
    lst(self).insert(as_index(args[0]), args[1]);
    return Value();
}
STANDIN_BUILTIN_FN(list_pop) {
    no_kwargs("list.pop", kwargs);
    arity("pop", args, 0, 1);
    return lst(self).pop(args.empty() ? -1 : as_index(args[0]));
}
STANDIN_BUILTIN_FN(list_remove) {
    no_kwargs("list.remove", kwargs);
    arity("list.remove", args, 1, 1);
    List& l = lst(self);
    for (std::size_t i = 0; i < l.size(); ++i) {
        const Value x = l[i];  // held: == may change the list
        if (x.identical(args[0]) || vm.eq(x, args[0])) {
            if (i < l.size()) l.erase(static_cast<std::int64_t>(i));
            return Value();
        }
    }
    raise(exc::ValueError, "list.remove(x): x not in list");
}
// seq.index(x[, start[, stop]]) of list and tuple: the first position in
// [start, stop) (negative bounds count from the end) holding x, or -1. A
// list may shrink while == runs guest code, so its size is read each step.
template <class Size, class At>
std::int64_t sequence_index(Interpreter& vm, std::span<const Value> args, Size size, At at) {
    arity("index", args, 1, 3);
    std::int64_t n = static_cast<std::int64_t>(size());
    std::int64_t a = args.size() > 1 ? as_index(args[1]) : 0, b = args.size() > 2 ? as_index(args[2]) : n;
    if (a < 0) a = std::max<std::int64_t>(0, a + n);
    if (b < 0) b = std::max<std::int64_t>(0, b + n);
    for (std::int64_t i = a; i < std::min(b, static_cast<std::int64_t>(size())); ++i)
        if (at(i).identical(args[0]) || vm.eq(at(i), args[0])) return i;
    return -1;
}
STANDIN_BUILTIN_FN(list_index) {
    no_kwargs("list.index", kwargs);
    List& l = lst(self);
    std::int64_t i = sequence_index(vm, args, [&] { return l.size(); }, [&](std::int64_t k) { return l[static_cast<std::size_t>(k)]; });
    if (i < 0) raise(exc::ValueError, vm.repr(args[0]) + " is not in list");
    return Value(i);
}
STANDIN_BUILTIN_FN(list_count) {
    no_kwargs("list.count", kwargs);
    arity("count", args, 1, 1);
    std::int64_t n = 0;
    List& l = lst(self);
    for (std::size_t i = 0; i < l.size(); ++i) {
        const Value x = l[i];  // held: == may change the list
        n += (x.identical(args[0]) || vm.eq(x, args[0]));
    }
    return Value(n);
}
STANDIN_BUILTIN_FN(list_sort) {
    const Value* key = kwarg("sort", kwargs, {"key", "reverse"}, "key");
    const Value* rev = kwarg("sort", kwargs, {"key", "reverse"}, "reverse");
    if (!args.empty()) raise(exc::TypeError, "sort() takes no positional arguments");
    // As CPython's: the list is empty while it sorts (a key or __lt__ that
    // reads it sees []), holds its items again whatever happens, and one
    // changed during the sort is ValueError.
    std::vector<Value> items(lst(self).items().begin(), lst(self).items().end());
    lst(self).clear();
    try {
        detail::builtins::sort_values(vm, items, key, rev && vm.truthy(*rev));
    } catch (...) {
        lst(self).assign(std::move(items));
        throw;
    }
    const bool modified = lst(self).size() != 0;
    lst(self).assign(std::move(items));
    if (modified) raise(exc::ValueError, "list modified during sort");
    return Value();
}
STANDIN_BUILTIN_FN(list_reverse) {
    no_kwargs("list.reverse", kwargs);
    arity("reverse", args, 0, 0);
    lst(self).reverse();
    return Value();
}
STANDIN_BUILTIN_FN(list_copy) {
    no_kwargs("list.copy", kwargs);
    arity("copy", args, 0, 0);
    return list(std::vector<Value>(lst(self).items().begin(), lst(self).items().end()));
}
STANDIN_BUILTIN_FN(list_clear) {
    no_kwargs("list.clear", kwargs);
    arity("clear", args, 0, 0);
    lst(self).clear();
    return Value();
}

// --- tuple ------------------------------------------------------------------------------
STANDIN_BUILTIN_FN(tuple_index) {
    no_kwargs("tuple.index", kwargs);
    auto items = self.as<Tuple>()->items();
    std::int64_t i = sequence_index(vm, args, [&] { return items.size(); }, [&](std::int64_t k) { return items[static_cast<std::size_t>(k)]; });
    if (i < 0) raise(exc::ValueError, "tuple.index(x): x not in tuple");
    return Value(i);
}
STANDIN_BUILTIN_FN(tuple_count) {
    no_kwargs("tuple.count", kwargs);
    arity("count", args, 1, 1);
    std::int64_t n = 0;
    for (const Value& v : self.as<Tuple>()->items()) n += (v.identical(args[0]) || vm.eq(v, args[0]));
    return Value(n);
}

// --- dict ------------------------------------------------------------------------------
inline Dict& dct(const Value& self) { return *self.as<Dict>(); }
STANDIN_BUILTIN_FN(dict_get) {
    no_kwargs("dict.get", kwargs);
    arity("get", args, 1, 2);
    if (const Value* v = dct(self).find(args[0])) return *v;
    return args.size() == 2 ? args[1] : Value();
}
STANDIN_BUILTIN_FN(dict_keys) { no_kwargs("dict.keys", kwargs); arity("keys", args, 0, 0); return make_value<DictView>(ref<Dict>(self.as<Dict>()), DictViewKind::keys); }
STANDIN_BUILTIN_FN(dict_values) { no_kwargs("dict.values", kwargs); arity("values", args, 0, 0); return make_value<DictView>(ref<Dict>(self.as<Dict>()), DictViewKind::values); }
STANDIN_BUILTIN_FN(dict_items) { no_kwargs("dict.items", kwargs); arity("items", args, 0, 0); return make_value<DictView>(ref<Dict>(self.as<Dict>()), DictViewKind::items); }
// OrderedDict's pop and setdefault also take `key` and `default` by keyword:
// the key and the default (null when not given), as a pair.
inline std::pair<Value, const Value*> ordered_key_default(const Value& self, std::span<const Value> args,
                                                          std::span<const KwArg> kwargs, const char* name) {
    if (!dct(self).is_ordered() || (kwargs.empty() && !args.empty())) {
        no_kwargs(std::string("dict.") + name, kwargs);
        arity(name, args, 1, 2);
        return {args[0], args.size() == 2 ? &args[1] : nullptr};
    }
    for (const auto& kw : kwargs)
        if (kw.name->view() != "key" && kw.name->view() != "default")
            raise(exc::TypeError, "'" + kw.name->text() + "' is an invalid keyword argument for " + name + "()");
    const Value* by_name[] = {kwarg(name, kwargs, {"key", "default"}, "key"), kwarg(name, kwargs, {"key", "default"}, "default")};
    if (args.size() > 2) raise(exc::TypeError, std::string(name) + "() takes at most 2 arguments");
    const char* params[] = {"key", "default"};
    for (std::size_t i = 0; i < args.size(); ++i)
        if (by_name[i])
            raise(exc::TypeError, std::string("argument for ") + name + "() given by name ('" + params[i] +
                                      "') and position (" + std::to_string(i + 1) + ")");
    const Value* key = args.size() >= 1 ? &args[0] : by_name[0];
    if (!key) raise(exc::TypeError, std::string(name) + "() missing required argument 'key' (pos 1)");
    return {*key, args.size() >= 2 ? &args[1] : by_name[1]};
}
STANDIN_BUILTIN_FN(dict_pop) {
    auto [key, fallback] = ordered_key_default(self, args, kwargs, "pop");
    if (auto v = dct(self).erase(key)) return *v;
    if (fallback) return *fallback;
    vm.raise_exception(vm.call_value(Value::borrow(vm.exception_class(exc::KeyError)), std::span<const Value>(&key, 1)));
}
STANDIN_BUILTIN_FN(dict_popitem) {
    no_kwargs("dict.popitem", kwargs);
    arity("popitem", args, 0, 0);
    Dict& d = dct(self);
    for (std::size_t i = d.slot_count(); i-- > 0;) {
        const DictEntry& e = d.slot(i);
        if (e.key.is_null()) continue;
        Value k = e.key, v = e.value;
        d.erase(k);
        return tuple({k, v});
    }
    raise(exc::KeyError, "'popitem(): dictionary is empty'");
}
STANDIN_BUILTIN_FN(dict_setdefault) {
    auto [key, fallback] = ordered_key_default(self, args, kwargs, "setdefault");
    if (const Value* v = dct(self).find(key)) return *v;
    Value d = fallback ? *fallback : Value();
    dct(self).set(key, d);
    return d;
}
STANDIN_BUILTIN_FN(dict_update) {
    arity("update", args, 0, 1);
    if (!args.empty()) detail::builtins::dict_update_from(vm, dct(self), args[0]);
    for (const auto& kw : kwargs) dct(self).set(kw.name, kw.value);
    return Value();
}
STANDIN_BUILTIN_FN(dict_copy) {
    no_kwargs("dict.copy", kwargs);
    arity("copy", args, 0, 0);
    auto d = make_ref<Dict>();
    d->update(dct(self));
    return Value(std::move(d));
}
STANDIN_BUILTIN_FN(dict_clear) {
    no_kwargs("dict.clear", kwargs);
    arity("clear", args, 0, 0);
    dct(self).clear();
    return Value();
}
// dict.fromkeys(iterable, value=None), a classmethod: OrderedDict.fromkeys
// gives an OrderedDict, a subclass's gives an instance of it.
STANDIN_BUILTIN_FN(dict_fromkeys) {
    Value v;
    bool have_value = false;
    Class* cls = args.empty() ? nullptr : args[0].dyn<Class>();
    for (const auto& kw : kwargs) {
        // dict.fromkeys is positional-only; OrderedDict's (a Python method) takes value=.
        if (!cls || !cls->is_subclass_of(vm.types().ordered_dict.get()))
            raise(exc::TypeError, (cls ? cls->name()->text() : std::string("dict")) + ".fromkeys() takes no keyword arguments");
        if (kw.name->view() != "value") raise(exc::TypeError, "fromkeys() got an unexpected keyword argument '" + kw.name->text() + "'");
        v = kw.value;
        have_value = true;
    }
    if (args.size() < 2 || args.size() > 3 || (have_value && args.size() == 3))
        raise(exc::TypeError, "fromkeys expected 1 or 2 arguments, got " + std::to_string(args.size() - 1));
    if (args.size() == 3) v = args[2];
    if (cls && cls != vm.types().dict.get() && cls != vm.types().ordered_dict.get()) {
        Value out = vm.call_value(args[0], {});
        for (const Value& k : vm.to_vector(args[1])) {
            const Value kv[] = {k, v};
            vm.call_method(out, vm.names().setitem, kv);
        }
        return out;
    }
    auto d = make_ref<Dict>();
    if (cls == vm.types().ordered_dict.get()) d->set_ordered(true);
    for (const Value& k : vm.to_vector(args[1])) d->set(k, v);
    return Value(std::move(d));
}

// --- numbers -----------------------------------------------------------------------------
STANDIN_BUILTIN_FN(int_bit_length) {
    no_kwargs("int.bit_length", kwargs);
    std::uint64_t v = static_cast<std::uint64_t>(int_abs(self.as_integral()));
    std::int64_t n = 0;
    while (v) ++n, v >>= 1;
    return Value(n);
}
STANDIN_BUILTIN_FN(int_bit_count) {
    no_kwargs("int.bit_count", kwargs);
    return Value(static_cast<std::int64_t>(std::popcount(static_cast<std::uint64_t>(int_abs(self.as_integral())))));
}
STANDIN_BUILTIN_FN(float_is_integer) { no_kwargs("float.is_integer", kwargs); return Value(std::isfinite(self.as_float()) && self.as_float() == std::floor(self.as_float())); }
STANDIN_BUILTIN_FN(number_conjugate) { return self; }
STANDIN_BUILTIN_FN(int_as_integer_ratio) {
    no_kwargs("int.as_integer_ratio", kwargs);
    return tuple({Value(self.as_integral()), Value(std::int64_t{1})});
}
// float.hex(): '[-]0x1.<13 hex digits>p<exp>', subnormals as 0x0.<digits>p-1022.
STANDIN_BUILTIN_FN(float_hex) {
    no_kwargs("float.hex", kwargs);
    const double x = self.as_float();
    if (std::isnan(x)) return str("nan");
    if (std::isinf(x)) return str(x < 0 ? "-inf" : "inf");
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    std::string out = (bits >> 63) ? "-" : "";
    if (x == 0.0) return str(out + "0x0.0p+0");
    const auto biased = static_cast<int>((bits >> 52) & 0x7ff);
    const std::uint64_t mant = bits & ((std::uint64_t{1} << 52) - 1);
    const int e = biased == 0 ? -1022 : biased - 1023;
    static constexpr char digits[] = "0123456789abcdef";
    out += biased == 0 ? "0x0." : "0x1.";
    for (int shift = 48; shift >= 0; shift -= 4) out += digits[(mant >> shift) & 0xf];
    out += e < 0 ? "p-" : "p+";
    out += std::to_string(e < 0 ? -e : e);
    return str(out);
}
// float.fromhex(s) (a classmethod: args[0] is the class): C's strtod reads
// the same hexadecimal form; the 0x prefix is optional, as in Python.
STANDIN_BUILTIN_FN(float_fromhex) {
    no_kwargs("float.fromhex", kwargs);
    arity("fromhex", args, 2, 2);
    if (!args[1].is<Str>()) raise(exc::TypeError, "must be str, not " + detail::tname(args[1]));
    const std::string_view t = args[1].as<Str>()->view();
    const auto first = t.find_first_not_of(" \t\n\r\x0b\x0c"), last = t.find_last_not_of(" \t\n\r\x0b\x0c");
    std::string body(first == std::string_view::npos ? std::string_view() : t.substr(first, last - first + 1));
    std::string sign;
    if (!body.empty() && (body[0] == '-' || body[0] == '+')) sign = body.substr(0, 1), body.erase(0, 1);
    auto lower = [](std::string x) {
        for (char& c : x) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return x;
    };
    const std::string low = lower(body);
    const bool special = low == "inf" || low == "infinity" || low == "nan";
    if (!special && !(low.size() > 1 && low[0] == '0' && low[1] == 'x')) body = "0x" + body;
    const std::string full = sign + body;
    char* end = nullptr;
    errno = 0;
    const double d = std::strtod(full.c_str(), &end);
    if (full.size() == sign.size() || end != full.c_str() + full.size() || body == "0x")
        raise(exc::ValueError, "invalid hexadecimal floating-point string");
    if (errno == ERANGE && std::isinf(d)) raise(exc::OverflowError, "hexadecimal value too large to represent as a float");
    return Value(d);
}
// The exact fraction of a float, in lowest terms (the denominator a power of 2).
STANDIN_BUILTIN_FN(float_as_integer_ratio) {
    no_kwargs("float.as_integer_ratio", kwargs);
    const double x = self.as_float();
    if (std::isinf(x)) raise(exc::OverflowError, "cannot convert Infinity to integer ratio");
    if (std::isnan(x)) raise(exc::ValueError, "cannot convert NaN to integer ratio");
    int e = 0;
    double m = std::frexp(x, &e);  // x = m * 2**e, 0.5 <= |m| < 1
    for (int i = 0; i < 300 && m != std::floor(m); ++i) {
        m *= 2.0;
        --e;
    }
    if (std::fabs(m) >= 9.2e18) raise(exc::OverflowError, "integer ratio does not fit in 64 bits");
    auto num = static_cast<std::int64_t>(m);
    std::int64_t den = 1;
    if (e > 0) {
        if (e > 62 || std::fabs(m) * std::ldexp(1.0, e) >= 9.2e18) raise(exc::OverflowError, "integer ratio does not fit in 64 bits");
        num <<= e;
    } else {
        while (e < 0 && num % 2 == 0 && num != 0) {
            num /= 2;
            ++e;
        }
        if (-e > 62) raise(exc::OverflowError, "integer ratio does not fit in 64 bits");
        den = std::int64_t{1} << -e;
    }
    return tuple({Value(num), Value(den)});
}

// --- generators ----------------------------------------------------------------------------
inline Generator& generator_of(const Value& self, std::string_view method) {
    auto* g = self.kind() == Kind::native ? dynamic_cast<Generator*>(self.as<NativeObject>()) : nullptr;
    if (!g)
        raise(exc::TypeError, "descriptor '" + std::string(method) + "' for 'generator' objects doesn't apply to a '" +
                                  detail::tname(self) + "' object");
    return *g;
}
// send(v) and __next__(): the next yielded value, or StopIteration carrying what it returned.
inline Value generator_step(Interpreter& vm, const Value& self, const Value& sent, std::string_view method) {
    Generator& g = generator_of(self, method);
    Value out;
    if (vm.resume_generator(g, sent, out)) return out;
    detail::builtins::raise_stop_iteration(vm, out);
}
STANDIN_BUILTIN_FN(generator_send) {
    arity("send", args, 1, 1);
    return generator_step(vm, self, args[0], "send");
}
STANDIN_BUILTIN_FN(generator_next) {
    arity("__next__", args, 0, 0);
    return generator_step(vm, self, Value(), "__next__");
}
// A built-in iterator's __next__() and __iter__() (it.__next__(), as next(it)).
STANDIN_BUILTIN_FN(iterator_next) {
    arity("__next__", args, 0, 0);
    auto* n = self.dyn<NativeObject>();
    if (!n || !dynamic_cast<Iterator*>(n)) raise(exc::TypeError, "descriptor '__next__' requires an iterator");
    Value out;
    if (!vm.next(self, out)) vm.raise_exception(vm.new_exception(exc::StopIteration, ""));
    return out;
}
STANDIN_BUILTIN_FN(iterator_iter) {
    arity("__iter__", args, 0, 0);
    return self;
}
STANDIN_BUILTIN_FN(generator_iter) {
    arity("__iter__", args, 0, 0);
    generator_of(self, "__iter__");
    return self;
}
// close(): GeneratorExit where it stopped (its finally blocks run).
STANDIN_BUILTIN_FN(generator_close) {
    arity("close", args, 0, 0);
    vm.close_generator(generator_of(self, "close"));
    return Value();
}
// throw(exc): raises exc (a class or an instance) where it stopped; its next yield or StopIteration.
STANDIN_BUILTIN_FN(generator_throw) {
    arity("throw", args, 1, 1);
    Generator& g = generator_of(self, "throw");
    Value exception = args[0];
    if (auto* cls = exception.dyn<Class>(); cls && cls->is_subclass_of(vm.types().base_exception.get()))
        exception = vm.call_value(exception, {});
    if (!vm.isinstance(exception, vm.types().base_exception.get()))
        raise(exc::TypeError, "exceptions must be classes or instances deriving from BaseException, not " + detail::tname(exception));
    Value out;
    if (vm.throw_into_generator(g, exception, out)) return out;
    detail::builtins::raise_stop_iteration(vm, out);
}

}  // namespace detail::methods


STANDIN_NAMESPACE_END

