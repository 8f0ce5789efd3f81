// The reference tensor's dtype and shape rules: torch's promotion table over
// tensors, 0-dim tensors and Python scalars; broadcasting and its errors;
// the op table (schemas, bind_args, and every meta agreeing with its kernel).
#include <standin/runtime/tensor.hpp>

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>
#include "test_support.hpp"

namespace {

using namespace standin;
using standin::testing::error_of;

Value operand(std::string_view kind) {
    const dtype dts[] = {dtype::bool_, dtype::int64, dtype::float32, dtype::float64};
    const std::string_view names[] = {"bool_", "int64", "float32", "float64"};
    for (std::size_t i = 0; i < 4; ++i) {
        if (kind == "T_" + std::string(names[i])) return ones({2}, dts[i]);
        if (kind == "Z_" + std::string(names[i])) return ones(std::span<const std::int64_t>{}, dts[i]);
    }
    if (kind == "S_bool") return Value(true);
    if (kind == "S_int") return Value(std::int64_t{2});
    return Value(2.5);
}

struct PromotionCase {
    const char* a;
    const char* b;
    dtype add_result;
    dtype div_result;
};

// Generated with torch 1.13: torch.add(a, b).dtype and torch.div(a, b).dtype.
const PromotionCase promotion_table[] = {
    {"T_bool_", "T_bool_", dtype::bool_, dtype::float32},
    {"T_bool_", "T_int64", dtype::int64, dtype::float32},
    {"T_bool_", "T_float32", dtype::float32, dtype::float32},
    {"T_bool_", "T_float64", dtype::float64, dtype::float64},
    {"T_bool_", "Z_bool_", dtype::bool_, dtype::float32},
    {"T_bool_", "Z_int64", dtype::int64, dtype::float32},
    {"T_bool_", "Z_float32", dtype::float32, dtype::float32},
    {"T_bool_", "Z_float64", dtype::float64, dtype::float64},
    {"T_bool_", "S_bool", dtype::bool_, dtype::float32},
    {"T_bool_", "S_int", dtype::int64, dtype::float32},
    {"T_bool_", "S_float", dtype::float32, dtype::float32},
    {"T_int64", "T_bool_", dtype::int64, dtype::float32},
    {"T_int64", "T_int64", dtype::int64, dtype::float32},
    {"T_int64", "T_float32", dtype::float32, dtype::float32},
    {"T_int64", "T_float64", dtype::float64, dtype::float64},
    {"T_int64", "Z_bool_", dtype::int64, dtype::float32},
    {"T_int64", "Z_int64", dtype::int64, dtype::float32},
    {"T_int64", "Z_float32", dtype::float32, dtype::float32},
    {"T_int64", "Z_float64", dtype::float64, dtype::float64},
    {"T_int64", "S_bool", dtype::int64, dtype::float32},
    {"T_int64", "S_int", dtype::int64, dtype::float32},
    {"T_int64", "S_float", dtype::float32, dtype::float32},
    {"T_float32", "T_bool_", dtype::float32, dtype::float32},
    {"T_float32", "T_int64", dtype::float32, dtype::float32},
    {"T_float32", "T_float32", dtype::float32, dtype::float32},
    {"T_float32", "T_float64", dtype::float64, dtype::float64},
    {"T_float32", "Z_bool_", dtype::float32, dtype::float32},
    {"T_float32", "Z_int64", dtype::float32, dtype::float32},
    {"T_float32", "Z_float32", dtype::float32, dtype::float32},
    {"T_float32", "Z_float64", dtype::float32, dtype::float32},
    {"T_float32", "S_bool", dtype::float32, dtype::float32},
    {"T_float32", "S_int", dtype::float32, dtype::float32},
    {"T_float32", "S_float", dtype::float32, dtype::float32},
    {"T_float64", "T_bool_", dtype::float64, dtype::float64},
    {"T_float64", "T_int64", dtype::float64, dtype::float64},
    {"T_float64", "T_float32", dtype::float64, dtype::float64},
    {"T_float64", "T_float64", dtype::float64, dtype::float64},
    {"T_float64", "Z_bool_", dtype::float64, dtype::float64},
    {"T_float64", "Z_int64", dtype::float64, dtype::float64},
    {"T_float64", "Z_float32", dtype::float64, dtype::float64},
    {"T_float64", "Z_float64", dtype::float64, dtype::float64},
    {"T_float64", "S_bool", dtype::float64, dtype::float64},
    {"T_float64", "S_int", dtype::float64, dtype::float64},
    {"T_float64", "S_float", dtype::float64, dtype::float64},
    {"Z_bool_", "T_bool_", dtype::bool_, dtype::float32},
    {"Z_bool_", "T_int64", dtype::int64, dtype::float32},
    {"Z_bool_", "T_float32", dtype::float32, dtype::float32},
    {"Z_bool_", "T_float64", dtype::float64, dtype::float64},
    {"Z_bool_", "Z_bool_", dtype::bool_, dtype::float32},
    {"Z_bool_", "Z_int64", dtype::int64, dtype::float32},
    {"Z_bool_", "Z_float32", dtype::float32, dtype::float32},
    {"Z_bool_", "Z_float64", dtype::float64, dtype::float64},
    {"Z_bool_", "S_bool", dtype::bool_, dtype::float32},
    {"Z_bool_", "S_int", dtype::int64, dtype::float32},
    {"Z_bool_", "S_float", dtype::float32, dtype::float32},
    {"Z_int64", "T_bool_", dtype::int64, dtype::float32},
    {"Z_int64", "T_int64", dtype::int64, dtype::float32},
    {"Z_int64", "T_float32", dtype::float32, dtype::float32},
    {"Z_int64", "T_float64", dtype::float64, dtype::float64},
    {"Z_int64", "Z_bool_", dtype::int64, dtype::float32},
    {"Z_int64", "Z_int64", dtype::int64, dtype::float32},
    {"Z_int64", "Z_float32", dtype::float32, dtype::float32},
    {"Z_int64", "Z_float64", dtype::float64, dtype::float64},
    {"Z_int64", "S_bool", dtype::int64, dtype::float32},
    {"Z_int64", "S_int", dtype::int64, dtype::float32},
    {"Z_int64", "S_float", dtype::float32, dtype::float32},
    {"Z_float32", "T_bool_", dtype::float32, dtype::float32},
    {"Z_float32", "T_int64", dtype::float32, dtype::float32},
    {"Z_float32", "T_float32", dtype::float32, dtype::float32},
    {"Z_float32", "T_float64", dtype::float64, dtype::float64},
    {"Z_float32", "Z_bool_", dtype::float32, dtype::float32},
    {"Z_float32", "Z_int64", dtype::float32, dtype::float32},
    {"Z_float32", "Z_float32", dtype::float32, dtype::float32},
    {"Z_float32", "Z_float64", dtype::float64, dtype::float64},
    {"Z_float32", "S_bool", dtype::float32, dtype::float32},
    {"Z_float32", "S_int", dtype::float32, dtype::float32},
    {"Z_float32", "S_float", dtype::float32, dtype::float32},
    {"Z_float64", "T_bool_", dtype::float64, dtype::float64},
    {"Z_float64", "T_int64", dtype::float64, dtype::float64},
    {"Z_float64", "T_float32", dtype::float32, dtype::float32},
    {"Z_float64", "T_float64", dtype::float64, dtype::float64},
    {"Z_float64", "Z_bool_", dtype::float64, dtype::float64},
    {"Z_float64", "Z_int64", dtype::float64, dtype::float64},
    {"Z_float64", "Z_float32", dtype::float64, dtype::float64},
    {"Z_float64", "Z_float64", dtype::float64, dtype::float64},
    {"Z_float64", "S_bool", dtype::float64, dtype::float64},
    {"Z_float64", "S_int", dtype::float64, dtype::float64},
    {"Z_float64", "S_float", dtype::float64, dtype::float64},
    {"S_bool", "T_bool_", dtype::bool_, dtype::float32},
    {"S_bool", "T_int64", dtype::int64, dtype::float32},
    {"S_bool", "T_float32", dtype::float32, dtype::float32},
    {"S_bool", "T_float64", dtype::float64, dtype::float64},
    {"S_bool", "Z_bool_", dtype::bool_, dtype::float32},
    {"S_bool", "Z_int64", dtype::int64, dtype::float32},
    {"S_bool", "Z_float32", dtype::float32, dtype::float32},
    {"S_bool", "Z_float64", dtype::float64, dtype::float64},
    {"S_int", "T_bool_", dtype::int64, dtype::float32},
    {"S_int", "T_int64", dtype::int64, dtype::float32},
    {"S_int", "T_float32", dtype::float32, dtype::float32},
    {"S_int", "T_float64", dtype::float64, dtype::float64},
    {"S_int", "Z_bool_", dtype::int64, dtype::float32},
    {"S_int", "Z_int64", dtype::int64, dtype::float32},
    {"S_int", "Z_float32", dtype::float32, dtype::float32},
    {"S_int", "Z_float64", dtype::float64, dtype::float64},
    {"S_float", "T_bool_", dtype::float32, dtype::float32},
    {"S_float", "T_int64", dtype::float32, dtype::float32},
    {"S_float", "T_float32", dtype::float32, dtype::float32},
    {"S_float", "T_float64", dtype::float64, dtype::float64},
    {"S_float", "Z_bool_", dtype::float32, dtype::float32},
    {"S_float", "Z_int64", dtype::float32, dtype::float32},
    {"S_float", "Z_float32", dtype::float32, dtype::float32},
    {"S_float", "Z_float64", dtype::float64, dtype::float64},
};


}  // namespace

