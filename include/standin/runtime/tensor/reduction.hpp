// Reductions (sum, mean, amax, amin, max, min, with dim lists and keepdim)
// and softmax. Each op's rule (output shape and dtype) runs for the meta
// function and the kernel alike; the kernel then walks the kept dimensions
// outside and the reduced ones inside, over any strides.
// Counterpart: ATen's native/ReduceOps.cpp, TensorCompare.cpp (max/min with
// dim) and SoftMax.cpp.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/args.hpp>

#include <cmath>
#include <limits>

STANDIN_NAMESPACE_BEGIN
namespace ops {

// Calls f(offset) for every element of a strided index space, row-major.
template <class F>
void for_each_offset(std::span<const std::int64_t> sizes, std::span<const std::int64_t> strides, std::int64_t base, F&& f) {
    const std::size_t nd = sizes.size();
    if (nd == 0) {
        f(base);
        return;
    }
    for (auto s : sizes)
        if (s == 0) return;
    DimVector index(nd, 0);
    const std::int64_t inner = sizes[nd - 1], inner_stride = strides[nd - 1];
    std::int64_t offset = base;
    for (;;) {
        for (std::int64_t i = 0; i < inner; ++i) f(offset + i * inner_stride);
        std::size_t d = nd - 1;
        for (;;) {
            if (d == 0) return;
            --d;
            offset += strides[d];
            if (++index[d] < sizes[d]) break;
            offset -= strides[d] * sizes[d];
            index[d] = 0;
        }
    }
}

// The kept and reduced dimensions of a reduction over `mask`.
struct ReductionPlan {
    DimVector kept_sizes, kept_strides, reduced_sizes, reduced_strides;
    std::int64_t reduced_numel = 1;
};

inline ReductionPlan make_reduction_plan(const Tensor& self, std::uint64_t mask) {
    ReductionPlan p;
    for (std::size_t d = 0; d < static_cast<std::size_t>(self.dim()); ++d) {
        if (mask & (std::uint64_t{1} << d)) {
            p.reduced_sizes.push_back(self.sizes()[d]);
            p.reduced_strides.push_back(self.strides()[d]);
            p.reduced_numel *= self.sizes()[d];
        } else {
            p.kept_sizes.push_back(self.sizes()[d]);
            p.kept_strides.push_back(self.strides()[d]);
        }
    }
    return p;
}

// Calls f(out_index, base_offset) for each output element, in row-major order.
template <class F>
void for_each_output(const ReductionPlan& p, std::int64_t base, F&& f) {
    std::int64_t o = 0;
    for_each_offset(p.kept_sizes, p.kept_strides, base, [&](std::int64_t off) { f(o++, off); });
}

// The output shape of a reduction over `mask` (the rule every reduction shares).
inline DimVector reduced_sizes(const Tensor& self, std::uint64_t mask, bool keepdim) {
    DimVector sizes;
    for (std::size_t d = 0; d < static_cast<std::size_t>(self.dim()); ++d) {
        if (!(mask & (std::uint64_t{1} << d))) sizes.push_back(self.sizes()[d]);
        else if (keepdim) sizes.push_back(1);
    }
    return sizes;
}

// sum(self, dim=None, keepdim=False, dtype=None) and mean with the same schema.
// mean() of an integer tensor (or with an integer dtype=): torch's message.
[[noreturn]] inline void raise_mean_dtype_error(bool requested, dtype dt) {
    raise(exc::RuntimeError, std::string("mean(): could not infer output dtype. ") + (requested ? "Optional" : "Input") +
                                 " dtype must be either a floating point or complex dtype. Got: " +
                                 std::string(scalar_type_name(dt)));
}

inline Value sum_or_mean(std::span<const Value> args, bool fake, bool mean) {
    const std::string_view op = mean ? "mean" : "sum";
    auto& self = tensor_arg(args[0], op, "self");
    const std::uint64_t mask = dim_mask_arg(args[1], self.dim(), op);
    const bool keepdim = bool_arg(args[2], op, "keepdim");
    const auto requested = dtype_arg(args[3], op, "dtype");
    dtype out_dt = requested ? *requested : is_integral(self.dtype()) ? dtype::int64 : self.dtype();
    if (mean && !is_floating(out_dt)) raise_mean_dtype_error(requested.has_value(), requested ? *requested : self.dtype());
    auto out = make_tensor(out_dt, reduced_sizes(self, mask, keepdim), fake);
    if (fake) return out;
    const ReductionPlan plan = make_reduction_plan(self, mask);
    std::byte* dst = out->data();
    const std::int64_t count = plan.reduced_numel;
    dispatch_dtype(self.dtype(), [&](auto in_tag) {
        using T = typename decltype(in_tag)::type;
        const T* src = self.data_as<T>();
        if (is_floating(out_dt)) {
            for_each_output(plan, 0, [&](std::int64_t o, std::int64_t base) {
                double acc = 0;
                for_each_offset(plan.reduced_sizes, plan.reduced_strides, base,
                                [&](std::int64_t off) { acc += cast_element<double>(cast_element<cpp_type<dtype::float64>>(src[off])); });
                if (mean) acc /= static_cast<double>(count);
                if (out_dt == dtype::float32) reinterpret_cast<float*>(dst)[o] = static_cast<float>(acc);
                else reinterpret_cast<double*>(dst)[o] = acc;
            });
        } else {
            for_each_output(plan, 0, [&](std::int64_t o, std::int64_t base) {
                std::uint64_t acc = 0;
                for_each_offset(plan.reduced_sizes, plan.reduced_strides, base,
                                [&](std::int64_t off) { acc += static_cast<std::uint64_t>(cast_element<std::int64_t>(src[off])); });
                auto v = static_cast<std::int64_t>(acc);
                if (out_dt == dtype::bool_) reinterpret_cast<bool*>(dst)[o] = v != 0;
                else reinterpret_cast<std::int64_t*>(dst)[o] = v;
            });
        }
    });
    return out;
}

namespace detail {
// Whether `v` should replace `best` (NaN wins and then stays).
template <class T>
inline bool better(T v, T best, bool want_max) noexcept {
    if constexpr (std::is_floating_point_v<T>) {
        if (best != best) return false;
        if (v != v) return true;
    }
    return want_max ? best < v : v < best;
}
}  // namespace detail

// amax/amin(self, dim=(), keepdim=False); also max/min without dim.
inline Value extremum(std::span<const Value> args, bool fake, bool want_max, std::string_view op, bool with_dim) {
    auto& self = tensor_arg(args[0], op, "self");
    const std::uint64_t mask = with_dim ? dim_mask_arg(args[1], self.dim(), op) : dim_mask_arg(Value(), self.dim(), op);
    const bool keepdim = with_dim && bool_arg(args[2], op, "keepdim");
    if (self.numel() == 0) {
        const bool reduces_all = !with_dim || args[1].is_none() || sequence_items(args[1]).empty();
        if (reduces_all)
            raise(exc::RuntimeError, std::string(op) + "(): Expected reduction dim to be specified for input.numel() == 0. "
                                                       "Specify the reduction dim with the 'dim' argument.");
        for (std::size_t d = 0; d < static_cast<std::size_t>(self.dim()); ++d)
            if ((mask & (std::uint64_t{1} << d)) && self.sizes()[d] == 0)
                raise(exc::IndexError, std::string(op) + "(): Expected reduction dim " + std::to_string(d) +
                                           " to have non-zero size.");
    }
    auto out = make_tensor(self.dtype(), reduced_sizes(self, mask, keepdim), fake);
    if (fake) return out;
    const ReductionPlan plan = make_reduction_plan(self, mask);
    dispatch_dtype(self.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* src = self.data_as<T>();
        T* dst = out->data_as<T>();
        for_each_output(plan, 0, [&](std::int64_t o, std::int64_t base) {
            T best = src[base];
            for_each_offset(plan.reduced_sizes, plan.reduced_strides, base, [&](std::int64_t off) {
                if (detail::better(src[off], best, want_max)) best = src[off];
            });
            dst[o] = best;
        });
    });
    return out;
}

