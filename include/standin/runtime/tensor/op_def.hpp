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

STANDIN_NAMESPACE_BEGIN

enum class OpClass : std::uint8_t { pointwise, reduction, view, factory, other };

// torch's argument parser takes NumPy's spellings of some keywords: the
// parameter name `key` stands for, or `key` itself. The op table's binding
// and torch's functions written in guest code both use it.
constexpr std::string_view numpy_keyword_alias(std::string_view key) noexcept {
    return key == "keepdims"                         ? "keepdim"
           : key == "axis"                           ? "dim"
           : key == "x" || key == "a" || key == "x1" ? "self"
           : key == "x2"                             ? "other"
                                                     : key;
}

// A parameter's default, as plain data (trivially destructible, so the schema
// arrays below are constant-initialized in every mode and under every
// sanitizer): required, None, a bool or an int.
struct ParamDefault {
    enum class Kind : std::uint8_t { required, none, boolean, integer };
    Kind kind = Kind::required;
    std::int64_t number = 0;

    [[nodiscard]] constexpr bool is_required() const noexcept { return kind == Kind::required; }
    [[nodiscard]] Value value() const noexcept {
        switch (kind) {
            case Kind::boolean: return Value(number != 0);
            case Kind::integer: return Value(number);
            default: return Value();
        }
    }
};

