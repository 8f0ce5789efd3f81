// Fake metadata: for every op in the op table, the node's fake tensor has
// the dtype, sizes and strides the real kernel's result has, and the
// interpreter gives the kernel's result; shape and dtype errors are raised
// while the graph is built, with the kernel's own message.
#include "fx_helpers.hpp"

#include <functional>
#include <map>
#include <set>

using namespace standin;
using fx_test::bitwise_equal;

namespace {

Value I(std::int64_t v) { return Value(v); }
Value F(double v) { return Value(v); }
Value B(bool v) { return Value(v); }
Value T(std::initializer_list<Value> items) { return tuple(std::vector<Value>(items)); }
Value L(std::initializer_list<Value> items) { return list(std::vector<Value>(items)); }
Value D(dtype dt) { return dtype_value(dt); }
// slice(1, None, 2). (GCC 12 reports a spurious -Wnonnull on a None
// temporary passed to make_value, hence the pragma.)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
Value every_other_from_1() { return make_value<Slice>(I(1), Value(), I(2)); }
#pragma GCC diagnostic pop

// torch.channels_last and its kin: the prelude's named constants, instances
// of a class named memory_format holding their name (made here without a VM).
Value memory_format(std::string_view name) {
    static const ref<Class> cls = make_ref<Class>(intern("memory_format"), ref<Class>());
    auto inst = make_ref<Instance>(cls);
    inst->set_attr(intern("_name"), Value::borrow(intern(name)));
    return Value(inst);
}

struct Sample {
    std::string op;
    std::vector<Value> args;
    std::vector<std::pair<std::string, Value>> kwargs = {};
};

// Deep copies, so in-place ops run on each side see the same inputs.
Value copy_value(const Value& v) {
    if (v.is<Tensor>()) return clone(v);
    if (auto* l = v.dyn<List>()) {
        std::vector<Value> items;
        for (const Value& i : l->items()) items.push_back(copy_value(i));
        return list(std::move(items));
    }
    return v;
}

std::vector<Sample> samples() {
    std::mt19937 rng(11);
    auto r = [&](dtype dt, std::initializer_list<std::int64_t> sizes, bool nonzero = false) {
        return fx_test::random_tensor(rng, dt, sizes, nonzero);
    };
    const dtype f = dtype::float32, d = dtype::float64, i = dtype::int64, b = dtype::bool_;
    std::vector<Sample> s;
    for (const char* op : {"add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "_pow_std", "eq", "ne", "lt", "le", "gt",
                           "ge", "maximum", "minimum"}) {
        s.push_back({op, {r(f, {2, 3}), r(f, {3}, true)}});
        s.push_back({op, {r(i, {4, 1}), r(i, {1, 5}, true)}});
        s.push_back({op, {r(i, {3}), F(2.5)}});
        s.push_back({op, {r(d, {2, 2}), r(f, {}, true)}});
        s.push_back({op, {transpose(r(f, {3, 2}), 0, 1), I(3)}});
    }
    for (const char* op : {"neg", "abs", "relu"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4})}});
        s.push_back({op, {transpose(r(d, {3, 2}), 0, 1)}});
    }
    for (const char* op : {"exp", "log", "sqrt", "sin", "cos", "tanh", "sigmoid"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4})}});
        s.push_back({op, {r(b, {3})}});
        s.push_back({op, {r(d, {})}});
    }
    s.push_back({"where", {r(b, {2, 3}), r(f, {2, 3}), F(0.0)}});
    s.push_back({"where", {r(b, {3}), r(i, {2, 3}), r(d, {1})}});
    for (const char* op : {"sum", "mean"}) {
        s.push_back({op, {r(f, {2, 3, 4})}});
        s.push_back({op, {r(f, {2, 3, 4}), T({I(0), I(2)}), B(true)}});
        s.push_back({op, {r(d, {2, 3})}, {{"dim", I(-1)}}});
        s.push_back({op, {r(i, {2, 3}), I(1)}, {{"dtype", D(f)}}});
    }
    s.push_back({"sum", {r(b, {5})}});
    for (const char* op : {"amax", "amin"}) {
        s.push_back({op, {r(f, {2, 3}), I(1)}});
        s.push_back({op, {r(i, {2, 3, 2}), T({I(0), I(1)}), B(true)}});
    }
    for (const char* op : {"max", "min"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4, 3}), I(0), B(true)}});
        s.push_back({op, {r(f, {2, 3}), r(d, {3})}});
    }
    s.push_back({"softmax", {r(f, {2, 5}), I(-1)}});
    s.push_back({"softmax", {r(i, {3, 2}), I(0), D(d)}});
    s.push_back({"log_softmax", {r(f, {2, 5}), I(-1)}});
    s.push_back({"_var", {r(f, {2, 3, 5}), T({I(2)}), I(1), B(true)}});
    s.push_back({"_var", {r(d, {4, 3}), T({I(0), I(1)}), I(0), B(false), B(true)}});
    s.push_back({"_var", {r(f, {4, 3}), Value(), I(1), B(false), B(true)}});
    s.push_back({"layer_norm", {r(f, {2, 3, 5}), T({I(5)}), r(f, {5}), r(f, {5}), F(1e-5)}});
    s.push_back({"layer_norm", {r(d, {4, 3, 2}), T({I(3), I(2)}), Value(), Value(), F(1e-6)}});
    s.push_back({"log_softmax", {r(f, {4, 3, 2}), I(1)}});
    s.push_back({"log_softmax", {r(i, {3, 2}), I(0), D(d)}});
    s.push_back({"matmul", {r(f, {2, 3}), r(f, {3, 4})}});
    s.push_back({"matmul", {r(f, {3}), r(f, {3})}});
    s.push_back({"matmul", {r(d, {2, 2, 3}), r(d, {3})}});
    s.push_back({"linear", {r(f, {2, 3}), r(f, {4, 3}), r(f, {4})}});
    s.push_back({"linear", {r(d, {5, 2, 3}), r(d, {4, 3})}});
    s.push_back({"cat", {L({r(f, {2, 3}), r(i, {1, 3})})}});
    s.push_back({"cat", {L({r(f, {2, 3}), r(f, {2, 1})}), I(1)}});
    s.push_back({"stack", {L({r(f, {2, 3}), r(f, {2, 3})}), I(1)}});
    s.push_back({"clone", {transpose(r(f, {3, 2}), 0, 1)}});
    s.push_back({"contiguous", {transpose(r(f, {3, 2}), 0, 1)}});
    s.push_back({"contiguous", {r(i, {3})}});
    s.push_back({"to", {r(f, {2, 2}), D(i)}});
    s.push_back({"to", {r(f, {2}), D(f)}, {{"copy", B(true)}}});
    // Memory formats: channels-last copies, and a channels-last input's
    // layout kept by preserve_format and by pointwise ops.
    const Value cl = memory_format("channels_last"), cl3d = memory_format("channels_last_3d");
    s.push_back({"contiguous", {r(f, {2, 3, 4, 5})}, {{"memory_format", cl}}});
    s.push_back({"contiguous", {r(f, {2, 3, 4, 5, 2})}, {{"memory_format", cl3d}}});
    s.push_back({"contiguous", {r(f, {2, 1, 4, 5})}, {{"memory_format", cl}}});
    s.push_back({"clone", {r(d, {1, 2, 3, 4})}, {{"memory_format", cl}}});
    s.push_back({"to", {r(f, {2, 3, 2, 2}), D(d)}, {{"memory_format", cl}}});
    s.push_back({"to", {r(f, {2, 1, 2, 2})}, {{"memory_format", cl}}});
    s.push_back({"zeros_like", {r(f, {2, 3, 2, 2})}, {{"memory_format", cl}}});
    s.push_back({"ones_like", {r(i, {2, 3, 2, 2, 2})}, {{"memory_format", cl3d}}});
    {
        const Value input[] = {r(f, {2, 3, 4, 5})};
        const KwArg format[] = {KwArg{intern("memory_format"), cl}};
        const Value nhwc = call_op("contiguous", input, format);
        s.push_back({"clone", {nhwc}});
        s.push_back({"to", {nhwc, D(d)}});
        s.push_back({"add", {nhwc, F(1.0)}});
        s.push_back({"mul", {nhwc, r(f, {2, 3, 4, 5})}});
        s.push_back({"contiguous", {nhwc}});
        s.push_back({"cat", {L({nhwc, nhwc}), I(1)}});          // both channels-last: so is the result
        s.push_back({"cat", {L({nhwc, r(f, {2, 3, 4, 5})}), I(0)}});  // mixed: contiguous
    }
    s.push_back({"float", {r(i, {3})}});
    s.push_back({"double", {r(f, {3})}});
    s.push_back({"long", {r(d, {3})}});
    s.push_back({"bool", {r(f, {3})}});
    s.push_back({"item", {r(f, {1})}});
    s.push_back({"tolist", {r(i, {2, 2})}});
    s.push_back({"view", {r(f, {2, 6}), T({I(3), I(-1)})}});
    s.push_back({"reshape", {transpose(r(f, {3, 4}), 0, 1), T({I(12)})}});
    s.push_back({"reshape", {r(f, {3, 4}), T({I(2), I(6)})}});
    s.push_back({"transpose", {r(f, {2, 3, 4}), I(0), I(2)}});
    for (const char* op : {"tan", "atan", "asin", "acos", "sinh", "cosh", "asinh", "acosh", "atanh", "log10"})
        s.push_back({op, {r(f, {2, 3})}});
    s.push_back({"atan2", {r(f, {2, 3}), r(f, {3})}});
    s.push_back({"hypot", {r(f, {2, 3}), r(f, {2, 1})}});
    s.push_back({"t", {r(f, {2, 3})}});
    s.push_back({"detach", {transpose(r(f, {3, 2}), 0, 1)}});
    s.push_back({"permute", {r(f, {2, 3, 4}), T({I(2), I(0), I(1)})}});
    s.push_back({"unsqueeze", {r(f, {2, 3}), I(-1)}});
    s.push_back({"squeeze", {r(f, {2, 1, 3})}});
    s.push_back({"squeeze", {r(f, {2, 1, 3}), I(1)}});
    s.push_back({"slice", {r(f, {6, 2}), I(0), I(1), I(5), I(2)}});
    s.push_back({"select", {r(f, {3, 4}), I(1), I(-1)}});
    s.push_back({"diagonal", {r(f, {3, 4}), I(1), I(0), I(1)}});
    s.push_back({"diagonal", {r(f, {2, 3, 4}), I(-1), I(2), I(0)}});
    s.push_back({"unfold", {r(f, {2, 7}), I(1), I(3), I(2)}});
    s.push_back({"as_strided", {r(f, {3, 4}), T({I(2), I(2)}), T({I(1), I(4)}), I(1)}});
    s.push_back({"expand", {r(f, {3, 1}), T({I(2), I(3), I(4)})}});
    s.push_back({"getitem", {r(f, {4, 5}), T({I(1), every_other_from_1()})}});
    s.push_back({"tensor", {L({F(1.5), F(2.0)})}});
    s.push_back({"tensor", {L({I(1), I(2)}), D(d)}});
    s.push_back({"zeros", {T({I(2), I(3)})}});
    s.push_back({"ones", {T({I(4)}), D(i)}});
    s.push_back({"full", {T({I(2)}), F(1.5)}});
    s.push_back({"full", {T({I(2), I(2)}), I(7)}});
    s.push_back({"arange", {I(5)}});
    s.push_back({"arange", {F(0.0), F(1.0), F(0.25)}});
    s.push_back({"zeros_like", {transpose(r(f, {3, 2}), 0, 1)}});
    s.push_back({"ones_like", {r(i, {2}), D(f)}});
    s.push_back({"add_", {r(f, {2, 3}), r(i, {3})}});
    s.push_back({"sub_", {r(d, {2}), F(0.5)}});
    s.push_back({"mul_", {r(i, {2, 2}), I(3)}});
    s.push_back({"div_", {r(f, {3}), r(f, {3}, true)}});
    s.push_back({"relu_", {r(f, {4})}});
    s.push_back({"zero_", {r(i, {3})}});
    s.push_back({"fill_", {r(f, {2, 2}), F(3.5)}});
    s.push_back({"copy_", {r(f, {2, 3}), r(i, {3})}});
    s.push_back({"requires_grad_", {r(f, {2})}});
    // The ops model code needs (issue 13).
    for (const char* op : {"erf", "erfc", "log1p", "expm1", "rsqrt", "log2", "lgamma", "digamma", "erfinv"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4})}});
        s.push_back({op, {transpose(r(d, {3, 2}), 0, 1)}});
    }
    for (const char* op : {"floor", "ceil", "round", "trunc", "sign"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4})}});
        s.push_back({op, {transpose(r(d, {3, 2}), 0, 1)}});
    }
    for (const char* op : {"isnan", "isinf", "isfinite", "logical_not"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4})}});
        s.push_back({op, {r(b, {3})}});
    }
    s.push_back({"bitwise_not", {r(i, {2, 3})}});
    s.push_back({"bitwise_not", {r(b, {4})}});
    for (const char* op : {"logical_and", "logical_or", "logical_xor"}) {
        s.push_back({op, {r(f, {2, 3}), r(f, {3})}});
        s.push_back({op, {r(b, {4}), r(b, {4})}});
        s.push_back({op, {r(i, {3}), I(0)}});
    }
    for (const char* op : {"bitwise_and", "bitwise_or", "bitwise_xor"}) {
        s.push_back({op, {r(i, {4, 1}), r(i, {1, 5})}});
        s.push_back({op, {r(b, {4}), r(b, {4})}});
        s.push_back({op, {r(i, {3}), I(6)}});
    }
    s.push_back({"fmod", {r(f, {2, 3}), r(f, {3}, true)}});
    s.push_back({"fmod", {r(i, {4}), I(3)}});
    for (const char* op : {"argmax", "argmin"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {r(i, {4, 3}), I(0), B(true)}});
        s.push_back({op, {transpose(r(d, {3, 2}), 0, 1), I(-1)}});
        s.push_back({op, {r(f, {2, 3})}, {{"keepdim", B(true)}}});
    }
    s.push_back({"prod", {r(f, {2, 3})}});
    s.push_back({"prod", {r(i, {2, 3}), I(1), B(true)}});
    s.push_back({"prod", {r(b, {3})}});
    for (const char* op : {"cumsum", "cumprod"}) {
        s.push_back({op, {r(f, {2, 3}), I(1)}});
        s.push_back({op, {r(i, {4}), I(0)}});
        s.push_back({op, {r(b, {3, 2}), I(0)}});
        s.push_back({op, {transpose(r(d, {3, 2}), 0, 1), I(-1)}});
    }
    s.push_back({"sort", {r(f, {2, 5})}});
    s.push_back({"sort", {r(i, {3, 4}), I(0), B(true)}});
    s.push_back({"sort", {transpose(r(d, {3, 2}), 0, 1)}, {{"descending", B(true)}}});
    s.push_back({"topk", {r(f, {2, 5}), I(3)}});
    s.push_back({"topk", {r(i, {3, 4}), I(2), I(0), B(false)}});
    s.push_back({"topk", {transpose(r(d, {3, 2}), 0, 1), I(1)}, {{"sorted", B(false)}}});
    const Value idx2 = call_op("tensor", std::vector<Value>{L({L({I(0), I(2)}), L({I(3), I(3)}), L({I(1), I(0)})})});
    const Value idx1 = call_op("tensor", std::vector<Value>{L({I(2), I(0), I(2)})});
    s.push_back({"gather", {r(f, {3, 4}), I(1), idx2}});
    s.push_back({"gather", {r(i, {4, 2}), I(0), idx2}});
    s.push_back({"index_select", {r(f, {3, 4}), I(0), idx1}});
    s.push_back({"index_select", {transpose(r(d, {3, 4}), 0, 1), I(1), idx1}});
    s.push_back({"getitem", {r(f, {4, 5}), idx1}});
    s.push_back({"getitem", {r(f, {4, 5}), T({every_other_from_1(), idx2})}});
    s.push_back({"getitem", {r(f, {3, 4}), T({idx1, idx1})}});
    const Value idx01 = call_op("tensor", std::vector<Value>{L({I(1), I(0), I(1)})});
    s.push_back({"getitem", {r(i, {3, 4, 2}), T({idx1, every_other_from_1(), idx01})}});
    s.push_back({"nonzero", {r(i, {3, 4})}});
    s.push_back({"_setitem", {r(f, {4, 5}), idx1, F(0.5)}});
    s.push_back({"_setitem", {r(i, {4, 5}), T({every_other_from_1(), idx1}), r(f, {3})}});
    s.push_back({"_setitem", {r(f, {4, 5}), T({I(1), every_other_from_1()}), r(i, {2})}});
    s.push_back({"_setitem", {r(dtype::float16, {4, 5}), idx1, I(3)}});
    s.push_back({"_nll_target", {call_op("tensor", std::vector<Value>{L({I(1), I(-100), I(0)})}), I(3), I(-100)}});
    s.push_back({"_nll_sum", {r(f, {5}), call_op("tensor", std::vector<Value>{L({B(true), B(false), B(true), B(true), B(true)})})}});
    s.push_back({"_nll_sum", {r(d, {3}), call_op("tensor", std::vector<Value>{L({B(true), B(true), B(false)})})}});
    // The narrow dtypes (issue 13 item 10): stored in their own width,
    // computed in their kernel dtype, results narrowed as torch types them.
    const dtype i32 = dtype::int32, i16 = dtype::int16, i8 = dtype::int8, u8 = dtype::uint8, f16 = dtype::float16,
                bf16 = dtype::bfloat16;
    for (const char* op : {"int", "short", "char", "byte", "half", "bfloat16"}) {
        s.push_back({op, {r(f, {2, 3})}});
        s.push_back({op, {transpose(r(i, {3, 2}), 0, 1)}});
    }
    s.push_back({"int", {r(i32, {3})}});
    for (dtype nd : {i32, i16, i8, u8, f16, bf16}) {
        s.push_back({"add", {r(nd, {2, 3}), r(nd, {3})}});
        s.push_back({"mul", {r(nd, {2, 3}), I(3)}});
        s.push_back({"sub", {transpose(r(nd, {3, 2}), 0, 1), F(0.5)}});
        s.push_back({"div", {r(nd, {4}), r(nd, {4}, true)}});
        s.push_back({"lt", {r(nd, {4}), r(f, {4})}});
        s.push_back({"maximum", {r(nd, {2, 2}), r(i, {2})}});
        s.push_back({"abs", {r(nd, {3})}});
        s.push_back({"sum", {r(nd, {2, 3}), I(1)}});
        s.push_back({"amax", {r(nd, {2, 3}), I(0)}});
        s.push_back({"max", {r(nd, {4, 3}), I(0), B(true)}});
        s.push_back({"argmax", {r(nd, {2, 3})}});
        s.push_back({"sort", {r(nd, {2, 5})}});
        s.push_back({"cat", {L({r(nd, {2, 3}), r(nd, {1, 3})})}});
        s.push_back({"cat", {L({r(nd, {2}), r(i, {1})})}});
        s.push_back({"clone", {transpose(r(nd, {3, 2}), 0, 1)}});
        s.push_back({"to", {r(nd, {2, 2}), D(f)}});
        s.push_back({"to", {r(f, {2, 2}), D(nd)}});
        s.push_back({"zeros", {T({I(2), I(3)}), D(nd)}});
        s.push_back({"full", {T({I(2)}), I(7), D(nd)}});
        s.push_back({"arange", {I(5), Value(), I(1), D(nd)}});
        s.push_back({"ones_like", {r(nd, {2})}});
        s.push_back({"gather", {r(nd, {3, 4}), I(1), idx2}});
        s.push_back({"index_select", {r(nd, {3, 4}), I(0), idx1}});
        s.push_back({"getitem", {r(nd, {4, 5}), idx1}});
        s.push_back({"view", {r(nd, {2, 6}), T({I(3), I(-1)})}});
        s.push_back({"transpose", {r(nd, {2, 3, 4}), I(0), I(2)}});
        s.push_back({"add_", {r(nd, {2, 3}), r(nd, {3})}});
        s.push_back({"fill_", {r(nd, {2, 2}), I(3)}});
        s.push_back({"copy_", {r(nd, {2, 3}), r(f, {3})}});
        s.push_back({"where", {r(b, {2, 3}), r(nd, {2, 3}), r(nd, {3})}});
        s.push_back({"matmul", {r(is_floating(nd) ? bf16 : nd, {2, 3}), r(is_floating(nd) ? bf16 : nd, {3, 2})}});
    }
    for (dtype nd : {i32, i16, i8, u8}) {
        s.push_back({"prod", {r(nd, {2, 3})}});
        s.push_back({"cumsum", {r(nd, {4}), I(0)}});
        s.push_back({"floor_divide", {r(nd, {4}), r(nd, {4}, true)}});
        s.push_back({"remainder", {r(nd, {4}), I(3)}});
        s.push_back({"bitwise_and", {r(nd, {4}), r(nd, {4})}});
        s.push_back({"neg", {r(nd, {4})}});
        s.push_back({"exp", {r(nd, {4})}});
        s.push_back({"mean", {r(nd, {2, 3})}, {{"dtype", D(f)}}});
        s.push_back({"sum", {r(nd, {2, 3})}, {{"dtype", D(i16)}}});
        s.push_back({"nonzero", {r(nd, {3, 4})}});
    }
    for (dtype nd : {f16, bf16}) {
        s.push_back({"mean", {r(nd, {2, 3}), I(1)}});
        s.push_back({"softmax", {r(nd, {2, 5}), I(-1), D(f)}});
        s.push_back({"neg", {r(nd, {4})}});
        s.push_back({"isnan", {r(nd, {4})}});
    }
    s.push_back({"exp", {r(bf16, {4})}});
    s.push_back({"softmax", {r(bf16, {2, 5}), I(-1)}});
    s.push_back({"log_softmax", {r(bf16, {2, 5}), I(-1)}});
    s.push_back({"cumsum", {r(bf16, {4}), I(0)}});
    return s;
}

