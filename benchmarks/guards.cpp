// The per-call guard check, the hot path of every compiled call.
// (a) The seed premise — TENSOR_MATCH on L['x'] and G['cfg'].scale == 2 —
//     through the runtime tree, the static expression template, a hand-written
//     C++ check of the same conditions, and a naive baseline that resolves
//     every source by name and checks each guard on its own.
// (b) A module-like object graph of 100 layers with about 1000 guards, nothing
//     mutated, with the version shortcut off and on.
// Targets: seed tree <= 30 ns; static within 1.5x of hand-written;
// 1000-guard tree <= 2 us (shortcut off) and <= 200 ns (on).
#include <standin/guards.hpp>
#include <standin/source.hpp>

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace {

using namespace standin;

struct SeedWorld {
    ref<Code> code = make_ref<Code>();
    std::vector<Value> locals;
    ref<Dict> globals = make_ref<Dict>();
    ref<Class> cls = make_ref<Class>(intern("Config"), nullptr);
    ref<Instance> cfg = make_ref<Instance>(cls);
    GlobalState state;

    SeedWorld() {
        code->varnames = {intern("x")};
        locals.push_back(zeros({3}, dtype::float32));
        cfg->set_attr(intern("scale"), Value(2));
        cfg->set_attr(intern("bias"), Value(0.5));
        globals->set(intern("cfg"), Value(cfg));
        globals->set(intern("other"), Value(1));
    }
    FrameView view() const { return {code.get(), locals, globals.get(), &state}; }
};

void BM_seed_tree(benchmark::State& st) {
    SeedWorld w;
    RootGuardManager root(w.code.get());
    root.add(Source::local("x"), TensorMatch{dtype::float32, false, {3}, {1}});
    root.add(Source::global("cfg")->attr("scale"), EqualsMatch{Value(2)});
    FrameView f = w.view();
    if (!root.check(f)) st.SkipWithError("seed premise failed");
    for (auto _ : st) benchmark::DoNotOptimize(root.check(f));
}
BENCHMARK(BM_seed_tree);

void BM_seed_static(benchmark::State& st) {
    SeedWorld w;
    auto premise = (G<"cfg">.attr<"scale">() == 2) && tensor_match(L<"x">(), dtype::float32, {3});
    FrameView f = w.view();
    if (!evaluate(premise, f)) st.SkipWithError("seed premise failed");
    for (auto _ : st) {
        benchmark::DoNotOptimize(f);
        benchmark::DoNotOptimize(evaluate(premise, f));
    }
}
BENCHMARK(BM_seed_static);

// What a person would write by hand for the same conditions, with the names
// interned and the slots found once.
void BM_seed_handwritten(benchmark::State& st) {
    SeedWorld w;
    Str* cfg_name = intern("cfg");
    Str* scale_name = intern("scale");
    FrameView f = w.view();
    std::uint32_t cfg_hint = 0, scale_hint = 0;
    auto check = [&] {
        const Value& x = f.localsplus[0];
        auto* t = x.dyn<Tensor>();
        if (!t || t->dtype() != dtype::float32 || t->requires_grad() || t->dim() != 1 || t->sizes()[0] != 3 ||
            t->strides()[0] != 1)
            return false;
        const Value* cfg = f.globals->find(cfg_name, cfg_hint);
        if (!cfg) return false;
        auto* inst = cfg->dyn<Instance>();
        if (!inst) return false;
        const Value* scale = inst->dict()->find(scale_name, scale_hint);
        return scale && scale->is_int() && scale->as_int() == 2;
    };
    if (!check()) st.SkipWithError("seed premise failed");
    for (auto _ : st) {
        benchmark::DoNotOptimize(f);
        benchmark::DoNotOptimize(check());
    }
}
BENCHMARK(BM_seed_handwritten);

// Every guard on its own, every source resolved by its name from scratch:
// what evaluating Dynamo's guard code strings one by one amounts to.
void BM_seed_naive(benchmark::State& st) {
    SeedWorld w;
    FrameView f = w.view();
    const std::vector<std::pair<const Source*, LeafGuard>> guards = {
        {Source::local("x"), TensorMatch{dtype::float32, false, {3}, {1}}},
        {Source::global("cfg")->attr("scale"), EqualsMatch{Value(2)}},
    };
    auto check = [&] {
        for (const auto& [source, leaf] : guards) {
            // Fetch by name: the names are hashed again on every lookup.
            Value v;
            try {
                v = resolve(source, f);
            } catch (const Error&) {
                return false;
            }
            if (!check_leaf(leaf, v)) return false;
        }
        return true;
    };
    if (!check()) st.SkipWithError("seed premise failed");
    for (auto _ : st) benchmark::DoNotOptimize(check());
}
BENCHMARK(BM_seed_naive);

// ---- 100 layers, ~1000 guards ---------------------------------------------
struct LayersWorld {
    ref<Code> code = make_ref<Code>();
    std::vector<Value> locals;
    ref<Dict> globals = make_ref<Dict>();
    GlobalState state;
    std::size_t guards = 0;

    static constexpr int layer_count = 100;

    void build(RootGuardManager& r) {
        locals.push_back(zeros({8, 16}, dtype::float32));
        auto module_cls = make_ref<Class>(intern("Linear"), nullptr);
        auto cfg_cls = make_ref<Class>(intern("LayerConfig"), nullptr);
        auto model_cls = make_ref<Class>(intern("Model"), nullptr);
        auto model = make_ref<Instance>(model_cls);
        std::vector<Value> layers;
        const Source* m = Source::global("model");
        r.add(Source::local("x"), TensorMatch{dtype::float32, false, {8, 16}, {16, 1}});
        r.add(m, TypeMatch{type_id(Value(model)), "Model"});
        r.add(m->attr("training"), BoolMatch{false});
        r.add(m->attr("layers"), SequenceLength{layer_count});
        model->set_attr(intern("training"), Value(false));
        for (int i = 0; i < layer_count; ++i) {
            auto layer = make_ref<Instance>(module_cls);
            auto cfg = make_ref<Instance>(cfg_cls);
            cfg->set_attr(intern("scale"), Value(1.0 + i));
            cfg->set_attr(intern("eps"), Value(1e-5));
            layer->set_attr(intern("weight"), zeros({16, 16}, dtype::float32));
            layer->set_attr(intern("bias"), zeros({16}, dtype::float32));
            layer->set_attr(intern("in_features"), Value(16));
            layer->set_attr(intern("out_features"), Value(16));
            layer->set_attr(intern("act"), Value::borrow(intern("relu")));
            layer->set_attr(intern("training"), Value(false));
            layer->set_attr(intern("cfg"), Value(cfg));
            const Source* l = m->attr("layers")->item(i);
            r.add(l, TypeMatch{type_id(Value(layer)), "Linear"});
            r.add(l->attr("weight"), TensorMatch{dtype::float32, false, {16, 16}, {16, 1}});
            r.add(l->attr("bias"), TensorMatch{dtype::float32, false, {16}, {1}});
            r.add(l->attr("in_features"), EqualsMatch{Value(16)});
            r.add(l->attr("out_features"), EqualsMatch{Value(16)});
            r.add(l->attr("act"), EqualsMatch{Value::borrow(intern("relu"))});
            r.add(l->attr("training"), BoolMatch{false});
            r.add(l->attr("cfg"), TypeMatch{type_id(Value(cfg)), "LayerConfig"});
            r.add(l->attr("cfg")->attr("scale"), EqualsMatch{Value(1.0 + i)});
            r.add(l->attr("cfg")->attr("eps"), EqualsMatch{Value(1e-5)});
            layers.push_back(Value(layer));
        }
        model->set_attr(intern("layers"), list(std::move(layers)));
        globals->set(intern("model"), Value(model));
        guards = r.guard_count();
    }
    FrameView view() const { return {code.get(), locals, globals.get(), &state}; }
};

void run_layers(benchmark::State& st, bool shortcut) {
    LayersWorld w;
    w.code->varnames = {intern("x")};
    RootGuardManager root(w.code.get());
    w.build(root);
    root.set_version_shortcut(shortcut);
    FrameView f = w.view();
    if (!root.check(f)) st.SkipWithError("layers premise failed");
    for (auto _ : st) benchmark::DoNotOptimize(root.check(f));
    st.counters["guards"] = static_cast<double>(w.guards);
}
// The floor: the same 1004 conditions written out by hand in C++, every
// name interned once and every dict slot remembered, nothing skipped. No
// tree can beat this; it shows what the machine's memory allows.
void BM_layers1000_handwritten(benchmark::State& st) {
    LayersWorld w;
    w.code->varnames = {intern("x")};
    RootGuardManager unused(w.code.get());
    w.build(unused);
    FrameView f = w.view();
    Str* const model_name = intern("model");
    Str* const names[] = {intern("training"), intern("layers"), intern("weight"), intern("bias"),
                          intern("in_features"), intern("out_features"), intern("act"), intern("cfg"),
                          intern("scale"), intern("eps")};
    enum { training, layers, weight, bias, in_features, out_features, act, cfg, scale, eps };
    Str* const relu = intern("relu");
    const Value& model_value = *f.globals->find(model_name);
    const Class* model_cls = model_value.as<Instance>()->cls();
    const Value& first_layer = model_value.as<Instance>()->find_attr(names[layers])->as<List>()->items()[0];
    const Class* layer_cls = first_layer.as<Instance>()->cls();
    const Class* cfg_cls = first_layer.as<Instance>()->find_attr(names[cfg])->as<Instance>()->cls();
    std::uint32_t model_hint = 0, hints[2] = {}, layer_hints[LayersWorld::layer_count][10] = {};
    const std::int64_t w_sizes[] = {16, 16}, w_strides[] = {16, 1}, b_sizes[] = {16}, b_strides[] = {1};
    const std::int64_t x_sizes[] = {8, 16}, x_strides[] = {16, 1};
    auto equals_int = [](const Value* v, std::int64_t e) { return v && v->is_int() && v->as_int() == e; };
    auto equals_float = [](const Value* v, double e) { return v && v->is_float() && v->as_float() == e; };
    auto check = [&] {
        if (!tensor_matches(f.localsplus[0], dtype::float32, false, x_sizes, x_strides)) return false;
        const Value* model = f.globals->find(model_name, model_hint);
        if (!model || !model->is<Instance>() || model->as<Instance>()->cls() != model_cls) return false;
        const Dict* md = model->as<Instance>()->dict();
        const Value* tr = md->find(names[training], hints[0]);
        if (!tr || !tr->is_bool() || tr->as_bool()) return false;
        const Value* ls = md->find(names[layers], hints[1]);
        if (!ls || !ls->is<List>() || ls->as<List>()->size() != LayersWorld::layer_count) return false;
        const auto items = ls->as<List>()->items();
        for (int i = 0; i < LayersWorld::layer_count; ++i) {
            const Value& l = items[static_cast<std::size_t>(i)];
            if (!l.is<Instance>() || l.as<Instance>()->cls() != layer_cls) return false;
            const Dict* d = l.as<Instance>()->dict();
            std::uint32_t* h = layer_hints[i];
            const Value* v = d->find(names[weight], h[0]);
            if (!v || !tensor_matches(*v, dtype::float32, false, w_sizes, w_strides)) return false;
            v = d->find(names[bias], h[1]);
            if (!v || !tensor_matches(*v, dtype::float32, false, b_sizes, b_strides)) return false;
            if (!equals_int(d->find(names[in_features], h[2]), 16)) return false;
            if (!equals_int(d->find(names[out_features], h[3]), 16)) return false;
            v = d->find(names[act], h[4]);
            if (!v || !v->is<Str>() || v->object() != relu) return false;
            v = d->find(names[training], h[5]);
            if (!v || !v->is_bool() || v->as_bool()) return false;
            const Value* c = d->find(names[cfg], h[6]);
            if (!c || !c->is<Instance>() || c->as<Instance>()->cls() != cfg_cls) return false;
            const Dict* cd = c->as<Instance>()->dict();
            if (!equals_float(cd->find(names[scale], h[7]), 1.0 + i)) return false;
            if (!equals_float(cd->find(names[eps], h[8]), 1e-5)) return false;
        }
        return true;
    };
    if (!check()) st.SkipWithError("layers premise failed");
    for (auto _ : st) {
        benchmark::DoNotOptimize(f);
        benchmark::DoNotOptimize(check());
    }
}
BENCHMARK(BM_layers1000_handwritten);

void BM_layers1000_shortcut_off(benchmark::State& st) { run_layers(st, false); }
void BM_layers1000_shortcut_on(benchmark::State& st) { run_layers(st, true); }
BENCHMARK(BM_layers1000_shortcut_off);
BENCHMARK(BM_layers1000_shortcut_on);

}  // namespace

BENCHMARK_MAIN();
