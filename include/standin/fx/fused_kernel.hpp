// The kernel of a fused elementwise group: a small DAG of pointwise ops run
// chunk by chunk, so every intermediate lives in a few L1-sized buffers and
// memory is read and written once. Each op runs the op table's own block
// kernel on values of the same dtypes the unfused ops would see (inputs and
// intermediates converted exactly where the unfused kernels convert them),
// so results are bitwise identical to running the ops one by one.
// Counterpart: the loop bodies TorchInductor generates for a fused pointwise
// node (torch/_inductor/codegen/cpp.py), without code generation.
#pragma once

#include <standin/fx/fake.hpp>
#include <standin/runtime/tensor.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <string>
#include <utility>
#include <vector>

namespace standin::inline v0::fx {

class FusedKernel {
public:
    // Elements per chunk: a chunk of every live buffer stays in L1.
    static constexpr std::int64_t chunk = 256;
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

        std::byte* buffer(std::uint32_t b) const noexcept {
            return scratch_.get() + static_cast<std::size_t>(b) * chunk * 8;
        }
    };

    // Plans for inputs with these metadata (real or fake tensors, or numbers).
    // Raises exactly what the unfused ops would raise on them.
    std::unique_ptr<Plan> plan(std::span<const Value> inputs) const {
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

            Plan::PlannedStep ps{};
            ps.fn = info.block[index_of(m.compute)];
            ps.arity = info.arity;
            for (std::size_t k = 0; k < step.operands.size(); ++k) {
                const Operand& o = step.operands[k];
                const dtype want = info.input_dtype(k, m.compute);
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
        return p;
    }

    // The output metadata for these inputs, as the unfused sink would have it.
    Value meta(std::span<const Value> inputs) const { return plan(inputs)->out_meta(); }

    // Runs the group over real inputs into `out` (the plan's output shape;
    // any strides). Inputs must have the dtypes the plan was made for.
    void run(const Plan& p, std::span<const Value> inputs, Tensor& out) const {
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
        DimVector index(nd, 0);
        for (;;) {
            std::int64_t row[max_inputs + 1];
            for (std::size_t k = 0; k < operands; ++k) {
                std::int64_t offset = 0;
                for (std::size_t d = 0; d + 1 < nd; ++d) offset += index[d] * strides[k][d];
                row[k] = offset;
            }
            for (std::int64_t start = 0; start < inner; start += chunk) {
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

    // Plans, allocates a fresh output and runs: for one-off calls.
    Value operator()(std::span<const Value> inputs) const {
        auto p = plan(inputs);
        const Tensor& meta = *p->out_meta().as<Tensor>();
        auto out = make_strided_tensor(meta.dtype(), meta.sizes(), meta.strides());
        run(*p, inputs, *out);
        return Value(std::move(out));
    }

private:
    std::string name_;
    std::size_t input_count_;
    std::vector<Step> steps_;
};

}  // namespace standin::inline v0::fx