TEST_CASE("promotion of add and div matches torch for every pair of tensor, 0-dim and scalar operands") {
    for (const auto& c : promotion_table) {
        CAPTURE(c.a);
        CAPTURE(c.b);
        Value a = operand(c.a), b = operand(c.b);
        CHECK(add(a, b).as<Tensor>()->dtype() == c.add_result);
        CHECK(div(a, b).as<Tensor>()->dtype() == c.div_result);
        const Value pair[] = {a, b};
        CHECK(result_type(pair) == c.add_result);
    }
}

TEST_CASE("comparisons give bool and compute in the promoted dtype") {
    Value i = tensor({1, 2, 3});
    Value r = lt(i, Value(2.5));
    CHECK(r.as<Tensor>()->dtype() == dtype::bool_);
    Value as_list = tolist(r);  // keep the list alive while its items are read
    auto l = as_list.as<List>()->items();
    CHECK(l[0].as_bool());
    CHECK(l[1].as_bool());
    CHECK_FALSE(l[2].as_bool());
    // 2**53 + 1 as int64 against a float32 scalar compares in float32.
    CHECK(eq(tensor({std::int64_t{1} << 24}), Value(16777217.0)).as<Tensor>()->dtype() == dtype::bool_);
}

TEST_CASE("unary float ops on integers compute in float32") {
    for (auto fn : {&exp, &log, &sqrt, &sin, &cos, &tanh, &sigmoid}) {
        CHECK(fn(tensor({1, 2})).as<Tensor>()->dtype() == dtype::float32);
        CHECK(fn(tensor({true})).as<Tensor>()->dtype() == dtype::float32);
        CHECK(fn(tensor({1.0}, dtype::float64)).as<Tensor>()->dtype() == dtype::float64);
    }
    CHECK(relu(tensor({1, -2})).as<Tensor>()->dtype() == dtype::int64);
    CHECK(abs(tensor({1, -2})).as<Tensor>()->dtype() == dtype::int64);
}

