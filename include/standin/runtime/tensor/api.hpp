// The C++ face of the reference tensor: free functions over Values (tensors
// or Python numbers) for embedding code and tests, each a thin call into the
// op the table holds: standin::add(a, b), standin::sum(t, 1, true),
// standin::zeros({2, 3}), standin::tensor({{1.0, 2.0}, {3.0, 4.0}}).
// Counterpart: the ATen C++ API (at::add, at::zeros, torch::tensor).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/tensor/dtype.hpp>
#include <standin/runtime/tensor/op_def.hpp>
#if STANDIN_DEFINITIONS
#include <standin/runtime/tensor/op_table.hpp>
#endif

#include <initializer_list>
#include <optional>
#include <vector>

STANDIN_NAMESPACE_BEGIN

namespace detail {
inline Value int_tuple(std::span<const std::int64_t> values) {
    std::vector<Value> items;
    items.reserve(values.size());
    for (auto v : values) items.emplace_back(v);
    return tuple(std::move(items));
}
inline Value dtype_or_none(std::optional<dtype> dt) { return dt ? dtype_value(*dt) : Value(); }
template <class T>
Value number(T v) {
    if constexpr (std::is_same_v<T, bool>) return Value(v);
    else if constexpr (std::is_integral_v<T>) return Value(static_cast<std::int64_t>(v));
    else return Value(static_cast<double>(v));
}
}  // namespace detail

// Declarations (the compiled mode compiles the definitions below into the library).
// The elementwise functions, one line per op: these lists are read twice, by the
// declarations here and by the definitions below.
#define STANDIN_TENSOR_BINARY_OPS(X) \
    X(add, add_op) \
    X(sub, sub_op) \
    X(mul, mul_op) \
    X(div, div_op) \
    X(floor_divide, floor_divide_op) \
    X(remainder, remainder_op) \
    X(pow, pow_op) \
    X(eq, eq_op) \
    X(ne, ne_op) \
    X(lt, lt_op) \
    X(le, le_op) \
    X(gt, gt_op) \
    X(ge, ge_op) \
    X(maximum, maximum_op) \
    X(minimum, minimum_op)
#define STANDIN_TENSOR_UNARY_OPS(X) \
    X(neg, neg_op) \
    X(abs, abs_op) \
    X(exp, exp_op) \
    X(log, log_op) \
    X(sqrt, sqrt_op) \
    X(sin, sin_op) \
    X(cos, cos_op) \
    X(tanh, tanh_op) \
    X(sigmoid, sigmoid_op) \
    X(relu, relu_op)
#define STANDIN_TENSOR_INPLACE_OPS(X) \
    X(add_, add_op) \
    X(sub_, sub_op) \
    X(mul_, mul_op) \
    X(div_, div_op)
