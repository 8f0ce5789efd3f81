// The kernel of a fused elementwise group: a small DAG of pointwise ops run
// chunk by chunk, so memory is read and written once. Two ways to run a chunk:
//  - the register-tile machine, when every step computes in float32 (or every
//    step in float64) and is one of the ops it knows (add, sub, mul, div,
//    maximum, minimum, neg, abs, relu): the DAG is compiled once per plan into
//    a short accumulator program, and the running value stays in a tile of
//    12 SIMD registers while the program's ops run over it, one switch per op
//    per tile (values read twice or later are stored to an L1 buffer);
//  - otherwise, each op runs the op table's own block kernel on the chunk,
//    every intermediate in an L1-sized buffer.
// Either way each op sees values of the dtypes the unfused op would see
// (inputs and intermediates converted exactly where the unfused kernels
// convert them) and computes them with its own functor from pointwise.hpp,
// so results are bitwise identical to running the ops one by one.
// Counterpart: the loop bodies TorchInductor generates for a fused pointwise
// node (torch/_inductor/codegen/cpp.py), without code generation.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/fx/fake.hpp>
#include <standin/runtime/tensor.hpp>
#include <standin/runtime/tensor/pointwise_info.hpp>
#if STANDIN_DEFINITIONS
#include <standin/runtime/tensor/pointwise.hpp>
#endif

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

STANDIN_NAMESPACE_BEGIN

namespace detail {

// One instruction of a register-tile program. `acc` is the running tile;
// `source` names the instruction's memory operand: a load (0 .. loads-1) or
// a plan buffer (loads + buffer number), read or written at the tile's
// position in the chunk.
struct TileOp {
    std::uint8_t code;
    std::uint32_t source;
};

}  // namespace detail

class FusedKernel {
public:
    // Elements per chunk: a chunk of every live buffer stays in L1, and a
    // whole number of register tiles (48 float32 or 24 float64) fits in it.
    static constexpr std::int64_t chunk = 384;
    // Distinct inputs a group may read (the fusion pass respects it).
    static constexpr std::size_t max_inputs = 15;

    struct Operand {
        enum class Kind : std::uint8_t { input, step, constant };
        Kind kind;
        std::uint32_t index = 0;  // input number or step number
        Value constant;           // a Python number, for Kind::constant
    };
    // One pointwise op; `operands` in the op's own operand order.
    struct Step {
        const OpDef* op;
        std::vector<Operand> operands;
    };

    FusedKernel(std::string name, std::size_t input_count, std::vector<Step> steps)
        : name_(std::move(name)), input_count_(input_count), steps_(std::move(steps)) {
        if (input_count_ > max_inputs)
            raise(exc::ValueError, "a fused kernel reads at most " + std::to_string(max_inputs) + " inputs");
        if (steps_.empty()) raise(exc::ValueError, "a fused kernel needs at least one step");
    }

    const std::string& name() const noexcept { return name_; }
    std::size_t input_count() const noexcept { return input_count_; }
    const std::vector<Step>& steps() const noexcept { return steps_; }

    // Everything that depends on the inputs' dtypes and shapes, computed once
    // per input signature: each step's dtypes and block kernel, the buffer
    // each chunk of each value lives in, constants already converted.
    class Plan {
    public:
        // The output's metadata (a fake tensor): what the unfused sink gives.
        const Value& out_meta() const noexcept { return out_meta_; }
        // Whether the group runs on the register-tile machine.
        bool register_tiles() const noexcept { return !tile_code_.empty(); }

    private:
        friend class FusedKernel;
        struct Source {
            enum class Kind : std::uint8_t { load, buffer };
            Kind kind;
            std::uint32_t index;  // load number or buffer number
        };
        struct Cast {  // converts a step result before a later step reads it
            std::uint32_t from_buffer, to_buffer;
            dtype from, to;
        };
        struct PlannedStep {
            BlockFn fn;
            std::uint8_t arity;
            Source in[max_pointwise_arity];
            std::vector<Cast> casts;
            std::uint32_t out_buffer;
        };
        struct Load {  // one input as one dtype
            std::uint32_t input;
            dtype want;
            std::uint32_t buffer;  // where converted or constant chunks go
        };

