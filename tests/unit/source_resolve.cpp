// resolve(): every source kind fetches its value from a frame; broken paths
// raise the guest error naming the source.
#include "guard_fixture.hpp"

#include <doctest/doctest.h>
#include "test_support.hpp"

using namespace standin;
using namespace standin::testing;

namespace {

struct World {
    TestFrame frame{"x", "d", "t", "o", "fn"};
    ref<Class> cls = make_class("Config");
    ref<Instance> cfg = make_instance(cls, {{"scale", Value(2)}});
    World() {
        cls->dict()->set(intern("limit"), Value(8));
        frame.set_global("cfg", Value(cfg));
        frame.set_local("x", Value(5));
        auto d = make_ref<Dict>();
        d->set(str("k"), str("v"));
        d->set(Value(3), Value(30));
        frame.set_local("d", Value(d));
        frame.set_local("t", tuple({Value(10), Value(11)}));
        auto fn = make_ref<Function>(Value(), frame.globals, intern("f"), intern("f"));
        fn->set_defaults(tuple({Value(1.5)}));
        fn->set_closure(tuple({make_value<Cell>(str("captured"))}));
        frame.set_local("fn", Value(fn));
        auto o = make_instance(cls);
        o->set_attr(intern("not-an-identifier"), Value(true));
        frame.set_local("o", Value(o));
    }
};
}  // namespace

TEST_CASE("resolve fetches locals, globals, attributes, items, types, defaults and closures") {
    World w;
    auto f = w.frame.view();
    CHECK(resolve(L<"x">, f).as_int() == 5);
    CHECK(resolve(Source::local("x"), f).as_int() == 5);
    CHECK(resolve(G<"cfg">, f).object() == w.cfg.get());
    CHECK(resolve(G<"cfg">.attr<"scale">(), f).as_int() == 2);
    CHECK(resolve(G<"cfg">.attr<"limit">(), f).as_int() == 8);  // class attribute
    CHECK(repr(resolve(L<"d">.item<"k">(), f)) == "'v'");
    CHECK(resolve(L<"d">.item<3>(), f).as_int() == 30);
    CHECK(resolve(L<"t">.item<1>(), f).as_int() == 11);
    CHECK(resolve(L<"t">.item<-1>(), f).as_int() == 11);
    CHECK(resolve(G<"cfg">.type(), f).object() == w.cls.get());
    CHECK(resolve(L<"o">.attr<"not-an-identifier">(), f).as_bool());
    CHECK(resolve(L<"fn">.defaults<0>(), f).as_float() == 1.5);
    CHECK(repr(resolve(L<"fn">.closure<0>(), f)) == "'captured'");
    CHECK(resolve(G<"cfg">.nn_module().attr<"scale">(), f).as_int() == 2);
}

TEST_CASE("resolve sees mutations made after the source was built") {
    World w;
    const Source* s = Source::global("cfg")->attr("scale");
    CHECK(resolve(s, w.frame.view()).as_int() == 2);
    w.cfg->set_attr(intern("scale"), Value(3));
    CHECK(resolve(s, w.frame.view()).as_int() == 3);
}

TEST_CASE("resolving a broken path names the source") {
    World w;
    auto f = w.frame.view();
    CHECK(error_of([&] { resolve(G<"cfg">.attr<"bias">(), f); }) ==
          "AttributeError: 'Config' object has no attribute 'bias' (while resolving G['cfg'].bias)");
    CHECK(error_of([&] { resolve(L<"d">.item<"missing">(), f); }) ==
          "KeyError: 'missing' (while resolving L['d']['missing'])");
    CHECK(error_of([&] { resolve(L<"t">.item<5>(), f); }) ==
          "IndexError: tuple index out of range (while resolving L['t'][5])");
    CHECK(error_of([&] { resolve(G<"nope">, f); }) ==
          "NameError: name 'nope' is not defined (while resolving G['nope'])");
    CHECK(error_of([&] { resolve(L<"zz">, f); }) ==
          "NameError: name 'zz' is not a bound local of the frame (while resolving L['zz'])");
    CHECK(error_of([&] { resolve(L<"x">.attr<"real">(), f); }) ==
          "AttributeError: 'int' object has no attribute 'real' (while resolving L['x'].real)");
    CHECK(error_of([&] { resolve(L<"fn">.defaults<3>(), f); }) ==
          "IndexError: tuple index out of range (while resolving L['fn'].__defaults__[3])");
}

TEST_CASE("an unbound local does not resolve") {
    TestFrame frame{"x"};
    CHECK_THROWS_AS(resolve(L<"x">, frame.view()), Error);
}
