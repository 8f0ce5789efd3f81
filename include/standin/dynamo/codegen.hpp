// The rewritten code object of a compiled frame: it stages the graph's
// inputs (each input Source's reconstruct()), calls the compiled graph,
// replays the side effects recorded during the trace (stores to globals,
// attribute stores on existing objects, the new contents of mutated lists
// and dicts), rebuilds the return value (tensors from the graph's outputs,
// constants, containers, objects reloaded by their sources) and returns it.
// The eval-frame hook runs it in place of the frame's own code.
// Counterpart: torch/_dynamo/codegen.py (PyCodegen) and
// OutputGraph.compile_subgraph / codegen_suffix in output_graph.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/codegen.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/dynamo/translator_calls.hpp>
#include <standin/source/codegen.hpp>

#include <algorithm>
#include <unordered_map>

STANDIN_NAMESPACE_BEGIN

class FrameCodegen {
public:
    // Starts the rewritten code of `original`: the graph call comes first,
    // calling consts[0] (filled by set_graph_callable once the backend has
    // compiled the graph) on the inputs' reconstructions.
    FrameCodegen(TraceState& st, const Code& original, bool call_graph)
        : st_(st), code_(make_ref<Code>()), gen_(*code_, &st.vm.builtins()), call_graph_(call_graph) {
        Code& c = *code_;
        c.varnames = original.varnames;
        c.cellvars = original.cellvars;
        c.freevars = original.freevars;
        c.cell_params = original.cell_params;
        c.argcount = original.argcount;
        c.posonlyargcount = original.posonlyargcount;
        c.kwonlyargcount = original.kwonlyargcount;
        c.flags = original.flags;
        c.name = original.name;
        c.qualname = original.qualname;
        c.filename = original.filename;
        c.firstlineno = original.firstlineno;
        c.source = original.source;
        line_ = original.firstlineno;
        std::string tmp = "___graph_out";
        auto taken = [&](const std::string& n) {
            for (std::size_t i = 0; i < c.nlocalsplus(); ++i)
                if (c.localsplus_name(i)->view() == n) return true;
            return false;
        };
        while (taken(tmp)) tmp += "_";
        c.varnames.push_back(intern(tmp));
        out_slot_ = static_cast<std::uint32_t>(c.varnames.size() - 1);
        first_temp_ = static_cast<std::uint32_t>(c.varnames.size());
        const std::size_t ntemps = 1 + st.global_stores.size() + 2 * st.attr_stores.size() +
                                   2 * st.mutated_containers.size() + st.cell_stores.size();
        for (std::size_t i = 0; i < ntemps; ++i) c.varnames.push_back(intern(tmp + "_" + std::to_string(i)));
        c.consts.push_back(Value());  // consts[0]: the compiled graph, set later
        if (call_graph_) {
            emit(Opcode::PUSH_NULL, 0);
            emit(Opcode::LOAD_CONST, 0);
            for (const auto& in : st_.inputs) gen_.emit_all(reconstruct(in.source), line_);
            emit(Opcode::CALL, static_cast<std::uint32_t>(st_.inputs.size()));
            emit(Opcode::STORE_FAST, out_slot_);
        }
    }

