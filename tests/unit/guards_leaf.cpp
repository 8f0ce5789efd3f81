// Every leaf guard kind: a passing and a failing case, and how it prints.
#include "guard_fixture.hpp"

#include <doctest/doctest.h>

using namespace standin;
using namespace standin::testing;

namespace {
std::string code_of(const LeafGuard& g, const char* name = "L['x']") {
    return std::string(leaf_kind_name(g)) + ": " + leaf_code(g, name);
}
}  // namespace

TEST_CASE("TYPE_MATCH compares the class of instances and the kind of other values") {
    auto a = make_class("A"), b = make_class("B");
    LeafGuard g = TypeMatch{type_id(Value(make_instance(a))), "A"};
    CHECK(check_leaf(g, Value(make_instance(a))));
    CHECK_FALSE(check_leaf(g, Value(make_instance(b))));
    CHECK_FALSE(check_leaf(g, Value(1)));
    LeafGuard i = TypeMatch{type_id(Value(1)), "int"};
    CHECK(check_leaf(i, Value(7)));
    CHECK_FALSE(check_leaf(i, Value(true)));
    CHECK_FALSE(check_leaf(i, Value(7.0)));
    CHECK(code_of(g) == "TYPE_MATCH: ___check_type_id(L['x'], A)");
}

TEST_CASE("ID_MATCH passes only for the very same object") {
    Value obj = list({Value(1)});
    LeafGuard g = IdMatch{obj};
    CHECK(check_leaf(g, obj));
    CHECK_FALSE(check_leaf(g, list({Value(1)})));
    CHECK(code_of(g).starts_with("ID_MATCH: ___check_obj_id(L['x'], "));
}

TEST_CASE("EQUALS_MATCH needs the same type and an equal value") {
    LeafGuard g = EqualsMatch{Value(2)};
    CHECK(check_leaf(g, Value(2)));
    CHECK_FALSE(check_leaf(g, Value(3)));
    CHECK_FALSE(check_leaf(g, Value(2.0)));  // 2 == 2.0, but the graph baked an int
    CHECK_FALSE(check_leaf(g, Value(true)));
    LeafGuard s = EqualsMatch{str("relu")};
    CHECK(check_leaf(s, str("relu")));
    CHECK_FALSE(check_leaf(s, str("tanh")));
    LeafGuard t = EqualsMatch{tuple({Value(1), str("a")})};
    CHECK(check_leaf(t, tuple({Value(1), str("a")})));
    CHECK_FALSE(check_leaf(t, tuple({Value(1), str("b")})));
    LeafGuard nan = EqualsMatch{Value(std::nan(""))};
    CHECK(check_leaf(nan, Value(std::nan(""))));  // the same NaN bits do not force a recompile
    CHECK(code_of(g, "G['cfg'].scale") == "EQUALS_MATCH: G['cfg'].scale == 2");
    CHECK(code_of(s) == "EQUALS_MATCH: L['x'] == 'relu'");
}

TEST_CASE("CONSTANT_MATCH, BOOL_MATCH, NONE_MATCH and NOT_NONE") {
    LeafGuard c = ConstantMatch{Value(1.5)};
    CHECK(check_leaf(c, Value(1.5)));
    CHECK_FALSE(check_leaf(c, Value(2.5)));
    CHECK(code_of(c) == "CONSTANT_MATCH: L['x'] == 1.5");
    LeafGuard b = BoolMatch{true};
    CHECK(check_leaf(b, Value(true)));
    CHECK_FALSE(check_leaf(b, Value(false)));
    CHECK_FALSE(check_leaf(b, Value(1)));
    CHECK(code_of(b) == "BOOL_MATCH: L['x'] == True");
    LeafGuard n = NoneMatch{};
    CHECK(check_leaf(n, Value()));
    CHECK_FALSE(check_leaf(n, Value(0)));
    CHECK(code_of(n) == "NONE_MATCH: L['x'] is None");
    LeafGuard nn = NotNone{};
    CHECK(check_leaf(nn, Value(0)));
    CHECK_FALSE(check_leaf(nn, Value()));
    CHECK(code_of(nn) == "NOT_NONE: L['x'] is not None");
}

