// The embedding API: exec, globals, calls from C++, errors as standin::Error
// with the guest traceback, recovery after errors, and the eval-frame hook.
#include <standin/vm.hpp>

#include <doctest/doctest.h>

#include <sstream>
#include <string>
#include <vector>

using namespace standin;

TEST_CASE("exec defines globals that C++ reads and calls") {
    Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);
    vm.exec("def add(a, b=10):\n    return a + b\nx = add(1)\nprint('x is', x)\n", "m.py");
    CHECK(out.str() == "x is 11\n");
    CHECK(vm.global("x").as_int() == 11);
    Value r = vm.call(vm.global("add"), 2, 3);
    CHECK(r.as_int() == 5);
    CHECK(vm.call(vm.global("add"), std::string("a"), "b").as<Str>()->view() == "ab");
    CHECK(vm.eval("x * 2").as_int() == 22);
}

TEST_CASE("guest exceptions reach C++ as standin::Error with the traceback") {
    Interpreter vm;
    vm.exec("def inner(d):\n    return d['k']\ndef outer():\n    return inner({})\n", "err.py");
    try {
        vm.call(vm.global("outer"));
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(e.kind() == exc::KeyError);
        CHECK(std::string(e.what()) == "KeyError: 'k'");
        const std::string& tb = e.traceback();
        CHECK(tb.find("Traceback (most recent call last):") == 0);
        CHECK(tb.find("File \"err.py\", line 4, in outer") != std::string::npos);
        CHECK(tb.find("File \"err.py\", line 2, in inner") != std::string::npos);
        CHECK(tb.find("return d['k']") != std::string::npos);
    }
}

TEST_CASE("a message of several lines is in what(), not also in the traceback") {
    Interpreter vm;
    try {
        vm.exec("raise RuntimeError('a:\\n\\tb')\n", "m.py");
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(std::string(e.what()) == "RuntimeError: a:\n\tb");
        CHECK(e.traceback().find("RuntimeError: a:") == std::string::npos);
        CHECK(e.traceback().find("File \"m.py\", line 1") != std::string::npos);
    }
}

TEST_CASE("user exception classes keep their name and map to their built-in base") {
    Interpreter vm;
    try {
        vm.exec("class Oops(ValueError):\n    pass\nraise Oops('bad')\n", "u.py");
        FAIL("expected an error");
    } catch (const Error& e) {
        CHECK(e.kind() == exc::ValueError);
        CHECK(e.type_name() == "Oops");
        CHECK(e.message() == "bad");
    }
}

TEST_CASE("the interpreter runs more code after any error") {
    Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);
    CHECK_THROWS_AS(vm.exec("x = (", "a.py"), SyntaxError);
    CHECK_THROWS_AS(vm.exec("1 / 0", "b.py"), Error);
    CHECK_THROWS_AS(vm.exec("def f(): return f()\nf()", "c.py"), Error);
    vm.exec("print('still fine', 1 + 1)", "d.py");
    CHECK(out.str() == "still fine 2\n");
}

TEST_CASE("recursion is limited and the limit is configurable") {
    Interpreter vm;
    vm.exec("def depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\n", "r.py");
    CHECK(vm.call(vm.global("depth"), 500).as_int() == 500);
    vm.set_recursion_limit(100);
    try {
        vm.call(vm.global("depth"), 500);
        FAIL("expected RecursionError");
    } catch (const Error& e) {
        CHECK(e.kind() == exc::RecursionError);
    }
    vm.set_recursion_limit(5000);
    CHECK(vm.call(vm.global("depth"), 3000).as_int() == 3000);
}

namespace {
// Records the name of every frame it sees.
struct RecordingHook final : EvalFrameHook {
    std::vector<std::string> seen;
    ref<Code> eval_frame(Interpreter&, Frame& frame) override {
        seen.emplace_back(frame.code->name->view());
        return nullptr;
    }
};
// Runs `replacement` instead of any frame whose code is named `target`.
struct SubstitutingHook final : EvalFrameHook {
    std::string target;
    ref<Code> replacement;
    int substituted = 0;
    ref<Code> eval_frame(Interpreter&, Frame& frame) override {
        if (frame.code->name->view() != target) return nullptr;
        ++substituted;
        return replacement;
    }
};
}  // namespace

TEST_CASE("the eval-frame hook sees every frame: module, functions, classes, comprehensions") {
    Interpreter vm;
    RecordingHook hook;
    vm.set_eval_frame_hook(&hook);
    vm.exec("def f(x):\n    return [i for i in range(x)]\nclass C:\n    pass\nf(2)\nf(3)\n", "h.py");
    vm.set_eval_frame_hook(nullptr);
    std::vector<std::string> want{"<module>", "C", "f", "<listcomp>", "f", "<listcomp>"};
    CHECK(hook.seen == want);
}

TEST_CASE("the eval-frame hook can run a different code object over the same frame") {
    Interpreter vm;
    vm.exec("def scale(x, k=2):\n    return x * k\n", "s.py");
    // Compile the replacement as a function with the same parameters, take its code.
    vm.exec("def scale_plus_one(x, k=2):\n    return x * k + 1\n", "r.py");
    SubstitutingHook hook;
    hook.target = "scale";
    hook.replacement = ref<Code>(vm.global("scale_plus_one").as<Function>()->code().as<Code>());
    vm.set_eval_frame_hook(&hook);
    CHECK(vm.call(vm.global("scale"), 5).as_int() == 11);       // locals carried over: x=5, k=2
    CHECK(vm.eval("scale(3, k=10)").as_int() == 31);
    vm.set_eval_frame_hook(nullptr);
    CHECK(hook.substituted == 2);
    CHECK(vm.call(vm.global("scale"), 5).as_int() == 10);
}

TEST_CASE("frames expose their locals by name to the hook") {
    struct LocalsHook final : EvalFrameHook {
        std::int64_t x = -1;
        ref<Code> eval_frame(Interpreter&, Frame& frame) override {
            if (frame.code->name->view() == "f") x = frame.lookup_local(intern("x")).as_int();
            return nullptr;
        }
    } hook;
    Interpreter vm;
    vm.exec("def f(x):\n    return x\n", "l.py");
    vm.set_eval_frame_hook(&hook);
    vm.call(vm.global("f"), 42);
    vm.set_eval_frame_hook(nullptr);
    CHECK(hook.x == 42);
}

TEST_CASE("two interpreters in one process do not share globals") {
    Interpreter a, b;
    a.exec("x = 1", "a.py");
    b.exec("x = 2", "b.py");
    CHECK(a.global("x").as_int() == 1);
    CHECK(b.global("x").as_int() == 2);
}

TEST_CASE("host structs become guest instances") {
    Interpreter vm;
    auto cls = make_ref<Class>(intern("Cfg"), nullptr);
    auto inst = make_ref<Instance>(cls);
    inst->set_attr(intern("scale"), Value(std::int64_t{3}));
    vm.set_global("cfg", Value(inst));
    CHECK(vm.eval("cfg.scale * 2").as_int() == 6);
}