#define STANDIN_TENSOR_DECLARE_BINARY(name, op) STANDIN_DECL Value name(const Value& a, const Value& b);
#define STANDIN_TENSOR_DECLARE_UNARY(name, op) STANDIN_DECL Value name(const Value& a);
#define STANDIN_TENSOR_DECLARE_INPLACE(name, op) STANDIN_DECL Value name(const Value& self, const Value& other);
STANDIN_TENSOR_BINARY_OPS(STANDIN_TENSOR_DECLARE_BINARY)
STANDIN_TENSOR_UNARY_OPS(STANDIN_TENSOR_DECLARE_UNARY)
STANDIN_TENSOR_INPLACE_OPS(STANDIN_TENSOR_DECLARE_INPLACE)
#undef STANDIN_TENSOR_DECLARE_BINARY
#undef STANDIN_TENSOR_DECLARE_UNARY
#undef STANDIN_TENSOR_DECLARE_INPLACE
STANDIN_DECL Value where(const Value& condition, const Value& a, const Value& b);
// --- reductions, matmul, softmax ------------------------------------------------------
// `dim`: None (all), an int, or a tuple of ints.
STANDIN_DECL Value sum(const Value& t, const Value& dim = Value(), bool keepdim = false, std::optional<dtype> dt = {});
STANDIN_DECL Value mean(const Value& t, const Value& dim = Value(), bool keepdim = false, std::optional<dtype> dt = {});
STANDIN_DECL Value amax(const Value& t, const Value& dim = Value(), bool keepdim = false);
STANDIN_DECL Value amin(const Value& t, const Value& dim = Value(), bool keepdim = false);
// max(t): the maximum; max(t, dim): a (values, indices) tuple.
STANDIN_DECL Value max(const Value& t);
STANDIN_DECL Value max(const Value& t, std::int64_t dim, bool keepdim = false);
STANDIN_DECL Value min(const Value& t);
STANDIN_DECL Value min(const Value& t, std::int64_t dim, bool keepdim = false);
STANDIN_DECL Value softmax(const Value& t, std::int64_t dim);
STANDIN_DECL Value matmul(const Value& a, const Value& b);
// --- joining, copies, conversions, values -------------------------------------------
STANDIN_DECL Value cat(std::vector<Value> tensors, std::int64_t dim = 0);
STANDIN_DECL Value stack(std::vector<Value> tensors, std::int64_t dim = 0);
STANDIN_DECL Value clone(const Value& t);
STANDIN_DECL Value contiguous(const Value& t);
STANDIN_DECL Value to(const Value& t, dtype dt);
STANDIN_DECL Value item(const Value& t);
STANDIN_DECL Value tolist(const Value& t);
// --- views ---------------------------------------------------------------------------
STANDIN_DECL Value view(const Value& t, std::initializer_list<std::int64_t> size);
STANDIN_DECL Value reshape(const Value& t, std::initializer_list<std::int64_t> shape);
STANDIN_DECL Value transpose(const Value& t, std::int64_t dim0, std::int64_t dim1);
STANDIN_DECL Value permute(const Value& t, std::initializer_list<std::int64_t> dims);
STANDIN_DECL Value unsqueeze(const Value& t, std::int64_t dim);
STANDIN_DECL Value squeeze(const Value& t);
STANDIN_DECL Value squeeze(const Value& t, std::int64_t dim);
// t[start:end:step] along `dim`; None bounds mean the ends.
STANDIN_DECL Value slice(const Value& t, std::int64_t dim, const Value& start, const Value& end, std::int64_t step = 1);
STANDIN_DECL Value select(const Value& t, std::int64_t dim, std::int64_t index);
STANDIN_DECL Value expand(const Value& t, std::initializer_list<std::int64_t> size);
// --- factories ----------------------------------------------------------------------------
// From nested lists/tuples of numbers (or one number), inferring the dtype as torch does.
STANDIN_DECL Value tensor(const Value& data, std::optional<dtype> dt = {});
STANDIN_DECL Value zeros(std::span<const std::int64_t> size, dtype dt = default_dtype());
STANDIN_DECL Value zeros(std::initializer_list<std::int64_t> size, dtype dt = default_dtype());
STANDIN_DECL Value ones(std::span<const std::int64_t> size, dtype dt = default_dtype());
STANDIN_DECL Value ones(std::initializer_list<std::int64_t> size, dtype dt = default_dtype());
STANDIN_DECL Value full(std::initializer_list<std::int64_t> size, const Value& fill_value, std::optional<dtype> dt = {});
STANDIN_DECL Value arange(const Value& start, const Value& end = Value(), const Value& step = Value(std::int64_t{1}),
                    std::optional<dtype> dt = {});
STANDIN_DECL Value zeros_like(const Value& t, std::optional<dtype> dt = {});
STANDIN_DECL Value ones_like(const Value& t, std::optional<dtype> dt = {});
STANDIN_DECL Value relu_(const Value& self);
STANDIN_DECL Value zero_(const Value& self);
STANDIN_DECL Value fill_(const Value& self, const Value& value);
STANDIN_DECL Value copy_(const Value& self, const Value& src);
// Runs the op named `name` from the table with Python-style arguments.
STANDIN_DECL Value call_op(std::string_view name, std::span<const Value> positional, std::span<const KwArg> kwargs = {});

template <class T>
Value tensor(std::initializer_list<T> values, std::optional<dtype> dt = {}) {
    std::vector<Value> items;
    for (const T& v : values) items.push_back(detail::number(v));
    return tensor(list(std::move(items)), dt);
}
template <class T>
Value tensor(std::initializer_list<std::initializer_list<T>> rows, std::optional<dtype> dt = {}) {
    std::vector<Value> outer;
    for (const auto& row : rows) {
        std::vector<Value> items;
        for (const T& v : row) items.push_back(detail::number(v));
        outer.push_back(list(std::move(items)));
    }
    return tensor(list(std::move(outer)), dt);
}

#if STANDIN_DEFINITIONS
// --- elementwise -----------------------------------------------------------------
#define STANDIN_TENSOR_BINARY(name, op)                          \
    STANDIN_DECL Value name(const Value& a, const Value& b) {          \
        const Value args[] = {a, b};                             \
        return ops::pointwise<op>(args, ops::any_fake(args));                  \
    }
STANDIN_TENSOR_BINARY_OPS(STANDIN_TENSOR_BINARY)
#undef STANDIN_TENSOR_BINARY

#define STANDIN_TENSOR_UNARY(name, op)                           \
    STANDIN_DECL Value name(const Value& a) {                          \
        const Value args[] = {a};                                \
        return ops::pointwise<op>(args, ops::any_fake(args));                  \
    }
