// The compiled check program: the tree specialises common (accessor, leaf)
// pairs into plain data. Every leaf kind, on many values and through every
// accessor kind, must give the same verdict through the tree (shortcut on
// and off) as check_leaf gives on the value itself.
#include "guard_fixture.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

using namespace standin;
using namespace standin::testing;

namespace {

struct Case {
    std::string what;
    LeafGuard leaf;
};

// Values of every kind a leaf might meet, with near misses for each.
std::vector<Value> probe_values(const ref<Class>& a, const ref<Class>& b, const Value& shared_list,
                                const Value& fn) {
    std::string relu = "re";
    relu += "lu";  // built at run time: equal to the interned 'relu', another object
    return {
        Value(),
        Value(true),
        Value(false),
        Value(0),
        Value(2),
        Value(3),
        Value(-1),
        Value(2.0),
        Value(0.0),
        Value(-0.0),
        Value(1e-5),
        Value(std::nan("")),
        Value::borrow(intern("relu")),
        str(relu),
        str("tanh"),
        tuple({Value(1), str("a")}),
        tuple({Value(1), str("b")}),
        list({Value(1), Value(2), Value(3)}),
        shared_list,
        Value(make_instance(a)),
        Value(make_instance(b)),
        float_tensor({3}),
        float_tensor({4}),
        float_tensor({2, 3}),
        zeros({3}, dtype::float64),
        fn,
    };
}

std::vector<Case> leaf_cases(const ref<Class>& a, const Value& shared_list, const Value& fn) {
    return {
        {"type A", TypeMatch{type_id(Value(make_instance(a))), "A"}},
        {"type int", TypeMatch{type_id(Value(1)), "int"}},
        {"type NoneType", TypeMatch{type_id(Value()), "NoneType"}},
        {"id list", IdMatch{shared_list}},
        {"id int", IdMatch{Value(2)}},
        {"== 2", EqualsMatch{Value(2)}},
        {"== 0", EqualsMatch{Value(0)}},
        {"== 2.0", EqualsMatch{Value(2.0)}},
        {"== 0.0", EqualsMatch{Value(0.0)}},
        {"== -0.0", EqualsMatch{Value(-0.0)}},
        {"== nan", EqualsMatch{Value(std::nan(""))}},
        {"== True", EqualsMatch{Value(true)}},
        {"== None", EqualsMatch{Value()}},
        {"== 'relu'", EqualsMatch{Value::borrow(intern("relu"))}},
        {"== tuple", EqualsMatch{tuple({Value(1), str("a")})}},
        {"constant 1e-5", ConstantMatch{Value(1e-5)}},
        {"constant 'relu'", ConstantMatch{str("relu")}},
        {"bool False", BoolMatch{false}},
        {"bool True", BoolMatch{true}},
        {"none", NoneMatch{}},
        {"not none", NotNone{}},
        {"tensor [3]", TensorMatch{dtype::float32, false, {3}, {1}}},
        {"tensor [2, 3]", TensorMatch{dtype::float32, false, {2, 3}, {3, 1}}},
        {"tensor [3] grad", TensorMatch{dtype::float32, true, {3}, {1}}},
        {"len 3", SequenceLength{3}},
        {"len 2", SequenceLength{2}},
        {"dict len 0", DictLength{0}},
        {"hasattr", HasAttr{intern("weight")}},
        {"no hasattr", NoHasAttr{intern("weight")}},
        {"function", FunctionMatch{fn}},
        {"nn module", NNModuleMatch{shared_list}},
    };
}

// `leaf` on the value at `where` (a source into `frame`), through a fresh tree.
bool through_tree(TestFrame& frame, const Source* where, const LeafGuard& leaf, bool shortcut, bool twice) {
    RootGuardManager root(frame.code.get());
    root.add(where, leaf);
    root.set_version_shortcut(shortcut);
    bool first = root.check(frame.view());
    if (!twice) return first;
    bool second = root.check(frame.view());  // the cached and quiet paths
    CHECK(first == second);
    return second;
}

}  // namespace

TEST_CASE("every leaf kind gives check_leaf's verdict through the compiled tree, by every accessor") {
    auto a = make_class("A"), b = make_class("B");
    Value shared_list = list({Value(1), Value(2)});
    auto code = make_ref<Code>();
    Value fn = Value(make_ref<Function>(Value(code), make_ref<Dict>(), intern("f"), intern("f")));
    const auto values = probe_values(a, b, shared_list, fn);
    const auto cases = leaf_cases(a, shared_list, fn);

    auto holder_cls = make_class("Holder");
    for (std::size_t vi = 0; vi < values.size(); ++vi) {
        const Value& v = values[vi];
        TestFrame frame{"x"};
        frame.set_local("x", v);
        frame.set_global("g", v);
        frame.set_global("obj", Value(make_instance(holder_cls, {{"attr", v}})));
        frame.set_global("seq", list({Value(0), v}));
        frame.set_global("tup", tuple({v}));
        auto d = make_ref<Dict>();
        d->set(intern("k"), v);
        frame.set_global("d", Value(d));
        auto mod = make_ref<Module>(intern("m"));
        mod->dict()->set(intern("attr"), v);
        frame.set_global("mod", Value(mod));
        const Source* where[] = {
            Source::local("x"),
            Source::global("g"),
            Source::global("obj")->attr("attr"),
            Source::global("seq")->item(1),
            Source::global("seq")->item(-1),
            Source::global("tup")->item(0),
            Source::global("d")->item("k"),
            Source::global("mod")->attr("attr"),
        };
        for (const Case& c : cases) {
            const bool expected = check_leaf(c.leaf, v);
            for (const Source* s : where)
                for (bool shortcut : {false, true})
                    for (bool twice : {false, true}) {
                        CAPTURE(vi);
                        CAPTURE(c.what);
                        CAPTURE(s->name());
                        CAPTURE(shortcut);
                        CHECK(through_tree(frame, s, c.leaf, shortcut, twice) == expected);
                    }
        }
    }
}

