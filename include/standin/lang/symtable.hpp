// Scope analysis: which names of a function are locals, cells (captured by an
// inner function), free variables (an outer function's), globals, or names
// looked up in a class body's namespace.
// Counterpart: CPython's Python/symtable.c.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/ast.hpp>
#include <standin/lang/lexer.hpp>

#include <algorithm>
#include <unordered_map>

STANDIN_NAMESPACE_BEGIN

enum class ScopeType : std::uint8_t { module, function, class_ };

enum class NameKind : std::uint8_t {
    local,            // a fast local of a function
    global_explicit,  // `global x`
    global_implicit,  // not bound anywhere enclosing: globals, then builtins
    free,             // bound in an enclosing function (a cell there)
    cell,             // local, captured by an inner function
    class_name,       // class body: the class namespace, then globals
    class_free,       // class body: the namespace, then an enclosing function's cell
};

enum SymbolFlag : std::uint8_t { DEF_LOCAL = 1, DEF_PARAM = 2, DEF_GLOBAL = 4, DEF_NONLOCAL = 8, USE = 16 };

struct Scope {
    ScopeType type;
    Str* name;
    Scope* parent = nullptr;
    std::vector<std::unique_ptr<Scope>> children;
    std::unordered_map<Str*, std::uint8_t> flags;
    std::vector<Str*> order;   // names in order of first appearance
    std::vector<Str*> params;  // parameters in slot order
    std::vector<Str*> cellvars, freevars;
    std::unordered_map<Str*, NameKind> kinds;
    std::uint32_t line = 0;
    const char* comprehension = nullptr;  // "list comprehension", ... for a comprehension's scope
    bool generator = false;               // a yield in it, or a generator expression: CO_GENERATOR

    std::uint8_t flag(Str* n) const {
        auto it = flags.find(n);
        return it == flags.end() ? 0 : it->second;
    }
    bool is_cell(Str* n) const { return std::find(cellvars.begin(), cellvars.end(), n) != cellvars.end(); }
    bool is_free(Str* n) const { return std::find(freevars.begin(), freevars.end(), n) != freevars.end(); }
    NameKind kind_of(Str* n) const {
        if (type == ScopeType::function && is_cell(n)) return NameKind::cell;
        if (type == ScopeType::class_ && n->view() == "__class__" && is_cell(n)) return NameKind::cell;
        auto it = kinds.find(n);
        if (it != kinds.end()) {
            if (it->second == NameKind::free && type == ScopeType::class_ && !(flag(n) & DEF_NONLOCAL))
                return NameKind::class_free;
            return it->second;
        }
        if (type == ScopeType::function && is_free(n)) return NameKind::free;
        if (type == ScopeType::module) return NameKind::global_implicit;
        if (type == ScopeType::class_) return NameKind::class_name;
        return NameKind::global_implicit;
    }
};

class SymbolTable {
public:
    SymbolTable(std::string filename, std::string_view source) : filename_(std::move(filename)), source_(source) {}

    std::unique_ptr<Scope> build(const AstModule& m) {
        auto top = std::make_unique<Scope>();
        top->type = ScopeType::module;
        top->name = intern("<module>");
        cur_ = top.get();
        for (const auto& s : m.body) visit(*s);
        analyze(*top);
        return top;
    }
    std::unique_ptr<Scope> build_expression(const Expr& e) {
        auto top = std::make_unique<Scope>();
        top->type = ScopeType::module;
        top->name = intern("<module>");
        cur_ = top.get();
        visit(e);
        analyze(*top);
        return top;
    }

    // The scope made for a def, class, lambda or comprehension node.
    Scope* scope_of(const void* node) const { return by_node_.at(node); }

private:
    [[noreturn]] void error(const std::string& msg, std::uint32_t line, std::uint32_t col) const {
        throw SyntaxError(msg, filename_, line, col + 1, source_line_text(source_, line));
    }

    void add(Str* n, std::uint8_t f, std::uint32_t line = 0, std::uint32_t col = 0) {
        auto [it, fresh] = cur_->flags.try_emplace(n, 0);
        if (fresh) cur_->order.push_back(n);
        if ((f & (DEF_LOCAL | USE)) && (it->second & (DEF_GLOBAL | DEF_NONLOCAL)) == 0) {
        }
        if (f & (DEF_GLOBAL | DEF_NONLOCAL)) {
            const char* what = (f & DEF_GLOBAL) ? "global" : "nonlocal";
            if (it->second & DEF_PARAM)
                error("name '" + std::string(n->view()) + "' is parameter and " + what, line, col);
            if (it->second & USE)
                error("name '" + std::string(n->view()) + "' is used prior to " + what + " declaration", line, col);
            if (it->second & DEF_LOCAL)
                error("name '" + std::string(n->view()) + "' is assigned to before " + what + " declaration", line, col);
            if ((f & DEF_NONLOCAL) && cur_->type == ScopeType::module)
                error("nonlocal declaration not allowed at module level", line, col);
        }
        it->second |= f;
    }

