// Guest classes, their instances, and modules. Each keeps its attributes in a
// Dict, whose version tag is the object's version: setting or deleting an
// attribute changes it.
// Counterpart: CPython's typeobject.c (heap types), object.__dict__, moduleobject.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/dict.hpp>

#include <vector>

STANDIN_NAMESPACE_BEGIN

class Class;

// One remembered Class::lookup: valid while class_epoch() is still `epoch`
// (then neither this class nor any class on its base chain has changed).
// Trivial, so arrays of caches zero-fill (epoch 0 never matches).
struct ClassLookupCache {
    std::uint64_t epoch;
    const Class* cls;
    const Value* value;
};

class Class final : public Object {
public:
    static constexpr Kind static_kind = Kind::class_;

    // `base` is the single base class, or null for a root class.
    Class(Str* name, ref<Class> base)
        : Object(Kind::class_), name_(name), base_(std::move(base)), dict_(make_ref<Dict>()) {
        dict_->mark_class_attributes();
        mro_.push_back(this);
        if (base_) {
            bases_.push_back(base_);
            mro_.insert(mro_.end(), base_->mro_.begin(), base_->mro_.end());
        }
        register_with_bases();
        // A class born at a freed one's address must not meet its cached lookups.
        class_epoch().fetch_add(1, std::memory_order_relaxed);
    }
    // Several bases: set_mro() then gives their C3 linearization
    // (Class::linearize), this class first. The first base is base().
    Class(Str* name, std::vector<ref<Class>> bases, std::vector<Class*> mro)
        : Object(Kind::class_), name_(name), base_(bases.empty() ? nullptr : bases.front()), bases_(std::move(bases)),
          dict_(make_ref<Dict>()), mro_(std::move(mro)) {
        dict_->mark_class_attributes();
        register_with_bases();
        class_epoch().fetch_add(1, std::memory_order_relaxed);
    }
    // A class leaves its bases' __subclasses__() when it dies (the bases,
    // which it holds, are still alive).
    ~Class() override {
        for (const auto& b : bases_) std::erase(b->subclasses_, this);
    }
    // The live classes that name this one as a base, oldest first (__subclasses__()).
    const std::vector<Class*>& subclasses() const noexcept { return subclasses_; }

    // The C3 linearization of a class with these bases, without the class
    // itself (CPython's mro_internal); false when none exists.
    static bool linearize(const std::vector<ref<Class>>& bases, std::vector<Class*>& out) {
        std::vector<std::vector<Class*>> seqs;
        for (const auto& b : bases) seqs.emplace_back(b->mro_.begin(), b->mro_.end());
        seqs.emplace_back();
        for (const auto& b : bases) seqs.back().push_back(b.get());
        std::vector<std::size_t> at(seqs.size(), 0);
        for (;;) {
            Class* pick = nullptr;
            bool left = false;
            for (std::size_t i = 0; i < seqs.size() && !pick; ++i) {
                if (at[i] == seqs[i].size()) continue;
                left = true;
                Class* head = seqs[i][at[i]];
                bool in_tail = false;
                for (std::size_t j = 0; j < seqs.size() && !in_tail; ++j)
                    for (std::size_t k = at[j] + 1; k < seqs[j].size(); ++k)
                        if (seqs[j][k] == head) {
                            in_tail = true;
                            break;
                        }
                if (!in_tail) pick = head;
            }
            if (!left) return true;
            if (!pick) return false;
            out.push_back(pick);
            for (std::size_t i = 0; i < seqs.size(); ++i)
                if (at[i] < seqs[i].size() && seqs[i][at[i]] == pick) ++at[i];
        }
    }

