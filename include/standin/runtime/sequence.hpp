// Guest sequences: tuple (immutable), list (mutable, versioned), range and
// slice, with the index arithmetic CPython applies to them.
// Counterpart: CPython's tupleobject.c, listobject.c, rangeobject.c, sliceobject.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/value.hpp>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Tuple final : public Object {
public:
    static constexpr Kind static_kind = Kind::tuple;

    Tuple() : Object(Kind::tuple) {}
    explicit Tuple(std::vector<Value> items) : Object(Kind::tuple), items_(std::move(items)) {}
    Tuple(std::initializer_list<Value> items) : Object(Kind::tuple), items_(items) {}

    std::size_t size() const noexcept { return items_.size(); }
    const Value& operator[](std::size_t i) const noexcept { return items_[i]; }
    std::span<const Value> items() const noexcept { return items_; }

private:
    std::vector<Value> items_;
};

inline Value tuple(std::vector<Value> items) { return make_value<Tuple>(std::move(items)); }

// Normalises a guest index (negative counts from the end) against `size`;
// returns false when it is out of range.
inline bool normalize_index(std::int64_t& index, std::size_t size) noexcept {
    auto n = static_cast<std::int64_t>(size);
    if (index < 0) index += n;
    return index >= 0 && index < n;
}

class List final : public Object, public Versioned, public PySubclassSlot {
public:
    static constexpr Kind static_kind = Kind::list;

    List() : Object(Kind::list) {}
    explicit List(std::vector<Value> items) : Object(Kind::list), items_(std::move(items)) {}
    List(std::initializer_list<Value> items) : Object(Kind::list), items_(items) {}

    std::size_t size() const noexcept { return items_.size(); }
    const Value& operator[](std::size_t i) const noexcept { return items_[i]; }
    std::span<const Value> items() const noexcept { return items_; }

    // `xs[i]` with a guest index; IndexError when out of range.
    const Value& at(std::int64_t index) const {
        if (!normalize_index(index, items_.size())) raise(exc::IndexError, "list index out of range");
        return items_[static_cast<std::size_t>(index)];
    }

    // Every mutator below changes version().
    void set(std::int64_t index, Value v) {
        if (!normalize_index(index, items_.size()))
            raise(exc::IndexError, "list assignment index out of range");
        items_[static_cast<std::size_t>(index)] = std::move(v);
        bump_version();
    }
    void append(Value v) {
        items_.push_back(std::move(v));
        bump_version();
    }
    void extend(std::span<const Value> vs) {
        items_.insert(items_.end(), vs.begin(), vs.end());
        bump_version();
    }
    // list.insert clamps the index instead of failing, as CPython does.
    void insert(std::int64_t index, Value v) {
        auto n = static_cast<std::int64_t>(items_.size());
        if (index < 0) index = index + n < 0 ? 0 : index + n;
        if (index > n) index = n;
        items_.insert(items_.begin() + index, std::move(v));
        bump_version();
    }
    Value pop(std::int64_t index = -1) {
        if (items_.empty()) raise(exc::IndexError, "pop from empty list");
        if (!normalize_index(index, items_.size())) raise(exc::IndexError, "pop index out of range");
        Value v = std::move(items_[static_cast<std::size_t>(index)]);
        items_.erase(items_.begin() + index);
        bump_version();
        return v;
    }
    void erase(std::int64_t index) {
        if (!normalize_index(index, items_.size()))
            raise(exc::IndexError, "list assignment index out of range");
        items_.erase(items_.begin() + index);
        bump_version();
    }
    void clear() {
        // Move out first: destroying an element may run code that reads this list.
        std::vector<Value> old;
        old.swap(items_);
        bump_version();
    }
    void reverse() {
        std::reverse(items_.begin(), items_.end());
        bump_version();
    }
    // Replaces the whole contents (sorting, slice assignment).
    void assign(std::vector<Value> items) {
        items_.swap(items);
        bump_version();
    }

private:
    std::vector<Value> items_;
};

inline Value list(std::vector<Value> items) { return make_value<List>(std::move(items)); }

class Range final : public Object {
public:
    static constexpr Kind static_kind = Kind::range;

    // `step` must not be zero (the caller raises ValueError first).
    Range(std::int64_t start, std::int64_t stop, std::int64_t step) noexcept
        : Object(Kind::range), start_(start), stop_(stop), step_(step) {
        // Computed in unsigned arithmetic: stop - start may not fit in int64.
        if (step > 0 && start < stop)
            length_ = static_cast<std::int64_t>(
                (static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start) - 1) /
                    static_cast<std::uint64_t>(step) + 1);
        else if (step < 0 && start > stop)
            length_ = static_cast<std::int64_t>(
                (static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop) - 1) /
                    (0 - static_cast<std::uint64_t>(step)) + 1);
    }

    std::int64_t start() const noexcept { return start_; }
    std::int64_t stop() const noexcept { return stop_; }
    std::int64_t step() const noexcept { return step_; }
    std::int64_t length() const noexcept { return length_; }
    // The i-th element, 0 <= i < length().
    std::int64_t item(std::int64_t i) const noexcept {
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(start_) +
                                         static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(step_));
    }

private:
    std::int64_t start_, stop_, step_;
    std::int64_t length_ = 0;
};

// The resolved form of a slice against a sequence length (PySlice_AdjustIndices).
struct SliceIndices {
    std::int64_t start, stop, step, length;
};

class Slice final : public Object {
public:
    static constexpr Kind static_kind = Kind::slice;

    Slice(Value start, Value stop, Value step)
        : Object(Kind::slice), start_(std::move(start)), stop_(std::move(stop)), step_(std::move(step)) {}

    const Value& start() const noexcept { return start_; }
    const Value& stop() const noexcept { return stop_; }
    const Value& step() const noexcept { return step_; }

    // Resolves against a sequence of `length` items; bounds are None or
    // integral (TypeError otherwise), the step non-zero (ValueError).
    SliceIndices indices(std::int64_t length) const {
        std::int64_t step = 1;
        if (!step_.is_none()) {
            step = bound(step_);
            if (step == 0) raise(exc::ValueError, "slice step cannot be zero");
            // As CPython: keeps -step representable.
            if (step == std::numeric_limits<std::int64_t>::min()) step = -std::numeric_limits<std::int64_t>::max();
        }
        const std::int64_t lower = step < 0 ? -1 : 0;
        const std::int64_t upper = step < 0 ? length - 1 : length;
        auto clamp = [&](const Value& v, std::int64_t dflt) {
            if (v.is_none()) return dflt;
            std::int64_t i = bound(v);
            if (i < 0) {
                i += length;
                if (i < lower) i = lower;
            } else if (i > upper) {
                i = upper;
            }
            return i;
        };
        std::int64_t start = clamp(start_, step < 0 ? upper : lower);
        std::int64_t stop = clamp(stop_, step < 0 ? lower : upper);
        std::int64_t n = 0;
        if (step > 0 && start < stop) n = (stop - start - 1) / step + 1;
        if (step < 0 && stop < start) n = (start - stop - 1) / (-step) + 1;
        return {start, stop, step, n};
    }

private:
    static std::int64_t bound(const Value& v) {
        if (!v.is_integral())
            raise(exc::TypeError,
                  "slice indices must be integers or None or have an __index__ method");
        return v.as_integral();
    }

    Value start_, stop_, step_;
};

STANDIN_NAMESPACE_END
