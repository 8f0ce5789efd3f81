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

#include <standin/dynamo/resume.hpp>
#include <standin/dynamo/translator_calls.hpp>
#include <standin/source/codegen.hpp>

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <unordered_set>

STANDIN_NAMESPACE_BEGIN

class FrameCodegen {
public:
    // Starts the rewritten code of `original`: the graph call comes first,
    // calling consts[0] (filled by set_graph_callable once the backend has
    // compiled the graph) on the inputs' reconstructions.
    // `extra_temps`: temporaries a graph break's code needs beyond the side
    // effects' (in a frame with cells they cannot be added later).
    FrameCodegen(TraceState& st, const Code& original, bool call_graph, std::size_t extra_temps = 0)
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
                                   2 * st.mutated_containers.size() + st.cell_stores.size() + original.cellvars.size() +
                                   st.outer_cell_stores.size() +
                                   st.created_objects + extra_temps;
        for (std::size_t i = 0; i < ntemps; ++i) c.varnames.push_back(intern(tmp + "_" + std::to_string(i)));
        c.consts.push_back(Value());  // consts[0]: the compiled graph, set later
        if (call_graph_) {
            emit(Opcode::PUSH_NULL, 0);
            emit(Opcode::LOAD_CONST, 0);
            for (const auto& in : st_.inputs) gen_.emit_all(reconstruct(in.source), line_);
            inputs_called_ = st_.inputs.size();
            emit(Opcode::CALL, static_cast<std::uint32_t>(st_.inputs.size()));
            emit(Opcode::STORE_FAST, out_slot_);
        }
    }

    // Replays the side effects, then returns `result`. Every value is
    // computed before the first store (a store must not change what a later
    // value is reloaded from), held in temporaries, then stored in order.
    void finish(const VariablePtr& result, InstructionTranslator& tx) {
        identity_ = true;
        value_(result, tx);
        if (!st_.has_side_effects() && !closures_made_ && !grad_after_) {
            emit(Opcode::RETURN_VALUE, 0);
            set_stacksize();
            check_inputs(tx);
            return;
        }
        const std::uint32_t result_slot = temp();
        emit(Opcode::STORE_FAST, result_slot);
        SideEffectSlots fx = stage_side_effects(tx);
        // A function made here over the frame's cells (a closure returned or
        // stored) reads them later: they get what the trace stored in them.
        const Code& original = *tx.code();
        std::vector<std::pair<std::uint32_t, std::uint32_t>> cell_slots;  // (slot here, temp)
        if (closures_made_)
            for (std::size_t i = original.nlocals(); i < original.nlocals() + original.cellvars.size(); ++i)
                if (auto* cell = tx.locals()[i] ? tx.locals()[i]->as<CellVariable>() : nullptr; cell && cell->contents) {
                    value_(cell->contents, tx);
                    cell_slots.emplace_back(cell_slot(original, i), temp());
                    emit(Opcode::STORE_FAST, cell_slots.back().second);
                }
        apply_side_effects(fx);
        for (auto [slot, tmp] : cell_slots) {
            emit(Opcode::LOAD_FAST, tmp);
            emit(Opcode::STORE_DEREF, slot);
        }
        emit(Opcode::LOAD_FAST, result_slot);
        emit(Opcode::RETURN_VALUE, 0);
        set_stacksize();
        check_inputs(tx);
    }

    // A graph break before instruction `at` of the original code (where the
    // root translator stopped): after the graph call, the code stages the
    // live stack items and locals and the side effects' values, replays the
    // side effects, restores the locals and the stack, runs the instruction
    // itself, then returns what the resume function of each way on returns,
    // called on the stack left and the live locals.
    // `resume(start, nulls, live)` gives the resume function at `start`.
    // In a frame with cells the resume function is made by MAKE_FUNCTION
    // over the same cells (`code`); otherwise `function` is loaded.
    struct Resume {
        Value function;
        ref<Code> code;
        std::vector<std::uint32_t> live;  // the live locals' slots here, in the order it takes them
    };
    using ResumeMaker = std::function<Resume(std::size_t start, const std::vector<bool>& nulls,
                                             const std::vector<bool>& ctxs, const std::vector<std::uint32_t>& live)>;
    // A with block of a grad-mode manager open at a graph break: the stack
    // slot of its __exit__, the mode inside it.
    struct Reentry {
        std::size_t slot;
        bool inside;
    };
    // Dynamo's common case of a break (compile_subgraph): when the stack and
    // the changed live locals are all distinct tensors and nothing else
    // happened, they are all the graph's outputs, inputs included, and the
    // graph is compiled even with no op in it.
    // Like Dynamo's isinstance checks there, looking realizes every lazy
    // value on the stack and in those locals.
    static bool break_outputs_are_tensors(TraceState& st, InstructionTranslator& tx, std::size_t at) {
        std::vector<VariablePtr> values(tx.stack().begin(), tx.stack().end());
        if (values.empty()) return false;
        const Code& original = *tx.code();
        std::vector<bool> done(original.nlocals(), false);
        for (std::size_t start : ways_on(original, at))
            for (std::uint32_t slot : detail::dynamo::live_locals(original, start)) {
                const VariablePtr& v = tx.locals()[slot];
                if (done[slot] || !v || holds_own_argument(original, slot, v)) continue;
                done[slot] = true;
                values.push_back(v);
            }
        for (const VariablePtr& v : values) {
            if (!v->is<LazyVariableTracker>()) continue;
            try {
                realize(st, v);
            } catch (const Unsupported&) {
                return false;  // a value the trace cannot hold (rebuilt from its source)
            }
        }
        if (st.has_side_effects()) return false;
        std::vector<const VariableTracker*> seen;
        for (const VariablePtr& v : values) {
            if (!v->is<TensorVariable>()) return false;
            for (const auto* s : seen)
                if (s == v.get()) return false;
            seen.push_back(v.get());
        }
        return true;
    }

    // `step`: `at` is a checkpoint (an empty stack, no block open) before an
    // unsupported instruction; the resume function starts at `at` itself.
    void finish_break(InstructionTranslator& tx, std::size_t at, const ResumeMaker& resume,
                      const std::vector<Reentry>& reenter = {}, bool tensors_out = false, bool step = false) {
        const Code& original = *tx.code();
        const bool cells = !original.cellvars.empty() || !original.freevars.empty();
        identity_ = true;
        tensors_out_ = tensors_out;
        const Instruction ins = original.instructions[at];
        std::vector<VariablePtr>& stack = tx.stack();
        const std::size_t depth = stack.size();
        const bool is_call = ins.op == Opcode::CALL || ins.op == Opcode::CALL_FUNCTION_EX;
        if (step && (depth != 0 || !reenter.empty())) tx.unsupported("a checkpoint with a value on the stack");
        const bool is_store = ins.op == Opcode::STORE_ATTR;
        if (!step && !is_call && !is_store && (depth == 0 || !realize(st_, stack.back()).is<TensorVariable>()))
            tx.unsupported("a branch on a value that is not a tensor");
        // Where control goes on, and the live locals of each way.
        const std::vector<std::size_t> starts = step ? std::vector<std::size_t>{at} : ways_on(original, at);
        std::vector<std::vector<std::uint32_t>> live;
        std::vector<bool> wanted(original.nlocals(), false);
        for (std::size_t start : starts) {
            std::vector<std::uint32_t> slots;
            for (std::uint32_t slot : detail::dynamo::live_locals(original, start))
                if (tx.locals()[slot]) slots.push_back(slot);
            for (std::uint32_t slot : slots) wanted[slot] = true;
            live.push_back(std::move(slots));
        }
        // Stage every value before the first store.
        std::vector<bool> nulls, ctxs(depth, false);
        std::vector<std::uint32_t> stack_slots;
        for (const Reentry& r : reenter) ctxs[r.slot] = true;
        for (std::size_t i = 0; i < depth; ++i) {
            const VariablePtr& v = stack[i];
            nulls.push_back(v->is<NullVariable>());
            if (nulls.back()) {
                stack_slots.push_back(0);
                continue;
            }
            if (ctxs[i]) {
                // A new manager of the block's mode stands in the __exit__'s slot.
                bool inside = false;
                for (const Reentry& r : reenter)
                    if (r.slot == i) inside = r.inside;
                ref<Module> torch = tx.vm().find_module("torch");
                const Value* cls = torch ? torch->dict()->find(intern(inside ? "enable_grad" : "no_grad")) : nullptr;
                if (!cls) tx.unsupported("torch.no_grad is missing");
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(*cls));
                emit(Opcode::CALL, 0);
                stack_slots.push_back(temp());
                emit(Opcode::STORE_FAST, stack_slots.back());
                continue;
            }
            value_(v, tx);
            stack_slots.push_back(temp());
            emit(Opcode::STORE_FAST, stack_slots.back());
        }
        std::vector<std::pair<std::uint32_t, std::uint32_t>> local_slots;  // (frame slot, temp)
        for (std::uint32_t slot = 0; slot < wanted.size(); ++slot) {
            // A local that still holds the frame's own argument needs no restoring.
            if (!wanted[slot] || holds_own_argument(original, slot, tx.locals()[slot])) continue;
            value_(tx.locals()[slot], tx);
            local_slots.emplace_back(slot, temp());
            emit(Opcode::STORE_FAST, local_slots.back().second);
        }
        // The frame's own cells hold what the trace stored in them.
        std::vector<std::pair<std::uint32_t, std::uint32_t>> cell_slots;  // (slot here, temp)
        for (std::size_t i = original.nlocals(); i < original.nlocals() + original.cellvars.size(); ++i) {
            auto* cell = tx.locals()[i] ? tx.locals()[i]->as<CellVariable>() : nullptr;
            if (!cell || !cell->contents) continue;
            VariablePtr contents = cell->contents;
            value_(contents, tx);
            cell_slots.emplace_back(cell_slot(original, i), temp());
            emit(Opcode::STORE_FAST, cell_slots.back().second);
        }
        SideEffectSlots fx = stage_side_effects(tx);
        apply_side_effects(fx);
        for (auto [slot, tmp] : local_slots) {
            emit(Opcode::LOAD_FAST, tmp);
            emit(Opcode::STORE_FAST, slot);
        }
        for (auto [slot, tmp] : cell_slots) {
            emit(Opcode::LOAD_FAST, tmp);
            emit(Opcode::STORE_DEREF, slot);
        }
        // The instruction runs inside the blocks (entered here, left before
        // the resume function enters them again; on an exception, left too).
        std::vector<std::uint32_t> exits;
        for (const Reentry& r : reenter) {
            emit(Opcode::LOAD_FAST, stack_slots[r.slot]);
            emit(Opcode::BEFORE_WITH, 0);
            emit(Opcode::POP_TOP, 0);
            exits.push_back(temp());
            emit(Opcode::STORE_FAST, exits.back());
        }
        auto leave_blocks = [&] {
            for (std::size_t i = exits.size(); i-- > 0;) {
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_FAST, exits[i]);
                for (int k = 0; k < 3; ++k) emit(Opcode::LOAD_CONST, const_index(Value()));
                emit(Opcode::CALL, 3);
                emit(Opcode::POP_TOP, 0);
            }
        };
        const std::size_t protected_from = code_->instructions.size();
        for (std::size_t i = 0; i < depth; ++i) {
            if (nulls[i]) emit(Opcode::PUSH_NULL, 0);
            else emit(Opcode::LOAD_FAST, stack_slots[i]);
        }
        line_ = at < original.positions.size() ? original.positions[at].line : line_;
        auto call_resume = [&](std::size_t start, std::size_t left, std::vector<bool> left_nulls,
                               const std::vector<std::uint32_t>& slots) {
            leave_blocks();
            // The stack left: into temporaries (NULLs dropped), then
            // resume(stack items..., live locals...).
            std::vector<std::uint32_t> held(left, 0);
            for (std::size_t i = left; i-- > 0;) {
                if (left_nulls[i]) {
                    emit(Opcode::POP_TOP, 0);
                    continue;
                }
                held[i] = temp();
                emit(Opcode::STORE_FAST, held[i]);
            }
            std::vector<bool> left_ctxs(ctxs.begin(), ctxs.begin() + static_cast<std::ptrdiff_t>(std::min(left, depth)));
            left_ctxs.resize(left, false);
            Resume fn = resume(start, left_nulls, left_ctxs, slots);
            emit(Opcode::PUSH_NULL, 0);
            if (cells) {
                const std::size_t n = original.cellvars.size() + original.freevars.size();
                for (std::size_t i = 0; i < n; ++i)
                    emit(Opcode::LOAD_CLOSURE, cell_slot(original, original.nlocals() + i));
                emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(n));
                emit(Opcode::LOAD_CONST, const_index(Value(fn.code)));
                emit(Opcode::MAKE_FUNCTION, MF_CLOSURE);
            } else {
                emit(Opcode::LOAD_CONST, const_index(fn.function));
            }
            std::uint32_t argc = 0;
            for (std::size_t i = 0; i < left; ++i)
                if (!left_nulls[i]) {
                    emit(Opcode::LOAD_FAST, held[i]);
                    ++argc;
                }
            for (std::uint32_t slot : fn.live) {
                emit(Opcode::LOAD_FAST, slot);
                ++argc;
            }
            emit(Opcode::CALL, argc);
            emit(Opcode::RETURN_VALUE, 0);
        };
        // The instruction itself, run by the interpreter (at a checkpoint,
        // none: the frame's own code from there on is the resume function).
        if (!step && ins.op == Opcode::CALL && tx.kwnames()) emit(Opcode::KW_NAMES, const_index(Value::borrow(tx.kwnames())));
        const std::size_t jump_index = code_->instructions.size();
        if (!step) emit(ins.op, is_store ? name_index(original.names[ins.arg]) : ins.arg);
        if (step) {
            call_resume(at, 0, {}, live[0]);
        } else if (is_store) {
            // obj.name = value ran (Dynamo's store_attr_graph_break).
            call_resume(at + 1, depth - 2, std::vector<bool>(nulls.begin(), nulls.end() - 2), live[0]);
        } else if (is_call) {
            const std::size_t left = static_cast<std::size_t>(static_cast<int>(depth) + stack_effect(ins.op, ins.arg, false));
            std::vector<bool> left_nulls(nulls.begin(), nulls.begin() + static_cast<std::ptrdiff_t>(left - 1));
            left_nulls.push_back(false);  // the call's result
            call_resume(at + 1, left, std::move(left_nulls), live[0]);
        } else {
            // Falling through: the condition is gone. Jumping: gone too, or
            // kept by JUMP_IF_*_OR_POP.
            std::vector<bool> below(nulls.begin(), nulls.end() - 1);
            call_resume(at + 1, depth - 1, below, live[0]);
            code_->instructions[jump_index].arg = static_cast<std::uint32_t>(code_->instructions.size());
            const std::size_t kept = static_cast<std::size_t>(static_cast<int>(depth) + stack_effect(ins.op, ins.arg, true));
            call_resume(ins.arg, kept, std::vector<bool>(nulls.begin(), nulls.begin() + static_cast<std::ptrdiff_t>(kept)),
                        live[1]);
        }
        if (!exits.empty()) {
            // The handler: leave the blocks, raise again.
            code_->exception_table.push_back({static_cast<std::uint32_t>(protected_from),
                                              static_cast<std::uint32_t>(jump_index + 1),
                                              static_cast<std::uint32_t>(code_->instructions.size()), 0});
            leave_blocks();
            emit(Opcode::RERAISE, 0);
        }
        code_->stacksize = 0;
        set_stacksize();
        code_->stacksize += static_cast<std::uint32_t>(depth) + 4;
        check_inputs(tx);
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

    // The rewritten code sets the grad mode to `mode` with the side effects.
    void set_grad_mode_after(bool mode) { grad_after_ = mode; }

    // The graph's outputs, in the order the rewritten code indexes them.
    const std::vector<Node*>& outputs() const noexcept { return outputs_; }
    void set_graph_callable(Value callable) { code_->consts[0] = std::move(callable); }
    ref<Code> code() const { return code_; }