    Str* name() const noexcept { return name_; }
    void set_name(Str* name) noexcept { name_ = name; }  // interned
    Class* base() const noexcept { return base_.get(); }
    const std::vector<ref<Class>>& bases() const noexcept { return bases_; }
    // The method resolution order: this class, then its ancestors.
    const std::vector<Class*>& mro() const noexcept { return mro_; }
    void set_mro(std::vector<Class*> mro) noexcept { mro_ = std::move(mro); }
    Dict* dict() const noexcept { return dict_.get(); }
    std::uint64_t version() const noexcept { return dict_->version(); }
    // cls.__bases__ = (...): the new bases and MRO (this class first). The
    // class leaves its old bases' __subclasses__(), and every cached lookup
    // and every guard on the class looks again.
    void set_bases(std::vector<ref<Class>> bases, std::vector<Class*> mro) {
        for (const auto& b : bases_) std::erase(b->subclasses_, this);
        base_ = bases.empty() ? nullptr : bases.front();
        bases_ = std::move(bases);
        register_with_bases();
        mro_ = std::move(mro);
        dict_->bump_version();
        class_epoch().fetch_add(1, std::memory_order_relaxed);
    }

    // Looks `name` up along the MRO.
    const Value* lookup(const Str* name) const {
        for (const Class* c : mro_)
            if (const Value* v = c->dict_->find(name)) return v;
        return nullptr;
    }
    // Looks `name` up in the classes after `after` in this class's MRO (what
    // super(after, obj) sees when type(obj) is this class); `owner`, when
    // given, receives the class that has it.
    const Value* lookup_after(const Class* after, const Str* name, const Class** owner = nullptr) const {
        std::size_t i = 0;
        while (i < mro_.size() && mro_[i] != after) ++i;
        for (++i; i < mro_.size(); ++i)
            if (const Value* v = mro_[i]->dict_->find(name)) {
                if (owner) *owner = mro_[i];
                return v;
            }
        return nullptr;
    }
    // lookup(), remembered in `cache` while no class has changed since.
    STANDIN_ALWAYS_INLINE const Value* lookup(const Str* name, ClassLookupCache& cache) const {
        const std::uint64_t epoch = class_epoch().load(std::memory_order_relaxed);
        if (STANDIN_LIKELY(cache.cls == this && cache.epoch == epoch)) return cache.value;
        const Value* v = lookup(name);
        cache = {epoch, this, v};
        return v;
    }
    // STORE_ATTR's remembered lookup of __setattr__ (one per class).
    ClassLookupCache& setattr_cache() const noexcept { return setattr_cache_; }
    // LOAD_ATTR's and LOAD_METHOD's remembered lookup of __getattribute__.
    ClassLookupCache& getattribute_cache() const noexcept { return getattribute_cache_; }
    bool is_subclass_of(const Class* other) const noexcept {
        if (this == other) return true;
        for (const Class* c : mro_)
            if (c == other) return true;
        return false;
    }

private:
    void register_with_bases() {
        for (const auto& b : bases_) b->subclasses_.push_back(this);
    }

    Str* name_;  // interned
    ref<Class> base_;
    std::vector<ref<Class>> bases_;
    ref<Dict> dict_;
    std::vector<Class*> mro_;  // this class first; the bases_ keep the rest alive
    mutable ClassLookupCache setattr_cache_{};
    mutable ClassLookupCache getattribute_cache_{};
    std::vector<Class*> subclasses_;
};

class Instance final : public Object {
public:
    static constexpr Kind static_kind = Kind::instance;

    explicit Instance(ref<Class> cls) : Object(Kind::instance), class_(std::move(cls)), dict_(make_ref<Dict>()) {}

    Class* cls() const noexcept { return class_.get(); }
    // obj.__class__ = C: the version moves, so guards on the object look again.
    void set_class(ref<Class> cls) noexcept {
        class_ = std::move(cls);
        dict_->bump_version();
    }
    Dict* dict() const noexcept { return dict_.get(); }
    std::uint64_t version() const noexcept { return dict_->version(); }

