// The runtime Source: an immutable, hash-consed access path. Building the same
// chain twice yields the same pointer, so sources compare and hash by address,
// and the guard tree can share prefixes by pointer. A closed variant of the
// same kinds as the compile-time chains (static_source.hpp); `to_runtime()` maps a
// compile-time chain to its runtime node.
// Counterpart: torch/_dynamo/source.py and torch/_guards.py (Source).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/detail/overloaded.hpp>
#include <standin/runtime/str.hpp>
#include <standin/source/static_source.hpp>

#include <boost/variant2/variant.hpp>

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Source;

// The kinds. Each holds only what distinguishes it. Every kind but the two
// roots extends a shorter source, its `base` (Dynamo's ChainedSource): the
// constructor and the hash-consing key read it once for all of them.
struct LocalSource {
    Str* name;  // interned
};
struct GlobalSource {
    Str* name;
};
struct ChainedSource {
    const Source* base;
};
struct AttrSource : ChainedSource {
    Str* member;
};
// `base[index]` with an int index.
struct GetItemSource : ChainedSource {
    std::int64_t index;
};
// `base['key']` with a str key.
struct DictGetItemSource : ChainedSource {
    Str* key;
};
struct TypeSource : ChainedSource {};
struct NNModuleSource : ChainedSource {};
struct DefaultsSource : ChainedSource {
    std::int64_t index;
};
struct ClosureSource : ChainedSource {
    std::int64_t index;
};
// The index-th key of a dict, in insertion order: `list(base.keys())[i]`
// (Dynamo's ConstDictKeySource), for a key that is no str or int.
struct DictKeySource : ChainedSource {
    std::int64_t index;
};
// The value under that key: `base[list(base.keys())[i]]`.
struct DictValueSource : ChainedSource {
    std::int64_t index;
};

using SourceNode = boost::variant2::variant<LocalSource, GlobalSource, AttrSource, GetItemSource, DictGetItemSource,
                                            TypeSource, NNModuleSource, DefaultsSource, ClosureSource, DictKeySource,
                                            DictValueSource>;

class Source {
public:
    // Roots and chains; each returns the one node for that path.
    static const Source* local(std::string_view name);
    static const Source* global(std::string_view name);
    const Source* attr(std::string_view member) const;
    const Source* item(std::int64_t index) const;
    const Source* item(std::string_view key) const;
    const Source* type() const;
    const Source* nn_module() const;
    const Source* defaults(std::int64_t index) const;
    const Source* closure(std::int64_t index) const;
    const Source* dict_key(std::int64_t index) const;
    const Source* dict_value(std::int64_t index) const;

    const SourceNode& node() const noexcept { return node_; }
    // The source one step shorter; nullptr for a root.
    const Source* base() const noexcept { return base_; }
    // How many steps from the root (0 for L['x'] and G['x']).
    std::size_t depth() const noexcept { return depth_; }
    // The root of the chain (a LocalSource or GlobalSource).
    const Source* root() const noexcept {
        const Source* s = this;
        while (s->base_) s = s->base_;
        return s;
    }
    // Dynamo's spelling: "G['cfg'].scale".
    const std::string& name() const noexcept { return name_; }
    GuardSource guard_source() const noexcept { return guard_source_; }

    template <class T>
    const T* as() const noexcept {
        return boost::variant2::get_if<T>(&node_);
    }

private:
    friend class SourceTable;
    explicit Source(SourceNode node);

    SourceNode node_;
    const Source* base_ = nullptr;
    std::size_t depth_ = 0;
    std::string name_;
    GuardSource guard_source_ = GuardSource::LOCAL;
};

namespace detail {
inline std::string python_str_repr_ascii(std::string_view s) {
    // Names are Python identifiers or dict keys written in guest code; repr
    // them as Python would (the compile-time twin is repr_of<S>()).
    std::string out(detail::str_repr_length(s), '\0');
    detail::str_repr_into(s, out.data());
    return out;
}
}  // namespace detail

