// Views share storage with their base (writes through one show in the
// other); view/reshape/transpose/permute/unsqueeze/squeeze/slice/select/
// expand/getitem metadata and errors; in-place ops and the versions they bump;
// fake tensors.
#include <standin/runtime/tensor.hpp>

#include <doctest/doctest.h>

#include <string>
#include <vector>
#include "test_support.hpp"

namespace {

using namespace standin;
using standin::testing::error_of;

Value i64(std::int64_t v) { return Value(v); }

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

using iv = std::vector<std::int64_t>;
using dv = std::vector<double>;

iv shape(const Value& t) {
    auto s = t.as<Tensor>()->sizes();
    return {s.begin(), s.end()};
}
iv strides(const Value& t) {
    auto s = t.as<Tensor>()->strides();
    return {s.begin(), s.end()};
}


}  // namespace

TEST_CASE("tensor attributes: shape, strides, dim, numel, dtype, contiguity") {
    Value t = zeros({2, 3, 4});
    auto* x = t.as<Tensor>();
    CHECK(shape(t) == iv{2, 3, 4});
    CHECK(strides(t) == iv{12, 4, 1});
    CHECK(x->dim() == 3);
    CHECK(x->numel() == 24);
    CHECK(x->size(-1) == 4);
    CHECK(x->dtype() == dtype::float32);
    CHECK(dtype_name(x->dtype()) == "torch.float32");
    CHECK(dtype_name(dtype::int64) == "torch.int64");
    CHECK(element_size(dtype::float64) == 8);
    CHECK(x->device() == "cpu");
    CHECK(x->is_contiguous());
    CHECK_FALSE(x->is_fake());
    CHECK(error_of([&] { x->size(3); }) == "IndexError: Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST_CASE("a write through a view shows in its base") {
    Value base = zeros({2, 3});
    Value row = select(base, 0, 1);
    fill_(row, Value(5.0));
    CHECK(values(base) == dv{0, 0, 0, 5, 5, 5});
    Value col = slice(base, 1, i64(0), i64(3), 2);
    add_(col, Value(1.0));
    CHECK(values(base) == dv{1, 0, 1, 6, 5, 6});
    Value tr = transpose(base, 0, 1);
    CHECK(tr.as<Tensor>()->storage() == base.as<Tensor>()->storage());
    copy_(select(tr, 0, 1), tensor({7.0, 8.0}));
    CHECK(values(base) == dv{1, 7, 1, 6, 8, 6});
}

TEST_CASE("view infers -1 and fails on incompatible strides where reshape copies") {
    Value t = arange(i64(6));
    Value v = view(t, {2, -1});
    CHECK(shape(v) == iv{2, 3});
    CHECK(v.as<Tensor>()->storage() == t.as<Tensor>()->storage());
    Value tr = transpose(v, 0, 1);
    CHECK(error_of([&] { view(tr, {6}); }) ==
          "RuntimeError: view size is not compatible with input tensor's size and stride (at least one dimension spans "
          "across two contiguous subspaces). Use .reshape(...) instead.");
    Value r = reshape(tr, {6});
    CHECK(r.as<Tensor>()->storage() != t.as<Tensor>()->storage());
    CHECK(values(r) == dv{0, 3, 1, 4, 2, 5});
    CHECK(reshape(v, {3, 2}).as<Tensor>()->storage() == t.as<Tensor>()->storage());
    CHECK(error_of([&] { view(t, {4, 2}); }) == "RuntimeError: shape '[4, 2]' is invalid for input of size 6");
    CHECK(error_of([&] { view(t, {-1, -1}); }) == "RuntimeError: only one dimension can be inferred");
    // A view that merges dimensions of a sliced tensor where strides allow it.
    Value s = slice(reshape(arange(i64(12)), {2, 6}), 1, i64(0), i64(4));
    CHECK(shape(view(s, {2, 2, 2})) == iv{2, 2, 2});
}

TEST_CASE("transpose, t and permute swap sizes and strides") {
    Value t = zeros({2, 3, 4});
    CHECK(strides(transpose(t, 0, 2)) == iv{1, 4, 12});
    Value p = permute(t, {2, 0, 1});
    CHECK(shape(p) == iv{4, 2, 3});
    CHECK(strides(p) == iv{1, 12, 4});
    CHECK_FALSE(p.as<Tensor>()->is_contiguous());
    const Value targs[] = {ones({2, 3})};
    CHECK(shape(call_op("t", targs)) == iv{3, 2});
    const Value t3[] = {t};
    CHECK(error_of([&] { call_op("t", t3); }) == "RuntimeError: t() expects a tensor with <= 2 dimensions, but self is 3D");
    CHECK(error_of([&] { permute(t, {0, 0, 1}); }) == "RuntimeError: permute(): duplicate dims are not allowed.");
    CHECK(error_of([&] { permute(t, {0, 1}); }).starts_with("RuntimeError: permute(sparse_coo): number of dimensions"));
}

TEST_CASE("unsqueeze and squeeze") {
    Value t = zeros({2, 3});
    CHECK(shape(unsqueeze(t, 0)) == iv{1, 2, 3});
    CHECK(shape(unsqueeze(t, -1)) == iv{2, 3, 1});
    CHECK(strides(unsqueeze(t, 2)) == iv{3, 1, 1});
    CHECK(shape(squeeze(zeros({1, 3, 1}))) == iv{3});
    CHECK(shape(squeeze(zeros({1, 3, 1}), 2)) == iv{1, 3});
    CHECK(shape(squeeze(t, 0)) == iv{2, 3});
    CHECK(error_of([&] { unsqueeze(t, 3); }) == "IndexError: Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

TEST_CASE("slicing with steps and integer indexing") {
    Value t = arange(i64(10));
    Value s = slice(t, 0, i64(1), i64(8), 3);
    CHECK(values(s) == dv{1, 4, 7});
    CHECK(strides(s) == iv{3});
    CHECK(s.as<Tensor>()->storage_offset() == 1);
    CHECK(values(slice(t, 0, i64(-3), Value(), 1)) == dv{7, 8, 9});
    CHECK(values(slice(t, 0, i64(20), Value(), 1)).empty());
    CHECK(item(select(t, 0, -1)).as_int() == 9);
    CHECK(error_of([&] { select(ones({3}), 0, 5); }) ==
          "IndexError: select(): index 5 out of range for tensor of size [3] at dimension 0");
    CHECK(error_of([&] { slice(t, 0, Value(), Value(), 0); }) == "ValueError: step must be greater than zero");
}

TEST_CASE("getitem applies ints, slices and None as views") {
    Value m = reshape(arange(i64(12)), {3, 4});
    const Value row[] = {m, i64(1)};
    CHECK(values(call_op("getitem", row)) == dv{4, 5, 6, 7});
    const Value mixed[] = {m, tuple({make_value<Slice>(Value(), Value(), i64(2)), i64(-1)})};
    Value r = call_op("getitem", mixed);
    CHECK(values(r) == dv{3, 11});
    CHECK(r.as<Tensor>()->storage() == m.as<Tensor>()->storage());
    const Value none[] = {m, tuple({Value(), i64(0)})};
    CHECK(shape(call_op("getitem", none)) == iv{1, 4});
    const Value oob[] = {m, i64(3)};
    CHECK(error_of([&] { call_op("getitem", oob); }) == "IndexError: index 3 is out of bounds for dimension 0 with size 3");
    const Value neg[] = {m, make_value<Slice>(Value(), Value(), i64(-1))};
    CHECK(error_of([&] { call_op("getitem", neg); }) == "ValueError: step must be greater than zero");
    const Value many[] = {m, tuple({i64(0), i64(0), i64(0)})};
    CHECK(error_of([&] { call_op("getitem", many); }) == "IndexError: too many indices for tensor of dimension 2");
}

TEST_CASE("expand broadcasts with zero strides") {
    Value t = tensor({{1}, {2}});
    Value e = expand(t, {2, 3});
    CHECK(shape(e) == iv{2, 3});
    CHECK(strides(e) == iv{1, 0});
    CHECK(values(e) == dv{1, 1, 1, 2, 2, 2});
    CHECK(shape(expand(t, {4, -1, 3})) == iv{4, 2, 3});
    CHECK(error_of([] { expand(ones({2, 3}), {2, 4}); }) ==
          "RuntimeError: The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension "
          "1.  Target sizes: [2, 4].  Tensor sizes: [2, 3]");
    CHECK(error_of([&] { add_(e, Value(1)); }).starts_with("RuntimeError: unsupported operation: more than one element"));
}

TEST_CASE("in-place ops write self, return it and bump its version") {
    Value t = tensor({1.0, 2.0});
    auto* x = t.as<Tensor>();
    auto v0 = x->version(), d0 = x->data_version();
    Value r = add_(t, Value(1.0));
    CHECK(r.identical(t));
    CHECK(values(t) == dv{2, 3});
    CHECK(x->version() != v0);
    CHECK(x->data_version() != d0);
    auto step = [&](auto&& f) {
        auto before = x->version();
        f();
        return x->version() != before;
    };
    CHECK(step([&] { sub_(t, tensor({1.0, 1.0})); }));
    CHECK(step([&] { mul_(t, Value(3.0)); }));
    CHECK(step([&] { div_(t, Value(2.0)); }));
    CHECK(values(t) == dv{1.5, 3});
    CHECK(step([&] { relu_(neg(t)).identical(t) ? void() : (void)relu_(t); }));
    CHECK(step([&] { zero_(t); }));
    CHECK(values(t) == dv{0, 0});
    CHECK(step([&] { fill_(t, tensor(Value(std::int64_t{4}))); }));
    CHECK(values(t) == dv{4, 4});
    CHECK(step([&] { copy_(t, tensor({true, false})); }));
    CHECK(values(t) == dv{1, 0});
    CHECK(step([&] { x->set_requires_grad(true); }));
    CHECK(x->requires_grad());
}

TEST_CASE("a write through a view changes the data version every view shares") {
    Value base = zeros({4});
    Value part = slice(base, 0, i64(0), i64(2));
    auto before = base.as<Tensor>()->data_version();
    add_(part, Value(1.0));
    CHECK(base.as<Tensor>()->data_version() != before);
    CHECK(base.as<Tensor>()->data_version() == part.as<Tensor>()->data_version());
}

TEST_CASE("in-place ops check dtype casts and shapes") {
    CHECK(error_of([] { mul_(tensor({1, 2}), Value(1.5)); }) ==
          "RuntimeError: result type Float can't be cast to the desired output type Long");
    CHECK(error_of([] { add_(tensor({true}), tensor({1})); }) ==
          "RuntimeError: result type Long can't be cast to the desired output type Bool");
    CHECK(error_of([] { div_(zeros({2}, dtype::int64), i64(2)); }) ==
          "RuntimeError: result type Float can't be cast to the desired output type Long");
    CHECK(error_of([] { add_(tensor({1, 2}), ones({2, 2}, dtype::int64)); }) ==
          "RuntimeError: output with shape [2] doesn't match the broadcast shape [2, 2]");
    CHECK(error_of([] { fill_(ones({3}), ones({2})); }) ==
          "RuntimeError: fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.");
    // int64 += float64 tensor is rejected, float64 += int64 accepted.
    Value d = tensor({1.0}, dtype::float64);
    add_(d, tensor({2}));
    CHECK(values(d) == dv{3});
}

TEST_CASE("in-place ops with an operand overlapping in part: torch's error when both are dense, else read first") {
    // Both views are dense blocks of one storage that overlap in part: torch refuses.
    Value m = reshape(arange(Value(0.0), Value(4.0)), {2, 2});
    CHECK(error_of([&] { add_(m, transpose(m, 0, 1)); })
              .starts_with("RuntimeError: unsupported operation: some elements of the input tensor and the written-to tensor"));
    CHECK(values(m) == dv{0, 1, 2, 3});
    Value v = arange(Value(0.0), Value(4.0));
    CHECK(error_of([&] { copy_(slice(v, 0, i64(1), i64(4), 1), slice(v, 0, i64(0), i64(3), 1)); })
              .starts_with("RuntimeError: unsupported operation"));
    // The same storage exactly (x.add_(x)) is fine.
    add_(v, v);
    CHECK(values(v) == dv{0, 2, 4, 6});
    // Columns of a matrix are not dense: the operand is read before writing.
    Value w = reshape(arange(Value(0.0), Value(6.0)), {2, 3});
    add_(slice(w, 1, i64(1), i64(3), 1), slice(w, 1, i64(0), i64(2), 1));
    CHECK(values(w) == dv{0, 1, 3, 3, 7, 9});
}

TEST_CASE("fake tensors carry metadata without data") {
    auto fake = make_tensor(dtype::float64, std::vector<std::int64_t>{2, 3}, /*fake=*/true);
    CHECK(fake->is_fake());
    CHECK(fake->data() == nullptr);
    Value f = fake;
    Value r = add(f, Value(1));
    CHECK(r.as<Tensor>()->is_fake());
    CHECK(r.as<Tensor>()->dtype() == dtype::float64);
    Value v = transpose(f, 0, 1);
    CHECK(v.as<Tensor>()->is_fake());
    CHECK(v.as<Tensor>()->storage() == fake->storage());
    const Value args[] = {f};
    CHECK(error_of([&] { find_op("item")->kernel(std::span<const Value>(args)); }).starts_with("ValueError"));
    CHECK((find_op("item")->meta == nullptr));
}

TEST_CASE("requires_grad_ is a metadata change and needs a float tensor") {
    Value t = ones({2});
    auto before = t.as<Tensor>()->version();
    const Value args[] = {t};
    call_op("requires_grad_", args);
    CHECK(t.as<Tensor>()->requires_grad());
    CHECK(t.as<Tensor>()->version() != before);
    CHECK(transpose(unsqueeze(t, 0), 0, 1).as<Tensor>()->requires_grad());
    const Value ints[] = {tensor({1})};
    CHECK(error_of([&] { call_op("requires_grad_", ints); }) ==
          "RuntimeError: only Tensors of floating point dtype can require gradients");
}

TEST_CASE("dtype objects are unique and name their dtype") {
    CHECK(dtype_value(dtype::int64).identical(dtype_value(dtype::int64)));
    REQUIRE(as_dtype_object(dtype_value(dtype::bool_)));
    CHECK(as_dtype_object(dtype_value(dtype::bool_))->value() == dtype::bool_);
    CHECK(as_dtype_object(Value(1.0)) == nullptr);
}
