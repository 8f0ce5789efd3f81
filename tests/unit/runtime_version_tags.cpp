// Version tags: every mutation of a list, dict, instance, class, module or
// function changes the tag; reads never do. Guards rely on both halves.
#include <standin/runtime.hpp>

#include <doctest/doctest.h>

using namespace standin;

namespace {
// Runs `mutate` and reports whether `version()` changed.
template <class Obj, class F>
bool changes_version(const Obj& obj, F&& mutate) {
    auto before = obj.version();
    mutate();
    return obj.version() != before;
}

ref<List> three() { return make_ref<List>(std::vector<Value>{Value(1), Value(2), Value(3)}); }

ref<Dict> two_keys() {
    auto d = make_ref<Dict>();
    d->set(str("a"), Value(1));
    d->set(str("b"), Value(2));
    return d;
}
}  // namespace

TEST_CASE("every list mutation changes its version") {
    auto l = three();
    CHECK(changes_version(*l, [&] { l->append(Value(4)); }));
    CHECK(changes_version(*l, [&] { l->set(0, Value(9)); }));
    CHECK(changes_version(*l, [&] { l->set(0, Value(9)); }));  // same value stored again still counts
    CHECK(changes_version(*l, [&] { l->pop(); }));
    CHECK(changes_version(*l, [&] { l->pop(0); }));
    CHECK(changes_version(*l, [&] { l->extend(std::vector<Value>{Value(5), Value(6)}); }));
    CHECK(changes_version(*l, [&] { l->extend({}); }));
    CHECK(changes_version(*l, [&] { l->insert(1, Value(7)); }));
    CHECK(changes_version(*l, [&] { l->erase(0); }));
    CHECK(changes_version(*l, [&] { l->reverse(); }));
    CHECK(changes_version(*l, [&] { l->assign({Value(1)}); }));
    CHECK(changes_version(*l, [&] { l->clear(); }));
}

TEST_CASE("a failed list mutation leaves the version alone") {
    auto l = three();
    CHECK_FALSE(changes_version(*l, [&] { CHECK_THROWS_AS(l->set(10, Value()), Error); }));
    CHECK_FALSE(changes_version(*l, [&] { CHECK_THROWS_AS(l->pop(10), Error); }));
}

TEST_CASE("every dict mutation changes its version") {
    auto d = two_keys();
    CHECK(changes_version(*d, [&] { d->set(str("c"), Value(3)); }));       // new key
    CHECK(changes_version(*d, [&] { d->set(str("a"), Value(10)); }));      // value replaced
    CHECK(changes_version(*d, [&] { d->set(intern("b"), Value(20)); }));   // by interned name
    CHECK(changes_version(*d, [&] { CHECK(d->erase(str("c"))); }));        // del d[k]
    CHECK(changes_version(*d, [&] { CHECK(d->erase(intern("b"))); }));    // pop by name
    auto other = two_keys();
    CHECK(changes_version(*d, [&] { d->update(*other); }));                // update
    CHECK(changes_version(*d, [&] { d->update(Dict()); }));                // update with nothing
    CHECK(changes_version(*d, [&] { d->clear(); }));
}

TEST_CASE("deleting a missing dict key leaves the version alone") {
    auto d = two_keys();
    CHECK_FALSE(changes_version(*d, [&] { CHECK_FALSE(d->erase(str("zz"))); }));
}

TEST_CASE("setting or deleting an attribute changes the holder's version") {
    auto cls = make_ref<Class>(intern("Config"), nullptr);
    auto inst = make_ref<Instance>(cls);
    CHECK(changes_version(*inst, [&] { inst->set_attr(intern("scale"), Value(2)); }));
    CHECK(changes_version(*inst, [&] { inst->set_attr(intern("scale"), Value(3)); }));
    CHECK(changes_version(*inst, [&] { CHECK(inst->del_attr(intern("scale"))); }));
    CHECK(changes_version(*cls, [&] { cls->dict()->set(intern("limit"), Value(8)); }));
    auto mod = make_ref<Module>(intern("m"));
    CHECK(changes_version(*mod, [&] { mod->dict()->set(intern("g"), Value(1)); }));
    CHECK(changes_version(*mod, [&] { mod->dict()->erase(intern("g")); }));
}

TEST_CASE("rebinding a function's defaults, closure or code changes its version") {
    auto globals = make_ref<Dict>();
    auto fn = make_ref<Function>(Value(), globals, intern("f"), intern("f"));
    CHECK(changes_version(*fn, [&] { fn->set_defaults(tuple({Value(1)})); }));
    CHECK(changes_version(*fn, [&] { fn->set_closure(tuple({make_value<Cell>(Value(2))})); }));
    CHECK(changes_version(*fn, [&] { fn->set_code(Value()); }));
}

TEST_CASE("reads never change a version") {
    auto l = three();
    auto d = two_keys();
    auto cls = make_ref<Class>(intern("C"), nullptr);
    cls->dict()->set(intern("k"), Value(1));
    auto inst = make_ref<Instance>(cls);
    inst->set_attr(intern("x"), Value(1));
    auto lv = l->version(), dv = d->version(), iv = inst->version(), cv = cls->version();

    (void)l->at(0);
    (void)l->at(-1);
    (void)l->size();
    (void)l->items();
    (void)d->find(str("a"));
    (void)d->find(intern("b"));
    (void)d->find(str("missing"));
    (void)d->contains(str("a"));
    d->for_each([](const Value&, const Value&) {});
    (void)inst->find_attr(intern("x"));
    (void)inst->find_attr(intern("nope"));
    (void)cls->lookup(intern("k"));
    (void)repr(Value(l));
    (void)repr(Value(d));
    (void)hash_value(tuple({Value(1)}));
    (void)equals(Value(l), Value(l));

    CHECK(l->version() == lv);
    CHECK(d->version() == dv);
    CHECK(inst->version() == iv);
    CHECK(cls->version() == cv);
}