        std::vector<PlannedStep> steps_;
        std::vector<Load> loads_;
        std::vector<dtype> input_dtypes_;
        std::size_t buffer_count_ = 0;
        std::unique_ptr<std::byte[], void (*)(std::byte*)> scratch_{nullptr, [](std::byte*) {}};
        std::unique_ptr<const void*[]> load_ptr_;  // per chunk: where each load's elements are
        Value out_meta_;
        dtype out_dtype_ = dtype::float32;
        // The register-tile program, when the group has one (empty otherwise),
        // and its sources: the loads' chunks, then every buffer.
        std::vector<detail::TileOp> tile_code_;
        std::unique_ptr<std::byte*[]> tile_base_;
        std::unique_ptr<std::int64_t[]> tile_advance_;  // per load, per run
        std::uint32_t tile_staging_ = 0;  // a buffer for partial and strided output tiles

        std::byte* buffer(std::uint32_t b) const noexcept {
            return scratch_.get() + static_cast<std::size_t>(b) * chunk * 8;
        }
    };

    // Plans for inputs with these metadata (real or fake tensors, or numbers).
    // Raises exactly what the unfused ops would raise on them.
    STANDIN_DECL std::unique_ptr<Plan> plan(std::span<const Value> inputs) const;

    // The output metadata for these inputs, as the unfused sink would have it.
    Value meta(std::span<const Value> inputs) const { return plan(inputs)->out_meta(); }

    // Runs the group over real inputs into `out` (the plan's output shape;
    // any strides). Inputs must have the dtypes the plan was made for.
    STANDIN_DECL void run(const Plan& p, std::span<const Value> inputs, Tensor& out) const;

    // Plans, allocates a fresh output and runs: for one-off calls.
    STANDIN_DECL Value operator()(std::span<const Value> inputs) const;

private:
    // Compiles the planned steps into a register-tile program (p.tile_code_),
    // or leaves it empty when an op is not one the machine runs. The running
    // value is the previous step's result; a step result read again later,
    // or not by the next step, is stored to its planned buffer.
    STANDIN_DECL void compile_tiles([[maybe_unused]] Plan& p, [[maybe_unused]] std::uint32_t& buffer_count) const;

    // Runs the register-tile program over `m` elements: the loads start at
    // p.load_ptr_ (`advancing[li]` false for a load constant over the run),
    // the output at `out` with `out_stride`. Whole tiles go straight from the
    // loads to a contiguous output; the last partial tile, and every tile of
    // a strided output (m <= chunk then), through the staging buffer.
    STANDIN_DECL void run_tiles([[maybe_unused]] const Plan& p, [[maybe_unused]] const bool* advancing,
                   [[maybe_unused]] std::byte* out, [[maybe_unused]] std::int64_t out_stride,
                   [[maybe_unused]] std::int64_t m) const;

    std::string name_;
    std::size_t input_count_;
    std::vector<Step> steps_;
};

#if STANDIN_DEFINITIONS

