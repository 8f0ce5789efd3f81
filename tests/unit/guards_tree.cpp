// The guard manager tree: prefix sharing, deduplication, fail-fast order,
// relational and global-state guards, verbose failures and the printed tree.
#include "guard_fixture.hpp"

#include <doctest/doctest.h>

using namespace standin;
using namespace standin::testing;

namespace {
// The seed program's world: def f(x): return x * cfg.scale, cfg.scale == 2.
struct Seed {
    TestFrame frame{"x"};
    ref<Class> cls = make_class("Config");
    ref<Instance> cfg = make_instance(cls, {{"scale", Value(2)}, {"bias", Value(0.5)}});
    RootGuardManager root{frame.code.get()};
    Seed() {
        frame.set_local("x", float_tensor({3}));
        frame.set_global("cfg", Value(cfg));
        root.add(Source::local("x"), TensorMatch{dtype::float32, false, {3}, {1}});
        root.add(Source::global("cfg"), TypeMatch{type_id(Value(cfg)), "Config"});
        root.add(Source::global("cfg")->attr("scale"), EqualsMatch{Value(2)});
    }
    bool check() { return root.check(frame.view()); }
};
}  // namespace

TEST_CASE("the seed premise passes, then fails when cfg.scale changes") {
    Seed s;
    CHECK(s.check());
    CHECK(s.check());
    s.cfg->set_attr(intern("scale"), Value(3));
    CHECK_FALSE(s.check());
    s.cfg->set_attr(intern("scale"), Value(2));
    CHECK(s.check());
}

TEST_CASE("G['cfg'] is fetched once for two attribute guards") {
    Seed s;
    s.root.add(Source::global("cfg")->attr("bias"), EqualsMatch{Value(0.5)});
    s.root.set_version_shortcut(false);
    REQUIRE(s.check());
    const GuardManager* cfg = s.root.find(Source::global("cfg"));
    REQUIRE(cfg != nullptr);
    CHECK(cfg->access_count() == 1);
    CHECK(cfg->child_count() == 2);
    CHECK(s.root.find(Source::global("cfg")->attr("scale"))->access_count() == 1);
    CHECK(s.root.find(Source::global("cfg")->attr("bias"))->access_count() == 1);
    REQUIRE(s.check());
    CHECK(cfg->access_count() == 2);
    // Two roots: L['x'] and G['cfg'], not one per guard.
    CHECK(s.root.child_count() == 2);
}

TEST_CASE("with the version shortcut, unchanged objects skip their lookups") {
    Seed s;
    REQUIRE(s.check());
    const GuardManager* scale = s.root.find(Source::global("cfg")->attr("scale"));
    auto before = scale->access_count();
    REQUIRE(s.check());
    CHECK(scale->access_count() == before);  // cfg unchanged: .scale not looked up again
    s.cfg->set_attr(intern("unrelated"), Value(1));
    REQUIRE(s.check());
    CHECK(scale->access_count() == before + 1);  // cfg's version moved: looked up again
}

TEST_CASE("equal leaves on one source are kept once") {
    Seed s;
    auto before = s.root.guard_count();
    s.root.add(Source::global("cfg")->attr("scale"), EqualsMatch{Value(2)});
    s.root.add(Source::global("cfg"), TypeMatch{type_id(Value(s.cfg)), "Config"});
    CHECK(s.root.guard_count() == before);
    s.root.add(Source::global("cfg")->attr("scale"), EqualsMatch{Value(3)});  // a different premise is kept
    CHECK(s.root.guard_count() == before + 1);
}

TEST_CASE("a failing child moves to the front of its siblings") {
    TestFrame frame{"a", "b", "c"};
    frame.set_local("a", Value(1));
    frame.set_local("b", Value(2));
    frame.set_local("c", Value(3));
    RootGuardManager root(frame.code.get());
    root.add(Source::local("a"), EqualsMatch{Value(1)});
    root.add(Source::local("b"), EqualsMatch{Value(2)});
    root.add(Source::local("c"), EqualsMatch{Value(3)});
    CHECK(root.child(0).source() == Source::local("a"));
    frame.set_local("c", Value(4));
    CHECK_FALSE(root.check(frame.view()));
    CHECK(root.child(0).source() == Source::local("c"));
    CHECK(root.child(1).source() == Source::local("a"));
    CHECK(root.child(0).fail_count() == 1);
    // The next failing check stops at the first child: L['a'] is not even fetched.
    auto a_fetches = root.child(1).access_count();
    CHECK_FALSE(root.check(frame.view()));
    CHECK(root.child(1).access_count() == a_fetches);
}

TEST_CASE("check_verbose names the first failing guard and counts what ran") {
    Seed s;
    auto ok = s.root.check_verbose(s.frame.view());
    CHECK(ok.passed);
    CHECK(ok.reason.empty());
    CHECK(ok.guards_run == 3);
    s.cfg->set_attr(intern("scale"), Value(3));
    auto bad = s.root.check_verbose(s.frame.view());
    CHECK_FALSE(bad.passed);
    CHECK(bad.reason == "G['cfg'].scale == 2");
    CHECK(bad.guards_run == 3);
    s.cfg->set_attr(intern("scale"), Value(2));
    s.frame.set_local("x", float_tensor({5}));
    auto shape = s.root.check_verbose(s.frame.view());
    CHECK(shape.reason == "tensor 'L['x']' size mismatch at index 0. expected 3, actual 5");
    CHECK(shape.guards_run == 1);
    s.cfg->del_attr(intern("scale"));
    s.frame.set_local("x", float_tensor({3}));
    CHECK(s.root.check_verbose(s.frame.view()).reason == "hasattr(G['cfg'], 'scale')");
}

