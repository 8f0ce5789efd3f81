// Tensor: a dtype, sizes, strides and an offset into a shared Storage; views
// are Tensors over the same storage. A fake tensor has the same metadata over
// a fake storage (no bytes): shape and dtype rules run on it unchanged.
// Counterpart: c10::TensorImpl (c10/core/TensorImpl.h) and FakeTensor's
// metadata-only role (torch/_subclasses/fake_tensor.py).
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/tensor/dim_vector.hpp>
#include <standin/runtime/tensor/dtype.hpp>
#include <standin/runtime/tensor/storage.hpp>

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>

STANDIN_NAMESPACE_BEGIN

// "[2, 3]": how torch prints a shape inside error messages.
inline std::string shape_string(std::span<const std::int64_t> sizes) {
    std::string s = "[";
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(sizes[i]);
    }
    return s + "]";
}

// Normalises a possibly negative dimension against `ndim` dimensions; a 0-dim
// tensor accepts 0 and -1, as torch's maybe_wrap_dim does.
inline std::int64_t wrap_dim(std::int64_t dim, std::int64_t ndim) {
    std::int64_t extent = ndim <= 0 ? 1 : ndim;
    if (dim < -extent || dim >= extent)
        raise(exc::IndexError, "Dimension out of range (expected to be in range of [" + std::to_string(-extent) +
                                   ", " + std::to_string(extent - 1) + "], but got " + std::to_string(dim) + ")");
    return dim < 0 ? dim + extent : dim;
}

inline std::int64_t product(std::span<const std::int64_t> sizes) noexcept {
    std::int64_t n = 1;
    for (auto s : sizes) n *= s;
    return n;
}

inline DimVector contiguous_strides(std::span<const std::int64_t> sizes) {
    DimVector strides(sizes.size());
    std::int64_t acc = 1;
    for (std::size_t i = sizes.size(); i-- > 0;) {
        strides[i] = acc;
        acc *= sizes[i] > 1 ? sizes[i] : 1;
    }
    return strides;
}

// torch's is_contiguous: dimensions of size 1 may have any stride.
inline bool strides_are_contiguous(std::span<const std::int64_t> sizes, std::span<const std::int64_t> strides) noexcept {
    std::int64_t expected = 1;
    for (std::size_t i = sizes.size(); i-- > 0;) {
        if (sizes[i] == 0) return true;
        if (sizes[i] == 1) continue;
        if (strides[i] != expected) return false;
        expected *= sizes[i];
    }
    return true;
}

class Tensor final : public Object, public Versioned {
public:
    static constexpr Kind static_kind = Kind::tensor;

    // Sizes and strides of up to this many dimensions live inside the tensor.
    static constexpr std::size_t inline_rank = 4;

    Tensor(ref<Storage> storage, standin::dtype dt, const DimVector& sizes, const DimVector& strides,
           std::int64_t storage_offset)
        : Object(Kind::tensor), head_{dt, false, false, 0, static_cast<std::uint32_t>(sizes.size())},
          storage_(std::move(storage)), storage_offset_(storage_offset), numel_(product(sizes)),
          contiguous_(strides_are_contiguous(sizes, strides)) {
        std::int64_t* shape = allocate_shape();
        std::copy(sizes.begin(), sizes.end(), shape);
        std::copy(strides.begin(), strides.end(), shape + head_.rank);
    }
    Tensor(const Tensor&) = delete;
    Tensor& operator=(const Tensor&) = delete;
    ~Tensor() override {
        if (head_.rank > inline_rank) delete[] shape_.heap;
    }

    standin::dtype dtype() const noexcept { return head_.dt; }
    std::int64_t dim() const noexcept { return head_.rank; }
    std::int64_t numel() const noexcept { return numel_; }
    std::span<const std::int64_t> sizes() const noexcept { return {shape(), head_.rank}; }
    std::span<const std::int64_t> strides() const noexcept { return {shape() + head_.rank, head_.rank}; }
    // size(-1), stride(0): IndexError outside [-dim(), dim()).
    std::int64_t size(std::int64_t d) const { return sizes()[static_cast<std::size_t>(wrap_dim(d, dim()))]; }
    std::int64_t stride(std::int64_t d) const { return strides()[static_cast<std::size_t>(wrap_dim(d, dim()))]; }

