// The guard manager tree: one node per source, reached from its parent by an
// accessor, holding that source's leaf guards. Built from the (source, leaf)
// pairs tracing produced; prefixes are shared (G['cfg'] is fetched once for
// .scale and .bias) and equal leaves are kept once. The root also holds the
// relational guards (DUPLICATE_INPUT, NO_TENSOR_ALIASING) and GLOBAL_STATE.
//
// check(frame) is the hot path of every compiled call: no allocation, no
// string hashing, no virtual call, no lock. A child that fails moves to the
// front of its siblings (fail fast). The version shortcut: a node remembers
// the identity and version tag of the value it last passed; while both are
// unchanged, the leaves whose verdict only they decide are not re-run and its
// children's lookups are not repeated. Values without a version (tuples,
// non-interned strings) are always re-checked: only a version tag, unique
// across the process, makes "same address" mean "same object, unchanged".
// Counterpart: RootGuardManager / GuardManager in torch/csrc/dynamo/guards.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/guards/accessor.hpp>
#include <standin/guards/leaf.hpp>
#include <standin/runtime/global_state.hpp>

#include <boost/mp11/algorithm.hpp>

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <vector>

namespace standin::inline v0 {

// The version tag of a mutable value (0 for values that have none).
STANDIN_ALWAYS_INLINE std::uint64_t version_of(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::list: return v.as<List>()->version();
    case Kind::dict: return v.as<Dict>()->version();
    case Kind::instance: return v.as<Instance>()->version();
    case Kind::class_: return v.as<Class>()->version();
    case Kind::module: return v.as<Module>()->version();
    case Kind::function: return v.as<Function>()->version();
    case Kind::cell: return v.as<Cell>()->version();
    case Kind::tensor: return v.as<Tensor>()->version();
    default: return 0;
    }
}

// Marks the objects whose mutation could change what a guard read from `v`:
// the value itself and, for instances and classes, their class chain (class
// attributes and hasattr depend on it).
inline void watch_value(const Value& v) noexcept {
    auto watch_classes = [](const Class* c) {
        for (; c; c = c->base()) c->dict()->watch();
    };
    switch (v.kind()) {
    case Kind::list: v.as<List>()->watch(); break;
    case Kind::dict: v.as<Dict>()->watch(); break;
    case Kind::instance:
        v.as<Instance>()->dict()->watch();
        watch_classes(v.as<Instance>()->cls());
        break;
    case Kind::class_: watch_classes(v.as<Class>()); break;
    case Kind::module: v.as<Module>()->dict()->watch(); break;
    case Kind::function: v.as<Function>()->watch(); break;
    case Kind::cell: v.as<Cell>()->watch(); break;
    case Kind::tensor: v.as<Tensor>()->watch(); break;
    default: break;
    }
}

// Whether (kind, payload, version) identifies a value and all its contents a
// leaf can read: true for unboxed values, interned strings and versioned objects.
inline bool has_stable_identity(const Value& v) noexcept {
    switch (v.kind()) {
    case Kind::none:
    case Kind::bool_:
    case Kind::int_:
    case Kind::float_: return true;
    case Kind::str: return v.as<Str>()->interned();
    default: return version_of(v) != 0;
    }
}

// The result of check_verbose: the first failing guard in Dynamo's words.
struct GuardCheckResult {
    bool passed = true;
    std::string reason;          // empty when passed
    std::size_t guards_run = 0;  // leaves evaluated, relational ones included
};

class RootGuardManager;

class GuardManager {
public:
    GuardManager(const Source* source, Accessor accessor) : source_(source), accessor_(std::move(accessor)) {}

    const Source* source() const noexcept { return source_; }
    const Accessor& accessor() const noexcept { return accessor_; }
    std::span<const LeafGuard> leaves() const noexcept { return leaves_; }
    std::size_t child_count() const noexcept { return children_.size(); }
    const GuardManager& child(std::size_t i) const noexcept { return *children_[i]; }
    // How many times this node's check has failed (fail-fast bookkeeping).
    std::uint32_t fail_count() const noexcept { return fail_count_; }
    // How many times this node's value was fetched through its accessor
    // (lookups the version shortcut skipped are not counted).
    std::uint64_t access_count() const noexcept { return access_count_ + (live_accesses_ ? *live_accesses_ + *live_sweeps_ : 0); }

private:
    friend class RootGuardManager;

    // The child for `source` among `children`, added when absent: one node per source.
    static GuardManager* child_in(std::vector<std::unique_ptr<GuardManager>>& children, const Source* source,
                                  Accessor accessor) {
        for (auto& c : children)
            if (c->source_ == source) return c.get();
        children.push_back(std::make_unique<GuardManager>(source, std::move(accessor)));
        return children.back().get();
    }
    GuardManager* child_for(const Source* source, Accessor accessor) {
        return child_in(children_, source, std::move(accessor));
    }
    STANDIN_DECL void add_leaf(LeafGuard leaf);

    STANDIN_ALWAYS_INLINE bool matches_cache(const Value& v) const noexcept {
        return cache_valid_ && v.kind() == cached_kind_ && v.raw_bits() == cached_bits_ &&
               version_of(v) == cached_version_;
    }
    void remember(const Value& v) noexcept {
        watch_value(v);
        cache_valid_ = has_stable_identity(v);
        cached_kind_ = v.kind();
        cached_bits_ = v.raw_bits();
        cached_version_ = version_of(v);
    }

    // The slow, explaining walk: no shortcut, counts what ran, reports the first failure.
    STANDIN_DECL bool check_verbose(const Value& v, GuardCheckResult& out) const;

    STANDIN_DECL void print(std::string& out, const std::string& indent) const;

