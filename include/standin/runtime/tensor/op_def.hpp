// The op table's vocabulary: an op's definition (OpDef: name, schema, meta,
// kernel) and the lookups over the table, declared apart from the table and its
// kernels so that the graph layer (and the compiled mode's users) can name ops
// without compiling them. Defined in runtime/tensor/op_table.hpp.
// Counterpart: ATen's OperatorHandle and FunctionSchema.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/callable.hpp>
#include <standin/runtime/tensor/pointwise_info.hpp>
#include <standin/runtime/value.hpp>

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace standin::inline v0 {

enum class OpClass : std::uint8_t { pointwise, reduction, view, factory, other };

// One positional parameter; a null default_value means "required".
struct OpParam {
    std::string_view name;
    Value default_value;
};

using OpFn = Value (*)(std::span<const Value> args);

struct OpDef {
    std::string_view name;  // "add", "mul", "relu", "sum", "matmul", "view", ...
    OpClass cls;
    std::span<const OpParam> params;  // the positional schema, defaults included
    // Fake (or real) tensors in -> fake out, with the kernel's errors; nullptr
    // when the result depends on data (item, tolist: a graph break for tracing).
    OpFn meta;
    // Real tensors in -> real out. Both take every parameter positionally
    // (bind_args fills in keywords and defaults).
    OpFn kernel;
    // Elementwise ops only: the op's dtype rule and block kernels; its params
    // are exactly its `arity` inputs. nullptr for every other op.
    const PointwiseInfo* pointwise;
    // In-place ops write args[0] (bumping its version) and return it.
    bool mutates_self;
};

namespace ops {

// The positional schemas, shared by several ops. Constant-initialized (Value's
// constructors and destructor are constexpr), so they cost a TU no static
// initializer and no atexit registration.
namespace schema {
inline constexpr OpParam self[] = {{"self", Value::null()}};
inline constexpr OpParam binary[] = {{"self", Value::null()}, {"other", Value::null()}};
inline constexpr OpParam where[] = {{"condition", Value::null()}, {"self", Value::null()}, {"other", Value::null()}};
inline constexpr OpParam sum[] = {{"self", Value::null()}, {"dim", Value()}, {"keepdim", Value(false)}, {"dtype", Value()}};
inline constexpr OpParam reduce[] = {{"self", Value::null()}, {"dim", Value()}, {"keepdim", Value(false)}};
inline constexpr OpParam softmax[] = {{"self", Value::null()}, {"dim", Value::null()}, {"dtype", Value()}};
inline constexpr OpParam tensors[] = {{"tensors", Value::null()}, {"dim", Value(std::int64_t{0})}};
inline constexpr OpParam to[] = {{"self", Value::null()}, {"dtype", Value::null()}, {"copy", Value(false)}};
inline constexpr OpParam view[] = {{"self", Value::null()}, {"size", Value::null()}};
inline constexpr OpParam reshape[] = {{"self", Value::null()}, {"shape", Value::null()}};
inline constexpr OpParam transpose[] = {{"self", Value::null()}, {"dim0", Value::null()}, {"dim1", Value::null()}};
inline constexpr OpParam permute[] = {{"self", Value::null()}, {"dims", Value::null()}};
inline constexpr OpParam dim[] = {{"self", Value::null()}, {"dim", Value::null()}};
inline constexpr OpParam squeeze[] = {{"self", Value::null()}, {"dim", Value()}};
inline constexpr OpParam slice[] = {{"self", Value::null()}, {"dim", Value(std::int64_t{0})}, {"start", Value()},
                                    {"end", Value()}, {"step", Value(std::int64_t{1})}};
inline constexpr OpParam select[] = {{"self", Value::null()}, {"dim", Value::null()}, {"index", Value::null()}};
inline constexpr OpParam getitem[] = {{"self", Value::null()}, {"index", Value::null()}};
inline constexpr OpParam tensor[] = {{"data", Value::null()}, {"dtype", Value()}};
inline constexpr OpParam sized[] = {{"size", Value::null()}, {"dtype", Value()}};
inline constexpr OpParam full[] = {{"size", Value::null()}, {"fill_value", Value::null()}, {"dtype", Value()}};
inline constexpr OpParam arange[] = {{"start", Value::null()}, {"end", Value()}, {"step", Value(std::int64_t{1})}, {"dtype", Value()}};
inline constexpr OpParam like[] = {{"self", Value::null()}, {"dtype", Value()}};
inline constexpr OpParam fill[] = {{"self", Value::null()}, {"value", Value::null()}};
inline constexpr OpParam copy[] = {{"self", Value::null()}, {"src", Value::null()}};
inline constexpr OpParam requires_grad[] = {{"self", Value::null()}, {"requires_grad", Value(true)}};
}  // namespace schema

}  // namespace ops

// Every op, in a fixed order.
STANDIN_DECL std::span<const OpDef> all_ops() noexcept;
// The op named `name`, or nullptr. Callers on hot paths keep the pointer.
STANDIN_DECL const OpDef* find_op(std::string_view name) noexcept;
// Maps a call's positional and keyword arguments onto `op`'s schema, filling
// defaults: the fully positional argument vector meta and kernel expect.
STANDIN_DECL std::vector<Value> bind_args(const OpDef& op, std::span<const Value> positional,
                                          std::span<const KwArg> kwargs = {});

}  // namespace standin::inline v0
