// Leaf guards: the premises a captured graph rests on, each a check of one
// value. A closed variant; `check_leaf` evaluates one (no allocation, no
// string hashing, no virtual call), `leaf_code` prints it as Dynamo does and
// `leaf_failure` explains a failing one in Dynamo's words. The static guard
// expressions (static_guard.hpp) call the same checks.
// Counterpart: the LeafGuard subclasses of torch/csrc/dynamo/guards.cpp and
// the guard builders of torch/_dynamo/guards.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/repr.hpp>
#include <standin/runtime/tensor.hpp>
#include <standin/source/source.hpp>

#include <boost/variant2/variant.hpp>

#include <cstdint>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// The guest type of a value: its class for instances, its kind otherwise.
// A dict and an OrderedDict share a kind: `ordered` tells them apart.
struct TypeId {
    Kind kind;
    const Class* cls;
    bool ordered = false;
    bool operator==(const TypeId&) const = default;
};
inline TypeId type_id(const Value& v) noexcept {
    auto* inst = v.dyn<Instance>();
    if (!inst) inst = subclass_instance(v);  // a list or dict of a guest subclass
    return {v.kind(), inst ? inst->cls() : nullptr, !inst && v.kind() == Kind::dict && v.as<Dict>()->is_ordered()};
}

struct TypeMatch {
    TypeId type;
    std::string type_name;  // for printing only
};
struct IdMatch {
    Value expected;  // held: the object stays alive, so its address is never reused
};
// Same type and == (so 2 does not pass for 2.0 or True: the graph baked in the type too).
struct EqualsMatch {
    Value expected;
};
// A Python constant (None, bool, int, float, str), compared like EQUALS_MATCH.
struct ConstantMatch {
    Value expected;
};
struct BoolMatch {
    bool expected;
};
struct NoneMatch {};
struct NotNone {};
struct TensorMatch {
    dtype dt;
    bool requires_grad;
    // Out of line, so that a leaf stays small and the tree's leaves pack densely.
    std::vector<std::int64_t> sizes;
    std::vector<std::int64_t> strides;
    bool parameter = false;  // an nn.Parameter (Dynamo checks the tensor's type too)
    bool nonleaf = false;    // has a grad_fn (eager in-place checks and is_leaf depend on it)
    bool leaf_checked = false;  // ... checked (a trace marks the inputs whose leafness it used)
    // With leaf_checked: a view of a leaf that requires grad (in-place ops on
    // it raise eagerly), checked too, through the generic test.
    bool view_of_leaf = false;
};
// len() of a list or tuple.
struct SequenceLength {
    std::size_t length;
};
struct DictLength {
    std::size_t length;
};
// The dict's keys, in order.
struct DictKeysMatch {
    std::vector<Value> keys;
    // Per key, whether it is compared by identity (empty: all by value).
    std::vector<bool> by_identity = {};
};
struct HasAttr {
    Str* name;
};
struct NoHasAttr {
    Str* name;
};
// The same function object.
struct FunctionMatch {
    Value function;
};
// A function made from the same code (a closure rebuilt on each call passes).
struct ClosureMatch {
    Value code;
};
// The same nn.Module object.
struct NNModuleMatch {
    Value module;
};
// The dict was not mutated at all since tracing.
struct DictVersion {
    std::uint64_t version;
};

using LeafGuard = boost::variant2::variant<TypeMatch, IdMatch, EqualsMatch, ConstantMatch, BoolMatch, NoneMatch,
                                           NotNone, TensorMatch, SequenceLength, DictLength, DictKeysMatch, HasAttr,
                                           NoHasAttr, FunctionMatch, ClosureMatch, NNModuleMatch, DictVersion>;

