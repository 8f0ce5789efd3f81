// Soundness of the version shortcut: every mutation that changes what a guard
// reads flips the check to fail, and unrelated mutations keep it passing —
// with the shortcut on (checked twice first, so every cache is warm) and off.
#include "guard_fixture.hpp"

#include <doctest/doctest.h>

#include <functional>

using namespace standin;
using namespace standin::testing;

namespace {

// A model-like world: G['model'] with nested attributes, a list of layers,
// a dict of options, a parameter tensor, a global flag and a closure.
struct World {
    TestFrame frame{"x", "fn"};
    ref<Class> module_cls = make_class("Module");
    ref<Class> cfg_cls = make_class("Config");
    ref<Instance> cfg = make_instance(cfg_cls, {{"scale", Value(2)}, {"act", interned("relu")}});
    ref<Instance> layer0 = make_instance(module_cls, {{"weight", float_tensor({4, 4})}, {"bias", Value()}});
    ref<List> layers = make_ref<List>(std::vector<Value>{Value(layer0), Value(7)});
    ref<Dict> options = make_ref<Dict>();
    ref<Instance> model = make_instance(module_cls);
    ref<Function> fn;
    Value shared = list({Value(1)});
    ref<List> nested = make_ref<List>(std::vector<Value>{Value(1), Value(2)});
    RootGuardManager root{frame.code.get()};

    World() {
        options->set(str("mode"), interned("fast"));
        options->set(str("depth"), Value(3));
        options->set(str("nested"), Value(nested));
        module_cls->dict()->set(intern("kind"), interned("linear"));
        model->set_attr(intern("cfg"), Value(cfg));
        model->set_attr(intern("layers"), Value(layers));
        model->set_attr(intern("options"), Value(options));
        model->set_attr(intern("shared"), shared);
        frame.set_global("model", Value(model));
        frame.set_global("flag", Value(true));
        frame.set_local("x", float_tensor({4}));
        fn = make_ref<Function>(str("code"), frame.globals, intern("f"), intern("f"));
        fn->set_defaults(tuple({Value(10)}));
        fn->set_closure(tuple({make_value<Cell>(Value(5))}));
        frame.set_local("fn", Value(fn));

        const Source* m = Source::global("model");
        root.add(Source::local("x"), TensorMatch{dtype::float32, false, {4}, {1}});
        root.add(m, TypeMatch{type_id(Value(model)), "Module"});
        root.add(m->attr("cfg")->attr("scale"), EqualsMatch{Value(2)});
        root.add(m->attr("cfg")->attr("act"), EqualsMatch{interned("relu")});
        root.add(m->attr("layers"), SequenceLength{2});
        root.add(m->attr("layers")->item(0), TypeMatch{type_id(Value(layer0)), "Module"});
        root.add(m->attr("layers")->item(0)->attr("weight"), TensorMatch{dtype::float32, false, {4, 4}, {4, 1}});
        root.add(m->attr("layers")->item(0)->attr("bias"), NoneMatch{});
        root.add(m->attr("layers")->item(1), EqualsMatch{Value(7)});
        root.add(m->attr("options"), DictKeysMatch{{str("mode"), str("depth"), str("nested")}});
        root.add(m->attr("options")->item("nested")->item(1), EqualsMatch{Value(2)});
        root.add(m->attr("kind"), EqualsMatch{interned("linear")});
        root.add(m->attr("options")->item("mode"), EqualsMatch{interned("fast")});
        root.add(m->attr("options")->item("depth"), EqualsMatch{Value(3)});
        root.add(m->attr("shared"), IdMatch{shared});
        root.add(m->attr("cfg"), NoHasAttr{intern("extra")});
        root.add(Source::global("flag"), BoolMatch{true});
        root.add(Source::local("fn")->defaults(0), EqualsMatch{Value(10)});
        root.add(Source::local("fn")->closure(0), EqualsMatch{Value(5)});
        root.add_global_state(frame.state);
    }
    bool check() { return root.check(frame.view()); }
};

struct Scenario {
    const char* name;
    std::function<void(World&)> mutate;
};

const Scenario breaking[] = {
    {"nested attribute changed", [](World& w) { w.cfg->set_attr(intern("scale"), Value(3)); }},
    {"nested attribute changed type only", [](World& w) { w.cfg->set_attr(intern("scale"), Value(2.0)); }},
    {"nested attribute deleted", [](World& w) { w.cfg->del_attr(intern("scale")); }},
    {"nested object replaced by one with other values",
     [](World& w) { w.model->set_attr(intern("cfg"), Value(make_instance(w.cfg_cls, {{"scale", Value(4)}}))); }},
    {"string attribute changed", [](World& w) { w.cfg->set_attr(intern("act"), interned("tanh")); }},
    {"list element replaced", [](World& w) { w.layers->set(1, Value(8)); }},
    {"list appended", [](World& w) { w.layers->append(Value(9)); }},
    {"list popped", [](World& w) { w.layers->pop(); }},
    {"list element replaced by another type",
     [](World& w) { w.layers->set(0, Value(make_instance(w.cfg_cls, {{"weight", float_tensor({4, 4})}}))); }},
    {"attribute of a list element changed", [](World& w) { w.layer0->set_attr(intern("bias"), Value(0.0)); }},
    {"parameter tensor replaced by another shape",
     [](World& w) { w.layer0->set_attr(intern("weight"), float_tensor({4, 5})); }},
    {"parameter tensor replaced by another dtype",
     [](World& w) { w.layer0->set_attr(intern("weight"), zeros({4, 4}, dtype::float64)); }},
    {"parameter tensor replaced by another stride",
     [](World& w) { w.layer0->set_attr(intern("weight"), transpose(float_tensor({4, 4}), 0, 1)); }},
    {"parameter tensor metadata changed in place",
     [](World& w) { w.layer0->find_attr(intern("weight"))->as<Tensor>()->set_requires_grad(true); }},
    {"input tensor has another shape", [](World& w) { w.frame.set_local("x", float_tensor({5})); }},
    {"dict value replaced", [](World& w) { w.options->set(str("depth"), Value(4)); }},
    {"dict key added", [](World& w) { w.options->set(str("new"), Value(1)); }},
    {"dict key removed", [](World& w) { w.options->erase(str("mode")); }},
    {"object replaced by an equal but distinct one under ID_MATCH",
     [](World& w) { w.model->set_attr(intern("shared"), list({Value(1)})); }},
    {"global rebound", [](World& w) { w.frame.set_global("flag", Value(false)); }},
    {"global deleted", [](World& w) { w.frame.globals->erase(intern("flag")); }},
    {"root global replaced by a twin with other contents",
     [](World& w) {
         auto twin = make_instance(w.module_cls);
         twin->dict()->update(*w.model->dict());
         twin->set_attr(intern("layers"), list({Value(w.layer0)}));
         w.frame.set_global("model", Value(twin));
     }},
    {"class gains the attribute a NO_HASATTR forbids",
     [](World& w) { w.cfg_cls->dict()->set(intern("extra"), Value(1)); }},
    {"function defaults rebound", [](World& w) { w.fn->set_defaults(tuple({Value(11)})); }},
    {"closure cell rebound",
     [](World& w) { w.fn->closure().as<Tuple>()->items()[0].as<Cell>()->set(Value(6)); }},
    {"class attribute read through the instance changed",
     [](World& w) { w.module_cls->dict()->set(intern("kind"), interned("conv")); }},
    {"instance attribute shadows the class attribute",
     [](World& w) { w.model->set_attr(intern("kind"), interned("conv")); }},
    {"element of a list inside a dict replaced", [](World& w) { w.nested->set(1, Value(3)); }},
    {"grad mode switched", [](World& w) { w.frame.state.grad_enabled = false; }},
};

const Scenario harmless[] = {
    {"unrelated attribute added to a guarded object", [](World& w) { w.cfg->set_attr(intern("other"), Value(1)); }},
    {"guarded attribute stored again with an equal value", [](World& w) { w.cfg->set_attr(intern("scale"), Value(2)); }},
    {"object under EQUALS_MATCH replaced by an equal one",
     [](World& w) { w.layers->set(1, Value(7)); }},
    {"guarded string replaced by an equal non-interned one",
     [](World& w) { w.cfg->set_attr(intern("act"), str("relu")); }},
    {"unguarded global added", [](World& w) { w.frame.set_global("other", Value(1)); }},
    {"tensor data written in place", [](World& w) {
         auto* t = w.frame.locals[0].as<Tensor>();
         t->data_as<float>()[0] = 1.0f;
         t->mark_mutated();
     }},
    {"input tensor replaced by one with the same metadata", [](World& w) { w.frame.set_local("x", float_tensor({4})); }},
    {"nested object replaced by an equal twin",
     [](World& w) {
         w.model->set_attr(intern("cfg"),
                           Value(make_instance(w.cfg_cls, {{"scale", Value(2)}, {"act", interned("relu")}})));
     }},
};

}  // namespace

