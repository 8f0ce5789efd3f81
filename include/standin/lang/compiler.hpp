// The compiler: AST to code objects. Emits instructions with symbolic labels,
// attributes each instruction to its innermost exception handler as it is
// emitted (structured code makes that exact), then assembles: a flow analysis
// computes the stack depth everywhere (and so each handler's depth and the
// frame's stack size), labels become instruction indices, and runs of
// instructions sharing a handler become exception-table rows.
// Counterpart: CPython's Python/compile.c (codegen and assembler).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/lang/code.hpp>
#include <standin/lang/compile.hpp>
#include <standin/lang/parser.hpp>
#include <standin/lang/symtable.hpp>

#include <cstring>
#include <deque>
#include <unordered_map>

STANDIN_NAMESPACE_BEGIN

class Compiler {
public:
    Compiler(std::string_view source, std::string filename)
        : source_text_(std::make_shared<const std::string>(source)), filename_(std::move(filename)) {}

    ref<Code> compile_module(const AstModule& m) {
        SymbolTable st(filename_, *source_text_);
        top_scope_ = st.build(m);
        symtable_ = &st;
        enter(top_scope_.get(), intern("<module>"), "<module>", 1);
        for (const auto& s : m.body) compile_stmt(*s);
        pos_ = {last_line_, 0, 0};
        emit_const(Value());
        emit(Opcode::RETURN_VALUE);
        return leave();
    }
    // An expression as a module-level code object that returns its value (eval mode).
    ref<Code> compile_eval(const Expr& e) {
        SymbolTable st(filename_, *source_text_);
        top_scope_ = st.build_expression(e);
        symtable_ = &st;
        enter(top_scope_.get(), intern("<module>"), "<module>", 1);
        compile_expr(e);
        emit(Opcode::RETURN_VALUE);
        return leave();
    }

private:
    // --- units: one per code object being compiled -----------------------------------
    enum class FBlock : std::uint8_t { while_loop, for_loop, try_except, finally_try, finally_end, handler_cleanup, with };
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
        std::size_t p = 0;
        for (std::uint32_t l = 1; l < line && p != std::string::npos; ++l) {
            p = source_text_->find('\n', p);
            if (p != std::string::npos) ++p;
        }
        std::string text;
        if (p != std::string::npos && p <= source_text_->size()) {
            std::size_t e = source_text_->find('\n', p);
            text = source_text_->substr(p, e == std::string::npos ? std::string::npos : e - p);
        }
        throw SyntaxError(msg, filename_, line, col + 1, text);
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

    // --- statements -----------------------------------------------------------------
    struct PosGuard {
        Compiler& c;
        Position saved;
        PosGuard(Compiler& comp, std::uint32_t line, std::uint32_t col, std::uint32_t end_col = 0) : c(comp), saved(comp.pos_) {
            c.pos_ = {line, static_cast<std::uint16_t>(std::min<std::uint32_t>(col, 0xFFFF)),
                      static_cast<std::uint16_t>(std::min<std::uint32_t>(end_col, 0xFFFF))};
            if (line > c.last_line_) c.last_line_ = line;
        }
        ~PosGuard() { c.pos_ = saved; }
    };

    void compile_body(const StmtList& body) {
        for (const auto& s : body) compile_stmt(*s);
    }

    void compile_stmt(const Stmt& s) {
        PosGuard pg(*this, s.line, s.col);
        switch (s.kind) {
        case StmtKind::Expr:
            if (s.value->kind == ExprKind::Constant) return;  // docstrings and bare constants
            compile_expr(*s.value);
            emit(Opcode::POP_TOP);
            return;
        case StmtKind::Assign:
            compile_expr(*s.value);
            for (std::size_t i = 0; i < s.targets.size(); ++i) {
                if (i + 1 < s.targets.size()) emit(Opcode::COPY, 1);
                compile_store(*s.targets[i]);
            }
            return;
        case StmtKind::AnnAssign:
            if (s.value) {
                compile_expr(*s.value);
                compile_store(*s.target);
            }
            return;
        case StmtKind::AugAssign: return compile_augassign(s);
        case StmtKind::If: {
            int orelse = new_label(), end = new_label();
            compile_jump_if(*s.value, orelse, false);
            compile_body(s.body);
            if (!s.orelse.empty()) emit_jump(Opcode::JUMP_FORWARD, end);
            bind(orelse);
            compile_body(s.orelse);
            bind(end);
            return;
        }
        case StmtKind::While: return compile_while(s);
        case StmtKind::For: return compile_for(s);
        case StmtKind::Break:
        case StmtKind::Continue: return compile_break_continue(s);
        case StmtKind::Pass: emit(Opcode::NOP); return;
        case StmtKind::Return:
            if (u_->scope->type != ScopeType::function) error("'return' outside function", s.line, s.col);
            if (s.value) compile_expr(*s.value);
            else emit_const(Value());
            unwind_fblocks(true, nullptr);
            emit(Opcode::RETURN_VALUE);
            restore_fblocks();
            return;
        case StmtKind::FunctionDef: return compile_def(s);
        case StmtKind::ClassDef: return compile_class(s);
        case StmtKind::Global:
        case StmtKind::Nonlocal: return;
        case StmtKind::Assert: {
            int ok = new_label();
            compile_jump_if(*s.value, ok, true);
            emit(Opcode::LOAD_ASSERTION_ERROR);
            if (s.extra) {
                compile_expr(*s.extra);
                emit(Opcode::CALL, 0);
            }
            emit(Opcode::RAISE_VARARGS, 1);
            bind(ok);
            return;
        }
        case StmtKind::Raise: {
            std::uint32_t n = 0;
            if (s.value) compile_expr(*s.value), ++n;
            if (s.extra) compile_expr(*s.extra), ++n;
            emit(Opcode::RAISE_VARARGS, n);
            return;
        }
        case StmtKind::Try:
            if (!s.finalbody.empty()) return compile_try_finally(s);
            return compile_try_except(s);
        case StmtKind::Import:
            for (const auto& a : s.aliases) {
                if (a.asname) {
                    emit_const(make_value<Tuple>());
                    emit(Opcode::IMPORT_NAME, add_name(a.name));
                    compile_name_store(a.asname);
                } else {
                    emit_const(Value());
                    emit(Opcode::IMPORT_NAME, add_name(a.name));
                    auto v = a.name->view();
                    compile_name_store(intern(v.substr(0, v.find('.'))));
                }
            }
            return;
        case StmtKind::ImportFrom: {
            std::vector<Value> names;
            for (const auto& a : s.aliases) names.push_back(Value::borrow(a.name));
            emit_const(make_value<Tuple>(std::move(names)));
            emit(Opcode::IMPORT_NAME, add_name(s.name));
            for (const auto& a : s.aliases) {
                emit(Opcode::IMPORT_FROM, add_name(a.name));
                compile_name_store(a.asname ? a.asname : a.name);
            }
            emit(Opcode::POP_TOP);
            return;
        }
        case StmtKind::Delete:
            for (const auto& t : s.targets) compile_delete(*t);
            return;
        case StmtKind::With: return compile_with(s, 0);
        }
    }