    // TENSOR_MATCH's metadata premise: dtype, requires_grad and rank as one
    // word (header_word), then sizes and strides equal to
    // `expected[0, 2 * rank)`. For a rank held inline the dims are read at
    // a fixed offset, alongside the header rather than after it.
    // (`nonleaf`: the tensor has a grad_fn, so in-place ops on its views and
    // is_leaf read differently: a guard tells a leaf from a non-leaf.)
    // An expected header whose nonleaf byte is 3 matches either (a guard that
    // does not depend on it): the bits a tensor's byte lacks are set from it.
    static std::uint64_t header_word(standin::dtype dt, bool requires_grad, std::size_t rank, bool parameter = false,
                                     bool nonleaf = false, bool leaf_checked = false) noexcept {
        const std::uint8_t leaf = leaf_checked ? static_cast<std::uint8_t>(nonleaf) : std::uint8_t{3};
        return std::bit_cast<std::uint64_t>(Header{dt, requires_grad, parameter, leaf, static_cast<std::uint32_t>(rank)});
    }
    bool metadata_matches(std::uint64_t expected_header, const std::int64_t* expected) const noexcept {
        switch (expected_header >> 32) {
        case 0: return metadata_matches<0>(expected_header, expected);
        case 1: return metadata_matches<1>(expected_header, expected);
        case 2: return metadata_matches<2>(expected_header, expected);
        case 3: return metadata_matches<3>(expected_header, expected);
        case 4: return metadata_matches<4>(expected_header, expected);
        default:
            return header_against(expected_header) == expected_header &&
                   std::equal(shape_.heap, shape_.heap + 2 * head_.rank, expected);
        }
    }
    // The same with the rank known at compile time: no loop, no branch per dim.
    template <std::size_t Rank>
    bool metadata_matches(std::uint64_t expected_header, const std::int64_t* expected) const noexcept {
        if (header_against(expected_header) != expected_header) return false;
        const std::int64_t* have = Rank <= inline_rank ? shape_.inline_dims : shape_.heap;
        std::uint64_t differ = 0;
        for (std::size_t k = 0; k < 2 * Rank; ++k)
            differ |= static_cast<std::uint64_t>(have[k] ^ expected[k]);
        return differ == 0;
    }
    // The header word as `expected` sees it: with the nonleaf byte 3 when
    // `expected` does not care (two shifts, no branch).
    std::uint64_t header_against(std::uint64_t expected) const noexcept {
        return std::bit_cast<std::uint64_t>(head_) | ((expected >> 1) & (std::uint64_t{1} << 24)) |
               (expected & (std::uint64_t{2} << 24));
    }
    // The same with sizes and strides apart (TensorMatch keeps two vectors
    // of equal length).
    bool metadata_matches(standin::dtype dt, bool requires_grad, std::span<const std::int64_t> sizes,
                          std::span<const std::int64_t> strides, bool parameter = false, bool nonleaf = false,
                          bool leaf_checked = false) const noexcept {
        if (head_.dt != dt || head_.requires_grad != requires_grad || head_.parameter != parameter ||
            (leaf_checked && static_cast<bool>(head_.nonleaf) != nonleaf) || head_.rank != sizes.size())
            return false;
        const std::int64_t* have = shape();
        const std::size_t rank = head_.rank;
        for (std::size_t i = 0; i < rank; ++i)
            if (have[i] != sizes[i] || have[rank + i] != strides[i]) return false;
        return true;
    }
    std::int64_t storage_offset() const noexcept { return storage_offset_; }
    bool is_contiguous() const noexcept { return contiguous_; }
    std::string_view device() const noexcept { return "cpu"; }