TEST_CASE("TENSOR_MATCH compares dtype, requires_grad, rank, sizes and strides") {
    LeafGuard g = TensorMatch{dtype::float32, false, {2, 3}, {3, 1}};
    CHECK(check_leaf(g, float_tensor({2, 3})));
    CHECK_FALSE(check_leaf(g, float_tensor({3, 2})));
    CHECK_FALSE(check_leaf(g, float_tensor({2, 3, 1})));
    CHECK_FALSE(check_leaf(g, zeros({2, 3}, dtype::int64)));
    CHECK_FALSE(check_leaf(g, Value(1.0)));
    Value t = float_tensor({3, 2});
    Value transposed = transpose(t, 0, 1);
    CHECK_FALSE(check_leaf(g, transposed));  // same sizes, strides (1, 2)
    Value grad = float_tensor({2, 3});
    grad.as<Tensor>()->set_requires_grad(true);
    CHECK_FALSE(check_leaf(g, grad));
    CHECK(code_of(g) ==
          "TENSOR_MATCH: check_tensor(L['x'], Tensor, torch.float32, device=cpu, requires_grad=False, size=[2, 3], "
          "stride=[3, 1])");
}

TEST_CASE("TENSOR_MATCH explains the first mismatch in Dynamo's words") {
    LeafGuard g = TensorMatch{dtype::float32, false, {4}, {1}};
    CHECK(leaf_failure(g, "L['x']", float_tensor({5})) ==
          "tensor 'L['x']' size mismatch at index 0. expected 4, actual 5");
    CHECK(leaf_failure(g, "L['x']", zeros({4}, dtype::int64)) ==
          "tensor 'L['x']' dtype mismatch. expected Float, actual Long");
    CHECK(leaf_failure(g, "L['x']", float_tensor({4, 1})) == "tensor 'L['x']' rank mismatch. expected 1, actual 2");
    Value grad = float_tensor({4});
    grad.as<Tensor>()->set_requires_grad(true);
    CHECK(leaf_failure(g, "L['x']", grad) == "tensor 'L['x']' requires_grad mismatch. expected requires_grad=0");
    LeafGuard s = TensorMatch{dtype::float32, false, {2, 2}, {2, 1}};
    CHECK(leaf_failure(s, "L['x']", transpose(float_tensor({2, 2}), 0, 1)) ==
          "tensor 'L['x']' stride mismatch at index 0. expected 2, actual 1");
    CHECK(leaf_failure(g, "L['x']", Value(3)) == "expected type of 'L['x']' to be a tensor type, but found int");
}

TEST_CASE("SEQUENCE_LENGTH, DICT_LENGTH and DICT_KEYS_MATCH") {
    LeafGuard len = SequenceLength{3};
    CHECK(check_leaf(len, list({Value(1), Value(2), Value(3)})));
    CHECK(check_leaf(len, tuple({Value(1), Value(2), Value(3)})));
    CHECK_FALSE(check_leaf(len, list({Value(1)})));
    CHECK_FALSE(check_leaf(len, Value(3)));
    CHECK(code_of(len, "L['xs']") == "SEQUENCE_LENGTH: len(L['xs']) == 3");
    auto d = make_ref<Dict>();
    d->set(str("a"), Value(1));
    d->set(str("b"), Value(2));
    LeafGuard dl = DictLength{2};
    CHECK(check_leaf(dl, Value(d)));
    LeafGuard keys = DictKeysMatch{{str("a"), str("b")}};
    CHECK(check_leaf(keys, Value(d)));
    CHECK(code_of(keys, "L['d']") == "DICT_KEYS_MATCH: list(L['d'].keys()) == ['a', 'b']");
    auto reordered = make_ref<Dict>();
    reordered->set(str("b"), Value(2));
    reordered->set(str("a"), Value(1));
    CHECK_FALSE(check_leaf(keys, Value(reordered)));
    d->set(str("c"), Value(3));
    CHECK_FALSE(check_leaf(dl, Value(d)));
    CHECK_FALSE(check_leaf(keys, Value(d)));
    // Keys hashed by identity must be the same objects; constants compare by value.
    auto cls = make_class("K");
    auto a = make_instance(cls, {}), b = make_instance(cls, {});
    auto by_id = make_ref<Dict>();
    by_id->set(Value(a), Value(1));
    by_id->set(str("k"), Value(2));
    LeafGuard same_objects = DictKeysMatch{{Value(a), str("k")}, {true, false}};
    CHECK(check_leaf(same_objects, Value(by_id)));
    LeafGuard other_object = DictKeysMatch{{Value(b), str("k")}, {true, false}};
    CHECK_FALSE(check_leaf(other_object, Value(by_id)));
}

