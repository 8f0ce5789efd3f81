// The state of one frame's translation (Dynamo's OutputGraph and tracing
// context): the fx graph being captured, one placeholder per input source,
// the guards installed so far, the side effects recorded, and the builders
// that turn outside values into VariableTrackers.
//
// VariableBuilder (a value with a Source) installs the guards Dynamo's
// builder.py installs for its kind: TENSOR_MATCH for tensors (plus
// DUPLICATE_INPUT when one tensor arrives by two paths), EQUALS_MATCH for
// None/bool/int/float/str (specialised: baked into the graph), TYPE_MATCH +
// length for lists and tuples and TYPE_MATCH + DICT_KEYS for dicts (their
// elements wrapped lazily), FUNCTION_MATCH for functions, ID_MATCH for
// modules, classes, builtins and torch functions, TYPE_MATCH for objects
// (attributes read lazily). SourcelessBuilder wraps values born mid-trace,
// with no guard. A LazyVariableTracker is realized (its guard installed) the
// first time the trace looks at it.
// Counterpart: torch/_dynamo/output_graph.py, variables/builder.py, variables/lazy.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/trace_state.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/fx/graph.hpp>
#include <standin/runtime/tensor/device.hpp>
#include <standin/guards/leaf.hpp>
#include <standin/variables/tracker.hpp>
#include <standin/vm/interpreter.hpp>
#include <standin/vm/torch.hpp>

#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

struct TraceState {
    struct Input {
        const Source* source;
        Value value;  // the value seen while tracing (the backend's example input)
        Node* node;
    };
    struct AttrStore {
        VariablePtr object;
        Str* name;
        VariablePtr value;  // null: `del object.name`
    };

    TraceState(Interpreter& machine, const Code* code, Dict* globals)
        : vm(machine), root_code(code), root_globals(globals), graph(std::make_unique<Graph>()),
          saved_arena_(std::exchange(detail::dynamo::tracker_arena, &arena_)) {}
    TraceState(const TraceState&) = delete;
    TraceState& operator=(const TraceState&) = delete;
    // Empties every tracker the trace made: cycles among them cannot leak.
    ~TraceState() {
        detail::dynamo::tracker_arena = saved_arena_;
        for (auto& weak : arena_)
            if (VariablePtr v = weak.lock()) v->kind = NullVariable{};
    }