    // Replays the side effects, then returns `result`. Every value is
    // computed before the first store (a store must not change what a later
    // value is reloaded from), held in temporaries, then stored in order.
    void finish(const VariablePtr& result, InstructionTranslator& tx) {
        if (!st_.has_side_effects()) {
            value_(result, tx);
            emit(Opcode::RETURN_VALUE, 0);
            set_stacksize();
            return;
        }
        value_(result, tx);
        const std::uint32_t result_slot = temp();
        emit(Opcode::STORE_FAST, result_slot);
        std::vector<std::uint32_t> global_slots, attr_slots, container_slots;
        for (auto& [name, value] : st_.global_stores) {
            value_(value, tx);
            global_slots.push_back(temp());
            emit(Opcode::STORE_FAST, global_slots.back());
        }
        for (auto& store : st_.attr_stores) {
            value_(store.value, tx);
            attr_slots.push_back(temp());
            emit(Opcode::STORE_FAST, attr_slots.back());
            gen_.emit_all(reconstruct(store.object->source), line_);
            attr_slots.push_back(temp());
            emit(Opcode::STORE_FAST, attr_slots.back());
        }
        for (auto& container : st_.mutated_containers) {
            if (auto* l = container->as<ListVariable>()) {
                for (auto& item : l->items) value_(item, tx);
                emit(Opcode::BUILD_LIST, static_cast<std::uint32_t>(l->items.size()));
            } else if (auto* d = container->as<ConstDictVariable>()) {
                for (auto& [k, v] : d->items) {
                    emit(Opcode::LOAD_CONST, const_index(k));
                    value_(v, tx);
                }
                emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(d->items.size()));
            } else {
                tx.unsupported("a mutation of " + std::string(variable_kind_name(*container)));
            }
            container_slots.push_back(temp());
            emit(Opcode::STORE_FAST, container_slots.back());
            gen_.emit_all(reconstruct(container->source), line_);
            container_slots.push_back(temp());
            emit(Opcode::STORE_FAST, container_slots.back());
        }
        std::vector<std::uint32_t> cell_slots;
        for (auto& [name, value] : st_.cell_stores) {
            value_(value, tx);
            cell_slots.push_back(temp());
            emit(Opcode::STORE_FAST, cell_slots.back());
        }
        for (std::size_t i = 0; i < st_.cell_stores.size(); ++i) {
            emit(Opcode::LOAD_FAST, cell_slots[i]);
            emit(Opcode::STORE_DEREF, slot_of(st_.cell_stores[i].first));
        }
        for (std::size_t i = 0; i < st_.global_stores.size(); ++i) {
            emit(Opcode::LOAD_FAST, global_slots[i]);
            emit(Opcode::STORE_GLOBAL, name_index(st_.global_stores[i].first));
        }
        for (std::size_t i = 0; i < st_.attr_stores.size(); ++i) {
            emit(Opcode::LOAD_FAST, attr_slots[2 * i]);
            emit(Opcode::LOAD_FAST, attr_slots[2 * i + 1]);
            emit(Opcode::STORE_ATTR, name_index(st_.attr_stores[i].name));
        }
        for (std::size_t i = 0; i < st_.mutated_containers.size(); ++i) {
            const VariablePtr& container = st_.mutated_containers[i];
            if (container->is<ListVariable>()) {
                // xs[:] = new items
                emit(Opcode::LOAD_FAST, container_slots[2 * i]);
                emit(Opcode::LOAD_FAST, container_slots[2 * i + 1]);
                emit(Opcode::LOAD_CONST, const_index(make_value<Slice>(Value(), Value(), Value())));
                emit(Opcode::STORE_SUBSCR, 0);
            } else {
                // d.clear(); d.update(new items)
                emit(Opcode::LOAD_FAST, container_slots[2 * i + 1]);
                emit(Opcode::LOAD_METHOD, name_index(intern("clear")));
                emit(Opcode::CALL, 0);
                emit(Opcode::POP_TOP, 0);
                emit(Opcode::LOAD_FAST, container_slots[2 * i + 1]);
                emit(Opcode::LOAD_METHOD, name_index(intern("update")));
                emit(Opcode::LOAD_FAST, container_slots[2 * i]);
                emit(Opcode::CALL, 1);
                emit(Opcode::POP_TOP, 0);
            }
        }
        emit(Opcode::LOAD_FAST, result_slot);
        emit(Opcode::RETURN_VALUE, 0);
        set_stacksize();
    }

    // The deepest stack any path reaches (the code is straight-line).
    void set_stacksize() {
        int depth = 0, most = 0;
        for (const auto& ins : code_->instructions) {
            depth += stack_effect(ins.op, ins.arg, false);
            most = std::max(most, depth);
        }
        code_->stacksize = static_cast<std::uint32_t>(most + 2);
    }

    // When the code only returns the graph's one output
    // (`return graph(*inputs)[0]`), drops the indexing: the compiled graph
    // then returns that value itself (CompiledGraph::single_output).
    bool return_single_output() {
        auto& ins = code_->instructions;
        const std::size_t n = ins.size();
        if (outputs_.size() != 1 || n < 6) return false;
        const bool pattern = ins[n - 6].op == Opcode::CALL && ins[n - 5].op == Opcode::STORE_FAST &&
                             ins[n - 4].op == Opcode::LOAD_FAST && ins[n - 3].op == Opcode::LOAD_CONST &&
                             ins[n - 2].op == Opcode::BINARY_SUBSCR && ins[n - 1].op == Opcode::RETURN_VALUE &&
                             ins[n - 5].arg == out_slot_ && ins[n - 4].arg == out_slot_;
        if (!pattern) return false;
        ins.erase(ins.end() - 5, ins.end() - 1);
        code_->positions.erase(code_->positions.end() - 5, code_->positions.end() - 1);
        set_stacksize();
        return true;
    }

    // The graph's outputs, in the order the rewritten code indexes them.
    const std::vector<Node*>& outputs() const noexcept { return outputs_; }
    void set_graph_callable(Value callable) { code_->consts[0] = std::move(callable); }
    ref<Code> code() const { return code_; }

