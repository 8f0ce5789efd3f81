// VariableTracker: what the translator holds on its symbolic stack for every
// value a traced frame meets. One closed variant of kinds; each tracker also
// carries the Source it was read from (null for values born during the
// trace) and whether it stands for an object that existed before the trace or
// one created by it. Operations on trackers dispatch by visitor in
// dynamo/translator*.hpp; a kind that does not support an operation falls to
// one default that raises Unsupported (a graph break), never a crash.
// Counterpart: torch/_dynamo/variables/ (base.py, constant.py, tensor.py,
// lists.py, dicts.py, functions.py, user_defined.py, builtin.py, torch.py,
// misc.py, lazy.py).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/graph.hpp>
#include <standin/runtime/callable.hpp>
#include <standin/runtime/error.hpp>
#include <standin/runtime/klass.hpp>
#include <standin/source/source.hpp>

#include <boost/variant2/variant.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// The translator met something it cannot put in a graph: the frame runs
// eagerly (or, with fullgraph=True, the guest sees torch._dynamo.exc.Unsupported).
class Unsupported : public Error {
public:
    explicit Unsupported(std::string reason) : Error(exc::RuntimeError, std::move(reason)) {
        set_type_name("Unsupported");
    }
};

// Nothing worth compiling (no tensor op): the frame runs eagerly, without a
// graph (Dynamo's SkipFrame "because no content in function call").
class SkipFrame : public Error {
public:
    explicit SkipFrame(std::string reason) : Error(exc::RuntimeError, std::move(reason)) {
        set_type_name("SkipFrame");
    }
};

struct VariableTracker;
using VariablePtr = std::shared_ptr<VariableTracker>;
class InstructionTranslator;

// Dynamo's MutationType: an object that existed before the trace (its
// mutations are side effects to replay) or one the trace created.
enum class MutationType : std::uint8_t { existing, created };

// None, bool, int, float, str, and other immutable constants (dtypes, slices
// of constants, Ellipsis): the value itself, baked into the graph.
struct ConstantVariable {
    Value value;
};
// A tensor: the graph node that computes it; its fake metadata is node->val().
struct TensorVariable {
    Node* node;
    bool parameter = false;  // an nn.Parameter read from outside: type(p) is nn.Parameter
};
// x.shape: static sizes, read from the fake metadata.
struct SizeVariable {
    std::vector<std::int64_t> dims;
};
// A tuple or list read from outside starts with no items and the real
// container as `backing`: an item gets its (lazy) tracker when first looked
// at (kept in `touched` until all items are needed), so reading xs[0] of a
// 10,000-element list costs one tracker.
struct TupleVariable {
    std::vector<VariablePtr> items;
    Value backing = Value::null();
    std::vector<std::pair<std::size_t, VariablePtr>> touched = {};
    // torch.return_types (max(dim), sort, topk): the guest class and the
    // op's name; the items are (values, indices).
    Value return_type = Value::null();
    Value return_name = Value::null();
};
struct ListVariable {
    std::vector<VariablePtr> items;
    Value backing = Value::null();
    std::vector<std::pair<std::size_t, VariablePtr>> touched = {};
    // The members of an nn.Sequential's slice: calling it runs them in turn.
    bool sequential = false;
};
struct RangeVariable {
    std::int64_t start, stop, step;
};
// A dict with constant keys (insertion order kept).
struct ConstDictVariable {
    std::vector<std::pair<Value, VariablePtr>> items;
    bool ordered = false;  // a collections.OrderedDict (move_to_end, popitem(last=), its type)
    // An instance of a guest dict subclass read from outside (an AttrDict-
    // style config: class MyConfig(dict) with __getattr__): the object; its
    // class's own methods and attributes are looked up on it (Dynamo's
    // UserDefinedDictVariable). Null for a plain dict.
    Value subclass = Value::null();
    // A dict subclass's object the frame made (`subclass` is then an empty
    // instance standing for its class): the attributes the trace gave it.
    std::vector<std::pair<Str*, VariablePtr>> attrs = {};
    // Whether the trace has depended on the key set: any use but a lookup of
    // a present str or int key (d['a'], d.get('a')) sets it, through as<>. A
    // dict read from outside gets its DICT_KEYS_MATCH only then, so adding an
    // unrelated key does not recompile (Dynamo's lazy key guards).
    mutable bool keys_read = false;
};
// A function that existed before the trace.
struct UserFunctionVariable {
    Value fn;
};
// A `def` or `lambda` executed during the trace.
struct NestedUserFunctionVariable {
    Value code;
    Dict* globals;
    Str* name;
    Str* qualname;
    std::vector<VariablePtr> defaults;
    std::vector<VariablePtr> closure;  // CellVariables
    // Attributes the trace stored on it (functools.wraps' __wrapped__ and
    // __doc__, fn.flag = v): read back by the trace, set again when it is rebuilt.
    std::vector<std::pair<Str*, VariablePtr>> attrs = {};
};
struct UserMethodVariable {
    VariablePtr fn;
    VariablePtr self;
};
// An instance of a guest class (nn.Module instances included: their
// attributes are read lazily, parameters become graph inputs). An instance
// the trace itself made (Point(x, 1) in a compiled frame: Dynamo's
// UserDefinedObjectVariable with MutationType created) has no real object:
// `obj` is null and the attributes its __init__ and later stores set are
// trackers, in `attrs`; the rewritten code builds the object when it escapes.
// Sets `name` in a list of attributes the trace holds (of an object or a
// function it made): replaces its tracker, or appends one.
inline void put_attr(std::vector<std::pair<Str*, VariablePtr>>& attrs, Str* name, VariablePtr value) {
    for (auto& [k, v] : attrs)
        if (k == name) {
            v = std::move(value);
            return;
        }
    attrs.emplace_back(name, std::move(value));
}

