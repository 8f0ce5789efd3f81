// Reductions (sum, mean, amax, amin, max, min, with dim lists and keepdim)
// and softmax. Each op's rule (output shape and dtype) runs for the meta
// function and the kernel alike; the kernel then walks the kept dimensions
// outside and the reduced ones inside, over any strides.
// Counterpart: ATen's native/ReduceOps.cpp, TensorCompare.cpp (max/min with
// dim) and SoftMax.cpp.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/args.hpp>
#include <standin/runtime/tensor/vec_math.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

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

namespace detail {
// torch's floating-point sum, in its order of additions: ATen's cascade_sum
// (native/cpu/SumKernel.cpp) as the AVX2 build runs it on one thread. Float
// addition does not associate, so summing in another order (or in double)
// changes last bits, and a printed tensor can differ from torch's in its last
// digit. The order follows from TensorIterator's layout: reduced dimensions
// innermost, sorted by input stride, adjacent dimensions coalesced; each 2-d
// chunk is summed by one of four loops, each with a multi-level cascade.
// W is the lane count of an AVX2 vector of T; lanes accumulate independently.
template <class T, int L>
struct SumLanes {
    T v[L] = {};
    void add(const SumLanes& o) noexcept {
        for (int l = 0; l < L; ++l) v[l] += o.v[l];
    }
    // L consecutive elements at p + k * stride.
    static SumLanes load(const T* p, std::int64_t stride, std::int64_t k) noexcept {
        SumLanes r;
        for (int l = 0; l < L; ++l) r.v[l] = p[k * stride + l];
        return r;
    }
};

inline std::int64_t sum_ceil_log2(std::int64_t x) noexcept {
    if (x <= 2) return 1;
    return 64 - std::countl_zero(static_cast<std::uint64_t>(x - 1));
}

// N columns summed down `size` rows, in four levels of partial sums.
template <class T, int L, int N>
std::array<SumLanes<T, L>, N> multi_row_sum(const T* in, std::int64_t row_stride, std::int64_t col_stride, std::int64_t size) {
    constexpr int levels = 4;
    const std::int64_t level_power = std::max<std::int64_t>(4, sum_ceil_log2(size) / levels);
    const std::int64_t level_step = std::int64_t{1} << level_power;
    const std::int64_t level_mask = level_step - 1;
    SumLanes<T, L> acc[levels][N];
    std::int64_t i = 0;
    while (i + level_step <= size) {
        for (std::int64_t j = 0; j < level_step; ++j, ++i)
            for (int k = 0; k < N; ++k) acc[0][k].add(SumLanes<T, L>::load(in + i * row_stride, col_stride, k));
        for (int j = 1; j < levels; ++j) {
            for (int k = 0; k < N; ++k) {
                acc[j][k].add(acc[j - 1][k]);
                acc[j - 1][k] = {};
            }
            if ((i & (level_mask << (j * level_power))) != 0) break;
        }
    }
    for (; i < size; ++i)
        for (int k = 0; k < N; ++k) acc[0][k].add(SumLanes<T, L>::load(in + i * row_stride, col_stride, k));
    for (int j = 1; j < levels; ++j)
        for (int k = 0; k < N; ++k) acc[0][k].add(acc[j][k]);
    std::array<SumLanes<T, L>, N> out;
    for (int k = 0; k < N; ++k) out[k] = acc[0][k];
    return out;
}

// One row of `size` elements (of L lanes each), as four interleaved partial sums.
template <class T, int L>
SumLanes<T, L> row_sum(const T* in, std::int64_t stride, std::int64_t size) {
    const std::int64_t size_ilp = size / 4;
    auto partial = multi_row_sum<T, L, 4>(in, stride * 4, stride, size_ilp);
    for (std::int64_t i = size_ilp * 4; i < size; ++i) partial[0].add(SumLanes<T, L>::load(in, stride, i));
    for (int k = 1; k < 4; ++k) partial[0].add(partial[k]);
    return partial[0];
}

template <class T, int L>
void store_sum(T* out, std::int64_t out_stride, std::int64_t index, const SumLanes<T, L>& v) noexcept {
    for (int l = 0; l < L; ++l) out[(index + l) * out_stride] += v.v[l];
}

// One 2-d chunk: dimension 0 (size0) is summed, dimension 1 (size1) is kept
// when out_strides[1] != 0. Strides are in elements.
template <class T, int W>
void cascade_sum_2d(T* out, const T* in, std::int64_t in_strides[2], std::int64_t out_strides[2], std::int64_t size0,
                    std::int64_t size1) {
    if (out_strides[0] != 0 && out_strides[1] == 0) {
        std::swap(in_strides[0], in_strides[1]);
        std::swap(out_strides[0], out_strides[1]);
        std::swap(size0, size1);
    }
    if (out_strides[0] != 0 && out_strides[1] != 0) {  // nothing reduced here
        for (std::int64_t j = 0; j < size1; ++j)
            for (std::int64_t i = 0; i < size0; ++i)
                out[i * out_strides[0] + j * out_strides[1]] += in[i * in_strides[0] + j * in_strides[1]];
        return;
    }
    const std::int64_t out_stride = out_strides[1];
    if (in_strides[0] == 1 && size0 >= W) {  // contiguous inner reduction
        const std::int64_t vec_size = size0 / W;
        for (std::int64_t j = 0; j < size1; ++j) {
            const T* row = in + j * in_strides[1];
            const auto vec = row_sum<T, W>(row, W, vec_size);
            T total = 0;
            for (std::int64_t k = vec_size * W; k < size0; ++k) total += row[k];
            for (int k = 0; k < W; ++k) total += vec.v[k];
            out[j * out_stride] += total;
        }
    } else if (in_strides[1] == 1 && size1 >= W) {  // contiguous outer reduction
        std::int64_t j = 0;
        for (; j + 4 * W <= size1; j += 4 * W) {
            const auto sums = multi_row_sum<T, W, 4>(in + j, in_strides[0], W, size0);
            for (int i = 0; i < 4; ++i) store_sum<T, W>(out, out_stride, j + i * W, sums[static_cast<std::size_t>(i)]);
        }
        for (; j + W <= size1; j += W) store_sum<T, W>(out, out_stride, j, row_sum<T, W>(in + j, in_strides[0], size0));
        for (; j < size1; ++j) out[j * out_stride] += row_sum<T, 1>(in + j, in_strides[0], size0).v[0];
    } else if (in_strides[0] < in_strides[1]) {
        for (std::int64_t j = 0; j < size1; ++j) out[j * out_stride] += row_sum<T, 1>(in + j * in_strides[1], in_strides[0], size0).v[0];
    } else {
        std::int64_t j = 0;
        for (; j + 3 < size1; j += 4) {
            const auto sums = multi_row_sum<T, 1, 4>(in + j * in_strides[1], in_strides[0], in_strides[1], size0);
            for (int k = 0; k < 4; ++k) out[(j + k) * out_stride] += sums[static_cast<std::size_t>(k)].v[0];
        }
        for (; j < size1; ++j) out[j * out_stride] += row_sum<T, 1>(in + j * in_strides[1], in_strides[0], size0).v[0];
    }
}

// Sums `self` (of element type T) over the dimensions in `mask` into `out`, a
// zero-filled contiguous tensor of the kept dimensions.
template <class T, int W>
void cascade_sum(const Tensor& self, std::uint64_t mask, T* out) {
    const auto nd = static_cast<std::size_t>(self.dim());
    if (self.numel() == 0) return;
    // Output strides: contiguous over the kept dimensions, 0 on reduced ones.
    DimVector out_strides(nd, 0);
    std::int64_t step = 1;
    for (std::size_t d = nd; d-- > 0;)
        if (!(mask & (std::uint64_t{1} << d))) {
            out_strides[d] = step;
            step *= self.sizes()[d];
        }
    // TensorIterator's order: position 0 is the fastest-moving dimension.
    DimVector perm(nd);
    for (std::size_t i = 0; i < nd; ++i) perm[i] = static_cast<std::int64_t>(nd - 1 - i);
    auto should_swap = [&](std::int64_t a, std::int64_t b) -> int {
        const std::int64_t o0 = out_strides[static_cast<std::size_t>(a)], o1 = out_strides[static_cast<std::size_t>(b)];
        const std::int64_t size_a = self.sizes()[static_cast<std::size_t>(a)], size_b = self.sizes()[static_cast<std::size_t>(b)];
        if ((o0 == 0) != (o1 == 0)) return o1 == 0 ? 1 : -1;  // reduced dimensions first
        if (o0 != 0 && o1 != 0) {
            if (o0 < o1) return -1;
            if (o0 > o1) return 1;
            if (size_a > size_b) return 1;
        }
        const std::int64_t i0 = self.strides()[static_cast<std::size_t>(a)], i1 = self.strides()[static_cast<std::size_t>(b)];
        if (i0 != 0 && i1 != 0) {
            if (i0 < i1) return -1;
            if (i0 > i1) return 1;
            if (size_a > size_b) return 1;
        }
        return 0;
    };
    for (std::size_t i = 1; i < nd; ++i) {
        std::size_t d1 = i;
        for (std::size_t d0 = i; d0-- > 0;) {
            const int c = should_swap(perm[d0], perm[d1]);
            if (c > 0) {
                std::swap(perm[d0], perm[d1]);
                d1 = d0;
            } else if (c < 0) {
                break;
            }
        }
    }
    DimVector shape, in_st, out_st;
    for (std::size_t i = 0; i < nd; ++i) {
        const auto d = static_cast<std::size_t>(perm[i]);
        shape.push_back(self.sizes()[d]);
        in_st.push_back(self.strides()[d]);
        out_st.push_back(out_strides[d]);
    }
    // Coalescing: adjacent dimensions merge when one has size 1 or both
    // operands step through them as through one.
    if (nd > 1) {
        std::size_t prev = 0;
        for (std::size_t d = 1; d < nd; ++d) {
            const bool merge = shape[prev] == 1 || shape[d] == 1 ||
                               (shape[prev] * in_st[prev] == in_st[d] && shape[prev] * out_st[prev] == out_st[d]);
            if (merge) {
                if (shape[prev] == 1) {
                    in_st[prev] = in_st[d];
                    out_st[prev] = out_st[d];
                }
                shape[prev] *= shape[d];
            } else {
                ++prev;
                if (prev != d) {
                    in_st[prev] = in_st[d];
                    out_st[prev] = out_st[d];
                    shape[prev] = shape[d];
                }
            }
        }
        shape.resize(prev + 1);
        in_st.resize(prev + 1);
        out_st.resize(prev + 1);
    }
    const std::size_t n = shape.size();
    const T* in = self.data_as<T>();
    const std::int64_t size0 = n > 0 ? shape[0] : 1, size1 = n > 1 ? shape[1] : 1;
    const std::int64_t is0 = n > 0 ? in_st[0] : 0, is1 = n > 1 ? in_st[1] : 0;
    const std::int64_t os0 = n > 0 ? out_st[0] : 0, os1 = n > 1 ? out_st[1] : 0;
    // The dimensions past the first two, walked with position 2 fastest.
    DimVector index(n > 2 ? n - 2 : 0, 0);
    std::int64_t in_off = 0, out_off = 0;
    for (;;) {
        std::int64_t in_strides[2] = {is0, is1}, out_strides2[2] = {os0, os1};
        cascade_sum_2d<T, W>(out + out_off, in + in_off, in_strides, out_strides2, size0, size1);
        std::size_t k = 0;
        for (; k < index.size(); ++k) {
            in_off += in_st[k + 2];
            out_off += out_st[k + 2];
            if (++index[k] < shape[k + 2]) break;
            in_off -= in_st[k + 2] * shape[k + 2];
            out_off -= out_st[k + 2] * shape[k + 2];
            index[k] = 0;
        }
        if (k == index.size()) return;
    }
}
}  // namespace detail

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
    // Floating sums in the input's own type add in torch's order, in that type.
    if (out_dt == self.dtype() && (out_dt == dtype::float32 || out_dt == dtype::float64)) {
        if (out_dt == dtype::float32) {
            auto* o = reinterpret_cast<float*>(dst);
            std::fill_n(o, out->numel(), 0.0f);
            detail::cascade_sum<float, 8>(self, mask, o);
            if (mean)
                for (std::int64_t i = 0; i < out->numel(); ++i) o[i] /= static_cast<float>(count);
        } else {
            auto* o = reinterpret_cast<double*>(dst);
            std::fill_n(o, out->numel(), 0.0);
            detail::cascade_sum<double, 4>(self, mask, o);
            if (mean)
                for (std::int64_t i = 0; i < out->numel(); ++i) o[i] /= static_cast<double>(count);
        }
        return out;
    }
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

