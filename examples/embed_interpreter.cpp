// Embedding the interpreter: run guest code, read its globals, call guest
// functions from C++, catch guest errors with their traceback, and keep going.
// What it prints it also checks; a wrong result exits non-zero.
#include <standin/standin.hpp>

#include <iostream>
#include <sstream>

int main() {
    standin::Interpreter vm;
    std::ostringstream out;
    vm.set_output(out);  // guest print() goes here instead of std::cout

    vm.exec(R"(
def area(w, h=2):
    return w * h

class Counter:
    def __init__(self):
        self.n = 0
    def bump(self, k=1):
        self.n += k
        return self.n

counter = Counter()
print("ready", area(3))
)",
            "app.py");

    int failures = 0;
    auto check = [&](bool ok, const char* what) {
        std::cout << (ok ? "ok   " : "FAIL ") << what << '\n';
        failures += !ok;
    };

    check(out.str() == "ready 6\n", "print() output captured");
    check(vm.call(vm.global("area"), 4, 5).as_int() == 20, "call a guest function with C++ arguments");
    standin::Value bump = vm.getattr(vm.global("counter"), standin::intern("bump"));
    vm.call(bump);
    check(vm.call(bump, 10).as_int() == 11, "call a bound method; state persists");
    check(vm.eval("counter.n * 2").as_int() == 22, "evaluate an expression");

    try {
        vm.exec("def bad(d):\n    return d['missing']\nbad({})\n", "bad.py");
        check(false, "a guest KeyError reaches C++");
    } catch (const standin::Error& e) {
        std::cout << e.traceback() << e.what() << '\n';
        check(e.kind() == standin::exc::KeyError, "the error is a KeyError");
        check(e.traceback().find("line 2, in bad") != std::string::npos, "the traceback names file, line, function");
    }
    check(vm.call(vm.global("area"), 7).as_int() == 14, "the interpreter is still usable after the error");

    // The eval-frame hook (PEP 523's analog) sees every frame before it runs.
    struct CountFrames final : standin::EvalFrameHook {
        int frames = 0;
        standin::ref<standin::Code> eval_frame(standin::Interpreter&, standin::Frame&) override {
            ++frames;
            return nullptr;
        }
    } hook;
    vm.set_eval_frame_hook(&hook);
    vm.exec("area(1)\narea(2)\n", "hooked.py");
    vm.set_eval_frame_hook(nullptr);
    check(hook.frames == 3, "the hook saw the module frame and two calls");

    return failures == 0 ? 0 : 1;
}