// A graph calling `op` with every tensor argument (also inside lists) a placeholder.
std::unique_ptr<Graph> graph_for(const Sample& s, std::vector<Value>& inputs) {
    auto g = std::make_unique<Graph>();
    std::function<Argument(const Value&)> arg = [&](const Value& v) -> Argument {
        if (v.is<Tensor>()) {
            inputs.push_back(v);
            return g->placeholder("t" + std::to_string(inputs.size() - 1), v);
        }
        if (auto* l = v.dyn<List>()) {
            std::vector<Argument> items;
            for (const Value& i : l->items()) items.push_back(arg(i));
            return list_arg(std::move(items));
        }
        return v;
    };
    Args args;
    for (const Value& v : s.args) args.push_back(arg(v));
    Kwargs kwargs;
    for (const auto& [name, v] : s.kwargs) kwargs.push_back(kw(name, arg(v)));
    Node* n = g->call_function("torch." + s.op, std::move(args), std::move(kwargs));
    g->output(tuple_arg({n}));
    return g;
}

Value direct(const Sample& s) {
    std::vector<Value> positional;
    for (const Value& v : s.args) positional.push_back(copy_value(v));
    std::vector<KwArg> kwargs;
    for (const auto& [name, v] : s.kwargs) kwargs.push_back(KwArg{intern(name), copy_value(v)});
    return call_op(s.op, positional, kwargs);
}

