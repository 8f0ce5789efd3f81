// Value: the 16-byte handle every guest value travels in. None, bool, int and
// float live inline; everything else is a reference-counted heap object.
// Counterpart: CPython's PyObject* (with small values unboxed, as in many VMs).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/error.hpp>
#include <standin/runtime/object.hpp>

#include <concepts>
#include <cstdint>
#include <cstring>
#include <utility>

STANDIN_NAMESPACE_BEGIN

class Value {
public:
    // None.
    constexpr Value() noexcept : kind_(Kind::none) {}
    explicit constexpr Value(bool b) noexcept : kind_(Kind::bool_) { bits_.b = b; }
    template <std::integral I>
        requires(!std::same_as<I, bool>)
    explicit constexpr Value(I i) noexcept : kind_(Kind::int_) {
        bits_.i = static_cast<std::int64_t>(i);
    }
    explicit constexpr Value(double d) noexcept : kind_(Kind::float_) { bits_.f = d; }
    template <class T>
    Value(ref<T> obj) noexcept : kind_(obj ? obj->kind() : Kind::none) {
        bits_.o = obj.release();
    }

    // The internal "no value" marker (an unbound local or an empty cell).
    static constexpr Value null() noexcept { return Value(Kind::null, 0); }
    // Takes a new reference to `obj`.
    static Value borrow(const Object* obj) noexcept {
        obj->incref();
        return adopt(obj);
    }

    // GCC warns (-Wnonnull, -Warray-bounds) that the reference counting below
    // may touch a null or bogus object on paths it cannot see are dead: the
    // test is on the kind, and an int's bits are not a pointer. This is the
    // one place those false positives are silenced (GCC 12 honours a pragma
    // at any level of the inlining stack).
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#pragma GCC diagnostic ignored "-Warray-bounds"
#endif
    constexpr Value(const Value& o) noexcept : kind_(o.kind_), bits_(o.bits_) {
        if (is_heap_kind(kind_)) bits_.o->incref();
    }
    constexpr Value(Value&& o) noexcept : kind_(o.kind_), bits_(o.bits_) { o.kind_ = Kind::none; }
    // The same assignments, always inlined: the interpreter's loop uses these,
    // being too big for the compiler to inline operator= there by itself
    // (forcing it everywhere slows the tensor code instead).
    STANDIN_ALWAYS_INLINE void assign(const Value& o) noexcept {
        Value copy(o);
        swap(copy);
    }
    STANDIN_ALWAYS_INLINE void assign(Value&& o) noexcept {
        Value moved(std::move(o));
        swap(moved);
    }
    Value& operator=(const Value& o) noexcept {
        Value copy(o);
        swap(copy);
        return *this;
    }
    Value& operator=(Value&& o) noexcept {
        Value moved(std::move(o));
        swap(moved);
        return *this;
    }
    constexpr ~Value() {
        if (is_heap_kind(kind_)) bits_.o->decref();
    }
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
    void swap(Value& o) noexcept {
        std::swap(kind_, o.kind_);
        std::swap(bits_, o.bits_);
    }

    Kind kind() const noexcept { return kind_; }
    bool is_null() const noexcept { return kind_ == Kind::null; }
    bool is_none() const noexcept { return kind_ == Kind::none; }
    bool is_bool() const noexcept { return kind_ == Kind::bool_; }
    bool is_int() const noexcept { return kind_ == Kind::int_; }
    bool is_float() const noexcept { return kind_ == Kind::float_; }
    bool is_heap() const noexcept { return is_heap_kind(kind_); }
    // int or bool: the guest's integral values (bool derives from int).
    bool is_integral() const noexcept { return kind_ == Kind::int_ || kind_ == Kind::bool_; }
    // int, bool or float.
    bool is_number() const noexcept { return is_integral() || kind_ == Kind::float_; }
    template <class T>
    bool is() const noexcept {
        return kind_ == T::static_kind;
    }

    bool as_bool() const noexcept { return bits_.b; }
    std::int64_t as_int() const noexcept { return bits_.i; }
    double as_float() const noexcept { return bits_.f; }
    // An integral value (int or bool) as int64.
    std::int64_t as_integral() const noexcept {
        return kind_ == Kind::bool_ ? std::int64_t{bits_.b} : bits_.i;
    }
    // A number (int, bool or float) as double.
    double as_double() const noexcept {
        return kind_ == Kind::float_ ? bits_.f : static_cast<double>(as_integral());
    }
    Object* object() const noexcept { return bits_.o; }
    // Unchecked downcast; the caller knows the kind.
    template <class T>
    T* as() const noexcept {
        return static_cast<T*>(bits_.o);
    }
    // Checked downcast: nullptr when the value is not a T.
    template <class T>
    T* dyn() const noexcept {
        return kind_ == T::static_kind ? static_cast<T*>(bits_.o) : nullptr;
    }

    // Python's `is`: same heap object, or the same immediate value.
    bool identical(const Value& o) const noexcept {
        if (kind_ != o.kind_) return false;
        switch (kind_) {
        case Kind::null:
        case Kind::none: return true;
        case Kind::bool_: return bits_.b == o.bits_.b;
        case Kind::int_: return bits_.i == o.bits_.i;
        case Kind::float_: return std::memcmp(&bits_.f, &o.bits_.f, sizeof(double)) == 0;
        default: return bits_.o == o.bits_.o;
        }
    }

    // The raw payload, for identity-based hashing and guards.
    std::uint64_t raw_bits() const noexcept {
        std::uint64_t r;
        std::memcpy(&r, &bits_, sizeof r);
        return r;
    }

private:
    constexpr Value(Kind kind, int) noexcept : kind_(kind) {}
    static Value adopt(const Object* obj) noexcept {
        Value v;
        v.kind_ = obj->kind();
        v.bits_.o = const_cast<Object*>(obj);
        return v;
    }

    Kind kind_;
    union Bits {
        bool b;
        std::int64_t i;
        double f;
        Object* o;
    } bits_{.i = 0};
};

static_assert(sizeof(Value) == 16, "Value is meant to be a 16-byte handle");

template <class T, class... Args>
Value make_value(Args&&... args) {
    return Value(make_ref<T>(std::forward<Args>(args)...));
}

STANDIN_NAMESPACE_END