STANDIN_TENSOR_UNARY_OPS(STANDIN_TENSOR_UNARY)
#undef STANDIN_TENSOR_UNARY

STANDIN_DECL Value where(const Value& condition, const Value& a, const Value& b) {
    const Value args[] = {condition, a, b};
    return ops::pointwise<where_op>(args, ops::any_fake(args));
}

STANDIN_DECL Value sum(const Value& t, const Value& dim, bool keepdim, std::optional<dtype> dt) {
    const Value args[] = {t, dim, Value(keepdim), detail::dtype_or_none(dt)};
    return ops::sum(args, ops::any_fake(args));
}
STANDIN_DECL Value mean(const Value& t, const Value& dim, bool keepdim, std::optional<dtype> dt) {
    const Value args[] = {t, dim, Value(keepdim), detail::dtype_or_none(dt)};
    return ops::mean(args, ops::any_fake(args));
}
STANDIN_DECL Value amax(const Value& t, const Value& dim, bool keepdim) {
    const Value args[] = {t, dim, Value(keepdim)};
    return ops::amax(args, ops::any_fake(args));
}
STANDIN_DECL Value amin(const Value& t, const Value& dim, bool keepdim) {
    const Value args[] = {t, dim, Value(keepdim)};
    return ops::amin(args, ops::any_fake(args));
}
STANDIN_DECL Value max(const Value& t) {
    const Value args[] = {t, Value(), Value(false)};
    return ops::max(args, ops::any_fake(args));
}
STANDIN_DECL Value max(const Value& t, std::int64_t dim, bool keepdim) {
    const Value args[] = {t, Value(dim), Value(keepdim)};
    return ops::max(args, ops::any_fake(args));
}
STANDIN_DECL Value min(const Value& t) {
    const Value args[] = {t, Value(), Value(false)};
    return ops::min(args, ops::any_fake(args));
}
STANDIN_DECL Value min(const Value& t, std::int64_t dim, bool keepdim) {
    const Value args[] = {t, Value(dim), Value(keepdim)};
    return ops::min(args, ops::any_fake(args));
}
STANDIN_DECL Value softmax(const Value& t, std::int64_t dim) {
    const Value args[] = {t, Value(dim), Value()};
    return ops::softmax(args, ops::any_fake(args));
}
STANDIN_DECL Value matmul(const Value& a, const Value& b) {
    const Value args[] = {a, b};
    return ops::matmul(args, ops::any_fake(args));
}

STANDIN_DECL Value cat(std::vector<Value> tensors, std::int64_t dim) {
    const Value args[] = {list(std::move(tensors)), Value(dim)};
    return ops::cat(args, ops::any_fake(args));
}
STANDIN_DECL Value stack(std::vector<Value> tensors, std::int64_t dim) {
    const Value args[] = {list(std::move(tensors)), Value(dim)};
    return ops::stack(args, ops::any_fake(args));
}
STANDIN_DECL Value clone(const Value& t) {
    const Value args[] = {t};
    return ops::clone(args, ops::any_fake(args));
}
STANDIN_DECL Value contiguous(const Value& t) {
    const Value args[] = {t};
    return ops::contiguous(args, ops::any_fake(args));
}
STANDIN_DECL Value to(const Value& t, dtype dt) {
    return ops::to_dtype(t, dt, t.is<Tensor>() && t.as<Tensor>()->is_fake());
}
STANDIN_DECL Value item(const Value& t) {
    const Value args[] = {t};
    return ops::item(args);
}
STANDIN_DECL Value tolist(const Value& t) {
    const Value args[] = {t};
    return ops::tolist(args);
}

STANDIN_DECL Value view(const Value& t, std::initializer_list<std::int64_t> size) {
    const Value args[] = {t, detail::int_tuple(size)};
    return ops::view(args);
}
STANDIN_DECL Value reshape(const Value& t, std::initializer_list<std::int64_t> shape) {
    const Value args[] = {t, detail::int_tuple(shape)};
    return ops::reshape(args);
}
STANDIN_DECL Value transpose(const Value& t, std::int64_t dim0, std::int64_t dim1) {
    const Value args[] = {t, Value(dim0), Value(dim1)};
    return ops::transpose(args);
}
STANDIN_DECL Value permute(const Value& t, std::initializer_list<std::int64_t> dims) {
    const Value args[] = {t, detail::int_tuple(dims)};
    return ops::permute(args);
}
STANDIN_DECL Value unsqueeze(const Value& t, std::int64_t dim) {
    const Value args[] = {t, Value(dim)};
    return ops::unsqueeze(args);
}
STANDIN_DECL Value squeeze(const Value& t) {
    const Value args[] = {t, Value()};
    return ops::squeeze(args);
}
STANDIN_DECL Value squeeze(const Value& t, std::int64_t dim) {
    const Value args[] = {t, Value(dim)};
    return ops::squeeze(args);
}
STANDIN_DECL Value slice(const Value& t, std::int64_t dim, const Value& start, const Value& end, std::int64_t step) {
    const Value args[] = {t, Value(dim), start, end, Value(step)};
    return ops::slice(args);
}
STANDIN_DECL Value select(const Value& t, std::int64_t dim, std::int64_t index) {
    const Value args[] = {t, Value(dim), Value(index)};
    return ops::select(args);
}
STANDIN_DECL Value expand(const Value& t, std::initializer_list<std::int64_t> size) {
    const Value args[] = {t, detail::int_tuple(size)};
    return ops::expand(args);
}