void check_same_metadata(const Value& fake, const Value& real) {
    if (auto* t = real.dyn<Tensor>()) {
        auto* m = fake.dyn<Tensor>();
        REQUIRE(m);
        CHECK(m->is_fake());
        CHECK(m->dtype() == t->dtype());
        CHECK(std::ranges::equal(m->sizes(), t->sizes()));
        CHECK(std::ranges::equal(m->strides(), t->strides()));
    } else if (auto* tu = real.dyn<Tuple>()) {
        REQUIRE(fake.is<Tuple>());
        REQUIRE(fake.as<Tuple>()->size() == tu->size());
        for (std::size_t k = 0; k < tu->size(); ++k) check_same_metadata(fake.as<Tuple>()->items()[k], tu->items()[k]);
    } else {
        FAIL("unexpected result kind " << type_name(real));
    }
}

bool same_result(const Value& a, const Value& b) {
    if (a.is<Tensor>()) return bitwise_equal(a, b);
    if (auto* t = a.dyn<Tuple>()) {
        if (!b.is<Tuple>() || b.as<Tuple>()->size() != t->size()) return false;
        for (std::size_t k = 0; k < t->size(); ++k)
            if (!same_result(t->items()[k], b.as<Tuple>()->items()[k])) return false;
        return true;
    }
    return repr(a) == repr(b);
}

}  // namespace

