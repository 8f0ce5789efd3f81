// Storage: the reference-counted, 64-byte aligned block of bytes that a tensor
// and all its views share. The header and the bytes are one allocation. A
// fake storage has a size but no bytes: fake tensors keep their aliasing
// without holding data.
// Counterpart: c10::StorageImpl (c10/core/StorageImpl.h).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/object.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <new>

STANDIN_NAMESPACE_BEGIN

class Storage {
public:
    static constexpr std::size_t alignment = 64;

    // Uninitialised bytes. One plain allocation holds the header and the
    // aligned bytes (malloc is markedly faster than aligned allocation for
    // the small tensors programs create by the thousand).
    static ref<Storage> allocate(std::size_t nbytes) {
        void* block = std::malloc(sizeof(Storage) + alignment + nbytes);
        if (!block) throw std::bad_alloc();
        auto address = reinterpret_cast<std::uintptr_t>(block) + sizeof(Storage);
        address = (address + alignment - 1) & ~std::uintptr_t{alignment - 1};
        return ref<Storage>(new (block) Storage(nbytes, reinterpret_cast<std::byte*>(address)));
    }
    static ref<Storage> fake(std::size_t nbytes) {
        void* block = std::malloc(sizeof(Storage));
        if (!block) throw std::bad_alloc();
        return ref<Storage>(new (block) Storage(nbytes, nullptr));
    }

    Storage(const Storage&) = delete;
    Storage& operator=(const Storage&) = delete;

    std::byte* data() const noexcept { return data_; }
    std::size_t nbytes() const noexcept { return nbytes_; }
    bool is_fake() const noexcept { return data_ == nullptr; }

    // Changes on every write through any tensor viewing this storage, to a
    // tag no other storage has had.
    std::uint64_t version() const noexcept { return version_; }
    void bump_version() noexcept {
        version_ = next_version_tag();
        ++writes_;
    }
    // How many writes: torch's `t._version`, which views share (autograd's
    // saved-tensor check compares it).
    std::uint32_t writes() const noexcept { return writes_; }

    std::uint32_t refcount() const noexcept { return refcount_; }
    void incref() const noexcept { ++refcount_; }
    void decref() const noexcept {
        if (--refcount_ == 0) {
            auto* self = const_cast<Storage*>(this);
            self->~Storage();
            std::free(self);
        }
    }

private:
    Storage(std::size_t nbytes, std::byte* data) noexcept : nbytes_(nbytes), data_(data) {}
    ~Storage() = default;

    mutable std::uint32_t refcount_ = 0;
    std::uint32_t writes_ = 0;
    std::size_t nbytes_;
    std::byte* data_;
    std::uint64_t version_ = next_version_tag();
};


STANDIN_NAMESPACE_END
