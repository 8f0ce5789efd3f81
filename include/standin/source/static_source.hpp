// Compile-time sources: the access path of a value as a type.
//   L<"x">                          L['x']
//   G<"cfg">.attr<"scale">()        G['cfg'].scale
//   L<"d">.item<"k">()              L['d']['k']
//   L<"t">.item<0>()                L['t'][0]
//   type_of(L<"x">)                 type(L['x'])
//   L<"o">.attr<"not-an-id">()      getattr(L['o'], 'not-an-id')
// Every chain's name() is a constexpr fixed_string spelled exactly as Dynamo
// prints it. Chains are empty structs: all they know is in their type, so a
// guard or a resolve over them compiles down to the accesses themselves.
// Counterpart: torch/_dynamo/source.py (LocalSource, GlobalSource, AttrSource,
// GetItemSource, TypeSource, NNModuleSource, DefaultsSource).
#pragma once

#include <standin/source/fixed_string.hpp>
#include <standin/source/guard_source.hpp>

#include <cstdint>
#include <type_traits>

namespace standin::inline v0 {

template <class Derived>
struct static_source_base;

template <fixed_string Name>
struct local_source;
template <fixed_string Name>
struct global_source;
template <class Base, fixed_string Name>
struct attr_source;
template <class Base, std::int64_t Index>
struct index_source;
template <class Base, fixed_string Key>
struct key_source;
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
    constexpr index_source<Derived, Index> item() const noexcept {
        return {};
    }
    template <fixed_string Key>
    constexpr key_source<Derived, Key> item() const noexcept {
        return {};
    }
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
struct attr_source : static_source_base<attr_source<Base, Name>> {
    using base = Base;
    static constexpr auto member = Name;
    static constexpr auto name() {
        if constexpr (detail::is_identifier(Name.view())) return Base::name() + "." + Name;
        else return fixed_string("getattr(") + Base::name() + ", " + repr_of<Name>() + ")";
    }
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

template <class Base, std::int64_t Index>
struct index_source : static_source_base<index_source<Base, Index>> {
    using base = Base;
    static constexpr std::int64_t index = Index;
    static constexpr auto name() { return Base::name() + "[" + repr_of<Index>() + "]"; }
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

template <class Base, fixed_string Key>
struct key_source : static_source_base<key_source<Base, Key>> {
    using base = Base;
    static constexpr auto key = Key;
    static constexpr auto name() { return Base::name() + "[" + repr_of<Key>() + "]"; }
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

template <class Base>
struct type_source : static_source_base<type_source<Base>> {
    using base = Base;
    static constexpr auto name() { return fixed_string("type(") + Base::name() + ")"; }
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

// The same path, marked as leading to an nn.Module (its guards are the
// module's). The name is unchanged, as in Dynamo.
template <class Base>
struct nn_module_source : static_source_base<nn_module_source<Base>> {
    using base = Base;
    static constexpr auto name() { return Base::name(); }
    static constexpr GuardSource guard_source() noexcept { return as_nn_module(Base::guard_source()); }
};

template <class Base, std::int64_t Index>
struct defaults_source : static_source_base<defaults_source<Base, Index>> {
    using base = Base;
    static constexpr std::int64_t index = Index;
    static constexpr auto name() { return Base::name() + ".__defaults__[" + repr_of<Index>() + "]"; }
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

template <class Base, std::int64_t Index>
struct closure_source : static_source_base<closure_source<Base, Index>> {
    using base = Base;
    static constexpr std::int64_t index = Index;
    static constexpr auto name() {
        return Base::name() + ".__closure__[" + repr_of<Index>() + "].cell_contents";
    }
    static constexpr GuardSource guard_source() noexcept { return Base::guard_source(); }
};

// The roots, as values: `L<"x">`, `G<"cfg">`.
template <fixed_string Name>
inline constexpr local_source<Name> L{};
template <fixed_string Name>
inline constexpr global_source<Name> G{};

template <static_source S>
constexpr type_source<S> type_of(S) noexcept {
    return {};
}
template <static_source S>
constexpr nn_module_source<S> nn_module(S) noexcept {
    return {};
}
// `fn.__defaults__[index]`.
template <std::int64_t Index, static_source S>
constexpr defaults_source<S, Index> defaults(S) noexcept {
    return {};
}
// `fn.__closure__[index].cell_contents`.
template <std::int64_t Index, static_source S>
constexpr closure_source<S, Index> closure(S) noexcept {
    return {};
}

}  // namespace standin::inline v0