struct UserDefinedObjectVariable {
    Value obj;
    Value cls = Value::null();
    const Source* cls_source = nullptr;
    std::vector<std::pair<Str*, VariablePtr>> attrs = {};
    // obj.__dict__ of an object the frame made, once read: a dict tracker
    // kept in step with `attrs` both ways (InstructionTranslator::sync_instance_dict).
    VariablePtr dict_view = nullptr;

    bool created() const noexcept { return obj.is_null(); }
    Class* klass() const noexcept { return created() ? cls.as<Class>() : obj.as<Instance>()->cls(); }
    VariablePtr* find(const Str* name) noexcept {
        for (auto& [k, v] : attrs)
            if (k == name) return &v;
        return nullptr;
    }
};
struct UserDefinedClassVariable {
    Value cls;
};
// A builtin function (len, isinstance, range, ...), folded on constants.
struct BuiltinVariable {
    Value fn;
};
// torch.<op>: recorded in the graph.
struct TorchInGraphFunctionVariable {
    Value fn;
    const OpDef* op;
};
// `obj.name` not resolved further: a tensor method about to be called.
struct GetAttrVariable {
    VariablePtr obj;
    Str* name;
};
struct PythonModuleVariable {
    Value module;
};
// A callable the trace rules do not let into a graph.
struct SkipFunctionVariable {
    Value fn;
    std::string reason;
};
// A value read from outside but not yet looked at: realized (guards
// installed) when the trace first touches it.
struct LazyVariableTracker {
    Value value;
};
// A closure cell of a function inlined or created during the trace.
struct CellVariable {
    VariablePtr contents;
    // A cell of a function from outside (its __closure__[i]): where a store
    // to it is written back (fn.__closure__[i].cell_contents = v), as
    // Dynamo replays a store to a cell that outlives the frame.
    const Source* outer = nullptr;
};
// iter() over a list, tuple, range, dict or Size: the items, and how many were taken.
struct ListIteratorVariable {
    std::vector<VariablePtr> items;
    std::size_t index = 0;
    VariablePtr result;  // an inlined generator's return value (what `yield from` it gives)
    // The list or dict iterated, when the iterator is over one: a list grown
    // while it is iterated yields its new items, a dict that changes size
    // raises (both as CPython's iterators do). Null otherwise.
    VariablePtr live;
    std::size_t live_size = 0;
    // map, filter, zip and enumerate are lazy, as CPython's are: they pull
    // from the iterators in `inputs` one item at a time (so a list appended
    // to after map(f, xs) is made is seen), with `fn` (map's and filter's
    // function; null for filter(None, xs)) and enumerate's next `count`.
    // An inlined generator is lazy too: `generator` is its body's translator,
    // run to the next yield when an item is pulled (null once it returned,
    // its value then in `result`). An object of a guest class that is an
    // iterator (its __iter__ gave an object with a Python __next__) is lazy
    // too: `inputs[0]` is that object, its __next__ inlined for each item
    // until it raises StopIteration. reversed(xs) of a list is lazy too: it
    // reads `inputs[0]` at position `count` (counting down) when pulled, so a
    // change to the list is seen, as CPython's list_reverseiterator sees it.
    // `items` stays empty while `lazy` is set.
    enum class Lazy : std::uint8_t { none, map, filter, zip, enumerate, generator, user, reversed };
    Lazy lazy = Lazy::none;
    VariablePtr fn = nullptr;
    std::vector<VariablePtr> inputs = {};
    std::int64_t count = 0;
    std::shared_ptr<InstructionTranslator> generator = nullptr;
    // A dict's keys when its iteration began: a key removed and another added
    // (same size) raises "keys changed" in CPython, so the trace stops there.
    std::vector<Value> live_keys = {};
};
// super(cls, obj): attribute lookups start past cls in obj's classes.
struct SuperVariable {
    Value cls;
    VariablePtr obj;
};
// The NULL that PUSH_NULL and LOAD_GLOBAL push below a callable.
struct NullVariable {};
// d.keys(), d.values(), d.items(): a view of the dict, read each time it is
// used, so a later change to the dict is seen (Dynamo's DictKeysVariable,
// DictValuesVariable, DictItemsVariable).
struct DictViewVariable {
    enum class Of : std::uint8_t { keys, values, items };
    VariablePtr dict;
    Of of;
};

