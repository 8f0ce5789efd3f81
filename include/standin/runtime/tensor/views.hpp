// View ops: new sizes, strides and offset over the same storage. One
// function serves as both meta and kernel, since a view of a fake tensor is
// a fake view.
// Counterpart: ATen's native/TensorShape.cpp (view, reshape, transpose,
// permute, unsqueeze, squeeze, slice, select, expand) and
// TensorUtils.cpp (computeStride, infer_size).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/klass.hpp>
#include <standin/runtime/tensor/args.hpp>

#include <algorithm>
#include <optional>

STANDIN_NAMESPACE_BEGIN
namespace ops {

// Resolves one -1 in a requested shape against `numel` elements.
inline DimVector infer_size(std::span<const std::int64_t> shape, std::int64_t numel) {
    DimVector out(shape);
    std::int64_t known = 1;
    std::optional<std::size_t> infer;
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (shape[i] == -1) {
            if (infer) raise(exc::RuntimeError, "only one dimension can be inferred");
            infer = i;
        } else if (shape[i] >= 0) {
            known *= shape[i];
        } else {
            raise(exc::RuntimeError, "invalid shape dimension " + std::to_string(shape[i]));
        }
    }
    if (numel == known || (infer && known > 0 && numel % known == 0)) {
        if (infer) out[*infer] = known == 0 ? 0 : numel / known;
        if (!infer || known != 0) return out;
    }
    raise(exc::RuntimeError, "shape '" + shape_string(shape) + "' is invalid for input of size " + std::to_string(numel));
}

// The strides that view `sizes/strides` as `new_sizes` without copying, or
// nullopt when some new dimension would span non-contiguous chunks (ATen's computeStride).
inline std::optional<DimVector> compute_view_strides(std::span<const std::int64_t> sizes, std::span<const std::int64_t> strides,
                                                     std::span<const std::int64_t> new_sizes) {
    if (sizes.empty()) return DimVector(new_sizes.size(), 1);
    const std::int64_t numel = product(sizes);
    if (numel == 0 && std::equal(sizes.begin(), sizes.end(), new_sizes.begin(), new_sizes.end())) return DimVector(strides);
    DimVector out(new_sizes.size());
    if (numel == 0) {
        for (std::size_t d = new_sizes.size(); d-- > 0;)
            out[d] = d + 1 == new_sizes.size() ? 1 : std::max<std::int64_t>(new_sizes[d + 1], 1) * out[d + 1];
        return out;
    }
    auto view_d = static_cast<std::int64_t>(new_sizes.size()) - 1;
    std::int64_t chunk_base_stride = strides.back(), tensor_numel = 1, view_numel = 1;
    for (auto tensor_d = static_cast<std::int64_t>(sizes.size()) - 1; tensor_d >= 0; --tensor_d) {
        tensor_numel *= sizes[static_cast<std::size_t>(tensor_d)];
        if (tensor_d == 0 || (sizes[static_cast<std::size_t>(tensor_d - 1)] != 1 &&
                              strides[static_cast<std::size_t>(tensor_d - 1)] != tensor_numel * chunk_base_stride)) {
            while (view_d >= 0 && (view_numel < tensor_numel || new_sizes[static_cast<std::size_t>(view_d)] == 1)) {
                out[static_cast<std::size_t>(view_d)] = view_numel * chunk_base_stride;
                view_numel *= new_sizes[static_cast<std::size_t>(view_d)];
                --view_d;
            }
            if (view_numel != tensor_numel) return std::nullopt;
            if (tensor_d > 0) {
                chunk_base_stride = strides[static_cast<std::size_t>(tensor_d - 1)];
                tensor_numel = 1;
                view_numel = 1;
            }
        }
    }
    if (view_d != -1) return std::nullopt;
    return out;
}

inline Value view(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "view", "self");
    DimVector sizes = infer_size(int_list_arg(args[1], "view", "size"), self.numel());
    auto strides = compute_view_strides(self.sizes(), self.strides(), sizes);
    if (!strides)
        raise(exc::RuntimeError, "view size is not compatible with input tensor's size and stride (at least one dimension "
                                 "spans across two contiguous subspaces). Use .reshape(...) instead.");
    return make_view(self, std::move(sizes), std::move(*strides), self.storage_offset());
}

