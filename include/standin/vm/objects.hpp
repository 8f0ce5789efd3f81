// The vm's own object kinds, held in Values as NativeObjects: iterators (the
// for loop's FOR_ITER steps them without exceptions), live dict views,
// property/staticmethod/classmethod wrappers, super objects, the traceback a
// guest exception carries, and the NotImplemented singleton.
// Counterpart: CPython's listobject.c iterators, dictobject.c views,
// descrobject.c, funcobject.c (staticmethod/classmethod), typeobject.c (super).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/lang/code.hpp>
#include <standin/runtime/callable.hpp>
#include <standin/runtime/klass.hpp>
#include <standin/vm/frame.hpp>

#include <memory>

#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Interpreter;

enum class IterKind : std::uint8_t { list, tuple, range, str, dict, enumerate, zip, map, filter, reversed, guest, tensor, generator };

// An iterator: next() yields the following item, or returns false when done.
class Iterator : public NativeObject {
public:
    explicit Iterator(IterKind k) : iter_kind(k) {}
    const IterKind iter_kind;
    virtual bool next(Interpreter& vm, Value& out) = 0;
};

class ListIterator final : public Iterator {
public:
    explicit ListIterator(ref<List> l) : Iterator(IterKind::list), list(std::move(l)) {}
    std::string_view type_name() const noexcept override { return "list_iterator"; }
    bool next(Interpreter&, Value& out) override {
        if (index >= list->size()) {
            index = exhausted;  // an exhausted iterator stays so when the list grows, as CPython's
            return false;
        }
        out = (*list)[index++];
        return true;
    }
    static constexpr std::size_t exhausted = static_cast<std::size_t>(-1);
    ref<List> list;
    std::size_t index = 0;
};

class TupleIterator final : public Iterator {
public:
    explicit TupleIterator(ref<Tuple> t) : Iterator(IterKind::tuple), tuple(std::move(t)) {}
    std::string_view type_name() const noexcept override { return "tuple_iterator"; }
    bool next(Interpreter&, Value& out) override {
        if (index >= tuple->size()) return false;
        out = (*tuple)[index++];
        return true;
    }
    ref<Tuple> tuple;
    std::size_t index = 0;
};

class RangeIterator final : public Iterator {
public:
    RangeIterator(std::int64_t start, std::int64_t step, std::int64_t length)
        : Iterator(IterKind::range), current(start), step(step), remaining(length) {}
    std::string_view type_name() const noexcept override { return "range_iterator"; }
    bool next(Interpreter&, Value& out) override {
        if (remaining <= 0) return false;
        out = Value(current);
        --remaining;
        current = static_cast<std::int64_t>(static_cast<std::uint64_t>(current) + static_cast<std::uint64_t>(step));
        return true;
    }
    std::int64_t current, step, remaining;
};