STANDIN_DECL Value tensor(const Value& data, std::optional<dtype> dt) {
    const Value args[] = {data, detail::dtype_or_none(dt)};
    return ops::tensor(args, ops::any_fake(args));
}
STANDIN_DECL Value zeros(std::span<const std::int64_t> size, dtype dt) {
    const Value args[] = {detail::int_tuple(size), dtype_value(dt)};
    return ops::zeros(args, ops::any_fake(args));
}
STANDIN_DECL Value zeros(std::initializer_list<std::int64_t> size, dtype dt) {
    return zeros(std::span<const std::int64_t>(size.begin(), size.size()), dt);
}
STANDIN_DECL Value ones(std::span<const std::int64_t> size, dtype dt) {
    const Value args[] = {detail::int_tuple(size), dtype_value(dt)};
    return ops::ones(args, ops::any_fake(args));
}
STANDIN_DECL Value ones(std::initializer_list<std::int64_t> size, dtype dt) {
    return ones(std::span<const std::int64_t>(size.begin(), size.size()), dt);
}
STANDIN_DECL Value full(std::initializer_list<std::int64_t> size, const Value& fill_value, std::optional<dtype> dt) {
    const Value args[] = {detail::int_tuple(size), fill_value, detail::dtype_or_none(dt)};
    return ops::full(args, ops::any_fake(args));
}
STANDIN_DECL Value arange(const Value& start, const Value& end, const Value& step,
                            std::optional<dtype> dt) {
    const Value args[] = {start, end, step, detail::dtype_or_none(dt)};
    return ops::arange(args, ops::any_fake(args));
}
STANDIN_DECL Value zeros_like(const Value& t, std::optional<dtype> dt) {
    const Value args[] = {t, detail::dtype_or_none(dt), Value()};
    return ops::zeros_like(args, ops::any_fake(args));
}
STANDIN_DECL Value ones_like(const Value& t, std::optional<dtype> dt) {
    const Value args[] = {t, detail::dtype_or_none(dt), Value()};
    return ops::ones_like(args, ops::any_fake(args));
}

// --- in-place (each bumps the tensor's version) ---------------------------------------------
#define STANDIN_TENSOR_INPLACE(name, op)                          \
    STANDIN_DECL Value name(const Value& self, const Value& other) {    \
        const Value args[] = {self, other};                       \
        return ops::inplace_pointwise<op>(args, ops::any_fake(args));           \
    }
STANDIN_TENSOR_INPLACE_OPS(STANDIN_TENSOR_INPLACE)
#undef STANDIN_TENSOR_INPLACE
STANDIN_DECL Value relu_(const Value& self) {
    const Value args[] = {self};
    return ops::inplace_pointwise<relu_op>(args, ops::any_fake(args));
}
STANDIN_DECL Value zero_(const Value& self) {
    const Value args[] = {self};
    return ops::zero_(args, ops::any_fake(args));
}
STANDIN_DECL Value fill_(const Value& self, const Value& value) {
    const Value args[] = {self, value};
    return ops::fill_(args, ops::any_fake(args));
}
STANDIN_DECL Value copy_(const Value& self, const Value& src) {
    const Value args[] = {self, src};
    return ops::copy_(args, ops::any_fake(args));
}

STANDIN_DECL Value call_op(std::string_view name, std::span<const Value> positional, std::span<const KwArg> kwargs) {
    const OpDef* op = find_op(name);
    if (!op) raise(exc::AttributeError, "no tensor op named '" + std::string(name) + "'");
    auto args = bind_args(*op, positional, kwargs);
    return op->kernel(args);
}
#endif  // STANDIN_DEFINITIONS
#undef STANDIN_TENSOR_BINARY_OPS
#undef STANDIN_TENSOR_UNARY_OPS
#undef STANDIN_TENSOR_INPLACE_OPS

STANDIN_NAMESPACE_END
