// The base of every heap object of the guest world: an intrusive reference
// count, a kind tag naming the closed set of object layouts, and the version
// tags guards use to skip re-checks of what cannot have changed.
// Counterpart: CPython's PyObject header and the dict/type version tags.
#pragma once

#include <standin/detail/macro_scope.hpp>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// Every guest value's layout. The first four are stored inline in a Value;
// the rest are heap objects. The set is closed: a new kind is a new enumerator
// plus the cases the compiler's -Wswitch then asks for.
enum class Kind : std::uint8_t {
    null,  // internal "no value" marker (unbound local, empty cell); never seen by guests
    none,
    bool_,
    int_,
    float_,
    // heap kinds
    str,
    tuple,
    list,
    dict,
    range,
    slice,
    function,
    bound_method,
    builtin,
    class_,
    instance,
    module,
    tensor,
    cell,
    code,
    native,  // objects defined by later layers (iterators, dict views, ...)
};

inline constexpr bool is_heap_kind(Kind k) noexcept { return k >= Kind::str; }

// Version tags are unique across the process, not merely per object: an object
// freed and another allocated at the same address never share a tag, so a guard
// that cached (address, tag) cannot be fooled by address reuse. Each thread
// takes blocks of tags from one atomic counter, so a tag costs an increment.
inline std::uint64_t next_version_tag() noexcept {
    static std::atomic<std::uint64_t> next_block{1};
    constexpr std::uint64_t block = 1u << 16;
    thread_local std::uint64_t next = 0;
    thread_local std::uint64_t end = 0;
    if (STANDIN_UNLIKELY(next == end)) {
        next = next_block.fetch_add(block, std::memory_order_relaxed);
        end = next + block;
    }
    return next++;
}

class Object {
public:
    // Objects that are shared between interpreters (interned names) are
    // immortal: their count is never written, so no thread races on it.
    static constexpr std::uint32_t immortal = 0xFFFFFFFFu;

    explicit Object(Kind kind) noexcept : kind_(kind) {}
    Object(const Object&) = delete;
    Object& operator=(const Object&) = delete;
    virtual ~Object() = default;

    Kind kind() const noexcept { return kind_; }
    std::uint32_t refcount() const noexcept { return refcount_; }

    void incref() const noexcept {
        if (refcount_ != immortal) ++refcount_;
    }
    void decref() const noexcept {
        if (refcount_ != immortal && --refcount_ == 0) destroy(this);
    }
    void make_immortal() noexcept { refcount_ = immortal; }

    // An instance of a guest subclass of list or dict (class AttrDict(dict)):
    // the object stays a list or dict for every C++ consumer, and a companion
    // Instance (PySubclassSlot) holds its class and attributes. One bit, so
    // the interpreter's fast paths test it without touching the object's body.
    bool is_subclass_instance() const noexcept { return flags_ & subclass_bit; }
    void mark_subclass_instance() noexcept { flags_ |= subclass_bit; }

private:
    static constexpr std::uint8_t subclass_bit = 1;
    // Frees `o`. Freeing a container frees its elements, so a chain of a
    // million nested lists would recurse a million frames deep; past a fixed
    // depth, objects are parked and freed by the outermost call instead
    // (CPython's "trashcan").
    static void destroy(const Object* o) noexcept {
        constexpr unsigned max_depth = 128;
        thread_local unsigned depth = 0;
        thread_local std::vector<const Object*> parked;
        if (depth >= max_depth) {
            parked.push_back(o);
            return;
        }
        ++depth;
        delete o;
        --depth;
        if (depth == 0) {
            while (!parked.empty()) {
                const Object* next = parked.back();
                parked.pop_back();
                ++depth;
                delete next;
                --depth;
            }
        }
    }

    mutable std::uint32_t refcount_ = 0;
    Kind kind_;
    std::uint8_t flags_ = 0;
};


