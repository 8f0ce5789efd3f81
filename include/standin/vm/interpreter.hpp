// The eager interpreter: one instance is one guest world (modules, builtins,
// types, the frame stack). It runs code objects, calls guest callables,
// implements the object protocol (attributes, operators, iteration) and
// exposes the eval-frame hook (PEP 523's analog) the tracer is built on.
// Counterpart: CPython's ceval.c, abstract.c, and the interpreter state.
//
// This header declares the class; its members are defined by the other vm/
// headers. Include <standin/vm.hpp> (or <standin/standin.hpp>) to use it.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/lang/compile.hpp>
#include <standin/lang/syntax_error.hpp>
#include <standin/runtime/global_state.hpp>
#include <standin/runtime/host_struct.hpp>
#include <standin/runtime/number.hpp>
#include <standin/runtime/repr.hpp>
#include <standin/vm/frame.hpp>
#include <standin/vm/objects.hpp>

#include <array>
#include <iosfwd>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// A guest exception crossing C++ code: the guest exception instance rides
// along, so `except` clauses see the very object that was raised.
class GuestException : public Error {
public:
    GuestException(Value exception, exc kind, std::string type_name, std::string message)
        : Error(kind, std::move(message)), exception_(std::move(exception)) {
        set_type_name(std::move(type_name));
    }
    const Value& exception() const noexcept { return exception_; }

private:
    Value exception_;
};

// PEP 523's analog: called before every frame runs, with its arguments bound.
// Returning a code object runs that code instead over the same frame state
// (locals, cells and free variables are carried over by name); returning
// null runs the frame's own code.
class EvalFrameHook {
public:
    virtual ref<Code> eval_frame(Interpreter& vm, Frame& frame) = 0;

protected:
    ~EvalFrameHook() = default;
};

namespace detail {
// Conversion of host arguments for Interpreter::call.
inline Value to_guest(Value v) { return v; }
inline Value to_guest(bool b) { return Value(b); }
template <std::integral I>
    requires(!std::same_as<I, bool>)
Value to_guest(I i) {
    return Value(static_cast<std::int64_t>(i));
}
inline Value to_guest(double d) { return Value(d); }
inline Value to_guest(float d) { return Value(static_cast<double>(d)); }
inline Value to_guest(const char* s) { return str(s); }
inline Value to_guest(std::string s) { return str(std::move(s)); }
inline Value to_guest(std::string_view s) { return str(std::string(s)); }
}  // namespace detail

namespace detail {
// Adds torch.compile and torch._dynamo (defined by dynamo/api.hpp).
STANDIN_DECL void install_dynamo(Interpreter& vm);
}  // namespace detail

class Interpreter {
public:
    Interpreter();
    ~Interpreter();
    Interpreter(const Interpreter&) = delete;
    Interpreter& operator=(const Interpreter&) = delete;

    // --- embedding ------------------------------------------------------------------
    // Compiles and runs `source` as the __main__ module. Raises SyntaxError or
    // the guest exception (a GuestException, whose traceback() is CPython's text).
    void exec(std::string_view source, const std::string& filename = "<string>");
    // Evaluates one expression in __main__'s globals.
    Value eval(std::string_view expression, const std::string& filename = "<string>");
    // Runs a compiled module code object in __main__'s globals.
    void run_code(const ref<Code>& code);
    // Compiles and runs `source` with `globals` as its module namespace (built-in modules).
    void exec_in(std::string_view source, const std::string& filename, Dict& globals);
    // exec_in for source text with static storage (the guest-code parts of
    // torch, builtins and the standard library): compiled once per thread and
    // the code object reused by every interpreter made on the thread.
    void exec_prelude(std::string_view source, const std::string& filename, Dict& globals);
    // A global of __main__ (NameError when absent).
    Value global(std::string_view name) const;
    void set_global(std::string_view name, Value v);
    Dict& globals() noexcept { return *main_->dict(); }
    Module& main_module() noexcept { return *main_; }
    Dict& builtins() noexcept { return *builtins_; }

    // Calls a guest callable; host arguments convert (ints, floats, bools, strings, Values).
    template <class... Args>
    Value call(const Value& callable, Args&&... args) {
        std::array<Value, sizeof...(Args)> values{detail::to_guest(std::forward<Args>(args))...};
        return call_from_host(callable, std::span<const Value>(values.data(), values.size()), {});
    }
    Value call_with(const Value& callable, std::span<const Value> args, std::span<const KwArg> kwargs = {}) {
        return call_from_host(callable, args, kwargs);
    }

