// Source names (compile-time and runtime), guard sources, hash-consing and to_runtime().
#include "guard_fixture.hpp"

#include <doctest/doctest.h>

using namespace standin;

// The compile-time names are checked by the compiler itself.
static_assert(L<"x">.name() == "L['x']");
static_assert(L<"x">().name() == "L['x']");
static_assert(G<"cfg">.name() == "G['cfg']");
static_assert(G<"cfg">.attr<"scale">().name() == "G['cfg'].scale");
static_assert(L<"d">.item<"k">().name() == "L['d']['k']");
static_assert(L<"t">.item<0>().name() == "L['t'][0]");
static_assert(L<"t">.item<-2>().name() == "L['t'][-2]");
static_assert(L<"x">.type().name() == "type(L['x'])");
static_assert(L<"o">.attr<"not-an-identifier">().name() == "getattr(L['o'], 'not-an-identifier')");
static_assert(L<"d">.item<"it's">().name() == "L['d'][\"it's\"]");
static_assert(L<"m">.nn_module().name() == "L['m']");
static_assert(G<"f">.defaults<1>().name() == "G['f'].__defaults__[1]");
static_assert(L<"fn">.closure<0>().name() == "L['fn'].__closure__[0].cell_contents");
static_assert(G<"model">.attr<"layers">().item<3>().attr<"weight">().name() == "G['model'].layers[3].weight");
static_assert(L<"x">.guard_source() == GuardSource::LOCAL);
static_assert(G<"cfg">.attr<"scale">().guard_source() == GuardSource::GLOBAL);
static_assert(L<"m">.nn_module().attr<"weight">().guard_source() == GuardSource::LOCAL_NN_MODULE);
static_assert(G<"m">.nn_module().guard_source() == GuardSource::GLOBAL_NN_MODULE);

TEST_CASE("runtime source names are spelled as Dynamo spells them") {
    CHECK(Source::local("x")->name() == "L['x']");
    CHECK(Source::global("cfg")->attr("scale")->name() == "G['cfg'].scale");
    CHECK(Source::local("d")->item("k")->name() == "L['d']['k']");
    CHECK(Source::local("t")->item(0)->name() == "L['t'][0]");
    CHECK(Source::local("x")->type()->name() == "type(L['x'])");
    CHECK(Source::local("o")->attr("not-an-identifier")->name() == "getattr(L['o'], 'not-an-identifier')");
    CHECK(Source::global("f")->defaults(0)->name() == "G['f'].__defaults__[0]");
    CHECK(Source::local("fn")->closure(2)->name() == "L['fn'].__closure__[2].cell_contents");
    CHECK(Source::local("m")->nn_module()->name() == "L['m']");
}

TEST_CASE("runtime sources carry the guard source of their root") {
    CHECK(Source::local("x")->guard_source() == GuardSource::LOCAL);
    CHECK(Source::global("g")->attr("a")->guard_source() == GuardSource::GLOBAL);
    CHECK(Source::local("m")->nn_module()->guard_source() == GuardSource::LOCAL_NN_MODULE);
    CHECK(Source::global("m")->nn_module()->attr("w")->guard_source() == GuardSource::GLOBAL_NN_MODULE);
    CHECK(guard_source_name(GuardSource::GLOBAL_NN_MODULE) == "GLOBAL_NN_MODULE");
}

TEST_CASE("building the same chain twice yields the same node") {
    const Source* a = Source::global("cfg")->attr("scale");
    const Source* b = Source::global(std::string("cf") + "g")->attr(std::string("sca") + "le");
    CHECK(a == b);
    CHECK(Source::local("t")->item(0) == Source::local("t")->item(0));
    CHECK(Source::local("t")->item(0) != Source::local("t")->item(1));
    CHECK(Source::local("d")->item("0") != Source::local("d")->item(0));
    CHECK(Source::local("x") != Source::global("x"));
    CHECK(Source::local("m")->nn_module() != Source::local("m"));
    CHECK(a->base() == Source::global("cfg"));
    CHECK(a->root() == Source::global("cfg"));
    CHECK(a->depth() == 1);
}

TEST_CASE("to_runtime maps a compile-time chain to the identical runtime node") {
    CHECK(to_runtime(G<"cfg">.attr<"scale">()) == Source::global("cfg")->attr("scale"));
    CHECK(to_runtime(L<"d">.item<"k">()) == Source::local("d")->item("k"));
    CHECK(to_runtime(L<"t">.item<0>()) == Source::local("t")->item(0));
    CHECK(to_runtime(L<"x">.type()) == Source::local("x")->type());
    CHECK(to_runtime(L<"m">.nn_module().attr<"w">()) == Source::local("m")->nn_module()->attr("w"));
    CHECK(to_runtime(G<"f">.defaults<0>()) == Source::global("f")->defaults(0));
    CHECK(to_runtime(L<"fn">.closure<1>()) == Source::local("fn")->closure(1));
    CHECK(to_runtime(G<"cfg">.attr<"scale">())->name() == std::string(G<"cfg">.attr<"scale">().name().view()));
}

TEST_CASE("the kinds of the runtime source variant are visible to visitors") {
    const Source* s = Source::global("cfg")->attr("scale");
    REQUIRE(s->as<AttrSource>() != nullptr);
    CHECK(s->as<AttrSource>()->member == intern("scale"));
    CHECK(s->as<LocalSource>() == nullptr);
    CHECK(s->base()->as<GlobalSource>()->name == intern("cfg"));
}