namespace detail {

// How a binary op's operands are found (acc is always one of them).
enum class TileForm : std::uint8_t {
    acc_tile,      // op(acc, the source's tile)
    tile_acc,      // op(the source's tile, acc)
    acc_constant,  // op(acc, the source's constant)
    constant_acc,  // op(the source's constant, acc)
};
inline constexpr std::uint8_t tile_form_count = 4;

template <class... Ops>
struct tile_op_list {};
// The ops the machine runs; each through its functor in pointwise.hpp.
using tile_binary_ops = tile_op_list<add_op, sub_op, mul_op, div_op, maximum_op, minimum_op>;
using tile_unary_ops = tile_op_list<neg_op, abs_op, relu_op>;

template <class... Ops>
constexpr int tile_count(tile_op_list<Ops...>) noexcept {
    return sizeof...(Ops);
}
template <class Op, class... Ops>
constexpr std::uint8_t tile_index(tile_op_list<Ops...>) noexcept {
    std::uint8_t i = 0;
    (void)((std::is_same_v<Op, Ops> || (++i, false)) || ...);
    return i;
}
// The op's position in `list`, or -1 when the machine does not run it.
template <class... Ops>
int tile_index_of(const PointwiseInfo* info, tile_op_list<Ops...>) noexcept {
    int i = 0, found = -1;
    ((found = found < 0 && info == &pointwise_info_of<Ops> ? i : found, ++i), ...);
    return found;
}

// Opcodes: load acc from the source, store acc to it, then each binary op in
// its four forms, then each unary op.
inline constexpr std::uint8_t tile_load = 0;
inline constexpr std::uint8_t tile_store = 1;
inline constexpr std::uint8_t tile_binary_code(int index, TileForm form) noexcept {
    return static_cast<std::uint8_t>(2 + index * tile_form_count + static_cast<int>(form));
}
inline constexpr std::uint8_t tile_unary_code(int index) noexcept {
    return static_cast<std::uint8_t>(tile_binary_code(tile_count(tile_binary_ops{}), TileForm::acc_tile) + index);
}
template <class Op>
constexpr std::uint8_t tile_code(TileForm form) noexcept {
    return tile_binary_code(tile_index<Op>(tile_binary_ops{}), form);
}
template <class Op>
constexpr std::uint8_t tile_code() noexcept {
    return tile_unary_code(tile_index<Op>(tile_unary_ops{}));
}

// SIMD registers in a tile: twelve of SSE2's sixteen, leaving room for a
// constant and the temporaries of relu/maximum without spilling the tile.
inline constexpr std::int64_t tile_vectors = 12;
// Elements per tile of `dt` (a float32 or float64 program).
inline constexpr std::int64_t tile_width(dtype dt) noexcept {
    return tile_vectors * 16 / static_cast<std::int64_t>(element_size(dt));
}

#if STANDIN_VECTOR_EXTENSIONS

// The tile is an array indexed by constants only (folds over `k`, every
// function always inlined), so the compiler keeps it in registers.
using tile_indices = std::make_index_sequence<static_cast<std::size_t>(tile_vectors)>;

template <class V, class T>
STANDIN_ALWAYS_INLINE V load_vector(const T* p) noexcept {
    V v;
    std::memcpy(&v, p, sizeof v);
    return v;
}
template <class V, class T>
STANDIN_ALWAYS_INLINE void store_vector(T* p, V v) noexcept {
    std::memcpy(p, &v, sizeof v);
}

template <class V, class T, std::size_t... k>
STANDIN_ALWAYS_INLINE void tile_load_from(V* acc, const T* p, std::index_sequence<k...>) noexcept {
    constexpr std::size_t lanes = sizeof(V) / sizeof(T);
    ((acc[k] = load_vector<V>(p + k * lanes)), ...);
}
template <class V, class T, std::size_t... k>
STANDIN_ALWAYS_INLINE void tile_store_to(const V* acc, T* p, std::index_sequence<k...>) noexcept {
    constexpr std::size_t lanes = sizeof(V) / sizeof(T);
    (store_vector(p + k * lanes, acc[k]), ...);
}

template <class Op, TileForm form, class V, class T, std::size_t... k>
STANDIN_ALWAYS_INLINE void tile_binary(V* acc, const T* p, std::index_sequence<k...>) noexcept {
    constexpr std::size_t lanes = sizeof(V) / sizeof(T);
    const Op op{};
    if constexpr (form == TileForm::acc_tile) {
        ((acc[k] = op(acc[k], load_vector<V>(p + k * lanes))), ...);
    } else if constexpr (form == TileForm::tile_acc) {
        ((acc[k] = op(load_vector<V>(p + k * lanes), acc[k])), ...);
    } else {
        const V c = load_vector<V>(p);  // a constant's buffer repeats it
        if constexpr (form == TileForm::acc_constant) ((acc[k] = op(acc[k], c)), ...);
        else ((acc[k] = op(c, acc[k])), ...);
    }
}

template <class Op, class V, std::size_t... k>
STANDIN_ALWAYS_INLINE void tile_unary(V* acc, std::index_sequence<k...>) noexcept {
    const Op op{};
    ((acc[k] = op(acc[k])), ...);
}

// Runs `code` on `tiles` tiles in a row, storing each result tile at `out`.
// `base` holds each source's address, where loads advance by `advance`
// bytes per tile (0 for a load constant over the run) and buffers stay put:
// a stored value is read back within its own tile. One function, so the
// tile `acc` lives in registers across the dispatch.
template <class T>
void run_tile_program(std::span<const TileOp> code, std::byte** base, const std::int64_t* advance,
                      std::size_t loads, T* out, std::int64_t tiles) noexcept {
    using V = standin::detail::simd_of<T>;
    constexpr std::int64_t lanes = sizeof(V) / sizeof(T);
    constexpr tile_indices all{};
    V acc[tile_vectors] = {};  // every program starts with a load
    for (std::int64_t t = 0; t < tiles; ++t) {
        for (const TileOp& op : code) {
            T* p = reinterpret_cast<T*>(base[op.source]);
            switch (op.code) {
            case tile_load: tile_load_from(acc, p, all); break;
            case tile_store: tile_store_to(acc, p, all); break;
#define STANDIN_TILE_BINARY_CASES(Op)                                                                               \
    case tile_code<Op>(TileForm::acc_tile): tile_binary<Op, TileForm::acc_tile>(acc, p, all); break;                \
    case tile_code<Op>(TileForm::tile_acc): tile_binary<Op, TileForm::tile_acc>(acc, p, all); break;                \
    case tile_code<Op>(TileForm::acc_constant): tile_binary<Op, TileForm::acc_constant>(acc, p, all); break;        \
    case tile_code<Op>(TileForm::constant_acc): tile_binary<Op, TileForm::constant_acc>(acc, p, all); break;
            STANDIN_TILE_BINARY_CASES(add_op)
            STANDIN_TILE_BINARY_CASES(sub_op)
            STANDIN_TILE_BINARY_CASES(mul_op)
            STANDIN_TILE_BINARY_CASES(div_op)
            STANDIN_TILE_BINARY_CASES(maximum_op)
            STANDIN_TILE_BINARY_CASES(minimum_op)
#undef STANDIN_TILE_BINARY_CASES
            case tile_code<neg_op>(): tile_unary<neg_op>(acc, all); break;
            case tile_code<abs_op>(): tile_unary<abs_op>(acc, all); break;
            case tile_code<relu_op>(): tile_unary<relu_op>(acc, all); break;
            default: __builtin_unreachable();  // the plan emits no other code
            }
        }
        tile_store_to(acc, out, all);
        out += tile_vectors * lanes;
        for (std::size_t li = 0; li < loads; ++li) base[li] += advance[li];
    }
}

#endif  // STANDIN_VECTOR_EXTENSIONS

}  // namespace detail

