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

#include <standin/guards/accessor.hpp>
#include <standin/guards/leaf.hpp>
#include <standin/runtime/global_state.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace standin::inline v0 {

// The version tag of a mutable value (0 for values that have none).
inline std::uint64_t version_of(const Value& v) noexcept {
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
    std::uint64_t access_count() const noexcept { return access_count_; }

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
    void add_leaf(LeafGuard leaf) {
        for (const auto& l : leaves_)
            if (same_leaf(l, leaf)) return;
        if (!leaf_depends_only_on_version(leaf)) has_unstable_leaves_ = true;
        leaves_.push_back(std::move(leaf));
    }

    bool matches_cache(const Value& v) const noexcept {
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
    bool check_verbose(const Value& v, GuardCheckResult& out) const {
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

    void print(std::string& out, const std::string& indent) const {
        out += indent + "+- GuardManager: source=" + source_->name() + ", accessed_by=" + accessor_text(accessor_) + "\n";
        const std::string inner = indent + "| ";
        for (const auto& leaf : leaves_)
            out += inner + "+- " + std::string(leaf_kind_name(leaf)) + ": " + leaf_code(leaf, source_->name()) + "\n";
        for (const auto& c : children_) c->print(out, inner);
    }

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
    AccessState state_;
    const Value* last_value_ = nullptr;
    bool cache_valid_ = false;
    Kind cached_kind_ = Kind::null;
    std::uint64_t cached_bits_ = 0;
    std::uint64_t cached_version_ = 0;
    std::uint32_t fail_count_ = 0;
    std::uint64_t access_count_ = 0;
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
    void add(const Source* source, LeafGuard leaf) {
        node_for(source)->add_leaf(std::move(leaf));
        program_valid_ = false;
        validated_ = false;
    }
    void add_global_state(const GlobalState& expected) {
        global_state_ = expected;
        validated_ = false;
    }
    // `first` and `second` must be the same object.
    void add_duplicate_input(const Source* first, const Source* second) {
        duplicates_.push_back({node_for(first), node_for(second)});
        program_valid_ = false;
    }
    // No two of `tensors` may be the same tensor object.
    void add_no_tensor_aliasing(std::span<const Source* const> tensors) {
        std::vector<GuardManager*> nodes;
        for (const Source* s : tensors) nodes.push_back(node_for(s));
        aliasing_.push_back(std::move(nodes));
        program_valid_ = false;
    }

    // The version shortcut (on by default); off re-runs every leaf and lookup.
    void set_version_shortcut(bool on) noexcept {
        shortcut_ = on;
        if (!on) invalidate();
    }
    bool version_shortcut() const noexcept { return shortcut_; }

    bool check(const FrameView& frame) noexcept {
        if (global_state_ && (!frame.global_state || !(*frame.global_state == *global_state_))) return false;
        if (!program_valid_) compile();
        // Quiet: no object this tree read has been mutated since it last
        // passed, so a root child whose value is the same object at the same
        // version passes with its whole subtree unvisited.
        const std::uint64_t epoch = watched_mutation_epoch().load(std::memory_order_acquire);
        const bool quiet = shortcut_ && validated_ && epoch == validated_epoch_;
        const std::size_t n = steps_.size();
        for (std::size_t i = 0; i < n;) {
            const Step& step = steps_[i];
            GuardManager& node = *step.node;
            const Value* v;
            if (step.parent == no_parent) {
                v = access_root(node.accessor_, frame, node.state_);
                ++node.access_count_;
            } else if (unchanged_[step.parent] && node.state_.stable && node.last_value_) {
                v = node.last_value_;  // parent unchanged: the lookup would find the same slot
            } else {
                v = access(node.accessor_, *values_[step.parent], node.state_);
                ++node.access_count_;
            }
            node.last_value_ = v;
            if (!v) return fail_at(i);
            values_[i] = v;
            const bool same = shortcut_ && node.matches_cache(*v);
            if (same && quiet && step.parent == no_parent) {
                i = step.subtree_end;
                continue;
            }
            unchanged_[i] = same;
            if (!same) {
                for (const auto& leaf : node.leaves_)
                    if (!check_leaf(leaf, *v)) return fail_at(i);
            } else if (node.has_unstable_leaves_) {
                for (const auto& leaf : node.leaves_)
                    if (!leaf_depends_only_on_version(leaf) && !check_leaf(leaf, *v)) return fail_at(i);
            }
            ++i;
        }
        for (const auto& d : duplicates_)
            if (!d.first->last_value_ || !d.second->last_value_ ||
                !d.first->last_value_->identical(*d.second->last_value_))
                return fail_relational();
        for (const auto& group : aliasing_)
            for (std::size_t i = 0; i < group.size(); ++i)
                for (std::size_t j = i + 1; j < group.size(); ++j)
                    if (group[i]->last_value_->identical(*group[j]->last_value_)) return fail_relational();
        if (shortcut_ && !quiet) {
            // Only a check that passed as a whole may vouch for its values:
            // a node's cache certifies the pointers its children last found.
            for (std::size_t i = 0; i < n; ++i) steps_[i].node->remember(*values_[i]);
            validated_ = true;
            validated_epoch_ = epoch;
        }
        return true;
    }

    // The first failing guard in Dynamo's words, and how many guards ran.
    GuardCheckResult check_verbose(const FrameView& frame) const {
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

    // Dynamo's TREE_GUARD_MANAGER listing.
    std::string print() const {
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
    // The tree flattened in depth-first order: parents before children, a
    // subtree contiguous, so a check is one loop without recursion.
    struct Step {
        GuardManager* node;
        std::uint32_t parent;       // step index, or no_parent for a root child
        std::uint32_t subtree_end;  // the step after this node's last descendant
    };

    // Rebuilds the flat program; runs after the tree changed shape or order,
    // never on a passing check.
    void compile() {
        steps_.clear();
        auto visit = [&](auto& self, GuardManager& node, std::uint32_t parent) -> void {
            auto index = static_cast<std::uint32_t>(steps_.size());
            steps_.push_back({&node, parent, 0});
            for (auto& c : node.children_) self(self, *c, index);
            steps_[index].subtree_end = static_cast<std::uint32_t>(steps_.size());
        };
        for (auto& c : children_) visit(visit, *c, no_parent);
        values_.assign(steps_.size(), nullptr);
        unchanged_.assign(steps_.size(), 0);
        program_valid_ = true;
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
    static Value resolve_or_null(const GuardManager* node, const FrameView& frame) {
        try {
            return resolve(node->source_, frame);
        } catch (const Error&) {
            return Value::null();
        }
    }

    void invalidate() noexcept {
        validated_ = false;
        auto clear = [](auto& self, GuardManager& n) -> void {
            n.cache_valid_ = false;
            n.last_value_ = nullptr;
            for (auto& c : n.children_) self(self, *c);
        };
        for (auto& c : children_) clear(clear, *c);
    }

    GuardManager* node_for(const Source* source) {
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
    std::vector<const Value*> values_;
    std::vector<std::uint8_t> unchanged_;
    // The epoch and globals of the last passing check, when that check
    // watched everything it read.
    bool validated_ = false;
    std::uint64_t validated_epoch_ = 0;
};

}  // namespace standin::inline v0
