// The graph interpreter: runs a graph on reference tensors.
//
// Everything that does not depend on the inputs is done once, when the
// interpreter is made: each call's arguments are bound to the op's schema
// (keywords and defaults resolved, constants in place), each node gets a value
// slot, each op is held by its OpDef pointer. (An argument that is a list of
// nodes, cat's, is the one thing rebuilt on every call.) Everything that depends on the
// inputs' dtypes and shapes is done once per input signature (a Plan): the
// metadata of every node, the dtype rule of every elementwise op, and the
// buffers of intermediates, which are reused across calls. A call then only
// fills slots, calls kernels and frees what is dead.
//
// Outputs are always fresh tensors: an intermediate gets a reused buffer only
// when every reader makes a new tensor from it (elementwise ops, fused
// groups, reductions, copies), so nothing returned can alias a buffer that a
// later call overwrites.
//
// One interpreter serves one thread at a time (it owns its buffers).
// Counterpart: torch/fx/interpreter.py (Interpreter.run), with the static
// memory planning of TorchInductor's wrapper code.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/bind.hpp>
#include <standin/fx/fused_kernel.hpp>
#include <standin/fx/graph.hpp>
#if STANDIN_DEFINITIONS
#include <standin/runtime/tensor/pointwise.hpp>
#endif

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class GraphInterpreter {
public:
    // Plans kept per interpreter; the least recently used goes first.
    static constexpr std::size_t max_plans = 8;

    STANDIN_DECL explicit GraphInterpreter(const Graph& graph);

    GraphInterpreter(const GraphInterpreter&) = delete;
    GraphInterpreter& operator=(const GraphInterpreter&) = delete;

    std::size_t input_count() const noexcept { return placeholder_slots_.size(); }
    // How many input signatures have a plan (for tests and diagnostics).
    std::size_t plan_count() const noexcept { return plans_.size(); }
    // How many intermediate buffers the most recent plan reuses across calls.
    std::size_t reused_buffer_count() const noexcept { return plans_.empty() ? 0 : plans_.front()->buffers.size(); }

    // Runs the graph: one value per placeholder, in order. Returns what the
    // output node returns (for Dynamo's graphs, a tuple).
    STANDIN_DECL Value run(std::span<const Value> inputs);
    // How many values run_flat() writes: the items of the output tuple/list
    // (1 when the graph returns a single value).
    std::size_t output_count() const noexcept {
        const bool sequence = output_.kind == Recipe::Kind::tuple || output_.kind == Recipe::Kind::list;
        return sequence ? output_.items.size() : 1;
    }
    // Runs the graph and writes the output tuple's items into `outputs`
    // without building the tuple: for callers that unpack it anyway (a
    // compiled call does). Items that are themselves sequences are built.
    STANDIN_DECL void run_flat(std::span<const Value> inputs, std::span<Value> outputs);
    Value run(std::initializer_list<Value> inputs) { return run(std::span<const Value>(inputs.begin(), inputs.size())); }
    Value operator()(std::span<const Value> inputs) { return run(inputs); }
    Value operator()(std::initializer_list<Value> inputs) { return run(inputs); }

private:
    // Fills the slots, runs every step, lets `collect` read the output's
    // slots, then clears every slot (also when a kernel raises).
    template <class Collect>
    void execute(std::span<const Value> inputs, Collect&& collect);

    // How a value is rebuilt from slots: the output, nested arguments.
    struct Recipe {
        enum class Kind : std::uint8_t { slot, constant, tuple, list };
        Kind kind = Kind::constant;
        std::uint32_t slot = 0;
        Value constant;
        std::vector<Recipe> items;
    };
    struct Patch {
        std::uint32_t position;
        std::uint32_t slot;
    };
    struct NestedPatch {
        std::uint32_t position;
        Recipe recipe;
        std::vector<std::uint32_t> slots;
    };
    struct Step {
        enum class Kind : std::uint8_t { constant, op, fused, guest };
        Kind kind = Kind::op;
        std::uint32_t out = 0;
        const OpDef* op = nullptr;
        std::shared_ptr<const FusedKernel> fused;
        Value constant;           // get_attr: the value; guest: the function called
        Value traced;             // guest: the value the trace recorded (its metadata)
        std::vector<Str*> kwnames;  // guest: the keywords, whose values end `args`
        bool grad_enabled = true;   // guest, op: the grad mode the trace called it under
        bool records = false;       // op: its traced value records autograd history
        // guest: the argument slots whose traced value records a grad_fn,
        // stamped before the call (guest code checks autograd metadata:
        // an in-place op on a view of a tensor that requires grad).
        std::vector<std::pair<std::uint32_t, const char*>> stamps;
        // ... and those that are views of a non-leaf in the trace: the base's
        // (the graph's own intermediates record no grad_fn; eagerly the
        // base of `(x * 2)[1:]` is no leaf, so an in-place op on the view is allowed).
        std::vector<std::pair<std::uint32_t, const char*>> base_stamps;
        std::vector<Value> args;  // bound once; node positions patched per call
        std::vector<Patch> patches;
        std::vector<NestedPatch> nested;
        std::vector<std::uint32_t> release;
        std::string name;
    };
    struct StepPlan {
        enum class Mode : std::uint8_t { constant, kernel, pointwise, fused, guest };
        Mode mode = Mode::kernel;
        dtype compute = dtype::float32;
        std::int64_t buffer = -1;  // index into Plan::buffers, or -1: a fresh output
        Value meta;                // the output's fake tensor (pointwise, fused)
        std::unique_ptr<FusedKernel::Plan> fused_plan;
    };
    struct InputKey {
        bool is_tensor = false;
        dtype dt = dtype::float32;
        DimVector sizes, strides;
        Value value;  // non-tensor inputs: the value itself
    };
    struct Plan {
        std::vector<InputKey> key;
        std::vector<StepPlan> steps;
        std::vector<ref<Tensor>> buffers;
    };

    static bool is_out_of_place_pointwise(const OpDef& op) noexcept {
        return op.pointwise != nullptr && !op.mutates_self;
    }
    // Ops whose result never aliases an argument.
    static bool creates_fresh_tensor(const OpDef& op) noexcept {
        if (op.mutates_self) return false;
        if (op.pointwise || op.cls == OpClass::reduction) return true;
        return op.name == "matmul" || op.name == "cat" || op.name == "stack" || op.name == "clone" ||
               op.name == "softmax" || op.name == "log_softmax" || op.name == "layer_norm";
    }

    STANDIN_DECL static ref<Tensor> fresh(const StepPlan& sp);

    // The node's arguments in schema order: constants stay in `args` for
    // good, node positions are patched on every call.
    template <class SlotOf>
    static void bind(const Node& n, Step& st, SlotOf&& slot) {
        std::vector<Argument> bound = bind_node_args(n);
        std::vector<const Argument*> args;
        for (const Argument& a : bound) args.push_back(&a);
        place(args, st, slot);
    }
    // A guest call's arguments as written: positional ones, then the
    // keywords' values (no schema to bind them to).
    template <class SlotOf>
    static void bind_guest(const Node& n, Step& st, SlotOf&& slot) {
        std::vector<const Argument*> args;
        for (const Argument& a : n.args()) args.push_back(&a);
        for (const NodeKwarg& k : n.kwargs()) {
            args.push_back(&k.value);
            st.kwnames.push_back(k.name);
        }
        place(args, st, slot);
    }
    // Constants stay in `args` for good; node positions are patched on every call.
    template <class SlotOf>
    static void place(const std::vector<const Argument*>& args, Step& st, SlotOf&& slot) {
        st.args.assign(args.size(), Value());
        for (std::size_t i = 0; i < args.size(); ++i) {
            const Argument& a = *args[i];
            const auto position = static_cast<std::uint32_t>(i);
            if (Node* in = a.node()) {
                st.patches.push_back({position, slot(in)});
            } else if (const Value* c = a.constant()) {
                st.args[i] = *c;
            } else {
                NestedPatch np{position, recipe(a, slot), {}};
                for_each_node(a, [&](Node* in) { np.slots.push_back(slot(in)); });
                if (np.slots.empty())
                    st.args[i] = argument_value(a, [](Node*) { return Value(); });
                else
                    st.nested.push_back(std::move(np));
            }
        }
    }
    static Value run_guest(const Step& st) {
        const std::size_t positional = st.args.size() - st.kwnames.size();
        std::vector<KwArg> kwargs;
        for (std::size_t k = 0; k < st.kwnames.size(); ++k) kwargs.push_back(KwArg{st.kwnames[k], st.args[positional + k]});
        return call_guest_function(st.constant, std::span<const Value>(st.args.data(), positional), kwargs,
                                   st.grad_enabled);
    }

    template <class SlotOf>
    static Recipe recipe(const Argument& a, SlotOf&& slot) {
        Recipe r;
        if (Node* n = a.node()) {
            r.kind = Recipe::Kind::slot;
            r.slot = slot(n);
        } else if (const Value* c = a.constant()) {
            r.constant = *c;
        } else {
            const ArgSeq& s = *a.seq();
            r.kind = s.is_tuple ? Recipe::Kind::tuple : Recipe::Kind::list;
            for (const Argument& item : s.items) r.items.push_back(recipe(item, slot));
        }
        return r;
    }
    static void mark_output_slots(const Recipe& r, std::vector<bool>& marks) {
        if (r.kind == Recipe::Kind::slot) marks[r.slot] = true;
        for (const Recipe& item : r.items) mark_output_slots(item, marks);
    }
    Value build(const Recipe& r) const { return build_from(r, slots_); }
    static Value build_from(const Recipe& r, const std::vector<Value>& values) {
        switch (r.kind) {
        case Recipe::Kind::slot: return values[r.slot];
        case Recipe::Kind::constant: return r.constant;
        case Recipe::Kind::tuple:
        case Recipe::Kind::list: {
            std::vector<Value> items;
            items.reserve(r.items.size());
            for (const Recipe& item : r.items) items.push_back(build_from(item, values));
            if (r.kind == Recipe::Kind::tuple) return Value(make_ref<Tuple>(std::move(items)));
            return Value(make_ref<List>(std::move(items)));
        }
        }
        return Value();
    }

    // ---- plans ------------------------------------------------------------
    static bool matches(const InputKey& k, const Value& v) {
        if (auto* t = v.dyn<Tensor>()) {
            return k.is_tensor && !t->is_fake() && k.dt == t->dtype() && std::ranges::equal(k.sizes, t->sizes()) &&
                   std::ranges::equal(k.strides, t->strides());
        }
        if (k.is_tensor) return false;
        if (v.is_heap() || k.value.is_heap()) return v.identical(k.value) || equals(v, k.value);
        return v.identical(k.value);
    }

    Plan& plan_for(std::span<const Value> inputs) {
        for (std::size_t p = 0; p < plans_.size(); ++p) {
            Plan& plan = *plans_[p];
            bool same = true;
            for (std::size_t i = 0; i < inputs.size() && same; ++i) same = matches(plan.key[i], inputs[i]);
            if (!same) continue;
            if (p != 0) std::rotate(plans_.begin(), plans_.begin() + static_cast<std::ptrdiff_t>(p),
                                    plans_.begin() + static_cast<std::ptrdiff_t>(p) + 1);
            return *plans_.front();
        }
        auto plan = make_plan(inputs);
        if (plans_.size() == max_plans) plans_.pop_back();
        plans_.insert(plans_.begin(), std::move(plan));
        return *plans_.front();
    }

    // Runs every meta rule on the inputs' metadata: each node's fake value,
    // each step's mode, and buffers shared by intermediates whose lifetimes
    // do not overlap.
    STANDIN_DECL std::unique_ptr<Plan> make_plan(std::span<const Value> inputs);

    std::vector<std::uint32_t> placeholder_slots_;
    std::vector<std::string> placeholder_names_;
    std::vector<Value> graph_input_meta_;
    std::vector<Step> steps_;
    Recipe output_;
    // Output slots and the grad_fn their node's traced value records.
    std::vector<std::pair<std::uint32_t, const char*>> grad_stamps_;
    // Inputs (by position) the graph's in-place ops give a new grad_fn.
    std::vector<std::pair<std::uint32_t, const char*>> input_stamps_;
    // Some node records autograd history (an input or parameter requires
    // grad): every op step then runs its kernel and records its node, as the
    // eager op does, into a fresh tensor (a reused buffer would overwrite
    // what a node saved). The backend leaves such a graph unfused.
    bool records_grad_ = false;
    std::uint32_t slot_count_ = 0;
    std::vector<Value> slots_;
    std::vector<bool> reusable_;
    std::vector<std::unique_ptr<Plan>> plans_;
};

