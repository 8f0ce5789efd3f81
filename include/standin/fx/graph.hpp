// The graph: an ordered list of nodes that reads as a straight-line
// function. Building a node names it, links its uses and computes its fake
// metadata (so an op that would fail on these shapes fails here, with the
// real op's message). lint() checks the invariants passes rely on.
// Counterpart: torch/fx/graph.py (Graph, create_node, erase_node, lint,
// inserting_before/after, eliminate_dead_code lives in passes/dce.hpp).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/fake.hpp>
#include <standin/fx/format.hpp>
#include <standin/fx/namespace.hpp>
#include <standin/fx/node.hpp>
#include <standin/fx/target.hpp>

#include <cctype>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Graph;
std::string to_string(const Graph& graph);

// Iterates nodes in execution order. Erasing the node an iterator points at
// invalidates it: passes that erase while walking take nodes_vector() first.
class NodeIterator {
public:
    using value_type = Node*;
    using difference_type = std::ptrdiff_t;
    using iterator_category = std::forward_iterator_tag;

    NodeIterator() = default;
    explicit NodeIterator(Node* n) : n_(n) {}
    Node* operator*() const noexcept { return n_; }
    NodeIterator& operator++() noexcept {
        n_ = n_->next();
        return *this;
    }
    NodeIterator operator++(int) noexcept {
        auto old = *this;
        n_ = n_->next();
        return old;
    }
    friend bool operator==(NodeIterator a, NodeIterator b) noexcept { return a.n_ == b.n_; }

private:
    Node* n_ = nullptr;
};

struct NodeRange {
    Node* first;
    NodeIterator begin() const noexcept { return NodeIterator(first); }
    NodeIterator end() const noexcept { return NodeIterator(); }
};

class Graph {
public:
    Graph() = default;
    Graph(const Graph&) = delete;
    Graph& operator=(const Graph&) = delete;
    ~Graph() {
        for (Node* n = head_; n;) {
            Node* next = n->next_;
            delete n;
            n = next;
        }
    }

    // ---- building ---------------------------------------------------------
    // A graph input. `example` (a tensor, real or fake, or any constant)
    // gives the node its metadata; a real tensor's data is never kept.
    Node* placeholder(std::string_view name, const Value& example = Value()) {
        Value val = example.dyn<Tensor>() ? Value(fake_like(*example.as<Tensor>())) : example;
        const char* grad_fn = val.dyn<Tensor>() ? val.as<Tensor>()->grad_fn() : nullptr;
        Node* n = insert_new(NodeOpcode::placeholder, intern(name), nullptr, {}, {}, name, std::move(val));
        n->example_grad_fn_ = grad_fn;
        return n;
    }
    // A value the graph reads from its owner (FX's `self.cfg.scale`); the node
    // keeps `value`, and the interpreter returns it.
    Node* get_attr(std::string_view qualified_name, Value value) {
        Value val = value.dyn<Tensor>() ? Value(fake_like(*value.as<Tensor>())) : value;
        Node* n = insert_new(NodeOpcode::get_attr, intern(qualified_name), nullptr, {}, {}, qualified_name,
                             std::move(val));
        n->attr_value_ = std::move(value);
        return n;
    }
    // `operator.mul`, `torch.relu`, ...: see fx/target.hpp for the spellings.
    Node* call_function(std::string_view target, Args args = {}, Kwargs kwargs = {}) {
        const OpDef& op = resolve_function_target(target);
        return call(NodeOpcode::call_function, intern(target), op, std::move(args), std::move(kwargs));
    }
    // An op-table entry called as `torch.<name>`.
    Node* call_function(const OpDef& op, Args args = {}, Kwargs kwargs = {}) {
        return call(NodeOpcode::call_function, intern("torch." + std::string(op.name)), op, std::move(args),
                    std::move(kwargs));
    }
    // A torch function written in guest code, recorded as one call
    // (call_function `torch.clamp` or call_method `clamp`): `val` is the
    // value its traced body gave; running the node calls `fn`.
    Node* call_guest(NodeOpcode op, std::string_view target, Value fn, Args args, Kwargs kwargs, Value val,
                     bool in_place = false, bool random = false) {
        std::string_view hint = op == NodeOpcode::call_function ? target.substr(target.rfind('.') + 1) : target;
        // (An in-place call is impure already: it writes args[0].)
        const OpDef* def = in_place ? &guest_call_inplace_op() : random ? &guest_call_random_op() : &guest_call_op();
        Node* n = insert_new(op, intern(target), def, std::move(args), std::move(kwargs), hint, std::move(val));
        n->attr_value_ = std::move(fn);
        return n;
    }
    // `x.sum(1)`: args[0] is the receiver.
    Node* call_method(std::string_view method, Args args = {}, Kwargs kwargs = {}) {
        const OpDef& op = resolve_method_target(method);
        if (args.empty())
            raise(exc::TypeError, "call_method '" + std::string(method) + "' needs its receiver as args[0]");
        return call(NodeOpcode::call_method, intern(method), op, std::move(args), std::move(kwargs));
    }
    // The graph's result: a node, a constant, or a (nested) tuple/list of them.
    Node* output(Argument result) {
        Value val = argument_value(result, [](Node* n) { return n->val(); });
        Args args;
        args.push_back(std::move(result));
        return insert_new(NodeOpcode::output, intern("output"), nullptr, std::move(args), {}, "output",
                          std::move(val));
    }

