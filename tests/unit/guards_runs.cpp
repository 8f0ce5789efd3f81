// The plain check takes a parent's attribute (or index) children as one run,
// the parent's slots or items held in registers, and passes most leaves by
// a bare comparison of the payload. None of that may skip a guard: after each
// single mutation of a small module tree, check() (version shortcut off and
// on, on a tree that checked the old world and on a fresh one) must agree
// with check_verbose, the tree walk that shares none of that machinery.
#include "guard_fixture.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <string>
#include <vector>

using namespace standin;
using namespace standin::testing;

namespace {

constexpr int layer_count = 3;

struct World {
    TestFrame frame;
    ref<Class> layer_cls = make_class("Linear");
    ref<Class> cfg_cls = make_class("LayerConfig");
    ref<Instance> model = make_instance(make_class("Model"));
    std::vector<ref<Instance>> layers;

    World() {
        std::vector<Value> items;
        for (int i = 0; i < layer_count; ++i) {
            auto cfg = make_instance(cfg_cls, {{"a", Value(1)}, {"b", Value(2.5)}});
            auto layer = make_instance(layer_cls, {
                                                      {"weight", float_tensor({2, 2})},
                                                      {"bias", float_tensor({2})},
                                                      {"n", Value(16 + i)},
                                                      {"scale", Value(-0.0)},
                                                      {"eps", Value(std::nan(""))},
                                                      {"act", Value::borrow(intern("relu"))},
                                                      {"flag", Value(true)},
                                                      {"cfg", Value(cfg)},
                                                  });
            layers.push_back(layer);
            items.push_back(Value(layer));
        }
        model->set_attr(intern("training"), Value(false));
        model->set_attr(intern("layers"), list(std::move(items)));
        frame.set_global("model", Value(model));
    }

