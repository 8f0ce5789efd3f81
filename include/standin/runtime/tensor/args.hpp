// Reading op arguments: the Values an op receives (ints, dim lists, dtypes,
// shapes, tensor lists) checked and converted, with TypeErrors that name the
// op and the parameter, as torch's Python argument parser does.
// Counterpart: torch/csrc/utils/python_arg_parser.cpp.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/pointwise.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN
namespace ops {

[[noreturn]] inline void argument_type_error(std::string_view op, std::string_view param, std::string_view expected,
                                             const Value& got) {
    raise(exc::TypeError, std::string(op) + "(): argument '" + std::string(param) + "' must be " +
                              std::string(expected) + ", not " + std::string(type_name(got)));
}


inline bool tensor_index(const Value& v, std::int64_t& out);
inline std::int64_t int_arg(const Value& v, std::string_view op, std::string_view param) {
    std::int64_t i;
    if (!v.is_integral()) {
        if (tensor_index(v, i)) return i;
        argument_type_error(op, param, "int", v);
    }
    return v.as_integral();
}

// A tensor where Python wants an int (Tensor.__index__): one element of an
// integer dtype. False for anything else (a float tensor, several elements).
inline bool tensor_index(const Value& v, std::int64_t& out) {
    auto* t = v.dyn<Tensor>();
    if (!t || t->numel() != 1 || is_floating(t->dtype()) || t->dtype() == dtype::bool_) return false;
    if (t->is_fake()) raise(exc::RuntimeError, "item() has no value on a fake tensor: its result depends on data");
    out = read_scalar(t->data(), t->dtype()).as_integral();
    return true;
}

inline bool bool_arg(const Value& v, std::string_view op, std::string_view param) {
    if (!v.is_integral()) argument_type_error(op, param, "bool", v);
    return v.as_integral() != 0;
}

// None, or a torch.dtype.
inline std::optional<dtype> dtype_arg(const Value& v, std::string_view op, std::string_view param) {
    if (v.is_none()) return std::nullopt;
    if (auto* d = as_dtype_object(v)) return d->value();
    // Python's own number types stand for torch's defaults: float is
    // float64, int int64, bool bool (x.to(float), dtype=int).
    if (auto* c = v.dyn<Class>(); c && !c->dict()->find(intern("__module__"))) {
        const std::string_view n = c->name()->view();
        if (n == "float") return dtype::float64;
        if (n == "int") return dtype::int64;
        if (n == "bool") return dtype::bool_;
    }
    argument_type_error(op, param, "torch.dtype", v);
}

inline std::span<const Value> sequence_items(const Value& v) {
    if (auto* t = v.dyn<Tuple>()) return t->items();
    if (auto* l = v.dyn<List>()) return l->items();
    return {};
}
inline bool is_sequence(const Value& v) noexcept { return v.is<Tuple>() || v.is<List>(); }

// An int, or a tuple/list of ints (shapes, dims, permutations).
inline DimVector int_list_arg(const Value& v, std::string_view op, std::string_view param) {
    std::int64_t i;
    if (v.is_integral()) return DimVector{v.as_integral()};
    if (v.is<Tensor>() && tensor_index(v, i)) return DimVector{i};
    if (!is_sequence(v)) argument_type_error(op, param, "tuple of ints", v);
    DimVector out;
    for (const auto& item : sequence_items(v)) {
        if (!item.is_integral() && !tensor_index(item, i)) argument_type_error(op, param, "tuple of ints", v);
        out.push_back(item.is_integral() ? item.as_integral() : i);
    }
    return out;
}

// A shape for a factory: non-negative sizes.
inline DimVector size_arg(const Value& v, std::string_view op, std::string_view param) {
    DimVector sizes = int_list_arg(v, op, param);
    for (auto s : sizes)
        if (s < 0)
            raise(exc::RuntimeError, "Trying to create tensor with negative dimension " + std::to_string(s) + ": " +
                                         shape_string(sizes));
    return sizes;
}

// The dimensions a reduction reduces, as a bit mask: None or an empty list
// means all of them (torch 1.13's behaviour for dim=[]).
inline std::uint64_t dim_mask_arg(const Value& dims, std::int64_t ndim, std::string_view op) {
    const std::uint64_t all = ndim >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << ndim) - 1;
    if (dims.is_none()) return all;
    DimVector list = int_list_arg(dims, op, "dim");
    if (list.empty()) return all;
    std::uint64_t mask = 0;
    for (auto d : list) {
        auto w = wrap_dim(d, ndim);
        std::uint64_t bit = std::uint64_t{1} << w;
        if (mask & bit) raise(exc::RuntimeError, "dim " + std::to_string(w) + " appears multiple times in the list of dims");
        mask |= bit;
    }
    return ndim == 0 ? 0 : mask;
}

// Whether any tensor among the arguments (or inside a list/tuple argument) is fake.
inline bool any_fake(std::span<const Value> args) noexcept {
    for (const auto& a : args) {
        if (auto* t = a.dyn<Tensor>()) {
            if (t->is_fake()) return true;
        } else if (a.is<List>() || a.is<Tuple>()) {
            if (any_fake(sequence_items(a))) return true;
        }
    }
    return false;
}

inline std::vector<Tensor*> tensor_list_arg(const Value& v, std::string_view op, std::string_view param) {
    if (!is_sequence(v)) argument_type_error(op, param, "tuple of Tensors", v);
    std::vector<Tensor*> out;
    for (const auto& item : sequence_items(v)) {
        auto* t = item.dyn<Tensor>();
        if (!t) argument_type_error(op, param, "tuple of Tensors", v);
        out.push_back(t);
    }
    return out;
}

}  // namespace ops
STANDIN_NAMESPACE_END
