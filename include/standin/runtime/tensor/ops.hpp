// The remaining ops: copies and dtype conversions (clone, contiguous, to,
// float/double/long/bool), reading values out (item, tolist), joining
// (cat, stack), max/min in their three forms, and the in-place ops, which
// check that the result can be cast into self and bump its version.
// Counterpart: ATen's native/TensorConversions.cpp, Copy.cpp, Fill.cpp,
// TensorShape.cpp (cat, stack) and the in-place variants of BinaryOps.cpp.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/device.hpp>
#include <standin/runtime/tensor/factories.hpp>
#include <standin/runtime/tensor/reduction.hpp>
#include <standin/runtime/tensor/views.hpp>

STANDIN_NAMESPACE_BEGIN
namespace ops {

// --- copies and conversions ----------------------------------------------------

// A copy of self as dt, laid out as `format` asks (preserve: self's own dense
// layout, as empty_like gives).
inline ref<Tensor> copy_like(const Tensor& self, dtype dt, bool fake, MemoryFormat format = MemoryFormat::preserve) {
    auto out = make_strided_tensor(
        dt, self.sizes(), format == MemoryFormat::preserve ? dense_strides_like(self) : format_strides(self.sizes(), format), fake);
    if (!fake) {
        const Value src[] = {Value::borrow(&self)};
        pointwise_execute(pointwise_info_of<copy_op>, self.dtype(), src, *out);
    }
    return out;
}

// clone(self, memory_format=torch.preserve_format).
inline Value clone(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "clone", "self");
    const auto format = args.size() > 1 ? memory_format_arg(args[1], "clone") : std::nullopt;  // C++ callers pass self only
    return copy_like(self, self.dtype(), fake, format.value_or(MemoryFormat::preserve));
}

// contiguous(self, memory_format=torch.contiguous_format): self when already
// contiguous in that format, as torch does, else a copy laid out in it.
inline Value contiguous(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "contiguous", "self");
    const MemoryFormat format =
        (args.size() > 1 ? memory_format_arg(args[1], "contiguous") : std::nullopt).value_or(MemoryFormat::contiguous);
    if (is_contiguous_as(self, format)) return args[0];
    if (format == MemoryFormat::preserve)
        raise(exc::RuntimeError, "preserve memory format is unsupported by the contiguous operator");
    return copy_like(self, self.dtype(), fake, format);
}

// Tensor.to: self itself when nothing changes (a device names the CPU, or no
// dtype changes) and no copy is asked for. args: self, four positional slots
// (told apart by type, as torch's overloads), then dtype, device,
// non_blocking, copy, memory_format by keyword (op_def.hpp's schema::to).
inline Value to(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "to", "self");
    auto check_device = [](const Value& v) {
        const std::string d = v.is<Str>() ? std::string(v.as<Str>()->view()) : as_device_object(v)->str();
        if (d.starts_with("cuda")) raise(exc::AssertionError, "Torch not compiled with CUDA enabled");
        if (d != "cpu" && !d.starts_with("cpu:"))
            raise(exc::RuntimeError, "standin's reference tensor only supports the cpu device, not '" + d + "'");
    };
    auto is_device = [](const Value& v) { return v.is<Str>() || as_device_object(v) != nullptr; };
    dtype dt = self.dtype();
    std::size_t next = 1;  // the first positional slot after the overload's leading ones
    if (is_device(args[1])) {
        check_device(args[1]);
        next = 2;
        if (as_dtype_object(args[2])) dt = as_dtype_object(args[2])->value(), next = 3;  // to(device, dtype)
    } else if (auto* other = args[1].dyn<Tensor>()) {
        dt = other->dtype();  // x.to(other): other's dtype
        next = 2;
    } else if (!args[1].is_none()) {
        dt = *dtype_arg(args[1], "to", "dtype");
        next = 2;
    }
    // The rest of the positional slots are non_blocking, then copy.
    Value non_blocking = args[7], copy = args[8];
    if (next <= 4 && !args[next].is_none()) non_blocking = args[next];
    if (next + 1 <= 4 && !args[next + 1].is_none()) copy = args[next + 1];
    for (std::size_t i = next + 2; i <= 4; ++i)
        if (!args[i].is_none()) raise(exc::TypeError, "to() received an invalid combination of arguments");
    if (!args[5].is_none()) dt = *dtype_arg(args[5], "to", "dtype");
    if (!args[6].is_none()) {
        if (!is_device(args[6])) argument_type_error("to", "device", "torch.device", args[6]);
        check_device(args[6]);
    }
    if (!non_blocking.is_none()) bool_arg(non_blocking, "to", "non_blocking");
    const bool make_copy = !copy.is_none() && bool_arg(copy, "to", "copy");
    // Self when nothing changes: the same dtype, no copy asked for, and the
    // format preserved or already the one self's strides suggest (to_will_alias).
    const MemoryFormat format = memory_format_arg(args[9], "to").value_or(MemoryFormat::preserve);
    if (dt == self.dtype() && !make_copy && (format == MemoryFormat::preserve || suggest_memory_format(self) == format))
        return args[0];
    return copy_like(self, dt, fake, format);
}