// max/min(self, dim, keepdim=False) -> (values, indices): the first extreme
// element's index along `dim`.
inline Value extremum_with_indices(const Tensor& self, std::int64_t dim_arg, bool keepdim, bool fake, bool want_max,
                                   std::string_view op) {
    const auto d = static_cast<std::size_t>(wrap_dim(dim_arg, self.dim()));
    const std::uint64_t mask = self.dim() == 0 ? 0 : std::uint64_t{1} << d;
    if (self.dim() > 0 && self.sizes()[d] == 0)
        raise(exc::IndexError, std::string(op) + "(): Expected reduction dim " + std::to_string(d) + " to have non-zero size.");
    DimVector sizes = reduced_sizes(self, mask, keepdim);
    auto values = make_tensor(self.dtype(), sizes, fake);
    auto indices = make_tensor(dtype::int64, sizes, fake);
    if (!fake) {
        const ReductionPlan plan = make_reduction_plan(self, mask);
        dispatch_dtype(self.dtype(), [&](auto tag) {
            using T = typename decltype(tag)::type;
            const T* src = self.data_as<T>();
            T* dst = values->data_as<T>();
            auto* idx = indices->data_as<std::int64_t>();
            for_each_output(plan, 0, [&](std::int64_t o, std::int64_t base) {
                T best = src[base];
                std::int64_t best_index = 0, i = 0;
                for_each_offset(plan.reduced_sizes, plan.reduced_strides, base, [&](std::int64_t off) {
                    if (detail::better(src[off], best, want_max)) {
                        best = src[off];
                        best_index = i;
                    }
                    ++i;
                });
                dst[o] = best;
                idx[o] = best_index;
            });
        });
    }
    return tuple({Value(std::move(values)), Value(std::move(indices))});
}

