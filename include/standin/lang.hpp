// The language layer: lexer, parser (AST), scope analysis, compiler to code
// objects, bytecode definitions and the disassembler.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/lang/bytecode.hpp>
#include <standin/lang/code.hpp>
#include <standin/lang/syntax_error.hpp>
#include <standin/lang/compile.hpp>
#include <standin/lang/dis.hpp>

// The lexer, parser and compiler classes: in the compiled mode, compile_source()
// and compile_expression() reach them through the library; include these
// headers directly to use the classes themselves.
#if STANDIN_DEFINITIONS
#include <standin/lang/lexer.hpp>
#include <standin/lang/ast.hpp>
#include <standin/lang/parser_base.hpp>
#include <standin/lang/fstring.hpp>
#include <standin/lang/parse_expr.hpp>
#include <standin/lang/parser.hpp>
#include <standin/lang/symtable.hpp>
#include <standin/lang/assembler.hpp>
#include <standin/lang/compile_expr.hpp>
#include <standin/lang/compiler.hpp>
#endif