TEST_CASE("every op in the op table has a metadata sample here") {
    std::set<std::string> covered;
    for (const Sample& s : samples()) covered.insert(s.op);
    for (const OpDef& op : all_ops()) {
        CAPTURE(op.name);
        CHECK(covered.contains(std::string(op.name)));
    }
}

TEST_CASE("fake metadata of every op matches the real kernel's result, and so does the interpreter") {
    for (const Sample& s : samples()) {
        CAPTURE(s.op);
        CAPTURE(s.args.size());
        std::vector<Value> inputs;
        if (s.op == "nonzero") {
            // Its shape depends on the data: the meta rule raises (a graph
            // break when traced), the kernel runs.
            CHECK_THROWS_AS(graph_for(s, inputs), Error);
            CHECK(direct(s).as<Tensor>()->dim() == 2);
            continue;
        }
        auto g = graph_for(s, inputs);
        Node* n = g->output_node()->prev();
        Value real = direct(s);
        const OpDef* op = find_op(s.op);
        if (op->meta) {
            check_same_metadata(n->val(), real);
        } else {
            CHECK(n->val().is_none());  // item and tolist depend on data
        }
        std::vector<Value> copies;
        for (const Value& v : inputs) copies.push_back(copy_value(v));
        GraphInterpreter run(*g);
        Value out = fx_test::first_output(run(copies));
        CHECK(same_result(out, real));
    }
}