    Scope* push(ScopeType type, Str* name, const void* node, std::uint32_t line) {
        auto s = std::make_unique<Scope>();
        s->type = type;
        s->name = name;
        s->parent = cur_;
        s->line = line;
        Scope* raw = s.get();
        cur_->children.push_back(std::move(s));
        by_node_[node] = raw;
        cur_ = raw;
        return raw;
    }
    void pop() { cur_ = cur_->parent; }

    void visit_args_defaults(const Arguments& a) {
        for (const auto& d : a.defaults) visit(*d);
        for (const auto& d : a.kw_defaults)
            if (d) visit(*d);
    }
    void declare_params(const Arguments& a) {
        auto param = [&](Str* n) {
            add(n, DEF_PARAM | DEF_LOCAL);
            cur_->params.push_back(n);
        };
        for (const auto& p : a.posonly) param(p.name);
        for (const auto& p : a.args) param(p.name);
        for (const auto& p : a.kwonly) param(p.name);
        if (a.vararg.name) param(a.vararg.name);
        if (a.kwarg.name) param(a.kwarg.name);
    }

    void visit_body(const StmtList& body) {
        for (const auto& s : body) visit(*s);
    }

    void visit(const Stmt& s) {
        switch (s.kind) {
        case StmtKind::Expr: visit(*s.value); break;
        case StmtKind::Assign:
            visit(*s.value);
            for (const auto& t : s.targets) visit_target(*t);
            break;
        case StmtKind::AugAssign:
            visit(*s.value);
            if (s.target->kind == ExprKind::Name) add(s.target->name, DEF_LOCAL | USE);
            else visit_target(*s.target);
            break;
        case StmtKind::AnnAssign:
            if (s.value) visit(*s.value);
            visit_target(*s.target);
            if (s.test && cur_->type == ScopeType::class_ && s.target->kind == ExprKind::Name) visit(*s.test);
            break;
        case StmtKind::If:
        case StmtKind::While:
            visit(*s.test);
            visit_body(s.body);
            visit_body(s.orelse);
            break;
        case StmtKind::For:
            visit(*s.iter);
            visit_target(*s.target);
            visit_body(s.body);
            visit_body(s.orelse);
            break;
        case StmtKind::Break:
        case StmtKind::Continue:
        case StmtKind::Pass: break;
        case StmtKind::Return:
            if (cur_->type != ScopeType::function) error("'return' outside function", s.line, s.col);
            if (s.value) visit(*s.value);
            break;
        case StmtKind::FunctionDef: {
            for (const auto& d : s.decorators) visit(*d);
            visit_args_defaults(*s.args);
            add(s.binding ? s.binding : s.name, DEF_LOCAL);
            push(ScopeType::function, s.name, &s, s.line);
            declare_params(*s.args);
            visit_body(s.body);
            pop();
            break;
        }
        case StmtKind::ClassDef: {
            for (const auto& d : s.decorators) visit(*d);
            for (const auto& b : s.bases) visit(*b);
            for (const auto& k : s.class_keywords) visit(*k.value);
            add(s.binding ? s.binding : s.name, DEF_LOCAL);
            push(ScopeType::class_, s.name, &s, s.line);
            visit_body(s.body);
            pop();
            break;
        }
        case StmtKind::Global:
            for (Str* n : s.names) add(n, DEF_GLOBAL, s.line, s.col);
            break;
        case StmtKind::Nonlocal:
            for (Str* n : s.names) add(n, DEF_NONLOCAL, s.line, s.col);
            break;
        case StmtKind::Assert:
            visit(*s.test);
            if (s.msg) visit(*s.msg);
            break;
        case StmtKind::Raise:
            if (s.exc) visit(*s.exc);
            if (s.cause) visit(*s.cause);
            break;
        case StmtKind::Try:
            visit_body(s.body);
            for (const auto& h : s.handlers) {
                if (h.type) visit(*h.type);
                if (h.name) add(h.name, DEF_LOCAL);
                visit_body(h.body);
            }
            visit_body(s.orelse);
            visit_body(s.finalbody);
            break;
        case StmtKind::Import:
            for (const auto& a : s.aliases) {
                if (a.asname) add(a.asname, DEF_LOCAL);
                else {
                    auto v = a.name->view();
                    add(intern(v.substr(0, v.find('.'))), DEF_LOCAL);
                }
            }
            break;
        case StmtKind::ImportFrom:
            if (s.aliases.size() == 1 && s.aliases[0].name->view() == "*") {
                if (cur_->type != ScopeType::module) error("import * only allowed at module level", s.line, s.col);
                break;
            }
            for (const auto& a : s.aliases) add(a.asname ? a.asname : a.name, DEF_LOCAL);
            break;
        case StmtKind::Delete:
            for (const auto& t : s.targets) visit_target(*t);
            break;
        case StmtKind::With:
            for (const auto& item : s.items) {
                visit(*item.context);
                if (item.target) visit_target(*item.target);
            }
            visit_body(s.body);
            break;
        }
    }

    void visit_target(const Expr& e) {
        switch (e.kind) {
        case ExprKind::Name: add(e.name, DEF_LOCAL); break;
        case ExprKind::Tuple:
        case ExprKind::List:
            for (const auto& i : e.elts) visit_target(*i);
            break;
        case ExprKind::Starred: visit_target(*e.value); break;
        default: visit(e); break;
        }
    }

