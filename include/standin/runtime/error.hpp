// Guest exceptions as they cross C++ code: standin::Error carries the guest
// exception's class (one of the built-in kinds below, or a user class the vm
// attaches), its message, and the guest traceback once the vm has unwound.
// Counterpart: CPython's built-in exception hierarchy (Objects/exceptions.c).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

STANDIN_NAMESPACE_BEGIN

// The built-in exception classes of the guest language. Order matters only for
// `exc_base`, which encodes the part of CPython's hierarchy the subset needs.
enum class exc : std::uint8_t {
    BaseException,
    Exception,
    TypeError,
    ValueError,
    NameError,
    UnboundLocalError,
    AttributeError,
    LookupError,
    IndexError,
    KeyError,
    ArithmeticError,
    ZeroDivisionError,
    OverflowError,
    AssertionError,
    RuntimeError,
    RecursionError,
    NotImplementedError,
    StopIteration,
    ImportError,
    ModuleNotFoundError,
    SyntaxError,
    MemoryError,
    UnicodeDecodeError,
};

inline constexpr std::string_view exc_name(exc kind) noexcept {
    constexpr std::string_view names[] = {
        "BaseException",     "Exception",         "TypeError",       "ValueError",
        "NameError",         "UnboundLocalError", "AttributeError",  "LookupError",
        "IndexError",        "KeyError",          "ArithmeticError", "ZeroDivisionError",
        "OverflowError",     "AssertionError",    "RuntimeError",    "RecursionError",
        "NotImplementedError", "StopIteration",   "ImportError",     "ModuleNotFoundError",
        "SyntaxError",       "MemoryError",       "UnicodeDecodeError",
    };
    return names[static_cast<std::size_t>(kind)];
}

// The direct base class of each built-in exception, as in CPython.
inline constexpr exc exc_base(exc kind) noexcept {
    switch (kind) {
    case exc::BaseException:
    case exc::Exception: return exc::BaseException;
    case exc::UnboundLocalError: return exc::NameError;
    case exc::IndexError:
    case exc::KeyError: return exc::LookupError;
    case exc::ZeroDivisionError:
    case exc::OverflowError: return exc::ArithmeticError;
    case exc::RecursionError:
    case exc::NotImplementedError: return exc::RuntimeError;
    case exc::ModuleNotFoundError: return exc::ImportError;
    case exc::UnicodeDecodeError: return exc::ValueError;
    default: return exc::Exception;
    }
}

// True when `kind` is `base` or derives from it.
inline constexpr bool exc_is_subclass(exc kind, exc base) noexcept {
    for (;;) {
        if (kind == base) return true;
        if (kind == exc::BaseException) return false;
        kind = exc_base(kind);
    }
}

// A guest exception in flight through C++ frames. `what()` is the last line
// CPython would print: "KeyError: 'k'", or just the class name when the
// message is empty.
class Error : public std::exception {
public:
    Error(exc kind, std::string message)
        : kind_(kind), message_(std::move(message)), type_name_(exc_name(kind)) {
        rebuild_what();
    }

    exc kind() const noexcept { return kind_; }
    // The guest class name; differs from exc_name(kind()) for user exception
    // classes, which the vm maps onto their nearest built-in base.
    const std::string& type_name() const noexcept { return type_name_; }
    const std::string& message() const noexcept { return message_; }
    // "Traceback (most recent call last):\n  File ..." once the vm has unwound;
    // empty for errors raised outside guest code.
    const std::string& traceback() const noexcept { return traceback_; }

    void set_type_name(std::string name) {
        type_name_ = std::move(name);
        rebuild_what();
    }
    void set_traceback(std::string text) { traceback_ = std::move(text); }

    const char* what() const noexcept override { return what_.c_str(); }

private:
    void rebuild_what() {
        what_ = type_name_;
        if (!message_.empty()) {
            what_ += ": ";
            what_ += message_;
        }
    }

    exc kind_;
    std::string message_;
    std::string type_name_;
    std::string traceback_;
    std::string what_;
};

[[noreturn]] inline void raise(exc kind, std::string message) {
    throw Error(kind, std::move(message));
}

STANDIN_NAMESPACE_END