TEST_CASE("meta rules keep views aliased: a view's fake shares its input's fake storage") {
    Graph g;
    Node* x = g.placeholder("x", zeros({2, 3}));
    Node* v = g.call_method("t", {x});
    Node* c = g.call_method("clone", {v});
    CHECK(v->tensor_meta()->storage() == x->tensor_meta()->storage());
    CHECK(c->tensor_meta()->storage() != x->tensor_meta()->storage());
    CHECK(std::ranges::equal(v->tensor_meta()->strides(), std::vector<std::int64_t>{1, 3}));
}

TEST_CASE("promotion in metadata follows torch: wrapped numbers and 0-dim tensors") {
    Graph g;
    Node* i = g.placeholder("i", zeros({3}, dtype::int64));
    Node* f = g.placeholder("f", zeros({3}, dtype::float32));
    Node* d0 = g.placeholder("d0", zeros({}, dtype::float64));
    CHECK(g.call_function("operator.add", {i, 1})->tensor_meta()->dtype() == dtype::int64);
    CHECK(g.call_function("operator.add", {i, 1.5})->tensor_meta()->dtype() == dtype::float32);
    CHECK(g.call_function("operator.add", {i, f})->tensor_meta()->dtype() == dtype::float32);
    CHECK(g.call_function("operator.add", {f, d0})->tensor_meta()->dtype() == dtype::float32);
    CHECK(g.call_function("operator.add", {i, d0})->tensor_meta()->dtype() == dtype::float64);
    CHECK(g.call_function("operator.lt", {f, 0})->tensor_meta()->dtype() == dtype::bool_);
    CHECK(g.call_function("operator.truediv", {i, 2})->tensor_meta()->dtype() == dtype::float32);
}