TEST_CASE("HASATTR and NO_HASATTR look at the instance and its class") {
    auto cls = make_class("C");
    auto obj = make_instance(cls, {{"x", Value(1)}});
    LeafGuard has = HasAttr{intern("x")};
    LeafGuard has_y = HasAttr{intern("y")};
    LeafGuard no_y = NoHasAttr{intern("y")};
    CHECK(check_leaf(has, Value(obj)));
    CHECK_FALSE(check_leaf(has_y, Value(obj)));
    CHECK(check_leaf(no_y, Value(obj)));
    cls->dict()->set(intern("y"), Value(2));  // a class attribute counts
    CHECK(check_leaf(has_y, Value(obj)));
    CHECK_FALSE(check_leaf(no_y, Value(obj)));
    CHECK(code_of(no_y, "L['o']") == "NO_HASATTR: hasattr(L['o'], 'y') == False");
}

TEST_CASE("FUNCTION_MATCH, CLOSURE_MATCH and NN_MODULE") {
    auto globals = make_ref<Dict>();
    Value code = str("code object stand-in");
    auto f = make_ref<Function>(code, globals, intern("f"), intern("f"));
    auto g = make_ref<Function>(code, globals, intern("f"), intern("f"));
    LeafGuard fm = FunctionMatch{Value(f)};
    CHECK(check_leaf(fm, Value(f)));
    CHECK_FALSE(check_leaf(fm, Value(g)));
    LeafGuard cm = ClosureMatch{code};
    CHECK(check_leaf(cm, Value(g)));  // a closure rebuilt from the same code passes
    g->set_code(str("other code"));
    CHECK_FALSE(check_leaf(cm, Value(g)));
    auto module = make_instance(make_class("Linear"));
    LeafGuard nm = NNModuleMatch{Value(module)};
    CHECK(check_leaf(nm, Value(module)));
    CHECK_FALSE(check_leaf(nm, Value(make_instance(make_class("Linear")))));
    CHECK(code_of(cm, "L['fn']").starts_with("CLOSURE_MATCH: ___check_obj_id(L['fn'].__code__, "));
}

TEST_CASE("DICT_VERSION fails after any mutation of the dict") {
    auto d = make_ref<Dict>();
    d->set(str("a"), Value(1));
    LeafGuard g = DictVersion{d->version()};
    CHECK(check_leaf(g, Value(d)));
    d->set(str("a"), Value(1));  // even storing the same value again
    CHECK_FALSE(check_leaf(g, Value(d)));
}

TEST_CASE("only leaves decided by identity and version are skipped by the shortcut") {
    CHECK(leaf_depends_only_on_version(EqualsMatch{Value(2)}));
    CHECK(leaf_depends_only_on_version(EqualsMatch{interned("relu")}));
    CHECK_FALSE(leaf_depends_only_on_version(EqualsMatch{list({})}));
    CHECK_FALSE(leaf_depends_only_on_version(HasAttr{intern("x")}));
    CHECK(leaf_depends_only_on_version(TensorMatch{dtype::float32, false, {1}, {1}}));
}