    Interpreter& vm;
    const Code* root_code;
    Dict* root_globals;
    std::unique_ptr<Graph> graph;
    std::vector<Input> inputs;
    // Inputs whose being a leaf the trace read (x.is_leaf): their
    // TENSOR_MATCH checks it (see leaf_sensitive_inputs for in-place ops).
    std::unordered_set<const Node*> leaf_read;
    std::vector<std::pair<const Source*, LeafGuard>> guards;
    std::vector<std::pair<const Source*, const Source*>> duplicates;
    // Builtins the root frame's code read: each name must stay absent from
    // the root globals (a global defined later shadows it).
    std::vector<Str*> absent_globals;
    // Dicts from outside whose DICT_KEYS_MATCH waits for the trace to depend
    // on their key set (guard_dict_keys_where_read installs it).
    struct PendingKeys {
        VariablePtr dict;
        const Source* source;
        std::vector<Value> keys;
    };
    std::vector<PendingKeys> pending_keys;
    // One tracker per source, so two reads of one path are one value.
    std::unordered_map<const Source*, VariablePtr> by_source;
    // Tensor inputs by identity: the same tensor by two paths is one placeholder.
    std::unordered_map<const Object*, VariablePtr> tensors;
    // Objects, lists and dicts by identity: one tracker per object, so a
    // mutation through one path is seen through every other.
    std::unordered_map<const Object*, VariablePtr> objects;
    std::unordered_set<std::string> placeholder_names;
    // Class attributes already guarded through an object's class (class_lookup).
    std::unordered_set<const Source*> class_attr_guards;
    // The __dict__ trackers of objects the frame made, to their objects.
    std::unordered_map<const VariableTracker*, VariablePtr> instance_dicts;
    // hash() of an object the trace made (a tensor, an instance, a closure):
    // a stand-in value per object (per traced value for a tensor), distinct from every real hash (those are
    // addresses), so a set built in the frame can bucket it; sets holding
    // one are rebuilt from their items when they leave the frame.
    std::unordered_map<const void*, std::int64_t> fake_hashes;
    static constexpr std::int64_t fake_hash_base = -(std::int64_t{1} << 61);
    static bool is_fake_hash(const Value& v) noexcept {
        return v.is_int() && v.as_int() <= fake_hash_base && v.as_int() > fake_hash_base - (std::int64_t{1} << 32);
    }
    std::int64_t fake_hash(const void* v) {
        auto [it, fresh] = fake_hashes.try_emplace(v, fake_hash_base - static_cast<std::int64_t>(fake_hashes.size()) * 16);
        return it->second;
    }
    // Dict keys hashed by identity (a tensor, an object, a function the
    // trace made): each object's key is a stand-in int (one per object, below
    // every fake hash), and key_trackers gives back its tracker, so a dict
    // built in the frame can hold it and hand it back from keys()/items().
    std::unordered_map<const void*, std::int64_t> key_tokens;
    std::unordered_map<std::int64_t, VariablePtr> key_trackers;
    static constexpr std::int64_t key_token_base = -(std::int64_t{1} << 62);
    static bool is_key_token(const Value& v) noexcept {
        return v.is_int() && v.as_int() <= key_token_base && v.as_int() > key_token_base - (std::int64_t{1} << 32);
    }
    // The stand-in for the object at `identity` as a dict key; `tracker`
    // becomes its tracker if it has none yet.
    Value key_token(const void* identity, const VariablePtr& tracker) {
        auto [it, fresh] = key_tokens.try_emplace(identity, key_token_base - static_cast<std::int64_t>(key_tokens.size()));
        if (fresh) key_trackers.emplace(it->second, tracker);
        return Value(it->second);
    }
    // Side effects, replayed by the rewritten code after the graph runs.
    // A store to a global (a null value: a `del`): of the root frame's
    // module (scope null), or of another user module's, whose dict a hook or
    // a function from that module inlined into the trace wrote.
    struct GlobalStore {
        Str* name;
        VariablePtr value;
        Dict* scope = nullptr;
    };
    std::vector<GlobalStore> global_stores;
    // The newest store to global `name` of `scope` (null: the root frame's
    // module) in this trace, or null when the trace has not written it.
    const GlobalStore* newest_global_store(Str* name, Dict* scope = nullptr) const {
        for (auto it = global_stores.rbegin(); it != global_stores.rend(); ++it)
            if (it->name == name && it->scope == scope) return &*it;
        return nullptr;
    }
    std::vector<AttrStore> attr_stores;
    std::vector<VariablePtr> mutated_containers;
    std::vector<std::pair<Str*, VariablePtr>> cell_stores;  // free variables of the compiled frame
    // Cells of functions from outside (their ClosureSource), stored through.
    std::vector<std::pair<const Source*, VariablePtr>> outer_cell_stores;
    // The user functions the trace inlined (their codes' ids).
    std::set<std::uint64_t> inlined_codes;
    // Every inlined generator the trace made, held until the trace ends: one
    // dropped while suspended (a for loop left by break) is still closed at
    // the frame's return.
    std::vector<VariablePtr> generators;
    std::vector<std::weak_ptr<VariableTracker>> arena_;
    std::vector<std::weak_ptr<VariableTracker>>* saved_arena_;
    std::size_t instructions = 0;
    // Where an Unsupported came from, innermost frame first: (code, line)
    // of each translator it passed through (the user stack of a break).
    std::vector<std::pair<const Code*, std::uint32_t>> break_stack;
    // Code objects torch._dynamo.disable marked (a call to one is a graph break).
    const std::set<std::uint64_t>* disabled = nullptr;
    std::size_t inline_depth = 0;
    // Inside the traced body of a torch function recorded as one call.
    std::size_t composite_depth = 0;

    bool has_side_effects() const noexcept {
        return !global_stores.empty() || !attr_stores.empty() || !mutated_containers.empty() || !cell_stores.empty() ||
               !outer_cell_stores.empty();
    }
    std::size_t count_calls() const noexcept {
        std::size_t n = 0;
        for (Node* node : graph->nodes())
            if (node->op() == NodeOpcode::call_function || node->op() == NodeOpcode::call_method) ++n;
        return n;
    }
    void guard(const Source* source, LeafGuard leaf) {
        // A guard needs a path to check; a value without one is the trace's own.
        if (!source) throw Unsupported("a guard on a value that was not read from outside the frame");
        guards.emplace_back(source, std::move(leaf));
    }
    // Every store the trace made (to any container, attribute, global or cell),
    // counted: an inlined generator's body must make none.
    std::size_t stores() const noexcept {
        return container_mutations + attr_stores.size() + global_stores.size() + cell_stores.size() + cell_writes +
               outer_cell_stores.size();
    }
    std::size_t container_mutations = 0, cell_writes = 0;
    // While a generator that outlives the frame runs to its end early: the
    // serial of the first tracker made since (0: none runs), and what the
    // body read from state made before, which its eager run, pulled later,
    // would read then (a global, an attribute, a list, a cell it shares).
    std::uint32_t drain_mark = 0;
    std::string drain_read;
    // Objects of guest classes the trace made (each needs a codegen temporary).
    std::size_t created_objects = 0;
    // torch.compile(fullgraph=True): a graph break is an error.
    bool fullgraph = false;
    void mark_mutated(const VariablePtr& v) {
        ++container_mutations;
        if (v->mutation != MutationType::existing || v->mutated) return;
        v->mutated = true;
        mutated_containers.push_back(v);
    }

