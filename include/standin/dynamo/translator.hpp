// InstructionTranslator: runs a frame's bytecode over a symbolic stack of
// VariableTrackers. Tensor operations become graph nodes; Python-level
// control flow on constants is decided at trace time (an `if` on a constant
// takes one branch, a `for` over a list or range is unrolled); calls to user
// functions, methods, lambdas and nn.Module forwards are inlined by a child
// translator (Dynamo's InliningInstructionTranslator) so a call chain
// becomes one graph. Anything else raises Unsupported with the reason and
// the guest file:line, and the frame runs eagerly.
// The operations on trackers (attributes, operators, subscripts, calls) are
// in translator_ops.hpp and translator_calls.hpp.
// Counterpart: torch/_dynamo/symbolic_convert.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/translator.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/dynamo/trace_state.hpp>
#include <standin/lang/bytecode.hpp>
#include <standin/vm/protocol.hpp>

#include <algorithm>
#include <cctype>
#include <span>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// A Python exception the trace raised (`raise`, or a KeyError, IndexError
// or AttributeError the eager code raises at that point): a handler of the
// frame, or of a frame that inlined it, catches it and the trace goes on
// there; with none it is an Unsupported (the frame runs eagerly and raises it).
class TracedRaise : public Unsupported {
public:
    TracedRaise(std::string reason, VariablePtr raised) : Unsupported(std::move(reason)), exception(std::move(raised)) {}
    VariablePtr exception;
};

class InstructionTranslator {
public:
    // Limits that turn runaway traces into a clear reason.
    static constexpr std::size_t max_inline_depth = 48;
    // Counts one level of inlining (a callee's frame, a generator's body
    // resumed) for as long as it lives.
    struct InlineDepth {
        std::size_t& depth;
        explicit InlineDepth(std::size_t& d) : depth(d) { ++depth; }
        ~InlineDepth() { --depth; }
        InlineDepth(const InlineDepth&) = delete;
        InlineDepth& operator=(const InlineDepth&) = delete;
    };
    static constexpr std::size_t max_instructions = 200000;

    InstructionTranslator(TraceState& st, const Code* code, Dict* globals, InstructionTranslator* parent)
        : st_(st), code_(code), globals_(globals), parent_(parent), locals_(code->nlocalsplus()) {}

    // The root frame: its locals, cells and free variables wrapped lazily
    // with LocalSources.
    void bind_frame(std::span<const Value> localsplus) {
        for (std::size_t i = 0; i < code_->nlocalsplus(); ++i) {
            const Value& v = localsplus[i];
            const bool cell_slot = i >= code_->nlocals();
            const Source* source = Source::local(code_->localsplus_name(i)->view());
            if (!cell_slot) {
                if (!v.is_null()) locals_[i] = lazy_variable(st_, v, source);
                continue;
            }
            auto* cell = v.dyn<Cell>();
            VariablePtr contents = cell && !cell->empty() ? lazy_variable(st_, cell->get(), source) : nullptr;
            // The frame's own cells are its locals (stores to them need no
            // replay: no closure made in the trace may escape it); free
            // variables belong to an enclosing frame.
            const bool free = i >= code_->nlocals() + code_->cellvars.size();
            auto c = make_variable(CellVariable{contents}, free ? source : nullptr);
            if (cell) st_.objects[cell] = c;  // closures of real functions share it
            locals_[i] = c;
        }
    }
    std::vector<VariablePtr>& locals() noexcept { return locals_; }
    // An inlined generator's body, run on to its next yield: the item, or
    // null when the body returned (its value then in `returned`). `sent` is
    // what the paused yield evaluates to (send(); null: None), `thrown` an
    // exception raised at the paused yield instead (throw(), close()). An
    // exception leaving the body finishes it; a StopIteration leaving it is
    // RuntimeError (PEP 479).
    VariablePtr resume_generator(VariablePtr& returned, const VariablePtr& sent = nullptr,
                                 const VariablePtr& thrown = nullptr);
    // The body has not run yet (send() of a value other than None is a
    // TypeError; throw() raises at its start).
    bool generator_started() const noexcept { return ip_ > 0; }
    // A raise at instruction `at` with this frame's handler for it: the stack
    // cut to the handler's depth, the exception pushed, on at the handler.
    // False (nothing changed) when no handler covers `at`.
    bool catch_raise(const TracedRaise& r, std::size_t at, std::size_t breaks);

    // Runs to RETURN_VALUE; the returned value's tracker. In the root frame
    // with `break_at` set, stops before that instruction instead (`stopped`)
    // and returns nullptr: the graph breaks there.
    VariablePtr run();
    VariablePtr run_steps();

    // --- graph breaks (the root frame) ------------------------------------------
    static constexpr std::size_t no_break = static_cast<std::size_t>(-1);
    std::size_t break_at = no_break;
    bool stopped = false;
    // The root instruction an Unsupported came out of (through inlined calls).
    std::size_t failed_ip = no_break;
    // The root instructions the trace reached with an empty stack, outside
    // every try and with block, once the graph had an op (Dynamo's
    // speculation points): where an unsupported instruction that is not a
    // call or branch splits the frame (step_graph_break).
    std::vector<std::size_t> checkpoints;
    const Code* code() const noexcept { return code_; }
    std::vector<VariablePtr>& stack() noexcept { return stack_; }
    // A `with` block of a grad-mode manager (torch.no_grad, enable_grad,
    // set_grad_enabled, inference_mode) entered in this frame: its __exit__
    // on the stack, the mode its exit restores, the mode inside. A graph
    // break inside such blocks leaves them around the unsupported
    // instruction and re-enters them in the resume function (Dynamo's
    // ReenterWith); a break inside any other block runs the frame eagerly.
    struct GradBlock {
        const VariableTracker* exit = nullptr;
        bool before = true;
        bool inside = true;
    };
    const std::vector<GradBlock>& grad_blocks() const noexcept { return grad_blocks_; }
    // An object of torch.no_grad (enable_grad, inference_mode) or
    // torch.set_grad_enabled, or of a subclass.
    bool is_grad_mode_manager(const VariablePtr& mgr) {
        auto* x = get(mgr).as<UserDefinedObjectVariable>();
        ref<Module> torch = x ? vm().find_module("torch") : nullptr;
        if (!torch) return false;
        for (const char* name : {"no_grad", "set_grad_enabled"}) {
            const Value* cls = torch->dict()->find(intern(name));
            if (cls && cls->is<Class>() && x->klass()->is_subclass_of(cls->as<Class>())) return true;
        }
        return false;
    }
    const Tuple* kwnames() const noexcept { return kwnames_; }

    TraceState& state() noexcept { return st_; }
    Interpreter& vm() noexcept { return st_.vm; }
    // "file:line" of the instruction being translated.
    std::string location() const {
        std::uint32_t line = ip_ > 0 && ip_ - 1 < code_->positions.size() ? code_->positions[ip_ - 1].line : 0;
        return code_->filename + ":" + std::to_string(line);
    }
    [[noreturn]] void unsupported(const std::string& reason) const { throw Unsupported(reason + " (" + location() + ")"); }
    // Raises `exception` (a tracker) in the trace; raise_python makes the
    // exception of `kind` from constant arguments first.
    // `chain` false re-raises (a bare `raise`, RERAISE): the exception's
    // __context__ stays as it is, as CPython's.
    [[noreturn]] void raise_exception(const VariablePtr& exception, bool chain = true);
    [[noreturn]] void raise_python(exc kind, std::vector<Value> args);
    // CPython's "unhashable type: 'list'" for `a` (a list, a plain dict, or an
    // object whose class sets __hash__ = None) used as a key or hashed.
    [[noreturn]] void raise_unhashable(VariableTracker& a);

