// The tracer: torch.compile, the frame cache and the eval-frame hook, the
// instruction translator over VariableTrackers, the rewritten code. Users
// call standin::compile (dynamo/compile.hpp) or torch.compile in guest code;
// everything else here is definitions, compiled once in the compiled mode.
// vm.hpp includes this header's definitions: every Interpreter installs
// torch.compile (detail::install_dynamo), so whoever defines the Interpreter
// defines the tracer too.
#pragma once

#include <standin/dynamo/compile.hpp>
#include <standin/detail/macro_scope.hpp>

#if STANDIN_DEFINITIONS
#include <standin/variables/tracker.hpp>
#include <standin/dynamo/trace_state.hpp>
#include <standin/dynamo/translator.hpp>
#include <standin/dynamo/translator_ops.hpp>
#include <standin/dynamo/translator_calls.hpp>
#include <standin/dynamo/codegen.hpp>
#include <standin/dynamo/eval_frame.hpp>
#include <standin/dynamo/api.hpp>
#endif