    // Instance attribute only (the vm adds class lookup and descriptors).
    const Value* find_attr(const Str* name) const { return dict_->find(name); }
    void set_attr(const Str* name, Value v) { dict_->set(name, std::move(v)); }
    void set_attr(const Str* name, Value v, std::uint32_t& hint) { dict_->set(name, std::move(v), hint); }
    bool del_attr(const Str* name) { return dict_->erase(name).has_value(); }
    ~Instance() override {
        if (owner_dict_) dict_.release();
    }
    // obj.__dict__ = d. When d is the dict this Instance is the companion of
    // (the AttrDict idiom `self.__dict__ = self`), it is held without a count,
    // so the two do not keep each other alive.
    void set_dict(ref<Dict> d, bool is_owner = false) noexcept {
        if (owner_dict_) dict_.release();
        dict_ = std::move(d);
        owner_dict_ = is_owner;
        if (is_owner) dict_->decref();
    }

private:
    ref<Class> class_;
    ref<Dict> dict_;
    bool owner_dict_ = false;
};

// The Instance that gives a list or dict made by a guest subclass its class
// and attributes (PySubclassSlot), or null for every other value.
// The kind is tested before the header flag, so the common operands (ints,
// strings, tensors) never read their object's header here.
inline Instance* subclass_instance(const Value& v) noexcept {
    const Kind k = v.kind();
    if ((k != Kind::list && k != Kind::dict) || !v.object()->is_subclass_instance()) return nullptr;
    Object* inst = k == Kind::list ? v.as<List>()->py_instance() : v.as<Dict>()->py_instance();
    return static_cast<Instance*>(inst);
}
// The Instance holding a guest object's class and attributes: the object
// itself, or a subclass instance's companion; null for every other value.
inline Instance* guest_instance(const Value& v) noexcept {
    return v.kind() == Kind::instance ? v.as<Instance>() : subclass_instance(v);
}

class Module final : public Object {
public:
    static constexpr Kind static_kind = Kind::module;

    explicit Module(Str* name, ref<Dict> dict = make_ref<Dict>())
        : Object(Kind::module), name_(name), dict_(std::move(dict)) {}

    Str* name() const noexcept { return name_; }
    Dict* dict() const noexcept { return dict_.get(); }
    std::uint64_t version() const noexcept { return dict_->version(); }

private:
    Str* name_;  // interned
    ref<Dict> dict_;
};

// Objects of later layers (iterators, dict views, code objects' helpers) that
// the runtime only needs to hold, name and free.
class NativeObject : public Object {
public:
    static constexpr Kind static_kind = Kind::native;
    NativeObject() : Object(Kind::native) {}
    virtual std::string_view type_name() const noexcept = 0;
    // Whether, found on a class, it binds to the instance as a function does
    // (torch.compile's callable used as a method).
    virtual bool binds_as_method() const noexcept { return false; }
    // What reading it from a class or instance gives without binding, when
    // that is not itself (a staticmethod's function); null otherwise.
    virtual const Value* unwrapped() const noexcept { return nullptr; }
    // An attribute read without guest code (a guard's getattr), or null.
    virtual const Value* static_attr(const Str*) const noexcept { return nullptr; }
    // The callable a builtin over this object wraps as functools.wraps
    // wraps (torch.compile's callable): its __name__, __qualname__, __doc__,
    // __module__ and own attributes are read from it; null otherwise.
    virtual const Value* wrapped_callable() const noexcept { return nullptr; }
};

// A class attribute as attribute access sees it: a staticmethod's function.
inline const Value* unwrap_class_attr(const Value* v) noexcept {
    if (v && v->kind() == Kind::native)
        if (const Value* inner = v->as<NativeObject>()->unwrapped()) return inner;
    return v;
}

// `...`, the Ellipsis singleton (immortal: a Value holding it costs no count).
class EllipsisType final : public NativeObject {
public:
    std::string_view type_name() const noexcept override { return "ellipsis"; }
};
inline Value ellipsis_value() {
    static EllipsisType* const object = [] {
        auto* o = new EllipsisType();
        o->make_immortal();
        return o;
    }();
    return Value::borrow(object);
}
inline bool is_ellipsis(const Value& v) noexcept {
    return v.kind() == Kind::native && dynamic_cast<const EllipsisType*>(v.as<NativeObject>()) != nullptr;
}

STANDIN_NAMESPACE_END
