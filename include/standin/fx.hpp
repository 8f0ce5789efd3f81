// The graph layer: graph IR (Graph, Node, Proxy), fake metadata, the graph
// interpreter, printers (str, tabular, code, DOT, JSON) and passes (dead code
// elimination, common subexpression elimination, constant folding,
// elementwise fusion).
#pragma once

#include <standin/fx/argument.hpp>
#include <standin/fx/namespace.hpp>
#include <standin/fx/node.hpp>
#include <standin/fx/target.hpp>
#include <standin/fx/fake.hpp>
#include <standin/fx/format.hpp>
#include <standin/fx/graph.hpp>
#include <standin/fx/proxy.hpp>
#include <standin/fx/print.hpp>
#include <standin/fx/dot.hpp>
#include <standin/fx/json.hpp>
#include <standin/fx/fused_kernel.hpp>
#include <standin/fx/bind.hpp>
#include <standin/fx/interpreter.hpp>
#include <standin/fx/passes/alias.hpp>
#include <standin/fx/passes/dce.hpp>
#include <standin/fx/passes/cse.hpp>
#include <standin/fx/passes/const_fold.hpp>
#include <standin/fx/passes/fusion.hpp>