    bool is_fake() const noexcept { return storage_->is_fake(); }
    Storage* storage() const noexcept { return storage_.get(); }
    const ref<Storage>& storage_ref() const noexcept { return storage_; }

    // The first element's address (nullptr for a fake tensor).
    std::byte* data() const noexcept {
        std::byte* base = storage_->data();
        return base ? base + storage_offset_ * static_cast<std::int64_t>(element_size(head_.dt)) : nullptr;
    }
    template <class T>
    T* data_as() const noexcept {
        return reinterpret_cast<T*>(data());
    }

    bool requires_grad() const noexcept { return head_.requires_grad; }
    // The autograd node torch would record for the op that made this tensor
    // ("AddmmBackward0"), or nullptr for a leaf: printed (grad_fn=<...>), it
    // answers `grad_fn` and `is_leaf`; the node itself is grad_node(). Names
    // come from grad_fn_name(), which interns them, so the pointer outlives
    // every tensor.
    const char* grad_fn() const noexcept { return grad_fn_; }
    // Marks a tensor an op made from inputs that require grad (a non-leaf).
    void set_grad_fn(const char* name) noexcept {
        grad_fn_ = name;
        head_.nonleaf = name != nullptr;
        head_.requires_grad = true;
    }
    // The autograd node behind grad_fn (runtime/tensor/grad_meta.hpp): a
    // Tuple the backward engine of the torch prelude walks, or null (a leaf,
    // or a non-leaf whose op recorded a name only).
    Object* grad_node() const noexcept { return grad_node_.get(); }
    void set_grad_node(ref<Object> node) noexcept { grad_node_ = std::move(node); }
    // An nn.Parameter (printed "Parameter containing:", listed by Module.parameters()).
    // The flag lives in the header word, so TENSOR_MATCH tells a Parameter
    // from a Tensor in the same compare.
    bool is_parameter() const noexcept { return head_.parameter; }
    void set_parameter(bool flag) noexcept { head_.parameter = flag; }
    // A metadata change: the tensor's version changes.
    void set_requires_grad(bool flag) noexcept {
        head_.requires_grad = flag;
        if (!flag) grad_fn_ = nullptr, head_.nonleaf = 0, grad_node_ = nullptr;
        bump_version();
    }

    // Called after every in-place write: this tensor's version changes, and so
    // does the storage's, which every view of it shares.
    // Element values are not guarded (TENSOR_MATCH reads metadata only), so
    // a data write does not wake guard trees watching this tensor.
    void mark_mutated() noexcept {
        bump_version_unobserved();
        storage_->bump_version();
    }
    // torch's `t._version`: shared by all views of one storage.
    std::uint64_t data_version() const noexcept { return storage_->version(); }
    // torch's `t._version` as a count of the storage's writes.
    std::uint32_t write_count() const noexcept { return storage_->writes(); }

    // `t.grad`: what a user stored there (there is no backward pass to fill
    // it), or null.
    Object* grad() const noexcept { return grad_.get(); }
    void set_grad(ref<Object> grad) noexcept { grad_ = std::move(grad); }

    // The Python object's own attributes (`p._no_weight_decay = True`): an
    // object of the interpreter layer (a Dict), made on the first store.
    Object* py_attrs() const noexcept { return py_attrs_.get(); }
    void set_py_attrs(ref<Object> attrs) noexcept { py_attrs_ = std::move(attrs); }

    // torch's `t._base`: the tensor a view was taken from (the root of a
    // chain of views), or null. An in-place op on a view that records
    // autograd history rewrites the base's history too (CopySlices).
    Tensor* base() const noexcept { return base_.get(); }
    void set_base(ref<Tensor> base) noexcept { base_ = std::move(base); }
    // A view that requires grad of a leaf (whether or not the leaf requires
    // grad): torch refuses in-place ops on it.
    bool is_view_of_leaf() const noexcept { return base_ && requires_grad() && !base_->grad_fn(); }

