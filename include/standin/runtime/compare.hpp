// Python's hash() and == over the runtime's value kinds. Numbers hash as
// CPython hashes them (so 1, 1.0 and True are one dict key); containers
// compare element-wise; other heap objects compare and hash by identity (the
// vm layers user-defined __eq__/__hash__ on top).
// Counterpart: CPython's Python/pyhash.c, tuplehash, and the rich comparisons.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/dict.hpp>

#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

STANDIN_NAMESPACE_BEGIN

namespace detail {

inline constexpr std::uint64_t hash_modulus = (std::uint64_t{1} << 61) - 1;

inline std::int64_t hash_int(std::int64_t n) noexcept {
    std::uint64_t mag = n < 0 ? 0 - static_cast<std::uint64_t>(n) : static_cast<std::uint64_t>(n);
    auto h = static_cast<std::int64_t>(mag % hash_modulus);
    if (n < 0) h = -h;
    return h == -1 ? -2 : h;
}

// CPython's _Py_HashDouble (without 3.10's identity hash for NaN).
inline std::int64_t hash_float(double v) noexcept {
    if (std::isinf(v)) return v > 0 ? 314159 : -314159;
    if (std::isnan(v)) return 0;
    if (v == std::trunc(v) && std::fabs(v) < 9.2e18) return hash_int(static_cast<std::int64_t>(v));
    int e = 0;
    double m = std::frexp(v, &e);
    int sign = 1;
    if (m < 0) {
        sign = -1;
        m = -m;
    }
    std::uint64_t x = 0;
    while (m != 0.0) {
        x = ((x << 28) & hash_modulus) | x >> (61 - 28);
        m *= 268435456.0;  // 2**28
        e -= 28;
        auto y = static_cast<std::uint64_t>(m);
        m -= static_cast<double>(y);
        x += y;
        if (x >= hash_modulus) x -= hash_modulus;
    }
    e = e >= 0 ? e % 61 : 61 - 1 - ((-1 - e) % 61);
    x = ((x << e) & hash_modulus) | x >> (61 - e);
    auto h = static_cast<std::int64_t>(x) * sign;
    return h == -1 ? -2 : h;
}

inline std::int64_t hash_identity(const Object* o) noexcept {
    auto p = reinterpret_cast<std::uintptr_t>(o);
    return static_cast<std::int64_t>(std::rotr(static_cast<std::uint64_t>(p), 4) >> 1);
}

// int == float compared exactly, as CPython does (2**53 + 1 != 2.0**53).
inline bool int_equals_float(std::int64_t i, double f) noexcept {
    if (!(f == std::trunc(f))) return false;
    if (f < -9.2233720368547758e18 || f >= 9.2233720368547758e18) return false;
    return static_cast<std::int64_t>(f) == i;
}

}  // namespace detail

namespace detail {
// User-defined __hash__/__eq__ of instances, for dict and set keys: the
// runtime cannot call guest code, so the interpreter running on this thread
// installs these (vm::InstanceHooksScope).
struct InstanceHooks {
    std::int64_t (*hash)(void* context, const Value& v) = nullptr;
    bool (*equals)(void* context, const Value& a, const Value& b) = nullptr;
    void* context = nullptr;
};
inline InstanceHooks& instance_hooks() noexcept {
    static thread_local InstanceHooks hooks;
    return hooks;
}
}  // namespace detail

namespace detail {
// CPython 3.8+'s xxHash-derived tuple hash over the items' hashes (the
// tracer combines traced items' hashes with it too).
struct TupleHash {
    static constexpr std::uint64_t p1 = 11400714785074694791ull, p2 = 14029467366897019727ull,
                                   p5 = 2870177450012600261ull;
    std::uint64_t acc = p5;
    std::uint64_t size = 0;
    void add(std::int64_t item) noexcept {
        acc += static_cast<std::uint64_t>(item) * p2;
        acc = std::rotl(acc, 31);
        acc *= p1;
        ++size;
    }
    std::int64_t done() const noexcept {
        auto h = static_cast<std::int64_t>(acc + (size ^ (p5 ^ 3527539ull)));
        return h == -1 ? 1546275796 : h;
    }
};
}  // namespace detail