STANDIN_DECL std::unique_ptr<FusedKernel::Plan> FusedKernel::plan(std::span<const Value> inputs) const {
    auto p = std::make_unique<Plan>();
    std::vector<Value> vals(steps_.size());
    std::vector<std::size_t> last_use(steps_.size(), 0);
    for (std::size_t s = 0; s < steps_.size(); ++s)
        for (const Operand& o : steps_[s].operands)
            if (o.kind == Operand::Kind::step) last_use[o.index] = s;

    std::vector<std::uint32_t> free_buffers;
    std::uint32_t buffer_count = 0;
    auto take_buffer = [&] {
        if (!free_buffers.empty()) {
            std::uint32_t b = free_buffers.back();
            free_buffers.pop_back();
            return b;
        }
        return buffer_count++;
    };
    std::vector<std::uint32_t> step_buffer(steps_.size());
    std::vector<dtype> step_dtype(steps_.size());
    std::vector<std::pair<std::vector<std::byte>, std::uint32_t>> constants;  // bytes -> buffer
    struct Fill {
        std::uint32_t buffer;
        dtype dt;
        Value value;
    };
    std::vector<Fill> fills;
    // The register-tile machine runs the group when every step computes
    // and returns the first step's float dtype.
    bool tiles = STANDIN_VECTOR_EXTENSIONS != 0;

    for (std::size_t s = 0; s < steps_.size(); ++s) {
        const Step& step = steps_[s];
        const PointwiseInfo& info = *step.op->pointwise;
        Value args[max_pointwise_arity];
        for (std::size_t k = 0; k < step.operands.size(); ++k) {
            const Operand& o = step.operands[k];
            args[k] = o.kind == Operand::Kind::input ? inputs[o.index]
                      : o.kind == Operand::Kind::step ? vals[o.index]
                                                      : o.constant;
        }
        std::span<const Value> arg_span(args, step.operands.size());
        PointwiseMeta m = pointwise_rule(step.op->name, info, arg_span);
        vals[s] = Value(make_pointwise_output(m, true));
        step_dtype[s] = m.result;
        tiles = tiles && m.compute() == m.result && m.compute() == step_dtype[0] &&
                (m.compute() == dtype::float32 || m.compute() == dtype::float64);

        Plan::PlannedStep ps{};
        ps.fn = info.block[index_of(m.compute())];
        ps.arity = info.arity;
        for (std::size_t k = 0; k < step.operands.size(); ++k) {
            const Operand& o = step.operands[k];
            const dtype want = info.input_dtype(k, m.compute());
            switch (o.kind) {
            case Operand::Kind::input: {
                auto it = std::find_if(p->loads_.begin(), p->loads_.end(), [&](const Plan::Load& l) {
                    return l.input == o.index && l.want == want;
                });
                if (it == p->loads_.end()) {
                    p->loads_.push_back({o.index, want, buffer_count++});
                    it = p->loads_.end() - 1;
                }
                ps.in[k] = {Plan::Source::Kind::load, static_cast<std::uint32_t>(it - p->loads_.begin())};
                break;
            }
            case Operand::Kind::step: {
                if (step_dtype[o.index] == want) {
                    ps.in[k] = {Plan::Source::Kind::buffer, step_buffer[o.index]};
                } else {
                    std::uint32_t b = buffer_count++;
                    ps.casts.push_back({step_buffer[o.index], b, step_dtype[o.index], want});
                    ps.in[k] = {Plan::Source::Kind::buffer, b};
                }
                break;
            }
            case Operand::Kind::constant: {
                std::vector<std::byte> key(9);
                write_scalar(o.constant, want, key.data());
                key[8] = static_cast<std::byte>(want);
                auto it = std::find_if(constants.begin(), constants.end(),
                                       [&](const auto& c) { return c.first == key; });
                std::uint32_t b;
                if (it == constants.end()) {
                    b = buffer_count++;
                    constants.emplace_back(std::move(key), b);
                    fills.push_back({b, want, o.constant});
                } else {
                    b = it->second;
                }
                ps.in[k] = {Plan::Source::Kind::buffer, b};
                break;
            }
            }
        }
        // Inputs whose last reader is this step free their buffers after
        // it is planned (a step never writes over its own inputs).
        std::vector<std::uint32_t> released;
        for (const Operand& o : step.operands)
            if (o.kind == Operand::Kind::step && last_use[o.index] == s &&
                std::find(released.begin(), released.end(), step_buffer[o.index]) == released.end())
                released.push_back(step_buffer[o.index]);
        ps.out_buffer = step_buffer[s] = take_buffer();
        free_buffers.insert(free_buffers.end(), released.begin(), released.end());
        p->steps_.push_back(std::move(ps));
    }

    if (tiles) compile_tiles(*p, buffer_count);
    p->buffer_count_ = buffer_count;
    const std::size_t bytes = static_cast<std::size_t>(buffer_count) * chunk * 8;
    auto* raw = static_cast<std::byte*>(::operator new(bytes, std::align_val_t{64}));
    p->scratch_ = std::unique_ptr<std::byte[], void (*)(std::byte*)>(
        raw, [](std::byte* b) { ::operator delete(b, std::align_val_t{64}); });
    for (const Fill& f : fills) {
        std::byte* dst = p->buffer(f.buffer);
        const std::size_t size = element_size(f.dt);
        write_scalar(f.value, f.dt, dst);
        for (std::int64_t i = 1; i < chunk; ++i) std::memcpy(dst + i * size, dst, size);
    }
    // A Python number input is stored at full precision, then converted
    // as the unfused kernel converts it.
    for (const Value& in : inputs) {
        dtype stored = in.is_float() ? dtype::float64 : in.is_bool() ? dtype::bool_ : dtype::int64;
        p->input_dtypes_.push_back(in.dyn<Tensor>() ? in.as<Tensor>()->dtype() : stored);
    }
    p->load_ptr_ = std::make_unique<const void*[]>(p->loads_.size() + 1);
    p->out_meta_ = vals.back();
    p->out_dtype_ = step_dtype.back();
    if (!p->tile_code_.empty()) {
        const std::size_t loads = p->loads_.size();
        p->tile_base_ = std::make_unique<std::byte*[]>(loads + buffer_count);
        for (std::uint32_t b = 0; b < buffer_count; ++b) p->tile_base_[loads + b] = p->buffer(b);
        p->tile_advance_ = std::make_unique<std::int64_t[]>(loads + 1);
    }
    return p;
}