    // t.data = other: t now views other's storage with other's dtype, sizes,
    // strides and offset; its identity, Parameter-ness and requires_grad stay
    // (torch's variable_data assignment).
    void set_data(const Tensor& other) {
        if (head_.rank > inline_rank) delete[] shape_.heap;
        head_.dt = other.head_.dt;
        head_.rank = other.head_.rank;
        std::copy(other.shape(), other.shape() + 2 * head_.rank, allocate_shape());
        storage_ = other.storage_;
        storage_offset_ = other.storage_offset_;
        numel_ = other.numel_;
        contiguous_ = other.contiguous_;
        bump_version();
    }

private:
    const std::int64_t* shape() const noexcept { return head_.rank <= inline_rank ? shape_.inline_dims : shape_.heap; }
    // Room for head_.rank sizes and strides: inline, or a new heap block.
    std::int64_t* allocate_shape() {
        return head_.rank <= inline_rank ? shape_.inline_dims : (shape_.heap = new std::int64_t[2 * head_.rank]);
    }

    // What TENSOR_MATCH reads comes first, so that a guard check touches
    // as few cache lines of the tensor as possible: the header word, then
    // (rank <= inline_rank) the sizes and strides right after it.
    struct Header {
        standin::dtype dt;
        bool requires_grad;
        bool parameter;      // an nn.Parameter
        std::uint8_t nonleaf;  // 1 with a grad_fn (no padding: the header compares as one word)
        std::uint32_t rank;
    };
    static_assert(sizeof(Header) == 8);
    Header head_;
    union {
        std::int64_t inline_dims[2 * inline_rank];  // sizes, then strides
        std::int64_t* heap;                          // the same, for a higher rank
    } shape_;
    ref<Storage> storage_;
    std::int64_t storage_offset_;
    std::int64_t numel_;
    bool contiguous_;
    const char* grad_fn_ = nullptr;
    ref<Object> py_attrs_;
    ref<Object> grad_;
    ref<Object> grad_node_;
    ref<Tensor> base_;
};

// A contiguous tensor with uninitialised elements (real), or without any
// (fake). The one place tensors are allocated.
inline ref<Tensor> make_tensor(dtype dt, std::span<const std::int64_t> sizes, bool fake = false) {
    auto bytes = static_cast<std::size_t>(product(sizes)) * element_size(dt);
    auto storage = fake ? Storage::fake(bytes) : Storage::allocate(bytes);
    return make_ref<Tensor>(std::move(storage), dt, DimVector(sizes), contiguous_strides(sizes), 0);
}

// A tensor laid out with the given strides (which must describe a
// non-overlapping, dense layout of `sizes`).
inline ref<Tensor> make_strided_tensor(dtype dt, std::span<const std::int64_t> sizes,
                                       std::span<const std::int64_t> strides, bool fake = false) {
    auto bytes = static_cast<std::size_t>(product(sizes)) * element_size(dt);
    auto storage = fake ? Storage::fake(bytes) : Storage::allocate(bytes);
    return make_ref<Tensor>(std::move(storage), dt, DimVector(sizes), DimVector(strides), 0);
}

// A view: the same storage (real or fake) seen through other metadata.
inline ref<Tensor> make_view(const Tensor& base, DimVector sizes, DimVector strides, std::int64_t storage_offset) {
    auto view = make_ref<Tensor>(base.storage_ref(), base.dtype(), std::move(sizes), std::move(strides), storage_offset);
    if (base.requires_grad()) view->set_requires_grad(true);
    view->set_base(base.base() ? ref<Tensor>(base.base()) : ref<Tensor>(const_cast<Tensor*>(&base)));
    return view;
}

// A tensor argument of an op, or a TypeError naming the op and the position.
inline Tensor& tensor_arg(const Value& v, std::string_view op, std::string_view param) {
    if (auto* t = v.dyn<Tensor>()) return *t;
    raise(exc::TypeError,
          std::string(op) + "(): argument '" + std::string(param) + "' must be Tensor");
}

STANDIN_NAMESPACE_END