TEST_CASE("broadcasting combines trailing dimensions") {
    Value a = ones({2, 1, 3}), b = ones({4, 1});
    Value sum = add(a, b);  // keep the result alive while its sizes are read
    auto* r = sum.as<Tensor>();
    CHECK(std::vector<std::int64_t>(r->sizes().begin(), r->sizes().end()) == std::vector<std::int64_t>{2, 4, 3});
    CHECK(add(ones({3}), ones(std::span<const std::int64_t>{})).as<Tensor>()->dim() == 1);
}

TEST_CASE("broadcasting mismatch raises torch's message") {
    CHECK(error_of([] { add(ones({3}), ones({4})); }) ==
          "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
    CHECK(error_of([] { mul(ones({2, 3}), ones({2, 2})); }) ==
          "RuntimeError: The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1");
}

TEST_CASE("dtype errors follow torch's messages") {
    CHECK(error_of([] { sub(tensor({true}), tensor({false})); }) ==
          "RuntimeError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or "
          "`logical_xor()` operator instead.");
    CHECK(error_of([] { neg(tensor({true})); }).starts_with("RuntimeError: Negation, the `-` operator, on a bool tensor"));
    CHECK(error_of([] { abs(tensor({true})); }) == "RuntimeError: \"abs_cpu\" not implemented for 'Bool'");
    CHECK(error_of([] { relu(tensor({true})); }) == "RuntimeError: Boolean inputs not supported for relu");
    CHECK(error_of([] { floor_divide(tensor({true}), tensor({true})); }) ==
          "RuntimeError: \"div_floor_cpu\" not implemented for 'Bool'");
    CHECK(error_of([] { pow(tensor({2}), Value(std::int64_t{-1})); }) ==
          "RuntimeError: Integers to negative integer powers are not allowed.");
    CHECK(error_of([] { add_(tensor({1, 2}), tensor({1.5, 2.5})); }) ==
          "RuntimeError: result type Float can't be cast to the desired output type Long");
    CHECK(error_of([] { mean(tensor({1, 2})); }) ==
          "RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
          "dtype. Got: Long");
    CHECK(error_of([] { where(ones({2}), ones({2}), Value(0.0)); }) ==
          "RuntimeError: where expected condition to be a boolean tensor, but got a tensor with dtype Float");
    CHECK(error_of([] { add(ones({2}), str("x")); }).starts_with("TypeError: "));
}

TEST_CASE("dimension out of range raises IndexError with torch's range") {
    CHECK(error_of([] { sum(ones({3}), Value(std::int64_t{1})); }) ==
          "IndexError: Dimension out of range (expected to be in range of [-1, 0], but got 1)");
    CHECK(error_of([] { transpose(ones({2, 3}), 0, 2); }) ==
          "IndexError: Dimension out of range (expected to be in range of [-2, 1], but got 2)");
}

TEST_CASE("op table finds ops by name and binds keyword arguments onto the schema") {
    const OpDef* op = find_op("sum");
    REQUIRE(op);
    CHECK(op->cls == OpClass::reduction);
    CHECK(find_op("no_such_op") == nullptr);
    const Value pos[] = {ones({2, 3})};
    const KwArg kw[] = {{intern("dim"), Value(std::int64_t{1})}, {intern("keepdim"), Value(true)}};
    auto args = bind_args(*op, pos, kw);
    REQUIRE(args.size() == 4);
    CHECK(args[3].is_none());
    Value r = op->kernel(args);
    CHECK(r.as<Tensor>()->dim() == 2);
    CHECK(r.as<Tensor>()->size(1) == 1);
    CHECK(error_of([&] { bind_args(*op, {}, kw); }) ==
          "TypeError: sum() missing required argument 'self' (pos 1)");
    const KwArg bad[] = {{intern("axes"), Value(std::int64_t{0})}};
    CHECK(error_of([&] { bind_args(*op, pos, bad); }) == "TypeError: sum() got an unexpected keyword argument 'axes'");
    // axis= and keepdims= are dim= and keepdim= (torch's argument parser takes NumPy's spellings).
    const KwArg numpy[] = {{intern("axis"), Value(std::int64_t{1})}, {intern("keepdims"), Value(true)}};
    auto aliased = bind_args(*op, pos, numpy);
    CHECK(aliased[1].is_int());
    CHECK(aliased[2].is_bool());
    const KwArg twice[] = {{intern("dim"), Value(std::int64_t{0})}, {intern("axis"), Value(std::int64_t{1})}};
    CHECK(error_of([&] { bind_args(*op, pos, twice); }) == "TypeError: sum() got multiple values for argument 'dim'");
    const Value two[] = {ones({2}), Value(std::int64_t{0})};
    const KwArg dup[] = {{intern("dim"), Value(std::int64_t{0})}};
    CHECK(error_of([&] { bind_args(*op, two, dup); }) == "TypeError: sum() got multiple values for argument 'dim'");
}

TEST_CASE("pointwise entries describe their dtype rules and block kernels") {
    for (const auto& op : all_ops()) {
        CAPTURE(op.name);
        CHECK((op.cls == OpClass::pointwise) == (op.pointwise != nullptr));
        if (op.pointwise) CHECK(op.params.size() == op.pointwise->arity);
    }
    const auto& sig = *find_op("sigmoid")->pointwise;
    CHECK(sig.compute_dtype(dtype::int64) == dtype::float32);
    CHECK((sig.block[index_of(dtype::int64)] == nullptr));
    const auto& lt_info = *find_op("lt")->pointwise;
    CHECK(lt_info.compute_dtype(dtype::int64) == dtype::int64);
    CHECK(lt_info.result_dtype(dtype::int64) == dtype::bool_);
    // A block kernel on raw contiguous data.
    float a[] = {1, 2, 3}, b[] = {10, 20, 30}, out[3];
    const void* in[] = {a, b};
    find_op("add")->pointwise->block[index_of(dtype::float32)](in, out, 3);
    CHECK(out[2] == 33.0f);
}

namespace {

// Sample positional arguments for each op of the table.
std::vector<Value> sample_args(std::string_view name) {
    Value m = reshape(arange(Value(std::int64_t{6})), {2, 3});
    Value f = div(m, Value(2.0));  // float32 [2, 3]
    Value ft = transpose(f, 0, 1);  // non-contiguous
    auto none = Value();
    auto i = [](std::int64_t v) { return Value(v); };
    if (name == "where") return {gt(f, Value(1.0)), f, Value(std::int64_t{0})};
    if (name == "sum" || name == "mean") return {ft, i(0), Value(true), none};
    if (name == "amax" || name == "amin") return {f, tuple({i(0), i(1)}), Value(false)};
    if (name == "max" || name == "min") return {ft, i(1), Value(true)};
    if (name == "softmax" || name == "log_softmax") return {f, i(0), none};
    if (name == "_var") return {ft, i(1), i(1), Value(true), Value(false)};
    if (name == "layer_norm") return {ft, tuple({i(2)}), tensor({1, 2}), none, Value(1e-5)};
    if (name == "matmul") return {f, ft};
    if (name == "linear") return {f, f, tensor({1, 2})};
    if (name == "cat" || name == "stack") return {list({f, add(f, Value(1))}), i(1)};
    if (name == "to") return {f, dtype_value(dtype::float64), Value(), Value(), Value(), Value(), Value(), Value(), Value(false), Value()};
    if (name == "view" || name == "reshape") return {f, tuple({i(3), i(-1)})};
    if (name == "transpose") return {f, i(0), i(1)};
    if (name == "permute") return {f, tuple({i(1), i(0)})};
    if (name == "unsqueeze") return {f, i(1)};
    if (name == "squeeze") return {unsqueeze(f, 0), none};
    if (name == "slice") return {f, i(1), i(0), none, i(2)};
    if (name == "select") return {f, i(1), i(-1)};
    if (name == "diagonal") return {f, i(1), i(0), i(1)};
    if (name == "unfold") return {f, i(1), i(2), i(1)};
    if (name == "as_strided") return {f, tuple({i(2), i(2)}), tuple({i(1), i(3)}), i(1)};
    if (name == "expand") return {unsqueeze(f, 0), tuple({i(4), i(-1), i(-1)})};
    if (name == "getitem") return {f, tuple({i(1), make_value<Slice>(none, none, i(2))})};
    if (name == "tensor") return {list({list({i(1), Value(2.5)}), list({i(3), i(4)})}), none};
    if (name == "zeros" || name == "ones") return {tuple({i(2), i(3)}), dtype_value(dtype::int64)};
    if (name == "full") return {tuple({i(2)}), Value(true), none};
    if (name == "arange") return {i(1), Value(4.0), Value(0.5), none};
    if (name == "zeros_like" || name == "ones_like") return {ft, none, none};
    if (name == "clone" || name == "contiguous") return {ft, none};  // memory_format: the default
    if (name == "fill_") return {clone(f), Value(std::int64_t{3})};
    if (name == "copy_") return {clone(f), tensor({1, 2, 3})};
    if (name == "requires_grad_") return {clone(f), Value(true)};
    if (name == "add_" || name == "sub_" || name == "mul_" || name == "div_") return {clone(f), tensor({1, 2, 3})};
    if (name == "item") return {sum(f)};
    const Value im = reshape(arange(Value(std::int64_t{6})), {2, 3});  // int64 [2, 3]
    if (name.starts_with("bitwise_") && name != "bitwise_not") return {transpose(im, 0, 1), tensor({1, 2})};
    if (name == "bitwise_not") return {transpose(im, 0, 1)};
    if (name == "argmax" || name == "argmin") return {ft, i(1), Value(true)};
    if (name == "prod") return {ft, i(0), Value(false), none};
    if (name == "cumsum" || name == "cumprod") return {ft, i(1), none};
    if (name == "sort") return {ft, i(0), Value(true), Value(false)};
    if (name == "topk") return {ft, i(2), i(0), Value(false), Value(true)};
    if (name == "gather") return {ft, i(1), reshape(tensor({std::int64_t{1}, std::int64_t{0}, std::int64_t{1}}), {3, 1})};
    if (name == "index_select") return {ft, i(0), tensor({std::int64_t{2}, std::int64_t{0}})};
    if (name == "nonzero") return {ft};
    if (name == "_setitem") return {clone(f), tensor({1, 0}), Value(std::int64_t{7})};
    if (name == "_nll_target") return {tensor({std::int64_t{2}, std::int64_t{-100}}), i(3), i(-100)};
    if (name == "_nll_sum") return {reshape(ft, {-1}), gt(reshape(ft, {-1}), Value(0.0))};
    const OpDef* op = find_op(name);
    if (op->params.size() == 2) return {ft, tensor({1, 2})};  // binary elementwise, broadcasting
    return {ft};                                                 // unary
}

// The same op on fake copies of the arguments.
Value fake_of(const Value& v) {
    if (auto* t = v.dyn<Tensor>())
        return make_ref<Tensor>(Storage::fake(t->storage()->nbytes()), t->dtype(), DimVector(t->sizes()),
                                DimVector(t->strides()), t->storage_offset());
    if (auto* l = v.dyn<List>()) {
        std::vector<Value> items;
        for (const auto& x : l->items()) items.push_back(fake_of(x));
        return list(std::move(items));
    }
    return v;
}

void check_same_meta(const Value& real, const Value& fake) {
    if (auto* t = real.dyn<Tuple>()) {
        REQUIRE(fake.is<Tuple>());
        for (std::size_t i = 0; i < t->size(); ++i) check_same_meta((*t)[i], (*fake.as<Tuple>())[i]);
        return;
    }
    auto* r = real.dyn<Tensor>();
    auto* f = fake.dyn<Tensor>();
    REQUIRE(r);
    REQUIRE(f);
    CHECK(f->is_fake());
    CHECK_FALSE(r->is_fake());
    CHECK(r->dtype() == f->dtype());
    CHECK(std::ranges::equal(r->sizes(), f->sizes()));
    CHECK(std::ranges::equal(r->strides(), f->strides()));
    CHECK(r->storage_offset() == f->storage_offset());
}

}  // namespace

TEST_CASE("every op's meta gives the dtype, shape and strides of its kernel's output") {
    for (const auto& op : all_ops()) {
        CAPTURE(op.name);
        std::vector<Value> args = sample_args(op.name);
        REQUIRE(args.size() == op.params.size());
        Value real = op.kernel(args);
        if (!op.meta) {
            CHECK((op.name == "item" || op.name == "tolist"));
            continue;
        }
        std::vector<Value> fake_args;
        for (const auto& a : args) fake_args.push_back(fake_of(a));
        if (op.name == "nonzero") {  // data-dependent shape: the meta raises (a graph break)
            CHECK_THROWS_AS(op.meta(fake_args), Error);
            continue;
        }
        Value fake = op.meta(fake_args);
        check_same_meta(real, fake);
    }
}

TEST_CASE("meta functions raise the kernel's errors") {
    Value a = fake_of(ones({3})), b = fake_of(ones({4}));
    const Value args[] = {a, b};
    CHECK(error_of([&] { find_op("add")->meta(std::span<const Value>(args)); }) ==
          "RuntimeError: The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0");
    const Value m[] = {fake_of(ones({2, 3})), fake_of(ones({4, 5}))};
    CHECK(error_of([&] { find_op("matmul")->meta(std::span<const Value>(m)); }) ==
          "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
}