    std::size_t count_leaves() const noexcept {
        std::size_t n = leaves_.size();
        for (const auto& c : children_) n += c->count_leaves();
        return n;
    }

    const Source* source_;
    Accessor accessor_;
    std::vector<LeafGuard> leaves_;
    std::vector<std::unique_ptr<GuardManager>> children_;
    bool has_unstable_leaves_ = false;

    // Evaluation state, rewritten by each check.
    AccessState state_;  // for the accessors the compiled program does not specialise
    bool cache_valid_ = false;
    Kind cached_kind_ = Kind::null;
    std::uint64_t cached_bits_ = 0;
    std::uint64_t cached_version_ = 0;
    std::uint32_t fail_count_ = 0;
    // Fetches counted by earlier compiled programs, and the current
    // program's counters for this node: its step's own count and the root's
    // count of full sweeps (checks that fetched every step once).
    std::uint64_t access_count_ = 0;
    const std::uint64_t* live_accesses_ = nullptr;
    const std::uint64_t* live_sweeps_ = nullptr;
    std::uint32_t step_ = 0;  // this node's step in the compiled program
};

// Relational guards, held by the root.
struct DuplicateInput {
    const Source* first;
    const Source* second;
};
struct NoTensorAliasing {
    std::vector<const Source*> tensors;
};

class RootGuardManager {
public:
    // `code` names the frame's local slots (FrameLocalsGuardAccessor indices).
    explicit RootGuardManager(const Code* code = nullptr) : code_(code) {}
    RootGuardManager(const RootGuardManager&) = delete;
    RootGuardManager& operator=(const RootGuardManager&) = delete;

    // Installs `leaf` on `source`'s node, creating the path to it.
    STANDIN_DECL void add(const Source* source, LeafGuard leaf);
    void add_global_state(const GlobalState& expected) {
        global_state_ = expected;
        validated_ = false;
    }
    // `first` and `second` must be the same object.
    STANDIN_DECL void add_duplicate_input(const Source* first, const Source* second);
    // No two of `tensors` may be the same tensor object.
    STANDIN_DECL void add_no_tensor_aliasing(std::span<const Source* const> tensors);

    // The version shortcut (on by default); off re-runs every leaf and lookup.
    void set_version_shortcut(bool on) noexcept {
        shortcut_ = on;
        if (!on) invalidate();
    }
    bool version_shortcut() const noexcept { return shortcut_; }

    bool check(const FrameView& frame) noexcept {
        if (global_state_ && (!frame.global_state || !(*frame.global_state == *global_state_))) return false;
        if (!program_valid_) compile();
        return shortcut_ ? run_shortcut(frame) : run_plain(frame);
    }

    // The first failing guard in Dynamo's words, and how many guards ran.
    STANDIN_DECL GuardCheckResult check_verbose(const FrameView& frame) const;

    // Dynamo's TREE_GUARD_MANAGER listing.
    STANDIN_DECL std::string print() const;

    std::size_t child_count() const noexcept { return children_.size(); }
    const GuardManager& child(std::size_t i) const noexcept { return *children_[i]; }
    // The node of `source`, or nullptr.
    const GuardManager* find(const Source* source) const noexcept {
        auto search = [&](auto& self, const GuardManager& n) -> const GuardManager* {
            if (n.source_ == source) return &n;
            for (const auto& c : n.children_)
                if (const GuardManager* hit = self(self, *c)) return hit;
            return nullptr;
        };
        for (const auto& c : children_)
            if (const GuardManager* hit = search(search, *c)) return hit;
        return nullptr;
    }
    // Leaf guards in the tree, relational and global-state ones included.
    std::size_t guard_count() const noexcept {
        std::size_t n = (global_state_ ? 1 : 0) + duplicates_.size() + aliasing_.size();
        for (const auto& c : children_) n += c->count_leaves();
        return n;
    }

private:
    static constexpr std::uint32_t no_parent = 0xFFFFFFFFu;

    // The tree compiled into one flat program, siblings first: a node's
    // children are consecutive steps, followed by each child's children in
    // turn, so parents come before children and a check is one loop without
    // recursion. Adjacent siblings let the plain check take a parent's
    // attribute (or index) children as one run with the parent's slots in
    // registers, and their lookups do not wait behind each other's subtrees:
    // the processor overlaps the chains of dependent loads of neighbouring
    // modules (depth-first order measured 10-15% slower on 1000 guards).
    // Each step is a node's fetch and first leaf specialised into plain
    // data, packed densely in one array: the common accessor and leaf kinds
    // need no variant dispatch and no visit to the node itself.
    enum class Fetch : std::uint8_t { local, global, attr, index, generic };
    static constexpr std::size_t fetch_kinds = 5;
    enum class Test : std::uint8_t {
        none,         // no leaves
        kind_is,      // NONE_MATCH, TYPE_MATCH on a non-instance
        int_eq,       // EQUALS/CONSTANT_MATCH on an int
        float_eq,     // ... on a float (equal, or the same bits: the same NaN)
        bool_eq,      // BOOL_MATCH, EQUALS_MATCH on a bool
        same_object,  // ID_MATCH, FUNCTION_MATCH, NN_MODULE on an object
        object_eq,    // EQUALS/CONSTANT_MATCH on a str or other object
        instance_of,  // TYPE_MATCH on an instance's class
        tensor,       // TENSOR_MATCH
        length,       // SEQUENCE_LENGTH
        generic,      // anything else: check_leaf through the variant
    };
    static constexpr std::size_t test_kinds = 11;
    static constexpr std::size_t prefetch_distance = 16;

