// What sources and guards read from a frame: its code (for slot names), its
// local slots (locals, then cells, then free variables, as CPython's
// "localsplus"; cell and free slots hold Cell objects), and its globals.
// The vm's frames hand out this view; tests build one by hand.
// Counterpart: the _PyInterpreterFrame fields Dynamo's guards read (f_locals, f_globals).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/code.hpp>
#include <standin/runtime/callable.hpp>
#include <standin/runtime/global_state.hpp>
#include <standin/vm/frame.hpp>

#include <span>

STANDIN_NAMESPACE_BEGIN

struct FrameView {
    const Code* code = nullptr;
    std::span<const Value> localsplus;
    const Dict* globals = nullptr;
    // The interpreter's settings (GLOBAL_STATE guards); nullptr when none.
    const GlobalState* global_state = nullptr;

    // The slot of local `name` (pointer comparison: names are interned), or -1.
    std::int64_t slot_of(const Str* name) const noexcept {
        if (!code) return -1;
        const std::size_t n = code->nlocalsplus();
        for (std::size_t i = 0; i < n; ++i)
            if (code->localsplus_name(i) == name) return static_cast<std::int64_t>(i);
        return -1;
    }
    // The value of plain local `slot` if `name` is still that slot's name
    // (cell and free slots take the general path): the static guards' fast path.
    const Value* plain_local(std::size_t slot, const Str* name) const noexcept {
        if (!code || slot >= code->varnames.size() || code->varnames[slot] != name || slot >= localsplus.size())
            return nullptr;
        const Value* v = &localsplus[slot];
        return v->is_null() ? nullptr : v;
    }
    // The value in slot `slot`, dereferencing cells; nullptr when unbound.
    const Value* local(std::size_t slot) const noexcept {
        if (slot >= localsplus.size()) return nullptr;
        const Value* v = &localsplus[slot];
        if (code && slot >= code->nlocals()) {
            auto* cell = v->dyn<Cell>();
            if (!cell) return nullptr;
            v = &cell->get();
        }
        return v->is_null() ? nullptr : v;
    }
};

// The view of an interpreter frame (the eval-frame hook hands out Frames).
inline FrameView frame_view(const Frame& frame, const GlobalState* state = nullptr) noexcept {
    return FrameView{frame.code, {frame.localsplus, frame.code->nlocalsplus()}, frame.globals, state};
}

STANDIN_NAMESPACE_END
