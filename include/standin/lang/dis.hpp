// The disassembler: prints code objects the way CPython 3.11's `dis` does
// (line, jump-target marker, offset, opname, argument and its meaning), then
// the exception table, then every nested code object. Offsets count
// instructions; code objects print without an address so listings are stable.
// Counterpart: CPython's Lib/dis.py.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/code.hpp>
#include <standin/runtime/repr.hpp>

#include <cstdio>
#include <set>
#include <string>

STANDIN_NAMESPACE_BEGIN

inline std::string code_repr(const Code& c) {
    return "<code object " + std::string(c.name->view()) + ", file \"" + c.filename + "\", line " +
           std::to_string(c.firstlineno) + ">";
}

// The meaning of an instruction's argument, as dis shows it in parentheses.
inline std::string instruction_argrepr(const Code& c, const Instruction& ins) {
    auto const_repr = [&](std::uint32_t i) -> std::string {
        if (i >= c.consts.size()) return "?";
        const Value& v = c.consts[i];
        if (auto* code = v.dyn<Code>()) return code_repr(*code);
        return repr(v);
    };
    auto name = [&](std::uint32_t i) -> std::string {
        return i < c.names.size() ? std::string(c.names[i]->view()) : "?";
    };
    switch (ins.op) {
    case Opcode::LOAD_CONST:
    case Opcode::KW_NAMES: return const_repr(ins.arg);
    case Opcode::LOAD_FAST:
    case Opcode::STORE_FAST:
    case Opcode::DELETE_FAST:
    case Opcode::LOAD_DEREF:
    case Opcode::STORE_DEREF:
    case Opcode::LOAD_CLOSURE:
    case Opcode::DELETE_DEREF:
    case Opcode::LOAD_CLASSDEREF:
        return ins.arg < c.nlocalsplus() ? std::string(c.localsplus_name(ins.arg)->view()) : "?";
    case Opcode::LOAD_GLOBAL: return ((ins.arg & 1) ? "NULL + " : "") + name(ins.arg >> 1);
    case Opcode::STORE_GLOBAL:
    case Opcode::DELETE_GLOBAL:
    case Opcode::LOAD_NAME:
    case Opcode::STORE_NAME:
    case Opcode::DELETE_NAME:
    case Opcode::LOAD_ATTR:
    case Opcode::LOAD_METHOD:
    case Opcode::STORE_ATTR:
    case Opcode::DELETE_ATTR:
    case Opcode::IMPORT_NAME:
    case Opcode::IMPORT_FROM: return name(ins.arg);
    case Opcode::BINARY_OP: return std::string(binary_op_symbol(ins.arg));
    case Opcode::COMPARE_OP: return std::string(compare_op_symbol(ins.arg));
    case Opcode::FORMAT_VALUE: {
        std::string s;
        switch (ins.arg & 3) {
        case 1: s = "str"; break;
        case 2: s = "repr"; break;
        case 3: s = "ascii"; break;
        default: break;
        }
        if (ins.arg & 4) s += s.empty() ? "with format" : ", with format";
        return s;
    }
    case Opcode::MAKE_FUNCTION: {
        std::string s;
        auto add = [&](const char* what) {
            if (!s.empty()) s += ", ";
            s += what;
        };
        if (ins.arg & MF_DEFAULTS) add("defaults");
        if (ins.arg & MF_KWDEFAULTS) add("kwdefaults");
        if (ins.arg & MF_CLOSURE) add("closure");
        return s;
    }
    default:
        if (is_jump(ins.op)) return "to " + std::to_string(ins.arg);
        return {};
    }
}

