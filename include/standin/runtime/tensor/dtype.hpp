// Element types of the reference tensor: bool, int64, float32, float64, their
// names as torch prints them, sizes, categories, promotion and casting rules,
// and the guest objects that stand for them (`torch.float32`).
// Counterpart: c10/core/ScalarType.h (promoteTypes, canCast) and torch.dtype.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/klass.hpp>

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

STANDIN_NAMESPACE_BEGIN

// Ordered so that promotion within the supported set is the maximum:
// bool < int64 < float32 < float64, as in c10's promotion lattice.
enum class dtype : std::uint8_t { bool_, int64, float32, float64 };

inline constexpr std::size_t dtype_count = 4;
// torch.get_default_dtype(): the type of float scalars and of float results
// computed from integers (true division, exp, mean with an explicit dtype...).
inline constexpr dtype default_dtype = dtype::float32;

inline constexpr std::size_t index_of(dtype dt) noexcept { return static_cast<std::size_t>(dt); }

inline constexpr std::size_t element_size(dtype dt) noexcept {
    constexpr std::size_t sizes[] = {1, 8, 4, 8};
    return sizes[index_of(dt)];
}

// "torch.float32": what print(t.dtype) shows.
inline constexpr std::string_view dtype_name(dtype dt) noexcept {
    constexpr std::string_view names[] = {"torch.bool", "torch.int64", "torch.float32", "torch.float64"};
    return names[index_of(dt)];
}

// "Float": c10's ScalarType name, used by torch's error messages.
inline constexpr std::string_view scalar_type_name(dtype dt) noexcept {
    constexpr std::string_view names[] = {"Bool", "Long", "Float", "Double"};
    return names[index_of(dt)];
}

inline constexpr bool is_floating(dtype dt) noexcept { return dt == dtype::float32 || dt == dtype::float64; }
// int64 or bool (c10's isIntegralType(t, /*includeBool=*/true)).
inline constexpr bool is_integral(dtype dt) noexcept { return !is_floating(dt); }

// c10::promoteTypes restricted to the four dtypes.
inline constexpr dtype promote_types(dtype a, dtype b) noexcept { return a < b ? b : a; }

// c10::canCast: the result of an op may be written into an output of type `to`
// unless that would turn a float into an integer or a number into a bool.
inline constexpr bool can_cast(dtype from, dtype to) noexcept {
    if (is_floating(from) && is_integral(to)) return false;
    if (from != dtype::bool_ && to == dtype::bool_) return false;
    return true;
}

// The C++ element type of each dtype, and back.
template <dtype D>
struct cpp_type_of;
template <> struct cpp_type_of<dtype::bool_> { using type = bool; };
template <> struct cpp_type_of<dtype::int64> { using type = std::int64_t; };
template <> struct cpp_type_of<dtype::float32> { using type = float; };
template <> struct cpp_type_of<dtype::float64> { using type = double; };
template <dtype D>
using cpp_type = typename cpp_type_of<D>::type;

template <class T>
inline constexpr dtype dtype_of = std::is_same_v<T, bool>           ? dtype::bool_
                                  : std::is_same_v<T, std::int64_t> ? dtype::int64
                                  : std::is_same_v<T, float>        ? dtype::float32
                                                                    : dtype::float64;

template <class T>
struct type_tag {
    using type = T;
};

// Calls f(type_tag<T>{}) with T the element type of `dt`: the one switch
// every dtype dispatch goes through.
template <class F>
decltype(auto) dispatch_dtype(dtype dt, F&& f) {
    switch (dt) {
    case dtype::bool_: return f(type_tag<bool>{});
    case dtype::int64: return f(type_tag<std::int64_t>{});
    case dtype::float32: return f(type_tag<float>{});
    case dtype::float64: break;
    }
    return f(type_tag<double>{});
}

// The guest object `torch.float32`: one immortal instance per dtype, so
// identity is equality and a Value holding it costs no reference count.
class DTypeObject final : public NativeObject {
public:
    explicit DTypeObject(dtype dt) noexcept : dtype_(dt) {}
    std::string_view type_name() const noexcept override { return "torch.dtype"; }
    dtype value() const noexcept { return dtype_; }

private:
    dtype dtype_;
};

namespace detail {
inline DTypeObject* const* dtype_objects() {
    static DTypeObject* const objects[] = {
        [] { auto* o = new DTypeObject(dtype::bool_); o->make_immortal(); return o; }(),
        [] { auto* o = new DTypeObject(dtype::int64); o->make_immortal(); return o; }(),
        [] { auto* o = new DTypeObject(dtype::float32); o->make_immortal(); return o; }(),
        [] { auto* o = new DTypeObject(dtype::float64); o->make_immortal(); return o; }(),
    };
    return objects;
}
}  // namespace detail

inline DTypeObject* dtype_object(dtype dt) { return detail::dtype_objects()[index_of(dt)]; }
inline Value dtype_value(dtype dt) { return Value::borrow(dtype_object(dt)); }

// The dtype a guest value names, or nullptr when it is not a torch.dtype.
inline const DTypeObject* as_dtype_object(const Value& v) {
    if (v.kind() != Kind::native) return nullptr;
    auto* const* objects = detail::dtype_objects();
    for (std::size_t i = 0; i < dtype_count; ++i)
        if (v.object() == objects[i]) return objects[i];
    return nullptr;
}

STANDIN_NAMESPACE_END
