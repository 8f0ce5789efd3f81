// The vm layer: the eager interpreter, its frames, call protocol, object
// protocol, builtins, the guest torch module and the embedding API
// (standin::Interpreter).
#pragma once

#include <standin/vm/frame.hpp>
#include <standin/vm/objects.hpp>
#include <standin/vm/interpreter.hpp>