inline bool instruction_has_arg(Opcode op) noexcept {
    switch (op) {
    case Opcode::NOP:
    case Opcode::POP_TOP:
    case Opcode::PUSH_NULL:
    case Opcode::UNARY_POSITIVE:
    case Opcode::UNARY_NEGATIVE:
    case Opcode::UNARY_NOT:
    case Opcode::UNARY_INVERT:
    case Opcode::BINARY_SUBSCR:
    case Opcode::STORE_SUBSCR:
    case Opcode::DELETE_SUBSCR:
    case Opcode::LIST_TO_TUPLE:
    case Opcode::GET_ITER:
    case Opcode::RETURN_VALUE:
    case Opcode::LOAD_BUILD_CLASS:
    case Opcode::IMPORT_STAR:
    case Opcode::RERAISE:
    case Opcode::PUSH_EXC_INFO:
    case Opcode::POP_EXCEPT:
    case Opcode::CHECK_EXC_MATCH:
    case Opcode::LOAD_ASSERTION_ERROR:
    case Opcode::BEFORE_WITH:
    case Opcode::WITH_EXCEPT_START:
    case Opcode::RETURN_GENERATOR:
    case Opcode::YIELD_VALUE:
    case Opcode::GET_YIELD_FROM_ITER: return false;
    default: return true;
    }
}

// One code object's listing (without nested code objects).
inline std::string disassemble_one(const Code& c) {
    std::string out;
    std::set<std::uint32_t> targets;
    for (const auto& ins : c.instructions)
        if (is_jump(ins.op)) targets.insert(ins.arg);
    for (const auto& e : c.exception_table) targets.insert(e.target);
    std::uint32_t max_line = 0;
    for (const auto& p : c.positions) max_line = std::max(max_line, p.line);
    const int lineno_width = std::max<int>(3, static_cast<int>(std::to_string(max_line).size()));
    const int offset_width = std::max<int>(4, static_cast<int>(std::to_string(c.instructions.size()).size()));
    std::uint32_t last_line = 0;
    for (std::size_t i = 0; i < c.instructions.size(); ++i) {
        const Instruction& ins = c.instructions[i];
        std::uint32_t line = c.positions[i].line;
        std::string row;
        if (line != last_line) {
            if (i > 0) out += '\n';
            char buf[32];
            std::snprintf(buf, sizeof buf, "%*u", lineno_width, line);
            row += buf;
            last_line = line;
        } else {
            row += std::string(static_cast<std::size_t>(lineno_width), ' ');
        }
        row += "    ";  // the "-->" column, empty
        row += targets.count(static_cast<std::uint32_t>(i)) ? ">>" : "  ";
        std::string offset = std::to_string(i);
        row += " " + std::string(static_cast<std::size_t>(std::max(0, offset_width - static_cast<int>(offset.size()))), ' ') + offset + " ";
        char buf[64];
        std::string name(opcode_name(ins.op));
        if (instruction_has_arg(ins.op)) {
            name.resize(std::max<std::size_t>(name.size(), 20), ' ');
            row += name;
            std::snprintf(buf, sizeof buf, " %5u", ins.arg);
            row += buf;
            std::string argrepr = instruction_argrepr(c, ins);
            if (!argrepr.empty()) row += " (" + argrepr + ")";
        } else {
            row += name;
        }
        while (!row.empty() && row.back() == ' ') row.pop_back();
        out += row + '\n';
    }
    if (!c.exception_table.empty()) {
        out += "ExceptionTable:\n";
        for (const auto& e : c.exception_table)
            out += "  " + std::to_string(e.start) + " to " + std::to_string(e.end - 1) + " -> " +
                   std::to_string(e.target) + " [" + std::to_string(e.depth) + "]\n";
    }
    return out;
}

// The listing of `c` followed by every code object nested in it, as dis.dis(module).
inline std::string disassemble(const Code& c) {
    std::string out = disassemble_one(c);
    for (const Value& v : c.consts)
        if (auto* inner = v.dyn<Code>()) {
            out += "\nDisassembly of " + code_repr(*inner) + ":\n";
            out += disassemble(*inner);
        }
    return out;
}

STANDIN_NAMESPACE_END