namespace detail {
// torch's float32 softmax and log_softmax over a contiguous last dimension
// (_vec_softmax_lastdim, _vec_log_softmax_lastdim): SLEEF's exp, the sum in
// 8 lanes reduced as vec_reduce_all does, softmax multiplying by the
// reciprocal of the sum, log_softmax subtracting the max, then the log.
inline float lane_sum(const float* d, std::int64_t size) noexcept {
    if (size < 8) {
        float a = d[0];
        for (std::int64_t i = 1; i < size; ++i) a += d[i];
        return a;
    }
    float acc[8];
    for (int l = 0; l < 8; ++l) acc[l] = d[l];
    std::int64_t k = 8;
    for (; k < size - size % 8; k += 8)
        for (int l = 0; l < 8; ++l) acc[l] += d[k + l];
    for (std::int64_t l = 0; l < size - k; ++l) acc[l] += d[k + l];
    return vecmath::reduce_lanes(acc);
}
inline void softmax_row_f32(float* p, std::int64_t n, bool log, std::vector<float>& scratch) {
    float m = p[0];
    for (std::int64_t j = 1; j < n; ++j) m = std::max(m, p[j]);
    scratch.resize(static_cast<std::size_t>(n));
    float* e = scratch.data();
    for (std::int64_t j = 0; j < n; ++j) e[j] = vecmath::exp_f32(p[j] - m);
    const float sum = lane_sum(e, n);
    if (log) {
        const float l = vecmath::log_f32(sum);
        for (std::int64_t j = 0; j < n; ++j) p[j] = p[j] - m - l;
    } else {
        const float r = 1 / sum;
        for (std::int64_t j = 0; j < n; ++j) p[j] = e[j] * r;
    }
}
// The same over a dimension that is not the last (_vec_softmax): groups of 8
// neighbouring columns go through the vector path (SLEEF's exp and log, a sum
// per column), the columns left over at the end of a row through the scalar
// one (the C library's exp and log); both divide by the sum.
inline void softmax_columns_f32(float* p, std::int64_t n, std::int64_t inner, bool log) {
    // One column with the given exp and log.
    auto column = [&](float* q, auto exp, auto ln) {
        float m = q[0];
        for (std::int64_t j = 1; j < n; ++j) m = std::max(m, q[j * inner]);
        float sum = 0;
        for (std::int64_t j = 0; j < n; ++j) sum += exp(q[j * inner] - m);
        if (log) {
            const float l = ln(sum);
            for (std::int64_t j = 0; j < n; ++j) q[j * inner] = q[j * inner] - m - l;
        } else {
            for (std::int64_t j = 0; j < n; ++j) q[j * inner] = exp(q[j * inner] - m) / sum;
        }
    };
    const std::int64_t vector_columns = inner - inner % 8;  // the columns of a group do not interact
    for (std::int64_t c = 0; c < vector_columns; ++c)
        column(p + c, [](float x) { return vecmath::exp_f32(x); }, [](float x) { return vecmath::log_f32(x); });
    for (std::int64_t c = vector_columns; c < inner; ++c)
        column(p + c, [](float x) { return std::exp(x); }, [](float x) { return std::log(x); });
}
}  // namespace detail