namespace detail {
STANDIN_NOINLINE inline bool same_constant_slow(const Value& v, const Value& expected) noexcept {
    if (v.identical(expected)) return true;
    try {
        return equals(v, expected);
    } catch (...) {
        return false;
    }
}

// Same kind and equal. Unboxed values compare their payload inline (for
// floats, the same bits also accept the same NaN).
inline bool same_constant(const Value& v, const Value& expected) noexcept {
    if (v.kind() != expected.kind()) return false;
    // 0.0 and -0.0 are equal but not the same constant (x / z differs).
    if (!expected.is_heap())
        return v.raw_bits() == expected.raw_bits() ||
               (v.is_float() && v.as_float() == expected.as_float() && v.as_float() != 0.0);
    if (v.object() == expected.object()) return true;
    return same_constant_slow(v, expected);
}

// Attribute presence without binding or guest code (instance dict, then class chain).
inline bool has_attr(const Value& v, const Str* name) noexcept {
    switch (v.kind()) {
    case Kind::instance: {
        auto* inst = v.as<Instance>();
        return inst->dict()->find(name) || inst->cls()->lookup(name);
    }
    case Kind::class_: return v.as<Class>()->lookup(name) != nullptr;
    case Kind::module: return v.as<Module>()->dict()->find(name) != nullptr;
    case Kind::function: return v.as<Function>()->dict()->find(name) != nullptr;
    case Kind::tensor: {
        auto* attrs = static_cast<const Dict*>(v.as<Tensor>()->py_attrs());
        return attrs && attrs->find(name);
    }
    case Kind::dict:
    case Kind::list:
        // An instance of a guest subclass of dict or list: its attributes and class.
        if (const Instance* inst = subclass_instance(v)) return inst->dict()->find(name) || inst->cls()->lookup(name);
        return false;
    default: return false;
    }
}

inline std::size_t sequence_length(const Value& v, bool& ok) noexcept {
    ok = true;
    if (auto* l = v.dyn<List>()) return l->size();
    if (auto* t = v.dyn<Tuple>()) return t->size();
    ok = false;
    return 0;
}

inline std::string id_text(const Value& v) { return std::to_string(v.raw_bits()); }

inline std::string list_text(std::span<const std::int64_t> xs) {
    std::string s = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + std::to_string(xs[i]);
    return s + "]";
}
}  // namespace detail

// One check per leaf kind. The tree (through the variant) and the static
// guard expressions (directly) both call these: one implementation each.
inline bool check_leaf(const TypeMatch& g, const Value& v) noexcept { return type_id(v) == g.type; }
inline bool check_leaf(const IdMatch& g, const Value& v) noexcept { return v.identical(g.expected); }
inline bool check_leaf(const EqualsMatch& g, const Value& v) noexcept { return detail::same_constant(v, g.expected); }
inline bool check_leaf(const ConstantMatch& g, const Value& v) noexcept {
    return detail::same_constant(v, g.expected);
}
inline bool check_leaf(const BoolMatch& g, const Value& v) noexcept { return v.is_bool() && v.as_bool() == g.expected; }
inline bool check_leaf(const NoneMatch&, const Value& v) noexcept { return v.is_none(); }
inline bool check_leaf(const NotNone&, const Value& v) noexcept { return !v.is_none(); }
// The tensor check itself, over any storage of the expected sizes and
// strides; Tensor::metadata_matches is the one comparison of the metadata
// (the compiled tree and static guards call its other overloads).
STANDIN_ALWAYS_INLINE bool tensor_matches(const Value& v, dtype dt, bool requires_grad, std::span<const std::int64_t> expected_sizes,
                           std::span<const std::int64_t> expected_strides, bool parameter = false, bool nonleaf = false,
                           bool leaf_checked = false) noexcept {
    return v.kind() == Kind::tensor &&
           v.as<Tensor>()->metadata_matches(dt, requires_grad, expected_sizes, expected_strides, parameter, nonleaf, leaf_checked);
}
inline bool check_leaf(const TensorMatch& g, const Value& v) noexcept {
    return tensor_matches(v, g.dt, g.requires_grad, g.sizes, g.strides, g.parameter, g.nonleaf, g.leaf_checked) &&
           (!g.leaf_checked || v.as<Tensor>()->is_view_of_leaf() == g.view_of_leaf);
}
inline bool check_leaf(const SequenceLength& g, const Value& v) noexcept {
    bool ok;
    std::size_t n = detail::sequence_length(v, ok);
    return ok && n == g.length;
}
inline bool check_leaf(const DictLength& g, const Value& v) noexcept {
    auto* d = v.dyn<Dict>();
    return d && d->size() == g.length;
}
inline bool check_leaf(const DictKeysMatch& g, const Value& v) noexcept {
    auto* d = v.dyn<Dict>();
    if (!d || d->size() != g.keys.size()) return false;
    std::size_t k = 0;
    for (std::size_t i = 0; i < d->slot_count(); ++i) {
        const auto& e = d->slot(i);
        if (e.key.is_null()) continue;
        // A key hashed by identity (a tensor, a module, an object) must be the same object.
        const bool identity = k < g.by_identity.size() && g.by_identity[k];
        const Value& want = g.keys[k++];
        if (identity ? !e.key.identical(want) : !detail::same_constant(e.key, want)) return false;
    }
    return true;
}
inline bool check_leaf(const HasAttr& g, const Value& v) noexcept { return detail::has_attr(v, g.name); }
inline bool check_leaf(const NoHasAttr& g, const Value& v) noexcept { return !detail::has_attr(v, g.name); }
inline bool check_leaf(const FunctionMatch& g, const Value& v) noexcept { return v.identical(g.function); }
inline bool check_leaf(const ClosureMatch& g, const Value& v) noexcept {
    auto* f = v.dyn<Function>();
    return f && f->code().identical(g.code);
}
inline bool check_leaf(const NNModuleMatch& g, const Value& v) noexcept { return v.identical(g.module); }
inline bool check_leaf(const DictVersion& g, const Value& v) noexcept {
    auto* d = v.dyn<Dict>();
    return d && d->version() == g.version;
}

