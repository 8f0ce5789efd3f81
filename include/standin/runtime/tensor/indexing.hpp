// Ops that pick elements by index or order them: indexing with integer and
// bool tensors (reads and writes), gather, index_select, nonzero, argmax and
// argmin, sort, cumsum/cumprod and prod. Element moves are type-erased (a copy
// of element_size bytes), so these ops instantiate nothing per dtype except
// where they compare or accumulate values.
// Counterpart: ATen's native/TensorAdvancedIndexing.cpp (index, index_put_,
// gather, index_select, nonzero), Sorting.cpp, ReduceOps.cpp (cumsum, prod).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/ops.hpp>

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

STANDIN_NAMESPACE_BEGIN
namespace ops {

// nonzero(self): the (count, ndim) int64 indices of the nonzero elements. Its
// shape depends on the data: no meta rule (a graph break when traced).
inline Value nonzero(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "nonzero", "self");
    if (fake) raise(exc::RuntimeError, "nonzero(): the output shape depends on the data");
    std::vector<std::int64_t> hits;
    const std::size_t nd = static_cast<std::size_t>(self.dim());
    DimVector coord(nd, 0);
    std::int64_t count = 0;
    dispatch_dtype(self.dtype(), [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T* base = reinterpret_cast<const T*>(self.storage()->data());
        for_each_offset(self.sizes(), self.strides(), self.storage_offset(), [&](std::int64_t off) {
            if (base[off] != T(0)) {
                ++count;
                for (std::size_t k = 0; k < nd; ++k) hits.push_back(coord[k]);
            }
            for (std::size_t k = nd; k-- > 0;) {
                if (++coord[k] < self.sizes()[k]) break;
                coord[k] = 0;
            }
        });
    });
    const std::int64_t shape[] = {count, static_cast<std::int64_t>(nd)};
    auto out = make_tensor(dtype::int64, shape, false);
    std::copy(hits.begin(), hits.end(), out->data_as<std::int64_t>());
    return out;
}