STANDIN_DECL void FusedKernel::run(const Plan& p, std::span<const Value> inputs, Tensor& out) const {
    if (out.numel() == 0) return;
    const std::size_t operands = inputs.size() + 1;  // 0: out, 1..: inputs

    // Iteration space: the output's shape, dimensions merged where every
    // operand allows (one dimension when everything is contiguous).
    DimVector shape(out.sizes());
    if (shape.empty()) shape.push_back(1);
    DimVector strides[max_inputs + 1];
    const std::byte* base[max_inputs + 1];
    alignas(8) std::byte numbers[max_inputs][8];
    strides[0] = out.dim() ? DimVector(out.strides()) : DimVector{1};
    base[0] = out.data();
    for (std::size_t k = 0; k < inputs.size(); ++k) {
        if (auto* t = inputs[k].dyn<Tensor>()) {
            strides[k + 1] = broadcast_strides(*t, out.sizes());
            if (strides[k + 1].empty()) strides[k + 1].push_back(0);
            base[k + 1] = t->data();
        } else {
            write_scalar(inputs[k], p.input_dtypes_[k], numbers[k]);
            strides[k + 1] = DimVector(shape.size(), 0);
            base[k + 1] = numbers[k];
        }
    }
    standin::detail::coalesce_dimensions(shape, strides, operands);
    bool constant[max_inputs + 1] = {};
    for (std::size_t k = 1; k < operands; ++k)
        constant[k] = std::all_of(strides[k].begin(), strides[k].end(), [](std::int64_t s) { return s == 0; });

    // Inputs constant over the whole run are converted into full chunks once.
    const std::size_t loads = p.loads_.size();
    const void** load_ptr = p.load_ptr_.get();
    for (std::size_t li = 0; li < loads; ++li) {
        const auto& l = p.loads_[li];
        if (!constant[l.input + 1]) continue;
        convert_elements(base[l.input + 1], p.input_dtypes_[l.input], 0, p.buffer(l.buffer), l.want, 1, chunk);
        load_ptr[li] = p.buffer(l.buffer);
    }

    const std::size_t nd = shape.size();
    const std::int64_t inner = shape[nd - 1];
    const std::int64_t out_stride = strides[0][nd - 1];
    const auto out_size = static_cast<std::int64_t>(element_size(p.out_dtype_));
    const std::size_t step_count = p.steps_.size();
    // The register-tile machine runs whole rows when it reads every
    // input in place (or constant) and writes the output in place.
    const bool tiles = !p.tile_code_.empty();
    bool advancing[max_inputs];  // a tile program loads each input once, as its dtype
    bool whole_rows = tiles && out_stride == 1;
    for (std::size_t li = 0; li < loads && tiles; ++li) {
        const auto& l = p.loads_[li];
        advancing[li] = !constant[l.input + 1];
        whole_rows = whole_rows && (constant[l.input + 1] || (strides[l.input + 1][nd - 1] == 1 &&
                                                              p.input_dtypes_[l.input] == l.want));
    }
    DimVector index(nd, 0);
    for (;;) {
        std::int64_t row[max_inputs + 1];
        for (std::size_t k = 0; k < operands; ++k) {
            std::int64_t offset = 0;
            for (std::size_t d = 0; d + 1 < nd; ++d) offset += index[d] * strides[k][d];
            row[k] = offset;
        }
        if (whole_rows) {
            for (std::size_t li = 0; li < loads; ++li) {
                const std::size_t k = p.loads_[li].input + 1;
                const auto size = static_cast<std::int64_t>(element_size(p.loads_[li].want));
                if (!constant[k]) load_ptr[li] = base[k] + row[k] * size;
            }
            run_tiles(p, advancing, const_cast<std::byte*>(base[0]) + row[0] * out_size, 1, inner);
        }
        for (std::int64_t start = 0; start < inner && !whole_rows; start += chunk) {
            const std::int64_t m = std::min(chunk, inner - start);
            for (std::size_t li = 0; li < loads; ++li) {
                const auto& l = p.loads_[li];
                const std::size_t k = l.input + 1;
                if (constant[k]) continue;
                const dtype stored = p.input_dtypes_[l.input];
                const std::int64_t s = strides[k][nd - 1];
                const std::byte* src =
                    base[k] + (row[k] + start * s) * static_cast<std::int64_t>(element_size(stored));
                if (s == 1 && stored == l.want) {
                    load_ptr[li] = src;
                } else {
                    convert_elements(src, stored, s, p.buffer(l.buffer), l.want, 1, m);
                    load_ptr[li] = p.buffer(l.buffer);
                }
            }
            std::byte* out_chunk = const_cast<std::byte*>(base[0]) + (row[0] + start * out_stride) * out_size;
            if (tiles) {
                run_tiles(p, advancing, out_chunk, out_stride, m);
                continue;
            }
            for (std::size_t si = 0; si < step_count; ++si) {
                const auto& st = p.steps_[si];
                for (const auto& c : st.casts)
                    convert_elements(p.buffer(c.from_buffer), c.from, 1, p.buffer(c.to_buffer), c.to, 1, m);
                const void* in[max_pointwise_arity];
                for (std::size_t k = 0; k < st.arity; ++k)
                    in[k] = st.in[k].kind == Plan::Source::Kind::load ? load_ptr[st.in[k].index]
                                                                      : p.buffer(st.in[k].index);
                if (si + 1 < step_count) {
                    st.fn(in, p.buffer(st.out_buffer), static_cast<std::size_t>(m));
                } else if (out_stride == 1) {
                    st.fn(in, out_chunk, static_cast<std::size_t>(m));
                } else {
                    st.fn(in, p.buffer(st.out_buffer), static_cast<std::size_t>(m));
                    convert_elements(p.buffer(st.out_buffer), p.out_dtype_, 1, out_chunk, p.out_dtype_,
                                     out_stride, m);
                }
            }
        }
        std::size_t d = nd - 1;
        while (d-- > 0) {
            if (++index[d] < shape[d]) break;
            index[d] = 0;
        }
        if (d == static_cast<std::size_t>(-1)) return;
    }
}

