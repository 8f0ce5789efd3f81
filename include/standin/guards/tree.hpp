// The guard tree: one GuardManager per source, reached from its parent by an
// accessor, holding that source's leaf guards; the root's side of it (its
// children, and the relational guards over their values) is GuardRoots. The
// tree is what tracing builds and what the listings print; checks run the
// flat program compiled from it (program.hpp).
// Counterpart: GuardManager in torch/csrc/dynamo/guards.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/guards/accessor.hpp>
#include <standin/guards/leaf.hpp>
#include <standin/runtime/watch.hpp>

#include <memory>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// The result of check_verbose: the first failing guard in Dynamo's words.
struct GuardDebugInfo {
    bool passed = true;
    std::string reason;          // empty when passed
    std::size_t guards_run = 0;  // leaves evaluated, relational ones included
};

class RootGuardManager;
class GuardProgram;

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
    friend class GuardProgram;
class GuardProgram;

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
               detail::version_of(v) == cached_version_;
    }
    void remember(const Value& v) noexcept {
        detail::watch_value(v);
        cache_valid_ = detail::has_stable_identity(v);
        cached_kind_ = v.kind();
        cached_bits_ = v.raw_bits();
        cached_version_ = detail::version_of(v);
    }

    // The slow, explaining walk: no shortcut, counts what ran, reports the first failure.
    STANDIN_DECL bool check_verbose(const Value& v, GuardDebugInfo& out) const;

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

// DUPLICATE_INPUT: two nodes whose values must be the same object.
struct DuplicatePair {
    GuardManager* first;
    GuardManager* second;
};

// The root's side of the tree: its children and the relational guards
// (DUPLICATE_INPUT; NO_TENSOR_ALIASING over each group) over their values.
struct GuardRoots {
    std::vector<std::unique_ptr<GuardManager>> children;
    std::vector<DuplicatePair> duplicates;
    std::vector<std::vector<GuardManager*>> aliasing;
    std::size_t tensor_groups = 0;  // the first groups are tensors' (NO_TENSOR_ALIASING), the rest objects'
};

#if STANDIN_DEFINITIONS

// Building, explaining and printing a node (the compiled mode compiles these
// once, in the library).
STANDIN_DECL void GuardManager::add_leaf(LeafGuard leaf) {
    for (const auto& l : leaves_)
        if (same_leaf(l, leaf)) return;
    if (!leaf_depends_only_on_version(leaf)) has_unstable_leaves_ = true;
    leaves_.push_back(std::move(leaf));
}

STANDIN_DECL bool GuardManager::check_verbose(const Value& v, GuardDebugInfo& out) const {
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

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
