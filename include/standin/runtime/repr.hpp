// repr() and str() of runtime values, byte for byte as CPython prints them:
// shortest round-trip floats, CPython's string quoting, (1,) for one-tuples,
// [...] for a list that contains itself.
// Counterpart: CPython's object_repr/str slots (floatobject.c's float_repr,
// unicodeobject.c's unicode_repr, listobject.c's list_repr).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/callable.hpp>
#include <standin/runtime/klass.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// The guest type name of a value, as `type(v).__name__` prints it.
inline std::string_view type_name(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::null: return "<null>";
    case Kind::none: return "NoneType";
    case Kind::bool_: return "bool";
    case Kind::int_: return "int";
    case Kind::float_: return "float";
    case Kind::str: return "str";
    case Kind::tuple: return "tuple";
    case Kind::list:
    case Kind::dict:
        if (Instance* inst = subclass_instance(v)) return inst->cls()->name()->view();
        return v.kind() == Kind::list ? "list" : "dict";
    case Kind::range: return "range";
    case Kind::slice: return "slice";
    case Kind::function: return "function";
    case Kind::bound_method: return "method";
    case Kind::builtin: return "builtin_function_or_method";
    case Kind::class_: return "type";
    case Kind::instance: return v.as<Instance>()->cls()->name()->view();
    case Kind::module: return "module";
    case Kind::tensor: return "Tensor";
    case Kind::cell: return "cell";
    case Kind::code: return "code";
    case Kind::native: return v.as<NativeObject>()->type_name();
    }
    return "object";
}

// Python's repr(float): the shortest digits that round-trip, printed in
// fixed notation when the decimal exponent is in [-4, 16), else scientific.
inline std::string float_repr(double d) {
    if (std::isnan(d)) return "nan";
    if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
    if (d == 0.0) return std::signbit(d) ? "-0.0" : "0.0";
    char buf[64];
    auto res = std::to_chars(buf, buf + sizeof buf, d, std::chars_format::scientific);
    std::string_view sci(buf, static_cast<std::size_t>(res.ptr - buf));
    // sci looks like "-1.2345e+17" or "5e-07": split sign, digits and exponent.
    bool negative = sci.front() == '-';
    if (negative) sci.remove_prefix(1);
    auto e_pos = sci.find('e');
    std::string digits;
    for (char c : sci.substr(0, e_pos))
        if (c != '.') digits += c;
    int exponent = 0;
    std::from_chars(sci.data() + e_pos + 1 + (sci[e_pos + 1] == '+'), sci.data() + sci.size(), exponent);

    std::string out = negative ? "-" : "";
    if (exponent >= -4 && exponent < 16) {
        if (exponent < 0) {
            out += "0.";
            out.append(static_cast<std::size_t>(-exponent - 1), '0');
            out += digits;
        } else if (static_cast<std::size_t>(exponent) + 1 >= digits.size()) {
            out += digits;
            out.append(static_cast<std::size_t>(exponent) + 1 - digits.size(), '0');
            out += ".0";
        } else {
            out += digits.substr(0, static_cast<std::size_t>(exponent) + 1);
            out += '.';
            out += digits.substr(static_cast<std::size_t>(exponent) + 1);
        }
        return out;
    }
    out += digits[0];
    if (digits.size() > 1) {
        out += '.';
        out += digits.substr(1);
    }
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof exp_buf, "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
    out += exp_buf;
    return out;
}

namespace detail {

// Decodes one UTF-8 code point at s[i], advancing i; invalid bytes decode as
// themselves (they cannot occur in strings the lexer accepted).
inline char32_t next_code_point(std::string_view s, std::size_t& i) noexcept {
    auto c = static_cast<unsigned char>(s[i++]);
    if (c < 0x80) return c;
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    char32_t cp = c & (0x3F >> extra);
    for (int k = 0; k < extra && i < s.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    return cp;
}

// str.isprintable() for one code point: the control, format, separator and
// unassigned categories are escaped. This covers the ranges programs meet
// (C0/C1 controls, NBSP, soft hyphen, zero-width and bidi marks, line and
// paragraph separators, BOM, surrogates, private use), not all of Unicode.
inline bool is_printable(char32_t cp) noexcept {
    if (cp < 0x20 || (cp >= 0x7F && cp <= 0xA0) || cp == 0xAD) return false;
    if (cp >= 0x2000 && cp <= 0x200F) return false;
    if (cp >= 0x2028 && cp <= 0x202F) return false;
    if (cp >= 0x205F && cp <= 0x206F) return false;
    if (cp == 0x1680 || cp == 0x3000 || cp == 0xFEFF) return false;
    if (cp >= 0xD800 && cp <= 0xF8FF) return false;
    if (cp >= 0xFFF0 && cp <= 0xFFFF) return false;
    if (cp >= 0xE0000) return false;
    return true;
}

}  // namespace detail

// Python's repr(str): single quotes unless the text has ' and no ".
inline std::string str_repr(std::string_view s) {
    const bool use_double = s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos;
    const char quote = use_double ? '"' : '\'';
    std::string out(1, quote);
    for (std::size_t i = 0; i < s.size();) {
        std::size_t start = i;
        char32_t cp = detail::next_code_point(s, i);
        if (cp == static_cast<char32_t>(quote) || cp == '\\') {
            out += '\\';
            out += static_cast<char>(cp);
        } else if (cp == '\t') {
            out += "\\t";
        } else if (cp == '\n') {
            out += "\\n";
        } else if (cp == '\r') {
            out += "\\r";
        } else if (!detail::is_printable(cp)) {
            char buf[16];
            if (cp <= 0xFF) std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
            else if (cp <= 0xFFFF) std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
            else std::snprintf(buf, sizeof buf, "\\U%08x", static_cast<unsigned>(cp));
            out += buf;
        } else {
            out.append(s.substr(start, i - start));
        }
    }
    out += quote;
    return out;
}

// Lets a later layer print what the runtime cannot: user __repr__ methods,
// tensors, code objects. Returns false to fall back to the default.
class ReprHook {
public:
    virtual bool repr(const Value& v, std::string& out) = 0;
    // The name an OrderedDict (or a subclass of it) prints under.
    virtual std::string ordered_dict_name(const Value&) { return "OrderedDict"; }

protected:
    ~ReprHook() = default;
};

namespace detail {

class Printer {
public:
    explicit Printer(ReprHook* hook) : hook_(hook) {}