    void compile_augassign(const Stmt& s) {
        const Expr& t = *s.target;
        switch (t.kind) {
        case ExprKind::Name:
            compile_name_load(t.name, t);
            compile_expr(*s.value);
            emit(Opcode::BINARY_OP, s.op);
            compile_name_store(t.name);
            return;
        case ExprKind::Attribute: {
            compile_expr(*t.a);
            emit(Opcode::COPY, 1);
            {
                PosGuard pg(*this, t.line, t.col, t.end_col);
                emit(Opcode::LOAD_ATTR, add_name(t.name));
            }
            compile_expr(*s.value);
            emit(Opcode::BINARY_OP, s.op);
            emit(Opcode::SWAP, 2);
            emit(Opcode::STORE_ATTR, add_name(t.name));
            return;
        }
        case ExprKind::Subscript:
            compile_expr(*t.a);
            compile_subscript_key(*t.b);
            emit(Opcode::COPY, 2);
            emit(Opcode::COPY, 2);
            emit(Opcode::BINARY_SUBSCR);
            compile_expr(*s.value);
            emit(Opcode::BINARY_OP, s.op);
            emit(Opcode::SWAP, 3);
            emit(Opcode::SWAP, 2);
            emit(Opcode::STORE_SUBSCR);
            return;
        default: error("illegal expression for augmented assignment", t.line, t.col);
        }
    }

    void compile_while(const Stmt& s) {
        int top = new_label(), orelse = new_label(), end = new_label();
        bind(top);
        bool forever = s.value->kind == ExprKind::Constant && s.value->value.is_bool() && s.value->value.as_bool();
        if (!forever) compile_jump_if(*s.value, orelse, false);
        u_->fblocks.push_back({FBlock::while_loop, top, end, u_->handler_stack.size(), nullptr, nullptr});
        compile_body(s.body);
        u_->fblocks.pop_back();
        emit_jump(Opcode::JUMP_BACKWARD, top);
        bind(orelse);
        compile_body(s.orelse);
        bind(end);
    }

    void compile_for(const Stmt& s) {
        int top = new_label(), cleanup = new_label(), end = new_label();
        compile_expr(*s.value);
        emit(Opcode::GET_ITER);
        bind(top);
        emit_jump(Opcode::FOR_ITER, cleanup);
        u_->fblocks.push_back({FBlock::for_loop, top, end, u_->handler_stack.size(), nullptr, nullptr});
        compile_store(*s.target);
        compile_body(s.body);
        u_->fblocks.pop_back();
        emit_jump(Opcode::JUMP_BACKWARD, top);
        bind(cleanup);
        compile_body(s.orelse);
        bind(end);
    }

    void compile_break_continue(const Stmt& s) {
        bool is_break = s.kind == StmtKind::Break;
        const FBlockInfo* loop = nullptr;
        for (auto it = u_->fblocks.rbegin(); it != u_->fblocks.rend(); ++it)
            if (it->type == FBlock::while_loop || it->type == FBlock::for_loop) {
                loop = &*it;
                break;
            }
        if (!loop) error(is_break ? "'break' outside loop" : "'continue' not properly in loop", s.line, s.col);
        FBlockInfo target = *loop;
        unwind_fblocks(false, loop, is_break);
        if (is_break) emit_jump(Opcode::JUMP_FORWARD, target.loop_exit);
        else emit_jump(Opcode::JUMP_BACKWARD, target.loop_top);
        restore_fblocks();
    }

