// The narrow dtypes (uint8, int8, int16, int32, float16, bfloat16): c10's
// promotion table, float16/bfloat16 rounding, conversions through the kernel
// dtypes, and ops that compute in the kernel dtype and narrow the result.
#include <standin/runtime/tensor.hpp>

#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>
#include "test_support.hpp"

using namespace standin;
using standin::testing::error_of;

namespace {

Value call(std::string_view name, std::vector<Value> args) {
    const OpDef* op = find_op(name);
    REQUIRE(op);
    auto bound = bind_args(*op, args);
    return op->kernel(bound);
}

Value of(std::vector<Value> items, dtype dt) {
    return call("tensor", {list(std::move(items)), dtype_value(dt)});
}

std::vector<Value> values(const Value& t) {
    Value l = call("tolist", {t});
    auto* list_value = l.as<List>();
    return {list_value->items().begin(), list_value->items().end()};
}

Value I(std::int64_t v) { return Value(v); }
Value F(double v) { return Value(v); }

}  // namespace

TEST_CASE("promote_types is c10's table over all ten dtypes") {
    using enum dtype;
    const dtype order[] = {bool_, int64, float32, float64, uint8, int8, int16, int32, float16, bfloat16};
    // torch.promote_types in PyTorch 1.13, rows and columns in `order`.
    const dtype expected[10][10] = {
        {bool_, int64, float32, float64, uint8, int8, int16, int32, float16, bfloat16},
        {int64, int64, float32, float64, int64, int64, int64, int64, float16, bfloat16},
        {float32, float32, float32, float64, float32, float32, float32, float32, float32, float32},
        {float64, float64, float64, float64, float64, float64, float64, float64, float64, float64},
        {uint8, int64, float32, float64, uint8, int16, int16, int32, float16, bfloat16},
        {int8, int64, float32, float64, int16, int8, int16, int32, float16, bfloat16},
        {int16, int64, float32, float64, int16, int16, int16, int32, float16, bfloat16},
        {int32, int64, float32, float64, int32, int32, int32, int32, float16, bfloat16},
        {float16, float16, float32, float64, float16, float16, float16, float16, float16, float32},
        {bfloat16, bfloat16, float32, float64, bfloat16, bfloat16, bfloat16, bfloat16, float32, bfloat16},
    };
    for (std::size_t a = 0; a < 10; ++a)
        for (std::size_t b = 0; b < 10; ++b) {
            CAPTURE(dtype_name(order[a]));
            CAPTURE(dtype_name(order[b]));
            CHECK(promote_types(order[a], order[b]) == expected[a][b]);
        }
}

TEST_CASE("float16 and bfloat16 round to nearest even, as torch's .half() and .bfloat16() do") {
    // (value, torch's float16 bits, torch's bfloat16 bits), from PyTorch 1.13.
    struct Case {
        double value;
        std::uint16_t half, bf16;
    };
    const Case cases[] = {{0.1, 11878, 15821},   {1.0 / 3, 13653, 16043}, {65504.0, 31743, 18304}, {65519.0, 31743, 18304},
                          {65520.0, 31744, 18304}, {1e-05, 168, 14120},    {6e-08, 1, 13185},      {2.98e-08, 0, 13056},
                          {3e-08, 1, 13057},       {-0.0, 32768, 32768},   {1e-08, 0, 12844},      {5.96e-08, 1, 13184}};
    for (const Case& c : cases) {
        CAPTURE(c.value);
        const auto f = static_cast<float>(c.value);
        CHECK(float_to_half(f) == c.half);
        CHECK(float_to_bfloat16(f) == c.bf16);
    }
    // Every finite half survives float and back; NaN stays NaN.
    for (std::uint32_t bits = 0; bits < 0x10000u; ++bits) {
        const auto h = static_cast<std::uint16_t>(bits);
        const float f = half_to_float(h);
        if (std::isnan(f)) {
            CHECK(std::isnan(half_to_float(float_to_half(f))));
            continue;
        }
        if (float_to_half(f) != h) FAIL("half " << bits << " does not round-trip");
    }
    CHECK(std::isnan(bfloat16_to_float(float_to_bfloat16(std::nanf("")))));
}

TEST_CASE("narrow tensors are stored in their own width and print their values back") {
    Value a = of({I(1), I(-2), I(300)}, dtype::int16);
    CHECK(a.as<Tensor>()->dtype() == dtype::int16);
    CHECK(a.as<Tensor>()->storage()->nbytes() == 6);
    auto v = values(a);
    CHECK(v[2].as_int() == 300);
    Value u = of({I(-1), I(256), I(255)}, dtype::uint8);  // wraps, as torch.tensor(..., dtype=torch.uint8)
    v = values(u);
    CHECK(v[0].as_int() == 255);
    CHECK(v[1].as_int() == 0);
    Value h = of({F(0.1), F(70000.0)}, dtype::float16);
    v = values(h);
    CHECK(v[0].as_float() == doctest::Approx(0.0999755859375));
    CHECK(std::isinf(v[1].as_float()));
}

