// The code units being compiled and their assembly: a stack of units (one per
// code object: module, function, class body, lambda, comprehension), each
// collecting instructions with symbolic labels, its constants and names; every
// instruction is attributed to its innermost exception handler as it is
// emitted (structured code makes that exact). Assembly then runs a flow
// analysis computing the stack depth everywhere (and so each handler's depth
// and the frame's stack size), turns labels into instruction indices, and runs
// of instructions sharing a handler into exception-table rows.
// Counterpart: CPython 3.11's Python/compile.c (compiler_unit, emission, assembler).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/bytecode.hpp>
#include <standin/lang/code.hpp>
#include <standin/lang/symtable.hpp>
#include <standin/lang/syntax_error.hpp>

#include <algorithm>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Assembler {
protected:
    Assembler(std::string_view source, std::string filename)
        : source_text_(std::make_shared<const std::string>(source)), filename_(std::move(filename)) {}

    // --- units: one per code object being compiled -----------------------------------
    // pop_value: the value a return keeps on the stack while the finally
    // bodies it runs are compiled (a break/continue/return in one pops it).
    enum class FBlock : std::uint8_t { while_loop, for_loop, try_except, finally_try, finally_end, handler_cleanup, with, pop_value };
    struct FBlockInfo {
        FBlock type;
        int loop_top = -1, loop_exit = -1;
        std::size_t handler_depth = 0;  // handler_stack size before this block's handler
        const StmtList* finalbody = nullptr;
        Str* name = nullptr;  // handler_cleanup: the `as` name
    };
    struct Emitted {
        Opcode op;
        std::uint32_t arg;
        int label;  // jump target label, or -1
        int handler;
        Position pos;
    };
    struct HandlerInfo {
        int label;
        std::size_t setup_pos;
    };
    struct ConstKey {
        Kind kind;
        std::string bytes;
        bool operator==(const ConstKey&) const = default;
    };
    struct ConstKeyHash {
        std::size_t operator()(const ConstKey& k) const noexcept {
            return std::hash<std::string>()(k.bytes) ^ static_cast<std::size_t>(k.kind);
        }
    };
    struct Unit {
        Scope* scope;
        ref<Code> code;
        std::vector<Emitted> instrs;
        std::vector<int> labels;
        std::vector<HandlerInfo> handlers;
        std::vector<int> handler_stack;
        std::vector<FBlockInfo> fblocks;
        std::unordered_map<ConstKey, std::uint32_t, ConstKeyHash> const_index;
        std::unordered_map<Str*, std::uint32_t> name_index;
        std::unordered_map<Str*, std::uint32_t> local_index;
        std::string qualname;
    };

    void enter(Scope* scope, Str* name, std::string qualname, std::uint32_t firstline) {
        auto u = std::make_unique<Unit>();
        u->scope = scope;
        u->code = make_ref<Code>();
        u->code->name = name;
        u->qualname = std::move(qualname);
        u->code->qualname = intern(u->qualname);
        u->code->filename = filename_;
        u->code->firstlineno = firstline;
        u->code->source = source_text_;
        if (scope->type == ScopeType::function) {
            for (Str* p : scope->params) local(*u, p);
            for (Str* n : scope->order)
                if (scope->kind_of(n) == NameKind::local || scope->kind_of(n) == NameKind::cell) {
                    if (scope->kind_of(n) == NameKind::cell &&
                        std::find(scope->params.begin(), scope->params.end(), n) == scope->params.end())
                        continue;
                    local(*u, n);
                }
            u->code->cellvars = scope->cellvars;
            u->code->freevars = scope->freevars;
            for (Str* c : scope->cellvars) {
                auto it = std::find(scope->params.begin(), scope->params.end(), c);
                u->code->cell_params.push_back(it == scope->params.end() ? -1 : static_cast<int>(it - scope->params.begin()));
            }
        } else if (scope->type == ScopeType::class_) {
            u->code->cellvars = scope->cellvars;
            u->code->freevars = scope->freevars;
            u->code->cell_params.assign(scope->cellvars.size(), -1);
        }
        units_.push_back(std::move(u));
        u_ = units_.back().get();
        if (scope->generator) {
            // A call returns the generator at once; its first resume pushes
            // the sent None, which the POP_TOP drops.
            u_->code->flags |= CO_GENERATOR;
            emit(Opcode::RETURN_GENERATOR);
            emit(Opcode::POP_TOP);
        }
    }
    static std::uint32_t local(Unit& u, Str* n) {
        auto [it, fresh] = u.local_index.try_emplace(n, static_cast<std::uint32_t>(u.code->varnames.size()));
        if (fresh) u.code->varnames.push_back(n);
        return it->second;
    }
    ref<Code> leave() {
        assemble(*u_);
        ref<Code> code = u_->code;
        units_.pop_back();
        u_ = units_.empty() ? nullptr : units_.back().get();
        return code;
    }

    // --- emission -----------------------------------------------------------------
    void emit(Opcode op, std::uint32_t arg = 0) {
        u_->instrs.push_back({op, arg, -1, u_->handler_stack.empty() ? -1 : u_->handler_stack.back(), pos_});
    }
    void emit_jump(Opcode op, int label) {
        u_->instrs.push_back({op, 0, label, u_->handler_stack.empty() ? -1 : u_->handler_stack.back(), pos_});
    }
    int new_label() {
        u_->labels.push_back(-1);
        return static_cast<int>(u_->labels.size() - 1);
    }
    void bind(int label) { u_->labels[static_cast<std::size_t>(label)] = static_cast<int>(u_->instrs.size()); }
    int push_handler(int label) {
        u_->handlers.push_back({label, u_->instrs.size()});
        int h = static_cast<int>(u_->handlers.size() - 1);
        u_->handler_stack.push_back(h);
        return h;
    }
    void pop_handler() { u_->handler_stack.pop_back(); }

    std::uint32_t add_const(const Value& v) {
        ConstKey key{v.kind(), {}};
        switch (v.kind()) {
        case Kind::none: break;
        case Kind::bool_: key.bytes = v.as_bool() ? "1" : "0"; break;
        case Kind::int_:
        case Kind::float_: {
            std::uint64_t bits = v.raw_bits();
            key.bytes.assign(reinterpret_cast<const char*>(&bits), sizeof bits);
            break;
        }
        case Kind::str: key.bytes = v.as<Str>()->text(); break;
        default: {
            // Not deduplicated: code objects, tuples.
            u_->code->consts.push_back(v);
            return static_cast<std::uint32_t>(u_->code->consts.size() - 1);
        }
        }
        auto [it, fresh] = u_->const_index.try_emplace(std::move(key), static_cast<std::uint32_t>(u_->code->consts.size()));
        if (fresh) u_->code->consts.push_back(v);
        return it->second;
    }
    void emit_const(const Value& v) { emit(Opcode::LOAD_CONST, add_const(v)); }
    std::uint32_t add_name(Str* n) {
        auto [it, fresh] = u_->name_index.try_emplace(n, static_cast<std::uint32_t>(u_->code->names.size()));
        if (fresh) u_->code->names.push_back(n);
        return it->second;
    }
    // Index of a cell or free variable in localsplus.
    std::uint32_t deref_index(Str* n) {
        const Code& c = *u_->code;
        for (std::size_t i = 0; i < c.cellvars.size(); ++i)
            if (c.cellvars[i] == n) return static_cast<std::uint32_t>(c.varnames.size() + i);
        for (std::size_t i = 0; i < c.freevars.size(); ++i)
            if (c.freevars[i] == n) return static_cast<std::uint32_t>(c.varnames.size() + c.cellvars.size() + i);
        throw Error(exc::SyntaxError, "internal compiler error: no cell for '" + std::string(n->view()) + "'");
    }

    [[noreturn]] void error(const std::string& msg, std::uint32_t line, std::uint32_t col) const {
        throw SyntaxError(msg, filename_, line, col + 1, source_line_text(*source_text_, line));
    }

    // --- assembly -----------------------------------------------------------------
    [[noreturn]] void internal_error(const std::string& what) const {
        throw Error(exc::SyntaxError, "internal compiler error in " + std::string(u_->code->qualname->view()) + ": " + what);
    }
    void assemble(Unit& u) {
        const std::size_t n = u.instrs.size();
        auto target_of = [&](const Emitted& e) -> std::size_t {
            int pos = u.labels[static_cast<std::size_t>(e.label)];
            if (pos < 0) internal_error("unbound label");
            return static_cast<std::size_t>(pos);
        };
        // Stack depth at each instruction (-1: unreachable).
        std::vector<int> depth(n + 1, -1);
        std::vector<int> handler_depth(u.handlers.size(), -1);
        std::vector<std::vector<int>> setups_at(n + 1);
        for (std::size_t h = 0; h < u.handlers.size(); ++h) setups_at[u.handlers[h].setup_pos].push_back(static_cast<int>(h));
        std::vector<std::size_t> work;
        int max_depth = 0;
        auto reach = [&](std::size_t i, int d) {
            if (d < 0) internal_error("negative stack depth");
            if (i > n) internal_error("jump out of range");
            if (depth[i] == -1) {
                depth[i] = d;
                work.push_back(i);
                max_depth = std::max(max_depth, d);
            } else if (depth[i] != d) {
                internal_error("inconsistent stack depth at " + std::to_string(i) + ": " + std::to_string(depth[i]) +
                               " vs " + std::to_string(d));
            }
        };
        if (n) reach(0, 0);
        while (!work.empty()) {
            std::size_t i = work.back();
            work.pop_back();
            int d = depth[i];
            for (int h : setups_at[i]) {
                handler_depth[static_cast<std::size_t>(h)] = d;
                reach(static_cast<std::size_t>(u.labels[static_cast<std::size_t>(u.handlers[static_cast<std::size_t>(h)].label)]), d + 1);
            }
            if (i == n) continue;
            const Emitted& e = u.instrs[i];
            if (e.label >= 0) reach(target_of(e), d + stack_effect(e.op, e.arg, true));
            if (!is_terminator(e.op)) {
                int nd = d + stack_effect(e.op, e.arg, false);
                max_depth = std::max(max_depth, d + (e.op == Opcode::UNPACK_SEQUENCE || e.op == Opcode::UNPACK_EX ? nd - d + 1 : 0));
                reach(i + 1, nd);
            }
        }
        Code& c = *u.code;
        c.stacksize = static_cast<std::uint32_t>(max_depth + 2);
        c.instructions.reserve(n);
        c.positions.reserve(n);
        for (const Emitted& e : u.instrs) {
            std::uint32_t arg = e.label >= 0 ? static_cast<std::uint32_t>(target_of(e)) : e.arg;
            c.instructions.push_back({e.op, arg});
            c.positions.push_back(e.pos);
        }
        // Exception table: runs of reachable instructions sharing a handler.
        for (std::size_t i = 0; i < n;) {
            int h = u.instrs[i].handler;
            if (h < 0 || handler_depth[static_cast<std::size_t>(h)] < 0) {
                ++i;
                continue;
            }
            std::size_t j = i;
            while (j < n && u.instrs[j].handler == h) ++j;
            const auto& hi = u.handlers[static_cast<std::size_t>(h)];
            c.exception_table.push_back({static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j),
                                         static_cast<std::uint32_t>(u.labels[static_cast<std::size_t>(hi.label)]),
                                         static_cast<std::uint32_t>(handler_depth[static_cast<std::size_t>(h)])});
            i = j;
        }
    }

    // The position every emitted instruction gets: the innermost node being compiled.
    struct PosGuard {
        Assembler& c;
        Position saved;
        PosGuard(Assembler& comp, std::uint32_t line, std::uint32_t col, std::uint32_t end_col = 0) : c(comp), saved(comp.pos_) {
            c.pos_ = {line, static_cast<std::uint16_t>(std::min<std::uint32_t>(col, 0xFFFF)),
                      static_cast<std::uint16_t>(std::min<std::uint32_t>(end_col, 0xFFFF))};
            if (line > c.last_line_) c.last_line_ = line;
        }
        ~PosGuard() { c.pos_ = saved; }
    };

    std::shared_ptr<const std::string> source_text_;
    std::string filename_;
    std::unique_ptr<Scope> top_scope_;
    SymbolTable* symtable_ = nullptr;
    std::deque<std::unique_ptr<Unit>> units_;
    Unit* u_ = nullptr;
    Position pos_{1, 0, 0};
    std::uint32_t last_line_ = 1;
};

STANDIN_NAMESPACE_END