// A contiguous tensor seen as [outer, n, inner] around dimension d (n = its
// size): the layout softmax, sort and the cumulative ops walk.
struct DimSplit {
    std::int64_t outer, n, inner;
};
inline DimSplit split_at_dim(const Tensor& self, std::size_t d) {
    DimSplit s{1, self.dim() ? self.sizes()[d] : 1, 1};
    for (std::size_t i = 0; i < static_cast<std::size_t>(self.dim()); ++i) {
        if (i < d) s.outer *= self.sizes()[i];
        if (i > d) s.inner *= self.sizes()[i];
    }
    return s;
}

// softmax(self, dim, dtype=None), computed in the (floating) output dtype.
inline Value softmax(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "softmax", "self");
    const auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "softmax", "dim"), self.dim()));
    const auto requested = dtype_arg(args[2], "softmax", "dtype");
    const dtype dt = requested ? *requested : self.dtype();
    if (!is_floating(dt)) {
        const bool last = self.dim() == 0 || d + 1 == static_cast<std::size_t>(self.dim());
        raise_not_implemented(last ? "softmax_lastdim_kernel_impl" : "softmax_kernel_impl", dt);
    }
    auto out = make_tensor(dt, self.sizes(), fake);
    if (fake || self.numel() == 0) return out;
    const Value src[] = {Value::borrow(&self)};
    pointwise_execute(pointwise_info_of<copy_op>, self.dtype(), src, *out);  // converts into dt
    const DimSplit split = split_at_dim(self, d);
    const std::int64_t outer = split.outer, n = split.n, inner = split.inner;
    dispatch_dtype(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_floating_point_v<T>) {
            T* x = out->data_as<T>();
            for (std::int64_t o = 0; o < outer; ++o)
                for (std::int64_t i = 0; i < inner; ++i) {
                    T* p = x + o * n * inner + i;
                    T m = p[0];
                    for (std::int64_t j = 1; j < n; ++j) m = std::max(m, p[j * inner]);
                    T sum = 0;
                    for (std::int64_t j = 0; j < n; ++j) sum += (p[j * inner] = std::exp(p[j * inner] - m));
                    for (std::int64_t j = 0; j < n; ++j) p[j * inner] /= sum;
                }
        }
    });
    return out;
}

}  // namespace ops
STANDIN_NAMESPACE_END