// A copy when the tensor cannot be viewed that way.
inline Value reshape(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "reshape", "self");
    DimVector sizes = infer_size(int_list_arg(args[1], "reshape", "shape"), self.numel());
    if (auto strides = compute_view_strides(self.sizes(), self.strides(), sizes))
        return make_view(self, std::move(sizes), std::move(*strides), self.storage_offset());
    auto copy = make_tensor(self.dtype(), self.sizes(), self.is_fake());
    if (!self.is_fake()) {
        const Value src[] = {args[0]};
        pointwise_execute(pointwise_info_of<copy_op>, self.dtype(), src, *copy);
    }
    DimVector strides = contiguous_strides(sizes);  // before `sizes` is moved from (argument order is unspecified)
    auto out = make_view(*copy, std::move(sizes), std::move(strides), 0);
    out->set_base(nullptr);  // a copy's view: torch's _unsafe_view has no _base
    return out;
}

inline Value transpose(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "transpose", "self");
    auto d0 = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "transpose", "dim0"), self.dim()));
    auto d1 = static_cast<std::size_t>(wrap_dim(int_arg(args[2], "transpose", "dim1"), self.dim()));
    DimVector sizes(self.sizes()), strides(self.strides());
    if (self.dim() > 0) {
        std::swap(sizes[d0], sizes[d1]);
        std::swap(strides[d0], strides[d1]);
    }
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

// detach(self): the same data as a new leaf that does not require grad.
inline Value detach(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "detach", "self");
    return Value(make_ref<Tensor>(self.storage_ref(), self.dtype(), DimVector(self.sizes()), DimVector(self.strides()),
                                  self.storage_offset()));
}

inline Value t(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "t", "self");
    if (self.dim() > 2)
        raise(exc::RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is " + std::to_string(self.dim()) + "D");
    if (self.dim() < 2) return make_view(self, DimVector(self.sizes()), DimVector(self.strides()), self.storage_offset());
    const Value targs[] = {args[0], Value(0), Value(1)};
    return transpose(targs);
}

inline Value permute(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "permute", "self");
    DimVector dims = int_list_arg(args[1], "permute", "dims");
    if (static_cast<std::int64_t>(dims.size()) != self.dim())
        raise(exc::RuntimeError, "permute(sparse_coo): number of dimensions in the tensor input does not match the length "
                                 "of the desired ordering of dimensions i.e. input.dim() = " + std::to_string(self.dim()) +
                                     " is not equal to len(dims) = " + std::to_string(dims.size()));
    DimVector sizes(dims.size()), strides(dims.size());
    std::uint64_t seen = 0;
    for (std::size_t i = 0; i < dims.size(); ++i) {
        auto d = static_cast<std::size_t>(wrap_dim(dims[i], self.dim()));
        if (seen & (std::uint64_t{1} << d)) raise(exc::RuntimeError, "permute(): duplicate dims are not allowed.");
        seen |= std::uint64_t{1} << d;
        sizes[i] = self.sizes()[d];
        strides[i] = self.strides()[d];
    }
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

inline Value unsqueeze(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "unsqueeze", "self");
    auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "unsqueeze", "dim"), self.dim() + 1));
    DimVector sizes(self.sizes()), strides(self.strides());
    std::int64_t stride = d >= sizes.size() ? 1 : sizes[d] * strides[d];
    sizes.insert(d, 1);
    strides.insert(d, stride);
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

inline Value squeeze(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "squeeze", "self");
    DimVector sizes, strides;
    std::optional<std::size_t> only;
    if (!args[1].is_none()) only = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "squeeze", "dim"), self.dim()));
    for (std::size_t i = 0; i < static_cast<std::size_t>(self.dim()); ++i) {
        if (self.sizes()[i] == 1 && (!only || *only == i)) continue;
        sizes.push_back(self.sizes()[i]);
        strides.push_back(self.strides()[i]);
    }
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

// aten.slice.Tensor: bounds clamp like Python's; the step must be positive.
inline Value slice(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "slice", "self");
    if (self.dim() == 0) raise(exc::IndexError, "slice() cannot be applied to a 0-dim tensor.");
    auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "slice", "dim"), self.dim()));
    const std::int64_t size = self.sizes()[d];
    std::int64_t start = args[2].is_none() ? 0 : int_arg(args[2], "slice", "start");
    std::int64_t end = args[3].is_none() ? size : int_arg(args[3], "slice", "end");
    std::int64_t step = int_arg(args[4], "slice", "step");
    if (step <= 0) raise(exc::ValueError, "step must be greater than zero");
    if (start < 0) start += size;
    if (end < 0) end += size;
    start = std::clamp<std::int64_t>(start, 0, size);
    end = std::clamp<std::int64_t>(end, start, size);
    DimVector sizes(self.sizes()), strides(self.strides());
    sizes[d] = (end - start + step - 1) / step;
    strides[d] *= step;
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset() + start * self.strides()[d]);
}

