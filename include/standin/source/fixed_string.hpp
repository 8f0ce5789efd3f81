// fixed_string: a compile-time string usable as a template argument
// (`L<"x">`), concatenable in constant expressions, so a source's printed name
// is computed by the compiler and checked with static_assert.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

template <std::size_t N>
struct fixed_string {
    // Public so that fixed_string is a structural type (a valid template argument).
    char chars[N + 1]{};

    constexpr fixed_string() = default;
    constexpr fixed_string(const char (&text)[N + 1]) {
        for (std::size_t i = 0; i < N; ++i) chars[i] = text[i];
    }
    constexpr explicit fixed_string(std::string_view text) {
        for (std::size_t i = 0; i < N && i < text.size(); ++i) chars[i] = text[i];
    }

    static constexpr std::size_t size() noexcept { return N; }
    constexpr std::string_view view() const noexcept { return {chars, N}; }
    constexpr operator std::string_view() const noexcept { return view(); }
    constexpr const char* c_str() const noexcept { return chars; }

    template <std::size_t M>
    constexpr fixed_string<N + M> operator+(const fixed_string<M>& other) const {
        fixed_string<N + M> out;
        for (std::size_t i = 0; i < N; ++i) out.chars[i] = chars[i];
        for (std::size_t i = 0; i < M; ++i) out.chars[N + i] = other.chars[i];
        return out;
    }
    template <std::size_t M>
    constexpr fixed_string<N + M - 1> operator+(const char (&text)[M]) const {
        return *this + fixed_string<M - 1>(text);
    }

    friend constexpr bool operator==(const fixed_string& a, std::string_view b) noexcept { return a.view() == b; }
    template <std::size_t M>
    friend constexpr bool operator==(const fixed_string& a, const fixed_string<M>& b) noexcept {
        return a.view() == b.view();
    }
};

template <std::size_t N>
fixed_string(const char (&)[N]) -> fixed_string<N - 1>;

template <std::size_t N, std::size_t M>
constexpr fixed_string<N - 1 + M> operator+(const char (&text)[N], const fixed_string<M>& s) {
    return fixed_string<N - 1>(text) + s;
}

namespace detail {

// Python's str.isidentifier() for ASCII; bytes of multi-byte UTF-8 count as
// letters, as most non-ASCII code points in names are.
constexpr bool is_identifier(std::string_view s) noexcept {
    if (s.empty()) return false;
    auto letter = [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || static_cast<unsigned char>(c) >= 0x80;
    };
    if (!letter(s[0])) return false;
    for (char c : s)
        if (!letter(c) && !(c >= '0' && c <= '9')) return false;
    return true;
}

// The quote Python's repr() picks: ' unless the text has ' and no ".
// (Plain loops: GCC 12 rejects string_view::find on template parameter objects
// in constant expressions.)
constexpr char repr_quote(std::string_view s) noexcept {
    bool single = false, dbl = false;
    for (char c : s) {
        single = single || c == '\'';
        dbl = dbl || c == '"';
    }
    return single && !dbl ? '"' : '\'';
}

// Length of Python's repr() of an ASCII string.
constexpr std::size_t str_repr_length(std::string_view s) noexcept {
    const char quote = repr_quote(s);
    std::size_t n = 2;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (c == quote || c == '\\' || c == '\t' || c == '\n' || c == '\r') n += 2;
        else if (u < 0x20 || u == 0x7F) n += 4;
        else n += 1;
    }
    return n;
}

constexpr void str_repr_into(std::string_view s, char* out) noexcept {
    const char quote = repr_quote(s);
    constexpr char hex[] = "0123456789abcdef";
    *out++ = quote;
    for (char c : s) {
        auto u = static_cast<unsigned char>(c);
        if (c == quote || c == '\\') {
            *out++ = '\\';
            *out++ = c;
        } else if (c == '\t' || c == '\n' || c == '\r') {
            *out++ = '\\';
            *out++ = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
        } else if (u < 0x20 || u == 0x7F) {
            *out++ = '\\';
            *out++ = 'x';
            *out++ = hex[u >> 4];
            *out++ = hex[u & 15];
        } else {
            *out++ = c;
        }
    }
    *out = quote;
}

constexpr std::size_t int_length(std::int64_t v) noexcept {
    std::size_t n = v < 0 ? 2 : 1;
    std::uint64_t m = v < 0 ? 0 - static_cast<std::uint64_t>(v) : static_cast<std::uint64_t>(v);
    while (m >= 10) {
        m /= 10;
        ++n;
    }
    return n;
}

}  // namespace detail

// repr() of a compile-time string: `'k'`.
template <fixed_string S>
constexpr auto repr_of() {
    fixed_string<detail::str_repr_length(S.view())> out;
    detail::str_repr_into(S.view(), out.chars);
    return out;
}

// Decimal text of a compile-time integer.
template <std::int64_t V>
constexpr auto repr_of() {
    fixed_string<detail::int_length(V)> out;
    std::uint64_t m = V < 0 ? 0 - static_cast<std::uint64_t>(V) : static_cast<std::uint64_t>(V);
    std::size_t i = out.size();
    do {
        out.chars[--i] = static_cast<char>('0' + m % 10);
        m /= 10;
    } while (m);
    if (V < 0) out.chars[0] = '-';
    return out;
}

STANDIN_NAMESPACE_END
