// Compile-time sources: the access path of a value as a type.
//   L<"x">                          L['x']
//   G<"cfg">.attr<"scale">()        G['cfg'].scale
//   L<"d">.item<"k">()              L['d']['k']
//   L<"t">.item<0>()                L['t'][0]
//   L<"x">.type()                   type(L['x'])
//   L<"o">.attr<"not-an-id">()      getattr(L['o'], 'not-an-id')
// Every chain's name() is a constexpr fixed_string spelled exactly as Dynamo
// prints it. Chains are empty structs: all they know is in their type, so a
// guard or a resolve over them compiles down to the accesses themselves.
// Counterpart: torch/_dynamo/source.py (LocalSource, GlobalSource, AttrSource,
// GetItemSource, TypeSource, NNModuleSource, DefaultsSource).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/source/fixed_string.hpp>
#include <standin/source/guard_source.hpp>

#include <cstdint>
#include <type_traits>

STANDIN_NAMESPACE_BEGIN

template <class Derived>
struct static_source_base;

template <fixed_string Name>
struct local_source;
template <fixed_string Name>
struct global_source;
template <class Base, fixed_string Name>
struct attr_source;
template <class Base, std::int64_t Index>
struct getitem_source;
template <class Base, fixed_string Key>
struct dict_getitem_source;
template <class Base>
struct type_source;
template <class Base>
struct nn_module_source;
template <class Base, std::int64_t Index>
struct defaults_source;
template <class Base, std::int64_t Index>
struct closure_source;

// The operations every chain type offers: composing a longer chain.
template <class Derived>
struct static_source_base {
    // `L<"x">()` is the same source as `L<"x">`: both spellings read well.
    constexpr Derived operator()() const noexcept { return Derived{}; }

    template <fixed_string Name>
    constexpr attr_source<Derived, Name> attr() const noexcept {
        return {};
    }
    template <std::int64_t Index>
    constexpr getitem_source<Derived, Index> item() const noexcept {
        return {};
    }
    template <fixed_string Key>
    constexpr dict_getitem_source<Derived, Key> item() const noexcept {
        return {};
    }
    // `type(x)`.
    constexpr type_source<Derived> type() const noexcept { return {}; }
    // The same path, marked as leading to an nn.Module.
    constexpr nn_module_source<Derived> nn_module() const noexcept { return {}; }
    // `fn.__defaults__[index]`.
    template <std::int64_t Index>
    constexpr defaults_source<Derived, Index> defaults() const noexcept {
        return {};
    }
    // `fn.__closure__[index].cell_contents`.
    template <std::int64_t Index>
    constexpr closure_source<Derived, Index> closure() const noexcept {
        return {};
    }
};

// A chain one step longer than `Base`: its base and its guard source (the
// base's), written once for every chained kind (Dynamo's ChainedSource).
template <class Derived, class Base>
struct chained_static_source : static_source_base<Derived> {
    using base = Base;
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

template <class T>
concept static_source = std::is_base_of_v<static_source_base<T>, T>;

template <fixed_string Name>
struct local_source : static_source_base<local_source<Name>> {
    static constexpr auto local_name = Name;
    static constexpr auto name() { return fixed_string("L[") + repr_of<Name>() + "]"; }
    static constexpr GuardSource guard_source() noexcept { return GuardSource::LOCAL; }
};

template <fixed_string Name>
struct global_source : static_source_base<global_source<Name>> {
    static constexpr auto global_name = Name;
    static constexpr auto name() { return fixed_string("G[") + repr_of<Name>() + "]"; }
    static constexpr GuardSource guard_source() noexcept { return GuardSource::GLOBAL; }
};

template <class Base, fixed_string Name>
struct attr_source : chained_static_source<attr_source<Base, Name>, Base> {
    static constexpr auto member = Name;
    static constexpr auto name() {
        if constexpr (detail::is_identifier(Name.view())) return Base::name() + "." + Name;
        else return fixed_string("getattr(") + Base::name() + ", " + repr_of<Name>() + ")";
    }
};

template <class Base, std::int64_t Index>
struct getitem_source : chained_static_source<getitem_source<Base, Index>, Base> {
    static constexpr std::int64_t index = Index;
    static constexpr auto name() { return Base::name() + "[" + repr_of<Index>() + "]"; }
};

template <class Base, fixed_string Key>
struct dict_getitem_source : chained_static_source<dict_getitem_source<Base, Key>, Base> {
    static constexpr auto key = Key;
    static constexpr auto name() { return Base::name() + "[" + repr_of<Key>() + "]"; }
};

template <class Base>
struct type_source : chained_static_source<type_source<Base>, Base> {
    static constexpr auto name() { return fixed_string("type(") + Base::name() + ")"; }
};

// The same path, marked as leading to an nn.Module (its guards are the
// module's). The name is unchanged, as in Dynamo.
template <class Base>
struct nn_module_source : chained_static_source<nn_module_source<Base>, Base> {
    static constexpr auto name() { return Base::name(); }
    static constexpr GuardSource guard_source() noexcept { return as_nn_module(Base::guard_source()); }
};

template <class Base, std::int64_t Index>
struct defaults_source : chained_static_source<defaults_source<Base, Index>, Base> {
    static constexpr std::int64_t index = Index;
    static constexpr auto name() { return Base::name() + ".__defaults__[" + repr_of<Index>() + "]"; }
};

template <class Base, std::int64_t Index>
struct closure_source : chained_static_source<closure_source<Base, Index>, Base> {
    static constexpr std::int64_t index = Index;
    static constexpr auto name() {
        return Base::name() + ".__closure__[" + repr_of<Index>() + "].cell_contents";
    }
};

// The roots, as values: `L<"x">`, `G<"cfg">`.
template <fixed_string Name>
inline constexpr local_source<Name> L{};
template <fixed_string Name>
inline constexpr global_source<Name> G{};

STANDIN_NAMESPACE_END
