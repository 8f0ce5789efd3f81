// DimVector: the sizes or strides of a tensor, stored inline up to six
// dimensions (no allocation for the shapes programs actually use).
// Counterpart: c10::SmallVector<int64_t, 5> (c10/util/SmallVector.h, DimVector).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>

STANDIN_NAMESPACE_BEGIN

class DimVector {
public:
    static constexpr std::size_t inline_capacity = 6;

    DimVector() noexcept = default;
    explicit DimVector(std::size_t n, std::int64_t fill = 0) { assign(n, fill); }
    DimVector(std::span<const std::int64_t> items) { assign(items); }
    DimVector(std::initializer_list<std::int64_t> items) { assign({items.begin(), items.size()}); }
    DimVector(const DimVector& o) { assign(o.span()); }
    DimVector(DimVector&& o) noexcept { steal(o); }
    DimVector& operator=(const DimVector& o) {
        if (this != &o) assign(o.span());
        return *this;
    }
    DimVector& operator=(DimVector&& o) noexcept {
        if (this != &o) {
            release();
            steal(o);
        }
        return *this;
    }
    ~DimVector() { release(); }

    std::size_t size() const noexcept { return size_; }
    bool empty() const noexcept { return size_ == 0; }
    std::int64_t* data() noexcept { return heap_ ? heap_ : inline_; }
    const std::int64_t* data() const noexcept { return heap_ ? heap_ : inline_; }
    std::int64_t& operator[](std::size_t i) noexcept { return data()[i]; }
    std::int64_t operator[](std::size_t i) const noexcept { return data()[i]; }
    std::int64_t* begin() noexcept { return data(); }
    std::int64_t* end() noexcept { return data() + size_; }
    const std::int64_t* begin() const noexcept { return data(); }
    const std::int64_t* end() const noexcept { return data() + size_; }
    std::int64_t back() const noexcept { return data()[size_ - 1]; }
    std::span<const std::int64_t> span() const noexcept { return {data(), size_}; }
    operator std::span<const std::int64_t>() const noexcept { return span(); }

    void push_back(std::int64_t v) {
        reserve(size_ + 1);
        data()[size_++] = v;
    }
    void insert(std::size_t at, std::int64_t v) {
        reserve(size_ + 1);
        std::int64_t* d = data();
        std::copy_backward(d + at, d + size_, d + size_ + 1);
        d[at] = v;
        ++size_;
    }
    void erase(std::size_t at) noexcept {
        std::int64_t* d = data();
        std::copy(d + at + 1, d + size_, d + at);
        --size_;
    }
    void resize(std::size_t n, std::int64_t fill = 0) {
        reserve(n);
        std::fill(data() + std::min(n, size_), data() + n, fill);
        size_ = n;
    }

    friend bool operator==(const DimVector& a, const DimVector& b) noexcept {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    void assign(std::size_t n, std::int64_t fill) {
        reserve(n);
        std::fill(data(), data() + n, fill);
        size_ = n;
    }
    void assign(std::span<const std::int64_t> items) {
        reserve(items.size());
        std::copy(items.begin(), items.end(), data());
        size_ = items.size();
    }
    void reserve(std::size_t n) {
        if (n <= capacity()) return;
        std::size_t cap = std::max(n, 2 * capacity());
        auto* fresh = new std::int64_t[cap];
        std::copy(data(), data() + size_, fresh);
        release();
        heap_ = fresh;
        heap_capacity_ = cap;
    }
    std::size_t capacity() const noexcept { return heap_ ? heap_capacity_ : inline_capacity; }
    void release() noexcept {
        delete[] heap_;
        heap_ = nullptr;
    }
    void steal(DimVector& o) noexcept {
        size_ = o.size_;
        if (o.heap_) {
            heap_ = o.heap_;
            heap_capacity_ = o.heap_capacity_;
            o.heap_ = nullptr;
        } else {
            std::copy(o.inline_, o.inline_ + o.size_, inline_);
        }
        o.size_ = 0;
    }

    std::int64_t* heap_ = nullptr;
    std::size_t heap_capacity_ = 0;
    std::size_t size_ = 0;
    std::int64_t inline_[inline_capacity];
};

STANDIN_NAMESPACE_END