    // Emits the exits of the blocks between here and `until` (exclusive; all
    // when null) for a return (preserve_tos) or a break/continue. The emitted
    // code runs outside those blocks' handlers; the compiler's block state is
    // restored afterwards for the code that follows.
    void unwind_fblocks(bool preserve_tos, const FBlockInfo* until, bool is_break = false) {
        auto saved_fblocks = u_->fblocks;
        auto saved_handlers = u_->handler_stack;
        while (!u_->fblocks.empty()) {
            FBlockInfo fb = u_->fblocks.back();
            if (until && &u_->fblocks.back() == until) {
                if (fb.type == FBlock::for_loop && is_break) emit(Opcode::POP_TOP);
                break;
            }
            // `until` points into saved storage when we copied; compare by position instead.
            u_->fblocks.pop_back();
            u_->handler_stack.resize(std::min(u_->handler_stack.size(), fb.handler_depth));
            switch (fb.type) {
            case FBlock::while_loop: break;
            case FBlock::for_loop:
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit(Opcode::POP_TOP);
                break;
            case FBlock::try_except: break;
            case FBlock::finally_try: compile_body(*fb.finalbody); break;
            case FBlock::finally_end:
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit(Opcode::POP_TOP);
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit(Opcode::POP_EXCEPT);
                break;
            case FBlock::handler_cleanup:
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit(Opcode::POP_EXCEPT);
                if (fb.name) {
                    emit_const(Value());
                    compile_name_store(fb.name);
                    compile_name_delete(fb.name);
                }
                break;
            case FBlock::with:
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit_const(Value());
                emit_const(Value());
                emit_const(Value());
                emit(Opcode::CALL, 2);
                emit(Opcode::POP_TOP);
                break;
            }
        }
        // The caller emits the jump or return now, outside the unwound blocks,
        // then restore_fblocks() puts them back for the (unreachable) code after it.
        saved_fblocks_ = std::move(saved_fblocks);
        saved_handlers_ = std::move(saved_handlers);
    }
    void restore_fblocks() {
        u_->fblocks = std::move(saved_fblocks_);
        u_->handler_stack = std::move(saved_handlers_);
    }

    void compile_try_except(const Stmt& s) {
        int handler = new_label(), cleanup = new_label(), end = new_label();
        std::size_t hdepth = u_->handler_stack.size();
        push_handler(handler);
        u_->fblocks.push_back({FBlock::try_except, -1, -1, hdepth, nullptr, nullptr});
        compile_body(s.body);
        u_->fblocks.pop_back();
        pop_handler();
        compile_body(s.orelse);
        emit_jump(Opcode::JUMP_FORWARD, end);

        bind(handler);
        std::size_t cdepth = u_->handler_stack.size();
        push_handler(cleanup);
        emit(Opcode::PUSH_EXC_INFO);
        for (const auto& h : s.handlers) {
            PosGuard pg(*this, h.line, h.col);
            int next = new_label();
            if (h.type) {
                compile_expr(*h.type);
                emit(Opcode::CHECK_EXC_MATCH);
                emit_jump(Opcode::POP_JUMP_IF_FALSE, next);
            }
            if (h.name) compile_name_store(h.name);
            else emit(Opcode::POP_TOP);
            u_->fblocks.push_back({FBlock::handler_cleanup, -1, -1, cdepth, nullptr, h.name});
            compile_body(h.body);
            u_->fblocks.pop_back();
            auto saved = u_->handler_stack;
            u_->handler_stack.resize(cdepth);
            emit(Opcode::POP_EXCEPT);
            if (h.name) {
                emit_const(Value());
                compile_name_store(h.name);
                compile_name_delete(h.name);
            }
            emit_jump(Opcode::JUMP_FORWARD, end);
            u_->handler_stack = std::move(saved);
            bind(next);
            if (!h.type) break;
        }
        emit(Opcode::RERAISE);
        pop_handler();
        bind(cleanup);
        emit(Opcode::SWAP, 2);
        emit(Opcode::POP_EXCEPT);
        emit(Opcode::RERAISE);
        bind(end);
    }

    void compile_try_finally(const Stmt& s) {
        int final_label = new_label(), cleanup = new_label(), end = new_label();
        std::size_t hdepth = u_->handler_stack.size();
        push_handler(final_label);
        u_->fblocks.push_back({FBlock::finally_try, -1, -1, hdepth, &s.finalbody, nullptr});
        if (!s.handlers.empty()) compile_try_except(s);
        else compile_body(s.body);
        u_->fblocks.pop_back();
        pop_handler();
        compile_body(s.finalbody);
        emit_jump(Opcode::JUMP_FORWARD, end);

        bind(final_label);
        std::size_t cdepth = u_->handler_stack.size();
        push_handler(cleanup);
        emit(Opcode::PUSH_EXC_INFO);
        u_->fblocks.push_back({FBlock::finally_end, -1, -1, cdepth, nullptr, nullptr});
        compile_body(s.finalbody);
        u_->fblocks.pop_back();
        pop_handler();
        emit(Opcode::SWAP, 2);
        emit(Opcode::POP_EXCEPT);
        emit(Opcode::RERAISE);
        bind(cleanup);
        emit(Opcode::SWAP, 2);
        emit(Opcode::POP_EXCEPT);
        emit(Opcode::RERAISE);
        bind(end);
    }

