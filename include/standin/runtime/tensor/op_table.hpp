// The op table: every tensor op by name, with its positional schema
// (defaults included), a meta function (fake tensors in, fake tensor out,
// raising what the kernel raises), the kernel, and for elementwise ops the
// PointwiseInfo the graph layer's fusion composes. The graph interpreter
// runs kernels from it; fake-tensor tracing runs metas from it.
// Counterpart: ATen's native_functions.yaml and the dispatcher's op registry
// (torch.ops.aten.*), with meta kernels as in torch/_meta_registrations.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/runtime/tensor/op_table.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/runtime/tensor.hpp> instead"
#endif

#include <standin/runtime/tensor/op_def.hpp>
#include <standin/runtime/callable.hpp>
#include <standin/runtime/tensor/indexing.hpp>
#include <standin/runtime/tensor/linalg.hpp>
#include <standin/runtime/tensor/ops.hpp>
#include <standin/runtime/tensor/views.hpp>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

namespace ops {

// Adapters from the ops' (args, fake) form to the table's two entry points.
template <Value (*F)(std::span<const Value>, bool)>
Value meta_of(std::span<const Value> args) {
    return F(args, true);
}
// A kernel given a fake tensor computes nothing and returns a fake result, as
// an op on a FakeTensor does.
template <Value (*F)(std::span<const Value>, bool)>
Value kernel_of(std::span<const Value> args) {
    return F(args, any_fake(args));
}

template <class Op>
Value pointwise(std::span<const Value> args, bool fake) {
    const auto& info = pointwise_info_of<Op>;
    auto m = pointwise_rule(Op::kernel_name, info, args);
    auto out = make_pointwise_output(m, fake);
    if (!fake) pointwise_execute(info, m.value, args, *out);
    return out;
}

inline Value sum(std::span<const Value> a, bool fake) { return sum_or_mean(a, fake, false); }
inline Value mean(std::span<const Value> a, bool fake) { return sum_or_mean(a, fake, true); }
inline Value amax(std::span<const Value> a, bool fake) { return extremum(a, fake, true, "amax", true); }
inline Value amin(std::span<const Value> a, bool fake) { return extremum(a, fake, false, "amin", true); }
inline Value max(std::span<const Value> a, bool fake) { return max_or_min(a, fake, true); }
inline Value min(std::span<const Value> a, bool fake) { return max_or_min(a, fake, false); }
inline Value zeros(std::span<const Value> a, bool fake) { return constant_factory(a, fake, "zeros", Value(std::int64_t{0})); }
inline Value ones(std::span<const Value> a, bool fake) { return constant_factory(a, fake, "ones", Value(std::int64_t{1})); }
inline Value zeros_like(std::span<const Value> a, bool fake) { return constant_like(a, fake, "zeros_like", Value(std::int64_t{0})); }
inline Value ones_like(std::span<const Value> a, bool fake) { return constant_like(a, fake, "ones_like", Value(std::int64_t{1})); }

// linear(input, weight, bias=None): input @ weight.t() (+ bias), one op as
// aten::linear is (nn.Linear's forward records one node).
inline Value linear(std::span<const Value> a, bool fake) {
    tensor_arg(a[0], "linear", "input");
    tensor_arg(a[1], "linear", "weight");
    const Value weight[] = {a[1]};
    const Value product[] = {a[0], t(weight)};
    Value y = matmul(product, fake);
    if (a.size() < 3 || a[2].is_none()) return y;
    const Value sum[] = {y, a[2]};
    return pointwise<add_op>(sum, fake);
}

// How an op that has kernels for the four kernel dtypes only meets a narrow
// dtype (int32, float16, ...): its narrow tensor arguments are widened to
// their kernel dtype, it runs, and its result is narrowed back.
enum class Narrow : std::uint8_t {
    direct,       // the op handles every dtype itself (copies, views, memcpy gathers)
    keep,         // the result has self's dtype (amax, sort's values, matmul)
    int_to_long,  // integer inputs give int64 (sum, prod, cumsum), floats keep theirs
    floating,     // mean: integer inputs are an error, floats keep their dtype
    none,         // the result's dtype does not follow the input's (argmax, nonzero)
};

namespace detail {

// The narrow dtype an argument holds: a tensor's, the promoted dtype of a
// list of tensors (cat), or none.
inline std::optional<dtype> narrow_in(const Value& v) {
    if (auto* t = v.dyn<Tensor>()) return is_narrow(t->dtype()) ? std::optional<dtype>(t->dtype()) : std::nullopt;
    if (v.is<List>() || v.is<Tuple>()) {
        std::optional<dtype> dt;
        bool narrow = false;
        for (const Value& item : sequence_items(v))
            if (auto* t = item.dyn<Tensor>()) {
                dt = dt ? promote_types(*dt, t->dtype()) : t->dtype();
                narrow = narrow || is_narrow(t->dtype());
            }
        if (narrow) return dt;
    }
    return std::nullopt;
}

inline Value widen_arg(const Value& v, bool fake) {
    if (auto* t = v.dyn<Tensor>())
        return is_narrow(t->dtype()) ? Value(copy_like(*t, kernel_dtype(t->dtype()), fake)) : v;
    if (auto* d = as_dtype_object(v)) return is_narrow(d->value()) ? dtype_value(kernel_dtype(d->value())) : v;
    if (v.is<List>() || v.is<Tuple>()) {
        std::vector<Value> items;
        for (const Value& item : sequence_items(v)) items.push_back(widen_arg(item, fake));
        return v.is<List>() ? list(std::move(items)) : tuple(std::move(items));
    }
    return v;
}

inline Value narrow_result(const Value& out, dtype want, bool fake) {
    if (auto* t = out.dyn<Tensor>())
        return t->dtype() == kernel_dtype(want) && t->dtype() != want ? Value(copy_like(*t, want, fake)) : out;
    if (auto* tup = out.dyn<Tuple>(); tup && tup->size() > 0) {  // (values, indices): the values
        std::vector<Value> items(tup->items().begin(), tup->items().end());
        items[0] = narrow_result(items[0], want, fake);
        return tuple(std::move(items));
    }
    return out;
}

}  // namespace detail

// torch 1.13's CPU kernels that have no instance for a narrow dtype raise
// "\"prod_cpu\" not implemented for 'Half'" before computing: these checks
// run on the unwidened arguments.
using NarrowCheck = void (*)(std::span<const Value> args);

namespace detail {
inline dtype self_dtype(std::span<const Value> args) {
    auto* t = args[0].dyn<Tensor>();
    return t ? t->dtype() : dtype::float32;
}
inline void prod_check(std::span<const Value> args) {
    if (dtype dt = self_dtype(args); dt == dtype::float16 || dt == dtype::bfloat16) raise_not_implemented("prod_cpu", dt);
}
inline void cumsum_check(std::span<const Value> args) {
    if (self_dtype(args) == dtype::float16) raise_not_implemented("cumsum_out_cpu", dtype::float16);
}
inline void cumprod_check(std::span<const Value> args) {
    if (self_dtype(args) == dtype::float16) raise_not_implemented("cumprod_out_cpu", dtype::float16);
}
// softmax and log_softmax on a narrow dtype: float16 has no CPU kernel in
// PyTorch 1.13 (the last dimension and the others name different kernels).
inline void softmax_family_check(std::span<const Value> args, const char* lastdim_kernel) {
    const dtype dt = self_dtype(args);
    if (dt == dtype::bfloat16 || dt == dtype::float32 || !args[2].is_none()) return;
    const auto* t = args[0].as<Tensor>();
    const bool last = !args[1].is_int() || args[1].as_int() == -1 || args[1].as_int() == t->dim() - 1;
    raise_not_implemented(last ? lastdim_kernel : "softmax_kernel_impl", dt);
}
inline void softmax_check(std::span<const Value> args) { softmax_family_check(args, "softmax_lastdim_kernel_impl"); }
inline void log_softmax_check(std::span<const Value> args) {
    softmax_family_check(args, "log_softmax_lastdim_kernel_impl");
}
inline void matmul_check(std::span<const Value> args) {
    auto* a = args[0].dyn<Tensor>();
    auto* b = args[1].dyn<Tensor>();
    if (!a || !b || (a->dtype() != dtype::float16 && b->dtype() != dtype::float16)) return;
    if (a->dim() == 1 && b->dim() == 1) raise_not_implemented("dot", dtype::float16);
    raise_not_implemented(a->dim() > 2 || b->dim() > 2 ? "bmm" : "addmm_impl_cpu_", dtype::float16);
}
}  // namespace detail

using FakeOpFn = Value (*)(std::span<const Value>, bool);

namespace detail {
// One type-erased body for every op's narrow path: what the fast check
// found narrow is widened, the op runs, and its result is narrowed back.
inline Value run_narrowed(FakeOpFn f, Narrow rule, NarrowCheck check, std::span<const Value> args, bool fake) {
    std::optional<dtype> self_dt, requested;
    bool any = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (auto* d = as_dtype_object(args[i])) {
            // dtype=: the result's, narrow or not (softmax(bf16, dtype=float32) is float32)
            requested = d->value();
            if (is_narrow(d->value())) any = true;
        } else if (auto dt = narrow_in(args[i])) {
            any = true;
            if (i == 0) self_dt = dt;
        }
    }
    if (!any) return f(args, fake);
    if (check) check(args);
    if (rule == Narrow::floating) {  // mean's dtype error names the dtype before widening
        if (self_dt && !is_floating(*self_dt) && args[3].is_none()) raise_mean_dtype_error(false, *self_dt);
        if (requested && !is_floating(*requested)) raise_mean_dtype_error(true, *requested);
    }
    std::vector<Value> wide;
    wide.reserve(args.size());
    for (const Value& a : args) wide.push_back(widen_arg(a, fake));
    Value out = f(wide, fake);
    dtype want;
    if (requested) want = *requested;
    else if (rule == Narrow::none || !self_dt) return out;
    else want = *self_dt;
    if (rule == Narrow::int_to_long && !requested && is_integral(want)) return out;
    return narrow_result(out, want, fake);
}
}  // namespace detail

