// Unique, readable node names: `mul`, `mul_1`, `sum_1` (a name never shadows
// a Python builtin or keyword, so `x.sum()` is `sum_1`, as in torch.fx).
// Counterpart: torch/fx/graph.py's _Namespace.create_name.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

STANDIN_NAMESPACE_BEGIN

namespace detail {

// Python 3.11's keywords and builtins, plus the names FX puts in every
// generated module's globals (inf, nan, NoneType, torch, device, fx_pytree,
// pytree). Sorted for binary search.
inline constexpr std::array<std::string_view, 196> illegal_names = {
    "ArithmeticError", "AssertionError", "AttributeError", "BaseException", "BaseExceptionGroup",
    "BlockingIOError", "BrokenPipeError", "BufferError", "BytesWarning", "ChildProcessError",
    "ConnectionAbortedError", "ConnectionError", "ConnectionRefusedError", "ConnectionResetError",
    "DeprecationWarning", "EOFError", "Ellipsis", "EncodingWarning", "EnvironmentError",
    "Exception", "ExceptionGroup", "False", "FileExistsError", "FileNotFoundError",
    "FloatingPointError", "FutureWarning", "GeneratorExit", "IOError", "ImportError",
    "ImportWarning", "IndentationError", "IndexError", "InterruptedError", "IsADirectoryError",
    "KeyError", "KeyboardInterrupt", "LookupError", "MemoryError", "ModuleNotFoundError",
    "NameError", "None", "NoneType", "NotADirectoryError", "NotImplemented", "NotImplementedError",
    "OSError", "OverflowError", "PendingDeprecationWarning", "PermissionError",
    "ProcessLookupError", "RecursionError", "ReferenceError", "ResourceWarning", "RuntimeError",
    "RuntimeWarning", "StopAsyncIteration", "StopIteration", "SyntaxError", "SyntaxWarning",
    "SystemError", "SystemExit", "TabError", "TimeoutError", "True", "TypeError",
    "UnboundLocalError", "UnicodeDecodeError", "UnicodeEncodeError", "UnicodeError",
    "UnicodeTranslateError", "UnicodeWarning", "UserWarning", "ValueError", "Warning",
    "ZeroDivisionError", "__build_class__", "__debug__", "__doc__", "__import__", "__loader__",
    "__name__", "__package__", "__spec__", "abs", "aiter", "all", "and", "anext", "any", "as",
    "ascii", "assert", "async", "await", "bin", "bool", "break", "breakpoint", "bytearray", "bytes",
    "callable", "chr", "class", "classmethod", "compile", "complex", "continue", "copyright",
    "credits", "def", "del", "delattr", "device", "dict", "dir", "divmod", "elif", "else",
    "enumerate", "eval", "except", "exec", "exit", "filter", "finally", "float", "for", "format",
    "from", "frozenset", "fx_pytree", "getattr", "global", "globals", "hasattr", "hash", "help",
    "hex", "id", "if", "import", "in", "inf", "input", "int", "is", "isinstance", "issubclass",
    "iter", "lambda", "len", "license", "list", "locals", "map", "max", "memoryview", "min", "nan",
    "next", "nonlocal", "not", "object", "oct", "open", "or", "ord", "pass", "pow", "print",
    "property", "pytree", "quit", "raise", "range", "repr", "return", "reversed", "round", "set",
    "setattr", "slice", "sorted", "staticmethod", "str", "sum", "super", "torch", "try", "tuple",
    "type", "vars", "while", "with", "yield", "zip",
};

inline constexpr bool illegal_names_sorted() {
    for (std::size_t i = 1; i < illegal_names.size(); ++i)
        if (!(illegal_names[i - 1] < illegal_names[i])) return false;
    return true;
}
static_assert(illegal_names_sorted(), "illegal_names must stay sorted for binary search");

inline bool is_illegal_name(std::string_view name) noexcept {
    return std::binary_search(illegal_names.begin(), illegal_names.end(), name);
}

inline bool is_ident_char(char c) noexcept {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// FX's _name_regex `^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$`: splits `mul_12`
// into ("mul", "12"); false when `s` is not an identifier.
inline bool split_name(std::string_view s, std::string_view& base, std::string_view& digits) noexcept {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    for (char c : s)
        if (!is_ident_char(c)) return false;
    // The lazy base takes the shortest prefix after which `_\d+` ends the string.
    for (std::size_t cut = 1; cut + 1 < s.size(); ++cut) {
        if (s[cut] != '_') continue;
        std::string_view rest = s.substr(cut + 1);
        if (!rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) {
                return std::isdigit(static_cast<unsigned char>(c));
            })) {
            base = s.substr(0, cut);
            digits = rest;
            return true;
        }
    }
    base = s;
    digits = {};
    return true;
}

}  // namespace detail

class Namespace {
public:
    // A name based on `candidate` that no earlier call returned: illegal
    // characters become `_`, a clash or a builtin's name gets a `_N` suffix.
    std::string create_name(std::string_view candidate_in) {
        std::string candidate(candidate_in);
        std::string_view base, digits;
        if (!detail::split_name(candidate, base, digits)) {
            std::string cleaned;
            bool in_run = false;
            for (char c : candidate) {
                if (detail::is_ident_char(c)) {
                    cleaned += c;
                    in_run = false;
                } else if (!in_run) {
                    cleaned += '_';
                    in_run = true;
                }
            }
            if (cleaned.empty()) cleaned = "_unnamed";
            if (std::isdigit(static_cast<unsigned char>(cleaned[0]))) cleaned.insert(0, "_");
            candidate = std::move(cleaned);
            detail::split_name(candidate, base, digits);
        }
        std::string base_str(base);
        std::int64_t num = 0;
        if (digits.empty() || used_.contains(candidate)) {
            auto it = base_count_.find(candidate);
            num = it == base_count_.end() ? 0 : it->second;
            if (detail::is_illegal_name(candidate)) {
                ++num;
                candidate = base_str + "_" + std::to_string(num);
            }
        } else {
            num = std::stoll(std::string(digits));
        }
        while (used_.contains(candidate)) {
            ++num;
            candidate = base_str + "_" + std::to_string(num);
        }
        used_.insert(candidate);
        base_count_[base_str] = num;
        return candidate;
    }

    bool used(std::string_view name) const { return used_.contains(std::string(name)); }

private:
    std::unordered_set<std::string> used_;
    std::unordered_map<std::string, std::int64_t> base_count_;
};

STANDIN_NAMESPACE_END