    // --- operations on trackers (translator_ops.hpp) ---------------------------
    VariableTracker& get(const VariablePtr& v) {
        VariableTracker& t = realize(st_, v);
        fill_items(st_, t);
        return t;
    }
    bool is_constant(const VariablePtr& v);
    // Whether every argument of a call is a python constant.
    bool constant_args(const std::vector<VariablePtr>& args, const std::vector<std::pair<Str*, VariablePtr>>& kwargs) {
        for (auto& a : args)
            if (!is_constant(a)) return false;
        for (auto& [_, v] : kwargs)
            if (!is_constant(v)) return false;
        return true;
    }
    Value constant_of(const VariablePtr& v);  // the value of a python constant
    bool truth(const VariablePtr& v);
    // A dict subclass's method `name` written in Python (its class, or a base
    // between it and dict, defines it), or null: the protocol it overrides
    // (a Hugging Face ModelOutput's __getitem__, __setitem__ ...) is inlined.
    const Value* dict_override(const VariablePtr& v, const char* name);
    const Value* dict_override(const VariablePtr& v, Str* name);
    // A dict subclass's hook bound to one of dict's own methods (the dotdict
    // idiom: __getattr__ = dict.get), as that method's name; else null.
    Str* dict_method_alias(const VariablePtr& v, const char* hook);
    // del obj.name (DELETE_ATTR) on an object of a guest class: its Python
    // __delattr__ inlined, unless `hooks` is false (object.__delattr__).
    void delattr(const VariablePtr& obj, Str* name, bool hooks = true);
    // The newest store of obj.name in this trace (its value null for a `del`), or null.
    const TraceState::AttrStore* last_attr_store(const VariablePtr& obj, const Str* name) const;
    // A guest iterator object (a Python __next__) as a lazy ListIteratorVariable;
    // `missing` is the reason when its class has no Python __next__.
    VariablePtr user_iterator(const VariablePtr& obj, const char* missing);
    // `assert t, msg` (or `assert not t, msg`: negated) on a tensor:
    // torch._assert(t, msg) in the graph.
    bool tensor_assert(std::uint32_t target, bool negated);
    std::vector<VariablePtr> items_of(const VariablePtr& v);
    VariablePtr iterate(const VariablePtr& v);      // iter(v)
    void sync_iterator(ListIteratorVariable& it);  // a live iterator sees its list's items now
    void exhaust(ListIteratorVariable& it);        // at its end for good
    // The iterator's next item (pulled through a lazy one's inputs), or null
    // when it is exhausted.
    VariablePtr next_item(const VariablePtr& it);
    // next(it) without a default: the item, or StopIteration raised in the trace.
    // A generator that returns on this pull gives its return value in
    // StopIteration (the pulls after it give none, as CPython's).
    VariablePtr next_or_raise(const VariablePtr& it) {
        auto* gen = get(it).as<ListIteratorVariable>();
        const bool running = gen && gen->lazy == ListIteratorVariable::Lazy::generator && gen->generator;
        if (VariablePtr item = next_item(it)) return item;
        if (running)
            if (const VariablePtr& value = get(it).as<ListIteratorVariable>()->result; value) {
                if (!is_constant(value)) unsupported("a generator's return value that is not a constant, in StopIteration");
                if (!constant_of(value).is_none()) raise_python(exc::StopIteration, {constant_of(value)});
            }
        raise_python(exc::StopIteration, {});
    }
    // An inlined generator (`itv`, Lazy::generator) resumed: its next item, or
    // null when it returned (its value in `result`); finished either way, or
    // when an exception leaves it.
    VariablePtr resume(const VariablePtr& itv, const VariablePtr& sent = nullptr, const VariablePtr& thrown = nullptr);
    // gen.send(v), gen.throw(e), gen.close() of an inlined generator.
    VariablePtr generator_method(const VariablePtr& itv, std::string_view name, const std::vector<VariablePtr>& args);
    // A lazy iterator's remaining items, pulled now: afterwards `items` holds
    // them from `index` on, as a plain iterator's do.
    void drain(ListIteratorVariable& it);
    // Before the frame's code is rewritten (a graph break, the return): a
    // generator's half-run body cannot be rebuilt, so a generator (or a lazy
    // iterator over one) that outlives the trace is run to its end here.
    void drain_generators(const VariablePtr& v, int depth = 0);
    // While drain_generators runs one: notes in st_.drain_read what `ins`
    // reads from state older than the run (before it executes, its operands;
    // after, what a load gave).
    void note_drain_read(const Instruction& ins, bool after);
    // At the frame's return: each generator it made, left suspended, that
    // nothing outside the frame can reach is closed (its finally blocks run),
    // as CPython closes it when its last reference goes.
    void close_abandoned_generators(const VariablePtr& result);
    void close_unreachable_generators();
    std::unordered_set<const VariableTracker*> reachable(const VariablePtr& result, bool frame);
    // Enums: E(value) and iterating E are lookups among members made when
    // the class was defined.
    const Class* enum_base();
    VariablePtr enum_member(const Value& cls, const std::vector<VariablePtr>& args,
                            const std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    // obj.name; `hooks`: through the class's Python __getattribute__ if it
    // has one (false: object.__getattribute__, the lookup itself).
    VariablePtr getattr(const VariablePtr& obj, Str* name, bool hooks = true);
    void no_builtin_attribute(const VariablePtr& obj, Str* name);
    // type(obj) of a user object: G['Point'] for one the trace made (its
    // class's source), type(L['obj']) for one from outside.
    const Source* object_type_source(const VariablePtr& obj);
    // The attribute `name` of a guest object's class (along the MRO) that the
    // trace acts on: a dunder it dispatches to, a property, a hook. Guarded
    // through the class (type(L['o']).name is the same object, or still
    // absent), so replacing it on the class recompiles, as the eager call
    // would see the new one.
    const Value* class_lookup(const VariablePtr& obj, Str* name) {
        return class_lookup(obj, name, get(obj).as<UserDefinedObjectVariable>()->klass()->lookup(name));
    }
    // The same for `found`, the class's attribute already looked up.
    const Value* class_lookup(const VariablePtr& obj, Str* name, const Value* found);
    // `at` (a class attribute's source) is `expected` (IdMatch), once per trace.
    void guard_class_attr(const Source* at, const Value& expected) {
        if (st_.class_attr_guards.insert(at).second) st_.guard(at, IdMatch{expected});
    }
    // The descriptor `d` (a guest object with __get__/__set__) found as
    // class attribute `name` of `obj`'s class, read through the class.
    VariablePtr class_descriptor(const VariablePtr& obj, Str* name, const Value& d);
    // An attribute of an object from outside as the trace left it: through
    // its traced __dict__, or its last attribute store; null when untouched.
    VariablePtr stored_instance_attr(const VariablePtr& obj, Str* name);
    const Tensor* input_tensor(const VariablePtr& v) const;
    // The input tensor a traced tensor is (by its traced value: x.add_(1) is
    // x), and the source it was read through; null for one the graph made.
    const Object* input_tensor_object(const TensorVariable& t, const Source** source = nullptr) const;
    // What the trace stored on this tensor as `name` (x.flag = v), or null.
    VariablePtr stored_tensor_attr(const TensorVariable& t, const Str* name);
    // obj.name = value; `hooks`: through the class's Python __setattr__ if it
    // has one (false: object.__setattr__, the store itself).
    void setattr(const VariablePtr& obj, Str* name, VariablePtr value, bool hooks = true);
    VariablePtr binary(BinaryOp op, const VariablePtr& a, const VariablePtr& b);
    VariablePtr compare(CompareOp op, const VariablePtr& a, const VariablePtr& b);
    VariablePtr unary(Opcode op, const VariablePtr& a);
    VariablePtr subscript(const VariablePtr& obj, const VariablePtr& key);
    void delete_subscript(const VariablePtr& obj, const VariablePtr& key);
    bool item_equals(const VariablePtr& item, const VariablePtr& x);
    void store_subscript(const VariablePtr& obj, const VariablePtr& key, const VariablePtr& value);
    Argument argument_of(const VariablePtr& v);
    VariablePtr wrap_node(Node* node);
    Class* python_type(const VariablePtr& v);
    const Source* class_attr_source(const VariablePtr& obj, const Source* type_src, Str* name, const Value* v);
    VariablePtr materialize(const VariablePtr& v);  // a tracker of a real constant value
    // A copy of a value made only of constants, lists, tuples, dicts and
    // OrderedDicts (str(xs), hash(t), f"{d}" fold over it); false for
    // anything else.
    bool snapshot(const VariablePtr& v, Value& out, int depth = 0);

    // --- calls (translator_calls.hpp) ------------------------------------------
    VariablePtr call(const VariablePtr& fn, std::vector<VariablePtr> args, std::vector<std::pair<Str*, VariablePtr>> kwargs);
    VariablePtr call_builtin(std::string_view name, const Value& callable, std::vector<VariablePtr>& args, std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr call_tensor_method(const VariablePtr& self, Str* name, std::vector<VariablePtr>& args,
                                   std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr call_op(const OpDef& op, bool as_method, std::vector<VariablePtr>& args,
                        std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    // torch's out=: `result` stored into the tensor `out` (the prelude's _write_out).
    VariablePtr write_out(const VariablePtr& result, const VariablePtr& out);
    VariablePtr call_container_method(const VariablePtr& self, Str* name, std::vector<VariablePtr>& args,
                                      std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr inline_call(const Code* code, Dict* globals, Str* qualname, std::vector<VariablePtr> defaults,
                            std::vector<VariablePtr> kwdefaults_keys_values, std::vector<VariablePtr> closure,
                            std::vector<VariablePtr> args, std::vector<std::pair<Str*, VariablePtr>> kwargs);
    VariablePtr inline_function(const VariablePtr& fn, std::vector<VariablePtr> args,
                                std::vector<std::pair<Str*, VariablePtr>> kwargs);
    VariablePtr itertools_combinatoric(const Value& fn, std::string_view name, const std::vector<VariablePtr>& args,
                                       const std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr construct_dict_object(const VariablePtr& cls_var, std::vector<VariablePtr>& args,
                                      std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    void dict_init(const VariablePtr& d, std::vector<VariablePtr>& args, std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr record_random(const VariablePtr& fn, std::vector<VariablePtr>& args,
                              std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr record_composite(const VariablePtr& fn, std::string target, std::vector<VariablePtr> args,
                                 std::vector<std::pair<Str*, VariablePtr>> kwargs, bool called_as_method = false);
    // sorted(items, key=, reverse=) (`what` names the caller in errors): the
    // items in order, keys computed by inlining `key`, which must be constants.
    std::vector<VariablePtr> sorted_items(std::vector<VariablePtr> items,
                                          const std::vector<std::pair<Str*, VariablePtr>>& kwargs, std::string_view what);
    // d[key] = value in a dict the trace holds (a new key goes last).
    void dict_put(ConstDictVariable& d, Value key, VariablePtr value);
    // d['a'] or d.get('a') of a present key: its value, read through the
    // key's own path (its guard fails when the key is gone) without the key
    // set being guarded; a key read by position depends on the key set.
    VariablePtr present_key_value(ConstDictVariable& d, const std::pair<Value, VariablePtr>& item);
    // A dict key as ConstDictVariable holds it: a constant's value, or for an
    // object hashed by identity its stand-in (TraceState::key_tokens);
    // key_variable is the way back.
    Value dict_key(const VariablePtr& k);
    VariablePtr key_variable(const Value& k);
    static bool is_keys_view(VariableTracker& t) noexcept {
        auto* v = t.as<DictViewVariable>();
        return v && v->of != DictViewVariable::Of::values;
    }
    // set(view) of a keys or items view (what its comparisons and set
    // operators work on); any other value as it is.
    VariablePtr keys_view_as_set(const VariablePtr& v) { return is_keys_view(get(v)) ? make_set(v) : v; }
    // set(v), traced.
    VariablePtr make_set(const VariablePtr& v) {
        const Value* set_cls = vm().builtins().find(intern("set"));
        if (!set_cls) unsupported("set()");
        return call(build_variable(st_, *set_cls, nullptr), {v}, {});
    }
    // callable(*args, **kwargs) run now, on the arguments' constants (a
    // builtin folded, torch.device(...)); its error is a break naming `what`.
    Value call_on_constants(const Value& callable, const std::vector<VariablePtr>& args,
                            const std::vector<std::pair<Str*, VariablePtr>>& kwargs, std::string_view what) {
        std::vector<Value> values;
        for (auto& a : args) values.push_back(constant_of(a));
        std::vector<KwArg> kws;
        for (auto& [k, v] : kwargs) kws.push_back(KwArg{k, constant_of(v)});
        try {
            return vm().call_value(callable, values, kws);
        } catch (const Unsupported&) {
            throw;
        } catch (const Error& e) {
            raise_folded(e, what);
        }
    }
    // The error of a builtin run on constants (int('abc'), [].pop()) raised
    // in the trace as the Python exception it is, so an except of the frame
    // catches it (Dynamo's raise_observed_exception); KeyError (its argument
    // is the key, not a text) and StopIteration stay graph breaks.
    [[noreturn]] void raise_folded(const Error& e, std::string_view what) {
        if (e.kind() != exc::KeyError && e.kind() != exc::StopIteration && e.type_name() == exc_name(e.kind()))
            raise_python(e.kind(), {str(e.message())});
        unsupported(std::string(what) + "(): " + e.message());
    }
    // A stand-in whose type alone decides whether an operation raises
    // TypeError ([1] + {}, xs.extend(1)): the constant itself, or an empty
    // value of a tracked list's, tuple's or plain dict's type; false for
    // anything else.
    bool type_probe(const VariablePtr& v, Value& out) {
        VariableTracker& t = get(v);
        if (auto* c = t.as<ConstantVariable>()) {
            if (c->value.is<List>() || c->value.is<Dict>()) return false;  // (an operation could change it)
            out = c->value;
            return true;
        }
        if (t.is<ListVariable>()) out = list(std::vector<Value>{});
        else if (t.is<TupleVariable>()) out = tuple(std::vector<Value>{});
        else if (auto* d = t.peek<ConstDictVariable>(); d && d->subclass.is_null() && !d->ordered) out = Value(make_ref<Dict>());
        else return false;
        return true;
    }
    // object.__new__ as the trace calls it (super().__new__(cls), object.__new__(cls)).
    VariablePtr object_new_variable() {
        return make_variable(BuiltinVariable{make_value<Builtin>(vm().names().new_, &detail::builtins::object_new_static, Value::null())});
    }
    // What a Python __len__ returned, checked as len() checks it: an int
    // (TypeError) that is not negative (ValueError), raised in the trace.
    VariablePtr checked_len(const VariablePtr& r) {
        if (!is_constant(r)) unsupported("__len__ returned a value that is not a constant");
        const Value& c = constant_of(r);
        if (!c.is_integral())
            raise_python(exc::TypeError, {str("'" + std::string(type_name(c)) + "' object cannot be interpreted as an integer")});
        if (c.as_integral() < 0) raise_python(exc::ValueError, {str("__len__() should return >= 0")});
        return r;
    }
    // Whether instances of cls are plain guest objects (no built-in base but
    // object). A class deriving from tuple counts: what stands between it and
    // tuple (collections._TupleBase, a namedtuple's base, torch.Size) is a
    // prelude class remade on tuple, whose tuple behaviour is guest code.
    bool plain_class(const Class* cls, bool remade_on_tuple) {
        const auto& T = vm().types();
        for (const Class* c : cls->mro()) {
            if (c == T.object.get()) continue;
            if ((remade_on_tuple || cls != T.tuple.get()) && c == T.tuple.get()) continue;
            for (const ref<Class>* builtin :
                 {&T.type, &T.int_, &T.float_, &T.bool_, &T.str, &T.list, &T.tuple, &T.dict, &T.none, &T.range, &T.slice,
                  &T.function, &T.method, &T.builtin, &T.module, &T.cell, &T.code, &T.tensor, &T.base_exception,
                  &T.property, &T.staticmethod, &T.classmethod, &T.super, &T.iterator, &T.parameter, &T.ordered_dict})
                if (c == builtin->get()) return false;
        }
        return true;
    }
    // The (key, value) pairs of a user mapping (a collections.abc.Mapping):
    // its keys() and __getitem__, inlined; the keys must be constants.
    std::vector<std::pair<Value, VariablePtr>> mapping_pairs(const VariablePtr& m) {
        std::vector<std::pair<Value, VariablePtr>> out;
        VariablePtr keys = call(getattr(m, intern("keys")), {}, {});
        for (auto& k : items_of(keys)) {
            if (!is_constant(k)) unsupported("a mapping key that is not a constant");
            out.emplace_back(constant_of(k), subscript(m, k));
        }
        return out;
    }
    // The items' constants, in `out`; false when an item is not a constant.
    bool constant_values(const std::vector<VariablePtr>& items, std::vector<Value>& out);
    bool graph_argument(const VariablePtr& v);
    VariablePtr construct_object(const VariablePtr& cls, std::vector<VariablePtr>& args,
                                 std::vector<std::pair<Str*, VariablePtr>>& kwargs);
    VariablePtr module_members(const UserMethodVariable& m, const std::vector<VariablePtr>& args,
                               const std::vector<std::pair<Str*, VariablePtr>>& kwargs);

private:
    VariablePtr pop() {
        if (stack_.empty()) unsupported("stack underflow");
        VariablePtr v = std::move(stack_.back());
        stack_.pop_back();
        return v;
    }
    void push(VariablePtr v) { stack_.push_back(std::move(v)); }
    VariablePtr& peek(std::size_t n = 1) { return stack_[stack_.size() - n]; }
    std::vector<VariablePtr> pop_n(std::size_t n) {
        if (stack_.size() < n) unsupported("stack underflow");
        std::vector<VariablePtr> out(stack_.end() - static_cast<std::ptrdiff_t>(n), stack_.end());
        stack_.resize(stack_.size() - n);
        return out;
    }
    VariablePtr load_global(Str* name);
    const Source* global_source(Str* name, const Value* value = nullptr);
    const Source* scope_source(Dict* module_globals, Str* name);
    void guard_abc_registry(const Value& cls);
    // Whose globals a STORE_GLOBAL here writes: null for the root frame's module.
    Dict* store_scope() const { return globals_ == st_.root_globals ? nullptr : globals_; }
    const Source* builtin_source(Str* name, bool deleted);
    void sync_instance_dict(const VariablePtr& dict, bool to_attrs);
    // After an operation on the __dict__ tracker of an object the frame
    // made, the object's attributes follow the dict (on every exit).
    struct InstanceDictSync {
        InstructionTranslator& tx;
        const VariablePtr& dict;
        bool on = !tx.st_.instance_dicts.empty() && tx.st_.instance_dicts.count(dict.get());
        ~InstanceDictSync() {
            if (on) tx.sync_instance_dict(dict, true);
        }
    };
    void step(const Instruction& ins, bool& done, VariablePtr& result);
    void do_call(std::size_t argc);

    TraceState& st_;
    const Code* code_;
    Dict* globals_;
    InstructionTranslator* parent_;
    std::vector<VariablePtr> locals_;
    std::vector<VariablePtr> stack_;
    std::vector<GradBlock> grad_blocks_;
    std::size_t ip_ = 0;
    // The exception a handler of this frame is handling (PUSH_EXC_INFO /
    // POP_EXCEPT), and whether the trace has entered a handler: a graph
    // break after that cannot rebuild the handler's state, so the frame
    // then runs eagerly as a whole.
    VariablePtr handling_;
    VariablePtr outer_handling_;  // the caller's, when this frame is inlined
    bool handled_raise_ = false;
    bool graph_has_ops_ = false;  // the graph has had an op (a checkpoint may be taken)
    const Tuple* kwnames_ = nullptr;
    std::vector<VariablePtr>* generated_ = nullptr;
    std::size_t yield_at_ = 0;  // an inlined generator's paused YIELD_VALUE
};

inline VariablePtr InstructionTranslator::run() {
    try {
        // try/with blocks: the trace follows the path without an exception
        // (handlers are reached only by one, which the trace never raises).
        return run_steps();
    } catch (const Unsupported&) {
        // The user stack of the break, innermost first.
        const std::size_t at = ip_ > 0 ? ip_ - 1 : 0;
        st_.break_stack.emplace_back(code_, at < code_->positions.size() ? code_->positions[at].line : code_->firstlineno);
        throw;
    }
}

inline VariablePtr InstructionTranslator::run_steps() {
    bool done = false;
    VariablePtr result;
    while (!done) {
        if (ip_ >= code_->instructions.size()) unsupported("ran off the end of the code");
        if (++st_.instructions > max_instructions) unsupported("the trace ran too many instructions");
        auto handle = [this](const TracedRaise& r, std::size_t at, std::size_t breaks) { return catch_raise(r, at, breaks); };
        if (parent_) {
            const std::size_t at = ip_;
            const std::size_t breaks = st_.break_stack.size();
            const Instruction ins = code_->instructions[ip_++];
            try {
                step(ins, done, result);
            } catch (const TracedRaise& r) {
                if (!handle(r, at, breaks)) throw;
            }
            continue;
        }
        if (ip_ == break_at) {
            // A branch's condition is looked at now, so a tensor read from
            // outside is a graph input before the graph call is written.
            const Opcode op = code_->instructions[ip_].op;
            if (op != Opcode::CALL && op != Opcode::CALL_FUNCTION_EX && op != Opcode::STORE_ATTR && !stack_.empty())
                get(stack_.back());
            // A drained generator is rebuilt as an iterator over its items: the
            // code after the break must not need it to be a generator.
            // (also asked for by name: hasattr(g, 'send'), getattr(g, 'gi_frame'))
            auto protocol_name = [](std::string_view n) {
                return n == "send" || n == "throw" || n == "close" || n.starts_with("gi_");
            };
            const bool generator_protocol =
                std::any_of(code_->names.begin(), code_->names.end(), [&](Str* n) { return protocol_name(n->view()); }) ||
                std::any_of(code_->consts.begin(), code_->consts.end(),
                            [&](const Value& c) { return c.is<Str>() && protocol_name(c.as<Str>()->view()); });
            for (std::size_t i = 0; i < stack_.size() + locals_.size(); ++i) {
                const VariablePtr& v = i < stack_.size() ? stack_[i] : locals_[i - stack_.size()];
                auto* it = v ? v->as<ListIteratorVariable>() : nullptr;
                if (generator_protocol && it && it->lazy == ListIteratorVariable::Lazy::generator && it->generator)
                    unsupported("a generator live across a graph break, whose send/throw/close the code after it may call");
                drain_generators(v);
            }
            stopped = true;
            return nullptr;
        }
        const std::size_t at = ip_;
        if (stack_.empty() && (graph_has_ops_ || (graph_has_ops_ = st_.count_calls() > 0)) &&
            !code_->handler_for(static_cast<std::uint32_t>(at)) && (checkpoints.empty() || checkpoints.back() != at))
            checkpoints.push_back(at);
        const std::size_t breaks = st_.break_stack.size();
        const Instruction ins = code_->instructions[ip_++];
        try {
            if (st_.drain_mark && st_.drain_read.empty()) note_drain_read(ins, false);
            step(ins, done, result);
            if (st_.drain_mark && st_.drain_read.empty()) note_drain_read(ins, true);
            if (!done && !st_.generators.empty()) close_unreachable_generators();
        } catch (const TracedRaise& r) {
            if (handle(r, at, breaks)) continue;
            failed_ip = handled_raise_ ? no_break : at;
            throw;
        } catch (const Unsupported&) {
            failed_ip = handled_raise_ ? no_break : at;
            throw;
        }
    }
    return result;
}

inline bool InstructionTranslator::catch_raise(const TracedRaise& r, std::size_t at, std::size_t breaks) {
    const ExceptionEntry* h = code_->handler_for(static_cast<std::uint32_t>(at));
    if (!h || h->depth > stack_.size()) return false;
    st_.break_stack.resize(breaks);
    stack_.resize(h->depth);
    push(r.exception);
    ip_ = h->target;
    handled_raise_ = true;
    return true;
}

inline VariablePtr InstructionTranslator::resume_generator(VariablePtr& returned, const VariablePtr& sent,
                                                           const VariablePtr& thrown) {
    if (generated_) raise_python(exc::ValueError, {str("generator already executing")});
    std::vector<VariablePtr> got;
    generated_ = &got;
    struct Reset {
        std::vector<VariablePtr>*& slot;
        ~Reset() { slot = nullptr; }
    } reset{generated_};
    bool done = false;
    try {
        // Paused in a yield from: the inner iterator is below the yield's slot.
        const bool in_yield_from = generator_started() && yield_at_ > 0 &&
                                   code_->instructions[yield_at_ - 1].op == Opcode::SEND && stack_.size() >= 2;
        VariablePtr raised = thrown;
        if (thrown && in_yield_from) {
            // throw() and close() go to the inner generator first, as CPython's
            // do: close() closes it, then raises here; throw() raises in it, and
            // what it yields is yielded from here, what it returns is the yield
            // from's value, what leaves it is raised here.
            const VariablePtr inner = stack_[stack_.size() - 2];
            auto* it = get(inner).as<ListIteratorVariable>();
            if (it && it->lazy == ListIteratorVariable::Lazy::generator && it->generator) {
                if (python_type(thrown)->is_subclass_of(vm().generator_exit_class())) {
                    generator_method(inner, "close", {});
                } else {
                    try {
                        if (VariablePtr item = resume(inner, nullptr, thrown)) return item;
                        stack_.pop_back();  // the yield's slot
                        stack_.back() = get(inner).as<ListIteratorVariable>()->result;
                        if (!stack_.back()) stack_.back() = make_variable(ConstantVariable{Value()});
                        ip_ = code_->instructions[yield_at_ - 1].arg;  // on after the yield from
                        raised = nullptr;
                    } catch (const TracedRaise& r) {
                        raised = r.exception;
                    }
                }
            } else if (const VariablePtr obj = it && it->lazy == ListIteratorVariable::Lazy::user ? it->inputs[0]
                                               : get(inner).is<UserDefinedObjectVariable>()      ? inner
                                                                                                 : nullptr) {
                // An iterator object: its Python close() or throw(e) (PEP 380),
                // as the VM's throw_into_generator calls them.
                const bool closing = python_type(thrown)->is_subclass_of(vm().generator_exit_class());
                if (const Value* m = class_lookup(obj, intern(closing ? "close" : "throw")); m && m->is<Function>()) {
                    try {
                        std::vector<VariablePtr> margs{obj};
                        if (!closing) margs.push_back(thrown);
                        VariablePtr item = inline_function(build_variable(st_, *m, nullptr), std::move(margs), {});
                        if (!closing) return item;
                    } catch (const TracedRaise& r) {
                        if (closing || !python_type(r.exception)->is_subclass_of(vm().exception_class(exc::StopIteration))) {
                            raised = r.exception;
                        } else {
                            stack_.pop_back();  // the yield's slot
                            stack_.back() = getattr(r.exception, intern("value"));
                            ip_ = code_->instructions[yield_at_ - 1].arg;  // on after the yield from
                            raised = nullptr;
                        }
                    }
                }
            }
        }
        if (raised) {
            // Raised where the body is paused: at its yield, whose handlers
            // (a try around it) see it; at its start, none.
            const std::size_t breaks = st_.break_stack.size();
            try {
                raise_exception(raised);
            } catch (const TracedRaise& r) {
                if (!generator_started() || !catch_raise(r, yield_at_, breaks)) throw;
            }
        } else if (sent && generator_started() && !thrown) {
            stack_.back() = sent;  // (the paused YIELD_VALUE's result)
        }
        while (!done && got.empty()) {
            if (ip_ >= code_->instructions.size()) unsupported("ran off the end of the code");
            if (++st_.instructions > max_instructions) unsupported("the trace ran too many instructions");
            const std::size_t at = ip_;
            const std::size_t breaks = st_.break_stack.size();
            const Instruction ins = code_->instructions[ip_++];
            try {
                if (st_.drain_mark && st_.drain_read.empty()) note_drain_read(ins, false);
                step(ins, done, returned);
                if (st_.drain_mark && st_.drain_read.empty()) note_drain_read(ins, true);
            } catch (const TracedRaise& r) {
                if (!catch_raise(r, at, breaks)) throw;
            }
        }
    } catch (const Unsupported& why) {
        const std::size_t at = ip_ > 0 ? ip_ - 1 : 0;
        st_.break_stack.emplace_back(code_, at < code_->positions.size() ? code_->positions[at].line : code_->firstlineno);
        // PEP 479: a StopIteration may not leave a generator's body.
        if (auto* r = dynamic_cast<const TracedRaise*>(&why);
            r && python_type(r->exception)->is_subclass_of(vm().exception_class(exc::StopIteration)))
            raise_exception(make_variable(
                ConstantVariable{detail::pep479_error(vm(), is_constant(r->exception) ? constant_of(r->exception) : Value())}));
        throw;
    }
    if (done && !returned) returned = make_variable(ConstantVariable{Value()});
    return got.empty() ? nullptr : got.front();
}

// Where global `name` of this frame is read from: G['name'] in the root
// frame's module. Another user module's global (a hook or a child module's
// forward from the user's file inlined into a frame of torch.nn's code) is
// read through that module's
// globals, installed in the root frame's globals under a name of its own
// (Dynamo's install_global_by_id): G['___scope_<module>']['name'], so it is
// guarded and its mutations are replayed. torch's and the standard
// library's own globals (code from "<...>" preludes) stay constants when
// they are code (functions, classes, modules, built-ins): their state (a
// generator's seed, warnings.filters, a recursion limit) is read through a
// source as a user module's is, so a change recompiles and a mutation is
// replayed. `value` is the global's value (null: not known, a store).
inline const Source* InstructionTranslator::global_source(Str* name, const Value* value) {
    if (globals_ == st_.root_globals) return Source::global(name->view());
    if (code_->filename.empty() || code_->filename.front() == '<') {
        if (!value) return nullptr;
        const Value& v = *value;
        if (!(v.is_int() || v.is_bool() || v.is_float() || v.is<Str>() || v.is<List>() || v.is<Dict>() ||
              v.is<Instance>()))
            return nullptr;
    }
    return scope_source(globals_, name);
}

// `name` in another module's globals, reached from the root frame's through
// a `___scope_<module>` entry the rewritten code's globals hold.
inline const Source* InstructionTranslator::scope_source(Dict* module_globals, Str* name) {
    std::string scope = "___scope_";
    if (const Value* module = module_globals->find(intern("__name__")); module && module->is<Str>())
        for (char c : module->as<Str>()->view()) scope += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    for (int n = 0;; ++n) {
        Str* key = intern(n ? scope + "_" + std::to_string(n) : scope);
        const Value* held = st_.root_globals->find(key);
        if (held && !(held->is<Dict>() && held->as<Dict>() == module_globals)) continue;  // another module's name
        if (!held) st_.root_globals->set(key, Value::borrow(module_globals));
        return Source::global(key->view())->item(name->view());
    }
}

// isinstance/issubclass on an ABC folded in the trace: the answer holds
// until its module's next register() (abc's and collections.abc's
// _abc_invalidation_counter), which is guarded.
inline void InstructionTranslator::guard_abc_registry(const Value& cls) {
    if (auto* t = cls.dyn<Tuple>()) {
        for (const Value& c : t->items()) guard_abc_registry(c);
        return;
    }
    auto* k = cls.dyn<Class>();
    const Value* hook = k ? k->lookup(intern("__subclasshook__")) : nullptr;
    if (!hook) return;
    const Value* fn = hook;
    if (auto* w = hook->dyn<FunctionWrapper>()) fn = &w->fn;
    auto* f = fn->dyn<Function>();
    if (!f || !f->globals()) return;
    static Str* const counter = intern("_abc_invalidation_counter");
    if (const Value* v = f->globals()->find(counter); v && v->is_int())
        build_variable(st_, *v, scope_source(f->globals(), counter));
}

inline VariablePtr InstructionTranslator::load_global(Str* name) {
    bool deleted = false;
    if (const auto* store = st_.newest_global_store(name, store_scope())) {
        if (store->value) return store->value;
        deleted = true;  // `del g` earlier in the trace
    }
    if (const Value* v = deleted ? nullptr : globals_->find(name)) return build_variable(st_, *v, global_source(name, v));
    if (const Value* b = vm().builtins().find(name)) return build_variable(st_, *b, builtin_source(name, deleted));
    // Defined nowhere: NameError in the trace (an except of the frame
    // catches it), with the name's absence from the globals guarded.
    if (globals_ == st_.root_globals && !deleted) {
        if (std::find(st_.absent_globals.begin(), st_.absent_globals.end(), name) == st_.absent_globals.end())
            st_.absent_globals.push_back(name);
        raise_python(exc::NameError, {str("name '" + name->text() + "' is not defined")});
    }
    unsupported("name '" + name->text() + "' is not defined");
}

// Where builtin `name`, read by this frame's code, comes from: as Dynamo's
// install_builtins_dict_in_fglobals, the builtins dict is installed in the
// root frame's globals as G['__builtins_dict___0'], so a builtin is guarded
// by identity (builtins.len = ... recompiles). In the root frame's module
// the name must also stay absent from the globals (DICT_CONTAINS): a global
// of that name defined later shadows the builtin. torch's and the standard
// library's own code reads builtins as constants (nullptr).
inline const Source* InstructionTranslator::builtin_source(Str* name, bool deleted) {
    if (globals_ != st_.root_globals && (code_->filename.empty() || code_->filename.front() == '<')) return nullptr;
    // (After `del g` in the trace, the global's presence at entry is guarded already.)
    if (globals_ == st_.root_globals && !deleted &&
        std::find(st_.absent_globals.begin(), st_.absent_globals.end(), name) == st_.absent_globals.end())
        st_.absent_globals.push_back(name);
    Str* key = intern("__builtins_dict___0");
    if (!st_.root_globals->find(key)) st_.root_globals->set(key, Value::borrow(&vm().builtins()));
    return Source::global(key->view())->item(name->view());
}

inline void InstructionTranslator::do_call(std::size_t argc) {
    std::vector<VariablePtr> all = pop_n(argc);
    VariablePtr callable = pop();
    VariablePtr below = pop();
    std::vector<VariablePtr> args;
    if (!below->is<NullVariable>()) {
        // [callable, self, args...]: a method call on `callable` = self's function.
        args.push_back(callable);
        callable = below;
    }
    std::size_t nkw = kwnames_ ? kwnames_->size() : 0;
    if (nkw > all.size()) unsupported("malformed call");
    std::vector<std::pair<Str*, VariablePtr>> kwargs;
    for (std::size_t i = 0; i < all.size() - nkw; ++i) args.push_back(all[i]);
    for (std::size_t i = 0; i < nkw; ++i)
        kwargs.emplace_back(intern((*kwnames_)[i].as<Str>()->view()), all[all.size() - nkw + i]);
    kwnames_ = nullptr;
    push(call(callable, std::move(args), std::move(kwargs)));
}

inline void InstructionTranslator::step(const Instruction& ins, bool& done, VariablePtr& result) {
    const std::uint32_t arg = ins.arg;
    switch (ins.op) {
    case Opcode::NOP: return;
    case Opcode::POP_TOP: pop(); return;
    case Opcode::PUSH_NULL: push(make_variable(NullVariable{})); return;
    // A failing `assert` (its condition decided in the trace): the
    // AssertionError class, called with the message and raised by the
    // instructions after it, in the trace (an except in the frame sees it).
    case Opcode::LOAD_ASSERTION_ERROR:
        push(build_variable(st_, Value::borrow(vm().exception_class(exc::AssertionError)), nullptr));
        return;
    case Opcode::COPY: push(peek(arg)); return;
    case Opcode::SWAP: std::swap(peek(1), peek(arg)); return;
    case Opcode::LOAD_CONST: {
        const Value& c = code_->consts[arg];
        if (c.is<Tuple>()) {
            std::vector<VariablePtr> items;
            for (const Value& x : c.as<Tuple>()->items()) items.push_back(constant_variable(x));
            push(make_variable(TupleVariable{std::move(items)}));
        } else {
            push(constant_variable(c));
        }
        return;
    }
    case Opcode::LOAD_FAST:
        if (!locals_[arg]) unsupported("local variable '" + code_->localsplus_name(arg)->text() + "' is unbound");
        push(locals_[arg]);
        return;
    case Opcode::STORE_FAST: locals_[arg] = pop(); return;
    case Opcode::DELETE_FAST: locals_[arg] = nullptr; return;
    // raise / except, within the trace (see TracedRaise).
    case Opcode::RAISE_VARARGS: {
        if (arg == 0) {
            if (handling_) raise_exception(handling_, false);
            if (outer_handling_) raise_exception(outer_handling_, false);
            // (the compiled frame's own caller may be handling one: not known)
            if (!parent_) unsupported("RuntimeError: No active exception to reraise");
            raise_python(exc::RuntimeError, {str("No active exception to reraise")});
        }
        VariablePtr cause = arg == 2 ? pop() : nullptr;
        VariablePtr e = pop();
        // raise Cls: an instance made with no arguments.
        if (auto* c = get(e).as<UserDefinedClassVariable>(); c && c->cls.is<Class>()) e = call(e, {}, {});
        if (cause) {
            // raise X from Y: Y (an instance, or one made from a class; None
            // for `from None`) becomes X.__cause__, and X's context is hidden.
            if (auto* c = get(cause).as<UserDefinedClassVariable>(); c && c->cls.is<Class>()) cause = call(cause, {}, {});
            if (is_constant(e) && constant_of(e).kind() == Kind::instance && is_constant(cause) && !e->source) {
                Instance* x = constant_of(e).as<Instance>();
                x->set_attr(intern("__cause__"), constant_of(cause));
                x->set_attr(intern("__suppress_context__"), Value(true));
            }
        }
        raise_exception(e);
    }
    case Opcode::PUSH_EXC_INFO: {
        VariablePtr e = pop();
        push(handling_ ? handling_ : constant_variable(Value()));
        handling_ = e;
        push(std::move(e));
        return;
    }
    case Opcode::POP_EXCEPT: {
        VariablePtr previous = pop();
        handling_ = is_constant(previous) && constant_of(previous).is_none() ? nullptr : previous;
        return;
    }
    case Opcode::CHECK_EXC_MATCH: {
        VariablePtr against = pop();
        if (!is_constant(against)) unsupported("except with a non-constant class");
        const Class* type = python_type(peek());
        const Value c = constant_of(against);
        bool match = false;
        auto check = [&](const Value& k) {
            if (!k.is<Class>() || !k.as<Class>()->is_subclass_of(vm().exception_class(exc::BaseException)))
                raise_python(exc::TypeError, {str("catching classes that do not inherit from BaseException is not allowed")});
            match = match || type->is_subclass_of(k.as<Class>());
        };
        if (auto* tup = c.dyn<Tuple>()) {
            for (const Value& k : tup->items()) check(k);
        } else {
            check(c);
        }
        push(constant_variable(Value(match)));
        return;
    }
    case Opcode::RERAISE: raise_exception(pop(), false);
    case Opcode::WITH_EXCEPT_START: {
        // An exception leaving a with block: exit(type(exc), exc, None),
        // inlined (exit prev exc -> exit prev exc result); the handler
        // re-raises unless the result is true.
        if (stack_.size() < 3) unsupported("WITH_EXCEPT_START on a short stack");
        VariablePtr exc = peek();
        VariablePtr exit = stack_[stack_.size() - 3];
        const Class* type = python_type(exc);
        push(call(exit, {constant_variable(Value::borrow(type)), exc, constant_variable(Value())}, {}));
        return;
    }
    case Opcode::LOAD_DEREF: {
        auto* cell = locals_[arg] ? locals_[arg]->as<CellVariable>() : nullptr;
        if (!cell || !cell->contents) unsupported("free variable '" + code_->localsplus_name(arg)->text() + "' is unbound");
        push(cell->contents);
        return;
    }
    case Opcode::STORE_DEREF: {
        auto* cell = locals_[arg] ? locals_[arg]->as<CellVariable>() : nullptr;
        if (!cell) unsupported("malformed cell");
        if (locals_[arg]->mutation == MutationType::existing) {
            // A free variable of the compiled frame itself: the store is replayed
            // into the same cell by the rewritten code.
            if (cell->outer) {  // a cell of a function from outside: written back through its path
                cell->contents = pop();
                st_.outer_cell_stores.emplace_back(cell->outer, cell->contents);
                return;
            }
            if (parent_ || !locals_[arg]->source) unsupported("a store to a closure cell that outlives the compiled frame");
            cell->contents = pop();
            st_.cell_stores.emplace_back(code_->localsplus_name(arg), cell->contents);
            return;
        }
        cell->contents = pop();
        ++st_.cell_writes;
        return;
    }
    case Opcode::DELETE_DEREF: unsupported("del of a closure variable (DELETE_DEREF)");
    case Opcode::LOAD_CLOSURE:
        if (!locals_[arg]) locals_[arg] = make_variable(CellVariable{nullptr});
        push(locals_[arg]);
        return;
    case Opcode::LOAD_GLOBAL: {
        Str* name = code_->names[arg >> 1];
        VariablePtr v = load_global(name);
        if (arg & 1) push(make_variable(NullVariable{}));
        push(std::move(v));
        return;
    }
    case Opcode::STORE_GLOBAL: {
        // (another user module's global: a hook or helper from that module
        // inlined here; torch's and the standard library's own are not replayed)
        if (globals_ != st_.root_globals && !global_source(code_->names[arg]))
            unsupported("a store to a global of library code");
        st_.global_stores.push_back({code_->names[arg], pop(), store_scope()});
        return;
    }
    case Opcode::DELETE_GLOBAL: {
        // `global g; del g`: replayed after the graph (a null value marks the
        // delete); the global is read first, so its presence is guarded.
        if (globals_ != st_.root_globals && !global_source(code_->names[arg]))
            unsupported("a del of a global of library code");
        Str* name = code_->names[arg];
        const auto* store = st_.newest_global_store(name, store_scope());
        const bool defined = store ? store->value != nullptr : globals_->find(name) != nullptr;
        if (!defined) raise_python(exc::NameError, {str("name '" + name->text() + "' is not defined")});
        load_global(name);
        st_.global_stores.push_back({name, nullptr, store_scope()});
        return;
    }
    case Opcode::LOAD_ATTR: {
        VariablePtr obj = pop();
        push(getattr(obj, code_->names[arg]));
        return;
    }
    case Opcode::LOAD_METHOD: {
        VariablePtr obj = pop();
        VariablePtr attr = getattr(obj, code_->names[arg]);
        push(make_variable(NullVariable{}));
        push(std::move(attr));
        return;
    }
    case Opcode::STORE_ATTR: {
        VariablePtr obj = pop();
        VariablePtr v = pop();
        setattr(obj, code_->names[arg], std::move(v));
        return;
    }
    case Opcode::DELETE_ATTR: delattr(pop(), code_->names[arg]); return;
    case Opcode::BINARY_OP: {
        VariablePtr b = pop();
        VariablePtr a = pop();
        push(binary(static_cast<BinaryOp>(arg), a, b));
        return;
    }
    case Opcode::UNARY_POSITIVE:
    case Opcode::UNARY_NEGATIVE:
    case Opcode::UNARY_INVERT:
    case Opcode::UNARY_NOT: {
        VariablePtr a = pop();
        push(unary(ins.op, a));
        return;
    }
    case Opcode::COMPARE_OP: {
        VariablePtr b = pop();
        VariablePtr a = pop();
        push(compare(static_cast<CompareOp>(arg), a, b));
        return;
    }
    case Opcode::IS_OP: {
        VariablePtr b = pop();
        VariablePtr a = pop();
        push(compare(arg ? CMP_IS_NOT : CMP_IS, a, b));
        return;
    }
    case Opcode::CONTAINS_OP: {
        VariablePtr b = pop();
        VariablePtr a = pop();
        push(compare(arg ? CMP_NOT_IN : CMP_IN, a, b));
        return;
    }
    case Opcode::BINARY_SUBSCR: {
        VariablePtr key = pop();
        VariablePtr obj = pop();
        push(subscript(obj, key));
        return;
    }
    case Opcode::STORE_SUBSCR: {
        VariablePtr key = pop();
        VariablePtr obj = pop();
        VariablePtr v = pop();
        store_subscript(obj, key, v);
        return;
    }
    case Opcode::DELETE_SUBSCR: {
        VariablePtr key = pop();
        VariablePtr obj = pop();
        delete_subscript(obj, key);
        return;
    }
    case Opcode::BUILD_SLICE: {
        std::vector<VariablePtr> parts = pop_n(arg);
        Value bounds[3] = {Value(), Value(), Value()};
        for (std::size_t i = 0; i < parts.size(); ++i) {
            if (!is_constant(parts[i])) unsupported("a slice with a non-constant bound");
            bounds[i] = constant_of(parts[i]);
        }
        push(constant_variable(make_value<Slice>(bounds[0], bounds[1], bounds[2])));
        return;
    }
    case Opcode::BUILD_TUPLE: push(make_variable(TupleVariable{pop_n(arg)})); return;
    case Opcode::BUILD_LIST: push(make_variable(ListVariable{pop_n(arg)})); return;
    case Opcode::BUILD_SET: {  // set([items]): the guest set class, its __init__ inlined
        VariablePtr items = make_variable(ListVariable{pop_n(arg)});
        const Value* set_cls = vm().builtins().find(intern("set"));
        if (!set_cls) unsupported("BUILD_SET without a set class");
        push(call(build_variable(st_, *set_cls, nullptr), {items}, {}));
        return;
    }
    case Opcode::SET_ADD:
    case Opcode::SET_UPDATE: {
        VariablePtr v = pop();
        VariablePtr s = peek(arg);
        call(getattr(s, intern(ins.op == Opcode::SET_ADD ? "add" : "update")), {v}, {});
        return;
    }
    case Opcode::BUILD_MAP: {
        std::vector<VariablePtr> kv = pop_n(2 * arg);
        ConstDictVariable d;
        for (std::size_t i = 0; i < arg; ++i) {
            dict_put(d, dict_key(kv[2 * i]), kv[2 * i + 1]);
        }
        push(make_variable(std::move(d)));
        return;
    }
    case Opcode::BUILD_STRING: {
        std::vector<VariablePtr> parts = pop_n(arg);
        std::string out;
        for (auto& p : parts) {
            if (!is_constant(p) || !constant_of(p).is<Str>()) unsupported("BUILD_STRING of a non-constant");
            out += constant_of(p).as<Str>()->view();
        }
        push(constant_variable(str(std::move(out))));
        return;
    }
    case Opcode::FORMAT_VALUE: {
        VariablePtr spec = (arg & 4) ? pop() : nullptr;
        VariablePtr v = pop();
        if (spec && !is_constant(spec)) unsupported("formatting with a format spec that is not a constant");
        if (!is_constant(v)) {
            // f"{xs}" of a list, dict, set or object: format(x, spec), which
            // is the class's Python __format__ if it has one, else str(x)
            // (repr(x) for !r) under an empty spec; traced as those are.
            const Value sv = spec ? constant_of(spec) : str("");
            if (!sv.is<Str>()) unsupported("a format spec that is not a str");
            if (auto* o = get(v).as<UserDefinedObjectVariable>(); o && (arg & 3) == 0)
                if (const Value* m = class_lookup(v, intern("__format__")); m && m->is<Function>()) {
                    VariablePtr r = inline_function(build_variable(st_, *m, nullptr), {v, constant_variable(sv)}, {});
                    if (!is_constant(r) || !constant_of(r).is<Str>()) unsupported("__format__ returned a non-string");
                    push(r);
                    return;
                }
            if (!sv.as<Str>()->view().empty()) unsupported("formatting a value that is not a constant with a format spec");
            const Value* fn = vm().builtins().find(intern((arg & 3) == 2 ? "repr" : (arg & 3) == 3 ? "ascii" : "str"));
            if (!fn) unsupported("str()");
            VariablePtr r = call(build_variable(st_, *fn, nullptr), {v}, {});
            if (!is_constant(r) || !constant_of(r).is<Str>()) unsupported("formatting a value that is not a constant");
            push(r);
            return;
        }
        Value x = constant_of(v);
        if ((arg & 3) == 1) x = str(vm().str(x));
        if ((arg & 3) == 2) x = str(vm().repr(x));
        if ((arg & 3) == 3) x = str(vm().ascii(x));
        Value s = spec ? constant_of(spec) : Value();
        push(constant_variable(str(vm().format(x, s.is<Str>() ? s.as<Str>()->view() : std::string_view()))));
        return;
    }
    case Opcode::LIST_APPEND: {
        VariablePtr v = pop();
        auto* l = peek(arg)->as<ListVariable>();
        if (!l) unsupported("LIST_APPEND to a non-list");
        l->items.push_back(std::move(v));
        return;
    }
    case Opcode::MAP_ADD: {
        VariablePtr v = pop();
        VariablePtr k = pop();
        auto* d = peek(arg)->as<ConstDictVariable>();
        if (!d) unsupported("MAP_ADD to a non-dict");
        dict_put(*d, dict_key(k), std::move(v));
        return;
    }
    case Opcode::LIST_EXTEND: {
        VariablePtr it = pop();
        auto* l = peek(arg)->as<ListVariable>();
        if (!l) unsupported("LIST_EXTEND to a non-list");
        for (auto& x : items_of(it)) l->items.push_back(x);
        return;
    }
    case Opcode::DICT_UPDATE: {
        VariablePtr m = pop();
        auto* d = peek(arg & 0xff)->as<ConstDictVariable>();
        if (d && get(m).is<UserDefinedObjectVariable>()) {  // {**mapping}: its keys() and __getitem__
            if (arg & dict_merge_flag) unsupported("f(**mapping) of a mapping object");
            for (auto& [k, v] : mapping_pairs(m)) dict_put(*d, k, v);
            return;
        }
        auto* src = get(m).as<ConstDictVariable>();
        if (!d || !src) unsupported("DICT_UPDATE with a non-dict");
        if (arg & dict_merge_flag)  // f(**d, a=1) (DICT_MERGE): a key given twice raises, in the trace
            for (auto& [k, v] : src->items)
                for (auto& item : d->items)
                    if (vm().eq(item.first, k)) {
                        VariableTracker& fn = get(peek((arg & 0xff) + 2));
                        Value callee;
                        if (auto* u = fn.as<UserFunctionVariable>()) callee = u->fn;
                        else if (auto* b = fn.as<BuiltinVariable>()) callee = b->fn;
                        else if (auto* c = fn.as<UserDefinedClassVariable>()) callee = c->cls;
                        else unsupported("a keyword argument given twice, to a callable the trace cannot name");
                        const std::string who = detail::callable_description(vm(), callee);
                        raise_python(exc::TypeError, {str(who + " got multiple values for keyword argument '" +
                                                          (k.is<Str>() ? k.as<Str>()->text() : vm().repr(k)) + "'")});
                    }
        for (auto& [k, v] : src->items) {
            bool replaced = false;
            for (auto& item : d->items)
                if (vm().eq(item.first, k)) {
                    item.second = v;
                    replaced = true;
                }
            if (!replaced) d->items.emplace_back(k, v);
        }
        return;
    }
    case Opcode::LIST_TO_TUPLE: {
        VariablePtr l = pop();
        push(make_variable(TupleVariable{items_of(l)}));
        return;
    }
    case Opcode::UNPACK_SEQUENCE: {
        std::vector<VariablePtr> items = items_of(pop());
        if (items.size() != arg) unsupported("unpacking " + std::to_string(items.size()) + " values into " + std::to_string(arg));
        for (std::size_t i = items.size(); i-- > 0;) push(items[i]);
        return;
    }
    case Opcode::UNPACK_EX: {
        const std::size_t before = arg & 0xFF, after = arg >> 8;
        std::vector<VariablePtr> items = items_of(pop());
        if (items.size() < before + after) unsupported("not enough values to unpack");
        for (std::size_t i = 0; i < after; ++i) push(items[items.size() - 1 - i]);
        push(make_variable(ListVariable{std::vector<VariablePtr>(items.begin() + static_cast<std::ptrdiff_t>(before),
                                                                 items.end() - static_cast<std::ptrdiff_t>(after))}));
        for (std::size_t i = before; i-- > 0;) push(items[i]);
        return;
    }
    case Opcode::GET_ITER: {
        VariablePtr v = pop();
        if (v->is<ListIteratorVariable>()) {
            push(v);
            return;
        }
        push(iterate(v));
        return;
    }
    case Opcode::FOR_ITER: {
        if (!peek()->is<ListIteratorVariable>()) unsupported("FOR_ITER over a non-iterator");
        if (VariablePtr item = next_item(peek())) {
            push(std::move(item));
        } else {
            pop();
            ip_ = arg;
        }
        return;
    }
    case Opcode::JUMP_FORWARD:
    case Opcode::JUMP_BACKWARD: ip_ = arg; return;
    case Opcode::POP_JUMP_IF_FALSE:  // (`assert not t` jumps over the raise when t is false)
        if (get(peek()).is<TensorVariable>() && tensor_assert(arg, true)) return;
        if (!truth(pop())) ip_ = arg;
        return;
    case Opcode::POP_JUMP_IF_TRUE:
        if (get(peek()).is<TensorVariable>() && tensor_assert(arg, false)) return;
        if (truth(pop())) ip_ = arg;
        return;
    case Opcode::JUMP_IF_FALSE_OR_POP:
        if (!truth(peek())) ip_ = arg;
        else pop();
        return;
    case Opcode::JUMP_IF_TRUE_OR_POP:
        if (truth(peek())) ip_ = arg;
        else pop();
        return;
    case Opcode::RETURN_VALUE:
        result = pop();
        if (!parent_) {
            drain_generators(result);
            close_abandoned_generators(result);
        }
        done = true;
        return;
    case Opcode::KW_NAMES: kwnames_ = code_->consts[arg].as<Tuple>(); return;
    case Opcode::RETURN_GENERATOR:
        // The inlined generator runs to its end at once: every yield sends None.
        if (!generated_) unsupported("a generator frame");
        push(make_variable(ConstantVariable{Value()}));
        return;
    case Opcode::YIELD_VALUE:
        if (!generated_) unsupported("yield outside an inlined generator");
        yield_at_ = ip_ - 1;
        generated_->push_back(pop());
        push(make_variable(ConstantVariable{Value()}));
        return;
    case Opcode::GET_YIELD_FROM_ITER: {
        if (!generated_) unsupported("yield from outside an inlined generator");
        VariablePtr v = pop();
        push(v->is<ListIteratorVariable>() ? v : iterate(v));  // (an iterator object is pulled lazily)
        return;
    }
    case Opcode::SEND: {
        // yield from over the inner iterator's items (every yield is sent None);
        // when it is done, its return value replaces it.
        VariablePtr sent = pop();
        auto* it = peek()->as<ListIteratorVariable>();
        if (!it) unsupported("yield from over a non-iterator");
        const bool none = is_constant(sent) && constant_of(sent).is_none();
        if (!none && !(it->lazy == ListIteratorVariable::Lazy::generator && it->generator))
            unsupported("send() into a yield from over an iterator that is not a generator");
        if (VariablePtr item = none ? next_item(peek()) : resume(peek(), sent)) {
            push(std::move(item));
            return;
        }
        it = peek()->as<ListIteratorVariable>();  // (the pull may have moved it)
        VariablePtr result = it->result ? it->result : make_variable(ConstantVariable{Value()});
        pop();
        push(result);
        ip_ = arg;
        return;
    }
    case Opcode::BEFORE_WITH: {
        // with mgr: push mgr.__exit__, then mgr.__enter__()'s result; the
        // normal exit calls __exit__(None, None, None) (both inlined).
        VariablePtr mgr = pop();
        VariablePtr exit = getattr(mgr, intern("__exit__"));
        VariablePtr enter = getattr(mgr, intern("__enter__"));
        push(exit);
        push(call(enter, {}, {}));
        // A grad-mode manager keeps the mode its exit restores in `prev`
        // (no_grad's __enter__ sets it, set_grad_enabled's constructor).
        if (is_grad_mode_manager(mgr))
            if (VariablePtr prev = getattr(mgr, intern("prev")); is_constant(prev) && constant_of(prev).is_bool())
                grad_blocks_.push_back({exit.get(), constant_of(prev).as_bool(), vm().global_state().grad_enabled});
        return;
    }
    case Opcode::CALL: do_call(arg); return;
    case Opcode::CALL_FUNCTION_EX: {
        VariablePtr kw = (arg & 1) ? pop() : nullptr;
        VariablePtr argtuple = pop();
        VariablePtr fn = pop();
        pop();  // the NULL
        std::vector<std::pair<Str*, VariablePtr>> kwargs;
        if (kw) {
            auto* d = get(kw).as<ConstDictVariable>();
            if (!d) unsupported("** of a non-dict");
            for (auto& [k, v] : d->items) {
                if (!k.is<Str>()) unsupported("keywords must be strings");
                kwargs.emplace_back(intern(k.as<Str>()->view()), v);
            }
        }
        push(call(fn, items_of(argtuple), std::move(kwargs)));
        return;
    }
    // import m / from m import a: the import runs at trace time (a module
    // loads once and is cached, as CPython's sys.modules), the module is a
    // constant of the trace; IMPORT_FROM reads the attribute from it.
    case Opcode::IMPORT_NAME: {
        VariablePtr fromlist = pop();
        if (!is_constant(fromlist)) unsupported("IMPORT_NAME with a non-constant fromlist");
        Value module;
        try {
            module = vm().import_module(code_->names[arg], constant_of(fromlist));
        } catch (const Error& e) {
            unsupported(e.message());
        }
        push(build_variable(st_, module, nullptr));
        return;
    }
    case Opcode::IMPORT_FROM: {
        VariablePtr module = peek();
        auto* m = get(module).as<PythonModuleVariable>();
        if (!m) unsupported("IMPORT_FROM of a non-module");
        Str* name = code_->names[arg];
        Value out;
        if (!vm().try_getattr(m->module, name, out)) {
            const std::string full = m->module.as<Module>()->name()->text() + "." + name->text();
            auto sub = vm().find_module(full);
            if (!sub) unsupported("ImportError: cannot import name '" + name->text() + "'");
            out = Value(sub);
        }
        push(build_variable(st_, out, nullptr));
        return;
    }
    case Opcode::MAKE_FUNCTION: {
        VariablePtr code = pop();
        NestedUserFunctionVariable fn;
        fn.code = constant_of(code);
        if (!fn.code.is<Code>()) unsupported("MAKE_FUNCTION without a code object");
        fn.globals = globals_;
        fn.name = fn.code.as<Code>()->name;
        fn.qualname = fn.code.as<Code>()->qualname;
        if (arg & MF_CLOSURE) fn.closure = items_of(pop());
        if (arg & MF_KWDEFAULTS) unsupported("keyword-only defaults on a function made during the trace");
        if (arg & MF_DEFAULTS) fn.defaults = items_of(pop());
        ++st_.created_objects;  // (rebuilt once, into a temporary, wherever it escapes)
        push(make_variable(std::move(fn)));
        return;
    }
    default: break;
    }
    unsupported(std::string("the instruction ") + std::string(opcode_name(ins.op)) + " is not traced");
}

STANDIN_NAMESPACE_END