// t.to(dt) from C++, with the whole argument list of the schema.
inline Value to_dtype(const Value& t, dtype dt, bool fake) {
    const Value args[] = {t, dtype_value(dt), Value(), Value(), Value(), Value(), Value(), Value(), Value(), Value()};
    return to(args, fake);
}

template <dtype D>
inline Value convert_to(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "to", "self");
    if (self.dtype() == D) return args[0];
    return copy_like(self, D, fake);
}

// The Python number in a one-element tensor.
inline Value item(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "item", "self");
    if (self.numel() != 1) raise(exc::ValueError, "only one element tensors can be converted to Python scalars");
    if (self.is_fake())
        raise(exc::RuntimeError, "item() has no value on a fake tensor: its result depends on data");
    return read_scalar(self.data(), self.dtype());
}

// Nested lists of Python numbers; a 0-dim tensor gives the number itself.
inline Value tolist(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "tolist", "self");
    if (self.is_fake()) raise(exc::RuntimeError, "tolist() has no value on a fake tensor: its result depends on data");
    const auto esize = static_cast<std::int64_t>(element_size(self.dtype()));
    auto build = [&](auto& recurse, std::size_t d, const std::byte* p) -> Value {
        if (d == static_cast<std::size_t>(self.dim())) return read_scalar(p, self.dtype());
        std::vector<Value> items;
        items.reserve(static_cast<std::size_t>(self.sizes()[d]));
        for (std::int64_t i = 0; i < self.sizes()[d]; ++i) items.push_back(recurse(recurse, d + 1, p + i * self.strides()[d] * esize));
        return list(std::move(items));
    };
    return build(build, 0, self.data());
}

// requires_grad_(self, requires_grad=True): a metadata change (no autograd).
inline Value requires_grad_(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "requires_grad_", "self");
    const bool flag = bool_arg(args[1], "requires_grad_", "requires_grad");
    if (self.grad_fn()) {
        if (flag) return args[0];
        raise(exc::RuntimeError, "you can only change requires_grad flags of leaf variables. If you want to use a "
                                 "computed variable in a subgraph that doesn't require differentiation use "
                                 "var_no_grad = var.detach().");
    }
    if (flag && !is_floating(self.dtype()))
        raise(exc::RuntimeError, "only Tensors of floating point dtype can require gradients");
    self.set_requires_grad(flag);
    return args[0];
}

// --- cat and stack ---------------------------------------------------------------

// cat(tensors, dim=0): dtypes promote; 1-D empty tensors are skipped, as in torch.
inline Value cat(std::span<const Value> args, bool fake) {
    auto tensors = tensor_list_arg(args[0], "cat", "tensors");
    if (tensors.empty()) raise(exc::RuntimeError, "torch.cat(): expected a non-empty list of Tensors");
    std::vector<Value> operands;
    const Tensor* ref_tensor = nullptr;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        if (tensors[i]->dim() == 0)
            raise(exc::RuntimeError, "zero-dimensional tensor (at position " + std::to_string(i) + ") cannot be concatenated");
        operands.push_back(Value::borrow(tensors[i]));
        if (!ref_tensor && !(tensors[i]->dim() == 1 && tensors[i]->numel() == 0)) ref_tensor = tensors[i];
    }
    const dtype dt = result_type(operands);
    if (!ref_tensor) return make_tensor(dt, DimVector{0}, fake);
    const auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "cat", "dim"), ref_tensor->dim()));
    DimVector sizes(ref_tensor->sizes());
    sizes[d] = 0;
    for (std::size_t i = 0; i < tensors.size(); ++i) {
        const Tensor& t = *tensors[i];
        if (t.dim() == 1 && t.numel() == 0) continue;
        if (t.dim() != ref_tensor->dim())
            raise(exc::RuntimeError, "Tensors must have same number of dimensions: got " + std::to_string(ref_tensor->dim()) +
                                         " and " + std::to_string(t.dim()));
        for (std::size_t k = 0; k < sizes.size(); ++k)
            if (k != d && t.sizes()[k] != ref_tensor->sizes()[k])
                raise(exc::RuntimeError, "Sizes of tensors must match except in dimension " + std::to_string(d) +
                                             ". Expected size " + std::to_string(ref_tensor->sizes()[k]) + " but got size " +
                                             std::to_string(t.sizes()[k]) + " for tensor number " + std::to_string(i) +
                                             " in the list.");
        sizes[d] += t.sizes()[d];
    }
    // The inputs' memory format when they all suggest one, else contiguous
    // (cat's compute_output_memory_format).
    MemoryFormat format = suggest_memory_format(*ref_tensor);
    for (const Tensor* t : tensors)
        if (!(t->dim() == 1 && t->numel() == 0) && suggest_memory_format(*t) != format) format = MemoryFormat::contiguous;
    auto out = make_strided_tensor(dt, sizes, format_strides(sizes, format), fake);
    if (fake) return out;
    std::int64_t offset = 0;
    for (const Tensor* t : tensors) {
        if (t->dim() == 1 && t->numel() == 0) continue;
        DimVector part(out->sizes());
        part[d] = t->sizes()[d];
        Tensor slot(out->storage_ref(), dt, part, DimVector(out->strides()), offset * out->strides()[d]);
        const Value src[] = {Value::borrow(t)};
        pointwise_execute(pointwise_info_of<copy_op>, t->dtype(), src, slot);
        offset += t->sizes()[d];
    }
    return out;
}