    // A placeholder named after its source, as Dynamo names them (L['x'] -> L_x_).
    Node* add_placeholder(const Source* source, const Value& value) {
        std::string name;
        for (char c : source->name()) {
            const bool word = std::isalnum(static_cast<unsigned char>(c)) || c == '_';
            if (word) name += c;
            else if (name.empty() || name.back() != '_') name += '_';
        }
        std::string unique = name;
        for (int i = 1; !placeholder_names.insert(unique).second; ++i) unique = name + "_" + std::to_string(i);
        Node* first_call = nullptr;
        for (Node* n : graph->nodes())
            if (n->op() != NodeOpcode::placeholder) {
                first_call = n;
                break;
            }
        Node* node;
        if (first_call) {
            auto at = graph->inserting_before(first_call);
            node = graph->placeholder(unique, value);
        } else {
            node = graph->placeholder(unique, value);
        }
        inputs.push_back({source, value, node});
        return node;
    }
};

namespace detail::dynamo {

// The DICT_KEYS_MATCH of each dict from outside whose key set the trace
// depended on (ConstDictVariable::keys_read).
inline void guard_dict_keys_where_read(TraceState& st) {
    for (auto& pending : st.pending_keys) {
        auto* d = pending.dict->peek<ConstDictVariable>();
        if (!d || d->keys_read) st.guard(pending.source, DictKeysMatch{std::move(pending.keys)});
    }
    st.pending_keys.clear();
}

// The inputs whose being a leaf the graph depends on get a TENSOR_MATCH that
// checks it: those whose is_leaf the trace read, and those an in-place op
// writes, directly or through a view (the eager op's autograd check differs
// for a leaf that requires grad). Other inputs match leaf or not, as Dynamo's.
inline void check_leafness_where_read(TraceState& st) {
    std::unordered_set<const Node*> sensitive(st.leaf_read.begin(), st.leaf_read.end());
    auto written_inputs = [&](const Graph& graph) {
        for (const Node* n : graph.nodes()) {
            const OpDef* op = n->op_def();
            if (!op || n->args().empty() || !n->args()[0].node()) continue;
            if (!op->mutates_self && op->name != "setitem" && op != &guest_call_inplace_op()) continue;
            const Node* at = n->args()[0].node();
            while (at->op() != NodeOpcode::placeholder) {  // back through views (shared storage)
                const Node* arg = at->args().empty() ? nullptr : at->args()[0].node();
                auto* out = at->val().dyn<Tensor>();
                auto* in = arg ? arg->val().dyn<Tensor>() : nullptr;
                if (!out || !in || out->storage() != in->storage()) break;
                at = arg;
            }
            if (at->op() == NodeOpcode::placeholder) sensitive.insert(at);
        }
    };
    if (st.graph) written_inputs(*st.graph);  // (null once a backend took it and skipped the frame)
    if (sensitive.empty()) return;
    for (auto& [source, leaf] : st.guards)
        if (auto* tm = boost::variant2::get_if<TensorMatch>(&leaf))
            for (const auto& in : st.inputs)
                if (in.source == source && sensitive.count(in.node)) tm->leaf_checked = true;
}

// A dict key an item's source can name: d['k'] (DictGetItemSource) or d[3]
// (GetItemSource, whose accessor indexes a dict by an int key too).
inline bool is_sourced_key(const Value& k) noexcept { return k.is<Str>() || (k.is_int() && !TraceState::is_key_token(k)); }

inline bool is_python_constant_value(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::none:
    case Kind::bool_:
    case Kind::int_:
    case Kind::float_:
    case Kind::str: return true;
    default: return false;
    }
}