    void set_recursion_limit(int limit) noexcept { recursion_limit_ = limit < 1 ? 1 : limit; }
    int recursion_limit() const noexcept { return recursion_limit_; }
    void set_output(std::ostream& out) noexcept { out_ = &out; }
    std::ostream& output() noexcept { return *out_; }
    // Installs `hook` (null to remove); returns the previous one.
    EvalFrameHook* set_eval_frame_hook(EvalFrameHook* hook) noexcept { return std::exchange(hook_, hook); }
    EvalFrameHook* eval_frame_hook() const noexcept { return hook_; }
    // Makes `module` importable as `name` ("torch.nn"); parents must exist for dotted names.
    void register_module(std::string_view name, ref<Module> module);
    ref<Module> find_module(std::string_view name) const;
    void sys_modules_add(std::string_view name, const ref<Module>& module);
    // collections._TupleBase: the class a class statement derives from in
    // tuple's place (class Pair(tuple)); importing collections makes it.
    Value tuple_subclass_base();
    HostClasses& host_classes() noexcept { return host_classes_; }
    // Interpreter-wide settings a compiled graph depends on (GLOBAL_STATE guards).
    GlobalState& global_state() noexcept { return global_state_; }
    const GlobalState& global_state() const noexcept { return global_state_; }
    // torch.nn.Module (set once torch.nn is made): attribute stores on its
    // instances order parameters and submodules as torch registers them.
    void set_nn_module_class(Class* cls) noexcept { nn_module_class_ = cls; }
    Class* nn_module_class() const noexcept { return nn_module_class_; }
    // 1 for a Parameter, 2 for an nn.Module instance, 0 for anything else.
    int module_member_kind(const Value& v) const noexcept;
    // torch's out= keyword (vm/torch.hpp): a public function of `ns` without an
    // `out` parameter, called with out=, runs as call_with_out(fn, *args,
    // **kwargs); write_out(result, out, name) stores a result into `out`.
    struct OutVariants {
        ref<Dict> ns;
        Value call_with_out, write_out;
        // Whether `fn`, called with out=, runs through call_with_out: a
        // public module-level function of `ns` that takes no `out` (nor **kwargs).
        bool redirects(const Function& fn) const;
    };
    OutVariants& out_variants() noexcept { return out_variants_; }
    // The frame running now (null between calls).
    Frame* current_frame() const noexcept { return frame_; }