#if STANDIN_DEFINITIONS

template <class Collect>
void GraphInterpreter::execute(std::span<const Value> inputs, Collect&& collect) {
    if (STANDIN_UNLIKELY(inputs.size() != placeholder_slots_.size()))
        raise(exc::TypeError, "forward() takes " + std::to_string(placeholder_slots_.size()) + " inputs (" +
                                  std::to_string(inputs.size()) + " given)");
    Plan& plan = plan_for(inputs);
    try {
        for (std::size_t i = 0; i < inputs.size(); ++i) slots_[placeholder_slots_[i]] = inputs[i];
        const std::size_t count = steps_.size();
        for (std::size_t s = 0; s < count; ++s) {
            Step& st = steps_[s];
            const StepPlan& sp = plan.steps[s];
            for (const auto& p : st.patches) st.args[p.position] = slots_[p.slot];
            for (const auto& p : st.nested) st.args[p.position] = build(p.recipe);
            if (records_grad_ && st.kind == Step::Kind::op) {
                Value original = Value::null();
                if (st.records && needs_original_self(*st.op, st.args)) original = ops::clone(std::span<const Value>(st.args).first(1), false);
                slots_[st.out] = st.op->kernel(st.args);
                if (st.records) record_grad(*st.op, st.args, slots_[st.out], original);
            } else switch (sp.mode) {
            case StepPlan::Mode::constant: slots_[st.out] = st.constant; break;
            case StepPlan::Mode::kernel: slots_[st.out] = st.op->kernel(st.args); break;
            case StepPlan::Mode::guest:
                for (const auto& stamp : st.stamps)
                    if (Tensor* t = slots_[stamp.first].dyn<Tensor>(); t && !t->grad_fn()) t->set_grad_fn(stamp.second);
                for (const auto& stamp : st.base_stamps)
                    if (Tensor* t = slots_[stamp.first].dyn<Tensor>(); t && t->base() && !t->base()->grad_fn() && !t->base()->requires_grad())
                        t->base()->set_grad_fn(stamp.second);
                slots_[st.out] = run_guest(st);
                break;
            case StepPlan::Mode::pointwise: {
                Value out = sp.buffer >= 0 ? Value(plan.buffers[static_cast<std::size_t>(sp.buffer)])
                                           : Value(fresh(sp));
                pointwise_execute(*st.op->pointwise, sp.compute, st.args, *out.as<Tensor>());
                slots_[st.out] = std::move(out);
                break;
            }
            case StepPlan::Mode::fused: {
                Value out = sp.buffer >= 0 ? Value(plan.buffers[static_cast<std::size_t>(sp.buffer)])
                                           : Value(fresh(sp));
                st.fused->run(*sp.fused_plan, st.args, *out.as<Tensor>());
                slots_[st.out] = std::move(out);
                break;
            }
            }
            for (const auto& p : st.patches) st.args[p.position] = Value();
            for (const auto& p : st.nested) st.args[p.position] = Value();
            for (std::uint32_t sl : st.release) slots_[sl] = Value();
        }
        // Outputs carry the autograd metadata the trace recorded (grad_fn),
        // as the eager ops would have given them.
        for (const std::pair<std::uint32_t, const char*>& stamp : grad_stamps_)
            if (Tensor* t = slots_[stamp.first].dyn<Tensor>()) t->set_grad_fn(stamp.second);
        // An input that is a view of another tensor: the in-place op rewrote
        // its base's history too, as eagerly (CopySlices on the base,
        // AsStridedBackward0 on the view); the trace saw no base.
        for (const std::pair<std::uint32_t, const char*>& stamp : input_stamps_)
            if (Tensor* t = inputs[stamp.first].dyn<Tensor>()) {
                t->set_grad_fn(stamp.second);
                if (t->base()) rebase_view_history(*t);
            }
        collect();
        for (Value& v : slots_) v = Value();
    } catch (...) {
        for (Value& v : slots_) v = Value();
        for (Step& st : steps_) {
            for (const auto& p : st.patches) st.args[p.position] = Value();
            for (const auto& p : st.nested) st.args[p.position] = Value();
        }
        throw;
    }
}