// softmax(self, dim, dtype=None) and log_softmax, computed in the (floating)
// output dtype.
inline Value softmax_impl(std::span<const Value> args, bool fake, bool log) {
    const std::string_view op = log ? "log_softmax" : "softmax";
    auto& self = tensor_arg(args[0], op, "self");
    const auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], op, "dim"), self.dim()));
    const auto requested = dtype_arg(args[2], op, "dtype");
    const dtype dt = requested ? *requested : self.dtype();
    if (!is_floating(dt)) {
        const bool last = self.dim() == 0 || d + 1 == static_cast<std::size_t>(self.dim());
        raise_not_implemented(last ? (log ? "log_softmax_lastdim_kernel_impl" : "softmax_lastdim_kernel_impl")
                                   : "softmax_kernel_impl",
                              dt);
    }
    auto out = make_tensor(dt, self.sizes(), fake);
    if (fake || self.numel() == 0) return out;
    const Value src[] = {Value::borrow(&self)};
    pointwise_execute(pointwise_info_of<copy_op>, self.dtype(), src, *out);  // converts into dt
    const DimSplit split = split_at_dim(self, d);
    const std::int64_t outer = split.outer, n = split.n, inner = split.inner;
    if (dt == dtype::float32 && inner == 1) {
        std::vector<float> scratch;
        float* x = out->data_as<float>();
        for (std::int64_t o = 0; o < outer; ++o) detail::softmax_row_f32(x + o * n, n, log, scratch);
        return out;
    }
    if (dt == dtype::float32) {
        float* x = out->data_as<float>();
        for (std::int64_t o = 0; o < outer; ++o) detail::softmax_columns_f32(x + o * n * inner, n, inner, log);
        return out;
    }
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
                    if (log) {
                        for (std::int64_t j = 0; j < n; ++j) sum += std::exp(p[j * inner] - m);
                        const T l = std::log(sum);
                        for (std::int64_t j = 0; j < n; ++j) p[j * inner] = p[j * inner] - m - l;
                    } else {
                        for (std::int64_t j = 0; j < n; ++j) sum += (p[j * inner] = std::exp(p[j * inner] - m));
                        for (std::int64_t j = 0; j < n; ++j) p[j * inner] /= sum;
                    }
                }
        }
    });
    return out;
}
inline Value softmax(std::span<const Value> args, bool fake) { return softmax_impl(args, fake, false); }
inline Value log_softmax(std::span<const Value> args, bool fake) { return softmax_impl(args, fake, true); }

