// A node of an FX graph: one operation (placeholder, get_attr, call_function,
// call_method, output) with a unique readable name, a target, its arguments
// and the nodes that use its value. Nodes are owned by their Graph and linked
// in execution order.
// Counterpart: torch/fx/node.py.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/fx/argument.hpp>
#include <standin/runtime/tensor.hpp>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Graph;
class FusedKernel;  // fx/passes/fusion.hpp

enum class NodeOpcode : std::uint8_t { placeholder, get_attr, call_function, call_method, output };

inline constexpr std::string_view node_opcode_name(NodeOpcode op) noexcept {
    switch (op) {
    case NodeOpcode::placeholder: return "placeholder";
    case NodeOpcode::get_attr: return "get_attr";
    case NodeOpcode::call_function: return "call_function";
    case NodeOpcode::call_method: return "call_method";
    case NodeOpcode::output: return "output";
    }
    return "?";
}

class Node {
public:
    Node(const Node&) = delete;
    Node& operator=(const Node&) = delete;

    Graph& graph() const noexcept { return *graph_; }
    NodeOpcode op() const noexcept { return op_; }
    // Unique within the graph: `x`, `mul`, `mul_1`, `sum_1`.
    const std::string& name() const noexcept { return name_; }
    // placeholder: the argument name; get_attr: the attribute path (`cfg.scale`);
    // call_function: the qualified callee (`operator.mul`, `torch.relu`);
    // call_method: the method name (`sum`); output: `output`.
    std::string_view target() const noexcept { return target_->view(); }
    // The op-table entry a call node runs; nullptr for other nodes and fused nodes.
    const OpDef* op_def() const noexcept { return op_def_; }
    // The kernel of a node made by the fusion pass; nullptr otherwise.
    const FusedKernel* fused() const noexcept { return fused_.get(); }
    const std::shared_ptr<const FusedKernel>& fused_ptr() const noexcept { return fused_; }

    const Args& args() const noexcept { return args_; }
    const Kwargs& kwargs() const noexcept { return kwargs_; }
    // The nodes whose args or kwargs mention this node, in the order they
    // first did (FX's `node.users`).
    std::span<Node* const> users() const noexcept { return users_; }
    // The distinct nodes this node reads, in argument order (FX's `all_input_nodes`).
    std::vector<Node*> input_nodes() const {
        std::vector<Node*> out;
        auto add = [&](Node* n) {
            if (std::find(out.begin(), out.end(), n) == out.end()) out.push_back(n);
        };
        for (const Argument& a : args_) for_each_node(a, add);
        for (const NodeKwarg& k : kwargs_) for_each_node(k.value, add);
        return out;
    }

    // The value's metadata (FX's `node.meta["val"]`): a fake tensor for a
    // tensor-valued node, a constant for a get_attr of a non-tensor, a tuple
    // for ops returning several values; None when unknown.
    const Value& val() const noexcept { return val_; }
    // The metadata as a tensor, or nullptr when the node is not tensor-valued.
    Tensor* tensor_meta() const noexcept { return val_.dyn<Tensor>(); }
    void set_val(Value v) noexcept { val_ = std::move(v); }

    // get_attr: the attribute's value, read by the interpreter; a guest call
    // (op_def() is guest_call_op()): the guest function it calls.
    const Value& attr_value() const noexcept { return attr_value_; }
    // placeholder: the grad_fn of the example it was made from (the trace's
    // in-place ops may give its metadata another, which the call then gives
    // the real input, as the eager ops would).
    const char* example_grad_fn() const noexcept { return example_grad_fn_; }
    // An in-place guest call: the grad_fn its self had before the call (the
    // interpreter gives the real self that, not the one the call gave it).
    const char* self_grad_fn() const noexcept { return self_grad_fn_; }
    void set_self_grad_fn(const char* name) noexcept { self_grad_fn_ = name; }

    Node* next() const noexcept { return next_; }
    Node* prev() const noexcept { return prev_; }

    // Replaces the arguments, keeping every node's users up to date.
    void set_args(Args args) {
        unlink_inputs();
        args_ = std::move(args);
        link_inputs();
    }
    void set_kwargs(Kwargs kwargs) {
        unlink_inputs();
        kwargs_ = std::move(kwargs);
        link_inputs();
    }
    // Every use of `old_input` in this node's arguments now uses `new_input`.
    void replace_input_with(Node* old_input, Node* new_input) {
        auto swap_node = [&](Node* n) -> Argument { return n == old_input ? new_input : n; };
        unlink_inputs();
        for (Argument& a : args_) a = map_arg(a, swap_node);
        for (NodeKwarg& k : kwargs_) k.value = map_arg(k.value, swap_node);
        link_inputs();
    }
    // Makes every user of this node use `replacement` instead (FX's
    // replace_all_uses_with); returns the users that changed.
    std::vector<Node*> replace_all_uses_with(Node* replacement) {
        std::vector<Node*> changed(users_.begin(), users_.end());
        for (Node* user : changed) user->replace_input_with(this, replacement);
        return changed;
    }

private:
    friend class Graph;

    Node(Graph* graph, NodeOpcode op, std::string name, Str* target, const OpDef* op_def)
        : graph_(graph), op_(op), name_(std::move(name)), target_(target), op_def_(op_def) {}

    void link_inputs() {
        for (Node* in : input_nodes())
            if (std::find(in->users_.begin(), in->users_.end(), this) == in->users_.end())
                in->users_.push_back(this);
    }
    void unlink_inputs() {
        for (Node* in : input_nodes()) std::erase(in->users_, this);
    }

    Graph* graph_;
    NodeOpcode op_;
    std::string name_;
    Str* target_;  // interned
    const OpDef* op_def_;
    std::shared_ptr<const FusedKernel> fused_;
    Args args_;
    Kwargs kwargs_;
    std::vector<Node*> users_;
    Value val_;
    Value attr_value_;
    const char* example_grad_fn_ = nullptr;
    const char* self_grad_fn_ = nullptr;
    Node* prev_ = nullptr;
    Node* next_ = nullptr;
};

STANDIN_NAMESPACE_END