private:
    // Where control goes on after the instruction at `at`: the next one, and
    // a branch's target.
    static std::vector<std::size_t> ways_on(const Code& code, std::size_t at) {
        const Instruction& ins = code.instructions[at];
        std::vector<std::size_t> starts{at + 1};
        if (is_jump(ins.op)) starts.push_back(ins.arg);
        return starts;
    }
    // Local `slot` still holds the frame's own argument of that name.
    static bool holds_own_argument(const Code& code, std::uint32_t slot, const VariablePtr& v) {
        return v->source == Source::local(code.varnames[slot]->view());
    }
    // Rebuilding a value must not have realized a new graph input after the
    // graph call was written.
    void check_inputs(InstructionTranslator& tx) const {
        if (call_graph_ && st_.inputs.size() != inputs_called_)
            tx.unsupported("a value rebuilt after the graph became a new graph input");
    }
    struct SideEffectSlots {
        std::vector<std::uint32_t> globals, attrs, containers, cells, outer_cells;
    };
    // Computes every side effect's value into temporaries.
    SideEffectSlots stage_side_effects(InstructionTranslator& tx) {
        SideEffectSlots fx;
        for (auto& store : st_.global_stores) {
            if (store.value) value_(store.value, tx);
            else emit(Opcode::LOAD_CONST, const_index(Value()));  // a del: no value
            fx.globals.push_back(temp());
            emit(Opcode::STORE_FAST, fx.globals.back());
        }
        for (auto& store : st_.attr_stores) {
            if (store.value) value_(store.value, tx);
            else emit(Opcode::LOAD_CONST, const_index(Value()));  // a del: no value
            fx.attrs.push_back(temp());
            emit(Opcode::STORE_FAST, fx.attrs.back());
            if (store.object->source) gen_.emit_all(reconstruct(store.object->source), line_);
            else value_(store.object, tx);  // a tensor the graph made (y.flag = v): the graph's output
            fx.attrs.push_back(temp());
            emit(Opcode::STORE_FAST, fx.attrs.back());
        }
        for (auto& container : st_.mutated_containers) {
            if (auto* l = container->as<ListVariable>()) {
                // A set from outside given an object the trace made: its
                // stand-in hash would be stored into the real table.
                if (!st_.fake_hashes.empty())
                    for (auto& item : l->items)
                        if (tx.is_constant(item) && TraceState::is_fake_hash(tx.constant_of(item)))
                            tx.unsupported("an object made in the frame added to a set from outside");
                for (auto& item : l->items) value_(item, tx);
                emit(Opcode::BUILD_LIST, static_cast<std::uint32_t>(l->items.size()));
            } else if (auto* d = container->as<ConstDictVariable>()) {
                for (auto& [k, v] : d->items) {
                    value_(tx.key_variable(k), tx);
                    value_(v, tx);
                }
                emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(d->items.size()));
            } else {
                tx.unsupported("a mutation of " + std::string(variable_kind_name(*container)));
            }
            fx.containers.push_back(temp());
            emit(Opcode::STORE_FAST, fx.containers.back());
            gen_.emit_all(reconstruct(container->source), line_);
            fx.containers.push_back(temp());
            emit(Opcode::STORE_FAST, fx.containers.back());
        }
        for (auto& [name, value] : st_.cell_stores) {
            value_(value, tx);
            fx.cells.push_back(temp());
            emit(Opcode::STORE_FAST, fx.cells.back());
        }
        for (auto& [source, value] : st_.outer_cell_stores) {
            value_(value, tx);
            fx.outer_cells.push_back(temp());
            emit(Opcode::STORE_FAST, fx.outer_cells.back());
        }
        return fx;
    }
    // Stores the staged values, in order.
    void apply_side_effects(const SideEffectSlots& fx) {
        // torch.set_grad_enabled(False) left on where the frame returns or
        // breaks: the mode is set as the frame left it (the graph's own
        // switches change nothing at run time).
        if (grad_after_) {
            ref<Module> torch = st_.vm.find_module("torch");
            const Value* set = torch ? torch->dict()->find(intern("_set_grad_enabled")) : nullptr;
            if (!set) throw Unsupported("torch._set_grad_enabled is missing");
            emit(Opcode::PUSH_NULL, 0);
            emit(Opcode::LOAD_CONST, const_index(*set));
            emit(Opcode::LOAD_CONST, const_index(Value(*grad_after_)));
            emit(Opcode::CALL, 1);
            emit(Opcode::POP_TOP, 0);
        }
        for (std::size_t i = 0; i < st_.cell_stores.size(); ++i) {
            emit(Opcode::LOAD_FAST, fx.cells[i]);
            emit(Opcode::STORE_DEREF, slot_of(st_.cell_stores[i].first));
        }
        // fn.__closure__[i].cell_contents = v (the source names the contents;
        // the cell is the same path without its last step).
        for (std::size_t i = 0; i < st_.outer_cell_stores.size(); ++i) {
            emit(Opcode::LOAD_FAST, fx.outer_cells[i]);
            emit_cell(st_.outer_cell_stores[i].first);
            emit(Opcode::STORE_ATTR, name_index(intern("cell_contents")));
        }
        for (std::size_t i = 0; i < st_.global_stores.size(); ++i) {
            const auto& store = st_.global_stores[i];
            if (store.scope) {  // another module's global: its dict[name] = value (del dict[name])
                if (store.value) emit(Opcode::LOAD_FAST, fx.globals[i]);
                emit(Opcode::LOAD_CONST, const_index(Value::borrow(store.scope)));
                emit(Opcode::LOAD_CONST, const_index(Value::borrow(store.name)));
                emit(store.value ? Opcode::STORE_SUBSCR : Opcode::DELETE_SUBSCR, 0);
                continue;
            }
            if (!store.value) {  // del g
                emit(Opcode::DELETE_GLOBAL, name_index(store.name));
                continue;
            }
            emit(Opcode::LOAD_FAST, fx.globals[i]);
            emit(Opcode::STORE_GLOBAL, name_index(store.name));
        }
        for (std::size_t i = 0; i < st_.attr_stores.size(); ++i) {
            const VariablePtr& object = st_.attr_stores[i].object;
            if (!st_.attr_stores[i].value) {  // del obj.name
                // (a class with a Python __delattr__: the trace ran the hook
                // already, the del is object.__delattr__(obj, name))
                auto* o = object->as<UserDefinedObjectVariable>();
                static Str* const delattr_name = intern("__delattr__");
                if (o && Interpreter::attr_hook(o->klass(), delattr_name)) {
                    emit(Opcode::PUSH_NULL, 0);
                    emit(Opcode::LOAD_CONST, const_index(*st_.vm.types().object->lookup(delattr_name)));
                    emit(Opcode::LOAD_FAST, fx.attrs[2 * i + 1]);
                    emit(Opcode::LOAD_CONST, const_index(Value::borrow(st_.attr_stores[i].name)));
                    emit(Opcode::CALL, 2);
                    emit(Opcode::POP_TOP, 0);
                    continue;
                }
                emit(Opcode::LOAD_FAST, fx.attrs[2 * i + 1]);
                emit(Opcode::DELETE_ATTR, name_index(st_.attr_stores[i].name));
                continue;
            }
            // On an object whose class has a Python __setattr__, the trace ran
            // the hook already: the store is object.__setattr__(obj, name, v).
            auto* o = object->as<UserDefinedObjectVariable>();
            auto* sub = object->as<ConstDictVariable>();
            const Class* hooked = o                                 ? o->klass()
                                  : sub && !sub->subclass.is_null() ? subclass_instance(sub->subclass)->cls()
                                                                    : nullptr;
            if (hooked && Interpreter::attr_hook(hooked, st_.vm.names().setattr_)) {
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(*st_.vm.types().object->lookup(st_.vm.names().setattr_)));
                emit(Opcode::LOAD_FAST, fx.attrs[2 * i + 1]);
                emit(Opcode::LOAD_CONST, const_index(Value::borrow(st_.attr_stores[i].name)));
                emit(Opcode::LOAD_FAST, fx.attrs[2 * i]);
                emit(Opcode::CALL, 3);
                emit(Opcode::POP_TOP, 0);
                continue;
            }
            emit(Opcode::LOAD_FAST, fx.attrs[2 * i]);
            emit(Opcode::LOAD_FAST, fx.attrs[2 * i + 1]);
            emit(Opcode::STORE_ATTR, name_index(st_.attr_stores[i].name));
        }
        for (std::size_t i = 0; i < st_.mutated_containers.size(); ++i) {
            const VariablePtr& container = st_.mutated_containers[i];
            if (container->is<ListVariable>()) {
                // xs[:] = new items
                emit(Opcode::LOAD_FAST, fx.containers[2 * i]);
                emit(Opcode::LOAD_FAST, fx.containers[2 * i + 1]);
                emit(Opcode::LOAD_CONST, const_index(make_value<Slice>(Value(), Value(), Value())));
                emit(Opcode::STORE_SUBSCR, 0);
            } else {
                // dict.clear(d); dict.update(d, new items): dict's own methods,
                // which a subclass's overrides (a ModelOutput's update raises) do not reach.
                const Class& dict_cls = *st_.vm.types().dict;
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(*dict_cls.lookup(intern("clear"))));
                emit(Opcode::LOAD_FAST, fx.containers[2 * i + 1]);
                emit(Opcode::CALL, 1);
                emit(Opcode::POP_TOP, 0);
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(*dict_cls.lookup(intern("update"))));
                emit(Opcode::LOAD_FAST, fx.containers[2 * i + 1]);
                emit(Opcode::LOAD_FAST, fx.containers[2 * i]);
                emit(Opcode::CALL, 2);
                emit(Opcode::POP_TOP, 0);
            }
        }
    }

    // A fresh local slot for the rewritten code's own use.
    // (Allocated up front, in the constructor: a local added after a cell
    // load was emitted would move the cell slots under it.)
    // Past those, a new one is appended (only in frames without cells).
    std::uint32_t temp() {
        const std::uint32_t slot = first_temp_ + static_cast<std::uint32_t>(temps_++);
        if (slot >= code_->varnames.size()) {
            if (!code_->cellvars.empty() || !code_->freevars.empty())
                raise(exc::RuntimeError, "codegen: out of temporaries in a frame with cells");
            code_->varnames.push_back(intern(code_->varnames[out_slot_]->text() + "_" + std::to_string(slot - first_temp_)));
        }
        return slot;
    }
    // The value just built (on top of the stack) kept in a temporary, so
    // where `t` shows up again the same object is loaded.
    void keep_built(const VariableTracker* t) {
        const std::uint32_t slot = temp();
        emit(Opcode::COPY, 1);
        emit(Opcode::STORE_FAST, slot);
        built_.emplace(t, slot);
    }
    // The cell fn.__closure__[i] whose contents `contents` names (the same
    // path without its final LOAD_ATTR cell_contents).
    void emit_cell(const Source* contents) {
        std::vector<SymbolicInstruction> cell = reconstruct(contents);
        cell.pop_back();
        gen_.emit_all(cell, line_);
    }
    void emit(Opcode op, std::uint32_t arg) {
        code_->instructions.push_back({op, arg});
        code_->positions.push_back({line_, 0, 0});
    }
    std::uint32_t slot_of(Str* name) const {
        for (std::size_t i = 0; i < code_->nlocalsplus(); ++i)
            if (code_->localsplus_name(i) == name) return static_cast<std::uint32_t>(i);
        raise(exc::NameError, "codegen: no slot named '" + name->text() + "'");
    }
    // The slot here of the original's cell or free slot `i` (by position:
    // a parameter kept in a cell has the same name as its plain slot).
    std::uint32_t cell_slot(const Code& original, std::size_t i) const {
        return static_cast<std::uint32_t>(code_->nlocals() + (i - original.nlocals()));
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

    // A builtin (list, index) -> a list iterator at that index: what a
    // list iterator live across a graph break is rebuilt as.
    static Value list_iterator_at() {
        static const Builtin::Fn fn = [](Interpreter&, const Value&, std::span<const Value> args,
                                         std::span<const KwArg>) -> Value {
            auto it = make_ref<ListIterator>(ref<List>(args[0].as<List>()));
            it->index = static_cast<std::size_t>(args[1].as_int());
            return Value(std::move(it));
        };
        return make_value<Builtin>(intern("list_iterator_at"), fn);
    }
    // (list, position) -> reversed(list) about to read that position.
    static Value reversed_iterator_at() {
        static const Builtin::Fn fn = [](Interpreter&, const Value&, std::span<const Value> args,
                                         std::span<const KwArg>) -> Value {
            auto it = make_ref<ReversedIterator>(args[0], 0);
            it->index = args[1].as_int();
            return Value(std::move(it));
        };
        return make_value<Builtin>(intern("reversed_iterator_at"), fn);
    }

    // A builtin (dict or dict view, position) -> iter() of it advanced by
    // `position` items: what an iterator over a dict live across a graph
    // break is rebuilt as (it raises if the dict then changes size).
    static Value dict_iterator_at() {
        static const Builtin::Fn fn = [](Interpreter& vm, const Value&, std::span<const Value> args,
                                         std::span<const KwArg>) -> Value {
            Value it = vm.iter(args[0]);
            Value item;
            for (std::int64_t i = 0; i < args[1].as_int() && vm.next(it, item); ++i) {}
            return it;
        };
        return make_value<Builtin>(intern("dict_iterator_at"), fn);
    }

    // maker(list, position): an iterator over the list rebuilt where the
    // trace's stood (list_iterator_at, reversed_iterator_at).
    void iterator_at(const Value& maker, VariablePtr list, std::int64_t position, InstructionTranslator& tx) {
        emit(Opcode::PUSH_NULL, 0);
        emit(Opcode::LOAD_CONST, const_index(maker));
        value_(list, tx);
        emit(Opcode::LOAD_CONST, const_index(Value(position)));
        emit(Opcode::CALL, 2);
    }

    // Emits code that leaves `v`'s value on the stack.
    void value_(const VariablePtr& v, InstructionTranslator& tx) {
        // A list made in the frame that contains itself has no expression
        // that builds it: the frame runs eagerly.
        if (std::find(emitting_.begin(), emitting_.end(), v.get()) != emitting_.end())
            tx.unsupported("a list or tuple made in the frame that contains itself");
        emitting_.push_back(v.get());
        struct Done {
            std::vector<const VariableTracker*>& stack;
            ~Done() { stack.pop_back(); }
        } done{emitting_};
        if (v->is<LazyVariableTracker>() && !v->source) realize(st_, v);
        VariableTracker& t = *v;
        if (t.is<TupleVariable>() || t.is<ListVariable>()) fill_items(st_, t);
        if (t.is<LazyVariableTracker>() && t.source) {
            gen_.emit_all(reconstruct(t.source), line_);
            return;
        }
        if (auto* x = t.as<TensorVariable>()) {
            if (x->node->op() == NodeOpcode::placeholder && !tensors_out_) {
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
            if (!x->return_type.is_null()) {  // torch.return_types.<name>(values, indices)
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(x->return_type));
                emit(Opcode::LOAD_CONST, const_index(x->return_name));
                for (auto& item : x->items) value_(item, tx);
                emit(Opcode::CALL, 3);
                return;
            }
            for (auto& item : x->items) value_(item, tx);
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(x->items.size()));
            return;
        }
        // A container made during the trace is built once: where it shows up
        // again (on the stack and in a local, in another container) the same
        // object is loaded, so a mutation through one alias is seen by all.
        const bool shared = identity_ && (t.is<ListVariable>() || t.is<ConstDictVariable>());
        if (shared) {
            auto it = built_.find(&t);
            if (it != built_.end()) {
                emit(Opcode::LOAD_FAST, it->second);
                return;
            }
        }
        auto remember = [&] {
            if (shared) keep_built(&t);
        };
        if (auto* x = t.as<ListVariable>()) {
            for (auto& item : x->items) value_(item, tx);
            emit(Opcode::BUILD_LIST, static_cast<std::uint32_t>(x->items.size()));
            remember();
            return;
        }
        if (auto* x = t.as<ConstDictVariable>(); x && !x->subclass.is_null()) {
            // A dict subclass's object the frame made: _new_dict_object(cls,
            // names, *attribute values, {items}).
            const std::vector<std::pair<Str*, VariablePtr>> attrs = x->attrs;
            const std::vector<std::pair<Value, VariablePtr>> items = x->items;
            std::vector<Value> names;
            for (auto& [name, _] : attrs) names.push_back(Value::borrow(name));
            emit(Opcode::PUSH_NULL, 0);
            emit(Opcode::LOAD_CONST, const_index(make_value<Builtin>(intern("_new_dict_object"), &new_dict_object)));
            emit(Opcode::LOAD_CONST, const_index(Value::borrow(subclass_instance(x->subclass)->cls())));
            emit(Opcode::LOAD_CONST, const_index(tuple(std::move(names))));
            for (auto& [_, value] : attrs) value_(value, tx);
            for (auto& [k, item] : items) {
                value_(tx.key_variable(k), tx);
                value_(item, tx);
            }
            emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(items.size()));
            emit(Opcode::CALL, static_cast<std::uint32_t>(3 + attrs.size()));
            remember();
            return;
        }
        if (auto* x = t.as<ConstDictVariable>()) {
            const bool ordered = x->ordered;
            if (ordered) {  // OrderedDict({...})
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(Value(st_.vm.types().ordered_dict)));
            }
            for (auto& [k, item] : x->items) {
                value_(tx.key_variable(k), tx);
                value_(item, tx);
            }
            emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(x->items.size()));
            if (ordered) emit(Opcode::CALL, 1);
            remember();
            return;
        }
        if (auto* x = t.as<ListIteratorVariable>()) {
            using Lazy = ListIteratorVariable::Lazy;
            if (x->lazy == Lazy::generator) tx.unsupported("a generator that outlives the trace, half run");
            // A guest iterator object: the object itself, as iter(obj) gave it.
            if (x->lazy == Lazy::user) {
                VariablePtr obj = x->inputs[0];
                value_(obj, tx);
                return;
            }
            if (x->lazy == Lazy::reversed) {
                // reversed(xs) at the same position, over the same list.
                iterator_at(reversed_iterator_at(), x->inputs[0], x->count, tx);
                return;
            }
            if (x->lazy != Lazy::none) {
                // map(fn, *inputs), filter(fn, input), zip(*inputs),
                // enumerate(input, count): still lazy in the resumed code.
                static constexpr std::string_view names[] = {"", "map", "filter", "zip", "enumerate"};
                const Value* builtin = st_.vm.builtins().find(intern(names[static_cast<int>(x->lazy)]));
                VariablePtr fn = x->fn;
                std::vector<VariablePtr> inputs = x->inputs;
                const Lazy kind = x->lazy;
                const std::int64_t count = x->count;
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(*builtin));
                std::uint32_t n = 0;
                if (kind == Lazy::map || kind == Lazy::filter) {
                    if (fn) value_(fn, tx);
                    else emit(Opcode::LOAD_CONST, const_index(Value()));
                    ++n;
                }
                for (auto& input : inputs) {
                    value_(input, tx);
                    ++n;
                }
                if (kind == Lazy::enumerate) {
                    emit(Opcode::LOAD_CONST, const_index(Value(count)));
                    ++n;
                }
                if (kind == Lazy::zip && count == 1) {  // zip(..., strict=True)
                    emit(Opcode::LOAD_CONST, const_index(Value(true)));
                    ++n;
                    emit(Opcode::KW_NAMES, const_index(tuple(std::vector<Value>{Value::borrow(intern("strict"))})));
                }
                emit(Opcode::CALL, n);
                return;
            }
            // An iterator over a list: a list iterator at the same index (it
            // sees later changes to the list, as the original would).
            if (x->live && x->live->is<ListVariable>()) {
                iterator_at(list_iterator_at(), x->live, static_cast<std::int64_t>(x->index), tx);
                return;
            }
            if (x->live && (x->live->is<ConstDictVariable>() || x->live->is<DictViewVariable>())) {
                // A fresh iterator would not know the dict changed since the
                // iteration began (its next() raises RuntimeError).
                try {
                    tx.sync_iterator(*x);
                } catch (const TracedRaise&) {
                    tx.unsupported("an iterator over a dict that changed since its iteration began");
                }
                iterator_at(dict_iterator_at(), x->live, static_cast<std::int64_t>(x->index), tx);
                return;
            }
            // iter() over what is left.
            for (std::size_t i = x->index; i < x->items.size(); ++i) value_(x->items[i], tx);
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(x->items.size() - x->index));
            emit(Opcode::GET_ITER, 0);
            return;
        }
        if (auto* x = t.as<DictViewVariable>()) {
            static constexpr std::string_view names[] = {"keys", "values", "items"};
            VariablePtr dict = x->dict;
            Str* method = intern(names[static_cast<int>(x->of)]);
            value_(dict, tx);
            emit(Opcode::LOAD_METHOD, name_index(method));
            emit(Opcode::CALL, 0);
            return;
        }
        if (auto* x = t.as<SkipFunctionVariable>()) {
            emit(Opcode::LOAD_CONST, const_index(x->fn));
            return;
        }
        if (auto* x = t.as<GetAttrVariable>()) {
            VariablePtr obj = x->obj;
            Str* name = x->name;
            value_(obj, tx);
            emit(Opcode::LOAD_ATTR, name_index(name));
            return;
        }
        if (auto* x = t.as<UserMethodVariable>()) {
            VariablePtr fn = x->fn, self = x->self;
            emit(Opcode::PUSH_NULL, 0);
            emit(Opcode::LOAD_CONST, const_index(make_value<Builtin>(intern("_bind_method"), &bind_method)));
            // The plain function (its tracker's source may name the bound method).
            if (auto* f = realize(st_, fn).as<UserFunctionVariable>()) emit(Opcode::LOAD_CONST, const_index(f->fn));
            else value_(fn, tx);
            value_(self, tx);
            emit(Opcode::CALL, 2);
            return;
        }
        if (auto* x = t.as<NestedUserFunctionVariable>()) {
            // MAKE_FUNCTION again, once: where it shows up again (a local
            // and a wrapper's __wrapped__) the same function is loaded.
            if (auto it = built_.find(&t); it != built_.end()) {
                emit(Opcode::LOAD_FAST, it->second);
                return;
            }
            // Its closure cells must be the frame's own.
            // A function made by code of another module (torch.no_grad()(fn)'s
            // wrapper) is then given that module's globals.
            std::vector<VariablePtr> defaults = x->defaults, closure = x->closure;
            const Value code = x->code;
            const Code& original = *tx.code();
            Dict* const globals = x->globals == st_.root_globals ? nullptr : x->globals;
            if (globals) {
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(make_value<Builtin>(intern("_with_globals"), &with_globals)));
            }
            for (auto& d : defaults) value_(d, tx);
            if (!defaults.empty()) emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(defaults.size()));
            // Its closure: the frame's own cells (LOAD_CLOSURE), a cell of a
            // function from outside (reached by its path), or a cell an
            // inlined function made (a new cell holding what the trace left
            // in it, one per tracker, so closures sharing it still share).
            for (const VariablePtr& c : closure) {
                std::size_t found = 0;
                for (std::size_t i = original.nlocals(); i < original.nlocalsplus() && !found; ++i)
                    if (tx.locals()[i].get() == c.get()) found = i;
                if (found) {
                    emit(Opcode::LOAD_CLOSURE, cell_slot(original, found));
                    closures_made_ = true;
                    continue;
                }
                auto* cell = c->as<CellVariable>();
                if (!cell) tx.unsupported("a function whose closure is not made of cells");
                if (cell->outer) {
                    emit_cell(cell->outer);
                    continue;
                }
                if (c->mutation == MutationType::existing) tx.unsupported("a function whose closure is another frame's cells");
                if (auto it = built_.find(c.get()); it != built_.end()) {
                    emit(Opcode::LOAD_FAST, it->second);
                    continue;
                }
                VariablePtr contents = cell->contents;
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(make_value<Builtin>(intern("_make_cell"), &make_cell)));
                if (contents) value_(contents, tx);
                emit(Opcode::CALL, contents ? 1u : 0u);
                keep_built(c.get());
            }
            if (!closure.empty()) emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(closure.size()));
            emit(Opcode::LOAD_CONST, const_index(code));
            emit(Opcode::MAKE_FUNCTION, (defaults.empty() ? 0u : static_cast<std::uint32_t>(MF_DEFAULTS)) |
                                            (closure.empty() ? 0u : static_cast<std::uint32_t>(MF_CLOSURE)));
            if (globals) {
                emit(Opcode::LOAD_CONST, const_index(Value::borrow(globals)));
                emit(Opcode::CALL, 2);
            }
            // The attributes the trace stored on it: fn.name = v for each.
            const std::vector<std::pair<Str*, VariablePtr>> attrs = x->attrs;
            keep_built(&t);
            for (auto& [name, value] : attrs) {
                emit(Opcode::COPY, 1);
                value_(value, tx);
                emit(Opcode::SWAP, 2);
                emit(Opcode::STORE_ATTR, name_index(name));
            }
            return;
        }
        if (t.is<RangeVariable>() || t.is<UserFunctionVariable>() || t.is<BuiltinVariable>() ||
            t.is<TorchInGraphFunctionVariable>() || t.is<UserDefinedClassVariable>() || t.is<PythonModuleVariable>()) {
            emit(Opcode::LOAD_CONST, const_index(tx.constant_of(v)));
            return;
        }
        if (auto* x = t.as<UserDefinedObjectVariable>(); x && x->created()) {
            // An object the trace made: built once, without its __init__,
            // from its class and the attributes the trace gave it; where it
            // shows up again, the same object is loaded.
            if (auto it = built_.find(&t); it != built_.end()) {
                emit(Opcode::LOAD_FAST, it->second);
                return;
            }
            if (!building_.insert(&t).second) tx.unsupported("an object made in the trace that holds itself");
            const Value cls = x->cls;
            if (!rebuild_set(*x, tx)) {
                const std::vector<std::pair<Str*, VariablePtr>> attrs = x->attrs;
                std::vector<Value> names;
                for (auto& [name, _] : attrs) names.push_back(Value::borrow(name));
                emit(Opcode::PUSH_NULL, 0);
                emit(Opcode::LOAD_CONST, const_index(make_value<Builtin>(intern("_new_object"), &new_object)));
                emit(Opcode::LOAD_CONST, const_index(cls));
                emit(Opcode::LOAD_CONST, const_index(tuple(std::move(names))));
                for (auto& [_, value] : attrs) value_(value, tx);
                emit(Opcode::CALL, static_cast<std::uint32_t>(2 + attrs.size()));
            }
            building_.erase(&t);
            keep_built(&t);
            return;
        }
        if (auto* x = t.as<UserDefinedObjectVariable>()) {
            // An object the trace only read: the very object, held as a constant.
            emit(Opcode::LOAD_CONST, const_index(x->obj));
            return;
        }
        tx.unsupported("returning " + std::string(variable_kind_name(t)) + " from a compiled frame");
    }

    // A set or frozenset the trace made: set(items) of its active slots, so
    // its table is hashed anew at run time (a hash the trace stood in for a
    // tensor's, TraceState::fake_hash, never leaves the frame).
    bool rebuild_set(const UserDefinedObjectVariable& x, InstructionTranslator& tx) {
        Interpreter& vm = tx.vm();
        const Value* set_cls = vm.builtins().find(intern("set"));
        const Value* frozenset_cls = vm.builtins().find(intern("frozenset"));
        if (!((set_cls && x.cls.identical(*set_cls)) || (frozenset_cls && x.cls.identical(*frozenset_cls)))) return false;
        auto attr = [&](std::string_view name) -> const ListVariable* {
            for (auto& [k, v] : x.attrs)
                if (k->view() == name) return v->as<ListVariable>();
            return nullptr;
        };
        const ListVariable* keys = attr("_keys");
        const ListVariable* state = attr("_state");
        if (!keys || !state || keys->items.size() != state->items.size() || !keys->backing.is_null() ||
            !state->backing.is_null())
            return false;
        emit(Opcode::PUSH_NULL, 0);
        emit(Opcode::LOAD_CONST, const_index(x.cls));
        std::uint32_t n = 0;
        for (std::size_t i = 0; i < keys->items.size(); ++i) {
            const VariablePtr& s = state->items[i];
            if (!tx.is_constant(s)) tx.unsupported("a set whose table is not constant");
            if (!(tx.constant_of(s).is_int() && tx.constant_of(s).as_int() == 1)) continue;
            value_(keys->items[i], tx);
            ++n;
        }
        emit(Opcode::BUILD_LIST, n);
        emit(Opcode::CALL, 1);
        return true;
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
    bool identity_ = false;     // share containers made during the trace (graph breaks)
    bool closures_made_ = false;  // a MAKE_FUNCTION over the frame's cells was emitted
    std::optional<bool> grad_after_;  // the grad mode the frame leaves switched on
    bool tensors_out_ = false;  // every tensor, inputs too, comes out of the graph
    std::size_t inputs_called_ = 0;
    std::unordered_map<const VariableTracker*, std::uint32_t> built_;
    std::unordered_set<const VariableTracker*> building_;
    std::vector<const VariableTracker*> emitting_;  // the values value_ is emitting, outermost first

    static Value bind_method(Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) {
        return make_value<BoundMethod>(args[0], args[1]);
    }
    // _new_object(cls, names, *values): an instance of cls holding those attributes.
    // _with_globals(fn, globals): fn, made by MAKE_FUNCTION in the rewritten
    // code, as a function of the module whose dict is `globals`.
    static Value with_globals(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
        const Function& made = *args[0].as<Function>();
        auto fn = make_ref<Function>(made.code(), ref<Dict>(args[1].as<Dict>()), made.name(), made.qualname());
        if (!made.defaults().is_none()) fn->set_defaults(made.defaults());
        if (!made.closure().is_none()) fn->set_closure(made.closure());
        made.dict()->for_each([&](const Value& k, const Value& v) { fn->dict()->set(k, v); });
        Value out(std::move(fn));
        vm.track(out);
        return out;
    }
    // _make_cell([contents]): a cell for a closure rebuilt by the rewritten code.
    static Value make_cell(Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) {
        return args.empty() ? make_value<Cell>() : make_value<Cell>(args[0]);
    }
    // _new_dict_object(cls, names, *values, items): an object of a dict
    // subclass (made by its dict's __new__, its __init__ not run) holding
    // those attributes and items.
    static Value new_dict_object(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
        const Class& cls = *args[0].as<Class>();
        Value obj = cls.lookup(vm.names().new_)->as<Builtin>()->fn()(vm, args[0], {}, {});
        const Tuple& names = *args[1].as<Tuple>();
        for (std::size_t i = 0; i < names.size(); ++i) subclass_instance(obj)->set_attr(names[i].as<Str>(), args[2 + i]);
        args.back().as<Dict>()->for_each([&](const Value& k, const Value& v) { obj.as<Dict>()->set(k, v); });
        return obj;
    }
    static Value new_object(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
        Value obj = make_value<Instance>(ref<Class>(args[0].as<Class>()));
        const Tuple& names = *args[1].as<Tuple>();
        for (std::size_t i = 0; i < names.size(); ++i) obj.as<Instance>()->set_attr(names[i].as<Str>(), args[2 + i]);
        vm.track(obj);
        return obj;
    }
};

STANDIN_NAMESPACE_END
