// The guest `torch` module (placeholder until the tensor surface lands).
#pragma once

#include <standin/vm/interpreter.hpp>

namespace standin::inline v0 {

inline Value tensor_binary_op(Interpreter&, std::uint32_t op, const Value& a, const Value& b) {
    raise(exc::TypeError, "unsupported operand type(s) for " + std::string(binary_op_symbol(op)) + ": '" +
                              detail::tname(a) + "' and '" + detail::tname(b) + "'");
}
inline Value tensor_unary_op(Interpreter&, Opcode, const Value& a) {
    raise(exc::TypeError, "bad operand type: '" + detail::tname(a) + "'");
}
inline Value tensor_compare(Interpreter&, std::uint32_t, const Value& a, const Value& b) {
    raise(exc::TypeError, "'" + detail::tname(a) + "' and '" + detail::tname(b) + "' cannot be compared");
}
inline Value tensor_getitem(Interpreter&, const Value&, const Value&) { raise(exc::TypeError, "tensor indexing unsupported"); }
inline void tensor_setitem(Interpreter&, const Value&, const Value&, const Value&) { raise(exc::TypeError, "tensor indexing unsupported"); }
inline bool tensor_truthy(const Value&) { return true; }
inline std::int64_t tensor_len(const Value&) { return 0; }
inline std::string tensor_repr(const Value&) { return "tensor(...)"; }
inline Value tensor_iter(Interpreter&, const Value&) { raise(exc::TypeError, "tensor iteration unsupported"); }
inline std::string tensor_format(Interpreter& vm, const Value& t, std::string_view) { return vm.repr(t); }
inline void init_torch_module(Interpreter&) {}

}  // namespace standin::inline v0