private:
    // A fresh local slot for the rewritten code's own use.
    // (Allocated up front, in the constructor: a local added after a cell
    // load was emitted would move the cell slots under it.)
    std::uint32_t temp() { return first_temp_ + static_cast<std::uint32_t>(temps_++); }
    void emit(Opcode op, std::uint32_t arg) {
        code_->instructions.push_back({op, arg});
        code_->positions.push_back({line_, 0, 0});
    }
    std::uint32_t slot_of(Str* name) const {
        for (std::size_t i = 0; i < code_->nlocalsplus(); ++i)
            if (code_->localsplus_name(i) == name) return static_cast<std::uint32_t>(i);
        raise(exc::NameError, "codegen: no slot named '" + name->text() + "'");
    }
    std::uint32_t name_index(Str* name) {
        auto& names = code_->names;
        for (std::size_t i = 0; i < names.size(); ++i)
            if (names[i] == name) return static_cast<std::uint32_t>(i);
        names.push_back(name);
        return static_cast<std::uint32_t>(names.size() - 1);
    }
    std::uint32_t const_index(const Value& v) {
        auto& consts = code_->consts;
        for (std::size_t i = 1; i < consts.size(); ++i)
            if (consts[i].kind() == v.kind() && consts[i].identical(v)) return static_cast<std::uint32_t>(i);
        consts.push_back(v);
        return static_cast<std::uint32_t>(consts.size() - 1);
    }
    std::uint32_t output_index(Node* node) {
        auto it = std::find(outputs_.begin(), outputs_.end(), node);
        if (it != outputs_.end()) return static_cast<std::uint32_t>(it - outputs_.begin());
        outputs_.push_back(node);
        return static_cast<std::uint32_t>(outputs_.size() - 1);
    }

    // Emits code that leaves `v`'s value on the stack.
    void value_(const VariablePtr& v, InstructionTranslator& tx) {
        if (v->is<LazyVariableTracker>() && !v->source) realize(st_, v);
        VariableTracker& t = *v;
        if (t.is<TupleVariable>() || t.is<ListVariable>()) fill_items(st_, t);
        if (t.is<LazyVariableTracker>() && t.source) {
            gen_.emit_all(reconstruct(t.source), line_);
            return;
        }
        if (auto* x = t.as<TensorVariable>()) {
            if (x->node->op() == NodeOpcode::placeholder) {
                for (const auto& in : st_.inputs)
                    if (in.node == x->node) {
                        gen_.emit_all(reconstruct(in.source), line_);
                        return;
                    }
            }
            if (!call_graph_) tx.unsupported("a tensor result without a graph");
            emit(Opcode::LOAD_FAST, out_slot_);
            emit(Opcode::LOAD_CONST, const_index(Value(static_cast<std::int64_t>(output_index(x->node)))));
            emit(Opcode::BINARY_SUBSCR, 0);
            return;
        }
        if (auto* x = t.as<ConstantVariable>()) {
            emit(Opcode::LOAD_CONST, const_index(x->value));
            return;
        }
        if (auto* x = t.as<SizeVariable>()) {
            const Value* cls = detail::dynamo::size_class(st_.vm);
            std::vector<Value> dims;
            for (auto d : x->dims) dims.push_back(Value(d));
            emit(Opcode::PUSH_NULL, 0);
            emit(Opcode::LOAD_CONST, const_index(*cls));
            emit(Opcode::LOAD_CONST, const_index(tuple(std::move(dims))));
            emit(Opcode::CALL, 1);
            return;
        }
        const bool existing = t.source && t.mutation == MutationType::existing;
        if (existing && !t.is<TupleVariable>()) {
            gen_.emit_all(reconstruct(t.source), line_);
            return;
        }
        if (auto* x = t.as<TupleVariable>()) {
            for (auto& item : x->items) value_(item, tx);
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(x->items.size()));
            return;
        }
        if (auto* x = t.as<ListVariable>()) {
            for (auto& item : x->items) value_(item, tx);
            emit(Opcode::BUILD_LIST, static_cast<std::uint32_t>(x->items.size()));
            return;
        }
        if (auto* x = t.as<ConstDictVariable>()) {
            for (auto& [k, item] : x->items) {
                emit(Opcode::LOAD_CONST, const_index(k));
                value_(item, tx);
            }
            emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(x->items.size()));
            return;
        }
        if (t.is<RangeVariable>() || t.is<UserFunctionVariable>() || t.is<BuiltinVariable>() ||
            t.is<TorchInGraphFunctionVariable>() || t.is<UserDefinedClassVariable>() || t.is<PythonModuleVariable>()) {
            emit(Opcode::LOAD_CONST, const_index(tx.constant_of(v)));
            return;
        }
        if (auto* x = t.as<UserDefinedObjectVariable>()) {
            // An object the trace only read: the very object, held as a constant.
            emit(Opcode::LOAD_CONST, const_index(x->obj));
            return;
        }
        tx.unsupported("returning " + std::string(variable_kind_name(t)) + " from a compiled frame");
    }

    TraceState& st_;
    ref<Code> code_;
    Codegen gen_;
    bool call_graph_;
    std::uint32_t line_ = 0;
    std::uint32_t out_slot_ = 0;
    std::size_t temps_ = 0;
    std::uint32_t first_temp_ = 0;
    std::vector<Node*> outputs_;
};

STANDIN_NAMESPACE_END
