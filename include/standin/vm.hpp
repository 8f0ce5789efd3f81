// The vm layer: the eager interpreter, its frames, call protocol, object
// protocol, builtins, the guest torch module and the embedding API
// (standin::Interpreter).
#pragma once

#include <standin/vm/frame.hpp>
#include <standin/vm/objects.hpp>
#include <standin/vm/interpreter.hpp>
#include <standin/detail/macro_scope.hpp>

// The definitions: in the compiled mode only the library's own TU sees them.
#if STANDIN_DEFINITIONS
#include <standin/vm/protocol.hpp>
#include <standin/vm/operators.hpp>
#include <standin/vm/iterators.hpp>
#include <standin/vm/repr.hpp>
#include <standin/vm/call.hpp>
#include <standin/vm/exceptions.hpp>
#include <standin/vm/opcodes.hpp>
#include <standin/vm/eval.hpp>
#include <standin/vm/format.hpp>
#include <standin/vm/builtins.hpp>
#include <standin/vm/constructors.hpp>
#include <standin/vm/methods.hpp>
#include <standin/vm/torch_print.hpp>
#include <standin/vm/torch_prelude.hpp>
#include <standin/vm/torch.hpp>
#include <standin/vm/setup.hpp>
#endif

// The tracer: the Interpreter's constructor installs torch.compile, so whoever
// defines the Interpreter defines the tracer too.
#include <standin/dynamo.hpp>