    // --- the object protocol -----------------------------------------------------------
    Class* type_of(const Value& v);
    // The class of the VM's native objects named `type_name` (map, zip,
    // list_iterator, generator, ...): the iterator classes, made on first use.
    Class* native_class(std::string_view type_name);
    // A class of these bases (class_bases checks them as CPython's type_new
    // does; make_class gives the class its C3 MRO).
    std::vector<ref<Class>> class_bases(const std::vector<Value>& bases);
    ref<Class> make_class(Str* name, std::vector<ref<Class>> bases);
    bool isinstance(const Value& v, const Class* cls);
    Value getattr(const Value& obj, Str* name);
    // Attribute lookup that reports absence instead of raising AttributeError.
    bool try_getattr(const Value& obj, Str* name, Value& out);
    void setattr(const Value& obj, Str* name, Value v);
    void delattr(const Value& obj, Str* name);
    // object.__setattr__ / object.__delattr__: the stores setattr/delattr make
    // when the class defines no __setattr__ / __delattr__ of its own.
    void object_setattr(const Value& obj, Str* name, Value v);
    void object_delattr(const Value& obj, Str* name);
    // cls.__bases__ = v: checked as CPython checks it; the class's MRO and
    // its subclasses' MROs are computed again.
    void set_class_bases(Class* cls, const Value& v);
    Value bind_classmethod(const Value& fn, const Value& cls);
    // object.__getattribute__: the lookup without the class's own hook.
    Value object_getattribute(const Value& obj, Str* name);
    // Whether a looked-up __setattr__ / __delattr__ is the class's own (not
    // object's builtin); attr_hook: that hook of `cls`, or null.
    static bool is_attr_hook(const Value* h) noexcept { return h && h->kind() != Kind::builtin; }
    static const Value* attr_hook(const Class* cls, Str* name) {
        const Value* h = cls->lookup(name);
        return is_attr_hook(h) ? h : nullptr;
    }
    // A class attribute that is a guest object whose class defines `which`
    // (__get__; for a data descriptor also __set__ or __delete__;
    // __set_name__): that method, or null.
    static const Value* descriptor_method(const Value* attr, Str* which) {
        if (!attr || attr->kind() != Kind::instance) return nullptr;
        return attr->as<Instance>()->cls()->lookup(which);
    }
    // Whether replacing `old`, an attribute of module `m`, replaces a function
    // or class of torch or one of its submodules (F.relu = ...): a trace reads
    // those unguarded (torch's own code calls F.relu), so such a store moves
    // GlobalState::class_hierarchy, as a store to torch.Tensor's class or to a
    // function's __code__ does. Settings (torch._dynamo.config.x = True) do not.
    static bool torch_function_store(const Value& m, const Value& old) noexcept {
        const std::string_view n = m.as<Module>()->name()->view();
        if (n != "torch" && !n.starts_with("torch.")) return false;
        switch (old.kind()) {
        case Kind::function:
        case Kind::builtin:
        case Kind::bound_method:
        case Kind::class_: return true;
        default: return false;
        }
    }
    // Whether storing (or deleting) `v` under `name` in a class's dict changes
    // how its instances' attributes are found: a data descriptor (a property
    // or one written in Python), or an attribute hook. Such a store moves
    // GlobalState::class_hierarchy, so every compiled frame looks again
    // (guards read an instance attribute from its __dict__).
    bool class_store_moves_lookups(const Str* name, const Value& v) const {
        if (name == names_.getattribute_ || name == names_.getattr_ || name == names_.setattr_ || name == names_.delattr_)
            return true;
        if (v.kind() == Kind::native) return dynamic_cast<const Property*>(v.as<NativeObject>()) != nullptr;
        return is_data_descriptor(&v);
    }
    // A data descriptor written in Python: __get__ with __set__ or __delete__.
    // It answers before the instance's own attribute, as a property does.
    bool is_data_descriptor(const Value* attr) const {
        return descriptor_method(attr, names_.get_) &&
               (descriptor_method(attr, names_.set_) || descriptor_method(attr, names_.delete_));
    }
    // Whether an instance's own attribute answers before class attribute
    // `cattr` (the LOAD_ATTR/STORE_ATTR fast paths): none, or neither a
    // native attribute (property, classmethod, ...) nor a guest object that
    // could be a descriptor.
    static bool instance_dict_first(const Value* cattr) noexcept {
        return !cattr || (cattr->kind() != Kind::native && cattr->kind() != Kind::instance);
    }
    Value binary_op(BinaryOp op, const Value& a, const Value& b);
    Value unary_op(Opcode op, const Value& a);
    Value compare(CompareOp op, const Value& a, const Value& b);
    bool eq(const Value& a, const Value& b);
    bool lt(const Value& a, const Value& b);
    bool truthy(const Value& v);
    bool contains(const Value& container, const Value& item);
    std::int64_t len(const Value& v);
    Value getitem(const Value& container, const Value& key);
    void setitem(const Value& container, const Value& key, Value v);
    void delitem(const Value& container, const Value& key);
    // The same without a list or dict subclass's override: what
    // list.__getitem__(self, i) and super().__getitem__(i) run.
    Value getitem_base(const Value& container, const Value& key);
    // A slice whose bounds have __index__ (IntEnum members) as the slice of
    // their ints; any other key as it is.
    Value slice_of_indexes(const Value& key);
    void setitem_base(const Value& container, const Value& key, Value v);
    void delitem_base(const Value& container, const Value& key);
    // The guest method a list or dict subclass overrides `name` with, or
    // null; call_override calls it bound to `self`.
    const Value* subclass_override(const Value& v, Str* name);