// Counts mutations of watched objects, process-wide. A guard tree that last
// passed at epoch E knows that no object it read has changed while the epoch
// is still E, and can skip whole subtrees (the watched objects are the ones
// guard trees read; see guards/manager.hpp).
inline std::atomic<std::uint64_t>& watched_mutation_epoch() noexcept {
    static std::atomic<std::uint64_t> epoch{0};
    return epoch;
}

// Counts mutations of class dicts, process-wide, and class creations. The
// interpreter's attribute caches remember a class lookup's result under the
// epoch it was made in; any change to any class's attributes invalidates them
// all (classes change rarely: at creation, and when a program patches one).
inline std::atomic<std::uint64_t>& class_epoch() noexcept {
    static std::atomic<std::uint64_t> epoch{1};
    return epoch;
}

// A heap object whose contents can change. `version()` changes on every
// mutation and differs from the version of every other object ever created.
class Versioned {
public:
    std::uint64_t version() const noexcept { return version_; }
    void bump_version() noexcept {
        version_ = next_version_tag();
        if (STANDIN_UNLIKELY(notify_ != 0)) notify_mutation();
    }
    // A change no guard can observe (a tensor's element values): the version
    // moves, but watchers are not told.
    void bump_version_unobserved() noexcept { version_ = next_version_tag(); }
    // From now on, every mutation advances watched_mutation_epoch().
    void watch() const noexcept { notify_ |= watched_bit; }
    bool watched() const noexcept { return (notify_ & watched_bit) != 0; }
    // From now on, every mutation advances class_epoch() (a class's dict).
    void mark_class_attributes() noexcept { notify_ |= class_bit; }

private:
    static constexpr std::uint8_t watched_bit = 1;
    static constexpr std::uint8_t class_bit = 2;
    void notify_mutation() const noexcept {
        if (notify_ & watched_bit) watched_mutation_epoch().fetch_add(1, std::memory_order_relaxed);
        if (notify_ & class_bit) class_epoch().fetch_add(1, std::memory_order_relaxed);
    }

    std::uint64_t version_ = next_version_tag();
    mutable std::uint8_t notify_ = 0;
};

// An owning, intrusive pointer to a heap object of type T.
template <class T>
class ref {
public:
    ref() noexcept = default;
    ref(std::nullptr_t) noexcept {}
    explicit ref(T* p) noexcept : p_(p) {
        if (p_) p_->incref();
    }
    ref(const ref& o) noexcept : ref(o.p_) {}
    ref(ref&& o) noexcept : p_(std::exchange(o.p_, nullptr)) {}
    template <class U>
        requires std::is_convertible_v<U*, T*>
    ref(ref<U> o) noexcept : p_(o.release()) {}
    ~ref() {
        if (p_) p_->decref();
    }
    ref& operator=(ref o) noexcept {
        std::swap(p_, o.p_);
        return *this;
    }

    T* get() const noexcept { return p_; }
    T* operator->() const noexcept { return p_; }
    T& operator*() const noexcept { return *p_; }
    explicit operator bool() const noexcept { return p_ != nullptr; }
    // Gives up ownership without decrementing.
    T* release() noexcept { return std::exchange(p_, nullptr); }

    friend bool operator==(const ref& a, const ref& b) noexcept { return a.p_ == b.p_; }

private:
    T* p_ = nullptr;
};

template <class T, class... Args>
ref<T> make_ref(Args&&... args) {
    return ref<T>(new T(std::forward<Args>(args)...));
}

// The companion object of a list or dict made by a guest subclass: an
// Instance of that class (vm layer) whose __dict__ holds the attributes.
class PySubclassSlot {
public:
    Object* py_instance() const noexcept { return py_instance_.get(); }
    void set_py_instance(ref<Object> inst) noexcept { py_instance_ = std::move(inst); }

private:
    ref<Object> py_instance_;
};

STANDIN_NAMESPACE_END
