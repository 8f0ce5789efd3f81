// Frames: one activation of a code object — its local slots (locals, cells,
// free variables), its value stack, the globals and builtins it names, and
// the instruction it is at. Frames live on a per-interpreter data stack that
// grows in chunks, so a call allocates nothing from the heap.
// Counterpart: CPython 3.11's _PyInterpreterFrame and its data stack chunks.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/lang/code.hpp>
#include <standin/runtime/callable.hpp>

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

STANDIN_NAMESPACE_BEGIN

class Generator;

class Frame {
public:
    const Code* code = nullptr;
    Value function;               // the Function running (None for a bare code object)
    Dict* globals = nullptr;
    Dict* builtins = nullptr;
    ref<Dict> locals;             // class bodies: the namespace being built
    Frame* previous = nullptr;
    Frame* shadowed = nullptr;    // the frame an eval-frame hook replaced by this one
    Value code_owner;             // keeps a hook's replacement code alive
    Value init_self;              // an __init__ frame run for a class call: its result is this
    bool is_init = false;
    Value* localsplus = nullptr;  // nlocalsplus slots, then the value stack
    Value* sp = nullptr;          // saved stack pointer while not running
    std::uint32_t ip = 0;         // index of the next instruction while not running
    bool entry = false;           // returning from it returns from the C++ call that ran it
    Generator* generator = nullptr;  // the generator owning it (its storage is not the data stack)
    std::size_t bytes = 0;        // its allocation on the data stack

    Value* stack_base() const noexcept { return localsplus + code->nlocalsplus(); }
    std::size_t stack_depth() const noexcept { return static_cast<std::size_t>(sp - stack_base()); }
    // The instruction executing (the one before ip).
    std::uint32_t current_instruction() const noexcept { return ip ? ip - 1 : 0; }
    std::uint32_t current_line() const noexcept {
        return code->positions.empty() ? code->firstlineno : code->positions[current_instruction()].line;
    }
    // Local slot `i` (null when unbound); cells are returned as cells.
    const Value& local(std::size_t i) const noexcept { return localsplus[i]; }
    // The value of the local, cell or free variable `name` (null when unbound or absent).
    Value lookup_local(const Str* name) const {
        for (std::size_t i = 0; i < code->nlocalsplus(); ++i)
            if (code->localsplus_name(i) == name) {
                const Value& v = localsplus[i];
                if (i >= code->nlocals()) {
                    if (auto* c = v.dyn<Cell>()) return c->get();
                    return Value::null();
                }
                return v;
            }
        return Value::null();
    }
};

// Where a frame's slots start in its allocation (a frame and its slots are one block).
inline constexpr std::size_t frame_header_bytes = (sizeof(Frame) + 15) & ~std::size_t{15};

// LIFO storage for frames: chunks of raw memory, frames placed one after another.
class DataStack {
public:
    static constexpr std::size_t chunk_bytes = 256 * 1024;

    // A frame for `code` with every slot null and an empty stack.
    Frame* push(const Code* code) {
        const std::size_t slots = code->nlocalsplus() + code->stacksize;
        const std::size_t bytes = frame_header_bytes + slots * sizeof(Value);
        std::byte* mem = allocate(bytes);
        auto* f = new (mem) Frame();
        f->code = code;
        f->bytes = bytes;
        f->localsplus = reinterpret_cast<Value*>(mem + frame_header_bytes);
        const std::size_t nlp = code->nlocalsplus();
        for (std::size_t i = 0; i < nlp; ++i) new (f->localsplus + i) Value(Value::null());
        for (std::size_t i = nlp; i < slots; ++i) new (f->localsplus + i) Value();
        f->sp = f->localsplus + nlp;
        return f;
    }
    void pop(Frame* f) noexcept {
        const std::size_t slots = f->code->nlocalsplus() + f->code->stacksize;
        for (std::size_t i = 0; i < slots; ++i) f->localsplus[i].~Value();
        const std::size_t bytes = f->bytes;
        f->~Frame();
        release(bytes);
    }

private:
    struct Chunk {
        std::unique_ptr<std::byte[]> memory;
        std::size_t size = 0, used = 0;
    };
    std::byte* allocate(std::size_t bytes) {
        if (chunks_.empty() || chunks_[current_].used + bytes > chunks_[current_].size) {
            if (!chunks_.empty() && chunks_[current_].used + bytes > chunks_[current_].size) ++current_;
            if (current_ >= chunks_.size() || chunks_[current_].size < bytes) {
                Chunk c;
                c.size = std::max(chunk_bytes, bytes);
                c.memory.reset(new std::byte[c.size]);  // operator new[] aligns to 16 on the targets we build for
                if (current_ < chunks_.size()) chunks_[current_] = std::move(c);
                else chunks_.push_back(std::move(c));
            }
        }
        Chunk& c = chunks_[current_];
        std::byte* p = c.memory.get() + c.used;
        c.used += bytes;
        return p;
    }
    void release(std::size_t bytes) noexcept {
        chunks_[current_].used -= bytes;
        while (current_ > 0 && chunks_[current_].used == 0) --current_;
    }
    std::vector<Chunk> chunks_;
    std::size_t current_ = 0;
};

STANDIN_NAMESPACE_END