    void repr(const Value& v, std::string& out) {
        // A list or dict of a guest subclass with a __repr__ of its own.
        if (subclass_instance(v) && hook_ && hook_->repr(v, out)) return;
        switch (v.kind()) {
        case Kind::null: out += "<NULL>"; return;
        case Kind::none: out += "None"; return;
        case Kind::bool_: out += v.as_bool() ? "True" : "False"; return;
        case Kind::int_: out += std::to_string(v.as_int()); return;
        case Kind::float_: out += float_repr(v.as_float()); return;
        case Kind::str: out += str_repr(v.as<Str>()->view()); return;
        case Kind::tuple: {
            auto items = v.as<Tuple>()->items();
            if (!enter(v, out, "(...)")) return;
            out += '(';
            sequence(items, out);
            if (items.size() == 1) out += ',';
            out += ')';
            leave();
            return;
        }
        case Kind::list: {
            if (!enter(v, out, "[...]")) return;
            out += '[';
            sequence(v.as<List>()->items(), out);
            out += ']';
            leave();
            return;
        }
        case Kind::dict: {
            if (v.as<Dict>()->is_ordered()) {  // OrderedDict([('a', 1)]), as Python 3.11 prints it
                if (!enter(v, out, "...")) return;
                out += (hook_ ? hook_->ordered_dict_name(v) : std::string("OrderedDict")) + "(";
                bool first = true;
                v.as<Dict>()->for_each([&](const Value& k, const Value& val) {
                    out += first ? "[(" : ", (";
                    first = false;
                    repr(k, out);
                    out += ", ";
                    repr(val, out);
                    out += ')';
                });
                out += first ? ")" : "])";
                leave();
                return;
            }
            if (!enter(v, out, "{...}")) return;
            out += '{';
            bool first = true;
            v.as<Dict>()->for_each([&](const Value& k, const Value& val) {
                if (!first) out += ", ";
                first = false;
                repr(k, out);
                out += ": ";
                repr(val, out);
            });
            out += '}';
            leave();
            return;
        }
        case Kind::range: {
            auto* r = v.as<Range>();
            out += "range(" + std::to_string(r->start()) + ", " + std::to_string(r->stop());
            if (r->step() != 1) out += ", " + std::to_string(r->step());
            out += ')';
            return;
        }
        case Kind::slice: {
            auto* s = v.as<Slice>();
            out += "slice(";
            repr(s->start(), out);
            out += ", ";
            repr(s->stop(), out);
            out += ", ";
            repr(s->step(), out);
            out += ')';
            return;
        }
        default: break;
        }
        if (is_ellipsis(v)) {
            out += "Ellipsis";
            return;
        }
        if (hook_ && hook_->repr(v, out)) return;
        switch (v.kind()) {
        case Kind::function:
            out += "<function " + std::string(v.as<Function>()->qualname()->view()) + " at " + address(v) + ">";
            return;
        case Kind::builtin: out += "<built-in function " + std::string(v.as<Builtin>()->name()->view()) + ">"; return;
        case Kind::class_: out += "<class '" + std::string(v.as<Class>()->name()->view()) + "'>"; return;
        case Kind::module: out += "<module '" + std::string(v.as<Module>()->name()->view()) + "'>"; return;
        default:
            out += "<" + std::string(type_name(v)) + " object at " + address(v) + ">";
            return;
        }
    }

private:
    static std::string address(const Value& v) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%#llx", static_cast<unsigned long long>(v.raw_bits()));
        return buf;
    }
    void sequence(std::span<const Value> items, std::string& out) {
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i) out += ", ";
            repr(items[i], out);
        }
    }
    // Guards against containers that contain themselves.
    bool enter(const Value& v, std::string& out, std::string_view placeholder) {
        for (const Object* o : active_)
            if (o == v.object()) {
                out += placeholder;
                return false;
            }
        if (active_.size() >= max_depth)
            raise(exc::RecursionError, "maximum recursion depth exceeded while getting the repr of an object");
        active_.push_back(v.object());
        return true;
    }
    void leave() { active_.pop_back(); }

    static constexpr std::size_t max_depth = 1000;
    ReprHook* hook_;
    std::vector<const Object*> active_;
};

}  // namespace detail

inline std::string repr(const Value& v, ReprHook* hook = nullptr) {
    std::string out;
    detail::Printer(hook).repr(v, out);
    return out;
}

// str(v): the text itself for strings, repr otherwise (for runtime kinds).
inline std::string to_str(const Value& v, ReprHook* hook = nullptr) {
    if (auto* s = v.dyn<Str>()) return s->text();
    return repr(v, hook);
}

STANDIN_NAMESPACE_END
