// The reference tensor's computing ops against hand-computed results:
// elementwise arithmetic (Python's floor semantics, wrapping int64, division
// by zero), unary functions, reductions, matmul, softmax, cat/stack, where,
// factories and conversions.
#include <standin/runtime/tensor.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>
#include "test_support.hpp"

namespace {

using namespace standin;
using standin::testing::error_of;

Value i64(std::int64_t v) { return Value(v); }

// The elements of a tensor, flattened in row-major order, as doubles.
std::vector<double> values(const Value& t) {
    std::vector<double> out;
    auto walk = [&](auto& self, const Value& v) -> void {
        if (auto* l = v.dyn<List>()) {
            for (const auto& x : l->items()) self(self, x);
        } else {
            out.push_back(v.as_double());
        }
    };
    walk(walk, tolist(t));
    return out;
}

std::vector<std::int64_t> shape(const Value& t) {
    auto s = t.as<Tensor>()->sizes();
    return {s.begin(), s.end()};
}

dtype dtype_of_value(const Value& t) { return t.as<Tensor>()->dtype(); }


using dv = std::vector<double>;

}  // namespace

TEST_CASE("binary arithmetic with broadcasting and scalars on either side") {
    Value a = tensor({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
    Value b = tensor({10.0, 20.0, 30.0});
    CHECK(values(add(a, b)) == dv{11, 22, 33, 14, 25, 36});
    CHECK(values(sub(a, b)) == dv{-9, -18, -27, -6, -15, -24});
    CHECK(values(mul(a, Value(2.0))) == dv{2, 4, 6, 8, 10, 12});
    CHECK(values(sub(Value(std::int64_t{1}), a)) == dv{0, -1, -2, -3, -4, -5});
    CHECK(values(div(Value(6.0), tensor({1.0, 2.0, 4.0}))) == dv{6, 3, 1.5});
    CHECK(values(pow(tensor({2, 3}), i64(3))) == dv{8, 27});
    CHECK(values(pow(Value(2.0), tensor({1.0, 3.0}))) == dv{2, 8});
    CHECK(values(maximum(tensor({1, 5}), tensor({3, 2}))) == dv{3, 5});
    CHECK(values(minimum(tensor({1, 5}), tensor({3, 2}))) == dv{1, 2});
}

TEST_CASE("true division of integers gives float32") {
    Value r = div(tensor({1, 2, 3}), i64(2));
    CHECK(dtype_of_value(r) == dtype::float32);
    CHECK(values(r) == dv{0.5, 1, 1.5});
    CHECK(values(div(tensor({1.0}), Value(0.0)))[0] == std::numeric_limits<double>::infinity());
}

TEST_CASE("integer floor division and remainder follow Python's signs") {
    Value a = tensor({7, -7, 7, -7});
    Value b = tensor({2, 2, -2, -2});
    CHECK(values(floor_divide(a, b)) == dv{3, -4, -4, 3});
    CHECK(values(remainder(a, b)) == dv{1, 1, -1, -1});
    CHECK(values(floor_divide(tensor({-7.0, 7.5}), Value(2.0))) == dv{-4, 3});
    CHECK(values(remainder(tensor({-7.0, 7.5}), Value(2.0))) == dv{1, 1.5});
    CHECK(values(remainder(tensor({5.0}), Value(-3.0))) == dv{-1});
}

TEST_CASE("integer division by zero raises ZeroDivisionError as a RuntimeError") {
    CHECK(error_of([] { floor_divide(tensor({1, 2}), i64(0)); }) == "RuntimeError: ZeroDivisionError");
    CHECK(error_of([] { remainder(tensor({1}), tensor({0})); }) == "RuntimeError: ZeroDivisionError");
    CHECK(values(floor_divide(tensor({1.0, -1.0}), Value(0.0))) ==
          dv{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()});
}

TEST_CASE("int64 arithmetic wraps around like torch") {
    const std::int64_t big = std::int64_t{1} << 62, min = std::numeric_limits<std::int64_t>::min();
    CHECK(item(mul(tensor({big}), i64(4))).as_int() == 0);
    CHECK(item(add(tensor({std::numeric_limits<std::int64_t>::max()}), i64(1))).as_int() == min);
    CHECK(item(neg(tensor({min}))).as_int() == min);
    CHECK(item(abs(tensor({min}))).as_int() == min);
    CHECK(item(floor_divide(tensor({min}), i64(-1))).as_int() == min);
    CHECK(item(remainder(tensor({min}), i64(-1))).as_int() == 0);
    CHECK(values(pow(tensor({3, 2, -1, 1}), tensor({-1, 62, -3, -5}))) == dv{0, 4611686018427387904.0, -1, 1});
}

TEST_CASE("bool arithmetic: add is or, mul is and") {
    Value t = tensor({true, false}), f = tensor({false, false});
    CHECK(dtype_of_value(add(t, f)) == dtype::bool_);
    CHECK(values(add(t, t)) == dv{1, 0});
    CHECK(values(mul(t, tensor({true, true}))) == dv{1, 0});
    CHECK(values(add(t, i64(1))) == dv{2, 1});
}

TEST_CASE("comparisons against tensors and scalars") {
    Value a = tensor({1.0, 2.0, 3.0});
    CHECK(values(eq(a, Value(2.0))) == dv{0, 1, 0});
    CHECK(values(ne(a, Value(2.0))) == dv{1, 0, 1});
    CHECK(values(lt(a, tensor({2, 2, 2}))) == dv{1, 0, 0});
    CHECK(values(le(a, i64(2))) == dv{1, 1, 0});
    CHECK(values(gt(Value(2.5), a)) == dv{1, 1, 0});
    CHECK(values(ge(a, Value(2.0))) == dv{0, 1, 1});
}

TEST_CASE("unary functions") {
    Value x = tensor({-1.0, 0.0, 2.0});
    CHECK(values(neg(x)) == dv{1, 0, -2});
    CHECK(values(abs(x)) == dv{1, 0, 2});
    CHECK(values(relu(x)) == dv{0, 0, 2});
    CHECK(values(relu(tensor({-3, 4}))) == dv{0, 4});
    auto e = values(exp(x));
    CHECK(e[0] == doctest::Approx(std::exp(-1.0)).epsilon(1e-6));
    CHECK(values(log(tensor({1.0, 4.0})))[1] == doctest::Approx(std::log(4.0)).epsilon(1e-6));
    CHECK(values(sqrt(tensor({4, 9}))) == dv{2, 3});
    CHECK(values(sin(tensor({0.0})))[0] == 0);
    CHECK(values(cos(tensor({0.0})))[0] == 1);
    CHECK(values(tanh(x))[2] == doctest::Approx(std::tanh(2.0)).epsilon(1e-6));
    CHECK(values(sigmoid(tensor({0})))[0] == 0.5);
    CHECK(std::isnan(values(sqrt(tensor({-1.0})))[0]));
}

TEST_CASE("sum and mean without dim give 0-dim tensors") {
    Value m = tensor({{1, 2, 3}, {4, 5, 6}});
    Value s = sum(m);
    CHECK(shape(s).empty());
    CHECK(dtype_of_value(s) == dtype::int64);
    CHECK(item(s).as_int() == 21);
    CHECK(dtype_of_value(sum(tensor({true, true, false}))) == dtype::int64);
    CHECK(item(sum(tensor({true, true, false}))).as_int() == 2);
    CHECK(item(mean(tensor({1.0, 2.0, 4.0}))).as_float() == doctest::Approx(7.0 / 3).epsilon(1e-6));
    CHECK(item(mean(m, Value(), false, dtype::float64)).as_float() == 3.5);
    CHECK(std::isnan(item(mean(zeros({0}))).as_float()));
    CHECK(item(sum(zeros({0}))).as_float() == 0);
}

TEST_CASE("sum and mean over dims with keepdim") {
    Value m = tensor({{1.0, 2.0, 3.0}, {4.0, 5.0, 6.0}});
    CHECK(values(sum(m, i64(0))) == dv{5, 7, 9});
    CHECK(shape(sum(m, i64(1), true)) == std::vector<std::int64_t>{2, 1});
    CHECK(values(sum(m, i64(-1))) == dv{6, 15});
    CHECK(values(mean(m, i64(0))) == dv{2.5, 3.5, 4.5});
    CHECK(values(sum(m, tuple({i64(0), i64(1)}))) == dv{21});
    CHECK(values(sum(transpose(m, 0, 1), i64(0))) == dv{6, 15});
    CHECK(error_of([&] { sum(m, tuple({i64(0), i64(0)})); }) ==
          "RuntimeError: dim 0 appears multiple times in the list of dims");
}

TEST_CASE("max and min with dim return values and indices") {
    Value m = tensor({{1.0, 7.0, 3.0}, {9.0, 5.0, 9.0}});
    Value r = max(m, 1);
    REQUIRE(r.is<Tuple>());
    CHECK(values((*r.as<Tuple>())[0]) == dv{7, 9});
    CHECK(values((*r.as<Tuple>())[1]) == dv{1, 0});
    CHECK(dtype_of_value((*r.as<Tuple>())[1]) == dtype::int64);
    Value k = min(m, 0, true);
    CHECK(shape((*k.as<Tuple>())[0]) == std::vector<std::int64_t>{1, 3});
    CHECK(values((*k.as<Tuple>())[0]) == dv{1, 5, 3});
    CHECK(values((*k.as<Tuple>())[1]) == dv{0, 1, 0});
    CHECK(item(max(m)).as_float() == 9);
    CHECK(item(min(tensor({3, -2}))).as_int() == -2);
    CHECK(std::isnan(item(max(tensor({1.0, std::nan(""), 3.0}))).as_float()));
    CHECK(values(amax(m, i64(0))) == dv{9, 7, 9});
    CHECK(values(amin(m, tuple({i64(0), i64(1)}))) == dv{1});
    CHECK(values(call_op("max", std::vector<Value>{tensor({1, 5}), tensor({3, 2})})) == dv{3, 5});
}

TEST_CASE("max on empty tensors raises torch's errors") {
    CHECK(error_of([] { max(zeros({0})); }) ==
          "RuntimeError: max(): Expected reduction dim to be specified for input.numel() == 0. Specify the reduction dim "
          "with the 'dim' argument.");
    CHECK(error_of([] { max(zeros({0, 3}), 0); }) == "IndexError: max(): Expected reduction dim 0 to have non-zero size.");
}

TEST_CASE("matmul covers dot, matrix-matrix, vector-matrix and batched products") {
    Value a = tensor({{1.0, 2.0}, {3.0, 4.0}});
    Value v = tensor({1.0, 1.0});
    CHECK(shape(matmul(v, v)).empty());
    CHECK(item(matmul(v, v)).as_float() == 2);
    CHECK(values(matmul(a, a)) == dv{7, 10, 15, 22});
    CHECK(values(matmul(v, a)) == dv{4, 6});
    CHECK(values(matmul(a, v)) == dv{3, 7});
    Value batch = stack({a, mul(a, Value(2.0))});
    Value r = matmul(batch, a);
    CHECK(shape(r) == std::vector<std::int64_t>{2, 2, 2});
    CHECK(values(r) == dv{7, 10, 15, 22, 14, 20, 30, 44});
    CHECK(shape(matmul(ones({2, 1, 2, 3}), ones({3, 3, 2}))) == std::vector<std::int64_t>{2, 3, 2, 2});
    CHECK(values(matmul(tensor({{1, 2}}), tensor({{3}, {4}}))) == dv{11});
    CHECK(values(matmul(transpose(a, 0, 1), v)) == dv{4, 6});
}

TEST_CASE("matmul shape and dtype errors") {
    CHECK(error_of([] { matmul(ones({2, 3}), ones({4, 5})); }) ==
          "RuntimeError: mat1 and mat2 shapes cannot be multiplied (2x3 and 4x5)");
    CHECK(error_of([] { matmul(ones({3}), ones({4})); }) ==
          "RuntimeError: inconsistent tensor size, expected tensor [3] and src [4] to have the same number of elements, "
          "but got 3 and 4 elements respectively");
    CHECK(error_of([] { matmul(ones({2, 3}), ones({3, 2}, dtype::int64)); }) ==
          "RuntimeError: expected scalar type Float but found Long");
    CHECK(error_of([] { matmul(tensor(Value(1.0)), ones({4})); }) ==
          "RuntimeError: both arguments to matmul need to be at least 1D, but they are 0D and 1D");
}

TEST_CASE("softmax normalises along a dimension") {
    Value s = softmax(tensor({{1.0, 2.0}, {3.0, 3.0}}), 1);
    auto v = values(s);
    CHECK(v[0] == doctest::Approx(0.2689414).epsilon(1e-6));
    CHECK(v[1] == doctest::Approx(0.7310586).epsilon(1e-6));
    CHECK(v[2] == doctest::Approx(0.5));
    CHECK(values(softmax(tensor({{0.0}, {0.0}}), 0)) == dv{0.5, 0.5});
    CHECK(error_of([] { softmax(tensor({1, 2}), 0); }) ==
          "RuntimeError: \"softmax_lastdim_kernel_impl\" not implemented for 'Long'");
}

TEST_CASE("cat promotes dtypes and checks sizes") {
    Value r = cat({ones({2}), tensor({1, 2})});
    CHECK(dtype_of_value(r) == dtype::float32);
    CHECK(values(r) == dv{1, 1, 1, 2});
    CHECK(error_of([] { cat({ones({2, 3}), ones({3, 3})}, 1); }) ==
          "RuntimeError: Sizes of tensors must match except in dimension 1. Expected size 2 but got size 3 for tensor "
          "number 1 in the list.");
    CHECK(values(cat({tensor({{1, 2}}), tensor({{3, 4}, {5, 6}})})) == dv{1, 2, 3, 4, 5, 6});
    CHECK(values(cat({tensor({{1}, {2}}), tensor({{3}, {4}})}, 1)) == dv{1, 3, 2, 4});
    CHECK(shape(cat({ones({2, 2}), zeros({0})})) == std::vector<std::int64_t>{2, 2});
    CHECK(error_of([] { cat({}); }) == "RuntimeError: torch.cat(): expected a non-empty list of Tensors");
    CHECK(error_of([] { cat({tensor(Value(1.0))}); }) ==
          "RuntimeError: zero-dimensional tensor (at position 0) cannot be concatenated");
}

TEST_CASE("stack joins along a new dimension") {
    Value r = stack({tensor({1, 2}), tensor({3, 4})}, 1);
    CHECK(shape(r) == std::vector<std::int64_t>{2, 2});
    CHECK(values(r) == dv{1, 3, 2, 4});
    CHECK(error_of([] { stack({ones({2}), ones({3})}); }) ==
          "RuntimeError: stack expects each tensor to be equal size, but got [2] at entry 0 and [3] at entry 1");
}

TEST_CASE("where selects with broadcasting and accepts scalars") {
    Value c = tensor({true, false, true});
    CHECK(values(where(c, tensor({1.0, 2.0, 3.0}), Value(0.0))) == dv{1, 0, 3});
    Value ints = where(c, Value(std::int64_t{1}), Value(std::int64_t{0}));
    CHECK(dtype_of_value(ints) == dtype::int64);
    CHECK(dtype_of_value(where(c, tensor({1, 2, 3}), Value(0.5))) == dtype::float32);
    CHECK(shape(where(tensor({{true}, {false}}), ones({3}), zeros({1}))) == std::vector<std::int64_t>{2, 3});
}

TEST_CASE("tensor() infers bool, int64 or float32 like torch") {
    CHECK(dtype_of_value(tensor({true, false})) == dtype::bool_);
    CHECK(dtype_of_value(tensor({1, 2})) == dtype::int64);
    CHECK(dtype_of_value(tensor(list({Value(std::int64_t{1}), Value(2.0), Value(true)}))) == dtype::float32);
    CHECK(dtype_of_value(tensor(list({Value(true), Value(std::int64_t{2})}))) == dtype::int64);
    CHECK(dtype_of_value(tensor(list({}))) == dtype::float32);
    CHECK(shape(tensor(Value(3.5))).empty());
    CHECK(item(tensor(Value(3.5))).as_float() == 3.5);
    CHECK(dtype_of_value(tensor({1, 2}, dtype::float64)) == dtype::float64);
    CHECK(error_of([] { tensor(list({list({Value(std::int64_t{1}), Value(std::int64_t{2})}), list({Value(std::int64_t{3})})})); }) ==
          "ValueError: expected sequence of length 2 at dim 1 (got 1)");
}

TEST_CASE("factories zeros, ones, full, arange and the _like forms") {
    CHECK(values(zeros({2, 2})) == dv{0, 0, 0, 0});
    CHECK(dtype_of_value(ones({3}, dtype::int64)) == dtype::int64);
    CHECK(dtype_of_value(full({2}, Value(true))) == dtype::bool_);
    CHECK(dtype_of_value(full({2}, Value(std::int64_t{3}))) == dtype::int64);
    CHECK(values(full({2}, Value(1.5), dtype::int64)) == dv{1, 1});
    CHECK(values(arange(i64(5))) == dv{0, 1, 2, 3, 4});
    CHECK(dtype_of_value(arange(i64(5))) == dtype::int64);
    Value f = arange(Value(0.0), Value(1.0), Value(0.25));
    CHECK(dtype_of_value(f) == dtype::float32);
    CHECK(values(f) == dv{0, 0.25, 0.5, 0.75});
    CHECK(values(arange(i64(1), Value(2.5))) == dv{1, 2});
    CHECK(values(arange(i64(5), i64(0), i64(-2))) == dv{5, 3, 1});
    CHECK(error_of([] { arange(i64(0), i64(1), i64(0)); }) == "RuntimeError: step must be nonzero");
    CHECK(error_of([] { arange(i64(1), i64(0)); }) ==
          "RuntimeError: upper bound and larger bound inconsistent with step sign");
    CHECK(error_of([] { zeros({2, -1}); }) == "RuntimeError: Trying to create tensor with negative dimension -1: [2, -1]");
    Value like = zeros_like(tensor({1, 2}));
    CHECK(dtype_of_value(like) == dtype::int64);
    CHECK(values(ones_like(tensor({1.0, 2.0}))) == dv{1, 1});
    CHECK(std::ranges::equal(zeros_like(transpose(ones({2, 3}), 0, 1)).as<Tensor>()->strides(), std::vector<std::int64_t>{1, 3}));
}

TEST_CASE("dtype conversions and copies") {
    Value t = tensor({1.7, -1.7, 0.0});
    CHECK(values(to(t, dtype::int64)) == dv{1, -1, 0});
    CHECK(values(to(t, dtype::bool_)) == dv{1, 1, 0});
    CHECK(to(t, dtype::float32).identical(t));
    CHECK(item(to(tensor(Value(std::nan(""))), dtype::int64)).as_int() == std::numeric_limits<std::int64_t>::min());
    for (auto [name, dt] : {std::pair{"float", dtype::float32}, {"double", dtype::float64}, {"long", dtype::int64}, {"bool", dtype::bool_}}) {
        const Value args[] = {tensor({2})};
        CHECK(dtype_of_value(call_op(name, args)) == dt);
    }
    Value c = clone(t);
    CHECK(c.as<Tensor>()->storage() != t.as<Tensor>()->storage());
    CHECK(values(c) == values(t));
    Value tr = transpose(ones({2, 3}), 0, 1);
    CHECK(std::ranges::equal(clone(tr).as<Tensor>()->strides(), std::vector<std::int64_t>{1, 3}));
    CHECK(contiguous(tr).as<Tensor>()->is_contiguous());
    CHECK(contiguous(t).identical(t));
}

TEST_CASE("item and tolist return Python numbers") {
    CHECK(item(tensor(Value(std::int64_t{5}))).is_int());
    CHECK(item(tensor({true})).is_bool());
    CHECK(item(tensor({2.5})).is_float());
    CHECK(error_of([] { item(ones({2})); }) == "ValueError: only one element tensors can be converted to Python scalars");
    Value l = tolist(tensor({{1, 2}, {3, 4}}));
    REQUIRE(l.is<List>());
    CHECK(l.as<List>()->size() == 2);
    CHECK((*(*l.as<List>())[1].as<List>())[0].as_int() == 3);
    CHECK(tolist(tensor(Value(3.5))).as_float() == 3.5);
}

TEST_CASE("float32 results round like float32 arithmetic and strided inputs add elementwise") {
    Value r = add(tensor({0.1}), tensor({0.2}));
    CHECK(values(r)[0] == static_cast<double>(0.1f + 0.2f));
    // Large contiguous inputs take the block fast path; strided ones the general path.
    Value big = arange(i64(1000));
    Value s = add(reshape(big, {10, 100}), transpose(reshape(big, {100, 10}), 0, 1));
    CHECK(shape(s) == std::vector<std::int64_t>{10, 100});
    auto v = values(s);
    bool all_match = true;
    for (std::int64_t i = 0; i < 10; ++i)
        for (std::int64_t j = 0; j < 100; ++j)
            all_match &= v[static_cast<std::size_t>(i * 100 + j)] == static_cast<double>(i * 100 + j + j * 10 + i);
    CHECK(all_match);
}