// The op as the table calls it: directly, or through the narrow path when
// an argument holds a narrow dtype (a few loads per call otherwise).
template <Value (*F)(std::span<const Value>, bool), Narrow R, NarrowCheck Check = nullptr>
Value narrowing(std::span<const Value> args, bool fake) {
    if constexpr (R == Narrow::direct) {
        return F(args, fake);
    } else {
        for (const Value& a : args) {
            if (auto* t = a.dyn<Tensor>()) {
                if (is_narrow(t->dtype())) return detail::run_narrowed(F, R, Check, args, fake);
            } else if (!a.is_number() && !a.is_none()) {
                return detail::run_narrowed(F, R, Check, args, fake);  // a list, a dtype: look closer
            }
        }
        return F(args, fake);
    }
}

template <class Op>
constexpr OpDef pointwise_def(std::string_view name, std::span<const OpParam> params) {
    return {name, OpClass::pointwise, params, &meta_of<&pointwise<Op>>, &kernel_of<&pointwise<Op>>,
            &pointwise_info_of<Op>, false};
}
template <Value (*F)(std::span<const Value>, bool), Narrow R = Narrow::direct, NarrowCheck Check = nullptr>
constexpr OpDef def(std::string_view name, OpClass cls, std::span<const OpParam> params, bool mutates = false) {
    return {name, cls, params, &meta_of<&narrowing<F, R, Check>>, &kernel_of<&narrowing<F, R, Check>>, nullptr, mutates};
}
// View ops: one function is both, since a view of a fake tensor is fake.
constexpr OpDef view_def(std::string_view name, std::span<const OpParam> params, OpFn fn) {
    return {name, OpClass::view, params, fn, fn, nullptr, false};
}

}  // namespace ops