STANDIN_DECL Value FusedKernel::operator()(std::span<const Value> inputs) const {
    auto p = plan(inputs);
    const Tensor& meta = *p->out_meta().as<Tensor>();
    auto out = make_strided_tensor(meta.dtype(), meta.sizes(), meta.strides());
    run(*p, inputs, *out);
    return Value(std::move(out));
}

STANDIN_DECL void FusedKernel::compile_tiles([[maybe_unused]] Plan& p, [[maybe_unused]] std::uint32_t& buffer_count) const {
#if STANDIN_VECTOR_EXTENSIONS
    using detail::TileForm;
    const auto loads = static_cast<std::uint32_t>(p.loads_.size());
    auto source = [&](const Plan::Source& src) {
        return src.kind == Plan::Source::Kind::load ? src.index : loads + src.index;
    };
    std::vector<std::vector<detail::TileOp>> code(steps_.size());
    std::vector<bool> stored(steps_.size(), false);
    for (std::size_t s = 0; s < steps_.size(); ++s) {
        const Step& step = steps_[s];
        const Plan::PlannedStep& ps = p.steps_[s];
        const int binary = detail::tile_index_of(step.op->pointwise, detail::tile_binary_ops{});
        const int unary = detail::tile_index_of(step.op->pointwise, detail::tile_unary_ops{});
        if ((binary < 0 && unary < 0) || !ps.casts.empty()) return;
        auto memory = [&](std::size_t k) {
            const Operand& o = step.operands[k];
            if (o.kind == Operand::Kind::step) stored[o.index] = true;
            return source(ps.in[k]);
        };
        std::size_t acc = step.operands.size();  // the operand the running value is
        for (std::size_t k = 0; k < step.operands.size() && s > 0; ++k)
            if (step.operands[k].kind == Operand::Kind::step && step.operands[k].index == s - 1) {
                acc = k;
                break;
            }
        if (acc == step.operands.size()) {
            code[s].push_back({detail::tile_load, memory(0)});
            acc = 0;
        }
        if (unary >= 0) {
            code[s].push_back({detail::tile_unary_code(unary), 0});
        } else {
            const std::size_t other = 1 - acc;
            const bool constant = step.operands[other].kind == Operand::Kind::constant;
            const TileForm form = constant ? (acc == 0 ? TileForm::acc_constant : TileForm::constant_acc)
                                           : (acc == 0 ? TileForm::acc_tile : TileForm::tile_acc);
            code[s].push_back({detail::tile_binary_code(binary, form), memory(other)});
        }
    }
    p.tile_code_.clear();
    for (std::size_t s = 0; s < steps_.size(); ++s) {
        p.tile_code_.insert(p.tile_code_.end(), code[s].begin(), code[s].end());
        if (stored[s]) p.tile_code_.push_back({detail::tile_store, loads + p.steps_[s].out_buffer});
    }
    p.tile_staging_ = buffer_count++;
#endif
}