    // A part of a guest-code module that compiles on first use (the rarer
    // torch functions): `source` runs in `module`'s dict the first time one
    // of its top-level names, or one of `also` (another module's names it
    // binds; "*": any name), is looked up there and missing. load_lazy_member runs the part
    // that provides `name`, if any, and says whether it did.
    // With `ns` (a prelude namespace the module's public names are copied
    // from, as torch's), the part runs there and its new public names are
    // copied into the module.
    void add_lazy_part(const ref<Module>& module, std::string_view source, std::string filename,
                       std::vector<std::pair<ref<Module>, std::string_view>> also = {}, ref<Dict> ns = {});
    bool load_lazy_member(const Module* module, const Str* name);
    // `import name` (fromlist None: the top package) or `from name import ...`.
    Value import_module(Str* name, const Value& fromlist);
    Value call_override(const Value& self, const Value& method, std::span<const Value> args);
    Value iter(const Value& v);
    // Steps an iterator made by iter(); false when exhausted.
    bool next(const Value& iterator, Value& out);
    // Resumes a generator with `sent`: true when it yielded `out`, false when it
    // finished (`out` is then what it returned).
    bool resume_generator(Generator& g, const Value& sent, Value& out);
    // gen.throw(exc): raises `exception` where the generator stopped; true when
    // it yielded `out` in response (false: it returned).
    bool throw_into_generator(Generator& g, const Value& exception, Value& out);
    // gen.close(): GeneratorExit where it stopped, so its finally blocks run.
    void close_generator(Generator& g);
    // A handle generators keep: empty once the interpreter is gone.
    std::weak_ptr<Interpreter*> lifetime() const { return lifetime_; }
    std::int64_t hash(const Value& v);
    std::string repr(const Value& v);
    // ascii(v), f"{v!a}", '%a': the repr with non-ASCII code points escaped.
    std::string ascii(const Value& v);
    std::string str(const Value& v);
    std::string format(const Value& v, std::string_view spec);
    // All items of an iterable.
    std::vector<Value> to_vector(const Value& iterable);
    Value call_value(const Value& callable, std::span<const Value> args, std::span<const KwArg> kwargs = {});
    Value call_method(const Value& obj, Str* name, std::span<const Value> args);
    [[noreturn]] void raise_exception(const Value& exception);
    // A new instance of a built-in exception class with `message` as its argument.
    Value new_exception(exc kind, std::string message);
    Class* exception_class(exc kind) const noexcept { return exc_classes_[static_cast<std::size_t>(kind)].get(); }
    // GeneratorExit (not an `exc` kind: generator.close() raises it, user code rarely does).
    Class* generator_exit_class() const noexcept { return generator_exit_.get(); }
    // The CPython-format report of an exception: traceback and last line.
    std::string format_exception(const Value& exception);       // with its chain, as an uncaught one prints
    std::string format_exception_only(const Value& exception);  // its own traceback and last line
    // The exception an except or finally block is handling now, or None (sys.exc_info).
    const Value& handled_exception() const noexcept { return handled_exception_; }
    Value not_implemented() const { return not_implemented_; }
    Dict& object_slots() { return *object_slots_; }
    // The Builtin being called right now: its data() lets one C++ function serve
    // many builtins (the torch ops read their op table entry from it).
    const Builtin* calling_builtin() const noexcept { return calling_builtin_; }
    // A single-character string (cached for ASCII).
    Value char_str(std::string_view ch);
    // Builtin function/method object helpers.
    Value make_builtin(std::string_view name, Builtin::Fn fn);
    void add_method(Class* cls, std::string_view name, Builtin::Fn fn);

    struct Types {
        ref<Class> object, type, int_, float_, bool_, str, list, tuple, dict, none, range, slice, function, method,
            builtin, module, cell, code, tensor, base_exception, property, staticmethod, classmethod, super,
            dict_keys, dict_values, dict_items, not_implemented, iterator, parameter, ordered_dict;
    };
    const Types& types() const noexcept { return types_; }