// An immutable value made only of constants: a constant, or a tuple of
// such values ((1, 'a'), tuple("abc")). A builtin method bound to one folds.
inline bool is_constant_tree(const Value& v) noexcept {
    if (is_python_constant_value(v)) return true;
    if (v.kind() != Kind::tuple) return false;
    for (const Value& item : v.as<Tuple>()->items())
        if (!is_constant_tree(item)) return false;
    return true;
}

// The test harness's code (TestCase.assertRaises, ...) under
// config.enable_trace_unittest: traced and compiled as user code, as
// Dynamo's own tests have it; otherwise skipped as torch's internals.
inline bool traced_harness(Interpreter& vm, std::string_view filename) {
    if (filename != "<torch._dynamo.test_case>") return false;
    ref<Module> config = vm.find_module("torch._dynamo.config");
    const Value* on = config ? config->dict()->find(intern("enable_trace_unittest")) : nullptr;
    return on && vm.truthy(*on);
}

inline const Value* size_class(Interpreter& vm) { return torch_glue::size_class(vm); }

inline bool is_size_instance(Interpreter& vm, const Value& v) {
    if (v.kind() != Kind::instance) return false;
    const Value* cls = size_class(vm);
    return cls && v.as<Instance>()->cls() == cls->object();
}

inline bool is_torch_function(const Value& v) noexcept {
    auto* b = v.dyn<Builtin>();
    return b && b->fn() == &torch_glue::torch_function && b->data();
}

inline bool is_dtype(const Value& v) noexcept {
    auto* n = v.dyn<NativeObject>();
    return n && dynamic_cast<const DTypeObject*>(n) != nullptr;
}

}  // namespace detail::dynamo

// Wraps `value` read through `source` (VariableBuilder), or born mid-trace
// when `source` is null (SourcelessBuilder).
inline VariablePtr build_variable(TraceState& st, const Value& value, const Source* source);

// A tracker whose value is looked at only when the trace touches it.
namespace detail::dynamo {
// Values whose identity matters to the trace (mutable: a store through one
// alias must be seen through the others).
inline bool tracks_identity(const Value& v) noexcept {
    return v.kind() == Kind::instance || v.kind() == Kind::list || v.kind() == Kind::dict;
}
// Whether instances of `cls` are hashed by identity as dict keys: neither
// __hash__ nor __eq__ is written in Python (object's builtins answer).
inline bool hashed_by_identity(Interpreter& vm, const Class* cls) {
    const Value* h = cls->lookup(vm.names().hash);
    const Value* eq = cls->lookup(vm.names().eq);
    return (!h || h->is<Builtin>()) && (!eq || eq->is<Builtin>());
}
}  // namespace detail::dynamo

inline VariablePtr lazy_variable(TraceState& st, const Value& value, const Source* source) {
    if (source) {
        auto it = st.by_source.find(source);
        if (it != st.by_source.end()) return it->second;
    }
    if (detail::dynamo::tracks_identity(value)) {
        auto known = st.objects.find(value.object());
        if (known != st.objects.end()) {
            if (source && known->second->source) st.duplicates.emplace_back(known->second->source, source);
            return known->second;
        }
    }
    auto v = make_variable(LazyVariableTracker{value}, source);
    if (source) st.by_source.emplace(source, v);
    // Known by identity from now on: the same object reached by another path
    // (a default argument that is also a global) is this tracker, and the
    // guards check that the two paths still reach one object.
    if (detail::dynamo::tracks_identity(value)) st.objects[value.object()] = v;
    return v;
}

// Realizes a lazy tracker in place (aliases see the realized kind).
inline VariableTracker& realize(TraceState& st, const VariablePtr& v) {
    if (auto* lazy = v->as<LazyVariableTracker>()) {
        Value value = lazy->value;
        const Source* source = v->source;
        if (source) st.by_source.erase(source);
        const bool tracked = detail::dynamo::tracks_identity(value);
        if (tracked) {
            auto known = st.objects.find(value.object());
            if (known != st.objects.end() && known->second.get() != v.get())
                throw Unsupported("an object reached by two paths before the trace first read it");
            if (known != st.objects.end()) st.objects.erase(known);
        }
        VariablePtr built = build_variable(st, value, source);
        if (tracked) st.objects[value.object()] = v;
        if (built->is<TensorVariable>()) v->kind = built->kind;  // the tracker of the same tensor by another path
        else v->kind = std::move(built->kind);                 // built is dropped: the maps point at v below
        v->mutation = built->mutation;
        for (auto& pending : st.pending_keys)  // (a dict's key guard follows its tracker)
            if (pending.dict == built) pending.dict = v;
        if (source) st.by_source[source] = v;
        // A tensor seen again by identity must map to the same tracker.
        if (v->is<TensorVariable>() && value.is<Tensor>()) st.tensors[value.object()] = v;
    }
    return *v;
}