namespace detail {

// A shape as a tuple of ints.
inline Value tuple_of_sizes(std::span<const std::int64_t> sizes) {
    std::vector<Value> items;
    for (auto d : sizes) items.push_back(Value(d));
    return tuple(std::move(items));
}
inline Value tuple_of_sizes(std::initializer_list<std::int64_t> sizes) {
    return detail::tuple_of_sizes(std::span<const std::int64_t>(sizes.begin(), sizes.size()));
}

// The int64 values of an index tensor broadcast to `sizes`, row-major.
inline std::vector<std::int64_t> index_values(const Tensor& index, std::span<const std::int64_t> sizes) {
    const Value eargs[] = {Value::borrow(&index), detail::tuple_of_sizes(sizes)};
    Value expanded = expand(eargs);
    const Tensor& e = *expanded.as<Tensor>();
    std::vector<std::int64_t> out;
    out.reserve(static_cast<std::size_t>(product(sizes)));
    const auto* p = e.storage()->data();
    const auto es = static_cast<std::int64_t>(element_size(e.dtype()));
    for_each_offset(e.sizes(), e.strides(), e.storage_offset(), [&](std::int64_t off) {
        std::int64_t v;
        if (e.dtype() == dtype::int64) std::memcpy(&v, p + off * es, sizeof v);
        else convert_elements(p + off * es, e.dtype(), 1, reinterpret_cast<std::byte*>(&v), dtype::int64, 1, 1);
        out.push_back(v);
    });
    return out;
}

inline std::int64_t checked_index(std::int64_t i, std::int64_t size, std::int64_t dim) {
    if (i < -size || i >= size)
        raise(exc::IndexError, "index " + std::to_string(i) + " is out of bounds for dimension " + std::to_string(dim) +
                                   " with size " + std::to_string(size));
    return i < 0 ? i + size : i;
}

// The element offsets (into the storage) an advanced index reads or writes,
// and the result's shape.
struct AdvancedIndexPlan {
    DimVector sizes;
    std::vector<std::int64_t> offsets;
    bool data_dependent = false;  // a bool mask: the shape depends on data
};

inline bool is_index_tensor_like(const Value& v) { return v.is<Tensor>() || v.is<List>() || v.is<Range>(); }

// A list index ([0, 2]) is a tensor index; an empty one selects nothing
// (an int64 tensor of size 0, as torch reads x[i, []]). A range is its
// list (x[range(B), idx]).
inline Value index_tensor_of(const Value& v) {
    if (v.is<Tensor>()) return v;
    if (auto* r = v.dyn<Range>()) {
        std::vector<Value> items;
        for (std::int64_t i = 0; i < r->length(); ++i) items.push_back(Value(r->start() + i * r->step()));
        return index_tensor_of(list(std::move(items)));
    }
    const bool empty = v.is<List>() && v.as<List>()->items().empty();
    const Value targs[] = {v, empty ? dtype_value(dtype::int64) : Value()};
    return tensor(targs, false);
}

inline AdvancedIndexPlan plan_advanced_index(const Value& self_value, std::span<const Value> index, bool fake) {
    AdvancedIndexPlan plan;
    std::vector<Value> expanded, masks;
    // A uint8 index is a mask, as torch's deprecated byte indexing has it.
    for (const auto& ix : index)
        if (auto* t = ix.dyn<Tensor>(); t && t->dtype() == dtype::uint8) {
            for (const auto& item : index) {
                auto* m = item.dyn<Tensor>();
                masks.push_back(m && m->dtype() == dtype::uint8 ? Value(copy_like(*m, dtype::bool_, fake)) : item);
            }
            index = masks;
            break;
        }
    for (const auto& ix : index)
        if (is_ellipsis(ix)) {
            expanded = expand_ellipsis(index, self_value.as<Tensor>()->dim());
            index = expanded;
            break;
        }
    Value result = self_value;
    std::int64_t consumed = 0;
    for (const auto& ix : index) {
        if (ix.is_none()) continue;
        if (auto* t = ix.dyn<Tensor>(); t && t->dtype() == dtype::bool_) consumed += std::max<std::int64_t>(t->dim(), 1);
        else ++consumed;
    }
    if (consumed > self_value.as<Tensor>()->dim())
        raise(exc::IndexError, "too many indices for tensor of dimension " + std::to_string(self_value.as<Tensor>()->dim()));
    std::vector<std::pair<std::int64_t, Value>> advanced;  // (dim in result, int64 index tensor)
    std::int64_t d = 0;
    for (const auto& ix : index) {
        auto* self = result.as<Tensor>();
        if (apply_basic_index(result, ix, d)) {
            continue;
        } else if (is_index_tensor_like(ix)) {
            Value it = index_tensor_of(ix);
            const Tensor& t = *it.as<Tensor>();
            if (t.dtype() == dtype::bool_) {
                const std::int64_t k = std::max<std::int64_t>(t.dim(), 1);
                for (std::int64_t j = 0; j < t.dim(); ++j) {
                    const std::int64_t have = self->sizes()[static_cast<std::size_t>(d + j)];
                    if (t.sizes()[static_cast<std::size_t>(j)] != have)
                        raise(exc::IndexError, "The shape of the mask " + shape_string(t.sizes()) + " at index " +
                                                   std::to_string(j) + " does not match the shape of the indexed tensor " +
                                                   shape_string(self->sizes()) + " at index " + std::to_string(d + j));
                }
                if (fake) {
                    plan.data_dependent = true;
                    return plan;
                }
                const Value nargs[] = {it};
                Value nz = nonzero(nargs, false);  // (count, k)
                for (std::int64_t j = 0; j < k && t.dim() > 0; ++j) {
                    const Value sargs[] = {nz, Value(std::int64_t{1}), Value(j)};
                    advanced.emplace_back(d + j, select(sargs));
                }
                d += t.dim();
            } else if (t.dtype() == dtype::int64) {
                advanced.emplace_back(d, it);
                ++d;
            } else {
                raise(exc::IndexError, "tensors used as indices must be long, byte or bool tensors");
            }
        } else {
            raise(exc::IndexError, "only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got " +
                                       std::string(type_name(ix)) + ")");
        }
    }
    const Tensor& v = *result.as<Tensor>();
    DimVector bshape;
    try {
        for (auto& [dim, it] : advanced) bshape = broadcast_shapes(bshape, it.as<Tensor>()->sizes());
    } catch (const Error&) {
        // torch's message: every index's shape, "[2], [3]".
        std::string shapes;
        for (auto& [dim, it] : advanced) {
            if (!shapes.empty()) shapes += ", ";
            shapes += "[";
            const auto sizes = it.as<Tensor>()->sizes();
            for (std::size_t k = 0; k < sizes.size(); ++k) shapes += (k ? ", " : "") + std::to_string(sizes[k]);
            shapes += "]";
        }
        raise(exc::IndexError, "shape mismatch: indexing tensors could not be broadcast together with shapes " + shapes);
    }
    bool consecutive = true;
    for (std::size_t i = 1; i < advanced.size(); ++i) consecutive = consecutive && advanced[i].first == advanced[i - 1].first + 1;
    DimVector pre_sizes, pre_strides, post_sizes, post_strides;
    const std::int64_t first_adv = advanced.empty() ? v.dim() : advanced.front().first;
    for (std::int64_t k = 0; k < v.dim(); ++k) {
        bool is_adv = false;
        for (auto& a : advanced) is_adv = is_adv || a.first == k;
        if (is_adv) continue;
        if (consecutive && k < first_adv) {
            pre_sizes.push_back(v.sizes()[static_cast<std::size_t>(k)]);
            pre_strides.push_back(v.strides()[static_cast<std::size_t>(k)]);
        } else {
            post_sizes.push_back(v.sizes()[static_cast<std::size_t>(k)]);
            post_strides.push_back(v.strides()[static_cast<std::size_t>(k)]);
        }
    }
    plan.sizes = pre_sizes;
    for (auto s : bshape) plan.sizes.push_back(s);
    for (auto s : post_sizes) plan.sizes.push_back(s);
    if (fake) return plan;
    // Each broadcast index position's offset from the advanced indices.
    const std::int64_t bn = product(bshape);
    std::vector<std::int64_t> adv_offsets(static_cast<std::size_t>(bn), 0);
    for (auto& [dim, it] : advanced) {
        const std::int64_t size = v.sizes()[static_cast<std::size_t>(dim)], stride = v.strides()[static_cast<std::size_t>(dim)];
        auto values = index_values(*it.as<Tensor>(), bshape);
        for (std::size_t i = 0; i < values.size(); ++i) adv_offsets[i] += checked_index(values[i], size, dim) * stride;
    }
    std::vector<std::int64_t> post;
    for_each_offset(post_sizes, post_strides, 0, [&](std::int64_t off) { post.push_back(off); });
    plan.offsets.reserve(static_cast<std::size_t>(product(plan.sizes)));
    for_each_offset(pre_sizes, pre_strides, v.storage_offset(), [&](std::int64_t pre) {
        for (auto a : adv_offsets)
            for (auto p : post) plan.offsets.push_back(pre + a + p);
    });
    return plan;
}

}  // namespace detail

