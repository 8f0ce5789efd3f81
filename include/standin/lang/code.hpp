// Code objects: the compiled form of a module, class body, function, lambda
// or comprehension. Immutable once built (the inline caches of the vm aside),
// shared by every function object made from it.
// Counterpart: CPython's PyCodeObject (Objects/codeobject.c).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/bytecode.hpp>
#include <standin/runtime/klass.hpp>

#include <memory>
#include <string>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// co_flags bits used by the subset.
enum CodeFlag : std::uint32_t {
    CO_VARARGS = 0x04,
    CO_VARKEYWORDS = 0x08,
    CO_NESTED = 0x10,
    CO_GENERATOR = 0x20,  // calling it makes a generator (the code starts with RETURN_GENERATOR)
};

// A cache slot of LOAD_GLOBAL: the dict versions it was filled under and the
// value slot found then. Valid while both versions are unchanged (version tags
// are unique process-wide, so another dict can never match).
struct GlobalCache {
    std::uint64_t globals_version;
    std::uint64_t builtins_version;
    const Value* value;
};
// A cache slot of LOAD_ATTR, LOAD_METHOD and STORE_ATTR on instances: the
// class lookup of the name, and the slot where the last instance's dict held
// it (instances of one class usually lay out their attributes alike).
struct AttrCache {
    ClassLookupCache class_lookup;
    std::uint32_t dict_hint;
};
// One per instruction; which member is live depends on the opcode. Trivial:
// a zero-filled cache matches nothing.
union InlineCache {
    GlobalCache global;
    AttrCache attr;
};

class Code final : public Object {
public:
    static constexpr Kind static_kind = Kind::code;
    Code() : Object(Kind::code) {}

    // Unique across the process for the process's life (a version tag): a
    // cache keyed by it cannot be fooled by a freed code object's address
    // being reused. Static guards cache local slots by it.
    const std::uint64_t unique_id = next_version_tag();

    std::vector<Instruction> instructions;
    std::vector<Position> positions;  // one per instruction
    std::vector<Value> consts;
    std::vector<Str*> names;      // global, attribute and imported names (interned)
    std::vector<Str*> varnames;   // local slots: parameters first
    std::vector<Str*> cellvars;   // locals captured by inner functions
    std::vector<Str*> freevars;   // variables of enclosing functions
    // For each cellvar, the parameter slot whose value seeds the cell, or -1.
    std::vector<int> cell_params;
    std::vector<ExceptionEntry> exception_table;
    std::uint32_t argcount = 0;         // positional parameters (incl. positional-only)
    std::uint32_t posonlyargcount = 0;
    std::uint32_t kwonlyargcount = 0;
    std::uint32_t flags = 0;
    std::uint32_t stacksize = 0;
    // A resume function's first free variables are its original frame's own
    // cells: this many; an unbound one is reported as a local, as there.
    std::uint32_t own_cells = 0;
    Str* name = nullptr;
    Str* qualname = nullptr;
    Value doc;  // a function's docstring (its __doc__), or None
    std::string filename;
    std::uint32_t firstlineno = 1;
    // The whole source text, for traceback lines (shared by the code objects of one file).
    std::shared_ptr<const std::string> source;
    // The eval-frame hook's slot map when this code replaces another's frame
    // (Interpreter::apply_hook): per slot, the slot of the code `shadow_of`
    // it is copied from, or -1.
    mutable std::vector<std::int32_t> shadow_map;
    mutable std::uint64_t shadow_of = 0;

    // Slots of a frame: locals, then cells, then free variables (CPython's "localsplus").
    std::size_t nlocals() const noexcept { return varnames.size(); }
    std::size_t nlocalsplus() const noexcept { return varnames.size() + cellvars.size() + freevars.size(); }
    std::size_t total_args() const noexcept {
        return argcount + kwonlyargcount + ((flags & CO_VARARGS) ? 1 : 0) + ((flags & CO_VARKEYWORDS) ? 1 : 0);
    }
    // The name of localsplus slot i.
    Str* localsplus_name(std::size_t i) const noexcept {
        if (i < varnames.size()) return varnames[i];
        i -= varnames.size();
        if (i < cellvars.size()) return cellvars[i];
        return freevars[i - cellvars.size()];
    }
    // The exception-table entry covering instruction `index`, or nullptr.
    const ExceptionEntry* handler_for(std::uint32_t index) const noexcept {
        const ExceptionEntry* best = nullptr;
        for (const auto& e : exception_table)
            if (e.start <= index && index < e.end && (!best || e.start >= best->start)) best = &e;
        return best;
    }
    // Line `line` of the source, without its indentation ("" when unknown).
    std::string source_line(std::uint32_t line) const {
        if (!source || line == 0) return {};
        std::size_t pos = 0;
        for (std::uint32_t l = 1; l < line; ++l) {
            pos = source->find('\n', pos);
            if (pos == std::string::npos) return {};
            ++pos;
        }
        std::size_t end = source->find('\n', pos);
        std::string text = source->substr(pos, end == std::string::npos ? std::string::npos : end - pos);
        std::size_t first = text.find_first_not_of(" \t\f");
        if (first == std::string::npos) return {};
        std::size_t last = text.find_last_not_of(" \t\r\f");
        return text.substr(first, last - first + 1);
    }

    // Inline caches, one per instruction (allocated, zero-filled, on first use).
    mutable std::unique_ptr<InlineCache[]> inline_caches;
};

STANDIN_NAMESPACE_END