    // Names the vm looks up often, interned once.
    struct Names {
        Str *init, *call, *repr, *str, *len, *getitem, *setitem, *delitem, *contains, *iter, *next, *bool_, *eq, *ne,
            *lt, *le, *gt, *ge, *hash, *add, *radd, *new_, *name, *qualname, *module, *classcell, *args, *traceback,
            *dict, *class_, *enter, *exit, *doc, *getattr_, *setattr_, *delattr_, *getattribute_, *get_, *set_, *delete_, *set_name_, *kwdefaults, *main, *builtins, *format, *neg, *pos,
            *invert, *abs, *self, *defaults, *code, *func, *forward, *float_, *int_, *index;
        Str* binary[26];
        Str* rbinary[13];
    };
    const Names& names() const noexcept { return names_; }

private:
    struct LazyPart {
        ref<Module> module;
        ref<Dict> ns;  // null: the module's own dict
        std::string_view source;
        std::string filename;
        bool loaded = false;
    };
    std::vector<LazyPart> lazy_parts_;
    std::vector<std::tuple<const Module*, const Str*, std::size_t>> lazy_names_;  // (module, name, part)
    bool contains_by_iteration(const Value& container, const Value& item);
    // `hooks`: through the class's Python __getattribute__ (then __getattr__)
    // if it has one; false: object.__getattribute__, the lookup itself.
    bool getattr_instance(const Value& obj, Instance* inst, Str* name, Value& out, bool raise_missing = false,
                          bool hooks = true);
    Value lookup_attribute(const Value& obj, Str* name, bool hooks);
    friend struct VmAccess;
    // eval loop and calls (vm/eval.hpp, vm/call.hpp)
    Value call_from_host(const Value& callable, std::span<const Value> args, std::span<const KwArg> kwargs);
    Value run(Frame* frame, bool resume = false);
    bool step_generator(Generator& g, const Value& sent, const Value& thrown, Value& out);
    Frame* push_function_frame(Function* fn, Value* args, std::size_t nargs, const Value* kwnames, std::size_t nkw,
                               bool move_args);
    Frame* push_code_frame(const Code* code, Value function, Dict* globals, ref<Dict> locals);
    void pop_frame(Frame* f) noexcept;
    void bind_arguments(Frame* f, Function* fn, Value* args, std::size_t nargs, const Value* kwnames, std::size_t nkw,
                        bool move_args);
    Frame* apply_hook(Frame* f);
    Frame* enter_frame(Frame* pushed, Frame* caller);
    // the dispatch loop's cold instructions (vm/opcodes.hpp): each takes the
    // stack pointer and returns it moved
    Value* op_load_classderef(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_load_name(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_build_slice(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_build_map(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_build_string(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_list_extend(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_build_set(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_set_add(Frame* f, Value* sp, std::uint32_t arg, bool update);
    Value* op_dict_update(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_format_value(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_unpack_sequence(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_unpack_ex(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_call_function_ex(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_make_function(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_load_build_class(Frame* f, Value* sp, std::uint32_t arg);
    [[noreturn]] void op_raise_varargs(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_check_exc_match(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_import_from(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_import_star(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_before_with(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_with_except_start(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_store_name(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_delete_name(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_delete_global(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_import_name(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_delete_fast(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_delete_attr(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_delete_subscr(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_load_assertion_error(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_push_exc_info(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_pop_except(Frame* f, Value* sp, std::uint32_t arg);
    Value* op_send(Frame* f, Value* sp, std::uint32_t arg, const Instruction*& ip, const Instruction* code_start);
    Value call_with_kwnames(const Value& callable, const Value* args, std::size_t nargs, const Tuple* kwnames);
    Value call_class(Class* cls, std::span<const Value> args, std::span<const KwArg> kwargs);
    Value build_class(std::span<const Value> args, std::span<const KwArg> kwargs = {});

    Value exception_from_error(const Error& e);
    GuestException make_guest_exception(const Value& exception);
    void init_types();
    void init_exceptions();
    void init_builtins();
    void init_methods();
    void init_modules();
    Value binary_op_slow(BinaryOp op, const Value& a, const Value& b);
    bool instance_binary(BinaryOp op, const Value& a, const Value& b, Value& out);
    Value sequence_compare(CompareOp op, const Value& a, const Value& b);  // two lists or two tuples
    Value lookup_type_attr(const Value& obj, Class* cls, Str* name, bool& found);
    Value bind_class_attr(const Value& attr, const Value& obj, Class* cls);

    DataStack stack_;
    Frame* frame_ = nullptr;
    int depth_ = 0;
    int recursion_limit_ = 1000;
    EvalFrameHook* hook_ = nullptr;
    std::ostream* out_ = nullptr;  // std::cout, set by the constructor (vm/setup.hpp)
    ref<Dict> builtins_;
    ref<Module> main_;
    std::unordered_map<std::string, ref<Module>> modules_;
    Types types_;
    std::array<ref<Class>, static_cast<std::size_t>(exc::UnicodeDecodeError) + 1> exc_classes_;
    ref<Class> generator_exit_;
    Value pending_throw_ = Value::null();  // the exception a generator resumes with (throw/close)
    std::shared_ptr<Interpreter*> lifetime_ = std::make_shared<Interpreter*>(this);
    std::unordered_map<std::string, ref<Class>> native_classes_;
    Value handled_exception_;  // the exception an except/finally block is handling (sys.exc_info)
    Value not_implemented_;
    // object's slot methods read unbound (object.__repr__), one each, so `is` holds.
    ref<Dict> object_slots_ = make_ref<Dict>();
    std::array<Value, 128> ascii_chars_;
    Names names_{};
    HostClasses host_classes_;
    GlobalState global_state_;
    Class* nn_module_class_ = nullptr;  // kept alive by the torch.nn module
    OutVariants out_variants_;
    bool reraising_ = false;
    const Builtin* calling_builtin_ = nullptr;
    std::vector<Value> tracked_;  // objects that may sit in reference cycles
    std::size_t track_threshold_ = 4096;

public:
    // Raises RecursionError when the host stack is nearly exhausted (deep C++ recursion
    // through builtins, reprs, comparisons).
    void check_native_stack();
    // Registers an object for cycle breaking at destruction (containers, closures, instances).
    void track(const Value& v);
};

// Tensor support, defined by vm/torch.hpp.
STANDIN_DECL Value tensor_binary_op(Interpreter& vm, BinaryOp op, const Value& a, const Value& b);
// A tensor used where Python wants an int (Tensor.__index__: one element of an
// integer dtype): true and the int, else false.
STANDIN_DECL bool tensor_as_index(const Value& v, std::int64_t& out);
// v, or the int of a one-element integer tensor (a slice bound, a size).
inline Value index_value(const Value& v) {
    std::int64_t i;
    return v.kind() == Kind::tensor && tensor_as_index(v, i) ? Value(i) : v;
}
STANDIN_DECL Value tensor_unary_op(Interpreter& vm, Opcode op, const Value& a);
STANDIN_DECL Value tensor_compare(Interpreter& vm, CompareOp op, const Value& a, const Value& b);
STANDIN_DECL Value tensor_getitem(Interpreter& vm, const Value& t, const Value& key);
STANDIN_DECL void tensor_setitem(Interpreter& vm, const Value& t, const Value& key, const Value& v);
STANDIN_DECL bool tensor_truthy(const Value& t);
STANDIN_DECL bool tensor_is_parameter(const Value& t);
STANDIN_DECL std::int64_t tensor_len(const Value& t);
STANDIN_DECL std::string tensor_repr(const Value& t);
STANDIN_DECL Value tensor_iter(Interpreter& vm, const Value& t);
STANDIN_DECL std::string tensor_format(Interpreter& vm, const Value& t, std::string_view spec);
// repr of the torch module's native objects (dtypes, devices); false for others.
STANDIN_DECL bool torch_native_repr(const Value& v, std::string& out);

inline int Interpreter::module_member_kind(const Value& v) const noexcept {
    if (!nn_module_class_) return 0;
    if (v.kind() == Kind::instance) return v.as<Instance>()->cls()->is_subclass_of(nn_module_class_) ? 2 : 0;
    return v.kind() == Kind::tensor && tensor_is_parameter(v) ? 1 : 0;
}

namespace detail {
STANDIN_DECL std::int64_t vm_instance_hash(void* vm, const Value& v);
STANDIN_DECL bool vm_instance_equals(void* vm, const Value& a, const Value& b);
STANDIN_DECL Value vm_guest_call(void* vm, const Value& fn, std::span<const Value> args, std::span<const KwArg> kwargs,
                                 bool grad_enabled);

// Installs `vm`'s __hash__/__eq__ hooks for the runtime's dicts while the
// host runs guest code on this thread (runtime/compare.hpp).
class InstanceHooksScope {
public:
    explicit InstanceHooksScope(Interpreter& vm) noexcept : saved_(instance_hooks()), saved_call_(guest_call_hook()) {
        instance_hooks() = {&vm_instance_hash, &vm_instance_equals, &vm};
        guest_call_hook() = {&vm_guest_call, &vm};
    }
    ~InstanceHooksScope() {
        instance_hooks() = saved_;
        guest_call_hook() = saved_call_;
    }
    InstanceHooksScope(const InstanceHooksScope&) = delete;
    InstanceHooksScope& operator=(const InstanceHooksScope&) = delete;

private:
    InstanceHooks saved_;
    GuestCallHook saved_call_;
};
}  // namespace detail

STANDIN_NAMESPACE_END


