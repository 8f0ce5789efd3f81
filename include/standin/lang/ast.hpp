// The abstract syntax tree of the guest language. Nodes are tagged structs
// (one kind enum per family, CPython's Python.asdl shape) owning their
// children, with Python.asdl's field names; the compiler walks them once.
// Counterpart: CPython's Parser/Python.asdl and Include/internal/pycore_ast.h.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/bytecode.hpp>
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

// Each node kind's fields, named as in Python.asdl (the node is one struct for
// every kind; a kind uses only its own fields, the others stay empty).
enum class ExprKind : std::uint8_t {
    Name,          // name
    Constant,      // constant
    BinOp,         // left op right
    UnaryOp,       // unary_op operand
    BoolOp,        // values joined by bool_op
    Compare,       // left ops[i] comparators[i] ...
    Call,          // func(args..., keywords)
    Attribute,     // value.name
    Subscript,     // value[slice]
    Slice,         // lower:upper:step (each may be null)
    List,          // [elts]
    Tuple,         // (elts)
    Dict,          // {keys[i]: values[i]}; a null key is **values[i]
    ListComp,      // [elt generators]
    DictComp,      // {key: value generators}
    Set,           // {elts}
    SetComp,       // {elt generators}
    IfExp,         // body if test else orelse
    Lambda,        // lambda arguments: body
    JoinedStr,     // f-string: values are Constant str or FormattedValue
    FormattedValue,// {value!conversion:format_spec}
    Starred,       // *value
    GeneratorExp,  // (elt generators)
    Yield,         // yield value (value may be null)
    YieldFrom,     // yield from value
};

enum class BoolOpKind : std::uint8_t { And, Or };

// An f-string field's conversion, numbered as FORMAT_VALUE's low bits (`!a`
// is ascii(): repr with non-ASCII characters escaped).
enum class FormatConversion : std::uint8_t { None = 0, Str = 1, Repr = 2, Ascii = 3 };

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
    bool parenthesized = false;

    Str* name = nullptr;  // Name's identifier, Attribute's attribute name
    Value constant;       // Constant

    BinaryOp op = NB_ADD;                    // BinOp
    Opcode unary_op = Opcode::UNARY_NOT;     // UnaryOp: the UNARY_* instruction
    BoolOpKind bool_op = BoolOpKind::And;    // BoolOp
    FormatConversion conversion = FormatConversion::None;  // FormattedValue

    ExprPtr left, right;          // BinOp; Compare (left only)
    ExprPtr operand;              // UnaryOp
    ExprPtr func;                 // Call
    ExprPtr value;                // Attribute, Subscript, Starred, FormattedValue, DictComp, Yield, YieldFrom
    ExprPtr slice;                // Subscript
    ExprPtr lower, upper, step;   // Slice
    ExprPtr elt, key;             // ListComp, SetComp, GeneratorExp; DictComp (key, value)
    ExprPtr test, body, orelse;   // IfExp; Lambda (body only)
    ExprPtr format_spec;          // FormattedValue: a JoinedStr, or null

    ExprList elts;                // List, Tuple
    ExprList keys;                // Dict (parallel to values)
    ExprList values;              // BoolOp, Dict, JoinedStr
    std::vector<CompareOp> ops;   // Compare (parallel to comparators)
    ExprList comparators;         // Compare
    ExprList args;                // Call (positional, some may be Starred)
    std::vector<Keyword> keywords;             // Call
    std::vector<Comprehension> generators;     // ListComp, DictComp, SetComp, GeneratorExp
    std::unique_ptr<Arguments> arguments;      // Lambda
};

// Calls f(child) (an Expr&: a node owns its children) for each expression held
// by `e`'s own fields, in the order the walks have always used (a Dict's keys
// before its values, an IfExp's body before its test): the order decides the
// order of a scope's names, and so the bytecode. Not included: a
// comprehension's clauses and a lambda's defaults (their walkers visit those).
template <class F>
void for_each_child(const Expr& e, F&& f) {
    auto one = [&](const ExprPtr& c) {
        if (c) f(*c);
    };
    auto all = [&](const ExprList& list) {
        for (const auto& c : list) one(c);
    };
    switch (e.kind) {
    case ExprKind::Name:
    case ExprKind::Constant: return;
    case ExprKind::BinOp: one(e.left), one(e.right); return;
    case ExprKind::UnaryOp: one(e.operand); return;
    case ExprKind::BoolOp:
    case ExprKind::JoinedStr: all(e.values); return;
    case ExprKind::Compare: one(e.left), all(e.comparators); return;
    case ExprKind::Call:
        one(e.func), all(e.args);
        for (const auto& k : e.keywords) f(*k.value);
        return;
    case ExprKind::Attribute:
    case ExprKind::Starred: one(e.value); return;
    case ExprKind::Subscript: one(e.value), one(e.slice); return;
    case ExprKind::Slice: one(e.lower), one(e.upper), one(e.step); return;
    case ExprKind::List:
    case ExprKind::Set:
    case ExprKind::Tuple: all(e.elts); return;
    case ExprKind::Dict: all(e.keys), all(e.values); return;
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::GeneratorExp: one(e.elt); return;
    case ExprKind::DictComp: one(e.key), one(e.value); return;
    case ExprKind::IfExp: one(e.body), one(e.test), one(e.orelse); return;
    case ExprKind::Lambda: one(e.body); return;
    case ExprKind::FormattedValue: one(e.value), one(e.format_spec); return;
    case ExprKind::Yield:
    case ExprKind::YieldFrom: one(e.value); return;
    }
}

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
    ExprList targets;  // Assign, Delete
    ExprPtr target;    // AugAssign, AnnAssign, For
    ExprPtr value;     // Expr, Assign, AugAssign, AnnAssign (may be null), Return (may be null)
    BinaryOp op = NB_INPLACE_ADD;  // AugAssign: the in-place NB_* of BINARY_OP
    ExprPtr test;      // If, While, Assert; AnnAssign: the annotation
    ExprPtr iter;      // For
    ExprPtr msg;       // Assert (may be null)
    ExprPtr exc, cause;  // Raise (each may be null)
    StmtList body, orelse, finalbody;
    std::vector<ExceptHandler> handlers;  // Try
    Str* name = nullptr;    // FunctionDef, ClassDef
    Str* binding = nullptr; // FunctionDef, ClassDef: the name bound, when mangled (lang/mangle.hpp)
    Str* module = nullptr;  // ImportFrom: the dotted module name
    std::unique_ptr<Arguments> args;  // FunctionDef
    ExprList decorators;    // FunctionDef, ClassDef
    ExprList bases;         // ClassDef
    std::vector<Keyword> class_keywords;  // ClassDef: metaclass=..., __init_subclass__ keywords
    std::vector<Str*> names;  // Global, Nonlocal
    std::vector<Alias> aliases;  // Import, ImportFrom
    std::vector<WithItem> items;  // With
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
