// A hand-built frame for source and guard tests: a code object naming the
// locals, the local values, a globals dict and the interpreter settings.
#pragma once

#include <standin/guards.hpp>
#include <standin/source.hpp>

#include <initializer_list>
#include <string_view>
#include <vector>

namespace standin::testing {

struct TestFrame {
    ref<Code> code = make_ref<Code>();
    std::vector<Value> locals;
    ref<Dict> globals = make_ref<Dict>();
    GlobalState state;

    explicit TestFrame(std::initializer_list<std::string_view> local_names = {}) {
        for (auto n : local_names) code->varnames.push_back(intern(n));
        locals.resize(local_names.size(), Value::null());
    }
    void set_local(std::string_view name, Value v) {
        for (std::size_t i = 0; i < code->varnames.size(); ++i)
            if (code->varnames[i] == intern(name)) locals[i] = std::move(v);
    }
    void set_global(std::string_view name, Value v) { globals->set(intern(name), std::move(v)); }
    FrameView view() const { return FrameView{code.get(), locals, globals.get(), &state}; }
};

inline ref<Class> make_class(std::string_view name, ref<Class> base = nullptr) {
    return make_ref<Class>(intern(name), std::move(base));
}

inline ref<Instance> make_instance(const ref<Class>& cls,
                                   std::initializer_list<std::pair<std::string_view, Value>> attrs = {}) {
    auto inst = make_ref<Instance>(cls);
    for (const auto& [k, v] : attrs) inst->set_attr(intern(k), v);
    return inst;
}

inline Value float_tensor(std::initializer_list<std::int64_t> sizes) {
    std::vector<std::int64_t> shape(sizes);
    return zeros(std::span<const std::int64_t>(shape), dtype::float32);
}

}  // namespace standin::testing