    void visit_comprehension(const Expr& e) {
        visit(*e.generators[0].iter);
        static Str* const names[] = {intern("<listcomp>"), intern("<dictcomp>"), intern("<setcomp>"), intern("<genexpr>")};
        static const char* const what[] = {"list comprehension", "dict comprehension", "set comprehension",
                                           "generator expression"};
        const int k = e.kind == ExprKind::DictComp ? 1 : e.kind == ExprKind::SetComp ? 2 : e.kind == ExprKind::GeneratorExp ? 3 : 0;
        push(ScopeType::function, names[k], &e, e.line);
        cur_->comprehension = what[k];
        cur_->generator = k == 3;
        Str* dot0 = intern(".0");
        add(dot0, DEF_PARAM | DEF_LOCAL);
        cur_->params.push_back(dot0);
        for (std::size_t g = 0; g < e.generators.size(); ++g) {
            const auto& gen = e.generators[g];
            if (g > 0) visit(*gen.iter);
            visit_target(*gen.target);
            for (const auto& c : gen.ifs) visit(*c);
        }
        if (e.kind == ExprKind::DictComp) {
            visit(*e.key);
            visit(*e.value);
        } else {
            visit(*e.elt);
        }
        pop();
    }

    void visit(const Expr& e) {
        switch (e.kind) {
        case ExprKind::Name:
            add(e.name, USE);
            if (e.name->view() == "super" && cur_->type == ScopeType::function) add(intern("__class__"), USE);
            break;
        case ExprKind::Constant: break;
        case ExprKind::Lambda:
            visit_args_defaults(*e.arguments);
            push(ScopeType::function, intern("<lambda>"), &e, e.line);
            declare_params(*e.arguments);
            visit(*e.body);
            pop();
            break;
        case ExprKind::ListComp:
        case ExprKind::SetComp:
        case ExprKind::GeneratorExp:
        case ExprKind::DictComp: visit_comprehension(e); break;
        case ExprKind::Yield:
        case ExprKind::YieldFrom:
            if (cur_->comprehension) error(std::string("'yield' inside ") + cur_->comprehension, e.line, e.col);
            if (cur_->type != ScopeType::function) error("'yield' outside function", e.line, e.col);
            cur_->generator = true;
            if (e.value) visit(*e.value);
            break;
        default: for_each_child(e, [&](const Expr& child) { visit(child); }); break;
        }
    }

    // Finds the function scope that binds `n` for `s`'s free reference, or null.
    static Scope* find_binding(Scope& s, Str* n) {
        for (Scope* p = s.parent; p; p = p->parent) {
            if (p->type == ScopeType::module) return nullptr;
            if (p->type == ScopeType::class_) {
                if (n->view() == "__class__") return p;
                continue;
            }
            std::uint8_t f = p->flag(n);
            if (f & DEF_GLOBAL) return nullptr;
            if (f & DEF_NONLOCAL) continue;
            if (f & DEF_LOCAL) return p;
        }
        return nullptr;
    }
    static void add_unique(std::vector<Str*>& v, Str* n) {
        if (std::find(v.begin(), v.end(), n) == v.end()) v.push_back(n);
    }
    // Marks `n` a cell in `owner` and a free variable in every scope from `s` up to it.
    static void capture(Scope& s, Scope* owner, Str* n) {
        add_unique(owner->cellvars, n);
        for (Scope* p = &s; p != owner; p = p->parent) add_unique(p->freevars, n);
    }

    void analyze(Scope& s) {
        for (Str* n : s.order) {
            std::uint8_t f = s.flag(n);
            if (s.type == ScopeType::module) {
                s.kinds[n] = (f & DEF_GLOBAL) ? NameKind::global_explicit : NameKind::global_implicit;
                continue;
            }
            if (f & DEF_GLOBAL) {
                s.kinds[n] = NameKind::global_explicit;
                continue;
            }
            if (f & DEF_NONLOCAL) {
                Scope* owner = find_binding(s, n);
                if (!owner || owner->type != ScopeType::function)
                    error("no binding for nonlocal '" + std::string(n->view()) + "' found", s.line, 0);
                capture(s, owner, n);
                s.kinds[n] = NameKind::free;
                continue;
            }
            if (f & DEF_LOCAL) {
                s.kinds[n] = s.type == ScopeType::class_ ? NameKind::class_name : NameKind::local;
                continue;
            }
            if (Scope* owner = find_binding(s, n)) {
                capture(s, owner, n);
                s.kinds[n] = s.type == ScopeType::class_ ? NameKind::class_free : NameKind::free;
            } else {
                s.kinds[n] = s.type == ScopeType::class_ ? NameKind::class_name : NameKind::global_implicit;
            }
        }
        for (auto& c : s.children) analyze(*c);
    }

    std::string filename_;
    std::string_view source_;
    Scope* cur_ = nullptr;
    std::unordered_map<const void*, Scope*> by_node_;
};

STANDIN_NAMESPACE_END
