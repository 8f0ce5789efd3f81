// Tuple, list, dict, range and slice: contents, CPython's index rules and
// messages, hashing.
#include <standin/runtime.hpp>

#include <doctest/doctest.h>
#include "test_support.hpp"

using namespace standin;
using standin::testing::error_of;

TEST_CASE("list indexing follows Python, with CPython's messages") {
    auto l = make_ref<List>(std::vector<Value>{Value(1), Value(2), Value(3)});
    CHECK(l->at(0).as_int() == 1);
    CHECK(l->at(-1).as_int() == 3);
    CHECK(error_of([&] { l->at(3); }) == "IndexError: list index out of range");
    CHECK(error_of([&] { l->at(-4); }) == "IndexError: list index out of range");
    CHECK(error_of([&] { l->set(5, Value()); }) == "IndexError: list assignment index out of range");
    CHECK(l->pop().as_int() == 3);
    CHECK(l->pop(0).as_int() == 1);
    CHECK(error_of([&] { l->pop(4); }) == "IndexError: pop index out of range");
    l->clear();
    CHECK(error_of([&] { l->pop(); }) == "IndexError: pop from empty list");
}

TEST_CASE("list insert clamps its index like CPython") {
    auto l = make_ref<List>(std::vector<Value>{Value(1), Value(2)});
    l->insert(100, Value(9));
    l->insert(-100, Value(0));
    l->insert(-1, Value(5));
    CHECK(repr(Value(l)) == "[0, 1, 2, 5, 9]");
}

TEST_CASE("dict keeps insertion order across overwrite, delete and re-insert") {
    auto d = make_ref<Dict>();
    d->set(str("a"), Value(1));
    d->set(str("b"), Value(2));
    d->set(str("c"), Value(3));
    d->set(str("a"), Value(10));
    CHECK(repr(Value(d)) == "{'a': 10, 'b': 2, 'c': 3}");
    CHECK(d->erase(str("b")).has_value());
    CHECK_FALSE(d->erase(str("zz")).has_value());
    d->set(str("b"), Value(4));
    CHECK(repr(Value(d)) == "{'a': 10, 'c': 3, 'b': 4}");
    CHECK(d->size() == 3);
}

TEST_CASE("dict treats 1, 1.0 and True as one key") {
    auto d = make_ref<Dict>();
    d->set(Value(1), str("int"));
    d->set(Value(1.0), str("float"));
    d->set(Value(true), str("bool"));
    CHECK(d->size() == 1);
    CHECK(repr(Value(d)) == "{1: 'bool'}");
}

TEST_CASE("dict finds interned names and equal non-interned strings alike") {
    auto d = make_ref<Dict>();
    d->set(intern("scale"), Value(2));
    REQUIRE(d->find(str("scale")) != nullptr);
    CHECK(d->find(intern("scale"))->as_int() == 2);
    d->set(str("bias"), Value(3));
    REQUIRE(d->find(intern("bias")) != nullptr);
    CHECK(d->find(intern("bias"))->as_int() == 3);
    CHECK(d->find(intern("missing")) == nullptr);
}

TEST_CASE("dict survives growth, many deletions and tuple keys") {
    auto d = make_ref<Dict>();
    for (int i = 0; i < 1000; ++i) d->set(tuple({Value(i), str(std::to_string(i))}), Value(i * 2));
    CHECK(d->size() == 1000);
    for (int i = 0; i < 1000; i += 2) CHECK(d->erase(tuple({Value(i), str(std::to_string(i))})).has_value());
    CHECK(d->size() == 500);
    for (int i = 0; i < 1000; ++i) {
        const Value* v = d->find(tuple({Value(i), str(std::to_string(i))}));
        if (i % 2) {
            REQUIRE(v != nullptr);
            CHECK(v->as_int() == i * 2);
        } else {
            CHECK(v == nullptr);
        }
    }
    std::int64_t first = -1;
    d->for_each([&](const Value& k, const Value&) {
        if (first < 0) first = k.as<Tuple>()->items()[0].as_int();
    });
    CHECK(first == 1);
}

TEST_CASE("unhashable keys raise TypeError") {
    auto d = make_ref<Dict>();
    CHECK(error_of([&] { d->set(list({}), Value(1)); }) == "TypeError: unhashable type: 'list'");
    CHECK(error_of([&] { d->find(make_value<Dict>()); }) == "TypeError: unhashable type: 'dict'");
}