using VariableKind =
    boost::variant2::variant<ConstantVariable, TensorVariable, SizeVariable, TupleVariable, ListVariable,
                             RangeVariable, ConstDictVariable, UserFunctionVariable, NestedUserFunctionVariable,
                             UserMethodVariable, UserDefinedObjectVariable, UserDefinedClassVariable,
                             BuiltinVariable, TorchInGraphFunctionVariable, GetAttrVariable, PythonModuleVariable,
                             SkipFunctionVariable, LazyVariableTracker, CellVariable, ListIteratorVariable,
                             SuperVariable, NullVariable, DictViewVariable>;

struct VariableTracker {
    VariableKind kind;
    const Source* source = nullptr;
    MutationType mutation = MutationType::created;
    // An existing container or object changed by the trace (a side effect).
    bool mutated = false;
    // Order of making within the trace (make_variable counts them): what a
    // generator run to its end early made itself is newer than its start.
    std::uint32_t serial = 0;

    template <class K>
    K* as() noexcept {
        K* p = boost::variant2::get_if<K>(&kind);
        if constexpr (std::is_same_v<K, ConstDictVariable>)
            if (p) p->keys_read = true;
        return p;
    }
    // The same, leaving a dict's keys_read as it is: for the uses that do not
    // depend on its key set.
    template <class K>
    K* peek() noexcept {
        return boost::variant2::get_if<K>(&kind);
    }
    template <class K>
    bool is() const noexcept {
        return boost::variant2::holds_alternative<K>(kind);
    }
};

namespace detail::dynamo {
// The trackers of the trace running on this thread (TraceState sets it):
// trackers can point at each other in cycles (a closure's cell holding the
// closure, a list appended to itself), so the trace empties every one of
// them when it ends.
inline thread_local std::vector<std::weak_ptr<VariableTracker>>* tracker_arena = nullptr;
inline thread_local std::uint32_t tracker_serial = 0;
}  // namespace detail::dynamo

template <class K>
VariablePtr make_variable(K kind, const Source* source = nullptr) {
    auto v = std::make_shared<VariableTracker>();
    v->kind = std::move(kind);
    v->source = source;
    v->mutation = source ? MutationType::existing : MutationType::created;
    v->serial = ++detail::dynamo::tracker_serial;
    if (auto* arena = detail::dynamo::tracker_arena) arena->push_back(v);
    return v;
}

inline VariablePtr constant_variable(Value v) { return make_variable(ConstantVariable{std::move(v)}); }

// The Dynamo class name of a tracker's kind (for reasons and debugging).
inline std::string_view variable_kind_name(const VariableTracker& v) noexcept {
    static constexpr std::string_view names[] = {
        "ConstantVariable",       "TensorVariable",       "SizeVariable",
        "TupleVariable",          "ListVariable",         "RangeVariable",
        "ConstDictVariable",      "UserFunctionVariable", "NestedUserFunctionVariable",
        "UserMethodVariable",     "UserDefinedObjectVariable", "UserDefinedClassVariable",
        "BuiltinVariable",        "TorchInGraphFunctionVariable", "GetAttrVariable",
        "PythonModuleVariable",   "SkipFunctionVariable", "LazyVariableTracker",
        "CellVariable",           "ListIteratorVariable", "SuperVariable",
        "NullVariable",           "DictViewVariable"};
    return names[v.kind.index()];
}

STANDIN_NAMESPACE_END
