// The reference tensor, the embedded default backend: dtypes, storage,
// the Tensor object, promotion and broadcasting, the op kernels and their
// meta functions, the op table and the C++ convenience functions.
// Counterpart: ATen (CPU), as far as standin's guest programs reach into it.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/tensor/dtype.hpp>
#include <standin/runtime/tensor/device.hpp>
#include <standin/runtime/tensor/dim_vector.hpp>
#include <standin/runtime/tensor/storage.hpp>
#include <standin/runtime/tensor/tensor.hpp>
#include <standin/runtime/tensor/promotion.hpp>
#include <standin/runtime/tensor/convert.hpp>
#include <standin/runtime/tensor/op_def.hpp>
#include <standin/runtime/tensor/api.hpp>

// The kernels and the table: in the compiled mode the library compiles them,
// and a user TU reaches them through op_def.hpp's lookups and api.hpp.
// (The kernel headers are templates and inline functions: a TU that wants to
// instantiate a kernel itself may include them directly in either mode.)
#if STANDIN_DEFINITIONS
#include <standin/runtime/tensor/pointwise.hpp>
#include <standin/runtime/tensor/args.hpp>
#include <standin/runtime/tensor/views.hpp>
#include <standin/runtime/tensor/reduction.hpp>
#include <standin/runtime/tensor/linalg.hpp>
#include <standin/runtime/tensor/factories.hpp>
#include <standin/runtime/tensor/ops.hpp>
#include <standin/runtime/tensor/op_table.hpp>
#include <standin/runtime/tensor/grad_meta.hpp>
#endif