    void compile_with(const Stmt& s, std::size_t item) {
        if (item == s.items.size()) return compile_body(s.body);
        const WithItem& wi = s.items[item];
        int exc_label = new_label(), cleanup = new_label(), suppress = new_label(), end = new_label();
        compile_expr(*wi.context);
        emit(Opcode::BEFORE_WITH);
        if (wi.target) compile_store(*wi.target);
        else emit(Opcode::POP_TOP);
        std::size_t hdepth = u_->handler_stack.size();
        push_handler(exc_label);
        u_->fblocks.push_back({FBlock::with, -1, -1, hdepth, nullptr, nullptr});
        compile_with(s, item + 1);
        u_->fblocks.pop_back();
        pop_handler();
        emit_const(Value());
        emit_const(Value());
        emit_const(Value());
        emit(Opcode::CALL, 2);
        emit(Opcode::POP_TOP);
        emit_jump(Opcode::JUMP_FORWARD, end);

        bind(exc_label);
        push_handler(cleanup);
        emit(Opcode::PUSH_EXC_INFO);
        emit(Opcode::WITH_EXCEPT_START);
        emit_jump(Opcode::POP_JUMP_IF_TRUE, suppress);
        emit(Opcode::RERAISE);
        pop_handler();
        bind(suppress);
        emit(Opcode::POP_TOP);
        emit(Opcode::POP_EXCEPT);
        emit(Opcode::POP_TOP);
        emit_jump(Opcode::JUMP_FORWARD, end);
        bind(cleanup);
        emit(Opcode::SWAP, 2);
        emit(Opcode::POP_EXCEPT);
        emit(Opcode::RERAISE);
        bind(end);
    }

    std::string child_qualname(Str* name) const {
        std::string base;
        if (u_->scope->type == ScopeType::function) base = u_->qualname + ".<locals>.";
        else if (u_->scope->type == ScopeType::class_) base = u_->qualname + ".";
        return base + std::string(name->view());
    }