// _var(self, dim=None, correction=1, keepdim=False, take_sqrt=False): var and
// std as ATen computes them for float32/float64, in double. A reduction over
// every dimension is two passes (std_var_all_cpu: the mean as torch's mean
// gives it, then the squared deviations summed in order); over some
// dimensions, Welford's update per output (WelfordOps, its m2 update fused
// as the AVX2 kernel build fuses it).
inline Value var_std(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "var", "self");
    const std::uint64_t mask = dim_mask_arg(args[1], self.dim(), "var");
    const std::int64_t correction = int_arg(args[2], "var", "correction");
    const bool keepdim = bool_arg(args[3], "var", "keepdim");
    const bool take_sqrt = bool_arg(args[4], "var", "take_sqrt");
    if (!is_floating(self.dtype())) raise(exc::RuntimeError, "std and var only support floating point and complex dtypes");
    auto out = make_tensor(self.dtype(), reduced_sizes(self, mask, keepdim), fake);
    if (fake) return out;
    const ReductionPlan plan = make_reduction_plan(self, mask);
    bool all = true;
    for (auto k : plan.kept_sizes) all = all && k == 1;
    dispatch_dtype(self.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (std::is_floating_point_v<T>) {
            const T* src = self.data_as<T>();
            T* dst = out->data_as<T>();
            auto finish = [&](double m2, double divisor) {
                const double v = m2 / divisor;
                return static_cast<T>(take_sqrt ? std::sqrt(v) : v);
            };
            if (self.numel() == 0) {
                for (std::int64_t i = 0; i < out->numel(); ++i) dst[i] = std::numeric_limits<T>::quiet_NaN();
            } else if (all) {
                T sum = 0;
                detail::cascade_sum<T, std::is_same_v<T, float> ? 8 : 4>(self, (std::uint64_t{1} << self.dim()) - 1, &sum);
                const double mean = static_cast<double>(sum / static_cast<T>(self.numel()));
                double total = 0;
                for_each_offset(self.sizes(), self.strides(), 0, [&](std::int64_t off) {
                    const double dx = static_cast<double>(src[off]) - mean;
                    total += vecmath::rounded(dx * dx);
                });
                dst[0] = finish(total, static_cast<double>(std::max<std::int64_t>(0, self.numel() - correction)));
            } else {
                for_each_output(plan, 0, [&](std::int64_t o, std::int64_t base) {
                    std::int64_t n = 0;
                    double mean = 0, m2 = 0;
                    for_each_offset(plan.reduced_sizes, plan.reduced_strides, base, [&](std::int64_t off) {
                        const double x = static_cast<double>(src[off]);
                        ++n;
                        const double delta = x - mean;
                        mean = mean + delta / static_cast<double>(n);
                        m2 = std::fma(delta, x - mean, m2);
                    });
                    const double nf = static_cast<double>(n);
                    dst[o] = finish(m2, nf > static_cast<double>(correction) ? nf - static_cast<double>(correction) : 0.0);
                });
            }
        }
    });
    return out;
}