STANDIN_ALWAYS_INLINE bool check_leaf(const LeafGuard& guard, const Value& v) noexcept {
    return boost::variant2::visit([&](const auto& g) { return check_leaf(g, v); }, guard);
}

// Whether the leaf's result can only change when the value's identity or
// version tag changes (so the version shortcut may skip it). hasattr also
// depends on the class, whose mutation does not touch the instance.
// An EQUALS_MATCH on a container is not decided by the container's version
// alone when it holds other mutable objects.
inline bool leaf_depends_only_on_version(const LeafGuard& guard) noexcept {
    if (boost::variant2::holds_alternative<HasAttr>(guard) || boost::variant2::holds_alternative<NoHasAttr>(guard))
        return false;
    const Value* expected = nullptr;
    if (auto* e = boost::variant2::get_if<EqualsMatch>(&guard)) expected = &e->expected;
    if (auto* c = boost::variant2::get_if<ConstantMatch>(&guard)) expected = &c->expected;
    return !expected || !expected->is_heap() || expected->is<Str>();
}

inline std::string_view leaf_kind_name(const LeafGuard& guard) noexcept {
    constexpr std::string_view names[] = {
        "TYPE_MATCH",      "ID_MATCH",    "EQUALS_MATCH",    "CONSTANT_MATCH", "BOOL_MATCH",     "NONE_MATCH",
        "NOT_NONE",        "TENSOR_MATCH", "SEQUENCE_LENGTH", "DICT_LENGTH",    "DICT_KEYS_MATCH", "HASATTR",
        "NO_HASATTR",      "FUNCTION_MATCH", "CLOSURE_MATCH", "NN_MODULE",      "DICT_VERSION",
    };
    return names[guard.index()];
}

// The guard as Dynamo prints it (without the kind prefix): "G['cfg'].scale == 2".
STANDIN_DECL std::string leaf_code(const LeafGuard& guard, const std::string& name);

// Why a failing leaf failed, in Dynamo's words: the guard's code, or for
// tensors the first mismatching property.
STANDIN_DECL std::string leaf_failure(const LeafGuard& guard, const std::string& name, const Value& v);

// Two leaves that check the same thing (deduplication when building a tree).
STANDIN_DECL bool same_leaf(const LeafGuard& a, const LeafGuard& b);

#if STANDIN_DEFINITIONS

