// The compiler's entry points, declared apart from the lexer, parser and
// compiler classes so that the interpreter (and the compiled mode's users) can
// call them without parsing those headers. Defined in lang/compiler.hpp.
// Counterpart: CPython's compile() builtin (Python/pythonrun.c).
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/lang/code.hpp>

#include <string>
#include <string_view>

STANDIN_NAMESPACE_BEGIN

// Compiles a module's source to its code object; raises SyntaxError.
STANDIN_DECL ref<Code> compile_source(std::string_view source, const std::string& filename);
// Compiles one expression to a code object returning its value.
STANDIN_DECL ref<Code> compile_expression(std::string_view source, const std::string& filename);

STANDIN_NAMESPACE_END