    // ---- insertion point --------------------------------------------------
    // New nodes go before `before_` (the end of the graph when null). The
    // guard restores the previous insertion point when it goes out of scope.
    class InsertPoint {
    public:
        InsertPoint(const InsertPoint&) = delete;
        InsertPoint& operator=(const InsertPoint&) = delete;
        ~InsertPoint() {
            graph_->insert_before_ = saved_;
            graph_->insert_at_end_ = saved_at_end_;
        }

    private:
        friend class Graph;
        InsertPoint(Graph* g, Node* before, bool at_end)
            : graph_(g), saved_(g->insert_before_), saved_at_end_(g->insert_at_end_) {
            g->insert_before_ = before;
            g->insert_at_end_ = at_end;
        }
        Graph* graph_;
        Node* saved_;
        bool saved_at_end_;
    };
    // New nodes go right before `n`, in creation order.
    [[nodiscard]] InsertPoint inserting_before(Node* n) {
        check_owned(n, "inserting_before");
        return InsertPoint(this, n, false);
    }
    // New nodes go right after `n`, in creation order (unlike FX, where each
    // new node lands directly after `n`, reversing them).
    [[nodiscard]] InsertPoint inserting_after(Node* n) {
        check_owned(n, "inserting_after");
        return InsertPoint(this, n->next_, n->next_ == nullptr);
    }

    // ---- editing ----------------------------------------------------------
    // Removes a node that nothing uses any more.
    void erase_node(Node* n) {
        check_owned(n, "erase_node");
        if (!n->users_.empty()) {
            std::string users = "{";
            for (std::size_t i = 0; i < n->users_.size(); ++i) {
                if (i) users += ", ";
                users += n->users_[i]->name() + ": None";
            }
            users += "}";
            raise(exc::RuntimeError, "Tried to erase Node " + n->name() + " but it still had " +
                                         std::to_string(n->users_.size()) + " users in the graph: " + users + "!");
        }
        n->unlink_inputs();
        if (insert_before_ == n) insert_before_ = n->next_, insert_at_end_ = n->next_ == nullptr;
        unlink(n);
        names_.erase(n->name());
        --size_;
        delete n;
    }
    // Moves `n` to just before `before` (null: to the end).
    void move_before(Node* n, Node* before) {
        check_owned(n, "move_before");
        if (n == before) return;
        unlink(n);
        link_before(n, before);
    }

