// reconstruct(): the guest bytecode that loads a source's value again, as
// the rewritten code object of a compiled frame does to stage graph inputs.
// Compile-time chains give a constexpr list of symbolic instructions
// (LOAD_GLOBAL cfg, LOAD_ATTR scale); a Codegen turns symbolic instructions
// into real ones against the code object being built (name, const and slot
// indices), and the runtime Source emits the same list.
// Counterpart: Source.reconstruct(codegen) in torch/_dynamo/source.py and
// torch/_dynamo/codegen.py's PyCodegen.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/code.hpp>
#include <standin/source/source.hpp>
#include <standin/source/static_source.hpp>

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

STANDIN_NAMESPACE_BEGIN

// What a symbolic instruction's argument names.
enum class ArgKind : std::uint8_t {
    none,       // no argument
    local,      // a local variable, by name (LOAD_FAST, or LOAD_DEREF for cells)
    global,     // a global, by name
    attr,       // an attribute name
    int_const,  // an int constant
    str_const,  // a str constant
    builtin,    // a builtin object, by name (a constant, so a shadowing global cannot interfere)
    count,      // an argument count (CALL)
};

struct SymbolicInstruction {
    Opcode op;
    ArgKind kind;
    std::string_view name;   // local/global/attr/str_const/builtin
    std::int64_t number = 0;  // int_const/count

    friend constexpr bool operator==(const SymbolicInstruction&, const SymbolicInstruction&) = default;
};

namespace detail {
template <std::size_t N, std::size_t M>
constexpr std::array<SymbolicInstruction, N + M> join(const std::array<SymbolicInstruction, N>& a,
                                                      const std::array<SymbolicInstruction, M>& b) {
    std::array<SymbolicInstruction, N + M> out{};
    for (std::size_t i = 0; i < N; ++i) out[i] = a[i];
    for (std::size_t i = 0; i < M; ++i) out[N + i] = b[i];
    return out;
}
template <class... I>
constexpr std::array<SymbolicInstruction, sizeof...(I)> instrs(I... i) {
    return {i...};
}
}  // namespace detail

// The compile-time form: reconstruct(chain) is a constexpr std::array.
template <fixed_string N>
constexpr auto reconstruct(local_source<N>) {
    return detail::instrs(SymbolicInstruction{Opcode::LOAD_FAST, ArgKind::local, local_source<N>::local_name.view()});
}
template <fixed_string N>
constexpr auto reconstruct(global_source<N>) {
    return detail::instrs(SymbolicInstruction{Opcode::LOAD_GLOBAL, ArgKind::global, global_source<N>::global_name.view()});
}
template <class B, fixed_string N>
constexpr auto reconstruct(attr_source<B, N>) {
    return detail::join(reconstruct(B{}), detail::instrs(SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr,
                                                                             attr_source<B, N>::member.view()}));
}
template <class B, std::int64_t I>
constexpr auto reconstruct(getitem_source<B, I>) {
    return detail::join(reconstruct(B{}),
                        detail::instrs(SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::int_const, {}, I},
                                       SymbolicInstruction{Opcode::BINARY_SUBSCR, ArgKind::none, {}}));
}
// dict.__getitem__(base, key): dict's own lookup, which a subclass's
// __getitem__ (a Hugging Face ModelOutput's) does not replace, as the guard's
// accessor reads the dict (Dynamo's DictSubclassGetItemSource).
template <class B, fixed_string K>
constexpr auto reconstruct(dict_getitem_source<B, K>) {
    return detail::join(
        detail::join(detail::instrs(SymbolicInstruction{Opcode::PUSH_NULL, ArgKind::none, {}},
                                    SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::builtin, "dict"},
                                    SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr, "__getitem__"}),
                     reconstruct(B{})),
        detail::instrs(SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::str_const, dict_getitem_source<B, K>::key.view()},
                       SymbolicInstruction{Opcode::CALL, ArgKind::count, {}, 2}));
}
template <class B>
constexpr auto reconstruct(type_source<B>) {
    return detail::join(detail::join(detail::instrs(SymbolicInstruction{Opcode::PUSH_NULL, ArgKind::none, {}},
                                                    SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::builtin, "type"}),
                                     reconstruct(B{})),
                        detail::instrs(SymbolicInstruction{Opcode::CALL, ArgKind::count, {}, 1}));
}
template <class B>
constexpr auto reconstruct(nn_module_source<B>) {
    return reconstruct(B{});
}
template <class B, std::int64_t I>
constexpr auto reconstruct(defaults_source<B, I>) {
    return detail::join(reconstruct(B{}),
                        detail::instrs(SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr, "__defaults__"},
                                       SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::int_const, {}, I},
                                       SymbolicInstruction{Opcode::BINARY_SUBSCR, ArgKind::none, {}}));
}
template <class B, std::int64_t I>
constexpr auto reconstruct(closure_source<B, I>) {
    return detail::join(reconstruct(B{}),
                        detail::instrs(SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr, "__closure__"},
                                       SymbolicInstruction{Opcode::LOAD_CONST, ArgKind::int_const, {}, I},
                                       SymbolicInstruction{Opcode::BINARY_SUBSCR, ArgKind::none, {}},
                                       SymbolicInstruction{Opcode::LOAD_ATTR, ArgKind::attr, "cell_contents"}));
}