inline std::int64_t hash_value(const Value& v) {
    switch (v.kind()) {
    case Kind::instance:
    case Kind::bound_method:  // (o.m == o.m: the interpreter hashes its object and function)
        if (const auto& h = detail::instance_hooks(); h.hash) return h.hash(h.context, v);
        return detail::hash_identity(v.object());
    case Kind::null:
    case Kind::none: return 0x5f3759df;
    case Kind::bool_: return v.as_bool() ? 1 : 0;
    case Kind::int_: return detail::hash_int(v.as_int());
    case Kind::float_: return detail::hash_float(v.as_float());
    case Kind::str: return v.as<Str>()->hash();
    case Kind::tuple: {
        detail::TupleHash h;
        for (const auto& item : v.as<Tuple>()->items()) h.add(hash_value(item));
        return h.done();
    }
    case Kind::range: {
        auto* r = v.as<Range>();
        Tuple key{Value(r->length()), Value(r->length() ? r->start() : 0), Value(r->length() > 1 ? r->step() : 1)};
        std::int64_t h = 0;
        for (const auto& item : key.items()) h = h * 1000003 ^ hash_value(item);
        return h == -1 ? -2 : h;
    }
    case Kind::list: raise(exc::TypeError, "unhashable type: 'list'");
    case Kind::dict: raise(exc::TypeError, "unhashable type: 'dict'");
    case Kind::slice: raise(exc::TypeError, "unhashable type: 'slice'");
    default: return detail::hash_identity(v.object());
    }
}

namespace detail {
// Two lists or two tuples, item by item. An instance's == runs guest code,
// which may change a list: the items are read again at each step and held
// while compared.
inline bool sequence_equals(const Value& a, const Value& b) {
    auto items = [](const Value& v) { return v.kind() == Kind::list ? v.as<List>()->items() : v.as<Tuple>()->items(); };
    if (items(a).size() != items(b).size()) return false;
    for (std::size_t i = 0; i < items(a).size() && i < items(b).size(); ++i) {
        const Value x = items(a)[i], y = items(b)[i];
        if (!x.identical(y) && !equals(x, y)) return false;
    }
    return items(a).size() == items(b).size();
}
}  // namespace detail

inline bool equals(const Value& a, const Value& b) {
    if (a.is_number() && b.is_number()) {
        if (a.is_float() && b.is_float()) return a.as_float() == b.as_float();
        if (a.is_float()) return detail::int_equals_float(b.as_integral(), a.as_float());
        if (b.is_float()) return detail::int_equals_float(a.as_integral(), b.as_float());
        return a.as_integral() == b.as_integral();
    }
    if (a.kind() == Kind::instance || b.kind() == Kind::instance ||
        (a.kind() == Kind::bound_method && b.kind() == Kind::bound_method)) {
        if (a.identical(b)) return true;
        if (const auto& h = detail::instance_hooks(); h.equals) return h.equals(h.context, a, b);
    }
    if (a.kind() != b.kind()) return false;
    switch (a.kind()) {
    case Kind::null:
    case Kind::none: return true;
    case Kind::str: return a.object() == b.object() || a.as<Str>()->view() == b.as<Str>()->view();
    case Kind::tuple:
    case Kind::list: return detail::sequence_equals(a, b);
    case Kind::dict: {
        auto *da = a.as<Dict>(), *db = b.as<Dict>();
        if (da->size() != db->size()) return false;
        for (std::size_t i = 0; i < da->slot_count(); ++i) {
            if (da->slot(i).key.is_null()) continue;
            const Value k = da->slot(i).key, v = da->slot(i).value;  // held, as for lists
            const Value* other = db->find_hashed(k, da->slot(i).hash);
            if (!other) return false;
            const Value ov = *other;
            if (!ov.identical(v) && !equals(v, ov)) return false;
        }
        return true;
    }
    case Kind::range: {
        auto *ra = a.as<Range>(), *rb = b.as<Range>();
        if (ra->length() != rb->length()) return false;
        if (ra->length() == 0) return true;
        if (ra->start() != rb->start()) return false;
        return ra->length() == 1 || ra->step() == rb->step();
    }
    case Kind::slice: {
        auto *sa = a.as<Slice>(), *sb = b.as<Slice>();
        return equals(sa->start(), sb->start()) && equals(sa->stop(), sb->stop()) &&
               equals(sa->step(), sb->step());
    }
    default: return a.object() == b.object();
    }
}

STANDIN_NAMESPACE_END
