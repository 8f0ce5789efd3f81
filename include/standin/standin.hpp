// standin: TorchDynamo's tracing model for C++. Including this header brings
// in every layer; each layer can also be included on its own.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/version.hpp>

// The layers, in data-flow order (each includes only layers before it).
#include <standin/runtime.hpp>
#include <standin/runtime/tensor.hpp>
#include <standin/lang.hpp>
#include <standin/fx.hpp>
#include <standin/source.hpp>
#include <standin/guards.hpp>
#include <standin/vm.hpp>
#include <standin/dynamo.hpp>

#include <standin/detail/macro_unscope.hpp>
