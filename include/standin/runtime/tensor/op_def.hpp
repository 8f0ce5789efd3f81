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

// The positional schemas, shared by several ops (defined in op_table.hpp).
// Built on first use: a Value
// default has a destructor, so namespace-scope arrays would cost every TU a
// static initializer and an atexit registration (and pull code into it).
struct Schemas {
    OpParam self[1] = {{"self", Value::null()}};
    OpParam binary[2] = {{"self", Value::null()}, {"other", Value::null()}};
    OpParam where[3] = {{"condition", Value::null()}, {"self", Value::null()}, {"other", Value::null()}};
    OpParam sum[4] = {{"self", Value::null()}, {"dim", Value()}, {"keepdim", Value(false)}, {"dtype", Value()}};
    OpParam reduce[3] = {{"self", Value::null()}, {"dim", Value()}, {"keepdim", Value(false)}};
    OpParam softmax[3] = {{"self", Value::null()}, {"dim", Value::null()}, {"dtype", Value()}};
    OpParam tensors[2] = {{"tensors", Value::null()}, {"dim", Value(std::int64_t{0})}};
    OpParam to[3] = {{"self", Value::null()}, {"dtype", Value::null()}, {"copy", Value(false)}};
    OpParam view[2] = {{"self", Value::null()}, {"size", Value::null()}};
    OpParam reshape[2] = {{"self", Value::null()}, {"shape", Value::null()}};
    OpParam transpose[3] = {{"self", Value::null()}, {"dim0", Value::null()}, {"dim1", Value::null()}};
    OpParam permute[2] = {{"self", Value::null()}, {"dims", Value::null()}};
    OpParam dim[2] = {{"self", Value::null()}, {"dim", Value::null()}};
    OpParam squeeze[2] = {{"self", Value::null()}, {"dim", Value()}};
    OpParam slice[5] = {{"self", Value::null()}, {"dim", Value(std::int64_t{0})}, {"start", Value()},
                                {"end", Value()}, {"step", Value(std::int64_t{1})}};
    OpParam select[3] = {{"self", Value::null()}, {"dim", Value::null()}, {"index", Value::null()}};
    OpParam getitem[2] = {{"self", Value::null()}, {"index", Value::null()}};
    OpParam tensor[2] = {{"data", Value::null()}, {"dtype", Value()}};
    OpParam sized[2] = {{"size", Value::null()}, {"dtype", Value()}};
    OpParam full[3] = {{"size", Value::null()}, {"fill_value", Value::null()}, {"dtype", Value()}};
    OpParam arange[4] = {{"start", Value::null()}, {"end", Value()}, {"step", Value(std::int64_t{1})}, {"dtype", Value()}};
    OpParam like[2] = {{"self", Value::null()}, {"dtype", Value()}};
    OpParam fill[2] = {{"self", Value::null()}, {"value", Value::null()}};
    OpParam copy[2] = {{"self", Value::null()}, {"src", Value::null()}};
    OpParam requires_grad[2] = {{"self", Value::null()}, {"requires_grad", Value(true)}};
};
STANDIN_DECL const Schemas& schemas();

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