// x[index] where the index holds an integer or bool tensor (or a list).
inline Value index_advanced(const Value& self, std::span<const Value> index, bool fake) {
    auto plan = detail::plan_advanced_index(self, index, fake);
    const Tensor& s = *self.as<Tensor>();
    if (plan.data_dependent) raise(exc::RuntimeError, "indexing with a bool mask: the output shape depends on the data");
    auto out = make_tensor(s.dtype(), plan.sizes, fake);
    if (fake) return out;
    const std::size_t es = element_size(s.dtype());
    const std::byte* src = s.storage()->data();
    std::byte* dst = out->data();
    for (std::size_t i = 0; i < plan.offsets.size(); ++i)
        std::memcpy(dst + i * es, src + static_cast<std::size_t>(plan.offsets[i]) * es, es);
    return out;
}

// x[index] = value with an integer or bool tensor in the index (index_put_).
inline void index_put(const Value& self, std::span<const Value> index, const Value& value) {
    auto plan = detail::plan_advanced_index(self, index, false);
    Tensor& s = *self.as<Tensor>();
    detail::check_writable(s);
    Value v = value;
    if (!v.is<Tensor>()) {
        const Value fargs[] = {detail::tuple_of_sizes(std::span<const std::int64_t>{}), value, dtype_value(s.dtype())};
        v = full(fargs, false);
    }
    v = to_dtype(v, s.dtype(), false);
    const Value eargs[] = {v, detail::tuple_of_sizes(plan.sizes)};
    Value expanded = expand(eargs);
    const Tensor& e = *expanded.as<Tensor>();
    const std::size_t es = element_size(s.dtype());
    std::byte* dst = s.storage()->data();
    const std::byte* src = e.storage()->data();
    std::size_t i = 0;
    for_each_offset(e.sizes(), e.strides(), e.storage_offset(), [&](std::int64_t off) {
        std::memcpy(dst + static_cast<std::size_t>(plan.offsets[i++]) * es, src + static_cast<std::size_t>(off) * es, es);
    });
    s.mark_mutated();
}

// index_select(self, dim, index): index is 0-d or 1-d int64.
inline Value index_select(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "index_select", "self");
    const std::int64_t d = wrap_dim(int_arg(args[1], "index_select", "dim"), std::max<std::int64_t>(self.dim(), 1));
    auto& index = tensor_arg(args[2], "index_select", "index");
    if (index.dim() > 1) raise(exc::IndexError, "index_select(): Index is supposed to be a vector");
    if (index.dtype() != dtype::int64 && index.dtype() != dtype::int32)
        raise(exc::RuntimeError, "index_select(): Expected dtype int32 or int64 for index");
    // Unlike x[index], a negative index is out of range too (ATen's index_select).
    if (!fake) {
        const std::int64_t size = self.dim() ? self.sizes()[static_cast<std::size_t>(d)] : 1;
        for (std::int64_t v : detail::index_values(index, index.sizes()))
            if (v < 0 || v >= size) raise(exc::IndexError, "index out of range in self");
    }
    // A 0-dim self: its one element, still 0-dim, however many (valid) indices (ATen's).
    if (self.dim() == 0) return clone(args.first(1), fake);
    std::vector<Value> items(static_cast<std::size_t>(d), make_value<Slice>(Value(), Value(), Value()));
    const Value flat_args[] = {args[2], detail::tuple_of_sizes({-1})};
    items.push_back(reshape(flat_args));
    return index_advanced(args[0], items, fake);
}

