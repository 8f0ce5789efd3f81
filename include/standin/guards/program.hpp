// The compiled guard program: the tree (tree.hpp) flattened into one array of
// steps, siblings first, each step a node's fetch and first leaf specialised
// into plain data, so a check is one loop with no recursion, no allocation,
// no string hashing, no virtual call and no lock. Two ways to run it:
//   run_plain     every step fetches and tests; a parent's consecutive
//                 attribute (or index) children run as one tight loop with
//                 the parent's slots in registers;
//   run_shortcut  the epoch shortcut: a node whose value is the same object
//                 at the same version tag skips the leaves only that version
//                 decides, and while no watched object has been mutated
//                 since the last passing check (watched_mutation_epoch), an
//                 unchanged root child passes with its subtree unvisited.
// Values without a version (tuples, non-interned strings) are always
// re-checked: only a tag unique across the process makes "same address" mean
// "same object, unchanged". A failing step moves its path to the front of its
// siblings (fail fast), and the program is rebuilt on the next check.
// Counterpart: the check_nopybind fast path of torch/csrc/dynamo/guards.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/guards/tree.hpp>
#include <standin/source/frame_view.hpp>

#include <boost/mp11/algorithm.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class GuardProgram {
public:
    explicit GuardProgram(GuardRoots& roots) noexcept : roots_(&roots) {}
    GuardProgram(const GuardProgram&) = delete;
    GuardProgram& operator=(const GuardProgram&) = delete;

    // Whether every guard of the tree passes on `frame` (the relational ones
    // included). Rebuilds the program first when the tree changed.
    STANDIN_ALWAYS_INLINE bool check(const FrameView& frame, bool shortcut) noexcept {
        if (!program_valid_) compile();
        return shortcut ? run_shortcut(frame) : run_plain(frame);
    }
    // The tree changed (a leaf, node or relational guard was added): rebuild
    // before the next check, which may not take the quiet shortcut.
    void tree_changed() noexcept {
        program_valid_ = false;
        validated_ = false;
    }
    // Forgets every cached value and verdict (the shortcut was switched off).
    void invalidate() noexcept {
        validated_ = false;
        auto clear = [](auto& self, GuardManager& n) -> void {
            n.cache_valid_ = false;
            for (auto& c : n.children_) self(self, *c);
        };
        for (auto& c : roots_->children) clear(clear, *c);
        for (Step& s : steps_) s.value = nullptr;
        std::fill(certified_.begin(), certified_.end(), nullptr);
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
            // A list or dict of a guest subclass, or an OrderedDict, is not of the built-in type.
            ok = v.kind() == s.kind && (!v.is_heap() || (!v.object()->is_subclass_instance() &&
                                                          !(s.kind == Kind::dict && v.as<Dict>()->is_ordered())));
        } else if constexpr (T == Test::int_eq) {
            ok = v.kind() == Kind::int_ && static_cast<std::uint64_t>(v.as_int()) == s.expected.bits;
        } else if constexpr (T == Test::float_eq) {
            // Equal, or the same bits (the same NaN); 0.0 and -0.0 are told apart (x / z differs).
            ok = v.kind() == Kind::float_ &&
                 ((v.as_float() == s.expected.number && (s.expected.number != 0.0 || std::signbit(v.as_float()) ==
                                                                                        std::signbit(s.expected.number))) ||
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
        const std::size_t roots = roots_->children.size();  // steps [0, roots) are the root's children
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
            if (s.parent != no_parent && unchanged_[s.parent] && certified_[i]) {
                // Parent unchanged since the last passing check: the lookup
                // would find the slot that check found. (Not s.value: a later
                // failing check may have fetched it from another parent.)
                v = certified_[i];
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
            for (std::size_t i = 0; i < n; ++i) {
                steps[i].node->remember(*steps[i].value);
                certified_[i] = steps[i].stable ? steps[i].value : nullptr;
            }
            validated_ = true;
            validated_epoch_ = epoch;
        }
        return true;
    }

    // DUPLICATE_INPUT and NO_TENSOR_ALIASING over the values this check fetched.
    bool check_relational() noexcept {
        auto value_of = [&](const GuardManager* node) { return steps_[node->step_].value; };
        for (const auto& d : roots_->duplicates) {
            const Value* a = value_of(d.first);
            const Value* b = value_of(d.second);
            if (!a || !b || !a->identical(*b)) return fail_relational();
        }
        for (const auto& group : roots_->aliasing)
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
            auto& siblings = parent == no_parent ? roots_->children : steps_[parent].node->children_;
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

    GuardRoots* roots_;
    bool program_valid_ = false;
    std::vector<Step> steps_;
    std::vector<std::int64_t> dims_;  // per tensor step: its header word (dtype, requires_grad, rank), sizes, strides
    std::vector<std::uint64_t> accesses_;  // per step: fetches counted one by one
    std::uint64_t sweeps_ = 0;             // checks that fetched every step once
    std::vector<std::uint8_t> unchanged_;  // per step, shortcut check: same object, same version
    // Per step: the value the last passing shortcut check found, when its
    // pointer stays valid while the parent is unchanged (else nullptr).
    std::vector<const Value*> certified_;
    std::vector<std::uint8_t> skipped_;    // per step, shortcut check: under an unvisited root child
    // The epoch of the last passing check, when that check watched everything it read.
    bool validated_ = false;
    std::uint64_t validated_epoch_ = 0;
};

#if STANDIN_DEFINITIONS

// Building the program (the compiled mode compiles these once, in the library).
STANDIN_DECL void GuardProgram::specialise(Step& s, const GuardManager& node) {
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
                if (!g.type.cls && g.type.kind != Kind::dict) {  // a dict's kind does not tell an OrderedDict
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
                if (g.leaf_checked) return;  // (generic: a view of a leaf is checked too)
                s.test = Test::tensor;
                s.expected.dims = static_cast<std::uint32_t>(dims_.size());
                dims_.push_back(static_cast<std::int64_t>(Tensor::header_word(g.dt, g.requires_grad, g.sizes.size(), g.parameter, g.nonleaf, g.leaf_checked)));
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

STANDIN_DECL void GuardProgram::compile() {
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
                [&](const FrameLocalsAccessor& a) {
                    s.fetch = Fetch::local;
                    s.hint = a.slot;
                },
                [&](const GlobalsAccessor& a) {
                    s.fetch = Fetch::global;
                    s.key.name = a.name;
                },
                [&](const GetAttrAccessor& a) {
                    s.fetch = Fetch::attr;
                    s.key.name = a.name;
                },
                [&](const GetItemAccessor& a) {
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
    expand(expand, roots_->children, no_parent);
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
    certified_.assign(steps_.size(), nullptr);
    skipped_.assign(steps_.size(), 0);
    program_valid_ = true;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
