// Factories: tensor(data) with torch's dtype inference (bools -> bool, ints ->
// int64, any float -> the default float dtype), zeros, ones, full, arange,
// zeros_like, ones_like. As elsewhere, one function per op computes the
// output's metadata and, unless asked for a fake, fills it.
// Counterpart: torch/csrc/utils/tensor_new.cpp (internal_new_from_data) and
// ATen's native/TensorFactories.cpp and RangeFactories.cpp.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/args.hpp>
#include <standin/runtime/tensor/device.hpp>

#include <cmath>

STANDIN_NAMESPACE_BEGIN
namespace ops {

namespace detail {

// The dtype torch infers for the data: its items' promoted (a Python float
// the default dtype, an int int64, a bool bool, a one-element tensor its own).
inline void check_nested(const Value& v, std::size_t depth, const DimVector& sizes, std::optional<dtype>& inferred) {
    auto seen = [&](dtype dt) { inferred = inferred ? promote_types(*inferred, dt) : dt; };
    if (depth == sizes.size()) {
        // A one-element tensor stands for its number (torch.tensor([loss_a, loss_b])).
        if (auto* t = v.dyn<Tensor>()) {
            if (t->numel() != 1) raise(exc::ValueError, "only one element tensors can be converted to Python scalars");
            seen(t->dtype());
            return;
        }
        if (v.is_float()) seen(default_dtype());
        else if (v.is_int()) seen(dtype::int64);
        else if (v.is_bool()) seen(dtype::bool_);
        else if (v.is<Str>()) raise(exc::ValueError, "too many dimensions 'str'");
        else raise(exc::TypeError, "tensor(): could not infer dtype of " + std::string(type_name(v)));
        return;
    }
    if (!is_sequence(v))
        raise(exc::ValueError, "expected sequence of length " + std::to_string(sizes[depth]) + " at dim " +
                                   std::to_string(depth) + " (got " + std::string(type_name(v)) + ")");
    auto items = sequence_items(v);
    if (static_cast<std::int64_t>(items.size()) != sizes[depth])
        raise(exc::ValueError, "expected sequence of length " + std::to_string(sizes[depth]) + " at dim " +
                                   std::to_string(depth) + " (got " + std::to_string(items.size()) + ")");
    for (const auto& item : items) check_nested(item, depth + 1, sizes, inferred);
}

inline void write_nested(const Value& v, dtype dt, std::byte*& out) {
    if (is_sequence(v)) {
        for (const auto& item : sequence_items(v)) write_nested(item, dt, out);
        return;
    }
    auto* t = v.dyn<Tensor>();  // a one-element tensor writes its number
    write_scalar(t ? read_scalar(t->data(), t->dtype()) : v, dt, out);
    out += element_size(dt);
}

inline void fill(Tensor& out, const Value& scalar) {
    const Value args[] = {scalar};
    pointwise_execute(pointwise_info_of<copy_op>, out.dtype(), args, out);
}

}  // namespace detail

// tensor(data, dtype=None): data is a number or nested lists/tuples of numbers.
inline Value tensor(std::span<const Value> args, bool fake) {
    // torch.tensor(range(n)): the range's items, as a list would give them.
    if (auto* r = args[0].dyn<Range>()) {
        std::vector<Value> items;
        for (std::int64_t i = 0; i < r->length(); ++i) items.push_back(Value(r->start() + i * r->step()));
        std::vector<Value> rest(args.begin(), args.end());
        rest[0] = make_value<List>(std::move(items));
        return tensor(rest, fake);
    }
    const Value& data = args[0];
    const auto requested = dtype_arg(args[1], "tensor", "dtype");
    if (auto* src = data.dyn<Tensor>()) {
        const dtype dt = requested.value_or(src->dtype());
        auto out = make_tensor(dt, src->sizes(), fake);
        if (!fake) pointwise_execute(pointwise_info_of<copy_op>, src->dtype(), args.first(1), *out);
        return out;
    }
    DimVector sizes;
    for (const Value* cur = &data; is_sequence(*cur);) {
        auto items = sequence_items(*cur);
        sizes.push_back(static_cast<std::int64_t>(items.size()));
        if (items.empty()) break;
        cur = &items[0];
    }
    std::optional<dtype> inferred;
    detail::check_nested(data, 0, sizes, inferred);
    const bool empty = product(sizes) == 0;
    const dtype dt = requested ? *requested : empty || !inferred ? default_dtype() : *inferred;
    auto out = make_tensor(dt, sizes, fake);
    if (!fake) {
        std::byte* p = out->data();
        detail::write_nested(data, dt, p);
    }
    return out;
}

// zeros(size, dtype=None) / ones(size, dtype=None).
inline Value constant_factory(std::span<const Value> args, bool fake, std::string_view op, const Value& fill_value) {
    DimVector sizes = size_arg(args[0], op, "size");
    const dtype dt = dtype_arg(args[1], op, "dtype").value_or(default_dtype());
    auto out = make_tensor(dt, sizes, fake);
    if (!fake) detail::fill(*out, fill_value);
    return out;
}

// full(size, fill_value, dtype=None): the dtype follows the fill value.
inline Value full(std::span<const Value> args, bool fake) {
    DimVector sizes = size_arg(args[0], "full", "size");
    Value value = args[1];
    // A 0-dim tensor is the number it holds (torch's Scalar from a tensor:
    // torch.full(shape, torch.tensor(v)) in LLaMA's causal mask); a fake
    // one stands for a number of its kind.
    if (auto* t = value.dyn<Tensor>(); t && t->dim() == 0) {
        if (!t->is_fake()) value = read_scalar(t->data(), t->dtype());
        else if (t->dtype() == dtype::bool_) value = Value(false);
        else value = is_floating(t->dtype()) ? Value(0.0) : Value(std::int64_t{0});
    }
    if (!value.is_number()) argument_type_error("full", "fill_value", "Number", value);
    const dtype dt = dtype_arg(args[2], "full", "dtype").value_or(*scalar_dtype(value));
    auto out = make_tensor(dt, sizes, fake);
    if (!fake) detail::fill(*out, value);
    return out;
}

// arange(start, end=None, step=1, dtype=None): int64 for integer arguments,
// the default float dtype when any is a float.
inline Value arange(std::span<const Value> args, bool fake) {
    Value start = args[0], end = args[1], step = args[2];
    if (end.is_none()) {
        end = start;
        start = Value(std::int64_t{0});
    }
    // A 0-d tensor is the number it holds (torch's Scalar from a tensor:
    // torch.arange(torch.tensor(5)), arange(0, x.shape[0] * n) on a count).
    for (auto* v : {&start, &end, &step})
        if (auto* t = v->dyn<Tensor>(); t && t->dim() == 0) {
            if (t->is_fake()) raise(exc::RuntimeError, "arange() of a tensor has no value on a fake tensor: its size depends on data");
            *v = read_scalar(t->data(), t->dtype());
        }
    for (const auto* v : {&start, &end, &step})
        if (!v->is_number()) argument_type_error("arange", "end", "Number", *v);
    const bool any_float = start.is_float() || end.is_float() || step.is_float();
    const dtype dt = dtype_arg(args[3], "arange", "dtype").value_or(any_float ? default_dtype() : dtype::int64);
    if (dt == dtype::bool_) raise_not_implemented("arange_cpu", dt);
    const double s = start.as_double(), e = end.as_double(), st = step.as_double();
    if (st == 0) raise(exc::RuntimeError, "step must be nonzero");
    if (!std::isfinite(s) || !std::isfinite(e)) raise(exc::RuntimeError, "unsupported range: " + std::to_string(s) + " -> " + std::to_string(e));
    if ((st > 0 && e < s) || (st < 0 && e > s))
        raise(exc::RuntimeError, "upper bound and larger bound inconsistent with step sign");
    std::int64_t n;
    if (!any_float) {
        const std::int64_t a = start.as_integral(), b = end.as_integral(), c = step.as_integral();
        n = c > 0 ? (b - a + c - 1) / c : (a - b + (-c) - 1) / (-c);
    } else {
        n = static_cast<std::int64_t>(std::ceil((e - s) / st));
    }
    const DimVector sizes{n};
    auto out = make_tensor(dt, sizes, fake);
    if (fake) return out;
    std::byte* p = out->data();
    for (std::int64_t i = 0; i < n; ++i, p += element_size(dt)) {
        if (any_float) write_scalar(Value(s + static_cast<double>(i) * st), dt, p);
        else write_scalar(Value(start.as_integral() + i * step.as_integral()), dt, p);
    }
    return out;
}

// The layout torch's preserve_format gives a new tensor like `t`: t's own
// strides when they are dense, else the order they suggest.
inline DimVector dense_strides_like(const Tensor& t) {
    if (t.is_contiguous()) return contiguous_strides(t.sizes());
    DimVector perm(static_cast<std::size_t>(t.dim()));
    for (std::size_t i = 0; i < perm.size(); ++i) perm[i] = static_cast<std::int64_t>(i);
    std::stable_sort(perm.begin(), perm.end(), [&](std::int64_t a, std::int64_t b) {
        return t.strides()[static_cast<std::size_t>(a)] > t.strides()[static_cast<std::size_t>(b)];
    });
    std::int64_t expected = 1;
    bool dense = true;
    for (std::size_t i = perm.size(); i-- > 0;) {
        auto d = static_cast<std::size_t>(perm[i]);
        if (t.sizes()[d] == 1) continue;
        if (t.strides()[d] != expected) dense = false;
        expected *= t.sizes()[d];
    }
    if (dense) return DimVector(t.strides());
    const Value self[] = {Value::borrow(&t)};
    return pointwise_output_strides(t.sizes(), self);
}

// --- memory formats --------------------------------------------------------------
// torch.memory_format (the prelude's named constants, told apart by name).
enum class MemoryFormat : std::uint8_t { contiguous, channels_last, channels_last_3d, preserve };

// A memory_format= argument; None: nullopt. Anything else is torch's TypeError.
inline std::optional<MemoryFormat> memory_format_arg(const Value& v, std::string_view op) {
    if (v.is_none()) return std::nullopt;
    if (const Str* n = torch_constant_name(v, "memory_format")) {
            const std::string_view name = n->view();
            if (name == "contiguous_format") return MemoryFormat::contiguous;
            if (name == "channels_last") return MemoryFormat::channels_last;
            if (name == "channels_last_3d") return MemoryFormat::channels_last_3d;
            if (name == "preserve_format") return MemoryFormat::preserve;
        }
    argument_type_error(op, "memory_format", "torch.memory_format", v);
}

// The channels-last formats' dimension order, fastest-varying first (c10's
// get_channels_last_strides_2d/_3d walk it).
inline std::span<const std::int64_t> channels_last_order(MemoryFormat f) noexcept {
    static constexpr std::int64_t order2d[] = {1, 3, 2, 0}, order3d[] = {1, 4, 3, 2, 0};
    return f == MemoryFormat::channels_last_3d ? std::span<const std::int64_t>(order3d) : std::span<const std::int64_t>(order2d);
}

// The strides of a new tensor of `sizes` in format `f` (contiguous or a
// channels-last one, which needs rank 4 or 5).
inline DimVector format_strides(std::span<const std::int64_t> sizes, MemoryFormat f) {
    if (f == MemoryFormat::contiguous || f == MemoryFormat::preserve) return contiguous_strides(sizes);
    const bool is3d = f == MemoryFormat::channels_last_3d;
    if (sizes.size() != (is3d ? 5U : 4U))
        raise(exc::RuntimeError, std::string("required rank ") + (is3d ? "5" : "4") + " tensor to use " +
                                     (is3d ? "channels_last_3d" : "channels_last") + " format");
    DimVector strides(sizes.size());
    std::int64_t acc = 1;
    for (std::int64_t d : channels_last_order(f)) {
        strides[static_cast<std::size_t>(d)] = acc;
        acc *= sizes[static_cast<std::size_t>(d)];
    }
    return strides;
}

// t.is_contiguous(memory_format=f): for a channels-last format, whether the
// strides are that format's, size-1 dimensions passing (c10's
// compute_channels_last_contiguous_2d/_3d); otherwise plain contiguity.
inline bool is_contiguous_as(const Tensor& t, MemoryFormat f) {
    if (f == MemoryFormat::contiguous || f == MemoryFormat::preserve) return t.is_contiguous();
    if (t.dim() != (f == MemoryFormat::channels_last_3d ? 5 : 4)) return false;
    std::int64_t expected = 1;
    for (std::int64_t d : channels_last_order(f)) {
        const std::int64_t size = t.sizes()[static_cast<std::size_t>(d)];
        if (size == 1) continue;
        if (t.strides()[static_cast<std::size_t>(d)] != expected) return false;
        expected *= size;
    }
    return true;
}

// The format t's strides suggest (TensorImpl::suggest_memory_format): a
// channels-last one when its dimension order is that format's, ties (N111,
// NC11) going to contiguous (c10's is_channels_last_strides_2d/_3d).
inline MemoryFormat suggest_memory_format(const Tensor& t) {
    for (MemoryFormat f : {MemoryFormat::channels_last, MemoryFormat::channels_last_3d}) {
        if (t.dim() != (f == MemoryFormat::channels_last_3d ? 5 : 4) || t.strides()[1] == 0) continue;
        std::int64_t min = 0;
        bool like = true;
        for (std::int64_t d : channels_last_order(f)) {
            const auto i = static_cast<std::size_t>(d);
            if (t.sizes()[i] == 0 || t.strides()[i] < min || (d == 0 && min == t.strides()[1])) {
                like = false;
                break;
            }
            min = t.strides()[i] * (t.sizes()[i] > 1 ? t.sizes()[i] : 1);
        }
        if (like) return f;
    }
    return MemoryFormat::contiguous;
}

// zeros_like(self, dtype=None, memory_format=torch.preserve_format) / ones_like.
inline Value constant_like(std::span<const Value> args, bool fake, std::string_view op, const Value& fill_value) {
    auto& self = tensor_arg(args[0], op, "self");
    const dtype dt = dtype_arg(args[1], op, "dtype").value_or(self.dtype());
    const MemoryFormat format = memory_format_arg(args[2], op).value_or(MemoryFormat::preserve);
    auto out = make_strided_tensor(
        dt, self.sizes(), format == MemoryFormat::preserve ? dense_strides_like(self) : format_strides(self.sizes(), format), fake);
    if (!fake) detail::fill(*out, fill_value);
    return out;
}

}  // namespace ops
STANDIN_NAMESPACE_END