class StrIterator final : public Iterator {
public:
    explicit StrIterator(ref<Str> s) : Iterator(IterKind::str), text(std::move(s)) {}
    std::string_view type_name() const noexcept override { return "str_ascii_iterator"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    ref<Str> text;
    std::size_t pos = 0;
};

enum class DictViewKind : std::uint8_t { keys, values, items };

class DictIterator final : public Iterator {
public:
    DictIterator(ref<Dict> d, DictViewKind k) : Iterator(IterKind::dict), dict(std::move(d)), view_kind(k), size(dict->size()) {}
    std::string_view type_name() const noexcept override {
        return view_kind == DictViewKind::keys ? "dict_keyiterator" : view_kind == DictViewKind::values ? "dict_valueiterator" : "dict_itemiterator";
    }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    ref<Dict> dict;
    DictViewKind view_kind;
    std::size_t size;
    std::size_t slot = 0;
    std::size_t remaining = size;  // entries still expected: one more means keys changed
    bool ordered_done = false;     // an OrderedDict's: its last key was given
};

class DictView final : public NativeObject {
public:
    DictView(ref<Dict> d, DictViewKind k) : dict(std::move(d)), view_kind(k) {}
    std::string_view type_name() const noexcept override {
        // An OrderedDict's views print as odict_keys([...]) (state_dict().keys()).
        if (dict->is_ordered())
            return view_kind == DictViewKind::keys ? "odict_keys" : view_kind == DictViewKind::values ? "odict_values" : "odict_items";
        return view_kind == DictViewKind::keys ? "dict_keys" : view_kind == DictViewKind::values ? "dict_values" : "dict_items";
    }
    ref<Dict> dict;
    DictViewKind view_kind;
};

class EnumerateIterator final : public Iterator {
public:
    EnumerateIterator(Value it, std::int64_t start) : Iterator(IterKind::enumerate), inner(std::move(it)), count(start) {}
    std::string_view type_name() const noexcept override { return "enumerate"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    Value inner;
    std::int64_t count;
};

class ZipIterator final : public Iterator {
public:
    explicit ZipIterator(std::vector<Value> its) : Iterator(IterKind::zip), iters(std::move(its)) {}
    std::string_view type_name() const noexcept override { return "zip"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    std::vector<Value> iters;
    bool strict = false;  // zip(..., strict=True): ValueError when one runs out before the others
};

class MapIterator final : public Iterator {
public:
    MapIterator(Value f, std::vector<Value> its) : Iterator(IterKind::map), fn(std::move(f)), iters(std::move(its)) {}
    std::string_view type_name() const noexcept override { return "map"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    Value fn;
    std::vector<Value> iters;
};

class FilterIterator final : public Iterator {
public:
    FilterIterator(Value f, Value it) : Iterator(IterKind::filter), fn(std::move(f)), inner(std::move(it)) {}
    std::string_view type_name() const noexcept override { return "filter"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    Value fn;
    Value inner;
};

// reversed() over an indexable sequence: walks indices down.
class ReversedIterator final : public Iterator {
public:
    ReversedIterator(Value s, std::int64_t len) : Iterator(IterKind::reversed), seq(std::move(s)), index(len - 1) {}
    std::string_view type_name() const noexcept override { return "reversed"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    Value seq;
    std::int64_t index;
};

// An instance with __next__: StopIteration ends it.
class GuestIterator final : public Iterator {
public:
    explicit GuestIterator(Value o) : Iterator(IterKind::guest), obj(std::move(o)) {}
    std::string_view type_name() const noexcept override { return "iterator"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    Value obj;
};

class Property final : public NativeObject {
public:
    Property(Value get, Value set, Str* attr_name = nullptr, Value del = Value())
        : fget(std::move(get)), fset(std::move(set)), fdel(std::move(del)), name(attr_name) {}
    std::string_view type_name() const noexcept override { return "property"; }
    // p.fget, p.fset, p.fdel
    const Value* static_attr(const Str* attr) const noexcept override {
        const std::string_view n = attr->view();
        return n == "fget" ? &fget : n == "fset" ? &fset : n == "fdel" ? &fdel : nullptr;
    }
    Value fget, fset, fdel;
    Str* name;  // interned; the attribute it was bound to in a class body (__set_name__), or null
};

// staticmethod and classmethod: a function wrapped, reached as __func__.
class FunctionWrapper : public NativeObject {
public:
    explicit FunctionWrapper(Value f) : fn(std::move(f)) {}
    const Value* static_attr(const Str* name) const noexcept override {
        return name->view() == "__func__" ? &fn : nullptr;
    }
    Value fn;
};

class StaticMethod final : public FunctionWrapper {
public:
    using FunctionWrapper::FunctionWrapper;
    std::string_view type_name() const noexcept override { return "staticmethod"; }
    const Value* unwrapped() const noexcept override { return &fn; }
};

class ClassMethod final : public FunctionWrapper {
public:
    using FunctionWrapper::FunctionWrapper;
    std::string_view type_name() const noexcept override { return "classmethod"; }
};

// A generator: the frame of a CO_GENERATOR code, moved off the data stack into
// storage of its own by RETURN_GENERATOR, and resumed by next()/send() until
// it returns. Dropped while suspended inside a try or with block, it is
// closed (GeneratorExit runs its finally blocks), as CPython's dealloc does.
// Counterpart: CPython's Objects/genobject.c (the frame lives in the generator).
class Generator final : public Iterator {
public:
    enum class State : std::uint8_t { created, suspended, running, finished };
    // Takes over `from`'s slots (its ip and sp saved); `from` is left to be popped.
    STANDIN_DECL Generator(Interpreter& vm, Frame& from);
    STANDIN_DECL ~Generator() override;
    Generator(const Generator&) = delete;
    Generator& operator=(const Generator&) = delete;
    std::string_view type_name() const noexcept override { return "generator"; }
    STANDIN_DECL bool next(Interpreter& vm, Value& out) override;
    Frame* frame() noexcept { return state == State::finished ? nullptr : reinterpret_cast<Frame*>(storage_.get()); }
    // Destroys the frame's slots: the generator is finished.
    STANDIN_DECL void release_frame() noexcept;
    State state = State::created;
    Str* name;
    Str* qualname;

private:
    std::unique_ptr<std::byte[]> storage_;
    std::weak_ptr<Interpreter*> vm_;  // to close it when dropped while suspended
};

// super(cls, obj): attribute lookup starts after `cls` in obj's class chain.
class Super final : public NativeObject {
public:
    Super(ref<Class> c, Value o) : cls(std::move(c)), self(std::move(o)) {}
    std::string_view type_name() const noexcept override { return "super"; }
    ref<Class> cls;
    Value self;
};

struct TracebackEntry {
    ref<Code> code;
    std::uint32_t line;
};

// The frames an exception passed through, innermost first.
class Traceback final : public NativeObject {
public:
    std::string_view type_name() const noexcept override { return "traceback"; }
    std::vector<TracebackEntry> entries;
};

class NotImplementedType final : public NativeObject {
public:
    std::string_view type_name() const noexcept override { return "NotImplementedType"; }
};

STANDIN_NAMESPACE_END