    // One cache line per step.
    struct alignas(64) Step {
        std::uint8_t op;  // fetch * test_kinds + test, or a run: one dispatch per step
        Fetch fetch;
        Test test;
        Kind kind = Kind::null;  // the kind the first leaf expects
        // The pass that needs no dispatch: a value of this kind whose
        // payload has exactly the bits of `expected` passes the step's only
        // leaf (int, bool, float, identity, interned constant). Any other
        // value takes the step's full test. Kind::null where there is none.
        Kind fast_kind = Kind::null;
        bool more = false;         // leaves after the first (checked through the variant)
        bool stable = false;       // the last fetch's pointer stays valid while the parent is unchanged
        bool attr_parent = false;  // has attribute children: publish the value's attribute slots
        std::uint32_t parent;      // step index, or no_parent for a root child
        std::uint32_t hint = 0;  // global: dict slot of the name; attr: its byte offset in the parent's slots; local: slot
        union {
            const Str* name;  // global, attr
            std::int64_t index;
        } key{nullptr};
        union {
            std::uint64_t bits;  // int_eq, bool_eq, length
            double number;       // float_eq
            const void* object;  // same_object, object_eq, instance_of
            std::uint32_t dims;  // tensor: offset of [header word, sizes..., strides...] in dims_
        } expected{0};
        GuardManager* node;
        // Rewritten by each check: the value found, and (attribute parents)
        // the dict slots an attribute lookup on it searches first.
        const Value* value = nullptr;
        const DictEntry* slots = nullptr;
        std::uint32_t slot_bytes = 0;  // the slots' size in bytes
        // A run's first step: how many steps the run has. A run is a
        // parent's consecutive attribute (or index) children, checked by one
        // tight loop with the parent's slots (items) held in registers.
        std::uint32_t run = 0;
    };
    static_assert(sizeof(Step) == 64);
    static constexpr std::uint8_t attr_run_op = fetch_kinds * test_kinds;
    static constexpr std::uint8_t index_run_op = attr_run_op + 1;

    // The first leaf of a node, specialised into `s` (the others stay in the node).
    STANDIN_DECL void specialise(Step& s, const GuardManager& node);

    // Rebuilds the flat program; runs after the tree changed shape or order,
    // never on a passing check (and allocates nothing once the program has
    // been built: every vector keeps its capacity).
    STANDIN_DECL void compile();

    // Moves the current program's fetch counts into the nodes.
    void flush_access_counts() noexcept {
        for (std::size_t i = 0; i < steps_.size(); ++i) {
            GuardManager& node = *steps_[i].node;
            node.access_count_ += accesses_[i] + sweeps_;
            node.live_accesses_ = nullptr;
            node.live_sweeps_ = nullptr;
        }
        sweeps_ = 0;
    }

    // ---- the check's parts: a fetch and a test per kind --------------------

    // The value of step `s`, from the frame or its parent's value; nullptr when absent.
    template <Fetch F>
    STANDIN_ALWAYS_INLINE static const Value* fetch(Step& s, const FrameView& frame, const Step* steps) noexcept {
        if constexpr (F == Fetch::local) {
            return frame.local(s.hint);
        } else if constexpr (F == Fetch::global) {
            return frame.globals ? frame.globals->find(s.key.name, s.hint) : nullptr;
        } else if constexpr (F == Fetch::attr) {
            // The parent published its attribute slots (instance or module
            // dict): siblings share one walk to them.
            const Step& parent = steps[s.parent];
            if (const Value* v = probe(s, reinterpret_cast<const char*>(parent.slots), parent.slot_bytes)) [[likely]] {
                s.stable = true;
                return v;
            }
            return fetch_slow(s, frame, steps);
        } else if constexpr (F == Fetch::index) {
            s.stable = true;
            const Value& parent = *steps[s.parent].value;
            if (parent.kind() == Kind::list) {
                const auto items = parent.as<List>()->items();
                if (static_cast<std::uint64_t>(s.key.index) < items.size())
                    return &items[static_cast<std::size_t>(s.key.index)];
            }
            return detail::static_getitem(parent, s.key.index);
        } else {
            return fetch_slow(s, frame, steps);
        }
    }
    // Through the node's accessor variant: the kinds not specialised, and
    // attributes not in the slot the hint names.
    STANDIN_NOINLINE static const Value* fetch_slow(Step& s, const FrameView& frame, const Step* steps) noexcept {
        GuardManager& node = *s.node;
        if (s.parent == no_parent) {
            s.stable = false;
            return access_root(node.accessor_, frame, node.state_);
        }
        const Value& parent = *steps[s.parent].value;
        const Value* v = access(node.accessor_, parent, node.state_);
        s.stable = node.state_.stable;
        // Found in the instance's or module's own dict: remember the slot.
        if (s.fetch == Fetch::attr && s.stable && (parent.kind() == Kind::instance || parent.kind() == Kind::module))
            s.hint = node.state_.hint * static_cast<std::uint32_t>(sizeof(DictEntry));  // a byte offset
        return v;
    }
    // Publishes in `s` the dict slots an attribute lookup on `v` searches
    // first (instance and module attributes), or none.
    STANDIN_ALWAYS_INLINE static void publish_slots(Step& s, const Value& v) noexcept {
        std::span<const DictEntry> e;
        if (v.kind() == Kind::instance) e = v.as<Instance>()->dict()->entries();
        else if (v.kind() == Kind::module) e = v.as<Module>()->dict()->entries();
        s.slots = e.data();
        s.slot_bytes = static_cast<std::uint32_t>(e.size_bytes());
    }

