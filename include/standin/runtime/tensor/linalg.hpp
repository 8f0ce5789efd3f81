// matmul with torch's cases: 1-D . 1-D (dot), 2-D @ 2-D, 1-D @ 2-D and
// 2-D @ 1-D (the vector's dimension is added then removed), and batched
// products whose batch dimensions broadcast. Both operands must share a dtype.
// Counterpart: ATen's native/LinearAlgebra.cpp (matmul, mm, bmm, dot, mv).
#pragma once

#include <standin/detail/abi_macros.hpp>
#include <standin/detail/macro_scope.hpp>

#include <standin/runtime/tensor/args.hpp>

STANDIN_NAMESPACE_BEGIN
namespace ops {

struct MatmulMeta {
    DimVector sizes;  // the output's
    DimVector batch;  // broadcast batch dimensions
    std::int64_t n, k, m;
    dtype dt;
};

inline MatmulMeta matmul_rule(const Tensor& a, const Tensor& b) {
    const std::int64_t da = a.dim(), db = b.dim();
    if (da == 0 || db == 0)
        raise(exc::RuntimeError, "both arguments to matmul need to be at least 1D, but they are " + std::to_string(da) +
                                     "D and " + std::to_string(db) + "D");
    const std::string an(scalar_type_name(a.dtype())), bn(scalar_type_name(b.dtype()));
    const bool dot = da == 1 && db == 1;
    if (a.dtype() != b.dtype()) {
        if (dot) raise(exc::RuntimeError, "dot : expected both vectors to have same dtype, but found " + an + " and " + bn);
        raise(exc::RuntimeError, "expected scalar type " + an + " but found " + bn);
    }
    if (a.dtype() == dtype::bool_)
        raise_not_implemented(dot ? "dot" : "addmm_impl_cpu_", dtype::bool_);
    const std::int64_t ka = a.sizes().back();
    const std::int64_t kb = db == 1 ? b.sizes()[0] : b.sizes()[static_cast<std::size_t>(db - 2)];
    const std::int64_t n = da == 1 ? 1 : a.sizes()[static_cast<std::size_t>(da - 2)];
    const std::int64_t m = db == 1 ? 1 : b.sizes().back();
    MatmulMeta meta{{}, {}, n, ka, m, a.dtype()};
    if (dot) {
        if (ka != kb)
            raise(exc::RuntimeError, "inconsistent tensor size, expected tensor [" + std::to_string(ka) + "] and src [" +
                                         std::to_string(kb) + "] to have the same number of elements, but got " +
                                         std::to_string(ka) + " and " + std::to_string(kb) + " elements respectively");
        return meta;
    }
    auto rows = [&] { return product(a.sizes().first(static_cast<std::size_t>(da - 1))); };
    if (ka != kb) {
        if (db == 1)
            raise(exc::RuntimeError, "size mismatch, got " + std::to_string(rows()) + ", " + std::to_string(rows()) + "x" +
                                         std::to_string(ka) + "," + std::to_string(kb));
        if (db == 2)
            raise(exc::RuntimeError, "mat1 and mat2 shapes cannot be multiplied (" + std::to_string(rows()) + "x" +
                                         std::to_string(ka) + " and " + std::to_string(kb) + "x" + std::to_string(m) + ")");
    }
    DimVector batch_a(a.sizes().first(da > 2 ? static_cast<std::size_t>(da - 2) : 0));
    DimVector batch_b(b.sizes().first(db > 2 ? static_cast<std::size_t>(db - 2) : 0));
    meta.batch = broadcast_shapes(batch_a, batch_b);
    if (ka != kb) {
        const std::int64_t batches = product(meta.batch);
        raise(exc::RuntimeError, "Expected size for first two dimensions of batch2 tensor to be: [" + std::to_string(batches) +
                                     ", " + std::to_string(ka) + "] but got: [" + std::to_string(batches) + ", " +
                                     std::to_string(kb) + "].");
    }
    meta.sizes = meta.batch;
    if (da > 1) meta.sizes.push_back(n);
    if (db > 1) meta.sizes.push_back(m);
    return meta;
}

// `t` as a contiguous [batch..., rows, cols] array of its own dtype (a copy
// when broadcasting or strides require one).
inline ref<Tensor> contiguous_operand(const Tensor& t, const DimVector& batch, std::int64_t rows, std::int64_t cols) {
    DimVector shape(batch);
    shape.push_back(rows);
    shape.push_back(cols);
    DimVector strides(shape.size(), 0);
    const std::size_t nb = batch.size();
    // t's own dims map onto the trailing ones; a 1-D t is a row (lhs) or column (rhs).
    if (t.dim() == 1) {
        if (rows == 1) strides[nb + 1] = t.strides()[0];
        else strides[nb] = t.strides()[0];
    } else {
        const std::size_t offset = shape.size() - static_cast<std::size_t>(t.dim());
        for (std::size_t i = 0; i < static_cast<std::size_t>(t.dim()); ++i)
            strides[offset + i] = t.sizes()[i] == 1 && shape[offset + i] != 1 ? 0 : t.strides()[i];
    }
    auto view = make_ref<Tensor>(t.storage_ref(), t.dtype(), shape, strides, t.storage_offset());
    auto out = make_tensor(t.dtype(), shape);
    const Value src[] = {Value(view)};
    pointwise_execute(pointwise_info_of<copy_op>, t.dtype(), src, *out);
    return out;
}

namespace detail {
// C[n x m] = A[n x k] . B[k x m], all contiguous. Each element is summed over
// p in order, as the plain triple loop sums it (the same bits), but four
// rows of A share each read of a row of B, and the columns go in tiles
// whose accumulators stay in L1: B is streamed n/4 times, not n. Vectorized
// along the columns (STANDIN_VECTORIZE: at -O2 too), which keeps the order.
template <class T, class Acc>
STANDIN_VECTORIZE void matmul_block(const T* A, const T* B, T* C, std::int64_t n, std::int64_t k, std::int64_t m) {
    constexpr std::int64_t rows = 4;
    constexpr std::int64_t tile = 1024 / sizeof(Acc) * 2;  // 2 KiB of accumulators per row
    Acc acc[rows][tile];
    for (std::int64_t j0 = 0; j0 < m; j0 += tile) {
        const std::int64_t w = std::min(tile, m - j0);
        std::int64_t i = 0;
        for (; i + rows <= n; i += rows) {
            for (auto& r : acc) std::fill(r, r + w, Acc(0));
            const T* a0 = A + i * k;
            for (std::int64_t p = 0; p < k; ++p) {
                const Acc x0 = static_cast<Acc>(a0[p]), x1 = static_cast<Acc>(a0[k + p]);
                const Acc x2 = static_cast<Acc>(a0[2 * k + p]), x3 = static_cast<Acc>(a0[3 * k + p]);
                const T* b = B + p * m + j0;
                for (std::int64_t j = 0; j < w; ++j) {
                    const Acc y = static_cast<Acc>(b[j]);
                    acc[0][j] += x0 * y;
                    acc[1][j] += x1 * y;
                    acc[2][j] += x2 * y;
                    acc[3][j] += x3 * y;
                }
            }
            for (std::int64_t r = 0; r < rows; ++r)
                for (std::int64_t j = 0; j < w; ++j) C[(i + r) * m + j0 + j] = static_cast<T>(acc[r][j]);
        }
        for (; i < n; ++i) {
            std::fill(acc[0], acc[0] + w, Acc(0));
            for (std::int64_t p = 0; p < k; ++p) {
                const Acc x = static_cast<Acc>(A[i * k + p]);
                const T* b = B + p * m + j0;
                for (std::int64_t j = 0; j < w; ++j) acc[0][j] += x * static_cast<Acc>(b[j]);
            }
            for (std::int64_t j = 0; j < w; ++j) C[i * m + j0 + j] = static_cast<T>(acc[0][j]);
        }
    }
}
}  // namespace detail

inline Value matmul(std::span<const Value> args, bool fake) {
    auto& a = tensor_arg(args[0], "matmul", "self");
    auto& b = tensor_arg(args[1], "matmul", "other");
    MatmulMeta meta = matmul_rule(a, b);
    auto out = make_tensor(meta.dt, meta.sizes, fake);
    if (fake || out->numel() == 0) return out;
    auto lhs = contiguous_operand(a, meta.batch, meta.n, meta.k);
    auto rhs = contiguous_operand(b, meta.batch, meta.k, meta.m);
    const std::int64_t batches = product(meta.batch), n = meta.n, k = meta.k, m = meta.m;
    dispatch_dtype(meta.dt, [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (!std::is_same_v<T, bool>) {
            // int64 products wrap: accumulate in uint64.
            using Acc = std::conditional_t<std::is_same_v<T, std::int64_t>, std::uint64_t, T>;
            for (std::int64_t bt = 0; bt < batches; ++bt)
                detail::matmul_block<T, Acc>(lhs->data_as<T>() + bt * n * k, rhs->data_as<T>() + bt * k * m,
                                             out->data_as<T>() + bt * n * m, n, k, m);
        }
    });
    return out;
}

}  // namespace ops
STANDIN_NAMESPACE_END