TEST_CASE("narrow arithmetic computes in the kernel dtype and keeps torch's result dtype") {
    Value a = of({I(100), I(-100), I(27)}, dtype::int8);
    Value s = call("add", {a, a});
    CHECK(s.as<Tensor>()->dtype() == dtype::int8);
    auto v = values(s);
    CHECK(v[0].as_int() == -56);  // 200 wraps in int8
    CHECK(v[1].as_int() == 56);
    // int8 + uint8 promotes to int16; a Python int never widens an integer tensor.
    Value u = of({I(200), I(1), I(2)}, dtype::uint8);
    CHECK(call("add", {a, u}).as<Tensor>()->dtype() == dtype::int16);
    CHECK(call("mul", {u, I(1000)}).as<Tensor>()->dtype() == dtype::uint8);
    // A scalar meets a uint8 tensor in uint8: -1 is 255.
    v = values(call("gt", {u, I(-1)}));
    CHECK_FALSE(v[0].as_bool());
    // True division and exp give the default float; sum of integers gives int64.
    CHECK(call("div", {a, I(2)}).as<Tensor>()->dtype() == dtype::float32);
    CHECK(call("sum", {a}).as<Tensor>()->dtype() == dtype::int64);
    CHECK(call("sum", {a}).as<Tensor>()->dtype() == dtype::int64);
    CHECK(call("amax", {a, I(0)}).as<Tensor>()->dtype() == dtype::int8);
    // float16 stays float16 and rounds after the op.
    Value h = of({F(0.1), F(0.2)}, dtype::float16);
    Value hs = call("add", {h, h});
    CHECK(hs.as<Tensor>()->dtype() == dtype::float16);
    CHECK(values(hs)[0].as_float() == doctest::Approx(0.199951171875));
    CHECK(call("mean", {h}).as<Tensor>()->dtype() == dtype::float16);
    CHECK(call("add", {h, of({F(1.0)}, dtype::bfloat16)}).as<Tensor>()->dtype() == dtype::float32);
}

TEST_CASE("writes into narrow tensors go through views, converting") {
    Value z = call("zeros", {tuple({I(2), I(2)}), dtype_value(dtype::int32)});
    Value row = call("select", {z, I(0), I(1)});  // z[1], a view
    call("add_", {row, I(5)});
    call("fill_", {call("select", {z, I(1), I(0)}), F(7.9)});  // z[:, 0] = 7.9 truncates
    auto v = values(call("reshape", {z, tuple({I(-1)})}));
    CHECK(v[0].as_int() == 7);
    CHECK(v[1].as_int() == 0);
    CHECK(v[2].as_int() == 7);
    CHECK(v[3].as_int() == 5);
    CHECK(error_of([&] { call("add_", {row, F(2.5)}); }) ==
          "RuntimeError: result type Float can't be cast to the desired output type Int");
    // copy_ from float converts, as torch does; float -> int32 out of range is INT32_MIN (x86).
    Value f = of({F(3e9), F(-2.5)}, dtype::float32);
    Value dst = call("zeros", {tuple({I(2)}), dtype_value(dtype::int32)});
    call("copy_", {dst, f});
    v = values(dst);
    CHECK(v[0].as_int() == -2147483648LL);
    CHECK(v[1].as_int() == -2);
}

TEST_CASE("ops without a narrow kernel in torch 1.13 raise its message") {
    Value h = of({F(1.0), F(2.0)}, dtype::float16);
    CHECK(error_of([&] { call("exp", {h}); }) == "RuntimeError: \"exp_vml_cpu\" not implemented for 'Half'");
    CHECK(error_of([&] { call("prod", {h}); }) == "RuntimeError: \"prod_cpu\" not implemented for 'Half'");
    CHECK(error_of([&] { call("matmul", {h, h}); }) == "RuntimeError: \"dot\" not implemented for 'Half'");
    Value i = of({I(1), I(2)}, dtype::int32);
    CHECK(error_of([&] { call("softmax", {i, I(0)}); }) ==
          "RuntimeError: \"softmax_lastdim_kernel_impl\" not implemented for 'Int'");
    CHECK(error_of([&] { call("mean", {i}); }) ==
          "RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex "
          "dtype. Got: Int");
    // bfloat16 has the kernels float16 lacks.
    CHECK(call("exp", {of({F(0.0)}, dtype::bfloat16)}).as<Tensor>()->dtype() == dtype::bfloat16);
}