// gather(self, dim, index): out[i][j] = self[index[i][j]][j] for dim 0.
inline Value gather(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "gather", "self");
    const std::int64_t nd = std::max<std::int64_t>(self.dim(), 1);
    const auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], "gather", "dim"), nd));
    auto& index = tensor_arg(args[2], "gather", "index");
    if (index.dtype() != dtype::int64) raise(exc::RuntimeError, "gather(): Expected dtype int64 for index");
    if (std::max<std::int64_t>(index.dim(), 1) != nd)
        raise(exc::RuntimeError, "Index tensor must have the same number of dimensions as input tensor");
    for (std::size_t k = 0; k < static_cast<std::size_t>(index.dim()); ++k)
        if (k != d && index.sizes()[k] > self.sizes()[k])
            raise(exc::RuntimeError, "Size does not match at dimension " + std::to_string(k) + " expected index " +
                                         shape_string(index.sizes()) + " to be smaller than self " + shape_string(self.sizes()) +
                                         " apart from dimension " + std::to_string(d));
    auto out = make_tensor(self.dtype(), index.sizes(), fake);
    if (fake) return out;
    const auto values = detail::index_values(index, index.sizes());
    const std::size_t es = element_size(self.dtype());
    const std::byte* src = self.storage()->data();
    std::byte* dst = out->data();
    const std::size_t ind = static_cast<std::size_t>(index.dim());
    DimVector coord(ind, 0);
    const std::int64_t dim_size = self.dim() ? self.sizes()[d] : 1;
    for (std::size_t i = 0; i < values.size(); ++i) {
        std::int64_t off = self.storage_offset();
        for (std::size_t k = 0; k < ind; ++k) {
            const std::int64_t c = k == d ? values[i] : coord[k];
            if (k == d && (c < 0 || c >= dim_size))  // (no index from the end, as ATen's kernel)
                raise(exc::RuntimeError, "index " + std::to_string(c) + " is out of bounds for dimension " +
                                             std::to_string(d) + " with size " + std::to_string(dim_size));
            off += c * self.strides()[k];
        }
        std::memcpy(dst + i * es, src + static_cast<std::size_t>(off) * es, es);
        for (std::size_t k = ind; k-- > 0;) {
            if (++coord[k] < index.sizes()[k]) break;
            coord[k] = 0;
        }
    }
    return out;
}

// _nll_target(target, n_classes, ignore_index=-100): the class indices that
// nll_loss and cross_entropy gather with (ignored entries read class 0), each
// checked against the class count as ATen's loss kernel checks it. An op, so
// the check is a graph node that runs with the graph (its meta skips it),
// not a data-dependent branch that would break the graph.
inline Value nll_target(std::span<const Value> args, bool fake) {
    auto& target = tensor_arg(args[0], "_nll_target", "target");
    if (target.dtype() != dtype::int64)
        raise(exc::RuntimeError, "expected scalar type Long but found " + std::string(scalar_type_name(target.dtype())));
    const std::int64_t classes = int_arg(args[1], "_nll_target", "n_classes");
    const std::int64_t ignore = int_arg(args[2], "_nll_target", "ignore_index");
    auto out = make_tensor(dtype::int64, target.sizes(), fake);
    if (fake) return out;
    const auto values = detail::index_values(target, target.sizes());
    auto* dst = reinterpret_cast<std::int64_t*>(out->data());
    for (std::size_t i = 0; i < values.size(); ++i) {
        const std::int64_t t = values[i];
        if (t != ignore && (t < 0 || t >= classes))
            raise(exc::IndexError, "Target " + std::to_string(t) + " is out of bounds.");
        dst[i] = t == ignore ? 0 : t;
    }
    return out;
}