TEST_CASE("several leaves on one node: every one is checked, whichever is specialised") {
    TestFrame frame{"x"};
    frame.set_local("x", Value(2));
    for (bool shortcut : {false, true}) {
        RootGuardManager root(frame.code.get());
        root.set_version_shortcut(shortcut);
        root.add(Source::local("x"), EqualsMatch{Value(2)});
        root.add(Source::local("x"), TypeMatch{type_id(Value(1)), "int"});
        root.add(Source::local("x"), NotNone{});
        CHECK(root.check(frame.view()));
        root.add(Source::local("x"), NoneMatch{});  // the fourth contradicts the others
        CHECK_FALSE(root.check(frame.view()));
    }
}

TEST_CASE("attribute lookups follow the instance's dict as it changes shape") {
    auto cls = make_class("C");
    cls->dict()->set(intern("on_class"), Value(7));
    auto obj = make_instance(cls, {{"a", Value(1)}, {"b", Value(2)}, {"c", Value(3)}});
    TestFrame frame;
    frame.set_global("o", Value(obj));
    for (bool shortcut : {false, true}) {
        RootGuardManager root(frame.code.get());
        root.set_version_shortcut(shortcut);
        root.add(Source::global("o")->attr("c"), EqualsMatch{Value(3)});
        root.add(Source::global("o")->attr("on_class"), EqualsMatch{Value(7)});
        CHECK(root.check(frame.view()));
        CHECK(root.check(frame.view()));
        // Deleting and re-adding moves 'c' to another slot: the remembered one is stale.
        obj->del_attr(intern("a"));
        obj->del_attr(intern("c"));
        obj->set_attr(intern("x"), Value(3));
        obj->set_attr(intern("c"), Value(3));
        CHECK(root.check(frame.view()));
        obj->set_attr(intern("c"), Value(4));
        CHECK_FALSE(root.check(frame.view()));
        obj->set_attr(intern("c"), Value(3));
        CHECK(root.check(frame.view()));
        // The class attribute is shadowed by an instance attribute, then the class one changes.
        obj->set_attr(intern("on_class"), Value(8));
        CHECK_FALSE(root.check(frame.view()));
        obj->del_attr(intern("on_class"));
        CHECK(root.check(frame.view()));
        cls->dict()->set(intern("on_class"), Value(9));
        CHECK_FALSE(root.check(frame.view()));
        cls->dict()->set(intern("on_class"), Value(7));
        CHECK(root.check(frame.view()));
        // The object replaced by a non-instance: the attribute is gone.
        frame.set_global("o", Value(3));
        CHECK_FALSE(root.check(frame.view()));
        frame.set_global("o", Value(obj));
        CHECK(root.check(frame.view()));
    }
}

TEST_CASE("fetch counts stay exact across recompiles and both modes") {
    TestFrame frame{"a", "b"};
    frame.set_local("a", Value(1));
    frame.set_local("b", Value(2));
    RootGuardManager root(frame.code.get());
    root.set_version_shortcut(false);
    root.add(Source::local("a"), EqualsMatch{Value(1)});
    root.add(Source::local("b"), EqualsMatch{Value(2)});
    CHECK(root.check(frame.view()));
    CHECK(root.check(frame.view()));
    const GuardManager* a = root.find(Source::local("a"));
    const GuardManager* b = root.find(Source::local("b"));
    CHECK(a->access_count() == 2);
    CHECK(b->access_count() == 2);
    frame.set_local("a", Value(5));  // fails at the first step: b is not fetched
    CHECK_FALSE(root.check(frame.view()));
    CHECK(a->access_count() == 3);
    CHECK(b->access_count() == 2);
    frame.set_local("a", Value(1));
    frame.set_local("b", Value(5));  // fails at b, which moves to the front (a recompile)
    CHECK_FALSE(root.check(frame.view()));
    CHECK(a->access_count() == 4);
    CHECK(b->access_count() == 3);
    frame.set_local("b", Value(2));
    CHECK(root.check(frame.view()));
    CHECK(a->access_count() == 5);
    CHECK(b->access_count() == 4);
    root.set_version_shortcut(true);
    CHECK(root.check(frame.view()));
    CHECK(a->access_count() == 6);
    CHECK(b->access_count() == 5);
}