namespace detail {
// torch's row moments (utils::RowwiseMoments): Welford over W-lane vectors in
// chunks of 16, the chunk results merged in a binary cascade, then the
// leftover elements one by one, then the lanes merged into them. The products
// here are rounded on their own (ATen's code is not contracted here).
template <class T>
void merge_moments(std::int64_t m0_add, T m1_add, T m2_add, std::int64_t& m0, T& m1, T& m2) noexcept {
    const std::int64_t n = m0 + m0_add;
    const T c = n == 0 ? T(0) : static_cast<T>(m0_add) / static_cast<T>(n);
    const T delta = m1_add - m1;
    m1 = m1 + vecmath::rounded(c * delta);
    m2 = m2 + (m2_add + vecmath::rounded(vecmath::rounded(vecmath::rounded(delta * delta) * c) * static_cast<T>(m0)));
    m0 = n;
}
template <class T, int W>
std::pair<T, T> row_moments(const T* x, std::int64_t N) {
    constexpr std::int64_t chunk = 16;
    struct Lanes {
        T v[W] = {};
    };
    const std::int64_t n = N / W;
    const std::int64_t m = (n + chunk - 1) / chunk;
    const auto depth = static_cast<std::size_t>(sum_ceil_log2(m));
    std::vector<std::int64_t> m0s(depth, 0);
    std::vector<Lanes> m1s(depth), m2s(depth);
    auto merge_lanes = [](std::int64_t m0_add, const Lanes& m1_add, const Lanes& m2_add, std::int64_t& m0, Lanes& m1,
                          Lanes& m2) {
        for (int l = 0; l < W; ++l) {
            std::int64_t k = m0;
            merge_moments<T>(m0_add, m1_add.v[l], m2_add.v[l], k, m1.v[l], m2.v[l]);
        }
        m0 += m0_add;
    };
    for (std::int64_t i = 0; i < m; ++i) {
        const T* p = x + i * chunk * W;
        const std::int64_t count = std::min(chunk, n - i * chunk);
        Lanes m1, m2;
        for (std::int64_t j = 0; j < count; ++j) {
            const T c = T(1) / static_cast<T>(j + 1);
            for (int l = 0; l < W; ++l) {
                const T v = p[j * W + l];
                const T delta = v - m1.v[l];
                m1.v[l] = m1.v[l] + vecmath::rounded(delta * c);
                m2.v[l] = m2.v[l] + vecmath::rounded(delta * (v - m1.v[l]));
            }
        }
        merge_lanes(count, m1, m2, m0s[0], m1s[0], m2s[0]);
        std::int64_t mask = i + 1;
        for (std::size_t j = 1; j < depth && (mask & 1) == 0; ++j) {
            merge_lanes(m0s[j - 1], m1s[j - 1], m2s[j - 1], m0s[j], m1s[j], m2s[j]);
            m0s[j - 1] = 0;
            m1s[j - 1] = {};
            m2s[j - 1] = {};
            mask >>= 1;
        }
    }
    for (std::size_t i = 1; i < depth; ++i) merge_lanes(m0s[i], m1s[i], m2s[i], m0s[0], m1s[0], m2s[0]);
    std::int64_t m0 = 0;
    T m1 = 0, m2 = 0;
    for (std::int64_t i = n * W; i < N; ++i) {
        const T delta = x[i] - m1;
        ++m0;
        m1 = m1 + delta / static_cast<T>(m0);
        m2 = m2 + vecmath::rounded(delta * (x[i] - m1));
    }
    for (int l = 0; l < W; ++l) merge_moments<T>(n, m1s[0].v[l], m2s[0].v[l], m0, m1, m2);
    return {m1, m2 / static_cast<T>(N)};
}
}  // namespace detail