inline Source::Source(SourceNode node) : node_(std::move(node)) {
    using detail::python_str_repr_ascii;
    boost::variant2::visit(
        overloaded{
            [&](const LocalSource& s) {
                name_ = "L[" + python_str_repr_ascii(s.name->view()) + "]";
                guard_source_ = GuardSource::LOCAL;
            },
            [&](const GlobalSource& s) {
                name_ = "G[" + python_str_repr_ascii(s.name->view()) + "]";
                guard_source_ = GuardSource::GLOBAL;
            },
            [&](const AttrSource& s) {
                name_ = detail::is_identifier(s.member->view())
                            ? s.base->name() + "." + s.member->text()
                            : "getattr(" + s.base->name() + ", " + python_str_repr_ascii(s.member->view()) + ")";
            },
            [&](const GetItemSource& s) {
                name_ = s.base->name() + "[" + std::to_string(s.index) + "]";
            },
            [&](const DictGetItemSource& s) {
                name_ = s.base->name() + "[" + python_str_repr_ascii(s.key->view()) + "]";
            },
            [&](const TypeSource& s) {
                name_ = "type(" + s.base->name() + ")";
            },
            [&](const NNModuleSource& s) {
                name_ = s.base->name();
            },
            [&](const DefaultsSource& s) {
                name_ = s.base->name() + ".__defaults__[" + std::to_string(s.index) + "]";
            },
            [&](const ClosureSource& s) {
                name_ = s.base->name() + ".__closure__[" + std::to_string(s.index) + "].cell_contents";
            },
            [&](const DictKeySource& s) {
                name_ = "list(" + s.base->name() + ".keys())[" + std::to_string(s.index) + "]";
            },
            [&](const DictValueSource& s) {
                name_ = s.base->name() + "[list(" + s.base->name() + ".keys())[" + std::to_string(s.index) + "]]";
            },
        },
        node_);
    boost::variant2::visit(
        [&](const auto& s) {
            if constexpr (std::is_base_of_v<ChainedSource, std::decay_t<decltype(s)>>) base_ = s.base;
        },
        node_);
    if (base_) {
        depth_ = base_->depth_ + 1;
        guard_source_ = boost::variant2::holds_alternative<NNModuleSource>(node_) ? as_nn_module(base_->guard_source_)
                                                                              : base_->guard_source_;
    }
}

// The process-wide table of source nodes (like the intern table: append-only,
// nodes never freed, so a `const Source*` stays valid and unique forever).
class SourceTable {
public:
    static SourceTable& instance() {
        static SourceTable* table = new SourceTable;  // never destroyed: see InternTable
        return *table;
    }

    const Source* get(SourceNode node) {
        Key key = key_of(node);
        std::lock_guard lock(mutex_);
        auto it = nodes_.find(key);
        if (it != nodes_.end()) return it->second.get();
        auto owned = std::unique_ptr<Source>(new Source(std::move(node)));
        const Source* raw = owned.get();
        nodes_.emplace(key, std::move(owned));
        return raw;
    }

    std::size_t size() {
        std::lock_guard lock(mutex_);
        return nodes_.size();
    }

private:
    // (kind, base, name or key, index): all a node is.
    struct Key {
        std::size_t kind;
        const void* base;
        const void* name;
        std::int64_t index;
        bool operator==(const Key&) const = default;
    };
    struct KeyHash {
        std::size_t operator()(const Key& k) const noexcept {
            std::size_t h = k.kind;
            h = h * 1000003 ^ std::hash<const void*>()(k.base);
            h = h * 1000003 ^ std::hash<const void*>()(k.name);
            h = h * 1000003 ^ std::hash<std::int64_t>()(k.index);
            return h;
        }
    };
    static Key key_of(const SourceNode& node) {
        Key key{node.index(), nullptr, nullptr, 0};
        boost::variant2::visit(
            [&](const auto& s) {
                using S = std::decay_t<decltype(s)>;
                if constexpr (std::is_base_of_v<ChainedSource, S>) key.base = s.base;
                if constexpr (requires { s.name; }) key.name = s.name;
                if constexpr (requires { s.member; }) key.name = s.member;
                if constexpr (requires { s.key; }) key.name = s.key;
                if constexpr (requires { s.index; }) key.index = s.index;
            },
            node);
        return key;
    }

    std::mutex mutex_;
    std::unordered_map<Key, std::unique_ptr<Source>, KeyHash> nodes_;
};

