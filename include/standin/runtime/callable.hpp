// Guest callables and closure cells: user functions (code + globals +
// defaults + closure), bound methods, builtin functions implemented in C++,
// and cells. The language layer supplies code objects and the call protocol.
// Counterpart: CPython's funcobject.c, methodobject.c, cellobject.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/dict.hpp>

#include <span>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

class Interpreter;  // defined by vm/; builtins receive the one calling them

// A closure cell; its version changes whenever its contents are rebound.
class Cell final : public Object, public Versioned {
public:
    static constexpr Kind static_kind = Kind::cell;

    Cell() : Object(Kind::cell), contents_(Value::null()) {}
    explicit Cell(Value contents) : Object(Kind::cell), contents_(std::move(contents)) {}

    bool empty() const noexcept { return contents_.is_null(); }
    const Value& get() const noexcept { return contents_; }
    void set(Value v) noexcept {
        contents_ = std::move(v);
        bump_version();
    }

private:
    Value contents_;
};

class Function final : public Object, public Versioned {
public:
    static constexpr Kind static_kind = Kind::function;

    Function(Value code, ref<Dict> globals, Str* name, Str* qualname)
        : Object(Kind::function), code_(std::move(code)), globals_(std::move(globals)),
          name_(name), qualname_(qualname), dict_(make_ref<Dict>()) {}

    const Value& code() const noexcept { return code_; }
    Dict* globals() const noexcept { return globals_.get(); }
    Str* name() const noexcept { return name_; }
    Str* qualname() const noexcept { return qualname_; }
    // __defaults__: a tuple, or None.
    const Value& defaults() const noexcept { return defaults_; }
    // __closure__: a tuple of cells, or None.
    const Value& closure() const noexcept { return closure_; }
    // Attributes set on the function object (decorators do this).
    Dict* dict() const noexcept { return dict_.get(); }
    // __doc__ and __module__ once assigned (null: the code's docstring, and
    // the globals' __name__). Like __name__, they are slots, not in __dict__.
    const Value& doc_override() const noexcept { return doc_; }
    const Value& module_override() const noexcept { return module_; }

    // Each rebinding below changes version().
    void set_code(Value code) {
        code_ = std::move(code);
        bump_version();
    }
    void set_defaults(Value defaults) {
        defaults_ = std::move(defaults);
        bump_version();
    }
    void set_closure(Value closure) {
        closure_ = std::move(closure);
        bump_version();
    }
    void set_name(Str* interned) {
        name_ = interned;
        bump_version();
    }
    void set_qualname(Str* interned) {
        qualname_ = interned;
        bump_version();
    }
    void set_doc(Value doc) {
        doc_ = std::move(doc);
        bump_version();
    }
    void set_module(Value module) {
        module_ = std::move(module);
        bump_version();
    }

private:
    Value code_;
    ref<Dict> globals_;
    Str* name_;      // interned
    Str* qualname_;  // interned
    Value defaults_;
    Value closure_;
    ref<Dict> dict_;
    Value doc_ = Value::null();
    Value module_ = Value::null();
};

class BoundMethod final : public Object {
public:
    static constexpr Kind static_kind = Kind::bound_method;

    BoundMethod(Value function, Value self)
        : Object(Kind::bound_method), function_(std::move(function)), self_(std::move(self)) {}

    const Value& function() const noexcept { return function_; }
    const Value& self() const noexcept { return self_; }

private:
    Value function_;
    Value self_;
};

struct KwArg {
    Str* name;  // interned
    Value value;
};

namespace detail {
// How code below the interpreter (the graph interpreter) calls guest code:
// the interpreter running on this thread installs it, as it installs the
// instance hooks (vm::InstanceHooksScope).
struct GuestCallHook {
    // Calls fn with grad mode `grad_enabled` (the mode the trace recorded the call under).
    Value (*call)(void* context, const Value& fn, std::span<const Value> args, std::span<const KwArg> kwargs,
                  bool grad_enabled) = nullptr;
    void* context = nullptr;
};
inline GuestCallHook& guest_call_hook() noexcept {
    static thread_local GuestCallHook hook;
    return hook;
}
}  // namespace detail

// A function implemented in C++. `self` is the bound receiver for builtin
// methods (`xs.append`), None for plain functions (`len`).
class Class;

class Builtin final : public Object {
public:
    static constexpr Kind static_kind = Kind::builtin;
    using Fn = Value (*)(Interpreter& vm, const Value& self, std::span<const Value> args,
                         std::span<const KwArg> kwargs);

    Builtin(Str* name, Fn fn, Value self = Value(), const void* data = nullptr)
        : Object(Kind::builtin), name_(name), fn_(fn), self_(std::move(self)), data_(data) {}

    Str* name() const noexcept { return name_; }
    Fn fn() const noexcept { return fn_; }
    const Value& self() const noexcept { return self_; }
    // Static data the implementation may need (an op table entry, say).
    const void* data() const noexcept { return data_; }
    // A built-in type's method (str.upper): its type, whose instances alone
    // it applies to when called unbound (str.upper(1) is a TypeError).
    Class* owner() const noexcept { return owner_; }
    void set_owner(Class* cls) noexcept { owner_ = cls; }

private:
    Str* name_;
    Fn fn_;
    Value self_;
    const void* data_;
    Class* owner_ = nullptr;
};

STANDIN_NAMESPACE_END