TEST_CASE("shape and dtype errors are raised while building, with the kernel's message") {
    std::mt19937 rng(5);
    auto r = [&](dtype dt, std::initializer_list<std::int64_t> sizes) { return fx_test::random_tensor(rng, dt, sizes); };
    const std::vector<Sample> failing = {
        {"add", {r(dtype::float32, {2, 3}), r(dtype::float32, {4})}},
        {"sub", {r(dtype::bool_, {2}), r(dtype::bool_, {2})}},
        {"neg", {r(dtype::bool_, {2})}},
        {"matmul", {r(dtype::float32, {2, 3}), r(dtype::float32, {4, 5})}},
        {"linear", {r(dtype::float32, {2, 3}), r(dtype::float32, {4, 5})}},
        {"cat", {L({r(dtype::float32, {2, 3}), r(dtype::float32, {2, 4})})}},
        {"view", {r(dtype::float32, {2, 3}), T({I(4), I(2)})}},
        {"sum", {r(dtype::float32, {2, 3}), I(2)}},
        {"where", {r(dtype::int64, {2}), r(dtype::float32, {2}), F(0.0)}},
        {"pow", {r(dtype::int64, {2}), I(-1)}},
        {"transpose", {r(dtype::float32, {2, 3}), I(0), I(5)}},
        {"add_", {r(dtype::int64, {2}), F(0.5)}},
        {"add", {r(dtype::float32, {2})}},
        {"gather", {r(dtype::float32, {2, 3}), I(1), r(dtype::float32, {2, 3})}},
        {"index_select", {r(dtype::float32, {2, 3}), I(0), r(dtype::int64, {2, 2})}},
        {"bitwise_and", {r(dtype::float32, {2}), r(dtype::float32, {2})}},
        {"argmax", {r(dtype::bool_, {3})}},
    };
    for (const Sample& s : failing) {
        CAPTURE(s.op);
        std::string expected;
        try {
            direct(s);
            FAIL("the direct call did not raise");
        } catch (const Error& e) {
            expected = e.what();
        }
        std::vector<Value> inputs;
        CHECK_THROWS_WITH_AS(graph_for(s, inputs), expected.c_str(), Error);
    }
}
