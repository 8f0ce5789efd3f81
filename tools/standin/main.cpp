// standin: run or disassemble a guest Python-subset program.
//
//   standin run FILE.py [ARGS]  run a script, ARGS in sys.argv[1:] (exit 1 on an uncaught exception, 2 on a syntax error)
//   standin run --compile-all [--stats] [--logs LIST] FILE.py
//                           the same, with every function frame compiled (torch.compile, "eager")
//   standin dis FILE.py     print the bytecode of every code object in FILE.py
//   standin -c CODE         run CODE given on the command line
//   standin --help | --version
#include <standin/standin.hpp>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr std::string_view usage =
    "usage: standin <command> [args]\n"
    "\n"
    "commands:\n"
    "  run [options] FILE.py [ARGS]\n"
    "                   run a guest program (a Python subset) on standin's interpreter\n"
    "      --compile-all   compile every function frame as torch.compile(backend=\"eager\") would\n"
    "                      (the analog of PYTORCH_TEST_WITH_DYNAMO=1)\n"
    "      --stats         after the run, print to stderr how many frames were compiled and\n"
    "                      how many fell back to eager\n"
    "      --logs LIST     Dynamo's logs: guards,graph_code,graph_breaks,recompiles,bytecode\n"
    "                      (also from STANDIN_LOGS or TORCH_LOGS)\n"
    "  dis FILE.py      disassemble every code object of FILE.py, as Python's dis does\n"
    "  -c CODE          run CODE\n"
    "  --help           show this help\n"
    "  --version        show standin's version\n"
    "\n"
    "exit status: 0 on success, 1 on an uncaught guest exception (traceback on stderr),\n"
    "2 on a syntax error or a file that cannot be read.\n";

bool read_file(const std::string& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return false;
    std::ostringstream ss;
    ss << in.rdbuf();
    out = ss.str();
    return true;
}

int report(const standin::Error& e) {
    std::cout.flush();
    std::cerr << e.traceback() << e.what() << '\n';
    std::cerr.flush();
    return dynamic_cast<const standin::SyntaxError*>(&e) ? 2 : 1;
}

// An uncaught SystemExit ends the program as CPython's does: no traceback;
// the status is its code (None is 0; anything else but an int is printed
// to stderr, and the status is 1). Nothing for another exception.
std::optional<int> system_exit_status(standin::Interpreter& vm, const standin::Error& e) {
    auto* g = dynamic_cast<const standin::GuestException*>(&e);
    const standin::Value* cls = vm.builtins().find(standin::intern("SystemExit"));
    if (!g || !cls || !cls->is<standin::Class>() || !vm.isinstance(g->exception(), cls->as<standin::Class>()))
        return std::nullopt;
    std::cout.flush();
    try {
        const standin::Value code = vm.getattr(g->exception(), standin::intern("code"));
        if (code.is_none()) return 0;
        if (code.is_int()) return static_cast<int>(code.as_int() & 0xff);
        std::cerr << vm.str(code) << '\n';
    } catch (const standin::Error&) {
    }
    return 1;
}

struct RunOptions {
    bool compile_all = false;
    bool stats = false;
    std::string logs;
};

// sys.argv as CPython sets it: the script's path (or "-c") and the
// arguments after it.
std::vector<std::string> script_argv(std::string first, int argc, char** argv, int rest) {
    std::vector<std::string> out{std::move(first)};
    for (int i = rest; i < argc; ++i) out.emplace_back(argv[i]);
    return out;
}

int run_source(const std::string& source, const std::string& filename, const std::vector<std::string>& args,
               const RunOptions& options = {}) {
    int status = 0;
    standin::Interpreter vm;
    if (!options.logs.empty()) standin::set_dynamo_logs(vm, options.logs);
    if (options.compile_all) standin::compile_all_frames(vm);
    try {
        std::vector<standin::Value> items;
        for (const std::string& a : args) items.push_back(standin::str(a));
        vm.setattr(vm.import_module(standin::intern("sys"), standin::Value()), standin::intern("argv"),
                   standin::list(std::move(items)));
        // A script's path is its __file__, as CPython sets it.
        if (!filename.starts_with("<")) vm.globals().set(standin::intern("__file__"), standin::str(filename));
        vm.exec(source, filename);
    } catch (const standin::Error& e) {
        const std::optional<int> exit_status = system_exit_status(vm, e);
        status = exit_status ? *exit_status : report(e);
    }
    std::cout.flush();
    if (options.stats) {
        const standin::DynamoStats s = standin::dynamo_stats(vm);
        std::cerr << "frames compiled: " << s.frames_compiled << "\nframes run eagerly after a graph break: "
                  << s.frames_eager << "\nframes with nothing to compile: " << s.frames_skipped << '\n';
    }
    return status;
}

}  // namespace

int main(int argc, char** argv) {
    std::ios::sync_with_stdio(false);
    if (argc < 2) {
        std::cerr << usage;
        return 2;
    }
    const std::string_view command = argv[1];
    if (command == "--help" || command == "-h" || command == "help") {
        std::cout << usage;
        return 0;
    }
    if (command == "--version" || command == "-V") {
        std::cout << "standin " << standin::version_string() << '\n';
        return 0;
    }
    if (command == "-c") {
        if (argc < 3) {
            std::cerr << "standin: -c needs an argument\n";
            return 2;
        }
        return run_source(argv[2], "<string>", script_argv("-c", argc, argv, 3));
    }
    if (command != "run" && command != "dis") {
        // `standin FILE.py` runs it, like `python3 FILE.py`.
        if (command.size() > 3 && command.substr(command.size() - 3) == ".py") {
            std::string source;
            if (!read_file(argv[1], source)) {
                std::cerr << "standin: can't open file '" << argv[1] << "': No such file or directory\n";
                return 2;
            }
            return run_source(source, argv[1], script_argv(argv[1], argc, argv, 2));
        }
        std::cerr << "standin: unknown command '" << command << "'\n" << usage;
        return 2;
    }
    RunOptions options;
    int arg = 2;
    for (; arg < argc && command == "run" && std::string_view(argv[arg]).starts_with("--"); ++arg) {
        const std::string_view opt = argv[arg];
        if (opt == "--compile-all") {
            options.compile_all = true;
        } else if (opt == "--stats") {
            options.stats = true;
        } else if (opt == "--logs" && arg + 1 < argc) {
            options.logs = argv[++arg];
        } else if (opt.starts_with("--logs=")) {
            options.logs = std::string(opt.substr(7));
        } else {
            std::cerr << "standin run: unknown option '" << opt << "'\n" << usage;
            return 2;
        }
    }
    if (arg >= argc) {
        std::cerr << "standin " << command << ": missing FILE.py\n" << usage;
        return 2;
    }
    const std::string path = argv[arg];
    std::string source;
    if (!read_file(path, source)) {
        std::cerr << "standin: can't open file '" << path << "': No such file or directory\n";
        return 2;
    }
    if (command == "run") return run_source(source, path, script_argv(path, argc, argv, arg + 1), options);
    try {
        standin::ref<standin::Code> code = standin::compile_source(source, path);
        std::cout << standin::disassemble(*code);
    } catch (const standin::Error& e) {
        return report(e);
    }
    return 0;
}