// _nll_sum(terms, valid): the sum of `terms` over the entries where `valid`
// holds, in the order ATen's nll_loss kernels add them: a four-level cascade
// whose partial sums move up after the entries whose flat index is a multiple
// of the level step (entry 0 included); ignored entries take no step. The
// loss and, for weighted losses, the total weight go through it.
// `round` rounds each partial result to the terms' own type (a float16 or
// bfloat16 loss adds in that type, as c10::Half arithmetic does).
template <class T, class Round>
T nll_cascade_sum(const T* terms, const bool* valid, std::int64_t n, Round round) {
    constexpr int levels = 4;
    T partial[levels] = {};
    const std::int64_t level_power = std::max<std::int64_t>(4, detail::sum_ceil_log2(n) / levels);
    const std::int64_t level_mask = (std::int64_t{1} << level_power) - 1;
    for (std::int64_t b = 0; b < n; ++b) {
        if (!valid[b]) continue;
        partial[0] = round(partial[0] + terms[b]);
        for (int j = 0; j + 1 < levels; ++j) {
            if ((b & (level_mask << (j * level_power))) != 0) break;
            partial[j + 1] = round(partial[j + 1] + partial[j]);
            partial[j] = 0;
        }
    }
    T total = 0;
    for (int j = 0; j < levels; ++j) total = round(total + partial[j]);
    return total;
}
inline Value nll_sum(std::span<const Value> args, bool fake) {
    auto& terms = tensor_arg(args[0], "_nll_sum", "terms");
    auto& valid = tensor_arg(args[1], "_nll_sum", "valid");
    if (!is_floating(terms.dtype()) || terms.dtype() == dtype::float16)
        raise_not_implemented("nll_loss_forward_out_frame", terms.dtype());
    if (valid.dtype() != dtype::bool_ || valid.numel() != terms.numel())
        raise(exc::RuntimeError, "_nll_sum: expected a bool mask with one entry per term");
    auto out = make_tensor(terms.dtype(), DimVector{}, fake);
    if (fake) return out;
    const Value t_args[] = {args[0]}, v_args[] = {args[1]};
    auto t = contiguous(t_args, false);
    auto v = contiguous(v_args, false);
    const bool* mask = reinterpret_cast<const bool*>(v.as<Tensor>()->data());
    auto same = [](auto x) { return x; };
    if (terms.dtype() == dtype::float32) {
        *out->data_as<float>() = nll_cascade_sum(t.as<Tensor>()->data_as<float>(), mask, terms.numel(), same);
    } else if (terms.dtype() == dtype::float64) {
        *out->data_as<double>() = nll_cascade_sum(t.as<Tensor>()->data_as<double>(), mask, terms.numel(), same);
    } else {  // bfloat16
        const auto* src = reinterpret_cast<const std::uint16_t*>(t.as<Tensor>()->data());
        std::vector<float> wide(static_cast<std::size_t>(terms.numel()));
        for (std::size_t k = 0; k < wide.size(); ++k) wide[k] = bfloat16_to_float(src[k]);
        const float total = nll_cascade_sum(wide.data(), mask, terms.numel(),
                                            [](float x) { return bfloat16_to_float(float_to_bfloat16(x)); });
        *reinterpret_cast<std::uint16_t*>(out->data()) = float_to_bfloat16(total);
    }
    return out;
}

// argmax/argmin(self, dim=None, keepdim=False).
inline Value arg_extremum(std::span<const Value> args, bool fake, bool want_max) {
    const std::string_view op = want_max ? "argmax" : "argmin";
    auto& self = tensor_arg(args[0], op, "self");
    const bool keepdim = bool_arg(args[2], op, "keepdim");
    if (self.dtype() == dtype::bool_)
        raise(exc::RuntimeError, std::string("\"") + std::string(op) + "_cpu\" not implemented for 'Bool'");
    if (args[1].is_none()) {
        if (self.numel() == 0)
            raise(exc::RuntimeError, std::string(op) + "(): Expected reduction dim to be specified for input.numel() == 0.");
        const Value rargs[] = {args[0], detail::tuple_of_sizes({-1})};
        Value flat = reshape(rargs);
        Value r = extremum_with_indices(*flat.as<Tensor>(), 0, false, fake, want_max, op).as<Tuple>()->items()[1];
        if (!keepdim) return r;
        const Value vargs[] = {r, detail::tuple_of_sizes(DimVector(static_cast<std::size_t>(self.dim()), 1))};
        return reshape(vargs);
    }
    return extremum_with_indices(self, int_arg(args[1], op, "dim"), keepdim, fake, want_max, op).as<Tuple>()->items()[1];
}

// Orders the n keys of each slice (torch's comparator: NaN above every
// number) into `order`, as ATen's CPU kernels do on a vector of (key, index)
// pairs, so ties come out in torch's order: sort is libstdc++'s std::sort
// (std::stable_sort when stable), topk a partial_sort when k * 64 <= n, else
// an nth_element and a sort of the first k - 1. (The algorithms see only
// comparisons of keys, so permuting indices by key is the same permutation.)
// Keys are widened first, exactly: every floating dtype to double, every
// other to int64, so the algorithms are instantiated twice, not per dtype.
namespace detail {
template <class K>
struct KeyOrder {
    const K* keys;
    bool greater;
    static bool less(K a, K b) {
        if constexpr (std::is_floating_point_v<K>) {
            if (b != b) return a == a;
            if (a != a) return false;
        }
        return a < b;
    }
    bool operator()(std::int64_t a, std::int64_t b) const {
        return greater ? less(keys[b], keys[a]) : less(keys[a], keys[b]);
    }
};
template <class K>
void order_keys(const K* keys, std::vector<std::int64_t>& order, std::int64_t k, bool topk_op, bool greater, bool flag) {
    const auto n = static_cast<std::int64_t>(order.size());
    std::iota(order.begin(), order.end(), std::int64_t{0});
    const KeyOrder<K> cmp{keys, greater};
    const auto first = order.begin();
    if (!topk_op) {
        if (flag) std::stable_sort(first, order.end(), cmp);
        else std::sort(first, order.end(), cmp);
    } else if (k * 64 <= n) {
        std::partial_sort(first, first + k, order.end(), cmp);
    } else {
        std::nth_element(first, first + (k - 1), order.end(), cmp);
        if (flag) std::sort(first, first + (k - 1), cmp);
    }
}
}  // namespace detail