// One positional parameter.
struct OpParam {
    std::string_view name;
    ParamDefault default_value;
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

// The positional schemas, shared by several ops. Plain constant data: they
// cost a TU no static initializer and no atexit registration.
namespace schema {
inline constexpr ParamDefault required{};
inline constexpr ParamDefault none{ParamDefault::Kind::none};
inline constexpr ParamDefault yes{ParamDefault::Kind::boolean, 1};
inline constexpr ParamDefault no{ParamDefault::Kind::boolean, 0};
constexpr ParamDefault integer(std::int64_t n) noexcept { return {ParamDefault::Kind::integer, n}; }

inline constexpr OpParam self[] = {{"self", required}};
inline constexpr OpParam self_memory_format[] = {{"self", required}, {"memory_format", none}};
inline constexpr OpParam binary[] = {{"self", required}, {"other", required}};
inline constexpr OpParam linear[] = {{"input", required}, {"weight", required}, {"bias", none}};
inline constexpr OpParam where[] = {{"condition", required}, {"self", required}, {"other", required}};
inline constexpr OpParam sum[] = {{"self", required}, {"dim", none}, {"keepdim", no}, {"dtype", none}};
inline constexpr OpParam reduce[] = {{"self", required}, {"dim", none}, {"keepdim", no}};
inline constexpr OpParam softmax[] = {{"self", required}, {"dim", required}, {"dtype", none}};
inline constexpr OpParam tensors[] = {{"tensors", required}, {"dim", integer(0)}};
// Tensor.to's three overloads, told apart by the first argument's type:
// to(dtype, non_blocking, copy), to(device, dtype, non_blocking, copy),
// to(other, non_blocking, copy); dtype= and device= may also come by keyword.
inline constexpr OpParam to[] = {{"self", required},         {"arg1", none},   {"arg2", none},
                                 {"arg3", none},             {"arg4", none},   {"dtype", none},
                                 {"device", none},           {"non_blocking", none}, {"copy", none},
                                 {"memory_format", none}};
inline constexpr OpParam view[] = {{"self", required}, {"size", required}};
inline constexpr OpParam reshape[] = {{"self", required}, {"shape", required}};
inline constexpr OpParam transpose[] = {{"self", required}, {"dim0", required}, {"dim1", required}};
inline constexpr OpParam permute[] = {{"self", required}, {"dims", required}};
inline constexpr OpParam dim[] = {{"self", required}, {"dim", required}};
inline constexpr OpParam squeeze[] = {{"self", required}, {"dim", none}};
inline constexpr OpParam slice[] = {{"self", required}, {"dim", integer(0)}, {"start", none},
                                    {"end", none}, {"step", integer(1)}};
inline constexpr OpParam select[] = {{"self", required}, {"dim", required}, {"index", required}};
inline constexpr OpParam diagonal[] = {{"self", required}, {"offset", integer(0)}, {"dim1", integer(0)}, {"dim2", integer(1)}};
inline constexpr OpParam unfold[] = {{"self", required}, {"dimension", required}, {"size", required}, {"step", required}};
inline constexpr OpParam as_strided[] = {{"self", required}, {"size", required}, {"stride", required}, {"storage_offset", none}};
inline constexpr OpParam sort[] = {{"self", required}, {"dim", integer(-1)}, {"descending", no}, {"stable", no}};
inline constexpr OpParam topk[] = {{"self", required}, {"k", required}, {"dim", integer(-1)}, {"largest", yes}, {"sorted", yes}};
inline constexpr OpParam cumulative[] = {{"self", required}, {"dim", required}, {"dtype", none}};
inline constexpr OpParam indexed[] = {{"self", required}, {"dim", required}, {"index", required}};
inline constexpr OpParam layer_norm[] = {{"input", required}, {"normalized_shape", required}, {"weight", none},
                                        {"bias", none}, {"eps", required}};
inline constexpr OpParam var_std[] = {{"self", required}, {"dim", none}, {"correction", integer(1)}, {"keepdim", no},
                                     {"take_sqrt", no}};
inline constexpr OpParam nll_sum[] = {{"terms", required}, {"valid", required}};
inline constexpr OpParam nll_target[] = {{"target", required}, {"n_classes", required}, {"ignore_index", integer(-100)}};
inline constexpr OpParam getitem[] = {{"self", required}, {"index", required}};
inline constexpr OpParam setitem[] = {{"self", required}, {"index", required}, {"value", required}};
inline constexpr OpParam tensor[] = {{"data", required}, {"dtype", none}};
inline constexpr OpParam sized[] = {{"size", required}, {"dtype", none}};
inline constexpr OpParam full[] = {{"size", required}, {"fill_value", required}, {"dtype", none}};
inline constexpr OpParam arange[] = {{"start", required}, {"end", none}, {"step", integer(1)}, {"dtype", none}};
inline constexpr OpParam like[] = {{"self", required}, {"dtype", none}, {"memory_format", none}};
inline constexpr OpParam fill[] = {{"self", required}, {"value", required}};
inline constexpr OpParam copy[] = {{"self", required}, {"src", required}};
inline constexpr OpParam requires_grad[] = {{"self", required}, {"requires_grad", yes}};
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

class Tensor;

// Autograd's visible metadata (runtime/tensor/grad_meta.hpp). Called with grad
// mode on: raises torch's error for an in-place op on a leaf that requires grad,
// before the op runs.
STANDIN_DECL void check_inplace_grad(const OpDef& op, std::span<const Value> args);
// Called with grad mode on, after the op: marks the result's tensors as made
// by `op` (requires_grad and the grad_fn name) when some input requires grad.
// `original`: self before an in-place op ran, when needs_original_self (the
// op's formula reads it: x.mul_(w) with w requiring grad), else null.
STANDIN_DECL void record_grad(const OpDef& op, std::span<const Value> args, const Value& result,
                              const Value& original = Value::null());
STANDIN_DECL bool needs_original_self(const OpDef& op, std::span<const Value> args);
// Output `output` of a guest-code op (an autograd.Function) on `args`: `t`
// gets the node (op, args, output, edges) and the grad_fn `name`.
STANDIN_DECL void record_node(Tensor& t, std::string_view op, std::span<const Value> args, std::int64_t output,
                              const char* name);
// After an in-place op that recorded history on a view: the view's base gets
// CopySlices and the view AsStridedBackward0, as torch's rebase_history.
STANDIN_DECL void rebase_view_history(Tensor& view);
// An autograd node's name, interned: the pointer lives as long as the program.
STANDIN_DECL const char* grad_fn_name(std::string_view name);
// The node most ops record, interned: ToCamelCase(op) + "Backward0"
// (`index_add_` -> IndexAddBackward0).
STANDIN_DECL const char* default_grad_fn_name(std::string_view op);

STANDIN_NAMESPACE_END
