// Version tags and watching, over every mutable kind: what a cache keyed on
// "same object, same version" (the guard tree's version shortcut) needs to know
// of a value. The tags themselves live in Versioned (object.hpp).
// Counterpart: CPython's dict watchers and type version tags, as Dynamo's
// guards use them.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/callable.hpp>
#include <standin/runtime/dict.hpp>
#include <standin/runtime/klass.hpp>
#include <standin/runtime/sequence.hpp>
#include <standin/runtime/str.hpp>
#include <standin/runtime/tensor/tensor.hpp>

#include <cstdint>

STANDIN_NAMESPACE_BEGIN
namespace detail {

// The version tag of a mutable value (0 for values that have none).
STANDIN_ALWAYS_INLINE std::uint64_t version_of(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::list: return v.as<List>()->version();
    case Kind::dict: return v.as<Dict>()->version();
    case Kind::instance: return v.as<Instance>()->version();
    case Kind::class_: return v.as<Class>()->version();
    case Kind::module: return v.as<Module>()->version();
    case Kind::function: return v.as<Function>()->version();
    case Kind::cell: return v.as<Cell>()->version();
    case Kind::tensor: return v.as<Tensor>()->version();
    default: return 0;
    }
}

// Marks the objects whose mutation could change what a guard read from `v`:
// the value itself and, for instances and classes, their class chain (class
// attributes and hasattr depend on it).
inline void watch_value(const Value& v) noexcept {
    auto watch_classes = [](const Class* c) {
        for (const Class* k : c->mro()) k->dict()->watch();
    };
    switch (v.kind()) {
    case Kind::list: v.as<List>()->watch(); break;
    case Kind::dict: v.as<Dict>()->watch(); break;
    case Kind::instance:
        v.as<Instance>()->dict()->watch();
        watch_classes(v.as<Instance>()->cls());
        break;
    case Kind::class_: watch_classes(v.as<Class>()); break;
    case Kind::module: v.as<Module>()->dict()->watch(); break;
    case Kind::function: v.as<Function>()->watch(); break;
    case Kind::cell: v.as<Cell>()->watch(); break;
    case Kind::tensor: v.as<Tensor>()->watch(); break;
    default: break;
    }
}

// Whether (kind, payload, version) identifies a value and all its contents a
// leaf can read: true for unboxed values, interned strings and versioned objects.
inline bool has_stable_identity(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::none:
    case Kind::bool_:
    case Kind::int_:
    case Kind::float_: return true;
    case Kind::str: return v.as<Str>()->interned();
    default: return version_of(v) != 0;
    }
}

}  // namespace detail
STANDIN_NAMESPACE_END