inline Value select(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "select", "self");
    if (self.dim() == 0) raise(exc::IndexError, "select() cannot be applied to a 0-dim tensor.");
    auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "select", "dim"), self.dim()));
    std::int64_t index = int_arg(args[2], "select", "index");
    const std::int64_t size = self.sizes()[d];
    if (index < -size || index >= size)
        raise(exc::IndexError, "select(): index " + std::to_string(index) + " out of range for tensor of size " +
                                   shape_string(self.sizes()) + " at dimension " + std::to_string(d));
    if (index < 0) index += size;
    DimVector sizes(self.sizes()), strides(self.strides());
    sizes.erase(d);
    strides.erase(d);
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset() + index * self.strides()[d]);
}

// diagonal(self, offset, dim1, dim2): the diagonal as a view (writes through
// it reach self), its dimension last; ATen's diagonal.
inline Value diagonal(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "diagonal", "self");
    const std::int64_t offset = int_arg(args[1], "diagonal", "offset");
    const auto d1 = static_cast<std::size_t>(wrap_dim(int_arg(args[2], "diagonal", "dim1"), self.dim()));
    const auto d2 = static_cast<std::size_t>(wrap_dim(int_arg(args[3], "diagonal", "dim2"), self.dim()));
    if (d1 == d2)
        raise(exc::RuntimeError, "diagonal dimensions cannot be identical " + std::to_string(d1) + ", " + std::to_string(d2));
    const std::int64_t rows = self.sizes()[d1], cols = self.sizes()[d2];
    std::int64_t n = offset >= 0 ? std::min(rows, cols - offset) : std::min(rows + offset, cols);
    n = std::max<std::int64_t>(n, 0);
    std::int64_t start = self.storage_offset();
    if (n > 0) start += offset >= 0 ? offset * self.strides()[d2] : -offset * self.strides()[d1];
    DimVector sizes, strides;
    for (std::size_t d = 0; d < static_cast<std::size_t>(self.dim()); ++d)
        if (d != d1 && d != d2) {
            sizes.push_back(self.sizes()[d]);
            strides.push_back(self.strides()[d]);
        }
    sizes.push_back(n);
    strides.push_back(self.strides()[d1] + self.strides()[d2]);
    return make_view(self, std::move(sizes), std::move(strides), start);
}

// Tensor.unfold(dimension, size, step): the windows of `size` elements every
// `step` along a dimension, as a view with the window last.
inline Value unfold(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "unfold", "self");
    const std::int64_t size = int_arg(args[2], "unfold", "size"), step = int_arg(args[3], "unfold", "step");
    const std::int64_t dim = wrap_dim(int_arg(args[1], "unfold", "dimension"), self.dim());  // a 0-dim tensor takes 0 or -1
    const auto d = static_cast<std::size_t>(dim);
    const std::int64_t length = self.dim() == 0 ? 1 : self.sizes()[d];
    if (size > length)
        raise(exc::RuntimeError, "maximum size for tensor at dimension " + std::to_string(dim) + " is " +
                                     std::to_string(length) + " but size is " + std::to_string(size));
    if (step <= 0) raise(exc::RuntimeError, "step is " + std::to_string(step) + " but must be > 0");
    DimVector sizes(self.sizes()), strides(self.strides());
    if (self.dim() == 0) {
        sizes.push_back(size);
        strides.push_back(1);
    } else {
        const std::int64_t stride = strides[d];
        sizes[d] = (length - size) / step + 1;
        strides[d] = stride * step;
        sizes.push_back(size);
        strides.push_back(stride);
    }
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

