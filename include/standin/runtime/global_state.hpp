// Interpreter-wide settings a captured graph depends on (grad mode, the
// default dtype, deterministic algorithms). Each Interpreter owns one; the
// GLOBAL_STATE guard compares it with the snapshot taken at trace time.
// Counterpart: torch/csrc/dynamo/guards.cpp GlobalStateGuard.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/dtype.hpp>

#include <cstdint>
#include <string>

STANDIN_NAMESPACE_BEGIN

struct GlobalState {
    bool grad_enabled = true;
    bool deterministic_algorithms = false;
    dtype default_dtype = dtype::float32;
    // Moves at every cls.__bases__ assignment, and when a class gains or
    // loses a data descriptor or an attribute hook (__getattribute__,
    // __getattr__, __setattr__, __delattr__) after it was made: an
    // isinstance(), an MRO lookup or an instance attribute a graph baked in
    // may answer differently after one (TYPE_MATCH compares the type's
    // identity only; guards read instance attributes from their __dict__).
    // It also moves at a store to torch.Tensor's class or to a torch module
    // (a trace reads torch's methods and functions unguarded) and at a
    // function's __code__ assignment (guards match functions by identity).
    std::uint64_t class_hierarchy = 0;

    bool operator==(const GlobalState&) const = default;

    // The first setting that differs from `expected`, in Dynamo's words.
    std::string difference_from(const GlobalState& expected) const {
        if (grad_enabled != expected.grad_enabled)
            return std::string("GLOBAL_STATE changed: grad_mode ") + (grad_enabled ? "True" : "False");
        if (deterministic_algorithms != expected.deterministic_algorithms)
            return std::string("GLOBAL_STATE changed: deterministic_algorithms ") +
                   (deterministic_algorithms ? "True" : "False");
        if (default_dtype != expected.default_dtype)
            return "GLOBAL_STATE changed: default_dtype " + std::string(dtype_name(default_dtype));
        if (class_hierarchy != expected.class_hierarchy)
            return "GLOBAL_STATE changed: a class's __bases__, descriptors or attribute hooks, torch.Tensor's or a "
                   "torch module's attributes, or a function's __code__";
        return {};
    }
};

STANDIN_NAMESPACE_END