    void guard(RootGuardManager& root) const {
        const Source* m = Source::global("model");
        root.add(m->attr("training"), BoolMatch{false});
        root.add(m->attr("layers"), SequenceLength{layer_count});
        for (int i = 0; i < layer_count; ++i) {
            const Source* l = m->attr("layers")->item(i);
            root.add(l, TypeMatch{type_id(Value(layers[0])), "Linear"});
            root.add(l->attr("weight"), TensorMatch{dtype::float32, false, {2, 2}, {2, 1}});
            root.add(l->attr("bias"), TensorMatch{dtype::float32, false, {2}, {1}});
            root.add(l->attr("n"), EqualsMatch{Value(16 + i)});
            root.add(l->attr("scale"), EqualsMatch{Value(-0.0)});
            root.add(l->attr("eps"), EqualsMatch{Value(std::nan(""))});
            root.add(l->attr("act"), EqualsMatch{Value::borrow(intern("relu"))});
            root.add(l->attr("flag"), BoolMatch{true});
            root.add(l->attr("cfg"), TypeMatch{type_id(*layers[0]->find_attr(intern("cfg"))), "LayerConfig"});
            root.add(l->attr("cfg")->attr("a"), EqualsMatch{Value(1)});
            root.add(l->attr("cfg")->attr("b"), EqualsMatch{Value(2.5)});
        }
        root.add(m->attr("layers")->item(-1)->attr("n"), EqualsMatch{Value(16 + layer_count - 1)});
    }
};

struct Mutation {
    std::string what;
    std::function<void(World&)> apply;
};

std::vector<Mutation> mutations() {
    std::vector<Mutation> out;
    auto attr = [](World& w, int k, const char* name, Value v) { w.layers[k]->set_attr(intern(name), std::move(v)); };
    for (int k = 0; k < layer_count; ++k) {
        auto at = [k](std::string s) { return "layer " + std::to_string(k) + ": " + s; };
        out.push_back({at("weight reshaped"), [=](World& w) { attr(w, k, "weight", float_tensor({3, 2})); }});
        out.push_back({at("bias float64"), [=](World& w) { attr(w, k, "bias", zeros({2}, dtype::float64)); }});
        out.push_back({at("n + 1"), [=](World& w) { attr(w, k, "n", Value(17 + k)); }});
        out.push_back({at("n as a float"), [=](World& w) { attr(w, k, "n", Value(16.0 + k)); }});
        out.push_back({at("scale +0.0 (equal)"), [=](World& w) { attr(w, k, "scale", Value(0.0)); }});
        out.push_back({at("scale 1.0"), [=](World& w) { attr(w, k, "scale", Value(1.0)); }});
        out.push_back({at("eps another NaN"), [=](World& w) { attr(w, k, "eps", Value(-std::nan("1"))); }});
        out.push_back({at("eps 0"), [=](World& w) { attr(w, k, "eps", Value(0.0)); }});
        out.push_back({at("act an equal runtime string"), [=](World& w) {
                           std::string s = "re";
                           attr(w, k, "act", str(s + "lu"));
                       }});
        out.push_back({at("act 'tanh'"), [=](World& w) { attr(w, k, "act", str("tanh")); }});
        out.push_back({at("flag False"), [=](World& w) { attr(w, k, "flag", Value(false)); }});
        out.push_back({at("flag 1"), [=](World& w) { attr(w, k, "flag", Value(1)); }});
        out.push_back({at("cfg.a changed"), [=](World& w) {
                           w.layers[k]->find_attr(intern("cfg"))->as<Instance>()->set_attr(intern("a"), Value(2));
                       }});
        out.push_back({at("cfg.b deleted"), [=](World& w) {
                           w.layers[k]->find_attr(intern("cfg"))->as<Instance>()->del_attr(intern("b"));
                       }});
        out.push_back({at("cfg of another class"), [=](World& w) {
                           attr(w, k, "cfg", Value(make_instance(w.layer_cls, {{"a", Value(1)}, {"b", Value(2.5)}})));
                       }});
        out.push_back({at("cfg an int"), [=](World& w) { attr(w, k, "cfg", Value(3)); }});
        out.push_back({at("n deleted"), [=](World& w) { w.layers[k]->del_attr(intern("n")); }});
        out.push_back({at("slots moved, values equal"), [=](World& w) {
                           auto& l = *w.layers[k];
                           Value n = *l.find_attr(intern("n"));
                           l.del_attr(intern("weight"));
                           l.del_attr(intern("n"));
                           l.set_attr(intern("extra"), Value(0));
                           l.set_attr(intern("n"), n);
                           l.set_attr(intern("weight"), float_tensor({2, 2}));
                       }});
        out.push_back({at("an unrelated attribute added"), [=](World& w) { attr(w, k, "other", Value(1)); }});
        out.push_back({at("replaced by an equal new layer"), [=](World& w) {
                           auto fresh = make_instance(w.layer_cls);
                           for (const char* name : {"weight", "bias", "n", "scale", "eps", "act", "flag", "cfg"})
                               fresh->set_attr(intern(name), *w.layers[k]->find_attr(intern(name)));
                           w.model->find_attr(intern("layers"))->as<List>()->set(k, Value(fresh));
                       }});
        out.push_back({at("replaced by None"), [=](World& w) {
                           w.model->find_attr(intern("layers"))->as<List>()->set(k, Value());
                       }});
    }
    out.push_back({"layers a tuple of the same layers", [](World& w) {
                       auto items = w.model->find_attr(intern("layers"))->as<List>()->items();
                       w.model->set_attr(intern("layers"), tuple(std::vector<Value>(items.begin(), items.end())));
                   }});
    out.push_back({"layers appended", [](World& w) {
                       w.model->find_attr(intern("layers"))->as<List>()->append(Value(w.layers[0]));
                   }});
    out.push_back({"layers shortened", [](World& w) {
                       auto items = w.model->find_attr(intern("layers"))->as<List>()->items();
                       w.model->set_attr(intern("layers"), list(std::vector<Value>(items.begin(), items.end() - 1)));
                   }});
    out.push_back({"training True", [](World& w) { w.model->set_attr(intern("training"), Value(true)); }});
    out.push_back({"model an int", [](World& w) { w.frame.set_global("model", Value(1)); }});
    out.push_back({"nothing", [](World&) {}});
    return out;
}

}  // namespace

TEST_CASE("runs of sibling lookups check every guard in every position") {
    int failing = 0, passing = 0;
    for (const Mutation& m : mutations()) {
        for (bool shortcut : {false, true}) {
            CAPTURE(m.what);
            CAPTURE(shortcut);
            World w;
            RootGuardManager old_tree(w.frame.code.get());
            w.guard(old_tree);
            old_tree.set_version_shortcut(shortcut);
            CAPTURE(old_tree.check_verbose(w.frame.view()).reason);
            REQUIRE(old_tree.check(w.frame.view()));
            REQUIRE(old_tree.check(w.frame.view()));
            m.apply(w);
            const bool expected = old_tree.check_verbose(w.frame.view()).passed;
            (expected ? passing : failing) += 1;
            CHECK(old_tree.check(w.frame.view()) == expected);
            CHECK(old_tree.check(w.frame.view()) == expected);  // after a fail-fast reorder
            RootGuardManager fresh(w.frame.code.get());
            w.guard(fresh);
            fresh.set_version_shortcut(shortcut);
            CHECK(fresh.check(w.frame.view()) == expected);
            CHECK(fresh.check(w.frame.view()) == expected);
        }
    }
    // The scenarios are not all one way: both verdicts are exercised.
    CHECK(failing >= 40);
    CHECK(passing >= 10);
}