namespace detail::dynamo {
inline std::span<const Value> backing_items(const Value& backing) {
    return backing.is<Tuple>() ? backing.as<Tuple>()->items() : backing.as<List>()->items();
}
}  // namespace detail::dynamo

// Item `i` of a tuple or list read from outside, made (lazily) on first use.
template <class Seq>
VariablePtr item_of(TraceState& st, const VariableTracker& t, Seq& seq, std::size_t i) {
    if (seq.backing.is_null()) return seq.items[i];
    for (auto& [index, v] : seq.touched)
        if (index == i) return v;
    VariablePtr v = lazy_variable(st, detail::dynamo::backing_items(seq.backing)[i], t.source->item(static_cast<std::int64_t>(i)));
    seq.touched.emplace_back(i, v);
    return v;
}
// Length of a tuple or list, made or not.
template <class Seq>
std::size_t length_of(const Seq& seq) {
    return seq.backing.is_null() ? seq.items.size() : detail::dynamo::backing_items(seq.backing).size();
}
// Makes every item of a tuple or list read from outside (before a mutation
// or a walk over all of them).
inline void fill_items(TraceState& st, VariableTracker& t) {
    auto fill = [&](auto& seq) {
        if (seq.backing.is_null()) return;
        const std::size_t n = length_of(seq);
        std::vector<VariablePtr> items(n);
        for (std::size_t i = 0; i < n; ++i) items[i] = item_of(st, t, seq, i);
        seq.items = std::move(items);
        seq.backing = Value::null();
        seq.touched.clear();
    };
    if (auto* x = t.as<TupleVariable>()) fill(*x);
    else if (auto* x = t.as<ListVariable>()) fill(*x);
}

// Why the trace cannot hold an object of `cls`, a guest subclass of dict, or
// "": the overrides the translator inlines where dict's protocol would run
// (InstructionTranslator::dict_override) must be Python functions, and a few
// hooks it does not follow must be absent.
namespace detail::dynamo {
// The classes of a dict subclass's MRO that come before dict (or
// OrderedDict, or object), each with its MRO index: where the guest's
// overrides and hooks live. `visit(cls, k)` returns true to stop.
template <class Visit>
void for_each_class_above_dict(Interpreter& vm, const Class* cls, Visit&& visit) {
    const auto& T = vm.types();
    const auto& mro = cls->mro();
    for (std::size_t k = 0; k < mro.size(); ++k) {
        if (mro[k] == T.dict.get() || mro[k] == T.ordered_dict.get() || mro[k] == T.object.get()) return;
        if (visit(mro[k], k)) return;
    }
}

// The first definition of `name` above dict in cls's MRO, or null.
inline const Value* find_above_dict(Interpreter& vm, const Class* cls, Str* name) {
    const Value* found = nullptr;
    for_each_class_above_dict(vm, cls, [&](const Class* c, std::size_t) { return (found = c->dict()->find(name)) != nullptr; });
    return found;
}

// The name of dict's own method that `hook`, as cls defines it before dict,
// is (class dotdict(dict): __getattr__ = dict.get; __setattr__ =
// dict.__setitem__), or null.
inline Str* dict_method_alias(Interpreter& vm, const Class* cls, Str* hook) {
    const Value* m = find_above_dict(vm, cls, hook);
    if (!m) return nullptr;
    for (const char* name : {"get", "__getitem__", "__setitem__", "__delitem__"})
        if (const Value* own = vm.types().dict->dict()->find(intern(name)); own && own->identical(*m)) return intern(name);
    return nullptr;
}
}  // namespace detail::dynamo

inline std::string dict_subclass_refusal(Interpreter& vm, const Class* cls) {
    static constexpr std::string_view inlined[] = {
        "__getitem__", "__setitem__", "__delitem__", "__iter__", "__len__", "__contains__", "keys", "values", "items",
        "get", "pop", "popitem", "update", "setdefault", "clear", "copy", "__eq__", "__setattr__", "__bool__"};
    static constexpr std::string_view refused[] = {"__reversed__", "__getattribute__"};
    std::string why;
    detail::dynamo::for_each_class_above_dict(vm, cls, [&](const Class* c, std::size_t) {
        for (std::string_view name : refused)
            if (c->dict()->find(intern(name))) return !(why = "that defines " + std::string(name)).empty();
        for (std::string_view name : inlined)
            if (const Value* m = c->dict()->find(intern(name)); m && !m->is<Function>() &&
                !(name == "__setattr__" && detail::dynamo::dict_method_alias(vm, cls, intern(name)) == intern("__setitem__")))
                return !(why = "whose " + std::string(name) + " is not a Python function").empty();
        return false;
    });
    return why;
}