STANDIN_DECL void FusedKernel::run_tiles([[maybe_unused]] const Plan& p, [[maybe_unused]] const bool* advancing,
                   [[maybe_unused]] std::byte* out, [[maybe_unused]] std::int64_t out_stride,
                   [[maybe_unused]] std::int64_t m) const {
#if STANDIN_VECTOR_EXTENSIONS
    const dtype dt = p.out_dtype_;
    const auto size = static_cast<std::int64_t>(element_size(dt));
    const std::int64_t width = detail::tile_width(dt);
    const std::size_t loads = p.loads_.size();
    std::byte** base = p.tile_base_.get();
    std::int64_t* advance = p.tile_advance_.get();
    for (std::size_t li = 0; li < loads; ++li) {
        base[li] = const_cast<std::byte*>(static_cast<const std::byte*>(p.load_ptr_[li]));
        advance[li] = advancing[li] ? width * size : 0;
    }
    auto run = [&](std::byte* to, std::int64_t tiles) {
        const std::span<const detail::TileOp> code = p.tile_code_;
        if (dt == dtype::float32)
            detail::run_tile_program(code, base, advance, loads, reinterpret_cast<float*>(to), tiles);
        else
            detail::run_tile_program(code, base, advance, loads, reinterpret_cast<double*>(to), tiles);
    };
    std::byte* staging = p.buffer(p.tile_staging_);
    const std::int64_t whole = m / width * width;
    run(out_stride == 1 ? out : staging, whole / width);
    if (whole < m) {
        const auto rest = static_cast<std::size_t>((m - whole) * size);
        for (std::size_t li = 0; li < loads; ++li) {
            if (!advancing[li]) continue;
            std::byte* copy = p.buffer(p.loads_[li].buffer);
            std::memmove(copy, base[li], rest);  // base[li] may be in `copy` already
            std::memset(copy + rest, 0, static_cast<std::size_t>(width * size) - rest);
            base[li] = copy;
        }
        std::byte* tail = out_stride == 1 ? staging : staging + whole * size;
        run(tail, 1);
        if (out_stride == 1) std::memcpy(out + whole * size, tail, rest);
    }
    if (out_stride != 1) convert_elements(staging, dt, 1, out, dt, out_stride, m);
#endif
}

#endif  // STANDIN_DEFINITIONS

STANDIN_NAMESPACE_END