STANDIN_DECL GraphInterpreter::GraphInterpreter(const Graph& graph) {
    graph.lint();
    std::unordered_map<const Node*, std::uint32_t> slot_of;
    auto slot = [&](const Node* n) { return slot_of.at(n); };
    std::uint32_t slots = 0;
    std::vector<const Node*> nodes;
    // The grad mode along the graph (for guest calls): the trace records a
    // _set_grad_enabled node only where the mode changes.
    bool grad_enabled = graph.grad_enabled();
    for (Node* n : graph.nodes())
        if (is_global_state_op(n->op_def()) && !n->args().empty() && n->args()[0].constant()) {
            grad_enabled = !(n->args()[0].constant()->is_bool() && n->args()[0].constant()->as_bool());
            break;
        }
    for (Node* n : graph.nodes()) {
        nodes.push_back(n);
        if (is_global_state_op(n->op_def()) && !n->args().empty() && n->args()[0].constant())
            grad_enabled = n->args()[0].constant()->is_bool() && n->args()[0].constant()->as_bool();
        if (n->op() == NodeOpcode::output) break;
        slot_of[n] = slots++;
        switch (n->op()) {
        case NodeOpcode::placeholder:
            placeholder_slots_.push_back(slot_of[n]);
            placeholder_names_.push_back(n->name());
            graph_input_meta_.push_back(n->val());
            break;
        case NodeOpcode::get_attr: {
            Step st;
            st.kind = Step::Kind::constant;
            st.out = slot_of[n];
            st.constant = n->attr_value();
            st.name = n->name();
            steps_.push_back(std::move(st));
            break;
        }
        case NodeOpcode::call_function:
        case NodeOpcode::call_method: {
            Step st;
            st.out = slot_of[n];
            st.name = n->name();
            if (const FusedKernel* f = n->fused()) {
                st.kind = Step::Kind::fused;
                st.fused = n->fused_ptr();
                for (const Argument& a : n->args()) {
                    Node* in = a.node();
                    if (!in) raise(exc::RuntimeError, "a fused node's arguments must be nodes");
                    st.patches.push_back({static_cast<std::uint32_t>(st.args.size()), slot(in)});
                    st.args.emplace_back();
                }
                (void)f;
            } else if (is_guest_call(n->op_def())) {
                st.kind = Step::Kind::guest;
                st.op = n->op_def();
                st.constant = n->attr_value();
                st.traced = n->val();
                st.grad_enabled = grad_enabled;
                bind_guest(*n, st, slot);
                auto stamp_base = [&](Node* in) {
                    if (auto* t = in->val().dyn<Tensor>(); t && t->base() && t->base()->grad_fn())
                        st.base_stamps.emplace_back(slot(in), t->base()->grad_fn());
                };
                auto stamp = [&](Node* in) {
                    if (in->op() == NodeOpcode::placeholder) return;  // the caller's own tensor
                    if (auto* t = in->val().dyn<Tensor>(); t && t->grad_fn()) {
                        st.stamps.emplace_back(slot(in), t->grad_fn());
                        stamp_base(in);
                    }
                };
                // (an in-place call's self: the grad_fn it had before the call,
                // not the one its traced value ends with, which the call gave it)
                const bool in_place = n->op_def() == &guest_call_inplace_op();
                for (std::size_t i = 0; i < n->args().size(); ++i) {
                    if (in_place && i == 0) {
                        if (Node* self = n->args()[0].node(); self && self->op() != NodeOpcode::placeholder && n->self_grad_fn()) {
                            st.stamps.emplace_back(slot(self), n->self_grad_fn());
                            stamp_base(self);
                        }
                        continue;
                    }
                    for_each_node(n->args()[i], stamp);
                }
                for (const NodeKwarg& k : n->kwargs()) for_each_node(k.value, stamp);
            } else {
                st.kind = Step::Kind::op;
                st.op = n->op_def();
                st.grad_enabled = grad_enabled;
                bind(*n, st, slot);
            }
            {
                auto records = [](const Value& v) {
                    if (auto* t = v.dyn<Tensor>()) return t->grad_fn() != nullptr;
                    if (auto* tup = v.dyn<Tuple>())
                        for (const Value& item : tup->items())
                            if (auto* t = item.dyn<Tensor>(); t && t->grad_fn()) return true;
                    return false;
                };
                // (the traced value says whether the eager op records: grad
                // mode on and an input that requires grad)
                st.records = st.kind == Step::Kind::op && records(n->val());
                records_grad_ = records_grad_ || records(n->val());
            }
            steps_.push_back(std::move(st));
            break;
        }
        case NodeOpcode::output: break;
        }
    }
    const Node* out = graph.output_node();
    output_ = recipe(out->args().at(0), slot);
    slot_count_ = slots;
    slots_.resize(slots);

    // Liveness: a slot is released after the last step that reads it;
    // slots the output reads live to the end of the call.
    std::vector<std::int64_t> last_read(slots, -1);
    for (std::size_t s = 0; s < steps_.size(); ++s) {
        for (const auto& p : steps_[s].patches) last_read[p.slot] = static_cast<std::int64_t>(s);
        for (const auto& p : steps_[s].nested) for (auto sl : p.slots) last_read[sl] = static_cast<std::int64_t>(s);
    }
    std::vector<bool> read_by_output(slots, false);
    mark_output_slots(output_, read_by_output);
    // An input the graph's in-place ops change gets the grad_fn the eager ops
    // would give it (a plain tensor given a value that requires grad): its
    // own in-place op's, or CopySlices through a view of it.
    std::unordered_map<const Node*, std::pair<const Node*, bool>> input_of;  // node -> (input, through a view)
    std::unordered_map<const Node*, std::uint32_t> position;
    for (const Node* n : graph.nodes())
        if (n->op() == NodeOpcode::placeholder) position.emplace(n, static_cast<std::uint32_t>(position.size()));
    // A view: its traced value shares its argument's (fake) storage, so
    // t[[0]] (a copy) is none and reshape is one only when it views.
    auto is_view = [](const Node* n, const Node* arg) {
        auto* out = n->val().dyn<Tensor>();
        auto* in = arg->val().dyn<Tensor>();
        return out && in && out->storage() == in->storage();
    };
    for (const Node* n : graph.nodes()) {
        if (n->op() == NodeOpcode::placeholder) {
            input_of[n] = {n, false};
            if (auto* t = n->val().dyn<Tensor>(); t && t->grad_fn() && t->grad_fn() != n->example_grad_fn())
                input_stamps_.emplace_back(position.at(n), t->grad_fn());
            continue;
        }
        if ((n->op() != NodeOpcode::call_function && n->op() != NodeOpcode::call_method) || !n->op_def() ||
            n->args().empty() || !n->args()[0].node())
            continue;
        auto from = input_of.find(n->args()[0].node());
        if (from == input_of.end()) continue;
        const OpDef& op = *n->op_def();
        // x.detach() and x.data share x's storage with no autograd link: an
        // in-place op on them leaves x's history alone.
        if (op.name == "detach") continue;
        if (!op.mutates_self && op.name != "setitem" && is_view(n, n->args()[0].node())) {
            input_of[n] = {from->second.first, true};
        } else if (op.mutates_self || op.name == "setitem") {
            input_of[n] = from->second;
            auto* t = n->val().dyn<Tensor>();
            const Node* input = from->second.first;
            if (t && t->grad_fn() && input->tensor_meta() && !input->example_grad_fn())
                input_stamps_.emplace_back(position.at(input), from->second.second ? grad_fn_name("torch::autograd::CopySlices")
                                                                                   : t->grad_fn());
        }
    }
    for (const Node* n : graph.nodes()) {
        if (n->op() == NodeOpcode::placeholder || n->op() == NodeOpcode::output) continue;
        auto it = slot_of.find(n);
        if (it == slot_of.end() || !read_by_output[it->second]) continue;
        if (auto* t = n->val().dyn<Tensor>(); t && t->grad_fn()) grad_stamps_.emplace_back(it->second, t->grad_fn());
    }
    for (std::uint32_t sl = 0; sl < slots; ++sl) {
        if (read_by_output[sl] || last_read[sl] < 0) continue;
        steps_[static_cast<std::size_t>(last_read[sl])].release.push_back(sl);
    }
    // Which slots may live in a reused buffer: see the header comment.
    reusable_.assign(slots, false);
    std::vector<bool> consumers_ok(slots, true);
    for (const Step& st : steps_) {
        const bool makes_new = st.kind == Step::Kind::fused ||
                               (st.kind == Step::Kind::op && creates_fresh_tensor(*st.op));
        for (const auto& p : st.patches)
            if (!makes_new) consumers_ok[p.slot] = false;
        for (const auto& p : st.nested)
            for (auto sl : p.slots) consumers_ok[sl] = false;
    }
    for (const Step& st : steps_) {
        const bool writes_buffer = st.kind == Step::Kind::fused ||
                                   (st.kind == Step::Kind::op && is_out_of_place_pointwise(*st.op));
        reusable_[st.out] = writes_buffer && consumers_ok[st.out] && !read_by_output[st.out];
    }
}