STANDIN_DECL std::string leaf_code(const LeafGuard& guard, const std::string& name) {
    using namespace detail;
    return boost::variant2::visit(
        overloaded{
            [&](const TypeMatch& g) { return "___check_type_id(" + name + ", " + g.type_name + ")"; },
            [&](const IdMatch& g) { return "___check_obj_id(" + name + ", " + id_text(g.expected) + ")"; },
            [&](const EqualsMatch& g) { return name + " == " + repr(g.expected); },
            [&](const ConstantMatch& g) { return name + " == " + repr(g.expected); },
            [&](const BoolMatch& g) { return name + " == " + (g.expected ? "True" : "False"); },
            [&](const NoneMatch&) { return name + " is None"; },
            [&](const NotNone&) { return name + " is not None"; },
            [&](const TensorMatch& g) {
                return "check_tensor(" + name + (g.parameter ? ", Parameter, " : ", Tensor, ") + std::string(dtype_name(g.dt)) +
                       ", device=cpu, requires_grad=" + (g.requires_grad ? "True" : "False") +
                       ", size=" + list_text(g.sizes) + ", stride=" + list_text(g.strides) + ")";
            },
            [&](const SequenceLength& g) { return "len(" + name + ") == " + std::to_string(g.length); },
            [&](const DictLength& g) { return "len(" + name + ") == " + std::to_string(g.length); },
            [&](const DictKeysMatch& g) {
                std::string keys = "[";
                for (std::size_t i = 0; i < g.keys.size(); ++i) keys += (i ? ", " : "") + repr(g.keys[i]);
                return "list(" + name + ".keys()) == " + keys + "]";
            },
            [&](const HasAttr& g) { return "hasattr(" + name + ", " + str_repr(g.name->view()) + ")"; },
            [&](const NoHasAttr& g) { return "hasattr(" + name + ", " + str_repr(g.name->view()) + ") == False"; },
            [&](const FunctionMatch& g) { return "___check_obj_id(" + name + ", " + id_text(g.function) + ")"; },
            [&](const ClosureMatch& g) {
                return "___check_obj_id(" + name + ".__code__, " + id_text(g.code) + ")";
            },
            [&](const NNModuleMatch& g) { return "___check_obj_id(" + name + ", " + id_text(g.module) + ")"; },
            [&](const DictVersion& g) { return "___dict_version(" + name + ") == " + std::to_string(g.version); },
        },
        guard);
}

STANDIN_DECL std::string leaf_failure(const LeafGuard& guard, const std::string& name, const Value& v) {
    if (auto* g = boost::variant2::get_if<TensorMatch>(&guard)) {
        auto* t = v.dyn<Tensor>();
        const std::string prefix = "tensor '" + name + "' ";
        if (!t) return "expected type of '" + name + "' to be a tensor type, but found " + std::string(type_name(v));
        if (t->is_parameter() != g->parameter)  // Dynamo's wording, its stray quote included
            return "expected type of '" + name + "' to be a tensor type, ' but found " +
                   (t->is_parameter() ? "Parameter" : "Tensor");
        if (t->dtype() != g->dt)
            return prefix + "dtype mismatch. expected " + std::string(scalar_type_name(g->dt)) + ", actual " +
                   std::string(scalar_type_name(t->dtype()));
        if (t->requires_grad() != g->requires_grad)
            return prefix + "requires_grad mismatch. expected requires_grad=" + (g->requires_grad ? "1" : "0");
        if (g->leaf_checked && (t->grad_fn() != nullptr) != g->nonleaf)
            return prefix + "is_leaf mismatch. expected is_leaf=" + (g->nonleaf ? "0" : "1");
        if (g->leaf_checked && t->is_view_of_leaf() != g->view_of_leaf)
            return prefix + "view of a leaf mismatch. expected " + (g->view_of_leaf ? "a view of a leaf" : "not a view of a leaf");
        auto sizes = t->sizes();
        auto strides = t->strides();
        if (sizes.size() != g->sizes.size())
            return prefix + "rank mismatch. expected " + std::to_string(g->sizes.size()) + ", actual " +
                   std::to_string(sizes.size());
        for (std::size_t i = 0; i < sizes.size(); ++i)
            if (sizes[i] != g->sizes[i])
                return prefix + "size mismatch at index " + std::to_string(i) + ". expected " +
                       std::to_string(g->sizes[i]) + ", actual " + std::to_string(sizes[i]);
        for (std::size_t i = 0; i < strides.size(); ++i)
            if (strides[i] != g->strides[i])
                return prefix + "stride mismatch at index " + std::to_string(i) + ". expected " +
                       std::to_string(g->strides[i]) + ", actual " + std::to_string(strides[i]);
    }
    return leaf_code(guard, name);
}

STANDIN_DECL bool same_leaf(const LeafGuard& a, const LeafGuard& b) {
    if (a.index() != b.index()) return false;
    // Printing captures every parameter of a leaf, identities included.
    return leaf_code(a, "") == leaf_code(b, "");
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