TEST_CASE("hash matches CPython for numbers and tuples") {
    CHECK(hash_value(Value(1)) == 1);
    CHECK(hash_value(Value(-1)) == -2);
    CHECK(hash_value(Value(1.0)) == 1);
    CHECK(hash_value(Value(1.5)) == 1152921504606846977);
    CHECK(hash_value(Value(true)) == 1);
    CHECK(hash_value(Value(std::int64_t{1} << 61)) == 1);
    CHECK(hash_value(tuple({Value(1), Value(2)})) == -3550055125485641917);
    CHECK(hash_value(tuple({})) == 5740354900026072187);
}

TEST_CASE("containers compare element-wise") {
    CHECK(equals(list({Value(1), str("a")}), list({Value(1.0), str("a")})));
    CHECK_FALSE(equals(list({Value(1)}), tuple({Value(1)})));
    auto a = make_ref<Dict>(), b = make_ref<Dict>();
    a->set(str("x"), Value(1));
    a->set(str("y"), Value(2));
    b->set(str("y"), Value(2));
    b->set(str("x"), Value(1));
    CHECK(equals(Value(a), Value(b)));
    b->set(str("x"), Value(3));
    CHECK_FALSE(equals(Value(a), Value(b)));
}

TEST_CASE("range length, items and equality") {
    Range r(0, 10, 3);
    CHECK(r.length() == 4);
    CHECK(r.item(3) == 9);
    CHECK(Range(10, 0, -3).length() == 4);
    CHECK(Range(5, 5, 1).length() == 0);
    CHECK(Range(0, -5, 1).length() == 0);
    CHECK(Range(std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max(), 1).length() == -1);
    CHECK(equals(make_value<Range>(0, 3, 1), make_value<Range>(0, 3, 1)));
    CHECK(equals(make_value<Range>(0, 0, 1), make_value<Range>(5, 2, 1)));
    CHECK(repr(make_value<Range>(0, 10, 2)) == "range(0, 10, 2)");
    CHECK(repr(make_value<Range>(1, 4, 1)) == "range(1, 4)");
}

TEST_CASE("slice indices follow PySlice_AdjustIndices") {
    auto idx = [](Value start, Value stop, Value step, std::int64_t n) {
        auto s = Slice(std::move(start), std::move(stop), std::move(step)).indices(n);
        return std::vector<std::int64_t>{s.start, s.stop, s.step, s.length};
    };
    CHECK(idx(Value(), Value(), Value(), 5) == std::vector<std::int64_t>{0, 5, 1, 5});
    CHECK(idx(Value(1), Value(-1), Value(), 5) == std::vector<std::int64_t>{1, 4, 1, 3});
    CHECK(idx(Value(), Value(), Value(-1), 5) == std::vector<std::int64_t>{4, -1, -1, 5});
    CHECK(idx(Value(-100), Value(100), Value(2), 5) == std::vector<std::int64_t>{0, 5, 2, 3});
    CHECK(idx(Value(3), Value(0), Value(-2), 5) == std::vector<std::int64_t>{3, 0, -2, 2});
    CHECK(error_of([] { Slice(Value(), Value(), Value(0)).indices(3); }) == "ValueError: slice step cannot be zero");
    CHECK(error_of([] { Slice(str("a"), Value(), Value()).indices(3); }) ==
          "TypeError: slice indices must be integers or None or have an __index__ method");
}

TEST_CASE("classes look attributes up along their single base") {
    auto base = make_ref<Class>(intern("Base"), nullptr);
    auto derived = make_ref<Class>(intern("Derived"), base);
    base->dict()->set(intern("x"), Value(1));
    derived->dict()->set(intern("y"), Value(2));
    REQUIRE(derived->lookup(intern("x")) != nullptr);
    CHECK(derived->lookup(intern("x"))->as_int() == 1);
    CHECK(base->lookup(intern("y")) == nullptr);
    CHECK(derived->is_subclass_of(base.get()));
    CHECK_FALSE(base->is_subclass_of(derived.get()));
    auto inst = make_ref<Instance>(derived);
    inst->set_attr(intern("z"), Value(3));
    CHECK(inst->find_attr(intern("z"))->as_int() == 3);
    CHECK(type_name(Value(inst)) == "Derived");
}