// Every op, in a fixed order.
STANDIN_DECL std::span<const OpDef> all_ops() noexcept {
    using namespace ops;
    namespace s = ops::schema;
    static const OpDef table[] = {
        // elementwise
        pointwise_def<add_op>("add", s::binary),
        pointwise_def<sub_op>("sub", s::binary),
        pointwise_def<mul_op>("mul", s::binary),
        pointwise_def<div_op>("div", s::binary),
        pointwise_def<floor_divide_op>("floor_divide", s::binary),
        pointwise_def<remainder_op>("remainder", s::binary),
        pointwise_def<pow_op>("pow", s::binary),
        pointwise_def<pow_std_op>("_pow_std", s::binary),
        pointwise_def<eq_op>("eq", s::binary),
        pointwise_def<ne_op>("ne", s::binary),
        pointwise_def<lt_op>("lt", s::binary),
        pointwise_def<le_op>("le", s::binary),
        pointwise_def<gt_op>("gt", s::binary),
        pointwise_def<ge_op>("ge", s::binary),
        pointwise_def<maximum_op>("maximum", s::binary),
        pointwise_def<minimum_op>("minimum", s::binary),
        pointwise_def<neg_op>("neg", s::self),
        pointwise_def<abs_op>("abs", s::self),
        pointwise_def<exp_op>("exp", s::self),
        pointwise_def<log_op>("log", s::self),
        pointwise_def<sqrt_op>("sqrt", s::self),
        pointwise_def<sin_op>("sin", s::self),
        pointwise_def<cos_op>("cos", s::self),
        pointwise_def<tanh_op>("tanh", s::self),
        pointwise_def<sigmoid_op>("sigmoid", s::self),
        pointwise_def<relu_op>("relu", s::self),
        pointwise_def<where_op>("where", s::where),
        pointwise_def<erf_op>("erf", s::self),
        pointwise_def<erfc_op>("erfc", s::self),
        pointwise_def<tan_op>("tan", s::self),
        pointwise_def<atan_op>("atan", s::self),
        pointwise_def<asin_op>("asin", s::self),
        pointwise_def<acos_op>("acos", s::self),
        pointwise_def<sinh_op>("sinh", s::self),
        pointwise_def<cosh_op>("cosh", s::self),
        pointwise_def<asinh_op>("asinh", s::self),
        pointwise_def<acosh_op>("acosh", s::self),
        pointwise_def<atanh_op>("atanh", s::self),
        pointwise_def<log10_op>("log10", s::self),
        pointwise_def<atan2_op>("atan2", s::binary),
        pointwise_def<hypot_op>("hypot", s::binary),
        pointwise_def<log1p_op>("log1p", s::self),
        pointwise_def<lgamma_op>("lgamma", s::self),
        pointwise_def<digamma_op>("digamma", s::self),
        pointwise_def<erfinv_op>("erfinv", s::self),
        pointwise_def<expm1_op>("expm1", s::self),
        pointwise_def<rsqrt_op>("rsqrt", s::self),
        pointwise_def<log2_op>("log2", s::self),
        pointwise_def<floor_op>("floor", s::self),
        pointwise_def<ceil_op>("ceil", s::self),
        pointwise_def<round_op>("round", s::self),
        pointwise_def<trunc_op>("trunc", s::self),
        pointwise_def<sign_op>("sign", s::self),
        pointwise_def<isnan_op>("isnan", s::self),
        pointwise_def<isinf_op>("isinf", s::self),
        pointwise_def<isfinite_op>("isfinite", s::self),
        pointwise_def<logical_not_op>("logical_not", s::self),
        pointwise_def<logical_and_op>("logical_and", s::binary),
        pointwise_def<logical_or_op>("logical_or", s::binary),
        pointwise_def<logical_xor_op>("logical_xor", s::binary),
        pointwise_def<bitwise_and_op>("bitwise_and", s::binary),
        pointwise_def<bitwise_or_op>("bitwise_or", s::binary),
        pointwise_def<bitwise_xor_op>("bitwise_xor", s::binary),
        pointwise_def<bitwise_not_op>("bitwise_not", s::self),
        pointwise_def<fmod_op>("fmod", s::binary),
        // reductions
        def<&sum, Narrow::int_to_long>("sum", OpClass::reduction, s::sum),
        def<&mean, Narrow::floating>("mean", OpClass::reduction, s::sum),
        def<&amax, Narrow::keep>("amax", OpClass::reduction, s::reduce),
        def<&amin, Narrow::keep>("amin", OpClass::reduction, s::reduce),
        def<&max, Narrow::keep>("max", OpClass::reduction, s::reduce),
        def<&min, Narrow::keep>("min", OpClass::reduction, s::reduce),
        def<&argmax, Narrow::none>("argmax", OpClass::reduction, s::reduce),
        def<&argmin, Narrow::none>("argmin", OpClass::reduction, s::reduce),
        def<&prod, Narrow::int_to_long, &ops::detail::prod_check>("prod", OpClass::reduction, s::sum),
        def<&cumsum, Narrow::int_to_long, &ops::detail::cumsum_check>("cumsum", OpClass::other, s::cumulative),
        def<&cumprod, Narrow::int_to_long, &ops::detail::cumprod_check>("cumprod", OpClass::other, s::cumulative),
        def<&sort, Narrow::keep>("sort", OpClass::other, s::sort),
        def<&topk, Narrow::keep>("topk", OpClass::other, s::topk),
        def<&gather>("gather", OpClass::other, s::indexed),
        def<&index_select>("index_select", OpClass::other, s::indexed),
        def<&nonzero, Narrow::none>("nonzero", OpClass::other, s::self),
        def<&nll_target, Narrow::none>("_nll_target", OpClass::other, s::nll_target),
        def<&nll_sum>("_nll_sum", OpClass::other, s::nll_sum),
        // other computations
        def<&softmax, Narrow::keep, &ops::detail::softmax_check>("softmax", OpClass::other, s::softmax),
        def<&log_softmax, Narrow::keep, &ops::detail::log_softmax_check>("log_softmax", OpClass::other, s::softmax),
        def<&layer_norm, Narrow::keep>("layer_norm", OpClass::other, s::layer_norm),
        def<&var_std, Narrow::keep>("_var", OpClass::reduction, s::var_std),
        def<&matmul, Narrow::keep, &ops::detail::matmul_check>("matmul", OpClass::other, s::binary),
        def<&linear, Narrow::keep, &ops::detail::matmul_check>("linear", OpClass::other, s::linear),
        def<&cat>("cat", OpClass::other, s::tensors),
        def<&stack>("stack", OpClass::other, s::tensors),
        def<&clone>("clone", OpClass::other, s::self_memory_format),
        def<&contiguous>("contiguous", OpClass::other, s::self_memory_format),
        def<&to>("to", OpClass::other, s::to),
        def<&convert_to<dtype::float32>>("float", OpClass::other, s::self),
        def<&convert_to<dtype::float64>>("double", OpClass::other, s::self),
        def<&convert_to<dtype::int64>>("long", OpClass::other, s::self),
        def<&convert_to<dtype::bool_>>("bool", OpClass::other, s::self),
        def<&convert_to<dtype::int32>>("int", OpClass::other, s::self),
        def<&convert_to<dtype::int16>>("short", OpClass::other, s::self),
        def<&convert_to<dtype::int8>>("char", OpClass::other, s::self),
        def<&convert_to<dtype::uint8>>("byte", OpClass::other, s::self),
        def<&convert_to<dtype::float16>>("half", OpClass::other, s::self),
        def<&convert_to<dtype::bfloat16>>("bfloat16", OpClass::other, s::self),
        {"item", OpClass::other, s::self, nullptr, &item, nullptr, false},
        {"tolist", OpClass::other, s::self, nullptr, &tolist, nullptr, false},
        // views
        view_def("view", s::view, &view),
        view_def("reshape", s::reshape, &reshape),
        view_def("transpose", s::transpose, &transpose),
        view_def("t", s::self, &t),
        view_def("detach", s::self, &detach),
        view_def("permute", s::permute, &permute),
        view_def("unsqueeze", s::dim, &unsqueeze),
        view_def("squeeze", s::squeeze, &squeeze),
        view_def("slice", s::slice, &slice),
        view_def("select", s::select, &select),
        view_def("diagonal", s::diagonal, &diagonal),
        view_def("unfold", s::unfold, &unfold),
        view_def("as_strided", s::as_strided, &as_strided),
        view_def("expand", s::view, &expand),
        view_def("getitem", s::getitem, &getitem_any),
        // factories
        def<&tensor>("tensor", OpClass::factory, s::tensor),
        def<&zeros>("zeros", OpClass::factory, s::sized),
        def<&ones>("ones", OpClass::factory, s::sized),
        def<&full>("full", OpClass::factory, s::full),
        def<&arange>("arange", OpClass::factory, s::arange),
        def<&zeros_like>("zeros_like", OpClass::factory, s::like),
        def<&ones_like>("ones_like", OpClass::factory, s::like),
        // in-place
        def<&inplace_pointwise<add_op>>("add_", OpClass::other, s::binary, true),
        def<&inplace_pointwise<sub_op>>("sub_", OpClass::other, s::binary, true),
        def<&inplace_pointwise<mul_op>>("mul_", OpClass::other, s::binary, true),
        def<&inplace_pointwise<div_op>>("div_", OpClass::other, s::binary, true),
        def<&inplace_pointwise<relu_op>>("relu_", OpClass::other, s::self, true),
        def<&zero_>("zero_", OpClass::other, s::self, true),
        def<&fill_>("fill_", OpClass::other, s::fill, true),
        def<&copy_>("copy_", OpClass::other, s::copy, true),
        def<&setitem>("_setitem", OpClass::other, s::setitem, true),
        {"requires_grad_", OpClass::other, s::requires_grad, &requires_grad_, &requires_grad_, nullptr, true},
    };
    return table;
}

