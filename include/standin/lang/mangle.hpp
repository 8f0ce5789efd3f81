// Private name mangling: inside a class body (and the functions, lambdas and
// comprehensions in it), an identifier `__spam` (two leading underscores, not
// ending in two) is `_Class__spam`, Class being the innermost class's name
// without its leading underscores. Applied to the AST once it is parsed, to
// every name CPython mangles: names read and bound, attribute names,
// parameters, except-as names, global/nonlocal names, import-as names and the
// names a def or class statement binds (`binding`; the function's or class's
// own __name__ stays as written). Keyword argument names of calls and string
// constants are not mangled, as in CPython.
// Counterpart: CPython's _Py_Mangle (Python/compile.c) and its callers.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>

#include <algorithm>
#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

namespace detail {

class PrivateNames {
public:
    void module(AstModule& m) {
        for (auto& s : m.body) stmt(*s);
    }

private:
    std::string cls_;  // the innermost class's name, leading underscores stripped ("": none)

    Str* mangle(Str* name) const {
        if (!name || cls_.empty()) return name;
        const std::string_view v = name->view();
        if (v.size() < 3 || !v.starts_with("__") || v.ends_with("__") || v.find('.') != std::string_view::npos)
            return name;
        return intern("_" + cls_ + std::string(v));
    }
    void arguments(Arguments& a) {
        for (auto* list : {&a.posonly, &a.args, &a.kwonly})
            for (Arg& p : *list) p.name = mangle(p.name);
        a.vararg.name = mangle(a.vararg.name);
        a.kwarg.name = mangle(a.kwarg.name);
        for (auto& d : a.defaults) expr(*d);
        for (auto& d : a.kw_defaults)
            if (d) expr(*d);
    }
    void expr(Expr& e) {
        if (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute) e.name = mangle(e.name);
        if (e.kind == ExprKind::Lambda && e.arguments) arguments(*e.arguments);
        for (Comprehension& c : e.generators) {
            expr(*c.target);
            expr(*c.iter);
            for (auto& i : c.ifs) expr(*i);
        }
        for_each_child(e, [this](Expr& child) { expr(child); });
    }
    void body(StmtList& list) {
        for (auto& s : list) stmt(*s);
    }
    void stmt(Stmt& s) {
        auto one = [this](ExprPtr& e) {
            if (e) expr(*e);
        };
        for (auto& d : s.decorators) expr(*d);
        for (auto& t : s.targets) expr(*t);
        one(s.target), one(s.value), one(s.test), one(s.iter), one(s.msg), one(s.exc), one(s.cause);
        for (auto& n : s.names) n = mangle(n);
        for (Alias& a : s.aliases)
            if (a.asname) a.asname = mangle(a.asname);
        for (WithItem& w : s.items) one(w.context), one(w.target);
        for (ExceptHandler& h : s.handlers) {
            one(h.type);
            h.name = mangle(h.name);
            body(h.body);
        }
        if (s.kind == StmtKind::FunctionDef) {
            s.binding = mangle(s.name);
            if (s.args) arguments(*s.args);
        }
        if (s.kind == StmtKind::ClassDef) {
            s.binding = mangle(s.name);
            for (auto& b : s.bases) expr(*b);
            for (Keyword& k : s.class_keywords) expr(*k.value);
            std::string saved = std::move(cls_);
            const std::string_view n = s.name->view();
            cls_ = std::string(n.substr(std::min(n.find_first_not_of('_'), n.size())));
            body(s.body);
            cls_ = std::move(saved);
        } else {
            body(s.body);
        }
        body(s.orelse);
        body(s.finalbody);
    }
};

}  // namespace detail

// Mangles the private names of a parsed module in place.
inline void mangle_private_names(AstModule& m) { detail::PrivateNames{}.module(m); }

STANDIN_NAMESPACE_END