TEST_CASE("every breaking mutation fails the check, with the shortcut on and off") {
    for (bool shortcut : {true, false}) {
        for (const auto& scenario : breaking) {
            CAPTURE(shortcut);
            const std::string scenario_name = scenario.name;
            CAPTURE(scenario_name);
            World w;
            w.root.set_version_shortcut(shortcut);
            REQUIRE(w.check());
            REQUIRE(w.check());  // caches warm
            scenario.mutate(w);
            CHECK_FALSE(w.check());
            CHECK_FALSE(w.check());  // and it stays failed
            CHECK_FALSE(w.root.check_verbose(w.frame.view()).passed);
        }
    }
    CHECK(std::size(breaking) >= 20);
}

TEST_CASE("unrelated or equal-preserving mutations keep the check passing") {
    for (bool shortcut : {true, false}) {
        for (const auto& scenario : harmless) {
            CAPTURE(shortcut);
            const std::string scenario_name = scenario.name;
            CAPTURE(scenario_name);
            World w;
            w.root.set_version_shortcut(shortcut);
            REQUIRE(w.check());
            REQUIRE(w.check());
            scenario.mutate(w);
            CHECK(w.check());
            CHECK(w.check());
            CHECK(w.root.check_verbose(w.frame.view()).passed);
        }
    }
}

TEST_CASE("a check that failed recovers when the mutation is undone") {
    World w;
    REQUIRE(w.check());
    w.cfg->set_attr(intern("scale"), Value(3));
    CHECK_FALSE(w.check());
    w.cfg->set_attr(intern("scale"), Value(2));
    CHECK(w.check());
    CHECK(w.check());
}

TEST_CASE("an object freed and another allocated at its address is not mistaken for it") {
    TestFrame frame{"o"};
    auto cls = make_class("C");
    RootGuardManager root(frame.code.get());
    root.add(Source::local("o")->attr("v"), EqualsMatch{Value(1)});
    frame.set_local("o", Value(make_instance(cls, {{"v", Value(1)}})));
    REQUIRE(root.check(frame.view()));
    REQUIRE(root.check(frame.view()));
    // Free the guarded object, then allocate look-alikes until one lands at
    // the same address: its version tag is new, so the cache cannot match.
    for (int i = 0; i < 64; ++i) {
        frame.set_local("o", Value());
        frame.set_local("o", Value(make_instance(cls, {{"v", Value(2)}})));
        CHECK_FALSE(root.check(frame.view()));
    }
}