// The op named `name`, or nullptr. Callers on hot paths keep the pointer.
STANDIN_DECL const OpDef* find_op(std::string_view name) noexcept {
    for (const auto& op : all_ops())
        if (op.name == name) return &op;
    return nullptr;
}

// Maps a call's positional and keyword arguments onto `op`'s schema, filling
// defaults: the fully positional argument vector meta and kernel expect.
STANDIN_DECL std::vector<Value> bind_args(const OpDef& op, std::span<const Value> positional, std::span<const KwArg> kwargs) {
    const std::string name(op.name);
    if (positional.size() > op.params.size())
        raise(exc::TypeError, name + "() takes at most " + std::to_string(op.params.size()) + " argument" +
                                  (op.params.size() == 1 ? "" : "s") + " (" + std::to_string(positional.size()) + " given)");
    std::vector<Value> args(op.params.size(), Value::null());
    std::copy(positional.begin(), positional.end(), args.begin());
    for (const auto& kw : kwargs) {
        std::string_view key = kw.name->view();
        auto index_of = [&](std::string_view k) {
            std::size_t i = 0;
            while (i < op.params.size() && op.params[i].name != k) ++i;
            return i;
        };
        std::size_t i = index_of(key);
        // torch.op(input=t): the function form's name for self.
        if (i == op.params.size() && key == "input" && !op.params.empty() && op.params[0].name == "self") i = 0;
        // torch's argument parser takes NumPy's spellings too (axis=, keepdims=, x=).
        if (i == op.params.size()) {
            const std::string_view alias = numpy_keyword_alias(key);
            if (std::size_t j = index_of(alias); j < op.params.size()) {
                i = j;
                key = alias;
            }
        }
        if (i == op.params.size())
            raise(exc::TypeError, name + "() got an unexpected keyword argument '" + std::string(key) + "'");
        if (!args[i].is_null()) raise(exc::TypeError, name + "() got multiple values for argument '" + std::string(key) + "'");
        args[i] = kw.value;
    }
    // arange(end=n): from 0 (the one-argument form's start)
    if (op.name == "arange" && args[0].is_null() && args.size() > 1 && !args[1].is_null()) args[0] = Value(std::int64_t{0});
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is_null()) continue;
        if (op.params[i].default_value.is_required())
            raise(exc::TypeError, name + "() missing required argument '" + std::string(op.params[i].name) + "' (pos " +
                                      std::to_string(i + 1) + ")");
        args[i] = op.params[i].default_value.value();
    }
    return args;
}

STANDIN_NAMESPACE_END