// as_strided(self, size, stride, storage_offset=None): any view of self's
// storage that stays inside it.
inline Value as_strided(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "as_strided", "self");
    DimVector sizes = int_list_arg(args[1], "as_strided", "size");
    DimVector strides = int_list_arg(args[2], "as_strided", "stride");
    const std::int64_t start = args[3].is_none() ? self.storage_offset() : int_arg(args[3], "as_strided", "storage_offset");
    if (sizes.size() != strides.size()) raise(exc::RuntimeError, "mismatch in length of strides and shape");
    if (start < 0) raise(exc::RuntimeError, "Tensor: invalid storage offset " + std::to_string(start));
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] < 0) raise(exc::RuntimeError, "Trying to create tensor with negative dimension " + std::to_string(sizes[i]) + ": " + shape_string(sizes));
        if (strides[i] < 0) raise(exc::RuntimeError, "as_strided: Negative strides are not supported at the moment, got strides: " + shape_string(strides));
    }
    const auto item = static_cast<std::int64_t>(element_size(self.dtype()));
    std::int64_t needed = 0;  // elements the view reaches, from the storage's start
    if (std::find(sizes.begin(), sizes.end(), 0) == sizes.end()) {
        bool overflow = __builtin_add_overflow(start, 1, &needed);
        for (std::size_t i = 0; i < sizes.size(); ++i) {
            std::int64_t reach = 0;
            overflow |= __builtin_mul_overflow(sizes[i] - 1, strides[i], &reach);
            overflow |= __builtin_add_overflow(needed, reach, &needed);
        }
        std::int64_t bytes = 0;
        if (overflow || __builtin_mul_overflow(needed, item, &bytes))
            raise(exc::RuntimeError, "Storage size calculation overflowed with sizes=" + shape_string(sizes) +
                                         " and strides=" + shape_string(strides));
    }
    const auto available = static_cast<std::int64_t>(self.storage()->nbytes());
    if (needed * item > available)
        raise(exc::RuntimeError, "setStorage: sizes " + shape_string(sizes) + ", strides " + shape_string(strides) +
                                     ", storage offset " + std::to_string(start) + ", and itemsize " + std::to_string(item) +
                                     " requiring a storage size of " + std::to_string(needed * item) +
                                     " are out of bounds for storage of size " + std::to_string(available));
    return make_view(self, std::move(sizes), std::move(strides), start);
}

inline Value expand(std::span<const Value> args) {
    auto& self = tensor_arg(args[0], "expand", "self");
    DimVector target = int_list_arg(args[1], "expand", "size");
    if (static_cast<std::int64_t>(target.size()) < self.dim())
        raise(exc::RuntimeError, "expand(torch.FloatTensor{" + shape_string(self.sizes()) + "}, size=" + shape_string(target) +
                                     "): the number of sizes provided (" + std::to_string(target.size()) +
                                     ") must be greater or equal to the number of dimensions in the tensor (" +
                                     std::to_string(self.dim()) + ")");
    const std::size_t nd = target.size(), offset = nd - static_cast<std::size_t>(self.dim());
    DimVector sizes(nd), strides(nd);
    for (std::size_t i = nd; i-- > 0;) {
        if (i < offset) {
            if (target[i] < 0)
                raise(exc::RuntimeError, "The expanded size of the tensor (" + std::to_string(target[i]) +
                                             ") isn't allowed in a leading, non-existing dimension " + std::to_string(i));
            sizes[i] = target[i];
            strides[i] = target[i] != 1 ? 0 : (i + 1 < nd) ? sizes[i + 1] * strides[i + 1] : 1;
            continue;
        }
        std::int64_t have = self.sizes()[i - offset], want = target[i] == -1 ? have : target[i];
        if (have == want) {
            sizes[i] = have;
            strides[i] = self.strides()[i - offset];
        } else if (have == 1) {
            sizes[i] = want;
            strides[i] = 0;
        } else {
            raise(exc::RuntimeError, "The expanded size of the tensor (" + std::to_string(want) +
                                         ") must match the existing size (" + std::to_string(have) +
                                         ") at non-singleton dimension " + std::to_string(i) + ".  Target sizes: " +
                                         shape_string(target) + ".  Tensor sizes: " + shape_string(self.sizes()));
        }
    }
    return make_view(self, std::move(sizes), std::move(strides), self.storage_offset());
}