    // The node's leaves on `v`: the first one specialised, the rest through the variant.
    template <Test T>
    STANDIN_ALWAYS_INLINE static bool test(const Step& s, const Value& v, const std::int64_t* dims) noexcept {
        bool ok;
        if constexpr (T == Test::none) {
            return true;
        } else if constexpr (T == Test::kind_is) {
            ok = v.kind() == s.kind;
        } else if constexpr (T == Test::int_eq) {
            ok = v.kind() == Kind::int_ && static_cast<std::uint64_t>(v.as_int()) == s.expected.bits;
        } else if constexpr (T == Test::float_eq) {
            ok = v.kind() == Kind::float_ && (v.as_float() == s.expected.number ||
                                              v.raw_bits() == std::bit_cast<std::uint64_t>(s.expected.number));
        } else if constexpr (T == Test::bool_eq) {
            ok = v.kind() == Kind::bool_ && static_cast<std::uint64_t>(v.as_bool()) == s.expected.bits;
        } else if constexpr (T == Test::same_object) {
            ok = v.kind() == s.kind && v.object() == s.expected.object;
        } else if constexpr (T == Test::object_eq) {
            ok = v.kind() == s.kind && (v.object() == s.expected.object || check_leaf(s.node->leaves_.front(), v));
        } else if constexpr (T == Test::instance_of) {
            ok = v.kind() == Kind::instance && v.as<Instance>()->cls() == s.expected.object;
        } else if constexpr (T == Test::tensor) {
            const std::int64_t* d = dims + s.expected.dims;
            ok = v.kind() == Kind::tensor && v.as<Tensor>()->metadata_matches(static_cast<std::uint64_t>(d[0]), d + 1);
        } else if constexpr (T == Test::length) {
            bool is_sequence;
            ok = detail::sequence_length(v, is_sequence) == s.expected.bits && is_sequence;
        } else {
            ok = check_leaf(s.node->leaves_.front(), v);
        }
        if (!ok) return false;
        if (s.more) [[unlikely]]
            return test_rest(s, v);
        return true;
    }
    STANDIN_NOINLINE static bool test_rest(const Step& s, const Value& v) noexcept {
        const auto& leaves = s.node->leaves_;
        for (std::size_t k = 1; k < leaves.size(); ++k)
            if (!check_leaf(leaves[k], v)) return false;
        return true;
    }

    template <std::size_t Op>
    STANDIN_ALWAYS_INLINE static const Value* fetch_and_test(Step& s, const FrameView& frame, const Step* steps,
                                                             const std::int64_t* dims) noexcept {
        const Value* v = fetch<static_cast<Fetch>(Op / test_kinds)>(s, frame, steps);
        return v && test<static_cast<Test>(Op % test_kinds)>(s, *v, dims) ? v : nullptr;
    }

    STANDIN_ALWAYS_INLINE static void prefetch_ahead(const Step* steps, std::size_t i, std::size_t n) noexcept {
        if (i + prefetch_distance < n) __builtin_prefetch(steps[i + prefetch_distance].value);
    }

    // A leaf attribute step's value in its parent's slots (`hint` is a byte
    // offset there), or nullptr when the slot holds another key.
    STANDIN_ALWAYS_INLINE static const Value* probe(const Step& s, const char* slots, std::uint32_t slot_bytes) noexcept {
        if (s.hint >= slot_bytes) return nullptr;
        const DictEntry& e = *reinterpret_cast<const DictEntry*>(slots + s.hint);
        if (e.key.kind() != Kind::str || e.key.object() != s.key.name) return nullptr;
        return &e.value;
    }

    // A run starting at step i (a parent's consecutive attribute, or index,
    // children): the parent's slots (items) stay in registers, and each step
    // is a probe and a test, most tests a comparison of the payload with no
    // dispatch at all.
    // Returns the step after the run, or the failing step's index | run_failed.
    static constexpr std::size_t run_failed = std::size_t{1} << 63;
    template <Fetch F, bool Prefetch>
    STANDIN_ALWAYS_INLINE static std::size_t check_run(Step* steps, std::size_t i, const FrameView& frame,
                                                       const std::int64_t* dims) noexcept {
        const Step& parent = steps[steps[i].parent];
        // attr: the parent's slots; index: the parent list's items.
        const char* base = nullptr;
        std::uint64_t bound = 0;
        if constexpr (F == Fetch::attr) {
            base = reinterpret_cast<const char*>(parent.slots);
            bound = parent.slot_bytes;
        } else if (parent.value->kind() == Kind::list) {
            const auto items = parent.value->as<List>()->items();
            base = reinterpret_cast<const char*>(items.data());
            bound = items.size();
        }
        Step* c = steps + i;
        Step* const end = c + c->run;
        do {
            if constexpr (Prefetch) __builtin_prefetch(c[prefetch_distance].value);
            const Value* v;
            if constexpr (F == Fetch::attr) {
                v = probe(*c, base, static_cast<std::uint32_t>(bound));
            } else {
                v = static_cast<std::uint64_t>(c->key.index) < bound
                        ? reinterpret_cast<const Value*>(base) + c->key.index
                        : nullptr;
            }
            if (!v) [[unlikely]] {
                v = F == Fetch::attr ? fetch_slow(*c, frame, steps) : detail::static_getitem(*parent.value, c->key.index);
                if (!v) {
                    c->value = nullptr;
                    return static_cast<std::size_t>(c - steps) | run_failed;
                }
            }
            c->value = v;
            if (v->kind() == c->fast_kind && v->raw_bits() == c->expected.bits) continue;
            bool ok;
            if (c->test == Test::tensor) {  // a module's parameters and buffers
                ok = test<Test::tensor>(*c, *v, dims);
            } else if (c->test == Test::instance_of) {  // submodules
                ok = test<Test::instance_of>(*c, *v, dims);
            } else {
                switch (c->test) {
#define STANDIN_TEST_CASE(t) \
    case Test::t: ok = test<Test::t>(*c, *v, dims); break;
                    STANDIN_TEST_CASE(none)
                    STANDIN_TEST_CASE(kind_is)
                    STANDIN_TEST_CASE(int_eq)
                    STANDIN_TEST_CASE(float_eq)
                    STANDIN_TEST_CASE(bool_eq)
                    STANDIN_TEST_CASE(same_object)
                    STANDIN_TEST_CASE(object_eq)
                    STANDIN_TEST_CASE(instance_of)
                    STANDIN_TEST_CASE(tensor)
                    STANDIN_TEST_CASE(length)
                    STANDIN_TEST_CASE(generic)
#undef STANDIN_TEST_CASE
                default: __builtin_unreachable();
                }
            }
            if (!ok) [[unlikely]]
                return static_cast<std::size_t>(c - steps) | run_failed;
            if (c->attr_parent) publish_slots(*c, *v);
        } while (++c != end);
        return static_cast<std::size_t>(end - steps);
    }