    // ---- reading ----------------------------------------------------------
    NodeRange nodes() const noexcept { return NodeRange{head_}; }
    std::vector<Node*> nodes_vector() const {
        std::vector<Node*> out;
        out.reserve(size_);
        for (Node* n = head_; n; n = n->next_) out.push_back(n);
        return out;
    }
    std::size_t size() const noexcept { return size_; }
    // The grad mode nodes are added under (torch's at trace time): with it on,
    // a node of inputs that require grad records its grad_fn in its value.
    bool grad_enabled() const noexcept { return grad_enabled_; }
    void set_grad_enabled(bool on) noexcept { grad_enabled_ = on; }
    Node* first() const noexcept { return head_; }
    Node* last() const noexcept { return tail_; }
    std::vector<Node*> placeholders() const {
        std::vector<Node*> out;
        for (Node* n = head_; n; n = n->next_)
            if (n->op() == NodeOpcode::placeholder) out.push_back(n);
        return out;
    }
    // The output node, or nullptr when the graph has none yet.
    Node* output_node() const noexcept {
        for (Node* n = tail_; n; n = n->prev_)
            if (n->op() == NodeOpcode::output) return n;
        return nullptr;
    }
    Node* find(std::string_view name) const {
        auto it = names_.find(std::string(name));
        return it == names_.end() ? nullptr : it->second;
    }

    // Checks the invariants every pass and the interpreter rely on; raises
    // RuntimeError naming the first broken one.
    void lint() const {
        std::unordered_set<const Node*> seen;
        std::unordered_set<std::string> names;
        std::size_t outputs = 0, count = 0;
        for (Node* n = head_; n; n = n->next_) {
            ++count;
            if (n->graph_ != this) fail("Node '" + n->name() + "' does not belong to this Graph");
            if (!names.insert(n->name()).second) fail("Node name '" + n->name() + "' is not unique");
            if (n->prev_ ? n->prev_->next_ != n : head_ != n) fail("the node list is broken at '" + n->name() + "'");
            switch (n->op()) {
            case NodeOpcode::call_function:
                if (!n->op_def_ && !n->fused_)
                    fail("Node '" + n->name() + "' calls '" + std::string(n->target()) + "', which is not an op");
                break;
            case NodeOpcode::call_method:
                if (!n->op_def_ || n->args_.empty())
                    fail("Node '" + n->name() + "' is a call_method without an op or a receiver");
                break;
            case NodeOpcode::output:
                ++outputs;
                if (n->next_) fail("the output node '" + n->name() + "' must be the last node of the graph");
                break;
            default: break;
            }
            for (Node* in : n->input_nodes()) {
                if (in->graph_ != this)
                    fail("Argument '" + in->name() + "' of Node '" + n->name() +
                         "' does not belong to this Graph, but was used as an argument!");
                if (!seen.contains(in))
                    fail("Argument '" + in->name() + "' of Node '" + n->name() +
                         "' was used before it has been defined! Please check that Nodes in the graph are "
                         "topologically ordered");
                if (std::find(in->users_.begin(), in->users_.end(), n) == in->users_.end())
                    fail("Node '" + n->name() + "' uses '" + in->name() + "' but is not among its users");
            }
            for (Node* user : n->users_) {
                auto inputs = user->input_nodes();
                if (std::find(inputs.begin(), inputs.end(), n) == inputs.end())
                    fail("Node '" + user->name() + "' is listed as a user of '" + n->name() + "' but does not use it");
            }
            seen.insert(n);
        }
        if (count != size_) fail("the graph counts " + std::to_string(size_) + " nodes but links " + std::to_string(count));
        if (outputs != 1) fail("a graph must have exactly one output node, found " + std::to_string(outputs));
    }

    // A copy with the same names, targets, arguments and metadata.
    std::unique_ptr<Graph> copy() const {
        auto g = std::make_unique<Graph>();
        std::unordered_map<const Node*, Node*> map;
        for (Node* n = head_; n; n = n->next_) {
            auto remap = [&](Node* in) -> Argument { return map.at(in); };
            Args args;
            for (const Argument& a : n->args_) args.push_back(map_arg(a, remap));
            Kwargs kwargs;
            for (const NodeKwarg& k : n->kwargs_) kwargs.push_back({k.name, map_arg(k.value, remap)});
            Node* c = g->insert_new(n->op_, n->target_, n->op_def_, std::move(args), std::move(kwargs), n->name(),
                                    n->val_, n->fused_);
            c->attr_value_ = n->attr_value_;
            c->example_grad_fn_ = n->example_grad_fn_;
            c->self_grad_fn_ = n->self_grad_fn_;
            map[n] = c;
        }
        return g;
    }