// Basic indexing, t[i], t[a:b:c], t[None], t[i, 1:, None]: selects, slices
// and unsqueezes, all views. Advanced (tensor) indexing is not supported.
// An index with `...` in it, the ellipsis replaced by the full slices it
// stands for (bool tensors count their dims, None none).
inline std::vector<Value> expand_ellipsis(std::span<const Value> index, std::int64_t ndim) {
    std::int64_t consumed = 0, ellipses = 0;
    for (const auto& ix : index) {
        if (ix.is_none()) continue;
        if (is_ellipsis(ix)) ++ellipses;
        else if (auto* t = ix.dyn<Tensor>(); t && t->dtype() == dtype::bool_) consumed += t->dim();
        else ++consumed;
    }
    if (ellipses > 1) raise(exc::IndexError, "an index can only have a single ellipsis ('...')");
    std::vector<Value> out;
    for (const auto& ix : index) {
        if (!is_ellipsis(ix)) {
            out.push_back(ix);
            continue;
        }
        for (std::int64_t k = consumed; k < ndim; ++k) out.push_back(make_value<Slice>(Value(), Value(), Value()));
    }
    return out;
}

// One basic index (an int, a slice or None) applied at dimension `d` of
// `result`; advances `d` past the dimensions it keeps. False for any other
// index. An int out of range is reported at `position`, its place in the
// index tuple, as torch's applySlicing reports it (d when not given).
inline bool apply_basic_index(Value& result, const Value& ix, std::int64_t& d, std::int64_t position = -1) {
    auto* self = result.as<Tensor>();
    if (ix.is_integral() && !ix.is<Tensor>()) {
        std::int64_t i = ix.as_integral(), size = self->sizes()[static_cast<std::size_t>(d)];
        if (i < -size || i >= size)
            raise(exc::IndexError, "index " + std::to_string(i) + " is out of bounds for dimension " +
                                       std::to_string(position < 0 ? d : position) + " with size " + std::to_string(size));
        const Value sargs[] = {result, Value(d), Value(i)};
        result = select(sargs);
    } else if (auto* s = ix.dyn<Slice>()) {
        auto r = s->indices(self->sizes()[static_cast<std::size_t>(d)]);
        if (r.step <= 0) raise(exc::ValueError, "step must be greater than zero");
        const Value sargs[] = {result, Value(d), Value(r.start), Value(r.start + r.length * r.step), Value(r.step)};
        result = slice(sargs);
        ++d;
    } else if (ix.is_none()) {
        const Value uargs[] = {result, Value(d)};
        result = unsqueeze(uargs);
        ++d;
    } else {
        return false;
    }
    return true;
}

inline Value getitem(std::span<const Value> args) {
    Value result = args[0];
    tensor_arg(result, "getitem", "self");
    std::span<const Value> index = args[1].is<Tuple>() ? args[1].as<Tuple>()->items() : args.subspan(1, 1);
    std::vector<Value> expanded;
    // Where the ellipsis was and how many slices stand for it: each index's
    // place in the tuple as written, for torch's error message.
    std::size_t ellipsis_at = index.size(), width = 1;
    for (std::size_t k = 0; k < index.size(); ++k)
        if (is_ellipsis(index[k])) {
            expanded = expand_ellipsis(index, result.as<Tensor>()->dim());
            ellipsis_at = k;
            width = expanded.size() + 1 - index.size();
            index = expanded;
            break;
        }
    auto position = [&](std::size_t j) -> std::int64_t {
        if (j < ellipsis_at) return static_cast<std::int64_t>(j);
        if (j < ellipsis_at + width) return static_cast<std::int64_t>(ellipsis_at);
        return static_cast<std::int64_t>(j + 1 - width);
    };
    std::int64_t d = 0;
    std::int64_t consumed = 0;
    for (const auto& ix : index)
        if (!ix.is_none()) ++consumed;
    if (consumed > result.as<Tensor>()->dim())
        raise(exc::IndexError, "too many indices for tensor of dimension " + std::to_string(result.as<Tensor>()->dim()));
    for (std::size_t j = 0; j < index.size(); ++j) {
        const Value& ix = index[j];
        if (!apply_basic_index(result, ix, d, position(j)))
            raise(exc::IndexError, "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
                                       std::string(type_name(ix)) + ")");
    }
    if (index.empty() || result.identical(args[0]))
        return make_view(*result.as<Tensor>(), DimVector(result.as<Tensor>()->sizes()),
                         DimVector(result.as<Tensor>()->strides()), result.as<Tensor>()->storage_offset());
    return result;
}

}  // namespace ops
STANDIN_NAMESPACE_END