// sort(self, dim=-1, descending=False, stable=False) -> (values, indices);
// topk(self, k, dim=-1, largest=True, sorted=True) -> (values, indices).
inline Value sort_or_topk(std::span<const Value> args, bool fake, bool topk_op) {
    const std::string_view op = topk_op ? "topk" : "sort";
    auto& self = tensor_arg(args[0], op, "self");
    const std::int64_t nd = std::max<std::int64_t>(self.dim(), 1);
    const auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[topk_op ? 2 : 1], op, "dim"), nd));
    const bool greater = bool_arg(args[topk_op ? 3 : 2], op, topk_op ? "largest" : "descending");
    const bool flag = bool_arg(args[topk_op ? 4 : 3], op, topk_op ? "sorted" : "stable");
    const std::int64_t n_all = self.dim() == 0 ? 1 : self.sizes()[d];
    std::int64_t k = n_all;
    if (topk_op) {
        k = int_arg(args[1], op, "k");
        if (k < 0 || k > n_all) raise(exc::RuntimeError, "selected index k out of range");
    }
    std::vector<std::int64_t> out_sizes(self.sizes().begin(), self.sizes().end());
    if (self.dim() > 0) out_sizes[d] = k;
    auto values = make_tensor(self.dtype(), out_sizes, fake);
    auto indices = make_tensor(dtype::int64, out_sizes, fake);
    if (fake || self.numel() == 0 || k == 0) return tuple({Value(std::move(values)), Value(std::move(indices))});
    const Value cargs[] = {args[0]};
    Value c = contiguous(cargs, false);
    const Tensor& src = *c.as<Tensor>();
    const DimSplit split = split_at_dim(self, d);
    const std::int64_t outer = split.outer, n = split.n, inner = split.inner;
    const bool floating = is_floating(self.dtype());
    std::vector<std::int64_t> order(static_cast<std::size_t>(n));
    std::vector<double> fkeys(floating ? static_cast<std::size_t>(n) : 0);
    std::vector<std::int64_t> ikeys(floating ? 0 : static_cast<std::size_t>(n));
    auto* io = indices->data_as<std::int64_t>();
    // The values are gathered afterwards by index, one dtype-free byte copy each.
    const std::size_t width = element_size(self.dtype());
    const auto* x = reinterpret_cast<const unsigned char*>(src.data());
    auto* vo = reinterpret_cast<unsigned char*>(values->data());
    for (std::int64_t o = 0; o < outer; ++o)
        for (std::int64_t i = 0; i < inner; ++i) {
            const std::int64_t base = o * n * inner + i;
            dispatch_dtype(self.dtype(), [&](auto tag) {
                using T = typename decltype(tag)::type;
                const T* p = src.data_as<T>() + base;
                for (std::int64_t j = 0; j < n; ++j) {
                    if (floating) fkeys[static_cast<std::size_t>(j)] = static_cast<double>(p[j * inner]);
                    else ikeys[static_cast<std::size_t>(j)] = static_cast<std::int64_t>(p[j * inner]);
                }
            });
            if (floating) detail::order_keys(fkeys.data(), order, k, topk_op, greater, flag);
            else detail::order_keys(ikeys.data(), order, k, topk_op, greater, flag);
            for (std::int64_t j = 0; j < k; ++j) {
                const std::int64_t from = base + order[static_cast<std::size_t>(j)] * inner;
                const std::int64_t at = o * k * inner + j * inner + i;
                std::memcpy(vo + static_cast<std::size_t>(at) * width, x + static_cast<std::size_t>(from) * width, width);
                io[at] = order[static_cast<std::size_t>(j)];
            }
        }
    return tuple({Value(std::move(values)), Value(std::move(indices))});
}
inline Value sort(std::span<const Value> args, bool fake) { return sort_or_topk(args, fake, false); }
inline Value topk(std::span<const Value> args, bool fake) { return sort_or_topk(args, fake, true); }

