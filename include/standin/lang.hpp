// The language layer: lexer, parser (AST), scope analysis, compiler to code
// objects, bytecode definitions and the disassembler.
#pragma once

#include <standin/lang/bytecode.hpp>
#include <standin/lang/code.hpp>
#include <standin/lang/lexer.hpp>
#include <standin/lang/ast.hpp>
#include <standin/lang/parser.hpp>
#include <standin/lang/symtable.hpp>
#include <standin/lang/compiler.hpp>
#include <standin/lang/dis.hpp>
