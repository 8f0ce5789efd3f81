// Unicode case mappings and character properties, as CPython's str methods
// use them (upper/lower/title/swapcase/capitalize/casefold, the is* tests).
// The tables (runtime/unicode_tables.hpp) are generated from CPython's own by
// scripts/gen_unicode_tables.py.
// Counterpart: CPython's Objects/unicodectype.c and the case functions of
// Objects/unicodeobject.c (do_upper, do_lower, do_title, handle_capital_sigma).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/unicode_tables.hpp>
#include <algorithm>
#include <cstddef>
#include <span>

STANDIN_NAMESPACE_BEGIN
namespace detail::unicode {

// The run holding c, or nullptr.
inline const CaseRun* find_run(std::span<const CaseRun> runs, char32_t c) noexcept {
    auto it = std::upper_bound(runs.begin(), runs.end(), c, [](char32_t x, const CaseRun& r) { return x < r.lo; });
    if (it == runs.begin()) return nullptr;
    const CaseRun& r = *--it;
    return c <= r.hi && (c - r.lo) % static_cast<char32_t>(r.stride) == 0 ? &r : nullptr;
}
inline bool in_ranges(std::span<const CodeRange> ranges, char32_t c) noexcept {
    auto it = std::upper_bound(ranges.begin(), ranges.end(), c, [](char32_t x, const CodeRange& r) { return x < r.lo; });
    return it != ranges.begin() && c <= (--it)->hi;
}

inline char32_t simple_upper(char32_t c) noexcept {
    if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
    const CaseRun* r = find_run(upper_runs, c);
    return r ? static_cast<char32_t>(static_cast<std::int32_t>(c) + r->delta) : c;
}
inline char32_t simple_lower(char32_t c) noexcept {
    if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
    const CaseRun* r = find_run(lower_runs, c);
    return r ? static_cast<char32_t>(static_cast<std::int32_t>(c) + r->delta) : c;
}

enum class Case { upper, lower, title, fold };

// c's full mapping into out (one to three code points); returns how many.
inline int full_case(Case kind, char32_t c, char32_t out[3]) noexcept {
    if (c < 0x80) {
        out[0] = kind == Case::lower || kind == Case::fold ? simple_lower(c) : simple_upper(c);
        return 1;
    }
    std::span<const CaseSpecial> specials = kind == Case::upper   ? std::span<const CaseSpecial>(upper_specials)
                                            : kind == Case::lower ? std::span<const CaseSpecial>(lower_specials)
                                            : kind == Case::title ? std::span<const CaseSpecial>(title_specials)
                                                                  : std::span<const CaseSpecial>(fold_specials);
    auto it = std::lower_bound(specials.begin(), specials.end(), c, [](const CaseSpecial& s, char32_t x) { return s.c < x; });
    if (it != specials.end() && it->c == c) {
        int n = 0;
        while (n < 3 && it->to[n]) out[n] = it->to[n], ++n;
        return n;
    }
    if (kind == Case::title || kind == Case::fold) {
        if (const CaseRun* r = find_run(kind == Case::title ? std::span<const CaseRun>(title_runs) : std::span<const CaseRun>(fold_runs), c)) {
            out[0] = static_cast<char32_t>(static_cast<std::int32_t>(c) + r->delta);
            return 1;
        }
    }
    out[0] = kind == Case::upper || kind == Case::title ? simple_upper(c) : simple_lower(c);
    return 1;
}

inline bool is_lowercase(char32_t c) noexcept { return c < 0x80 ? c >= 'a' && c <= 'z' : in_ranges(lowercase_ranges, c); }
inline bool is_uppercase(char32_t c) noexcept { return c < 0x80 ? c >= 'A' && c <= 'Z' : in_ranges(uppercase_ranges, c); }
inline bool is_titlecase(char32_t c) noexcept { return c >= 0x80 && in_ranges(titlecase_ranges, c); }
inline bool is_cased(char32_t c) noexcept {
    return c < 0x80 ? (c | 32) >= 'a' && (c | 32) <= 'z' : in_ranges(cased_ranges, c);
}
inline bool is_case_ignorable(char32_t c) noexcept { return in_ranges(case_ignorable_ranges, c); }
inline bool is_alpha(char32_t c) noexcept { return c < 0x80 ? (c | 32) >= 'a' && (c | 32) <= 'z' : in_ranges(alpha_ranges, c); }
inline bool is_decimal(char32_t c) noexcept { return c < 0x80 ? c >= '0' && c <= '9' : in_ranges(decimal_ranges, c); }
inline bool is_digit(char32_t c) noexcept { return c < 0x80 ? c >= '0' && c <= '9' : in_ranges(digit_ranges, c); }
inline bool is_numeric(char32_t c) noexcept { return c < 0x80 ? c >= '0' && c <= '9' : in_ranges(numeric_ranges, c); }
inline bool is_space(char32_t c) noexcept { return in_ranges(space_ranges, c); }

// U+03A3 lowers to the final sigma when a cased letter precedes it and none
// follows (case-ignorable code points between are skipped).
inline char32_t lower_sigma(std::span<const char32_t> text, std::size_t i) noexcept {
    std::size_t j = i;
    while (j > 0 && is_case_ignorable(text[j - 1])) --j;
    bool final_sigma = j > 0 && is_cased(text[j - 1]);
    if (final_sigma) {
        std::size_t k = i + 1;
        while (k < text.size() && is_case_ignorable(text[k])) ++k;
        final_sigma = k == text.size() || !is_cased(text[k]);
    }
    return final_sigma ? 0x3C2 : 0x3C3;
}

}  // namespace detail::unicode
STANDIN_NAMESPACE_END