// cumsum/cumprod(self, dim, dtype=None): integers accumulate in int64.
inline Value cumulative(std::span<const Value> args, bool fake, bool product_op) {
    const std::string_view op = product_op ? "cumprod" : "cumsum";
    auto& self = tensor_arg(args[0], op, "self");
    const std::int64_t nd = std::max<std::int64_t>(self.dim(), 1);
    const auto d = static_cast<std::size_t>(wrap_dim(int_arg(args[1], op, "dim"), nd));
    const auto requested = dtype_arg(args[2], op, "dtype");
    const dtype dt = requested ? *requested : is_integral(self.dtype()) ? dtype::int64 : self.dtype();
    auto out = make_tensor(dt, self.sizes(), fake);
    if (fake || self.numel() == 0) return out;
    const Value src[] = {args[0]};
    pointwise_execute(pointwise_info_of<copy_op>, self.dtype(), src, *out);
    const DimSplit split = split_at_dim(self, d);
    const std::int64_t outer = split.outer, n = split.n, inner = split.inner;
    dispatch_dtype(dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        using Acc = std::conditional_t<std::is_floating_point_v<T>, double, std::int64_t>;
        T* x = out->data_as<T>();
        for (std::int64_t o = 0; o < outer; ++o)
            for (std::int64_t i = 0; i < inner; ++i) {
                T* p = x + o * n * inner + i;
                Acc acc = product_op ? Acc(1) : Acc(0);
                for (std::int64_t j = 0; j < n; ++j) {
                    const Acc v = static_cast<Acc>(p[j * inner]);
                    if constexpr (std::is_same_v<Acc, std::int64_t>)
                        acc = product_op ? static_cast<Acc>(static_cast<std::uint64_t>(acc) * static_cast<std::uint64_t>(v))
                                         : static_cast<Acc>(static_cast<std::uint64_t>(acc) + static_cast<std::uint64_t>(v));
                    else
                        acc = product_op ? acc * v : acc + v;
                    p[j * inner] = static_cast<T>(acc);
                }
            }
    });
    return out;
}

// prod(self, dim=None, keepdim=False, dtype=None).
inline Value prod(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "prod", "self");
    const std::uint64_t mask = dim_mask_arg(args[1], self.dim(), "prod");
    const bool keepdim = bool_arg(args[2], "prod", "keepdim");
    const auto requested = dtype_arg(args[3], "prod", "dtype");
    const dtype out_dt = requested ? *requested : is_integral(self.dtype()) ? dtype::int64 : self.dtype();
    auto out = make_tensor(out_dt, reduced_sizes(self, mask, keepdim), fake);
    if (fake) return out;
    const ReductionPlan plan = make_reduction_plan(self, mask);
    std::byte* dst = out->data();
    dispatch_dtype(self.dtype(), [&](auto in_tag) {
        using T = typename decltype(in_tag)::type;
        const T* src = self.data_as<T>();
        for_each_output(plan, 0, [&](std::int64_t o, std::int64_t base) {
            double facc = 1;
            std::uint64_t iacc = 1;
            for_each_offset(plan.reduced_sizes, plan.reduced_strides, base, [&](std::int64_t off) {
                facc *= static_cast<double>(src[off]);
                if constexpr (!std::is_floating_point_v<T>) iacc *= static_cast<std::uint64_t>(static_cast<std::int64_t>(src[off]));
            });
            switch (out_dt) {
            case dtype::float32: reinterpret_cast<float*>(dst)[o] = static_cast<float>(facc); break;
            case dtype::float64: reinterpret_cast<double*>(dst)[o] = facc; break;
            case dtype::int64:
                reinterpret_cast<std::int64_t*>(dst)[o] =
                    std::is_floating_point_v<T> ? static_cast<std::int64_t>(facc) : static_cast<std::int64_t>(iacc);
                break;
            case dtype::bool_: reinterpret_cast<bool*>(dst)[o] = facc != 0; break;
            default: narrow_dtype_in_kernel(out_dt);
            }
        });
    });
    return out;
}

namespace detail {

// torch's scalar indices (applySlicing): a Python bool or a 0-dim bool
// tensor adds a dimension of size 1 (True) or 0 (False) where it stands:
// `self` gets that dimension (a view) and the index takes all of it or none.
// A 0-dim integer tensor (not uint8) is its int, a select, so the result is
// a view. A fake 0-dim tensor's value is unknown: it stays a tensor index.
// Returns false when nothing changes.
inline bool normalize_scalar_indices(Value& self, std::span<const Value> index, std::vector<Value>& out) {
    auto scalar_tensor = [](const Value& ix) {
        auto* t = ix.dyn<Tensor>();
        return t && t->dim() == 0 && !t->is_fake() && is_integral(t->dtype()) && t->dtype() != dtype::uint8;
    };
    auto is_flag = [&](const Value& ix) {
        return ix.is_bool() || (scalar_tensor(ix) && ix.as<Tensor>()->dtype() == dtype::bool_);
    };
    bool any = false;
    for (const Value& ix : index) any = any || is_flag(ix) || scalar_tensor(ix);
    if (!any) return false;
    // The dims of self each index consumes, for where a flag's new one goes.
    auto consumes = [&](const Value& ix) -> std::int64_t {
        if (ix.is_none() || is_ellipsis(ix) || is_flag(ix)) return 0;
        if (auto* t = ix.dyn<Tensor>(); t && t->dtype() == dtype::bool_) return std::max<std::int64_t>(t->dim(), 1);
        return 1;
    };
    std::int64_t fixed = 0;
    for (const Value& ix : index) fixed += consumes(ix);
    const std::int64_t rest = std::max<std::int64_t>(self.as<Tensor>()->dim() - fixed, 0);
    std::int64_t at = 0;
    for (const Value& ix : index) {
        if (is_flag(ix)) {
            bool flag = ix.is_bool() && ix.as_bool();
            if (!ix.is_bool()) {
                const Value a[] = {ix};
                flag = item(a).as_bool();
            }
            const Value uargs[] = {self, Value(at)};
            self = unsqueeze(uargs);
            out.push_back(make_value<Slice>(flag ? Value() : Value(std::int64_t{0}), flag ? Value() : Value(std::int64_t{0}),
                                            Value()));
            ++at;
        } else if (scalar_tensor(ix)) {
            const Value a[] = {ix};
            out.push_back(item(a));
            ++at;
        } else {
            out.push_back(ix);
            at += is_ellipsis(ix) ? rest : consumes(ix);
        }
    }
    return true;
}

}  // namespace detail