// layer_norm(input, normalized_shape, weight=None, bias=None, eps): ATen's
// LayerNormKernelImpl: each row's moments as above, then
// y = fma(fma(x, rstd, -rstd * mean), weight, bias) (the kernel's
// multiply-adds are fused on FMA machines).
inline Value layer_norm(std::span<const Value> args, bool fake) {
    auto& input = tensor_arg(args[0], "layer_norm", "input");
    const DimVector shape = int_list_arg(args[1], "layer_norm", "normalized_shape");
    const Tensor* weight = args[2].is_none() ? nullptr : &tensor_arg(args[2], "layer_norm", "weight");
    const Tensor* bias = args[3].is_none() ? nullptr : &tensor_arg(args[3], "layer_norm", "bias");
    if (!args[4].is_float() && !args[4].is_int()) argument_type_error("layer_norm", "eps", "float", args[4]);
    const double eps = args[4].is_float() ? args[4].as_float() : static_cast<double>(args[4].as_int());
    const auto nd = static_cast<std::size_t>(input.dim());
    bool fits = shape.size() <= nd;
    for (std::size_t i = 0; fits && i < shape.size(); ++i) fits = input.sizes()[nd - shape.size() + i] == shape[i];
    std::int64_t N = 1;
    for (auto d : shape) N *= d;
    if (!fits || (weight && weight->numel() != N) || (bias && bias->numel() != N))
        raise(exc::RuntimeError, "layer_norm: normalized_shape does not match the input, weight or bias");
    if (!is_floating(input.dtype())) raise_not_implemented("LayerNormKernelImpl", input.dtype());
    auto out = make_tensor(input.dtype(), input.sizes(), fake);
    if (fake || input.numel() == 0) return out;
    auto dense = [](const Tensor* t, dtype dt) -> ref<Tensor> {
        if (!t) return nullptr;
        auto c = make_tensor(dt, t->sizes());
        const Value src[] = {Value::borrow(t)};
        pointwise_execute(pointwise_info_of<copy_op>, t->dtype(), src, *c);
        return c;
    };
    const auto x = dense(&input, input.dtype());
    const auto w = dense(weight, input.dtype()), b = dense(bias, input.dtype());
    const std::int64_t rows = N == 0 ? 0 : input.numel() / N;
    auto run = [&](auto tag, auto lanes) {
        using T = decltype(tag);
        constexpr int W = decltype(lanes)::value;
        const T* xs = x->template data_as<T>();
        const T* ws = w ? w->template data_as<T>() : nullptr;
        const T* bs = b ? b->template data_as<T>() : nullptr;
        T* ys = out->template data_as<T>();
        for (std::int64_t r = 0; r < rows; ++r) {
            const auto [mean, var] = detail::row_moments<T, W>(xs + r * N, N);
            const T rstd = T(1) / std::sqrt(var + static_cast<T>(eps));
            const T shift = -rstd * mean;
            for (std::int64_t j = 0; j < N; ++j) {
                const T y = std::fma(xs[r * N + j], rstd, shift);
                ys[r * N + j] = std::fma(y, ws ? ws[j] : T(1), bs ? bs[j] : T(0));
            }
        }
    };
    if (input.dtype() == dtype::float32) run(float{}, std::integral_constant<int, 8>{});
    else run(double{}, std::integral_constant<int, 4>{});
    return out;
}

}  // namespace ops
STANDIN_NAMESPACE_END