TEST_CASE("TENSOR_MATCH through the tree for every rank, dims inline and on the heap") {
    const std::vector<std::int64_t> all_sizes = {2, 3, 4, 5, 6, 7};
    for (std::size_t rank = 0; rank <= all_sizes.size(); ++rank) {
        CAPTURE(rank);
        const std::vector<std::int64_t> sizes(all_sizes.begin(), all_sizes.begin() + static_cast<std::ptrdiff_t>(rank));
        std::vector<std::int64_t> strides(rank);
        std::int64_t stride = 1;
        for (std::size_t k = rank; k-- > 0;) {
            strides[k] = stride;
            stride *= sizes[k];
        }
        Value t = zeros(sizes, dtype::float32);
        CHECK(std::vector<std::int64_t>(t.as<Tensor>()->sizes().begin(), t.as<Tensor>()->sizes().end()) == sizes);
        CHECK(std::vector<std::int64_t>(t.as<Tensor>()->strides().begin(), t.as<Tensor>()->strides().end()) == strides);
        CHECK(t.as<Tensor>()->dim() == static_cast<std::int64_t>(rank));

        TestFrame frame{"x"};
        frame.set_local("x", t);
        auto verdict = [&](const TensorMatch& m) {
            const bool expected = check_leaf(LeafGuard{m}, t);
            for (bool shortcut : {false, true}) {
                RootGuardManager root(frame.code.get());
                root.set_version_shortcut(shortcut);
                root.add(Source::local("x"), m);
                CHECK(root.check(frame.view()) == expected);
                CHECK(root.check(frame.view()) == expected);
            }
            return expected;
        };
        CHECK(verdict(TensorMatch{dtype::float32, false, sizes, strides}));
        CHECK_FALSE(verdict(TensorMatch{dtype::float64, false, sizes, strides}));
        CHECK_FALSE(verdict(TensorMatch{dtype::float32, true, sizes, strides}));
        auto longer_sizes = sizes, longer_strides = strides;
        longer_sizes.push_back(1);
        longer_strides.push_back(1);
        CHECK_FALSE(verdict(TensorMatch{dtype::float32, false, longer_sizes, longer_strides}));
        for (std::size_t k = 0; k < rank; ++k) {
            CAPTURE(k);
            auto s = sizes;
            ++s[k];
            CHECK_FALSE(verdict(TensorMatch{dtype::float32, false, s, strides}));
            auto st = strides;
            ++st[k];
            CHECK_FALSE(verdict(TensorMatch{dtype::float32, false, sizes, st}));
        }
    }
}

TEST_CASE("static tensor_match decides as the runtime TENSOR_MATCH, ranks 1 to 5") {
    TestFrame frame{"x"};
    auto agree = [&](auto premise, const std::vector<Value>& tensors) {
        RootGuardManager root(frame.code.get());
        add_to(root, premise);
        root.set_version_shortcut(false);
        int passed = 0;
        for (const Value& t : tensors) {
            frame.set_local("x", t);
            const bool expected = root.check_verbose(frame.view()).passed;
            CHECK(evaluate(premise, frame.view()) == expected);
            CHECK(root.check(frame.view()) == expected);
            passed += expected;
        }
        CHECK(passed == 1);  // exactly the matching tensor
    };
    const std::vector<Value> tensors = {
        float_tensor({3}),          float_tensor({4}),       float_tensor({2, 3}),    float_tensor({3, 2}),
        float_tensor({2, 3, 4}),    float_tensor({2, 3, 5}), float_tensor({1, 2, 3, 4, 5}),
        zeros({3}, dtype::float64), Value(3),                float_tensor({1, 2, 3, 4, 6}),
    };
    agree(tensor_match(L<"x">(), dtype::float32, {3}), tensors);
    agree(tensor_match(L<"x">(), dtype::float32, {2, 3}), tensors);
    agree(tensor_match(L<"x">(), dtype::float32, {2, 3, 4}), tensors);
    agree(tensor_match(L<"x">(), dtype::float32, {1, 2, 3, 4, 5}), tensors);
    agree(tensor_match(L<"x">(), dtype::float64, {3}), tensors);
}