// stack(tensors, dim=0): equal shapes, joined along a new dimension.
inline Value stack(std::span<const Value> args, bool fake) {
    auto tensors = tensor_list_arg(args[0], "stack", "tensors");
    if (tensors.empty()) raise(exc::RuntimeError, "stack expects a non-empty TensorList");
    for (std::size_t i = 1; i < tensors.size(); ++i)
        if (!std::ranges::equal(tensors[i]->sizes(), tensors[0]->sizes()))
            raise(exc::RuntimeError, "stack expects each tensor to be equal size, but got " + shape_string(tensors[0]->sizes()) +
                                         " at entry 0 and " + shape_string(tensors[i]->sizes()) + " at entry " + std::to_string(i));
    const std::int64_t d = wrap_dim(int_arg(args[1], "stack", "dim"), tensors[0]->dim() + 1);
    std::vector<Value> parts;
    for (Tensor* t : tensors) {
        const Value uargs[] = {Value::borrow(t), Value(d)};
        parts.push_back(unsqueeze(uargs));
    }
    const Value cargs[] = {list(std::move(parts)), Value(d)};
    return cat(cargs, fake);
}

// --- max / min -----------------------------------------------------------------

// max(self, dim=None, keepdim=False): the maximum (0-dim) without dim, a
// (values, indices) tuple with one, torch.maximum when `dim` is a tensor.
inline Value max_or_min(std::span<const Value> args, bool fake, bool want_max) {
    const std::string_view op = want_max ? "max" : "min";
    auto& self = tensor_arg(args[0], op, "self");
    if (args[1].is<Tensor>()) {
        const auto& info = want_max ? pointwise_info_of<maximum_op> : pointwise_info_of<minimum_op>;
        auto m = pointwise_rule(want_max ? "maximum" : "minimum", info, args.first(2));
        auto out = make_pointwise_output(m, fake);
        if (!fake) pointwise_execute(info, m.value, args.first(2), *out);
        return out;
    }
    if (args[1].is_none()) return extremum(args, fake, want_max, op, false);
    return extremum_with_indices(self, int_arg(args[1], op, "dim"), bool_arg(args[2], op, "keepdim"), fake, want_max, op);
}

// --- in-place ops --------------------------------------------------------------------

namespace detail {

inline void check_writable(const Tensor& self) {
    for (std::size_t i = 0; i < static_cast<std::size_t>(self.dim()); ++i)
        if (self.strides()[i] == 0 && self.sizes()[i] > 1)
            raise(exc::RuntimeError, "unsupported operation: more than one element of the written-to tensor refers to a "
                                     "single memory location. Please clone() the tensor before performing the operation.");
}

inline void check_output_shape(const Tensor& self, std::span<const std::int64_t> broadcast) {
    if (!std::ranges::equal(self.sizes(), broadcast))
        raise(exc::RuntimeError, "output with shape " + shape_string(self.sizes()) + " doesn't match the broadcast shape " +
                                     shape_string(broadcast));
}

// Its elements fill one gap-free block of memory, in some order of dims
// (torch's is_non_overlapping_and_dense).
inline bool dense_block(const Tensor& t) {
    DimVector order;
    for (std::int64_t d = 0; d < t.dim(); ++d)
        if (t.sizes()[d] != 1) order.push_back(d);
    std::sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) { return t.strides()[a] < t.strides()[b]; });
    std::int64_t expected = 1;
    for (std::int64_t d : order) {
        if (t.strides()[d] != expected) return false;
        expected *= t.sizes()[d];
    }
    return true;
}