inline const Source* Source::local(std::string_view name) {
    return SourceTable::instance().get(LocalSource{intern(name)});
}
inline const Source* Source::global(std::string_view name) {
    return SourceTable::instance().get(GlobalSource{intern(name)});
}
inline const Source* Source::attr(std::string_view member) const {
    return SourceTable::instance().get(AttrSource{{this}, intern(member)});
}
inline const Source* Source::item(std::int64_t index) const {
    return SourceTable::instance().get(GetItemSource{{this}, index});
}
inline const Source* Source::item(std::string_view key) const {
    return SourceTable::instance().get(DictGetItemSource{{this}, intern(key)});
}
inline const Source* Source::type() const { return SourceTable::instance().get(TypeSource{{this}}); }
inline const Source* Source::nn_module() const { return SourceTable::instance().get(NNModuleSource{{this}}); }
inline const Source* Source::defaults(std::int64_t index) const {
    return SourceTable::instance().get(DefaultsSource{{this}, index});
}
inline const Source* Source::closure(std::int64_t index) const {
    return SourceTable::instance().get(ClosureSource{{this}, index});
}
inline const Source* Source::dict_key(std::int64_t index) const {
    return SourceTable::instance().get(DictKeySource{{this}, index});
}
inline const Source* Source::dict_value(std::int64_t index) const {
    return SourceTable::instance().get(DictValueSource{{this}, index});
}

namespace detail {
template <class S>
struct runtime_source;
template <fixed_string N>
struct runtime_source<local_source<N>> {
    static const Source* build() { return Source::local(N.view()); }
};
template <fixed_string N>
struct runtime_source<global_source<N>> {
    static const Source* build() { return Source::global(N.view()); }
};
template <class B, fixed_string N>
struct runtime_source<attr_source<B, N>> {
    static const Source* build() { return runtime_source<B>::build()->attr(N.view()); }
};
template <class B, std::int64_t I>
struct runtime_source<getitem_source<B, I>> {
    static const Source* build() { return runtime_source<B>::build()->item(I); }
};
template <class B, fixed_string K>
struct runtime_source<dict_getitem_source<B, K>> {
    static const Source* build() { return runtime_source<B>::build()->item(K.view()); }
};
template <class B>
struct runtime_source<type_source<B>> {
    static const Source* build() { return runtime_source<B>::build()->type(); }
};
template <class B>
struct runtime_source<nn_module_source<B>> {
    static const Source* build() { return runtime_source<B>::build()->nn_module(); }
};
template <class B, std::int64_t I>
struct runtime_source<defaults_source<B, I>> {
    static const Source* build() { return runtime_source<B>::build()->defaults(I); }
};
template <class B, std::int64_t I>
struct runtime_source<closure_source<B, I>> {
    static const Source* build() { return runtime_source<B>::build()->closure(I); }
};
}  // namespace detail

// The runtime node of a compile-time chain: the identical node that building
// the same path at run time gives. Computed once per chain type.
template <static_source S>
const Source* to_runtime(S) {
    static const Source* node = detail::runtime_source<S>::build();
    return node;
}

// Source names as Dynamo shows them to users (a guard failure in the
// recompile logs, the limit warning, guard_fail_fn's reason): every
// L['name'] reads `name` (guards.py's strip_local_scope: tensor 'x' size
// mismatch ...).
inline std::string strip_local_scope(std::string_view s) {
    auto skip_spaces = [&](std::size_t k) {
        while (k < s.size() && s[k] == ' ') ++k;
        return k;
    };
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t end = 0;  // past the `]` of an L['name'] at i: the shortest one
        std::string_view name;
        if (s.compare(i, 2, "L[") == 0)
            if (const std::size_t j = skip_spaces(i + 2); j < s.size() && (s[j] == '\'' || s[j] == '"'))
                for (std::size_t q = j + 1; q < s.size() && !end; ++q)
                    if (s[q] == '\'' || s[q] == '"')
                        if (const std::size_t k = skip_spaces(q + 1); k < s.size() && s[k] == ']') {
                            name = s.substr(j + 1, q - j - 1);
                            end = k + 1;
                        }
        if (end) {
            out += name;
            i = end;
        } else {
            out += s[i++];
        }
    }
    return out;
}

STANDIN_NAMESPACE_END