    // Pushes defaults / kwdefaults for MAKE_FUNCTION; returns the flags.
    std::uint32_t compile_defaults(const Arguments& a) {
        std::uint32_t flags = 0;
        if (!a.defaults.empty()) {
            for (const auto& d : a.defaults) compile_expr(*d);
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(a.defaults.size()));
            flags |= MF_DEFAULTS;
        }
        std::uint32_t nkw = 0;
        for (std::size_t i = 0; i < a.kwonly.size(); ++i)
            if (a.kw_defaults[i]) {
                emit_const(Value::borrow(a.kwonly[i].name));
                compile_expr(*a.kw_defaults[i]);
                ++nkw;
            }
        if (nkw) {
            emit(Opcode::BUILD_MAP, nkw);
            flags |= MF_KWDEFAULTS;
        }
        return flags;
    }
    void make_function(const ref<Code>& code, std::uint32_t flags) {
        if (!code->freevars.empty()) {
            for (Str* f : code->freevars) emit(Opcode::LOAD_CLOSURE, deref_index(f));
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(code->freevars.size()));
            flags |= MF_CLOSURE;
        }
        emit_const(Value(code));
        emit(Opcode::MAKE_FUNCTION, flags);
    }
    static void set_signature(Code& code, const Arguments& a) {
        code.posonlyargcount = static_cast<std::uint32_t>(a.posonly.size());
        code.argcount = static_cast<std::uint32_t>(a.posonly.size() + a.args.size());
        code.kwonlyargcount = static_cast<std::uint32_t>(a.kwonly.size());
        if (a.vararg.name) code.flags |= CO_VARARGS;
        if (a.kwarg.name) code.flags |= CO_VARKEYWORDS;
    }

    void compile_def(const Stmt& s) {
        for (const auto& d : s.decorators) compile_expr(*d);
        std::uint32_t flags = compile_defaults(*s.args);
        Scope* scope = symtable_->scope_of(&s);
        enter(scope, s.name, child_qualname(s.name), s.line);
        set_signature(*u_->code, *s.args);
        if (units_.size() > 2) u_->code->flags |= CO_NESTED;
        {
            PosGuard pg(*this, s.line, s.col);
            compile_body(s.body);
            emit_const(Value());
            emit(Opcode::RETURN_VALUE);
        }
        ref<Code> code = leave();
        make_function(code, flags);
        for (std::size_t i = 0; i < s.decorators.size(); ++i) emit(Opcode::CALL, 0);
        compile_name_store(s.name);
    }

    void compile_class(const Stmt& s) {
        for (const auto& d : s.decorators) compile_expr(*d);
        emit(Opcode::PUSH_NULL);
        emit(Opcode::LOAD_BUILD_CLASS);
        Scope* scope = symtable_->scope_of(&s);
        enter(scope, s.name, child_qualname(s.name), s.line);
        {
            PosGuard pg(*this, s.line, s.col);
            Str* name_name = intern("__name__");
            emit(Opcode::LOAD_NAME, add_name(name_name));
            emit(Opcode::STORE_NAME, add_name(intern("__module__")));
            emit_const(str(u_->qualname));
            emit(Opcode::STORE_NAME, add_name(intern("__qualname__")));
            compile_body(s.body);
            Str* class_cell = intern("__class__");
            if (u_->scope->is_cell(class_cell)) {
                emit(Opcode::LOAD_CLOSURE, deref_index(class_cell));
                emit(Opcode::STORE_NAME, add_name(intern("__classcell__")));
            }
            emit_const(Value());
            emit(Opcode::RETURN_VALUE);
        }
        ref<Code> code = leave();
        make_function(code, 0);
        emit_const(Value::borrow(s.name));
        for (const auto& b : s.bases) compile_expr(*b);
        emit(Opcode::CALL, static_cast<std::uint32_t>(2 + s.bases.size()));
        for (std::size_t i = 0; i < s.decorators.size(); ++i) emit(Opcode::CALL, 0);
        compile_name_store(s.name);
    }

    // --- names ----------------------------------------------------------------------
    void compile_name_load(Str* n, const Expr& at, bool push_null = false) {
        PosGuard pg(*this, at.line, at.col, at.end_col);
        Scope* s = u_->scope;
        switch (s->kind_of(n)) {
        case NameKind::local:
            if (push_null) emit(Opcode::PUSH_NULL);
            emit(Opcode::LOAD_FAST, local(*u_, n));
            return;
        case NameKind::cell:
        case NameKind::free:
            if (push_null) emit(Opcode::PUSH_NULL);
            emit(Opcode::LOAD_DEREF, deref_index(n));
            return;
        case NameKind::class_free:
            if (push_null) emit(Opcode::PUSH_NULL);
            emit(Opcode::LOAD_CLASSDEREF, deref_index(n));
            return;
        case NameKind::class_name:
            if (push_null) emit(Opcode::PUSH_NULL);
            emit(Opcode::LOAD_NAME, add_name(n));
            return;
        case NameKind::global_explicit:
        case NameKind::global_implicit:
            emit(Opcode::LOAD_GLOBAL, add_name(n) << 1 | (push_null ? 1u : 0u));
            return;
        }
    }
    void compile_name_store(Str* n) {
        switch (u_->scope->kind_of(n)) {
        case NameKind::local: emit(Opcode::STORE_FAST, local(*u_, n)); return;
        case NameKind::cell:
        case NameKind::free:
        case NameKind::class_free: emit(Opcode::STORE_DEREF, deref_index(n)); return;
        case NameKind::class_name: emit(Opcode::STORE_NAME, add_name(n)); return;
        case NameKind::global_explicit:
        case NameKind::global_implicit: emit(Opcode::STORE_GLOBAL, add_name(n)); return;
        }
    }
    void compile_name_delete(Str* n) {
        switch (u_->scope->kind_of(n)) {
        case NameKind::local: emit(Opcode::DELETE_FAST, local(*u_, n)); return;
        case NameKind::cell:
        case NameKind::free:
        case NameKind::class_free:
            emit_const(Value());  // cells are emptied by storing None (no DELETE_DEREF)
            emit(Opcode::STORE_DEREF, deref_index(n));
            return;
        case NameKind::class_name: emit(Opcode::DELETE_NAME, add_name(n)); return;
        case NameKind::global_explicit:
        case NameKind::global_implicit: emit(Opcode::DELETE_GLOBAL, add_name(n)); return;
        }
    }

    // --- stores -----------------------------------------------------------------------
    void compile_store(const Expr& t) {
        PosGuard pg(*this, t.line, t.col, t.end_col);
        switch (t.kind) {
        case ExprKind::Name: compile_name_store(t.name); return;
        case ExprKind::Attribute:
            compile_expr(*t.a);
            emit(Opcode::STORE_ATTR, add_name(t.name));
            return;
        case ExprKind::Subscript:
            compile_expr(*t.a);
            compile_subscript_key(*t.b);
            emit(Opcode::STORE_SUBSCR);
            return;
        case ExprKind::Tuple:
        case ExprKind::List: {
            std::size_t star = t.items.size();
            for (std::size_t i = 0; i < t.items.size(); ++i)
                if (t.items[i]->kind == ExprKind::Starred) star = i;
            if (star == t.items.size()) {
                emit(Opcode::UNPACK_SEQUENCE, static_cast<std::uint32_t>(t.items.size()));
            } else {
                std::size_t after = t.items.size() - star - 1;
                if (star > 255 || after > 0xFFFFFF) error("too many expressions in star-unpacking assignment", t.line, t.col);
                emit(Opcode::UNPACK_EX, static_cast<std::uint32_t>(star | after << 8));
            }
            for (const auto& item : t.items) compile_store(item->kind == ExprKind::Starred ? *item->a : *item);
            return;
        }
        case ExprKind::Starred: error("starred assignment target must be in a list or tuple", t.line, t.col);
        default: error("cannot assign to expression", t.line, t.col);
        }
    }
    void compile_delete(const Expr& t) {
        PosGuard pg(*this, t.line, t.col, t.end_col);
        switch (t.kind) {
        case ExprKind::Name: compile_name_delete(t.name); return;
        case ExprKind::Attribute:
            compile_expr(*t.a);
            emit(Opcode::DELETE_ATTR, add_name(t.name));
            return;
        case ExprKind::Subscript:
            compile_expr(*t.a);
            compile_subscript_key(*t.b);
            emit(Opcode::DELETE_SUBSCR);
            return;
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const auto& i : t.items) compile_delete(*i);
            return;
        default: error("cannot delete expression", t.line, t.col);
        }
    }

    // --- expressions --------------------------------------------------------------------
    // Jumps to `label` when the truth of `e` equals `cond`, else falls through.
    void compile_jump_if(const Expr& e, int label, bool cond) {
        if (e.kind == ExprKind::UnaryOp && e.op == static_cast<std::uint32_t>(Opcode::UNARY_NOT))
            return compile_jump_if(*e.a, label, !cond);
        if (e.kind == ExprKind::BoolOp) {
            bool is_or = e.op == 1;
            // and: all true; or: any true.
            if (cond == is_or) {
                for (const auto& item : e.items) compile_jump_if(*item, label, cond);
            } else {
                int next = new_label();
                for (std::size_t i = 0; i + 1 < e.items.size(); ++i) compile_jump_if(*e.items[i], next, !cond);
                compile_jump_if(*e.items.back(), label, cond);
                bind(next);
            }
            return;
        }
        compile_expr(e);
        PosGuard pg(*this, e.line, e.col, e.end_col);
        emit_jump(cond ? Opcode::POP_JUMP_IF_TRUE : Opcode::POP_JUMP_IF_FALSE, label);
    }

    static bool is_constant_tuple(const Expr& e) {
        if (e.kind != ExprKind::Tuple || e.items.empty()) return false;
        for (const auto& i : e.items)
            if (i->kind != ExprKind::Constant && !is_constant_tuple(*i)) return false;
        return true;
    }
    static Value constant_tuple(const Expr& e) {
        std::vector<Value> items;
        for (const auto& i : e.items) items.push_back(i->kind == ExprKind::Constant ? i->value : constant_tuple(*i));
        return make_value<Tuple>(std::move(items));
    }
    static bool has_starred(const ExprList& items) {
        for (const auto& i : items)
            if (i && i->kind == ExprKind::Starred) return true;
        return false;
    }

    void compile_subscript_key(const Expr& k) {
        if (k.kind == ExprKind::Slice) return compile_slice(k);
        if (k.kind == ExprKind::Tuple && !is_constant_tuple(k)) {
            bool any_slice = false;
            for (const auto& i : k.items) any_slice |= i->kind == ExprKind::Slice;
            if (any_slice) {
                for (const auto& i : k.items) {
                    if (i->kind == ExprKind::Slice) compile_slice(*i);
                    else compile_expr(*i);
                }
                emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(k.items.size()));
                return;
            }
        }
        compile_expr(k);
    }
    void compile_slice(const Expr& s) {
        PosGuard pg(*this, s.line, s.col);
        if (s.a) compile_expr(*s.a);
        else emit_const(Value());
        if (s.b) compile_expr(*s.b);
        else emit_const(Value());
        if (s.c) {
            compile_expr(*s.c);
            emit(Opcode::BUILD_SLICE, 3);
        } else {
            emit(Opcode::BUILD_SLICE, 2);
        }
    }

    // Builds a list of `items` (some starred) on the stack.
    void compile_starred_list(const ExprList& items) {
        emit(Opcode::BUILD_LIST, 0);
        for (const auto& i : items) {
            if (i->kind == ExprKind::Starred) {
                compile_expr(*i->a);
                emit(Opcode::LIST_EXTEND, 1);
            } else {
                compile_expr(*i);
                emit(Opcode::LIST_APPEND, 1);
            }
        }
    }

    void compile_expr(const Expr& e) {
        PosGuard pg(*this, e.line, e.col, e.end_col);
        switch (e.kind) {
        case ExprKind::Name: return compile_name_load(e.name, e);
        case ExprKind::Constant: return emit_const(e.value);
        case ExprKind::BinOp:
            compile_expr(*e.a);
            compile_expr(*e.b);
            emit(Opcode::BINARY_OP, e.op);
            return;
        case ExprKind::UnaryOp:
            compile_expr(*e.a);
            emit(static_cast<Opcode>(e.op));
            return;
        case ExprKind::BoolOp: {
            int end = new_label();
            for (std::size_t i = 0; i < e.items.size(); ++i) {
                compile_expr(*e.items[i]);
                if (i + 1 < e.items.size())
                    emit_jump(e.op == 1 ? Opcode::JUMP_IF_TRUE_OR_POP : Opcode::JUMP_IF_FALSE_OR_POP, end);
            }
            bind(end);
            return;
        }
        case ExprKind::Compare: return compile_compare(e);
        case ExprKind::Call: return compile_call(e);
        case ExprKind::Attribute:
            compile_expr(*e.a);
            emit(Opcode::LOAD_ATTR, add_name(e.name));
            return;
        case ExprKind::Subscript:
            compile_expr(*e.a);
            compile_subscript_key(*e.b);
            emit(Opcode::BINARY_SUBSCR);
            return;
        case ExprKind::Slice: return compile_slice(e);
        case ExprKind::List:
            if (has_starred(e.items)) return compile_starred_list(e.items);
            for (const auto& i : e.items) compile_expr(*i);
            emit(Opcode::BUILD_LIST, static_cast<std::uint32_t>(e.items.size()));
            return;
        case ExprKind::Tuple:
            if (is_constant_tuple(e)) return emit_const(constant_tuple(e));
            if (has_starred(e.items)) {
                compile_starred_list(e.items);
                emit(Opcode::LIST_TO_TUPLE);
                return;
            }
            for (const auto& i : e.items) compile_expr(*i);
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(e.items.size()));
            return;
        case ExprKind::Dict: {
            bool unpack = false;
            for (const auto& k : e.items) unpack |= k == nullptr;
            if (!unpack) {
                for (std::size_t i = 0; i < e.items.size(); ++i) {
                    compile_expr(*e.items[i]);
                    compile_expr(*e.values[i]);
                }
                emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(e.items.size()));
                return;
            }
            emit(Opcode::BUILD_MAP, 0);
            for (std::size_t i = 0; i < e.items.size(); ++i) {
                if (e.items[i]) {
                    compile_expr(*e.items[i]);
                    compile_expr(*e.values[i]);
                    emit(Opcode::MAP_ADD, 1);
                } else {
                    compile_expr(*e.values[i]);
                    emit(Opcode::DICT_UPDATE, 1);
                }
            }
            return;
        }
        case ExprKind::ListComp:
        case ExprKind::DictComp: return compile_comprehension(e);
        case ExprKind::IfExp: {
            int orelse = new_label(), end = new_label();
            compile_jump_if(*e.b, orelse, false);
            compile_expr(*e.a);
            emit_jump(Opcode::JUMP_FORWARD, end);
            bind(orelse);
            compile_expr(*e.c);
            bind(end);
            return;
        }
        case ExprKind::Lambda: {
            std::uint32_t flags = compile_defaults(*e.args);
            Scope* scope = symtable_->scope_of(&e);
            Str* name = intern("<lambda>");
            enter(scope, name, child_qualname(name), e.line);
            set_signature(*u_->code, *e.args);
            compile_expr(*e.a);
            emit(Opcode::RETURN_VALUE);
            ref<Code> code = leave();
            make_function(code, flags);
            return;
        }
        case ExprKind::JoinedStr: {
            if (e.items.empty()) return emit_const(str(""));
            if (e.items.size() == 1 && e.items[0]->kind == ExprKind::Constant) return compile_expr(*e.items[0]);
            for (const auto& i : e.items) compile_expr(*i);
            if (e.items.size() > 1 || e.items[0]->kind != ExprKind::FormattedValue)
                emit(Opcode::BUILD_STRING, static_cast<std::uint32_t>(e.items.size()));
            return;
        }
        case ExprKind::FormattedValue: {
            compile_expr(*e.a);
            std::uint32_t flags = e.op;
            if (e.b) {
                compile_expr(*e.b);
                flags |= 4;
            }
            emit(Opcode::FORMAT_VALUE, flags);
            return;
        }
        case ExprKind::Starred: error("can't use starred expression here", e.line, e.col);
        }
    }

    void compile_compare(const Expr& e) {
        auto emit_cmp = [&](std::uint8_t op) {
            switch (op) {
            case C_IN: emit(Opcode::CONTAINS_OP, 0); break;
            case C_NOT_IN: emit(Opcode::CONTAINS_OP, 1); break;
            case C_IS: emit(Opcode::IS_OP, 0); break;
            case C_IS_NOT: emit(Opcode::IS_OP, 1); break;
            default: emit(Opcode::COMPARE_OP, op); break;
            }
        };
        compile_expr(*e.a);
        if (e.ops.size() == 1) {
            compile_expr(*e.items[0]);
            emit_cmp(e.ops[0]);
            return;
        }
        int cleanup = new_label(), end = new_label();
        for (std::size_t i = 0; i + 1 < e.ops.size(); ++i) {
            compile_expr(*e.items[i]);
            emit(Opcode::SWAP, 2);
            emit(Opcode::COPY, 2);
            emit_cmp(e.ops[i]);
            emit_jump(Opcode::JUMP_IF_FALSE_OR_POP, cleanup);
        }
        compile_expr(*e.items.back());
        emit_cmp(e.ops.back());
        emit_jump(Opcode::JUMP_FORWARD, end);
        bind(cleanup);
        emit(Opcode::SWAP, 2);
        emit(Opcode::POP_TOP);
        bind(end);
    }

    void compile_call(const Expr& e) {
        bool starred = has_starred(e.items);
        bool kw_unpack = false;
        for (const auto& k : e.keywords) kw_unpack |= k.name == nullptr;
        const Expr& f = *e.a;
        // Zero-argument super() inside a method: super(__class__, <first argument>).
        if (f.kind == ExprKind::Name && f.name->view() == "super" && e.items.empty() && e.keywords.empty() &&
            u_->scope->type == ScopeType::function && u_->scope->kind_of(f.name) == NameKind::global_implicit &&
            (u_->scope->is_free(intern("__class__")) || u_->scope->is_cell(intern("__class__"))) &&
            !u_->scope->params.empty()) {
            compile_name_load(f.name, f, true);
            emit(Opcode::LOAD_DEREF, deref_index(intern("__class__")));
            Str* first = u_->scope->params[0];
            if (u_->scope->kind_of(first) == NameKind::cell) emit(Opcode::LOAD_DEREF, deref_index(first));
            else emit(Opcode::LOAD_FAST, local(*u_, first));
            emit(Opcode::CALL, 2);
            return;
        }
        if (starred || kw_unpack) {
            emit(Opcode::PUSH_NULL);
            compile_expr(f);
            if (starred) {
                compile_starred_list(e.items);
                emit(Opcode::LIST_TO_TUPLE);
            } else {
                for (const auto& i : e.items) compile_expr(*i);
                emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(e.items.size()));
            }
            if (!e.keywords.empty()) {
                emit(Opcode::BUILD_MAP, 0);
                for (const auto& k : e.keywords) {
                    if (k.name) {
                        emit_const(Value::borrow(k.name));
                        compile_expr(*k.value);
                        emit(Opcode::MAP_ADD, 1);
                    } else {
                        compile_expr(*k.value);
                        emit(Opcode::DICT_UPDATE, 1);
                    }
                }
                emit(Opcode::CALL_FUNCTION_EX, 1);
            } else {
                emit(Opcode::CALL_FUNCTION_EX, 0);
            }
            return;
        }
        if (f.kind == ExprKind::Attribute) {
            compile_expr(*f.a);
            PosGuard pg(*this, f.line, f.col, f.end_col);
            emit(Opcode::LOAD_METHOD, add_name(f.name));
        } else if (f.kind == ExprKind::Name) {
            compile_name_load(f.name, f, true);
        } else {
            emit(Opcode::PUSH_NULL);
            compile_expr(f);
        }
        for (const auto& i : e.items) compile_expr(*i);
        for (const auto& k : e.keywords) compile_expr(*k.value);
        if (!e.keywords.empty()) {
            std::vector<Value> names;
            for (const auto& k : e.keywords) names.push_back(Value::borrow(k.name));
            emit(Opcode::KW_NAMES, add_const(make_value<Tuple>(std::move(names))));
        }
        emit(Opcode::CALL, static_cast<std::uint32_t>(e.items.size() + e.keywords.size()));
    }

    void compile_comprehension(const Expr& e) {
        Scope* scope = symtable_->scope_of(&e);
        bool is_dict = e.kind == ExprKind::DictComp;
        enter(scope, scope->name, child_qualname(scope->name), e.line);
        u_->code->argcount = 1;
        u_->code->flags |= CO_NESTED;
        {
            PosGuard pg(*this, e.line, e.col);
            emit(is_dict ? Opcode::BUILD_MAP : Opcode::BUILD_LIST, 0);
            compile_comprehension_generator(e, 0);
            emit(Opcode::RETURN_VALUE);
        }
        ref<Code> code = leave();
        make_function(code, 0);
        compile_expr(*e.generators[0].iter);
        emit(Opcode::GET_ITER);
        emit(Opcode::CALL, 0);
    }
    void compile_comprehension_generator(const Expr& e, std::size_t g) {
        const Comprehension& gen = e.generators[g];
        int top = new_label(), end = new_label();
        if (g == 0) {
            emit(Opcode::LOAD_FAST, local(*u_, intern(".0")));
        } else {
            compile_expr(*gen.iter);
            emit(Opcode::GET_ITER);
        }
        bind(top);
        emit_jump(Opcode::FOR_ITER, end);
        compile_store(*gen.target);
        for (const auto& cond : gen.ifs) compile_jump_if(*cond, top, false);
        if (g + 1 < e.generators.size()) {
            compile_comprehension_generator(e, g + 1);
        } else {
            std::uint32_t depth = static_cast<std::uint32_t>(e.generators.size() + 1);
            if (e.kind == ExprKind::DictComp) {
                compile_expr(*e.a);
                compile_expr(*e.b);
                emit(Opcode::MAP_ADD, depth);
            } else {
                compile_expr(*e.a);
                emit(Opcode::LIST_APPEND, depth);
            }
        }
        emit_jump(Opcode::JUMP_BACKWARD, top);
        bind(end);
    }

    std::shared_ptr<const std::string> source_text_;
    std::string filename_;
    std::unique_ptr<Scope> top_scope_;
    SymbolTable* symtable_ = nullptr;
    std::deque<std::unique_ptr<Unit>> units_;
    Unit* u_ = nullptr;
    Position pos_{1, 0, 0};
    std::uint32_t last_line_ = 1;
    std::vector<FBlockInfo> saved_fblocks_;
    std::vector<int> saved_handlers_;
};

STANDIN_NAMESPACE_END

STANDIN_NAMESPACE_BEGIN

#if STANDIN_DEFINITIONS
// Compiles a module's source to its code object; raises SyntaxError.
STANDIN_DECL ref<Code> compile_source(std::string_view source, const std::string& filename) {
    AstModule m = parse(source, filename);
    return Compiler(source, filename).compile_module(m);
}

// Compiles one expression to a code object returning its value.
STANDIN_DECL ref<Code> compile_expression(std::string_view source, const std::string& filename) {
    ExprPtr e = Parser(source, filename).parse_expression_only();
    return Compiler(source, filename).compile_eval(*e);
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
