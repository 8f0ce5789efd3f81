// The expression compiler: expressions to instructions, with the name
// resolution they share with statements (LOAD_FAST, LOAD_DEREF, LOAD_GLOBAL...
// as the symbol table decided), assignment targets, and the function objects
// lambdas and comprehensions make (defaults, closures, MAKE_FUNCTION).
// Counterpart: the compiler_visit_expr part of CPython's Python/compile.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/assembler.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class ExpressionCompiler : public Assembler {
protected:
    using Assembler::Assembler;

    // --- functions --------------------------------------------------------------------
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
        case NameKind::class_free: emit(Opcode::DELETE_DEREF, deref_index(n)); return;
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
            compile_expr(*t.value);
            emit(Opcode::STORE_ATTR, add_name(t.name));
            return;
        case ExprKind::Subscript:
            compile_expr(*t.value);
            compile_subscript_key(*t.slice);
            emit(Opcode::STORE_SUBSCR);
            return;
        case ExprKind::Tuple:
        case ExprKind::List: {
            std::size_t star = t.elts.size();
            for (std::size_t i = 0; i < t.elts.size(); ++i)
                if (t.elts[i]->kind == ExprKind::Starred) star = i;
            if (star == t.elts.size()) {
                emit(Opcode::UNPACK_SEQUENCE, static_cast<std::uint32_t>(t.elts.size()));
            } else {
                std::size_t after = t.elts.size() - star - 1;
                if (star > 255 || after > 0xFFFFFF) error("too many expressions in star-unpacking assignment", t.line, t.col);
                emit(Opcode::UNPACK_EX, static_cast<std::uint32_t>(star | after << 8));
            }
            for (const auto& item : t.elts) compile_store(item->kind == ExprKind::Starred ? *item->value : *item);
            return;
        }
        case ExprKind::Starred: error("starred assignment target must be in a list or tuple", t.line, t.col);
        default: error("cannot assign to expression", t.line, t.col);
        }
    }
    // --- expressions --------------------------------------------------------------------
    // Jumps to `label` when the truth of `e` equals `cond`, else falls through.
    void compile_jump_if(const Expr& e, int label, bool cond) {
        if (e.kind == ExprKind::UnaryOp && e.unary_op == Opcode::UNARY_NOT)
            return compile_jump_if(*e.operand, label, !cond);
        if (e.kind == ExprKind::BoolOp) {
            bool is_or = e.bool_op == BoolOpKind::Or;
            // and: all true; or: any true.
            if (cond == is_or) {
                for (const auto& item : e.values) compile_jump_if(*item, label, cond);
            } else {
                int next = new_label();
                for (std::size_t i = 0; i + 1 < e.values.size(); ++i) compile_jump_if(*e.values[i], next, !cond);
                compile_jump_if(*e.values.back(), label, cond);
                bind(next);
            }
            return;
        }
        compile_expr(e);
        PosGuard pg(*this, e.line, e.col, e.end_col);
        emit_jump(cond ? Opcode::POP_JUMP_IF_TRUE : Opcode::POP_JUMP_IF_FALSE, label);
    }

    static bool is_constant_tuple(const Expr& e) {
        if (e.kind != ExprKind::Tuple || e.elts.empty()) return false;
        for (const auto& i : e.elts)
            if (i->kind != ExprKind::Constant && !is_constant_tuple(*i)) return false;
        return true;
    }
    static Value constant_tuple(const Expr& e) {
        std::vector<Value> items;
        for (const auto& i : e.elts) items.push_back(i->kind == ExprKind::Constant ? i->constant : constant_tuple(*i));
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
            for (const auto& i : k.elts) any_slice |= i->kind == ExprKind::Slice;
            if (any_slice) {
                for (const auto& i : k.elts) {
                    if (i->kind == ExprKind::Slice) compile_slice(*i);
                    else compile_expr(*i);
                }
                emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(k.elts.size()));
                return;
            }
        }
        compile_expr(k);
    }
    void compile_slice(const Expr& s) {
        PosGuard pg(*this, s.line, s.col);
        if (s.lower) compile_expr(*s.lower);
        else emit_const(Value());
        if (s.upper) compile_expr(*s.upper);
        else emit_const(Value());
        if (s.step) {
            compile_expr(*s.step);
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
                compile_expr(*i->value);
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
        case ExprKind::Constant: return emit_const(e.constant);
        case ExprKind::BinOp:
            compile_expr(*e.left);
            compile_expr(*e.right);
            emit(Opcode::BINARY_OP, e.op);
            return;
        case ExprKind::UnaryOp:
            compile_expr(*e.operand);
            emit(e.unary_op);
            return;
        case ExprKind::BoolOp: {
            int end = new_label();
            for (std::size_t i = 0; i < e.values.size(); ++i) {
                compile_expr(*e.values[i]);
                if (i + 1 < e.values.size())
                    emit_jump(e.bool_op == BoolOpKind::Or ? Opcode::JUMP_IF_TRUE_OR_POP : Opcode::JUMP_IF_FALSE_OR_POP, end);
            }
            bind(end);
            return;
        }
        case ExprKind::Compare: return compile_compare(e);
        case ExprKind::Call: return compile_call(e);
        case ExprKind::Attribute:
            compile_expr(*e.value);
            emit(Opcode::LOAD_ATTR, add_name(e.name));
            return;
        case ExprKind::Subscript:
            compile_expr(*e.value);
            compile_subscript_key(*e.slice);
            emit(Opcode::BINARY_SUBSCR);
            return;
        case ExprKind::Slice: return compile_slice(e);
        case ExprKind::List:
            if (has_starred(e.elts)) return compile_starred_list(e.elts);
            for (const auto& i : e.elts) compile_expr(*i);
            emit(Opcode::BUILD_LIST, static_cast<std::uint32_t>(e.elts.size()));
            return;
        case ExprKind::Tuple:
            if (is_constant_tuple(e)) return emit_const(constant_tuple(e));
            if (has_starred(e.elts)) {
                compile_starred_list(e.elts);
                emit(Opcode::LIST_TO_TUPLE);
                return;
            }
            for (const auto& i : e.elts) compile_expr(*i);
            emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(e.elts.size()));
            return;
        case ExprKind::Dict: {
            bool unpack = false;
            for (const auto& k : e.keys) unpack |= k == nullptr;
            if (!unpack) {
                for (std::size_t i = 0; i < e.keys.size(); ++i) {
                    compile_expr(*e.keys[i]);
                    compile_expr(*e.values[i]);
                }
                emit(Opcode::BUILD_MAP, static_cast<std::uint32_t>(e.keys.size()));
                return;
            }
            emit(Opcode::BUILD_MAP, 0);
            for (std::size_t i = 0; i < e.keys.size(); ++i) {
                if (e.keys[i]) {
                    compile_expr(*e.keys[i]);
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
        case ExprKind::SetComp:
        case ExprKind::GeneratorExp:
        case ExprKind::DictComp: return compile_comprehension(e);
        case ExprKind::Yield:
            if (e.value) compile_expr(*e.value);
            else emit_const(Value());
            emit(Opcode::YIELD_VALUE);
            return;
        case ExprKind::YieldFrom: {
            // 3.11's loop: SEND resumes the inner iterator with what the
            // outer generator was sent; its return value is the expression's.
            compile_expr(*e.value);
            emit(Opcode::GET_YIELD_FROM_ITER);
            emit_const(Value());
            int send = new_label(), done = new_label();
            bind(send);
            emit_jump(Opcode::SEND, done);
            emit(Opcode::YIELD_VALUE);
            emit_jump(Opcode::JUMP_BACKWARD, send);
            bind(done);
            return;
        }
        case ExprKind::Set:
            if (!has_starred(e.elts)) {
                for (const auto& i : e.elts) compile_expr(*i);
                emit(Opcode::BUILD_SET, static_cast<std::uint32_t>(e.elts.size()));
                return;
            }
            emit(Opcode::BUILD_SET, 0);
            for (const auto& i : e.elts) {
                if (i->kind == ExprKind::Starred) {
                    compile_expr(*i->value);
                    emit(Opcode::SET_UPDATE, 1);
                } else {
                    compile_expr(*i);
                    emit(Opcode::SET_ADD, 1);
                }
            }
            return;
        case ExprKind::IfExp: {
            int orelse = new_label(), end = new_label();
            compile_jump_if(*e.test, orelse, false);
            compile_expr(*e.body);
            emit_jump(Opcode::JUMP_FORWARD, end);
            bind(orelse);
            compile_expr(*e.orelse);
            bind(end);
            return;
        }
        case ExprKind::Lambda: {
            std::uint32_t flags = compile_defaults(*e.arguments);
            Scope* scope = symtable_->scope_of(&e);
            Str* name = intern("<lambda>");
            enter(scope, name, child_qualname(name), e.line);
            set_signature(*u_->code, *e.arguments);
            compile_expr(*e.body);
            emit(Opcode::RETURN_VALUE);
            ref<Code> code = leave();
            make_function(code, flags);
            return;
        }
        case ExprKind::JoinedStr: {
            if (e.values.empty()) return emit_const(str(""));
            if (e.values.size() == 1 && e.values[0]->kind == ExprKind::Constant) return compile_expr(*e.values[0]);
            for (const auto& i : e.values) compile_expr(*i);
            if (e.values.size() > 1 || e.values[0]->kind != ExprKind::FormattedValue)
                emit(Opcode::BUILD_STRING, static_cast<std::uint32_t>(e.values.size()));
            return;
        }
        case ExprKind::FormattedValue: {
            compile_expr(*e.value);
            std::uint32_t flags = static_cast<std::uint32_t>(e.conversion);
            if (e.format_spec) {
                compile_expr(*e.format_spec);
                flags |= 4;
            }
            emit(Opcode::FORMAT_VALUE, flags);
            return;
        }
        case ExprKind::Starred: error("can't use starred expression here", e.line, e.col);
        }
    }

    void compile_compare(const Expr& e) {
        auto emit_cmp = [&](CompareOp op) {
            switch (op) {
            case CMP_IN: emit(Opcode::CONTAINS_OP, 0); break;
            case CMP_NOT_IN: emit(Opcode::CONTAINS_OP, 1); break;
            case CMP_IS: emit(Opcode::IS_OP, 0); break;
            case CMP_IS_NOT: emit(Opcode::IS_OP, 1); break;
            default: emit(Opcode::COMPARE_OP, op); break;
            }
        };
        compile_expr(*e.left);
        if (e.ops.size() == 1) {
            compile_expr(*e.comparators[0]);
            emit_cmp(e.ops[0]);
            return;
        }
        int cleanup = new_label(), end = new_label();
        for (std::size_t i = 0; i + 1 < e.ops.size(); ++i) {
            compile_expr(*e.comparators[i]);
            emit(Opcode::SWAP, 2);
            emit(Opcode::COPY, 2);
            emit_cmp(e.ops[i]);
            emit_jump(Opcode::JUMP_IF_FALSE_OR_POP, cleanup);
        }
        compile_expr(*e.comparators.back());
        emit_cmp(e.ops.back());
        emit_jump(Opcode::JUMP_FORWARD, end);
        bind(cleanup);
        emit(Opcode::SWAP, 2);
        emit(Opcode::POP_TOP);
        bind(end);
    }

    void compile_call(const Expr& e) {
        bool starred = has_starred(e.args);
        bool kw_unpack = false;
        for (const auto& k : e.keywords) kw_unpack |= k.name == nullptr;
        const Expr& f = *e.func;
        // Zero-argument super() inside a method: super(__class__, <first argument>).
        if (f.kind == ExprKind::Name && f.name->view() == "super" && e.args.empty() && e.keywords.empty() &&
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
                compile_starred_list(e.args);
                emit(Opcode::LIST_TO_TUPLE);
            } else {
                for (const auto& i : e.args) compile_expr(*i);
                emit(Opcode::BUILD_TUPLE, static_cast<std::uint32_t>(e.args.size()));
            }
            if (!e.keywords.empty()) {
                // Each keyword and each **mapping is merged in (CPython's
                // DICT_MERGE: DICT_UPDATE with dict_merge_flag), so a key
                // given twice is "f() got multiple values for keyword argument".
                emit(Opcode::BUILD_MAP, 0);
                for (const auto& k : e.keywords) {
                    if (k.name) {
                        emit_const(Value::borrow(k.name));
                        compile_expr(*k.value);
                        emit(Opcode::BUILD_MAP, 1);
                    } else {
                        compile_expr(*k.value);
                    }
                    emit(Opcode::DICT_UPDATE, 1 | dict_merge_flag);
                }
                emit(Opcode::CALL_FUNCTION_EX, 1);
            } else {
                emit(Opcode::CALL_FUNCTION_EX, 0);
            }
            return;
        }
        if (f.kind == ExprKind::Attribute) {
            compile_expr(*f.value);
            PosGuard pg(*this, f.line, f.col, f.end_col);
            emit(Opcode::LOAD_METHOD, add_name(f.name));
        } else if (f.kind == ExprKind::Name) {
            compile_name_load(f.name, f, true);
        } else {
            emit(Opcode::PUSH_NULL);
            compile_expr(f);
        }
        for (const auto& i : e.args) compile_expr(*i);
        for (const auto& k : e.keywords) compile_expr(*k.value);
        if (!e.keywords.empty()) {
            std::vector<Value> names;
            for (const auto& k : e.keywords) names.push_back(Value::borrow(k.name));
            emit(Opcode::KW_NAMES, add_const(make_value<Tuple>(std::move(names))));
        }
        emit(Opcode::CALL, static_cast<std::uint32_t>(e.args.size() + e.keywords.size()));
    }

    void compile_comprehension(const Expr& e) {
        Scope* scope = symtable_->scope_of(&e);
        bool is_dict = e.kind == ExprKind::DictComp;
        const bool is_generator = e.kind == ExprKind::GeneratorExp;
        enter(scope, scope->name, child_qualname(scope->name), e.line);
        u_->code->argcount = 1;
        u_->code->flags |= CO_NESTED;
        {
            PosGuard pg(*this, e.line, e.col);
            if (!is_generator)
                emit(is_dict ? Opcode::BUILD_MAP : e.kind == ExprKind::SetComp ? Opcode::BUILD_SET : Opcode::BUILD_LIST, 0);
            compile_comprehension_generator(e, 0);
            if (is_generator) emit_const(Value());
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
                compile_expr(*e.key);
                compile_expr(*e.value);
                emit(Opcode::MAP_ADD, depth);
            } else if (e.kind == ExprKind::GeneratorExp) {
                compile_expr(*e.elt);
                emit(Opcode::YIELD_VALUE);
                emit(Opcode::POP_TOP);
            } else {
                compile_expr(*e.elt);
                emit(e.kind == ExprKind::SetComp ? Opcode::SET_ADD : Opcode::LIST_APPEND, depth);
            }
        }
        emit_jump(Opcode::JUMP_BACKWARD, top);
        bind(end);
    }
};

STANDIN_NAMESPACE_END
