// Guest strings: immutable UTF-8 text with a precomputed hash and code-point
// length. Names (attributes, globals, keywords) are interned process-wide, so
// they compare by pointer and hash for free.
// Counterpart: CPython's unicodeobject.c and its interning.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/value.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

namespace detail {

// FNV-1a, folded to 63 bits so -1 (CPython's "no hash" value) never appears.
inline constexpr std::int64_t hash_bytes(std::string_view s) noexcept {
    std::uint64_t h = 14695981039346656037ull;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ull;
    }
    return static_cast<std::int64_t>(h >> 1);
}

// Number of code points in valid UTF-8 (continuation bytes are not counted).
inline std::size_t utf8_length(std::string_view s) noexcept {
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
}

}  // namespace detail

class Str final : public Object {
public:
    static constexpr Kind static_kind = Kind::str;

    explicit Str(std::string text)
        : Object(Kind::str),
          text_(std::move(text)),
          hash_(detail::hash_bytes(text_)),
          length_(detail::utf8_length(text_)) {}

    std::string_view view() const noexcept { return text_; }
    const std::string& text() const noexcept { return text_; }
    std::int64_t hash() const noexcept { return hash_; }
    // Length in code points, as the guest's len() sees it.
    std::size_t length() const noexcept { return length_; }
    bool is_ascii() const noexcept { return length_ == text_.size(); }
    bool interned() const noexcept { return refcount() == Object::immortal; }

private:
    std::string text_;
    std::int64_t hash_;
    std::size_t length_;
};

inline Value str(std::string text) { return make_value<Str>(std::move(text)); }

// The process-wide table of interned names. Interning happens when code is
// compiled or a source type is first used, never on a hot path; the table is
// the one piece of state shared between interpreters, and it only grows.
class InternTable {
public:
    static InternTable& instance() {
        // Never destroyed: interned names may be used by other static
        // objects' destructors at exit.
        static InternTable* table = new InternTable;
        return *table;
    }

    Str* intern(std::string_view text) {
        std::lock_guard lock(mutex_);
        auto it = table_.find(text);
        if (it != table_.end()) return it->second.get();
        auto owned = std::make_unique<Str>(std::string(text));
        owned->make_immortal();
        Str* raw = owned.get();
        table_.emplace(raw->view(), std::move(owned));
        return raw;
    }

private:
    std::mutex mutex_;
    std::unordered_map<std::string_view, std::unique_ptr<Str>> table_;
};

// The interned Str for `text`: the same pointer for equal text, forever.
inline Str* intern(std::string_view text) { return InternTable::instance().intern(text); }

// A Value holding the interned string (immortal, so no count is touched).
inline Value interned(std::string_view text) { return Value::borrow(intern(text)); }

namespace detail {

// Code point index -> byte range in UTF-8 text (O(n) unless ASCII).
inline std::pair<std::size_t, std::size_t> utf8_char_range(const Str& s, std::int64_t index) {
    if (s.is_ascii()) return {static_cast<std::size_t>(index), 1};
    std::string_view t = s.view();
    std::size_t pos = 0;
    for (std::int64_t k = 0; k < index; ++k) {
        ++pos;
        while (pos < t.size() && (static_cast<unsigned char>(t[pos]) & 0xC0) == 0x80) ++pos;
    }
    std::size_t end = pos + 1;
    while (end < t.size() && (static_cast<unsigned char>(t[end]) & 0xC0) == 0x80) ++end;
    return {pos, end - pos};
}

inline std::vector<std::string_view> utf8_chars(std::string_view t) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < t.size();) {
        std::size_t j = i + 1;
        while (j < t.size() && (static_cast<unsigned char>(t[j]) & 0xC0) == 0x80) ++j;
        out.push_back(t.substr(i, j - i));
        i = j;
    }
    return out;
}

}  // namespace detail

STANDIN_NAMESPACE_END
