// The guard manager: the façade over the tree (tree.hpp) and its compiled
// program (program.hpp) that a cache entry holds. Guards go in as (source,
// leaf) pairs: each source gets one node, prefixes are shared (G['cfg'] is
// fetched once for .scale and .bias) and equal leaves are kept once. The root
// also holds the relational guards (DUPLICATE_INPUT, NO_TENSOR_ALIASING),
// GLOBAL_STATE, and the names that must stay absent from the frame's globals
// (DICT_CONTAINS: a builtin the frame read is not shadowed by a new global).
// check(frame) is the hot path of every compiled call: it runs
// the program, with the epoch shortcut on by default; check_verbose walks the
// tree slowly and names the first failing guard as Dynamo does.
// Counterpart: RootGuardManager in torch/csrc/dynamo/guards.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/guards/program.hpp>
#include <standin/guards/tree.hpp>
#include <standin/runtime/global_state.hpp>

#include <optional>
#include <span>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

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
        program_.tree_changed();
    }
    // `name` must stay absent from the frame's globals (the trace read the
    // builtin of that name): DICT_CONTAINS, `not ___dict_contains('len', G)`.
    void add_absent_global(Str* name) {
        for (const auto& a : absent_globals_)
            if (a.name == name) return;
        absent_globals_.push_back({name, 0});
    }
    // `first` and `second` must be the same object.
    STANDIN_DECL void add_duplicate_input(const Source* first, const Source* second);
    // No two of `tensors` may be the same tensor object.
    STANDIN_DECL void add_no_tensor_aliasing(std::span<const Source* const> tensors);
    // NO_ALIASING: mutable objects a compiled frame mutates must not be one
    // another or another object it reads (checked as the tensors' group is).
    STANDIN_DECL void add_no_aliasing(std::span<const Source* const> objects);

    // The version shortcut (on by default); off re-runs every leaf and lookup.
    void set_version_shortcut(bool on) noexcept {
        shortcut_ = on;
        if (!on) program_.invalidate();
    }
    bool version_shortcut() const noexcept { return shortcut_; }

    bool check(const FrameView& frame) noexcept {
        if (global_state_ && (!frame.global_state || !(*frame.global_state == *global_state_))) return false;
        for (auto& a : absent_globals_)
            if (frame.globals && frame.globals->find(a.name, a.hint)) return false;
        return program_.check(frame, shortcut_);
    }

    // The first failing guard in Dynamo's words, and how many guards ran.
    STANDIN_DECL GuardDebugInfo check_verbose(const FrameView& frame) const;

    // Dynamo's TREE_GUARD_MANAGER listing.
    STANDIN_DECL std::string print() const;

    std::size_t child_count() const noexcept { return roots_.children.size(); }
    const GuardManager& child(std::size_t i) const noexcept { return *roots_.children[i]; }
    // The node of `source`, or nullptr.
    const GuardManager* find(const Source* source) const noexcept {
        auto search = [&](auto& self, const GuardManager& n) -> const GuardManager* {
            if (n.source_ == source) return &n;
            for (const auto& c : n.children_)
                if (const GuardManager* hit = self(self, *c)) return hit;
            return nullptr;
        };
        for (const auto& c : roots_.children)
            if (const GuardManager* hit = search(search, *c)) return hit;
        return nullptr;
    }
    // Leaf guards in the tree, relational and global-state ones included.
    std::size_t guard_count() const noexcept {
        std::size_t n = (global_state_ ? 1 : 0) + absent_globals_.size() + roots_.duplicates.size() + roots_.aliasing.size();
        for (const auto& c : roots_.children) n += c->count_leaves();
        return n;
    }

private:
    static GuardDebugInfo& fail(GuardDebugInfo& out, std::string reason) {
        out.passed = false;
        out.reason = std::move(reason);
        return out;
    }
    static std::string absent_global_code(const Str* name) {
        return "not ___dict_contains(" + str_repr(name->view()) + ", G)";
    }
    STANDIN_DECL static Value resolve_or_null(const GuardManager* node, const FrameView& frame);

    STANDIN_DECL GuardManager* node_for(const Source* source);
    GuardManager* root_child(const Source* source, Accessor accessor) {
        return GuardManager::child_in(roots_.children, source, std::move(accessor));
    }

    const Code* code_;
    GuardRoots roots_;
    GuardProgram program_{roots_};
    std::optional<GlobalState> global_state_;
    struct AbsentGlobal {
        Str* name;
        std::uint32_t hint;  // (the slot a lookup probes first)
    };
    std::vector<AbsentGlobal> absent_globals_;
    bool shortcut_ = true;
};

#if STANDIN_DEFINITIONS

