// The compiler: AST to code objects. This header holds the statements
// (control flow, exception handling and its unwinding on return/break/continue,
// with, def, class, imports) and the entry points; ExpressionCompiler
// (compile_expr.hpp) compiles expressions, Assembler (assembler.hpp) emits and
// assembles.
// Counterpart: the compiler_visit_stmt part of CPython's Python/compile.c.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/lang/code.hpp>
#include <standin/lang/compile.hpp>
#include <standin/lang/compile_expr.hpp>
#include <standin/lang/parser.hpp>
#include <standin/lang/symtable.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Compiler : public ExpressionCompiler {
public:
    Compiler(std::string_view source, std::string filename) : ExpressionCompiler(source, std::move(filename)) {}

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
    void compile_body(const StmtList& body) {
        for (const auto& s : body) compile_stmt(*s);
    }
    // The docstring of a function or class body: its first statement, when
    // that is a string literal; else None.
    static Value docstring(const StmtList& body) {
        if (body.empty() || body[0]->kind != StmtKind::Expr || body[0]->value->kind != ExprKind::Constant ||
            !body[0]->value->constant.is<Str>())
            return Value();
        return body[0]->value->constant;
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
            if (s.test && u_->scope->type == ScopeType::class_ && s.target->kind == ExprKind::Name) {
                compile_expr(*s.test);
                emit(Opcode::LOAD_NAME, add_name(intern("__annotations__")));
                emit_const(Value::borrow(s.target->name));
                emit(Opcode::STORE_SUBSCR);
            }
            return;
        case StmtKind::AugAssign: return compile_augassign(s);
        case StmtKind::If: {
            int orelse = new_label(), end = new_label();
            compile_jump_if(*s.test, orelse, false);
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
            compile_jump_if(*s.test, ok, true);
            emit(Opcode::LOAD_ASSERTION_ERROR);
            if (s.msg) {
                compile_expr(*s.msg);
                emit(Opcode::CALL, 0);
            }
            emit(Opcode::RAISE_VARARGS, 1);
            bind(ok);
            return;
        }
        case StmtKind::Raise: {
            std::uint32_t n = 0;
            if (s.exc) compile_expr(*s.exc), ++n;
            if (s.cause) compile_expr(*s.cause), ++n;
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
            emit(Opcode::IMPORT_NAME, add_name(s.module));
            if (s.aliases.size() == 1 && s.aliases[0].name->view() == "*") {
                emit(Opcode::IMPORT_STAR);
                return;
            }
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
            compile_expr(*t.value);
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
            compile_expr(*t.value);
            compile_subscript_key(*t.slice);
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
        bool forever = s.test->kind == ExprKind::Constant && s.test->constant.is_bool() && s.test->constant.as_bool();
        if (!forever) compile_jump_if(*s.test, orelse, false);
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
        compile_expr(*s.iter);
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
        // (by position: a finally body compiled below may grow the vector)
        const std::size_t until_at = until ? static_cast<std::size_t>(until - u_->fblocks.data()) : 0;
        while (!u_->fblocks.empty()) {
            FBlockInfo fb = u_->fblocks.back();
            if (until && u_->fblocks.size() - 1 == until_at) {
                if (fb.type == FBlock::for_loop && is_break) emit(Opcode::POP_TOP);
                break;
            }
            u_->fblocks.pop_back();
            u_->handler_stack.resize(std::min(u_->handler_stack.size(), fb.handler_depth));
            switch (fb.type) {
            case FBlock::while_loop: break;
            case FBlock::for_loop:
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit(Opcode::POP_TOP);
                break;
            case FBlock::try_except: break;
            case FBlock::finally_try:
                if (preserve_tos) u_->fblocks.push_back({FBlock::pop_value, -1, -1, u_->handler_stack.size(), nullptr, nullptr});
                compile_body(*fb.finalbody);
                if (preserve_tos) u_->fblocks.pop_back();
                break;
            case FBlock::pop_value:
                if (preserve_tos) emit(Opcode::SWAP, 2);
                emit(Opcode::POP_TOP);
                break;
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

    void compile_def(const Stmt& s) {
        for (const auto& d : s.decorators) compile_expr(*d);
        std::uint32_t flags = compile_defaults(*s.args);
        Scope* scope = symtable_->scope_of(&s);
        enter(scope, s.name, child_qualname(s.name), s.line);
        set_signature(*u_->code, *s.args);
        u_->code->doc = docstring(s.body);
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
        compile_name_store(s.binding ? s.binding : s.name);
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
            if (Value doc = docstring(s.body); !doc.is_none()) {  // (the class's __doc__)
                emit_const(doc);
                emit(Opcode::STORE_NAME, add_name(intern("__doc__")));
            }
            for (const auto& st : s.body)
                if (st->kind == StmtKind::AnnAssign && st->target->kind == ExprKind::Name) {
                    emit(Opcode::BUILD_MAP, 0);
                    emit(Opcode::STORE_NAME, add_name(intern("__annotations__")));
                    break;
                }
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
        for (const auto& k : s.class_keywords) compile_expr(*k.value);
        if (!s.class_keywords.empty()) {
            std::vector<Value> names;
            for (const auto& k : s.class_keywords) names.push_back(Value::borrow(k.name));
            emit(Opcode::KW_NAMES, add_const(make_value<Tuple>(std::move(names))));
        }
        emit(Opcode::CALL, static_cast<std::uint32_t>(2 + s.bases.size() + s.class_keywords.size()));
        for (std::size_t i = 0; i < s.decorators.size(); ++i) emit(Opcode::CALL, 0);
        compile_name_store(s.binding ? s.binding : s.name);
    }

    void compile_delete(const Expr& t) {
        PosGuard pg(*this, t.line, t.col, t.end_col);
        switch (t.kind) {
        case ExprKind::Name: compile_name_delete(t.name); return;
        case ExprKind::Attribute:
            compile_expr(*t.value);
            emit(Opcode::DELETE_ATTR, add_name(t.name));
            return;
        case ExprKind::Subscript:
            compile_expr(*t.value);
            compile_subscript_key(*t.slice);
            emit(Opcode::DELETE_SUBSCR);
            return;
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const auto& i : t.elts) compile_delete(*i);
            return;
        default: error("cannot delete expression", t.line, t.col);
        }
    }

    std::vector<FBlockInfo> saved_fblocks_;
    std::vector<int> saved_handlers_;
};

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