    // ---- the check ---------------------------------------------------------

    // Without the shortcut: every step fetches and tests, a run of sibling
    // lookups in one tight loop (check_run), any other step through one
    // dispatch on its (fetch, test) pair.
    bool run_plain(const FrameView& frame) noexcept {
        Step* const steps = steps_.data();
        const std::int64_t* const dims = dims_.data();
        const std::size_t n = steps_.size();
        for (std::size_t i = 0; i < n; ++i) {
            Step& s = steps[i];
            // Where this step's value was found last time: a hint to the
            // memory system only (prefetching never faults, whatever it names).
            prefetch_ahead(steps, i, n);
            if (s.op >= attr_run_op) {
                const bool ahead = i + s.run + prefetch_distance <= n;
                const std::size_t next =
                    s.op == attr_run_op
                        ? (ahead ? check_run<Fetch::attr, true>(steps, i, frame, dims)
                                 : check_run<Fetch::attr, false>(steps, i, frame, dims))
                        : (ahead ? check_run<Fetch::index, true>(steps, i, frame, dims)
                                 : check_run<Fetch::index, false>(steps, i, frame, dims));
                if (next & run_failed) [[unlikely]] {
                    i = next & ~run_failed;
                    for (std::size_t j = 0; j <= i; ++j) ++accesses_[j];
                    return fail_at(i);
                }
                i = next - 1;  // the loop's ++i
                continue;
            }
            const Value* v;
            // One jump per step to its (fetch, test) pair: a switch with a
            // case per pair (a table of functions costs a call per step, and
            // a switch per part two jumps; both measured slower).
#define STANDIN_STEP_CASE(op) \
    case op: v = fetch_and_test<op>(s, frame, steps, dims); break;
#define STANDIN_STEP_CASES(fetch)                                                                       \
    STANDIN_STEP_CASE(fetch * 11 + 0) STANDIN_STEP_CASE(fetch * 11 + 1) STANDIN_STEP_CASE(fetch * 11 + 2)   \
    STANDIN_STEP_CASE(fetch * 11 + 3) STANDIN_STEP_CASE(fetch * 11 + 4) STANDIN_STEP_CASE(fetch * 11 + 5)   \
    STANDIN_STEP_CASE(fetch * 11 + 6) STANDIN_STEP_CASE(fetch * 11 + 7) STANDIN_STEP_CASE(fetch * 11 + 8)   \
    STANDIN_STEP_CASE(fetch * 11 + 9) STANDIN_STEP_CASE(fetch * 11 + 10)
            static_assert(test_kinds == 11 && fetch_kinds == 5, "one case per (fetch, test) pair");
            switch (s.op) {
                STANDIN_STEP_CASES(0)
                STANDIN_STEP_CASES(1)
                STANDIN_STEP_CASES(2)
                STANDIN_STEP_CASES(3)
                STANDIN_STEP_CASES(4)
            default: __builtin_unreachable();
            }
#undef STANDIN_STEP_CASES
#undef STANDIN_STEP_CASE
            s.value = v;
            if (!v) [[unlikely]] {
                for (std::size_t j = 0; j <= i; ++j) ++accesses_[j];
                return fail_at(i);
            }
            if (s.attr_parent) publish_slots(s, *v);
        }
        ++sweeps_;  // every step fetched once
        return check_relational();
    }

    // With the shortcut: a node whose value is the same object at the same
    // version skips the leaves only that version decides, and when no
    // watched object was mutated at all (quiet), a root child that is
    // unchanged passes with its whole subtree unvisited.
    bool run_shortcut(const FrameView& frame) noexcept {
        const std::uint64_t epoch = watched_mutation_epoch().load(std::memory_order_acquire);
        const bool quiet = validated_ && epoch == validated_epoch_;
        Step* const steps = steps_.data();
        const std::int64_t* const dims = dims_.data();
        const std::size_t n = steps_.size();
        const std::size_t roots = children_.size();  // steps [0, roots) are the root's children
        std::uint8_t* const skipped = skipped_.data();
        bool all_skipped = true;
        for (std::size_t i = 0; i < n; ++i) {
            if (i == roots && all_skipped) break;  // quiet, and every root child unchanged
            Step& s = steps[i];
            if (s.parent != no_parent && skipped[s.parent]) {
                skipped[i] = 1;  // below an unchanged root child of a quiet check
                continue;
            }
            skipped[i] = 0;
            const Value* v;
            if (s.parent != no_parent && unchanged_[s.parent] && s.stable && s.value) {
                v = s.value;  // parent unchanged: the lookup would find the same slot
            } else {
                v = boost::mp11::mp_with_index<fetch_kinds>(static_cast<std::size_t>(s.fetch), [&](auto f) {
                    return fetch<static_cast<Fetch>(decltype(f)::value)>(s, frame, steps);
                });
                ++accesses_[i];
            }
            s.value = v;
            if (!v) return fail_at(i);
            if (s.attr_parent) publish_slots(s, *v);
            GuardManager& node = *s.node;
            const bool same = node.matches_cache(*v);
            if (s.parent == no_parent) {
                if (same && quiet) {
                    skipped[i] = 1;  // its whole subtree passes unvisited
                    continue;
                }
                all_skipped = false;
            }
            unchanged_[i] = same;
            if (same) {
                if (node.has_unstable_leaves_)
                    for (const auto& leaf : node.leaves_)
                        if (!leaf_depends_only_on_version(leaf) && !check_leaf(leaf, *v)) return fail_at(i);
            } else {
                const bool ok = boost::mp11::mp_with_index<test_kinds>(static_cast<std::size_t>(s.test), [&](auto t) {
                    return test<static_cast<Test>(decltype(t)::value)>(s, *v, dims);
                });
                if (!ok) return fail_at(i);
            }
        }
        if (!check_relational()) return false;
        if (!quiet) {
            // Only a check that passed as a whole may vouch for its values:
            // a node's cache certifies the pointers its children last found.
            for (std::size_t i = 0; i < n; ++i) steps[i].node->remember(*steps[i].value);
            validated_ = true;
            validated_epoch_ = epoch;
        }
        return true;
    }