// The runtime form: the same list for a runtime Source.
inline void reconstruct(const Source* source, std::vector<SymbolicInstruction>& out) {
    boost::variant2::visit(
        overloaded{
            [&](const LocalSource& s) { out.push_back({Opcode::LOAD_FAST, ArgKind::local, s.name->view()}); },
            [&](const GlobalSource& s) { out.push_back({Opcode::LOAD_GLOBAL, ArgKind::global, s.name->view()}); },
            [&](const AttrSource& s) {
                reconstruct(s.base, out);
                out.push_back({Opcode::LOAD_ATTR, ArgKind::attr, s.member->view()});
            },
            [&](const GetItemSource& s) {
                reconstruct(s.base, out);
                out.push_back({Opcode::LOAD_CONST, ArgKind::int_const, {}, s.index});
                out.push_back({Opcode::BINARY_SUBSCR, ArgKind::none, {}});
            },
            [&](const DictGetItemSource& s) {  // dict.__getitem__(base, key)
                out.push_back({Opcode::PUSH_NULL, ArgKind::none, {}});
                out.push_back({Opcode::LOAD_CONST, ArgKind::builtin, "dict"});
                out.push_back({Opcode::LOAD_ATTR, ArgKind::attr, "__getitem__"});
                reconstruct(s.base, out);
                out.push_back({Opcode::LOAD_CONST, ArgKind::str_const, s.key->view()});
                out.push_back({Opcode::CALL, ArgKind::count, {}, 2});
            },
            [&](const TypeSource& s) {
                out.push_back({Opcode::PUSH_NULL, ArgKind::none, {}});
                out.push_back({Opcode::LOAD_CONST, ArgKind::builtin, "type"});
                reconstruct(s.base, out);
                out.push_back({Opcode::CALL, ArgKind::count, {}, 1});
            },
            [&](const NNModuleSource& s) { reconstruct(s.base, out); },
            [&](const DefaultsSource& s) {
                reconstruct(s.base, out);
                out.push_back({Opcode::LOAD_ATTR, ArgKind::attr, "__defaults__"});
                out.push_back({Opcode::LOAD_CONST, ArgKind::int_const, {}, s.index});
                out.push_back({Opcode::BINARY_SUBSCR, ArgKind::none, {}});
            },
            [&](const DictKeySource& s) {  // list(base.keys())[i]
                out.push_back({Opcode::PUSH_NULL, ArgKind::none, {}});
                out.push_back({Opcode::LOAD_CONST, ArgKind::builtin, "list"});
                reconstruct(s.base, out);
                out.push_back({Opcode::LOAD_METHOD, ArgKind::attr, "keys"});
                out.push_back({Opcode::CALL, ArgKind::count, {}, 0});
                out.push_back({Opcode::CALL, ArgKind::count, {}, 1});
                out.push_back({Opcode::LOAD_CONST, ArgKind::int_const, {}, s.index});
                out.push_back({Opcode::BINARY_SUBSCR, ArgKind::none, {}});
            },
            [&](const DictValueSource& s) {  // dict.__getitem__(base, list(base.keys())[i])
                out.push_back({Opcode::PUSH_NULL, ArgKind::none, {}});
                out.push_back({Opcode::LOAD_CONST, ArgKind::builtin, "dict"});
                out.push_back({Opcode::LOAD_ATTR, ArgKind::attr, "__getitem__"});
                reconstruct(s.base, out);
                reconstruct(s.base->dict_key(s.index), out);
                out.push_back({Opcode::CALL, ArgKind::count, {}, 2});
            },
            [&](const ClosureSource& s) {
                reconstruct(s.base, out);
                out.push_back({Opcode::LOAD_ATTR, ArgKind::attr, "__closure__"});
                out.push_back({Opcode::LOAD_CONST, ArgKind::int_const, {}, s.index});
                out.push_back({Opcode::BINARY_SUBSCR, ArgKind::none, {}});
                out.push_back({Opcode::LOAD_ATTR, ArgKind::attr, "cell_contents"});
            },
        },
        source->node());
}
inline std::vector<SymbolicInstruction> reconstruct(const Source* source) {
    std::vector<SymbolicInstruction> out;
    reconstruct(source, out);
    return out;
}