    // Low level: inserts a node whose metadata the caller computed. Passes
    // use it to add nodes they built (fused kernels, folded constants).
    Node* insert_new(NodeOpcode op, Str* target, const OpDef* op_def, Args args, Kwargs kwargs,
                     std::string_view name_hint, Value val, std::shared_ptr<const FusedKernel> fused = {}) {
        for (const Argument& a : args) for_each_node(a, [&](Node* in) { check_owned(in, "an argument"); });
        for (const NodeKwarg& k : kwargs) for_each_node(k.value, [&](Node* in) { check_owned(in, "an argument"); });
        std::string name = namespace_.create_name(candidate_name(op, name_hint));
        auto* n = new Node(this, op, std::move(name), target, op_def);
        n->args_ = std::move(args);
        n->kwargs_ = std::move(kwargs);
        n->val_ = std::move(val);
        n->fused_ = std::move(fused);
        n->link_inputs();
        link_before(n, insert_at_end_ ? nullptr : insert_before_);
        names_.emplace(n->name(), n);
        ++size_;
        return n;
    }

private:
    Node* call(NodeOpcode op, Str* target, const OpDef& def, Args args, Kwargs kwargs) {
        // Metadata first: an op that cannot run on these shapes adds no node.
        Value val = infer_val(def, args, kwargs, grad_enabled_);
        std::string_view t = target->view();
        std::string_view hint = op == NodeOpcode::call_function ? t.substr(t.rfind('.') + 1) : t;
        return insert_new(op, target, &def, std::move(args), std::move(kwargs), hint, std::move(val));
    }

    // FX's _target_to_str: the callee's own name, dunders stripped, snake_case.
    static std::string candidate_name(NodeOpcode, std::string_view hint) {
        if (hint.size() > 4 && hint.starts_with("__") && hint.ends_with("__")) hint = hint.substr(2, hint.size() - 4);
        std::string out;
        for (std::size_t i = 0; i < hint.size(); ++i) {
            char c = hint[i];
            if (i > 0 && std::isupper(static_cast<unsigned char>(c)) &&
                std::islower(static_cast<unsigned char>(hint[i - 1])))
                out += '_';
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        return out;
    }

    void check_owned(const Node* n, std::string_view what) const {
        if (!n || n->graph_ != this)
            raise(exc::RuntimeError, std::string(what) + ": the node " + (n ? "'" + n->name() + "' " : "") +
                                         "does not belong to this Graph");
    }
    [[noreturn]] void fail(const std::string& message) const {
        raise(exc::RuntimeError, message + "\n" + to_string(*this));
    }

    void link_before(Node* n, Node* before) {
        n->next_ = before;
        n->prev_ = before ? before->prev_ : tail_;
        if (n->prev_) n->prev_->next_ = n;
        else head_ = n;
        if (before) before->prev_ = n;
        else tail_ = n;
    }
    void unlink(Node* n) {
        if (n->prev_) n->prev_->next_ = n->next_;
        else head_ = n->next_;
        if (n->next_) n->next_->prev_ = n->prev_;
        else tail_ = n->prev_;
        n->prev_ = n->next_ = nullptr;
    }

    Node* head_ = nullptr;
    Node* tail_ = nullptr;
    std::size_t size_ = 0;
    Node* insert_before_ = nullptr;
    bool insert_at_end_ = true;
    bool grad_enabled_ = true;
    Namespace namespace_;
    std::unordered_map<std::string, Node*> names_;
};

// str(graph).
inline std::string to_string(const Graph& graph) {
    std::string s = "graph():";
    for (Node* n : graph.nodes()) s += "\n    " + format_node(*n);
    return s;
}

STANDIN_NAMESPACE_END