    // DUPLICATE_INPUT and NO_TENSOR_ALIASING over the values this check fetched.
    bool check_relational() noexcept {
        auto value_of = [&](const GuardManager* node) { return steps_[node->step_].value; };
        for (const auto& d : duplicates_) {
            const Value* a = value_of(d.first);
            const Value* b = value_of(d.second);
            if (!a || !b || !a->identical(*b)) return fail_relational();
        }
        for (const auto& group : aliasing_)
            for (std::size_t i = 0; i < group.size(); ++i)
                for (std::size_t j = i + 1; j < group.size(); ++j) {
                    const Value* a = value_of(group[i]);
                    const Value* b = value_of(group[j]);
                    if (!a || !b || a->identical(*b)) return fail_relational();
                }
        return true;
    }

    // A failure at step i: count it, and move the failing path to the front
    // of its siblings at every level (fail fast), so the next failing check
    // stops early.
    bool fail_at(std::size_t i) noexcept {
        validated_ = false;
        GuardManager* node = steps_[i].node;
        node->cache_valid_ = false;
        ++node->fail_count_;
        for (std::uint32_t at = static_cast<std::uint32_t>(i);;) {
            const std::uint32_t parent = steps_[at].parent;
            auto& siblings = parent == no_parent ? children_ : steps_[parent].node->children_;
            GuardManager* me = steps_[at].node;
            if (siblings.front().get() != me) {
                auto it = std::find_if(siblings.begin(), siblings.end(), [me](const auto& p) { return p.get() == me; });
                std::rotate(siblings.begin(), it, it + 1);
                program_valid_ = false;  // recompiled on the next check (no allocation: capacity is kept)
            }
            if (parent == no_parent) break;
            at = parent;
        }
        return false;
    }
    bool fail_relational() noexcept {
        validated_ = false;
        return false;
    }

    struct DuplicatePair {
        GuardManager* first;
        GuardManager* second;
    };

    static GuardCheckResult& fail(GuardCheckResult& out, std::string reason) {
        out.passed = false;
        out.reason = std::move(reason);
        return out;
    }
    STANDIN_DECL static Value resolve_or_null(const GuardManager* node, const FrameView& frame);

    void invalidate() noexcept {
        validated_ = false;
        auto clear = [](auto& self, GuardManager& n) -> void {
            n.cache_valid_ = false;
            for (auto& c : n.children_) self(self, *c);
        };
        for (auto& c : children_) clear(clear, *c);
        for (Step& s : steps_) s.value = nullptr;
    }

    STANDIN_DECL GuardManager* node_for(const Source* source);
    GuardManager* root_child(const Source* source, Accessor accessor) {
        return GuardManager::child_in(children_, source, std::move(accessor));
    }

    const Code* code_;
    std::vector<std::unique_ptr<GuardManager>> children_;
    std::optional<GlobalState> global_state_;
    std::vector<DuplicatePair> duplicates_;
    std::vector<std::vector<GuardManager*>> aliasing_;
    bool shortcut_ = true;
    bool program_valid_ = false;
    std::vector<Step> steps_;
    std::vector<std::int64_t> dims_;  // per tensor step: its header word (dtype, requires_grad, rank), sizes, strides
    std::vector<std::uint64_t> accesses_;  // per step: fetches counted one by one
    std::uint64_t sweeps_ = 0;             // checks that fetched every step once
    std::vector<std::uint8_t> unchanged_;  // per step, shortcut check: same object, same version
    std::vector<std::uint8_t> skipped_;    // per step, shortcut check: under an unvisited root child
    // The epoch and globals of the last passing check, when that check
    // watched everything it read.
    bool validated_ = false;
    std::uint64_t validated_epoch_ = 0;
};

#if STANDIN_DEFINITIONS

// The cold half: building, compiling and printing the tree, and the explaining
// check (the compiled mode compiles these once, in the library).
STANDIN_DECL void GuardManager::add_leaf(LeafGuard leaf) {
    for (const auto& l : leaves_)
        if (same_leaf(l, leaf)) return;
    if (!leaf_depends_only_on_version(leaf)) has_unstable_leaves_ = true;
    leaves_.push_back(std::move(leaf));
}

STANDIN_DECL bool GuardManager::check_verbose(const Value& v, GuardCheckResult& out) const {
    for (const auto& leaf : leaves_) {
        ++out.guards_run;
        if (!check_leaf(leaf, v)) {
            out.reason = leaf_failure(leaf, source_->name(), v);
            return false;
        }
    }
    for (const auto& c : children_) {
        AccessState state;
        const Value* cv = access(c->accessor_, v, state);
        if (!cv) {
            out.reason = accessor_premise(c->accessor_, source_->name());
            return false;
        }
        if (!c->check_verbose(*cv, out)) return false;
    }
    return true;
}

