// Resume functions: after a graph break, the rest of a frame runs as a new
// function, __resume_at_<offset>_<n>, whose parameters are the live stack
// items at the resume point (the NULLs among them are pushed again, not
// passed) and the live locals. Its code is a prologue that rebuilds the stack
// from the parameters, followed by the original code from the resume point
// (jump targets and local slots renumbered). The eval-frame hook compiles it
// on its own frame like any other function: its own guards, cache entries and
// recompiles, and its own graph breaks.
// A frame whose later code jumps back before the break (a loop) is not split
// (Dynamo skips such frames); neither is a break inside a try block. A break
// inside `with` blocks of grad-mode managers is: the prologue re-enters each
// block (its stack slot holds a new manager of the same mode, Dynamo's
// ReenterWith), and the blocks' exception-table entries are kept from the
// resume point on.
// Counterpart: torch/_dynamo/resume_execution.py (ContinueExecutionCache).
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/resume.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/lang/bytecode.hpp>
#include <standin/lang/code.hpp>
#include <standin/runtime/error.hpp>
#include <standin/runtime/str.hpp>

#include <algorithm>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN
namespace detail::dynamo {

// Some jump from instruction `at` onward lands at or before `at` (Dynamo's
// has_backedge): the break sits in a loop, and the frame is not split.
inline bool has_backedge(const Code& code, std::size_t at) {
    for (std::size_t i = at; i < code.instructions.size(); ++i) {
        const Instruction& ins = code.instructions[i];
        if (is_jump(ins.op) && ins.arg <= at) return true;
    }
    return false;
}

// A `with` block's handler: PUSH_EXC_INFO, WITH_EXCEPT_START at its target.
inline bool is_with_handler(const Code& code, const ExceptionEntry& e) {
    return e.target + 1 < code.instructions.size() && code.instructions[e.target].op == Opcode::PUSH_EXC_INFO &&
           code.instructions[e.target + 1].op == Opcode::WITH_EXCEPT_START;
}

// How many `with` blocks enclose instruction `at`, or -1 when a try block (or
// a handler) does. The exception table gives each instruction its innermost
// handler only; a with block's handler is itself covered by its cleanup,
// and the cleanup by the next block out.
inline int enclosing_with_blocks(const Code& code, std::size_t at) {
    int n = 0;
    for (const ExceptionEntry* e = code.handler_for(static_cast<std::uint32_t>(at)); e;) {
        if (!is_with_handler(code, *e) || n > 64) return -1;
        ++n;
        const ExceptionEntry* cleanup = code.handler_for(e->target);
        if (!cleanup) return -1;
        e = code.handler_for(cleanup->target);
    }
    return n;
}

// The plain local slots read (or deleted) from instruction `start` on: the
// locals a resume function at `start` needs.
inline std::vector<std::uint32_t> live_locals(const Code& code, std::size_t start) {
    std::vector<bool> used(code.nlocals(), false);
    for (std::size_t i = start; i < code.instructions.size(); ++i) {
        const Instruction& ins = code.instructions[i];
        if ((ins.op == Opcode::LOAD_FAST || ins.op == Opcode::DELETE_FAST) && ins.arg < used.size()) used[ins.arg] = true;
    }
    std::vector<std::uint32_t> out;
    for (std::uint32_t i = 0; i < used.size(); ++i)
        if (used[i]) out.push_back(i);
    return out;
}

// The code of a resume function at `start`: `nulls` says, per stack item at
// the resume point (bottom first), whether it is a NULL, `ctxs` whether it is
// the __exit__ of a with block to re-enter (the parameter is then the
// manager); `live` are the original slots of the locals passed after the
// non-NULL stack items.
inline ref<Code> make_resume_code(const Code& original, std::size_t start, const std::vector<bool>& nulls,
                                  const std::vector<bool>& ctxs, const std::vector<std::uint32_t>& live,
                                  std::size_t counter) {
    auto c = make_ref<Code>();
    std::vector<std::uint32_t> slot_map(original.nlocals(), 0);
    std::vector<bool> placed(original.nlocals(), false);
    for (std::size_t i = 0; i < nulls.size(); ++i)
        if (!nulls[i]) c->varnames.push_back(intern("___stack" + std::to_string(i)));
    for (std::uint32_t s : live) {
        slot_map[s] = static_cast<std::uint32_t>(c->varnames.size());
        placed[s] = true;
        c->varnames.push_back(original.varnames[s]);
    }
    c->argcount = static_cast<std::uint32_t>(c->varnames.size());
    for (std::uint32_t s = 0; s < original.nlocals(); ++s)
        if (!placed[s]) {
            slot_map[s] = static_cast<std::uint32_t>(c->varnames.size());
            // A parameter that is also a cell is read through its cell only: its
            // plain slot stays unbound here, and under its own name it would
            // shadow the free variable that carries the value (L['x']).
            const bool cell_param =
                std::find(original.cellvars.begin(), original.cellvars.end(), original.varnames[s]) != original.cellvars.end();
            c->varnames.push_back(cell_param ? intern("." + original.varnames[s]->text()) : original.varnames[s]);
        }
    // The frame's cells and free variables become the resume function's
    // free variables (its closure holds the same cells), in the same order.
    c->freevars = original.cellvars;
    c->own_cells = static_cast<std::uint32_t>(original.cellvars.size()) + original.own_cells;
    c->freevars.insert(c->freevars.end(), original.freevars.begin(), original.freevars.end());
    const std::uint32_t old_nlocals = static_cast<std::uint32_t>(original.nlocals());
    const std::uint32_t new_nlocals = static_cast<std::uint32_t>(c->varnames.size());
    c->consts = original.consts;
    c->names = original.names;
    c->flags = original.flags & ~static_cast<std::uint32_t>(CO_VARARGS | CO_VARKEYWORDS);
    c->filename = original.filename;
    c->firstlineno = original.firstlineno;
    c->source = original.source;
    const std::string name = "__resume_at_" + std::to_string(start) + "_" + std::to_string(counter);
    c->name = intern(name);
    c->qualname = c->name;

    const Position at = start < original.positions.size() ? original.positions[start] : Position{original.firstlineno, 0, 0};
    std::uint32_t param = 0;
    for (std::size_t i = 0; i < nulls.size(); ++i) {
        c->instructions.push_back(nulls[i] ? Instruction{Opcode::PUSH_NULL, 0} : Instruction{Opcode::LOAD_FAST, param++});
        c->positions.push_back(at);
        if (i < ctxs.size() && ctxs[i]) {
            // with manager: (its __exit__ in this slot, __enter__'s result dropped)
            c->instructions.push_back({Opcode::BEFORE_WITH, 0});
            c->instructions.push_back({Opcode::POP_TOP, 0});
            c->positions.push_back(at);
            c->positions.push_back(at);
        }
    }
    const std::uint32_t shift = static_cast<std::uint32_t>(c->instructions.size());
    for (std::size_t i = start; i < original.instructions.size(); ++i) {
        Instruction ins = original.instructions[i];
        if (is_jump(ins.op)) {
            if (ins.arg < start) raise(exc::RuntimeError, "resume function: a jump back before the resume point");
            ins.arg = shift + (ins.arg - static_cast<std::uint32_t>(start));
        }
        switch (ins.op) {
        case Opcode::LOAD_FAST:
        case Opcode::STORE_FAST:
        case Opcode::DELETE_FAST: ins.arg = slot_map[ins.arg]; break;
        case Opcode::LOAD_DEREF:
        case Opcode::STORE_DEREF:
        case Opcode::LOAD_CLOSURE:
        case Opcode::DELETE_DEREF:
        case Opcode::LOAD_CLASSDEREF: ins.arg = ins.arg - old_nlocals + new_nlocals; break;
        default: break;
        }
        c->instructions.push_back(ins);
        c->positions.push_back(original.positions[i]);
    }
    // The try/with blocks of the rest; a with block around the resume point
    // (re-entered above) protects the rest of its body.
    const std::uint32_t from = static_cast<std::uint32_t>(start);
    for (const ExceptionEntry& e : original.exception_table)
        if (e.end > from) {
            if (e.target < from) raise(exc::RuntimeError, "resume function: a handler before the resume point");
            c->exception_table.push_back({shift + (std::max(e.start, from) - from), shift + (e.end - from),
                                          shift + (e.target - from), e.depth});
        }
    c->stacksize = original.stacksize + static_cast<std::uint32_t>(nulls.size()) + 4;
    return c;
}

}  // namespace detail::dynamo
STANDIN_NAMESPACE_END