TEST_CASE("the tree prints as Dynamo's TREE_GUARD_MANAGER listing") {
    Seed s;
    s.root.add(Source::global("cfg")->attr("bias"), EqualsMatch{Value(0.5)});
    s.root.add_global_state(GlobalState{});
    const char* expected =
        "TREE_GUARD_MANAGER:\n"
        "+- RootGuardManager\n"
        "| +- GLOBAL_STATE: ___check_global_state()\n"
        "| +- GuardManager: source=L['x'], accessed_by=FrameLocalsGuardAccessor(key='x', framelocals_idx=0)\n"
        "| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, torch.float32, device=cpu, requires_grad=False, size=[3], "
        "stride=[1])\n"
        "| +- GuardManager: source=G['cfg'], accessed_by=GlobalsGuardAccessor(key='cfg')\n"
        "| | +- TYPE_MATCH: ___check_type_id(G['cfg'], Config)\n"
        "| | +- GuardManager: source=G['cfg'].scale, accessed_by=GetAttrGuardAccessor(scale)\n"
        "| | | +- EQUALS_MATCH: G['cfg'].scale == 2\n"
        "| | +- GuardManager: source=G['cfg'].bias, accessed_by=GetAttrGuardAccessor(bias)\n"
        "| | | +- EQUALS_MATCH: G['cfg'].bias == 0.5\n";
    CHECK(s.root.print() == expected);
}

TEST_CASE("GLOBAL_STATE fails when an interpreter setting changes") {
    Seed s;
    s.root.add_global_state(s.frame.state);
    CHECK(s.check());
    s.frame.state.grad_enabled = false;
    CHECK_FALSE(s.check());
    CHECK(s.root.check_verbose(s.frame.view()).reason == "GLOBAL_STATE changed: grad_mode False");
    s.frame.state.grad_enabled = true;
    s.frame.state.default_dtype = dtype::float64;
    CHECK_FALSE(s.check());
}

TEST_CASE("DUPLICATE_INPUT and NO_TENSOR_ALIASING compare input identities") {
    TestFrame frame{"a", "b"};
    Value t = float_tensor({2});
    frame.set_local("a", t);
    frame.set_local("b", t);
    RootGuardManager dup(frame.code.get());
    dup.add_duplicate_input(Source::local("a"), Source::local("b"));
    CHECK(dup.check(frame.view()));
    frame.set_local("b", float_tensor({2}));
    CHECK_FALSE(dup.check(frame.view()));
    CHECK(dup.check_verbose(frame.view()).reason == "L['a'] is L['b']");

    RootGuardManager alias(frame.code.get());
    const Source* both[] = {Source::local("a"), Source::local("b")};
    alias.add_no_tensor_aliasing(both);
    CHECK(alias.check(frame.view()));
    frame.set_local("b", t);
    CHECK_FALSE(alias.check(frame.view()));
    CHECK(alias.check_verbose(frame.view()).reason == "L['a'] is not L['b']");
    CHECK(alias.print().find("NO_TENSOR_ALIASING: check_no_aliasing(L['a'], L['b'])") != std::string::npos);
}

TEST_CASE("guards on a local that the code does not have are rejected when built") {
    TestFrame frame{"x"};
    RootGuardManager root(frame.code.get());
    CHECK_THROWS_AS(root.add(Source::local("y"), NoneMatch{}), Error);
}

TEST_CASE("static guards evaluate inline and print like the tree") {
    Seed s;
    auto premise = (G<"cfg">.attr<"scale">() == 2) && tensor_match(L<"x">(), dtype::float32, {3});
    CHECK(evaluate(premise, s.frame.view()));
    CHECK(print(premise) ==
          "G['cfg'].scale == 2 and check_tensor(L['x'], Tensor, torch.float32, device=cpu, requires_grad=False, "
          "size=[3], stride=[1])");
    s.cfg->set_attr(intern("scale"), Value(3));
    CHECK_FALSE(evaluate(premise, s.frame.view()));
    s.cfg->set_attr(intern("scale"), Value(2));
    s.frame.set_local("x", float_tensor({4}));
    CHECK_FALSE(evaluate(premise, s.frame.view()));

    // The same premise installed in a runtime tree decides the same way.
    RootGuardManager root(s.frame.code.get());
    add_to(root, premise);
    CHECK_FALSE(root.check(s.frame.view()));
    s.frame.set_local("x", float_tensor({3}));
    CHECK(root.check(s.frame.view()));
    CHECK(evaluate(premise, s.frame.view()));
}

TEST_CASE("static guards fail cleanly on broken paths") {
    TestFrame frame{"x"};
    frame.set_local("x", Value(1));
    CHECK_FALSE(evaluate(G<"cfg">.attr<"scale">() == 2, frame.view()));
    CHECK_FALSE(evaluate(L<"x">.attr<"scale">() == 2, frame.view()));
    CHECK_FALSE(evaluate(L<"y">() == 2, frame.view()));
    CHECK(evaluate(L<"x">() == 1, frame.view()));
}