STANDIN_DECL void GuardManager::print(std::string& out, const std::string& indent) const {
    out += indent + "+- GuardManager: source=" + source_->name() + ", accessed_by=" + accessor_text(accessor_) + "\n";
    const std::string inner = indent + "| ";
    for (const auto& leaf : leaves_)
        out += inner + "+- " + std::string(leaf_kind_name(leaf)) + ": " + leaf_code(leaf, source_->name()) + "\n";
    for (const auto& c : children_) c->print(out, inner);
}

STANDIN_DECL void RootGuardManager::add(const Source* source, LeafGuard leaf) {
    GuardManager* node = node_for(source);
    node->add_leaf(std::move(leaf));
    node->cache_valid_ = false;  // its new leaf has not passed on the cached value yet
    program_valid_ = false;
    validated_ = false;
}

STANDIN_DECL void RootGuardManager::add_duplicate_input(const Source* first, const Source* second) {
    duplicates_.push_back({node_for(first), node_for(second)});
    program_valid_ = false;
}

STANDIN_DECL void RootGuardManager::add_no_tensor_aliasing(std::span<const Source* const> tensors) {
    std::vector<GuardManager*> nodes;
    for (const Source* s : tensors) nodes.push_back(node_for(s));
    aliasing_.push_back(std::move(nodes));
    program_valid_ = false;
}

STANDIN_DECL GuardCheckResult RootGuardManager::check_verbose(const FrameView& frame) const {
    GuardCheckResult out;
    if (global_state_) {
        ++out.guards_run;
        if (!frame.global_state) return fail(out, "GLOBAL_STATE changed: no interpreter state");
        if (!(*frame.global_state == *global_state_))
            return fail(out, frame.global_state->difference_from(*global_state_));
    }
    std::vector<std::pair<const GuardManager*, Value>> seen;
    for (const auto& c : children_) {
        AccessState state;
        const Value* v = access_root(c->accessor_, frame, state);
        if (!v) return fail(out, accessor_premise(c->accessor_, ""));
        if (!c->check_verbose(*v, out)) {
            out.passed = false;
            return out;
        }
    }
    for (const auto& d : duplicates_) {
        ++out.guards_run;
        Value a = resolve_or_null(d.first, frame), b = resolve_or_null(d.second, frame);
        if (!a.identical(b))
            return fail(out, d.first->source_->name() + " is " + d.second->source_->name());
    }
    for (const auto& group : aliasing_) {
        ++out.guards_run;
        for (std::size_t i = 0; i < group.size(); ++i)
            for (std::size_t j = i + 1; j < group.size(); ++j)
                if (resolve_or_null(group[i], frame).identical(resolve_or_null(group[j], frame)))
                    return fail(out, group[i]->source_->name() + " is not " + group[j]->source_->name());
    }
    return out;
}

STANDIN_DECL std::string RootGuardManager::print() const {
    std::string out = "TREE_GUARD_MANAGER:\n+- RootGuardManager\n";
    if (global_state_) out += "| +- GLOBAL_STATE: ___check_global_state()\n";
    for (const auto& d : duplicates_)
        out += "| +- DUPLICATE_INPUT: " + d.first->source_->name() + " is " + d.second->source_->name() + "\n";
    for (const auto& group : aliasing_) {
        out += "| +- NO_TENSOR_ALIASING: check_no_aliasing(";
        for (std::size_t i = 0; i < group.size(); ++i) out += (i ? ", " : "") + group[i]->source_->name();
        out += ")\n";
    }
    for (const auto& c : children_) c->print(out, "| ");
    return out;
}

STANDIN_DECL void RootGuardManager::specialise(Step& s, const GuardManager& node) {
    s.more = node.leaves_.size() > 1;
    if (node.leaves_.empty()) {
        s.test = Test::none;
        return;
    }
    s.test = Test::generic;
    const LeafGuard& leaf = node.leaves_.front();
    auto constant = [&](const Value& e) {
        s.kind = e.kind();
        switch (e.kind()) {
        case Kind::none: s.test = Test::kind_is; break;
        case Kind::bool_: s.test = Test::bool_eq; s.expected.bits = e.as_bool(); break;
        case Kind::int_: s.test = Test::int_eq; s.expected.bits = static_cast<std::uint64_t>(e.as_int()); break;
        case Kind::float_: s.test = Test::float_eq; s.expected.number = e.as_float(); break;
        default:
            if (e.is_heap()) {
                s.test = Test::object_eq;
                s.expected.object = e.object();
            }
            break;
        }
    };
    auto identity = [&](const Value& e) {
        if (!e.is_heap()) return;
        s.test = Test::same_object;
        s.kind = e.kind();
        s.expected.object = e.object();
    };
    boost::variant2::visit(
        overloaded{
            [&](const TypeMatch& g) {
                s.kind = g.type.kind;
                if (!g.type.cls) {
                    s.test = Test::kind_is;
                } else if (g.type.kind == Kind::instance) {
                    s.test = Test::instance_of;
                    s.expected.object = g.type.cls;
                }
            },
            [&](const IdMatch& g) { identity(g.expected); },
            [&](const EqualsMatch& g) { constant(g.expected); },
            [&](const ConstantMatch& g) { constant(g.expected); },
            [&](const BoolMatch& g) {
                s.test = Test::bool_eq;
                s.kind = Kind::bool_;
                s.expected.bits = g.expected;
            },
            [&](const NoneMatch&) {
                s.test = Test::kind_is;
                s.kind = Kind::none;
            },
            [&](const TensorMatch& g) {
                s.test = Test::tensor;
                s.expected.dims = static_cast<std::uint32_t>(dims_.size());
                dims_.push_back(static_cast<std::int64_t>(Tensor::header_word(g.dt, g.requires_grad, g.sizes.size())));
                dims_.insert(dims_.end(), g.sizes.begin(), g.sizes.end());
                dims_.insert(dims_.end(), g.strides.begin(), g.strides.end());
            },
            [&](const SequenceLength& g) {
                s.test = Test::length;
                s.expected.bits = g.length;
            },
            [&](const FunctionMatch& g) { identity(g.function); },
            [&](const NNModuleMatch& g) { identity(g.module); },
            [&](const auto&) {},
        },
        leaf);
}