// Building and printing the tree, and the explaining check (the compiled mode
// compiles these once, in the library).
STANDIN_DECL void RootGuardManager::add(const Source* source, LeafGuard leaf) {
    GuardManager* node = node_for(source);
    node->add_leaf(std::move(leaf));
    node->cache_valid_ = false;  // its new leaf has not passed on the cached value yet
    program_.tree_changed();
}

STANDIN_DECL void RootGuardManager::add_duplicate_input(const Source* first, const Source* second) {
    roots_.duplicates.push_back({node_for(first), node_for(second)});
    program_.tree_changed();
}

STANDIN_DECL void RootGuardManager::add_no_tensor_aliasing(std::span<const Source* const> tensors) {
    std::vector<GuardManager*> nodes;
    for (const Source* s : tensors) nodes.push_back(node_for(s));
    roots_.aliasing.insert(roots_.aliasing.begin() + static_cast<std::ptrdiff_t>(roots_.tensor_groups), std::move(nodes));
    ++roots_.tensor_groups;
    program_.tree_changed();
}

STANDIN_DECL void RootGuardManager::add_no_aliasing(std::span<const Source* const> objects) {
    std::vector<GuardManager*> nodes;
    for (const Source* s : objects) nodes.push_back(node_for(s));
    roots_.aliasing.push_back(std::move(nodes));
    program_.tree_changed();
}

STANDIN_DECL GuardDebugInfo RootGuardManager::check_verbose(const FrameView& frame) const {
    GuardDebugInfo out;
    if (global_state_) {
        ++out.guards_run;
        if (!frame.global_state) return fail(out, "GLOBAL_STATE changed: no interpreter state");
        if (!(*frame.global_state == *global_state_))
            return fail(out, frame.global_state->difference_from(*global_state_));
    }
    for (const auto& a : absent_globals_) {
        ++out.guards_run;
        if (frame.globals && frame.globals->find(a.name)) return fail(out, absent_global_code(a.name));
    }
    std::vector<std::pair<const GuardManager*, Value>> seen;
    for (const auto& c : roots_.children) {
        AccessState state;
        const Value* v = access_root(c->accessor_, frame, state);
        if (!v) return fail(out, accessor_premise(c->accessor_, ""));
        if (!c->check_verbose(*v, out)) {
            out.passed = false;
            return out;
        }
    }
    for (const auto& d : roots_.duplicates) {
        ++out.guards_run;
        Value a = resolve_or_null(d.first, frame), b = resolve_or_null(d.second, frame);
        if (!a.identical(b))
            return fail(out, d.first->source_->name() + " is " + d.second->source_->name());
    }
    for (const auto& group : roots_.aliasing) {
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
    for (const auto& a : absent_globals_) out += "| +- DICT_CONTAINS: " + absent_global_code(a.name) + "\n";
    for (const auto& d : roots_.duplicates)
        out += "| +- DUPLICATE_INPUT: " + d.first->source_->name() + " is " + d.second->source_->name() + "\n";
    for (std::size_t g = 0; g < roots_.aliasing.size(); ++g) {
        const auto& group = roots_.aliasing[g];
        out += g < roots_.tensor_groups ? "| +- NO_TENSOR_ALIASING: check_no_aliasing(" : "| +- NO_ALIASING: check_no_aliasing(";
        for (std::size_t i = 0; i < group.size(); ++i) out += (i ? ", " : "") + group[i]->source_->name();
        out += ")\n";
    }
    for (const auto& c : roots_.children) c->print(out, "| ");
    return out;
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
                return root_child(source, FrameLocalsAccessor{s.name, slot});
            },
            [&](const GlobalSource& s) -> GuardManager* { return root_child(source, GlobalsAccessor{s.name}); },
            [&](const AttrSource& s) { return node_for(s.base)->child_for(source, GetAttrAccessor{s.member}); },
            [&](const GetItemSource& s) { return node_for(s.base)->child_for(source, GetItemAccessor{s.index}); },
            [&](const DictGetItemSource& s) { return node_for(s.base)->child_for(source, DictGetItemAccessor{s.key}); },
            [&](const TypeSource& s) { return node_for(s.base)->child_for(source, TypeAccessor{}); },
            // Same path, same node: the nn.Module marking only changes the guard source.
            [&](const NNModuleSource& s) { return node_for(s.base); },
            [&](const DefaultsSource& s) { return node_for(s.base)->child_for(source, FuncDefaultsAccessor{s.index}); },
            [&](const ClosureSource& s) { return node_for(s.base)->child_for(source, ClosureAccessor{s.index}); },
            [&](const DictKeySource& s) { return node_for(s.base)->child_for(source, DictKeyAccessor{s.index}); },
            [&](const DictValueSource& s) { return node_for(s.base)->child_for(source, DictValueAccessor{s.index}); },
        },
        source->node());
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