// The same elements in the same order, but for dims of size 1 (x[0:1] and
// the value x[0:1] with its leading 1 dropped, as setitem drops it): each
// element is then read from where it is written.
inline bool same_elements(const Tensor& a, const Tensor& b) {
    if (a.storage() != b.storage() || a.storage_offset() != b.storage_offset() || a.dtype() != b.dtype()) return false;
    std::size_t i = 0, j = 0;
    const auto na = static_cast<std::size_t>(a.dim()), nb = static_cast<std::size_t>(b.dim());
    for (;;) {
        while (i < na && a.sizes()[i] == 1) ++i;
        while (j < nb && b.sizes()[j] == 1) ++j;
        if (i == na || j == nb) return i == na && j == nb;
        if (a.sizes()[i] != b.sizes()[j] || a.strides()[i] != b.strides()[j]) return false;
        ++i, ++j;
    }
}

// An input that shares self's storage through another view: where both are
// dense blocks that overlap in part (x[1:].add_(x[:-1]), x.add_(x.t())), torch
// refuses; otherwise it is copied first, so writing self cannot change what
// is still to be read.
inline Value detach_overlap(const Value& input, const Tensor& self) {
    auto* t = input.dyn<Tensor>();
    if (!t || t->storage() != self.storage() || detail::same_elements(*t, self)) return input;
    if (t->numel() > 0 && self.numel() > 0 && dense_block(*t) && dense_block(self)) {
        const auto size = static_cast<std::int64_t>(element_size(self.dtype()));
        const std::int64_t a0 = self.storage_offset() * size, a1 = a0 + self.numel() * size;
        const auto tsize = static_cast<std::int64_t>(element_size(t->dtype()));
        const std::int64_t b0 = t->storage_offset() * tsize, b1 = b0 + t->numel() * tsize;
        if (a0 < b1 && b0 < a1)
            raise(exc::RuntimeError, "unsupported operation: some elements of the input tensor and the written-to tensor refer "
                                     "to a single memory location. Please clone() the tensor before performing the operation.");
    }
    return copy_like(*t, t->dtype(), false);
}

}  // namespace detail

// add_(self, other) and the other in-place binary ops: the out-of-place rule,
// then: the result dtype must cast into self's, the shape must be self's.
template <class Op>
inline Value inplace_pointwise(std::span<const Value> args, bool fake) {
    const auto& info = pointwise_info_of<Op>;
    auto& self = tensor_arg(args[0], Op::kernel_name, "self");
    auto m = pointwise_rule(Op::kernel_name, info, args);
    if (!can_cast(m.result, self.dtype()))
        raise(exc::RuntimeError, "result type " + std::string(scalar_type_name(m.result)) +
                                     " can't be cast to the desired output type " + std::string(scalar_type_name(self.dtype())));
    detail::check_output_shape(self, m.sizes);
    detail::check_writable(self);
    if (!fake) {
        if constexpr (Op::arity == 2) {
            const Value operands[] = {args[0], detail::detach_overlap(args[1], self)};
            pointwise_execute(info, m.value, operands, self);
        } else {
            pointwise_execute(info, m.value, args, self);
        }
    }
    self.mark_mutated();
    return args[0];
}

// copy_(self, src): any dtype casts; src broadcasts to self's shape.
inline Value copy_(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "copy_", "self");
    auto& src = tensor_arg(args[1], "copy_", "src");
    DimVector shape(self.sizes());
    broadcast_into(shape, src.sizes());
    detail::check_output_shape(self, shape);
    detail::check_writable(self);
    if (!fake) {
        const Value operands[] = {detail::detach_overlap(args[1], self)};
        pointwise_execute(pointwise_info_of<copy_op>, src.dtype(), operands, self);
    }
    self.mark_mutated();
    return args[0];
}

// fill_(self, value): a number, or a 0-dim tensor.
inline Value fill_(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "fill_", "self");
    Value value = args[1];
    if (auto* t = value.dyn<Tensor>()) {
        if (t->dim() != 0)
            raise(exc::RuntimeError, "fill_ only supports 0-dimension value tensor but got tensor with " +
                                         std::to_string(t->dim()) + " dimensions.");
        if (!fake) value = read_scalar(t->data(), t->dtype());
    } else if (!value.is_number()) {
        argument_type_error("fill_", "value", "Number", value);
    }
    // (no internal-overlap check: torch 1.13 fills an expanded tensor, every
    // element getting the one value)
    if (!fake && !value.is<Tensor>()) detail::fill(self, value);
    self.mark_mutated();
    return args[0];
}

inline Value zero_(std::span<const Value> args, bool fake) {
    const Value fargs[] = {args[0], Value(std::int64_t{0})};
    return fill_(fargs, fake);
}

}  // namespace ops
STANDIN_NAMESPACE_END