STANDIN_DECL void RootGuardManager::compile() {
    flush_access_counts();
    steps_.clear();
    dims_.clear();
    auto visit = [&](GuardManager& node, std::uint32_t parent) {
        auto index = static_cast<std::uint32_t>(steps_.size());
        Step s{};
        s.node = &node;
        s.parent = parent;
        s.fetch = Fetch::generic;
        boost::variant2::visit(
            overloaded{
                [&](const FrameLocalAccessor& a) {
                    s.fetch = Fetch::local;
                    s.hint = a.slot;
                },
                [&](const GlobalAccessor& a) {
                    s.fetch = Fetch::global;
                    s.key.name = a.name;
                },
                [&](const GetAttrAccessor& a) {
                    s.fetch = Fetch::attr;
                    s.key.name = a.name;
                },
                [&](const IndexAccessor& a) {
                    s.fetch = Fetch::index;
                    s.key.index = a.index;
                },
                [&](const auto&) {},
            },
            node.accessor_);
        specialise(s, node);
        switch (s.test) {
        case Test::int_eq:
        case Test::float_eq:
        case Test::bool_eq:
        case Test::same_object:
        case Test::object_eq:
            if (!s.more) s.fast_kind = s.kind;
            break;
        default: break;
        }
        s.op = static_cast<std::uint8_t>(static_cast<std::size_t>(s.fetch) * test_kinds +
                                         static_cast<std::size_t>(s.test));
        if (parent != no_parent && s.fetch == Fetch::attr) steps_[parent].attr_parent = true;
        steps_.push_back(s);
        node.step_ = index;
    };
    auto expand = [&](auto& self, std::vector<std::unique_ptr<GuardManager>>& kids, std::uint32_t parent) -> void {
        const auto first = static_cast<std::uint32_t>(steps_.size());
        for (auto& c : kids) visit(*c, parent);
        for (std::size_t k = 0; k < kids.size(); ++k)
            self(self, kids[k]->children_, first + static_cast<std::uint32_t>(k));
    };
    expand(expand, children_, no_parent);
    // Runs: a parent's consecutive attribute (or index) children, for the plain check.
    auto runnable = [&](std::size_t i) {
        return steps_[i].parent != no_parent &&
               (steps_[i].fetch == Fetch::attr || steps_[i].fetch == Fetch::index);
    };
    for (std::size_t i = 0; i < steps_.size();) {
        if (!runnable(i)) {
            ++i;
            continue;
        }
        std::size_t end = i + 1;
        while (end < steps_.size() && steps_[end].fetch == steps_[i].fetch &&
               steps_[end].parent == steps_[i].parent)
            ++end;
        steps_[i].op = steps_[i].fetch == Fetch::attr ? attr_run_op : index_run_op;
        steps_[i].run = static_cast<std::uint32_t>(end - i);
        i = end;
    }
    accesses_.assign(steps_.size(), 0);
    for (std::size_t i = 0; i < steps_.size(); ++i) {
        steps_[i].node->live_accesses_ = &accesses_[i];
        steps_[i].node->live_sweeps_ = &sweeps_;
    }
    unchanged_.assign(steps_.size(), 0);
    skipped_.assign(steps_.size(), 0);
    program_valid_ = true;
}

STANDIN_DECL Value RootGuardManager::resolve_or_null(const GuardManager* node, const FrameView& frame) {
    try {
        return resolve(node->source_, frame);
    } catch (const Error&) {
        return Value::null();
    }
}

STANDIN_DECL GuardManager* RootGuardManager::node_for(const Source* source) {
    return boost::variant2::visit(
        overloaded{
            [&](const LocalSource& s) -> GuardManager* {
                std::uint32_t slot = 0;
                FrameView names{code_, {}, nullptr};
                std::int64_t found = names.slot_of(s.name);
                if (found < 0)
                    raise(exc::NameError, "guard on " + source->name() + ": '" + s.name->text() +
                                              "' is not a local of the guarded code");
                slot = static_cast<std::uint32_t>(found);
                return root_child(source, FrameLocalAccessor{s.name, slot});
            },
            [&](const GlobalSource& s) -> GuardManager* { return root_child(source, GlobalAccessor{s.name}); },
            [&](const AttrSource& s) { return node_for(s.base)->child_for(source, GetAttrAccessor{s.member}); },
            [&](const IndexSource& s) { return node_for(s.base)->child_for(source, IndexAccessor{s.index}); },
            [&](const KeySource& s) { return node_for(s.base)->child_for(source, KeyAccessor{s.key}); },
            [&](const TypeSource& s) { return node_for(s.base)->child_for(source, TypeAccessor{}); },
            // Same path, same node: the nn.Module marking only changes the guard source.
            [&](const NNModuleSource& s) { return node_for(s.base); },
            [&](const DefaultsSource& s) { return node_for(s.base)->child_for(source, DefaultsAccessor{s.index}); },
            [&](const ClosureSource& s) { return node_for(s.base)->child_for(source, ClosureAccessor{s.index}); },
        },
        source->node());
}

#endif  // STANDIN_DEFINITIONS

}  // namespace standin::inline v0