STANDIN_DECL Value GraphInterpreter::run(std::span<const Value> inputs) {
    Value result;
    execute(inputs, [&] { result = build(output_); });
    return result;
}

STANDIN_DECL void GraphInterpreter::run_flat(std::span<const Value> inputs, std::span<Value> outputs) {
    if (outputs.size() != output_count())
        raise(exc::ValueError, "run_flat: the graph has " + std::to_string(output_count()) + " outputs, not " +
                                   std::to_string(outputs.size()));
    execute(inputs, [&] {
        if (output_.kind != Recipe::Kind::tuple && output_.kind != Recipe::Kind::list) {
            outputs[0] = build(output_);
            return;
        }
        for (std::size_t k = 0; k < outputs.size(); ++k) outputs[k] = build(output_.items[k]);
    });
}

STANDIN_DECL ref<Tensor> GraphInterpreter::fresh(const StepPlan& sp) {
    const Tensor& m = *sp.meta.as<Tensor>();
    return make_strided_tensor(m.dtype(), m.sizes(), m.strides());
}

STANDIN_DECL std::unique_ptr<GraphInterpreter::Plan> GraphInterpreter::make_plan(std::span<const Value> inputs) {
    auto plan = std::make_unique<Plan>();
    std::vector<Value> meta(slot_count_);
    // Values without metadata (what item() returns) are known only when run.
    std::vector<bool> known(slot_count_, true);
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        InputKey k;
        if (auto* t = inputs[i].dyn<Tensor>()) {
            if (t->is_fake())
                raise(exc::ValueError, "the graph interpreter runs on real tensors, but input " + std::to_string(i) +
                                           " ('" + placeholder_names_[i] + "') is a fake tensor");
            k.is_tensor = true;
            k.dt = t->dtype();
            k.sizes = DimVector(t->sizes());
            k.strides = DimVector(t->strides());
            meta[placeholder_slots_[i]] = Value(fake_like(*t));
        } else {
            k.value = inputs[i];
            meta[placeholder_slots_[i]] = inputs[i];
        }
        plan->key.push_back(std::move(k));
    }
    struct Pooled {
        std::size_t buffer;
        dtype dt;
        DimVector sizes, strides;
    };
    std::vector<Pooled> pool;  // buffers free for reuse at this point of the plan
    std::vector<std::int64_t> buffer_of(slot_count_, -1);
    for (std::size_t s = 0; s < steps_.size(); ++s) {
        const Step& st = steps_[s];
        StepPlan sp;
        std::vector<Value> args = st.args;
        bool inputs_known = true;
        for (const auto& p : st.patches) {
            args[p.position] = meta[p.slot];
            inputs_known = inputs_known && known[p.slot];
        }
        for (const auto& p : st.nested) {
            args[p.position] = build_from(p.recipe, meta);
            for (auto sl : p.slots) inputs_known = inputs_known && known[sl];
        }
        if (!inputs_known && st.kind != Step::Kind::constant && st.kind != Step::Kind::guest) {
            if (st.kind == Step::Kind::fused)
                raise(exc::RuntimeError, "cannot plan the fused node '" + st.name +
                                             "': an input's metadata is only known at run time");
            sp.mode = StepPlan::Mode::kernel;
            known[st.out] = false;
            plan->steps.push_back(std::move(sp));
            continue;
        }
        switch (st.kind) {
        case Step::Kind::constant:
            sp.mode = StepPlan::Mode::constant;
            meta[st.out] = st.constant.dyn<Tensor>() ? Value(fake_like(*st.constant.as<Tensor>())) : st.constant;
            break;
        case Step::Kind::op:
            if (is_out_of_place_pointwise(*st.op)) {
                PointwiseMeta m = pointwise_rule(st.op->name, *st.op->pointwise, args);
                sp.mode = StepPlan::Mode::pointwise;
                sp.compute = m.value;
                sp.meta = Value(make_pointwise_output(m, true));
                meta[st.out] = sp.meta;
            } else {
                sp.mode = StepPlan::Mode::kernel;
                // Without a meta rule (item, tolist) the value is unknown until run.
                if (st.op->meta) meta[st.out] = st.op->meta(args);
                else known[st.out] = false;
            }
            break;
        case Step::Kind::guest:
            // The trace's value: the guards keep the inputs' metadata the same.
            sp.mode = StepPlan::Mode::guest;
            meta[st.out] = st.traced;
            known[st.out] = inputs_known && !st.traced.is_none();
            break;
        case Step::Kind::fused:
            sp.mode = StepPlan::Mode::fused;
            sp.fused_plan = st.fused->plan(args);
            sp.meta = sp.fused_plan->out_meta();
            meta[st.out] = sp.meta;
            break;
        }
        if (reusable_[st.out] && sp.meta.is<Tensor>()) {
            const Tensor& m = *sp.meta.as<Tensor>();
            auto it = std::find_if(pool.begin(), pool.end(), [&](const Pooled& p) {
                return p.dt == m.dtype() && std::ranges::equal(p.sizes, m.sizes()) &&
                       std::ranges::equal(p.strides, m.strides());
            });
            if (it != pool.end()) {
                sp.buffer = static_cast<std::int64_t>(it->buffer);
                pool.erase(it);
            } else {
                sp.buffer = static_cast<std::int64_t>(plan->buffers.size());
                plan->buffers.push_back(make_strided_tensor(m.dtype(), m.sizes(), m.strides()));
            }
            buffer_of[st.out] = sp.buffer;
        }
        // Buffers of values read for the last time here become free for
        // later steps (never for this one: a step does not write its inputs).
        for (std::uint32_t sl : st.release) {
            if (buffer_of[sl] < 0) continue;
            const Tensor& m = *plan->buffers[static_cast<std::size_t>(buffer_of[sl])];
            pool.push_back({static_cast<std::size_t>(buffer_of[sl]), m.dtype(), DimVector(m.sizes()),
                            DimVector(m.strides())});
        }
        plan->steps.push_back(std::move(sp));
    }
    return plan;
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