// Turns symbolic instructions into real ones appended to `code`: names and
// constants are added to its tables once, locals resolve to their slots.
// Builtins referred to by name come from `builtins` (the interpreter's).
class Codegen {
public:
    Codegen(Code& code, const Dict* builtins) : code_(code), builtins_(builtins) {}

    void emit(const SymbolicInstruction& s, std::uint32_t line = 0) {
        switch (s.kind) {
        case ArgKind::none: append(s.op, 0, line); return;
        case ArgKind::count: append(s.op, static_cast<std::uint32_t>(s.number), line); return;
        case ArgKind::local: {
            Str* name = intern(s.name);
            for (std::size_t i = 0; i < code_.nlocalsplus(); ++i)
                if (code_.localsplus_name(i) == name) {
                    append(i < code_.nlocals() ? Opcode::LOAD_FAST : Opcode::LOAD_DEREF, static_cast<std::uint32_t>(i),
                           line);
                    return;
                }
            raise(exc::NameError, "reconstruct: '" + std::string(s.name) + "' is not a local of the code being built");
        }
        case ArgKind::global: append(Opcode::LOAD_GLOBAL, name_index(s.name) << 1, line); return;
        case ArgKind::attr: append(s.op, name_index(s.name), line); return;
        case ArgKind::int_const: append(Opcode::LOAD_CONST, const_index(Value(s.number)), line); return;
        case ArgKind::str_const: append(Opcode::LOAD_CONST, const_index(interned(s.name)), line); return;
        case ArgKind::builtin: {
            const Value* v = builtins_ ? builtins_->find(intern(s.name)) : nullptr;
            if (!v) raise(exc::NameError, "reconstruct: no builtin named '" + std::string(s.name) + "'");
            append(Opcode::LOAD_CONST, const_index(*v), line);
            return;
        }
        }
    }
    template <class Range>
    void emit_all(const Range& instructions, std::uint32_t line = 0) {
        for (const auto& s : instructions) emit(s, line);
    }

private:
    void append(Opcode op, std::uint32_t arg, std::uint32_t line) {
        code_.instructions.push_back({op, arg});
        code_.positions.push_back({line, 0, 0});
    }
    std::uint32_t name_index(std::string_view text) {
        Str* name = intern(text);
        for (std::size_t i = 0; i < code_.names.size(); ++i)
            if (code_.names[i] == name) return static_cast<std::uint32_t>(i);
        code_.names.push_back(name);
        return static_cast<std::uint32_t>(code_.names.size() - 1);
    }
    std::uint32_t const_index(const Value& v) {
        for (std::size_t i = 0; i < code_.consts.size(); ++i)
            if (code_.consts[i].kind() == v.kind() && (code_.consts[i].identical(v) || equals(code_.consts[i], v)))
                return static_cast<std::uint32_t>(i);
        code_.consts.push_back(v);
        return static_cast<std::uint32_t>(code_.consts.size() - 1);
    }

    Code& code_;
    const Dict* builtins_;
};

STANDIN_NAMESPACE_END
