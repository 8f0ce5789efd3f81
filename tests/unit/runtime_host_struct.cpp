// Host structs adapted with Boost.Hana become guest instances and come back.
#include <standin/runtime/host_struct.hpp>

#include <boost/hana/adapt_struct.hpp>
#include <doctest/doctest.h>
#include "test_support.hpp"

namespace app {
struct Inner {
    int depth;
    std::vector<double> weights;
};
struct Config {
    double scale;
    int layers;
    std::string name;
    bool training;
    Inner inner;
    std::optional<int> seed;
};
}  // namespace app
BOOST_HANA_ADAPT_STRUCT(app::Inner, depth, weights);
BOOST_HANA_ADAPT_STRUCT(app::Config, scale, layers, name, training, inner, seed);

using namespace standin;
using standin::testing::error_of;

namespace {
app::Config sample() { return {2.0, 3, "cfg", true, {4, {1.0, 2.5}}, std::nullopt}; }

}  // namespace

TEST_CASE("a host struct becomes an instance whose attributes are its members") {
    Value v = to_value(sample());
    auto* inst = v.dyn<Instance>();
    REQUIRE(inst != nullptr);
    CHECK(type_name(v) == "Config");
    CHECK(inst->find_attr(intern("scale"))->as_float() == 2.0);
    CHECK(inst->find_attr(intern("layers"))->as_int() == 3);
    CHECK(repr(*inst->find_attr(intern("name"))) == "'cfg'");
    CHECK(inst->find_attr(intern("training"))->as_bool());
    CHECK(inst->find_attr(intern("seed"))->is_none());
    const Value* inner = inst->find_attr(intern("inner"));
    REQUIRE(inner != nullptr);
    CHECK(type_name(*inner) == "Inner");
    CHECK(repr(*inner->as<Instance>()->find_attr(intern("weights"))) == "[1.0, 2.5]");
}

TEST_CASE("a converted struct round-trips, including guest edits") {
    Value v = to_value(sample());
    v.as<Instance>()->set_attr(intern("scale"), Value(3));  // an int where a double lives is fine
    v.as<Instance>()->set_attr(intern("seed"), Value(7));
    app::Config back = from_value<app::Config>(v);
    CHECK(back.scale == 3.0);
    CHECK(back.layers == 3);
    CHECK(back.name == "cfg");
    CHECK(back.training);
    CHECK(back.inner.depth == 4);
    CHECK(back.inner.weights == std::vector<double>{1.0, 2.5});
    CHECK(back.seed == 7);
}

TEST_CASE("one HostClasses gives every value of a type the same guest class") {
    HostClasses classes;
    Value a = to_value(sample(), &classes), b = to_value(sample(), &classes);
    CHECK(a.as<Instance>()->cls() == b.as<Instance>()->cls());
    Value c = to_value(sample());
    CHECK(c.as<Instance>()->cls() != a.as<Instance>()->cls());
}

TEST_CASE("from_value names the missing or mistyped attribute") {
    Value v = to_value(sample());
    v.as<Instance>()->set_attr(intern("layers"), str("three"));
    CHECK(error_of([&] { from_value<app::Config>(v); }) ==
          "TypeError: from_value<Config>: attribute 'layers' must be int, not str");
    v.as<Instance>()->del_attr(intern("layers"));
    CHECK(error_of([&] { from_value<app::Config>(v); }) ==
          "AttributeError: from_value<Config>: 'Config' object has no attribute 'layers'");
    Value w = to_value(sample());
    w.as<Instance>()->find_attr(intern("inner"))->as<Instance>()->set_attr(intern("weights"),
                                                                            list({Value(1.0), str("x")}));
    CHECK(error_of([&] { from_value<app::Config>(w); }) ==
          "TypeError: from_value<Inner>: attribute 'weights[1]' must be float, not str");
    CHECK(error_of([&] { from_value<app::Config>(Value(1)); }) ==
          "TypeError: from_value<Config>: expected an instance or a dict, not int");
}

TEST_CASE("from_value accepts a dict with the member names as keys") {
    auto d = make_ref<Dict>();
    d->set(str("depth"), Value(2));
    d->set(str("weights"), tuple({Value(0.5)}));
    app::Inner inner = from_value<app::Inner>(Value(d));
    CHECK(inner.depth == 2);
    CHECK(inner.weights == std::vector<double>{0.5});
}

TEST_CASE("integers that do not fit the host member raise OverflowError") {
    auto d = make_ref<Dict>();
    d->set(str("depth"), Value(std::int64_t{1} << 40));
    d->set(str("weights"), list({}));
    CHECK(error_of([&] { from_value<app::Inner>(Value(d)); }).starts_with("OverflowError"));
}