// getitem with any index: basic indices make a view; an integer or bool
// tensor (or a list) among them makes a copy (aten::index).
inline Value getitem_any(std::span<const Value> args) {
    tensor_arg(args[0], "getitem", "self");
    std::span<const Value> index = args[1].is<Tuple>() ? args[1].as<Tuple>()->items() : args.subspan(1, 1);
    std::vector<Value> normalized;
    Value base = args[0];
    if (detail::normalize_scalar_indices(base, index, normalized)) {
        const Value nargs[] = {base, tuple(normalized)};
        return getitem_any(nargs);
    }
    for (const auto& ix : index)
        if (detail::is_index_tensor_like(ix)) return index_advanced(args[0], index, args[0].as<Tensor>()->is_fake());
    return getitem(args);
}

// self[index] = value, the one op both forms of a tensor store take (torch's
// __setitem__): a basic index writes through its view (copy_ or fill_), an
// index with an integer or bool tensor (or a list) in it is index_put_.
// Returns self, written.
inline Value setitem(std::span<const Value> args, bool fake) {
    auto& self = tensor_arg(args[0], "__setitem__", "self");
    const Value& key = args[1];
    const Value& value = args[2];
    if (!value.is<Tensor>() && !value.is_number())
        raise(exc::TypeError, "can't assign a " + std::string(type_name(value)) + " to a " +
                                  std::string(scalar_type_name(self.dtype())) + "Tensor");
    std::span<const Value> index = key.is<Tuple>() ? key.as<Tuple>()->items() : std::span<const Value>(&key, 1);
    std::vector<Value> normalized;
    Value target = args[0];
    if (detail::normalize_scalar_indices(target, index, normalized)) {
        const std::uint32_t before = self.write_count();
        const Value nargs[] = {target, tuple(normalized), value};
        setitem(nargs, fake);
        if (self.write_count() == before) self.mark_mutated();
        else self.bump_version_unobserved();
        return args[0];
    }
    const bool advanced = std::any_of(index.begin(), index.end(), [](const Value& ix) { return detail::is_index_tensor_like(ix); });
    const std::uint32_t writes = self.write_count();
    if (!fake) {
        // torch drops the value's leading size-1 dims first (slicePrefix1sSize):
        // x[t] = delta of shape (1, 1) fills one element.
        Value src = value;
        if (auto* v = src.dyn<Tensor>(); v && v->dim() > 0 && v->sizes()[0] == 1) {
            std::size_t lead = 0;
            while (lead < static_cast<std::size_t>(v->dim()) && v->sizes()[lead] == 1) ++lead;
            DimVector sizes, strides;
            for (std::size_t i = lead; i < static_cast<std::size_t>(v->dim()); ++i) {
                sizes.push_back(v->sizes()[i]);
                strides.push_back(v->strides()[i]);
            }
            src = make_view(*v, std::move(sizes), std::move(strides), v->storage_offset());
        }
        if (advanced) {
            index_put(args[0], index, src);
        } else {
            const Value gargs[] = {args[0], key};
            Value view = getitem_any(gargs);
            const Value wargs[] = {view, src};
            if (src.is<Tensor>()) copy_(wargs, false);
            else fill_(wargs, false);
        }
    }
    // One write, as torch counts it (`_version`): the copy or fill into the
    // view has counted it already.
    if (self.write_count() == writes) self.mark_mutated();
    else self.bump_version_unobserved();
    return args[0];
}

inline Value argmax(std::span<const Value> a, bool fake) { return arg_extremum(a, fake, true); }
inline Value argmin(std::span<const Value> a, bool fake) { return arg_extremum(a, fake, false); }
inline Value cumsum(std::span<const Value> a, bool fake) { return cumulative(a, fake, false); }
inline Value cumprod(std::span<const Value> a, bool fake) { return cumulative(a, fake, true); }

}  // namespace ops
STANDIN_NAMESPACE_END