inline VariablePtr build_variable(TraceState& st, const Value& value, const Source* source) {
    using namespace detail::dynamo;
    if (source) {
        auto it = st.by_source.find(source);
        if (it != st.by_source.end() && !it->second->is<LazyVariableTracker>()) return it->second;
    }
    Interpreter& vm = st.vm;
    auto done = [&](VariablePtr v) {
        v->source = source;
        v->mutation = source ? MutationType::existing : MutationType::created;
        if (source) st.by_source[source] = v;
        if (source && detail::dynamo::tracks_identity(value)) st.objects[value.object()] = v;
        return v;
    };
    if (source && detail::dynamo::tracks_identity(value)) {
        auto known = st.objects.find(value.object());
        if (known != st.objects.end()) {
            if (known->second->source) st.duplicates.emplace_back(known->second->source, source);
            return known->second;
        }
    }
    if (value.is_null()) throw Unsupported("an unbound variable was read");
    if (is_python_constant_value(value)) {
        if (source) st.guard(source, EqualsMatch{value});
        return done(make_variable(ConstantVariable{value}));
    }
    switch (value.kind()) {
    case Kind::tensor: {
        if (!source) throw Unsupported("a tensor created outside the graph during the trace");
        const Tensor& t = *value.as<Tensor>();
        auto seen = st.tensors.find(value.object());
        if (seen != st.tensors.end()) {
            st.duplicates.emplace_back(seen->second->source, source);
            return seen->second;
        }
        st.guard(source, TensorMatch{t.dtype(), t.requires_grad(), std::vector<std::int64_t>(t.sizes().begin(), t.sizes().end()),
                                     std::vector<std::int64_t>(t.strides().begin(), t.strides().end()), t.is_parameter(),
                                     t.grad_fn() != nullptr, false, t.is_view_of_leaf()});
        Node* node = st.add_placeholder(source, value);
        auto v = done(make_variable(TensorVariable{node, t.is_parameter()}));
        st.tensors[value.object()] = v;
        return v;
    }
    case Kind::tuple:
    case Kind::list: {
        if (Instance* inst = subclass_instance(value))
            throw Unsupported("an instance of '" + inst->cls()->name()->text() + "', a subclass of list");
        const bool is_tuple = value.kind() == Kind::tuple;
        std::span<const Value> items = is_tuple ? value.as<Tuple>()->items() : value.as<List>()->items();
        if (source) {
            st.guard(source, TypeMatch{type_id(value), is_tuple ? "tuple" : "list"});
            st.guard(source, SequenceLength{items.size()});
        }
        std::vector<VariablePtr> out;
        Value backing = Value::null();
        if (source) {
            backing = value;  // items made on first use (item_of, fill_items)
        } else {
            out.reserve(items.size());
            for (const Value& item : items) out.push_back(build_variable(st, item, nullptr));
        }
        if (is_tuple) return done(make_variable(TupleVariable{std::move(out), backing}));
        return done(make_variable(ListVariable{std::move(out), backing}));
    }
    case Kind::dict: {
        // The frame's own globals as a dict (globals() passed past a graph
        // break): its stores and the frame's reads of globals would be two
        // views of one dict, so the frame runs eagerly.
        if (value.object() == st.root_globals) throw Unsupported("the frame's globals() dict as a value");
        // A dict subclass whose class leaves the dict protocol to dict (adds
        // attributes, __getattr__, methods) is traced as a dict that knows
        // its class; one that overrides __getitem__ and the like is not.
        if (Instance* inst = subclass_instance(value)) {
            if (std::string why = dict_subclass_refusal(vm, inst->cls()); !why.empty())
                throw Unsupported("an instance of '" + inst->cls()->name()->text() + "', a subclass of dict " + why);
            if (!source) throw Unsupported("an instance of '" + inst->cls()->name()->text() + "', a subclass of dict");
        }
        const Dict& d = *value.as<Dict>();
        std::vector<Value> keys;
        d.for_each([&](const Value& k, const Value&) { keys.push_back(k); });
        // Which keys are hashed by identity: tensors and objects without a
        // Python __eq__/__hash__ (the trace holds them as stand-ins, the guard
        // pins the objects). Constants, tuples, torch.Size, functions, classes
        // and modules are keys as they are.
        std::vector<bool> by_identity(keys.size(), false);
        bool any_identity = false;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const Value& k = keys[i];
            if (is_python_constant_value(k) || is_dtype(k) || is_size_instance(vm, k)) continue;
            if (k.is<Tuple>()) {
                for (const Value& part : k.as<Tuple>()->items())
                    if (!is_python_constant_value(part) && !part.is<Tuple>()) throw Unsupported("a dict key that is a tuple of objects");
                continue;
            }
            by_identity[i] = any_identity = true;
            if (k.is<Tensor>() || k.is<Function>() || k.is<Class>() || k.is<Module>() || k.is<Builtin>()) continue;
            if (auto* inst = k.dyn<Instance>(); inst && detail::dynamo::hashed_by_identity(vm, inst->cls())) continue;
            throw Unsupported("a dict key of type '" + std::string(type_name(k)) + "' read from outside the frame");
        }
        if (source) {
            Instance* sub = subclass_instance(value);
            st.guard(source, TypeMatch{type_id(value), sub ? sub->cls()->name()->text() : d.is_ordered() ? "OrderedDict" : "dict"});
            // The key set is guarded once the trace depends on it (keys_read),
            // unless keys held by identity or a subclass need it from the start.
            if (any_identity || sub) st.guard(source, DictKeysMatch{keys, any_identity ? by_identity : std::vector<bool>{}});
            // A dict subclass: the dicts of its classes above dict keep their
            // versions, so a method, hook or property added or replaced there
            // later (AD.scale = ..., D.__getitem__ = ...) recompiles; the
            // translator read them when it chose what to inline.
            if (sub)
                for_each_class_above_dict(vm, sub->cls(), [&](const Class* c, std::size_t k) {
                    st.guard(source->type()->attr("__mro__")->item(static_cast<std::int64_t>(k))->attr("__dict__"),
                             DictVersion{c->dict()->version()});
                    return false;
                });
        }
        std::vector<std::pair<Value, VariablePtr>> out;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const Value& k = keys[i];
            // (A dtype keys torch's own tables: {torch.float32: 'torch.FloatTensor'}.)
            if (!by_identity[i] || !(k.is<Tensor>() || k.is<Instance>())) {
                out.emplace_back(k, nullptr);
                continue;
            }
            // A tensor or object key: held as its stand-in, its tracker read
            // through list(d.keys())[i] (the key guard above pins the object).
            if (!source) throw Unsupported("a dict key that is not a constant");
            out.emplace_back(st.key_token(k.object(), lazy_variable(st, k, source->dict_key(static_cast<std::int64_t>(i)))), nullptr);
        }
        std::size_t i = 0;
        d.for_each([&](const Value& k, const Value& v) {
            const Source* item = !source               ? nullptr
                                 : k.is<Str>()         ? source->item(k.as<Str>()->view())
                                 : is_sourced_key(k)   ? source->item(k.as_int())
                                                       : source->dict_value(static_cast<std::int64_t>(i));
            out[i++].second = source ? lazy_variable(st, v, item) : build_variable(st, v, nullptr);
        });
        VariablePtr made = done(make_variable(ConstDictVariable{std::move(out), d.is_ordered(),
                                                                subclass_instance(value) ? value : Value::null()}));
        if (source && !any_identity && !subclass_instance(value)) st.pending_keys.push_back({made, source, std::move(keys)});
        return made;
    }
    case Kind::function:
        if (source) {
            // A nested function (def or lambda run on each call of its outer
            // function) is a new object every time: guarded on its code, as
            // Dynamo's CLOSURE_MATCH, while its defaults and closure cells are
            // guarded where the trace reads them. Keyword-only defaults are
            // baked in unguarded, so such a function keeps its identity guard.
            const Function& f = *value.as<Function>();
            const Value* kwdefaults = f.dict()->find(vm.names().kwdefaults);
            const bool nested = f.qualname()->view().find("<locals>") != std::string_view::npos ||
                                (f.closure().is<Tuple>() && f.closure().as<Tuple>()->size() > 0);
            if (nested && (!kwdefaults || kwdefaults->is_none())) st.guard(source, ClosureMatch{f.code()});
            else st.guard(source, FunctionMatch{value});
        }
        return done(make_variable(UserFunctionVariable{value}));
    case Kind::builtin:
        // A list, tuple or dict method passed in (fn = xs.append; f(fn)): a
        // new bound object each time it is read, so guarded as what it is,
        // the method of that name bound to L['fn'].__self__ (which is
        // tracked, and guarded as any container), as Dynamo's
        // GetAttrVariable over the method's __self__.
        if (const Value& self = value.as<Builtin>()->self();
            source && (self.kind() == Kind::list || self.kind() == Kind::tuple || self.kind() == Kind::dict)) {
            st.guard(source, TypeMatch{type_id(value), "builtin_function_or_method"});
            Str* name = value.as<Builtin>()->name();
            st.guard(source->attr("__name__"), EqualsMatch{Value::borrow(name)});
            VariablePtr obj = build_variable(st, self, source->attr("__self__"));
            return done(make_variable(GetAttrVariable{obj, name}));
        }
        if (source) st.guard(source, IdMatch{value});
        if (is_torch_function(value))
            return done(make_variable(
                TorchInGraphFunctionVariable{value, static_cast<const OpDef*>(value.as<Builtin>()->data())}));
        return done(make_variable(BuiltinVariable{value}));
    case Kind::module:
        if (source) st.guard(source, IdMatch{value});
        return done(make_variable(PythonModuleVariable{value}));
    case Kind::class_:
        if (source) st.guard(source, IdMatch{value});
        return done(make_variable(UserDefinedClassVariable{value}));
    case Kind::range: {
        if (source) st.guard(source, IdMatch{value});
        const Range& r = *value.as<Range>();
        return done(make_variable(RangeVariable{r.start(), r.stop(), r.step()}));
    }
    case Kind::slice:
        // A slice from outside: a constant, guarded by value (bounds of ints or None).
        if (source) {
            auto* sl = value.as<Slice>();
            for (const Value* part : {&sl->start(), &sl->stop(), &sl->step()})
                if (!part->is_none() && !part->is_int()) throw Unsupported("a slice read from outside the frame with bounds that are not ints");
            st.guard(source, EqualsMatch{value});
        }
        return done(make_variable(ConstantVariable{value}));
    case Kind::instance: {
        // torch.channels_last, torch.strided: constants, one object per value.
        if (torch_constant_name(value)) {
            if (source) st.guard(source, IdMatch{value});
            return done(make_variable(ConstantVariable{value}));
        }
        if (is_size_instance(vm, value)) {
            const Value* dims = value.as<Instance>()->find_attr(intern("_dims"));
            if (!dims || !dims->is<Tuple>()) throw Unsupported("a malformed torch.Size");
            std::vector<std::int64_t> out;
            for (const Value& d : dims->as<Tuple>()->items()) {
                if (!d.is_int()) throw Unsupported("a torch.Size holding a non-int");
                out.push_back(d.as_int());
            }
            if (source) {
                st.guard(source, TypeMatch{type_id(value), "Size"});
                st.guard(source->attr("_dims"), EqualsMatch{*dims});
            }
            return done(make_variable(SizeVariable{std::move(out)}));
        }
        if (source) st.guard(source, TypeMatch{type_id(value), std::string(value.as<Instance>()->cls()->name()->view())});
        return done(make_variable(UserDefinedObjectVariable{value}));
    }
    case Kind::bound_method: {
        // A bound method kept by an object (self.act = self._gelu), a global
        // or an argument: its function and its object, each guarded by its
        // path (source.__func__, source.__self__), as Dynamo guards them.
        const BoundMethod& m = *value.as<BoundMethod>();
        if (source) {
            if (!m.function().is<Function>()) throw Unsupported("a bound method of a builtin read from outside the frame");
            VariablePtr fn = build_variable(st, m.function(), source->attr("__func__"));
            VariablePtr self = lazy_variable(st, m.self(), source->attr("__self__"));
            return done(make_variable(UserMethodVariable{fn, self}));
        }
        VariablePtr fn = build_variable(st, m.function(), nullptr);
        VariablePtr self = build_variable(st, m.self(), nullptr);
        return done(make_variable(UserMethodVariable{fn, self}));
    }
    case Kind::native:
        // dtypes, devices, NotImplemented and Ellipsis: constants, one object per value (ID_MATCH).
        if (is_dtype(value) || as_device_object(value) || value.identical(vm.not_implemented()) || is_ellipsis(value)) {
            if (source) st.guard(source, IdMatch{value});
            return done(make_variable(ConstantVariable{value}));
        }
        throw Unsupported(std::string("a '") + std::string(value.as<NativeObject>()->type_name()) +
                          "' object cannot be traced");
    default: break;
    }
    throw Unsupported(std::string("a '") + std::string(type_name(value)) + "' object cannot be traced");
}

STANDIN_NAMESPACE_END
