// The abstract syntax tree of the guest language. Nodes are tagged structs
// (one kind enum per family, CPython's Python.asdl shape) owning their
// children; the compiler walks them once.
// Counterpart: CPython's Parser/Python.asdl and Include/internal/pycore_ast.h.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/str.hpp>

#include <memory>
#include <vector>

STANDIN_NAMESPACE_BEGIN

struct Expr;
struct Stmt;
using ExprPtr = std::unique_ptr<Expr>;
using StmtPtr = std::unique_ptr<Stmt>;
using ExprList = std::vector<ExprPtr>;
using StmtList = std::vector<StmtPtr>;

enum class ExprKind : std::uint8_t {
    Name,          // name
    Constant,      // value
    BinOp,         // a op b (op: BinaryOp)
    UnaryOp,       // op a (op: Opcode of the UNARY_* instruction)
    BoolOp,        // items joined by and (op 0) / or (op 1)
    Compare,       // a ops[i] items[i]...
    Call,          // a(items..., keywords)
    Attribute,     // a.name
    Subscript,     // a[b]
    Slice,         // a:b:c (each may be null)
    List,          // [items]
    Tuple,         // (items)
    Dict,          // {keys(items): values(values)}; a null key is **value
    ListComp,      // [a generators]
    DictComp,      // {a: b generators}
    IfExp,         // a if b else c
    Lambda,        // lambda args: a
    JoinedStr,     // f-string: items are Constant str or FormattedValue
    FormattedValue,// {a!conv:b}
    Starred,       // *a
};

// Compare operators (beyond COMPARE_OP's six).
enum CmpOpKind : std::uint8_t { C_LT, C_LE, C_EQ, C_NE, C_GT, C_GE, C_IN, C_NOT_IN, C_IS, C_IS_NOT };

struct Keyword {
    Str* name;  // nullptr for **expr
    ExprPtr value;
    std::uint32_t line, col;
};

struct Comprehension {
    ExprPtr target;
    ExprPtr iter;
    ExprList ifs;
};

struct Arg {
    Str* name;
    std::uint32_t line, col;
};

struct Arguments {
    std::vector<Arg> posonly;
    std::vector<Arg> args;      // positional-or-keyword
    ExprList defaults;          // for the last len(defaults) of posonly+args
    Arg vararg{nullptr, 0, 0};  // *args (name null when absent)
    std::vector<Arg> kwonly;
    ExprList kw_defaults;       // parallel to kwonly; null when required
    Arg kwarg{nullptr, 0, 0};   // **kwargs
};

struct Expr {
    ExprKind kind;
    std::uint32_t line = 0, col = 0, end_col = 0;
    std::uint32_t depth = 1;  // height of the subtree (bounded by the parser)
    std::uint32_t op = 0;
    Str* name = nullptr;
    Value value;  // Constant
    ExprPtr a, b, c;
    ExprList items;
    ExprList values;  // Dict values
    std::vector<std::uint8_t> ops;  // Compare
    std::vector<Keyword> keywords;
    std::vector<Comprehension> generators;
    std::unique_ptr<Arguments> args;  // Lambda
    bool parenthesized = false;
};

enum class StmtKind : std::uint8_t {
    Expr, Assign, AugAssign, AnnAssign, If, While, For, Break, Continue, Pass, Return, FunctionDef,
    ClassDef, Global, Nonlocal, Assert, Raise, Try, Import, ImportFrom, Delete, With,
};

struct ExceptHandler {
    ExprPtr type;  // null for a bare except
    Str* name = nullptr;
    StmtList body;
    std::uint32_t line, col;
};

struct Alias {
    Str* name;    // dotted for import
    Str* asname;  // may be null
};

struct WithItem {
    ExprPtr context;
    ExprPtr target;  // may be null
};

struct Stmt {
    StmtKind kind;
    std::uint32_t line = 0, col = 0, end_col = 0;
    ExprList targets;  // Assign targets, Delete targets
    ExprPtr value;     // Expr, Assign, AugAssign, Return, If/While test, For iter, Assert test, Raise exc
    ExprPtr target;    // AugAssign, For, AnnAssign
    ExprPtr extra;     // Assert msg, Raise cause
    std::uint32_t op = 0;
    StmtList body, orelse, finalbody;
    std::vector<ExceptHandler> handlers;
    Str* name = nullptr;  // def / class name, ImportFrom module
    std::unique_ptr<Arguments> args;
    ExprList decorators;
    ExprList bases;
    std::vector<Str*> names;  // Global / Nonlocal
    std::vector<Alias> aliases;
    std::vector<WithItem> items;
    std::uint32_t level = 0;  // ImportFrom relative level
};

inline ExprPtr make_expr(ExprKind kind, std::uint32_t line, std::uint32_t col) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->line = line;
    e->col = col;
    return e;
}

inline StmtPtr make_stmt(StmtKind kind, std::uint32_t line, std::uint32_t col) {
    auto s = std::make_unique<Stmt>();
    s->kind = kind;
    s->line = line;
    s->col = col;
    return s;
}

struct AstModule {
    StmtList body;
};

STANDIN_NAMESPACE_END
