// The guards layer: leaf guards, the guard manager tree, static guard expressions.
#pragma once

#include <standin/guards/accessor.hpp>
#include <standin/guards/leaf.hpp>
#include <standin/guards/manager.hpp>
#include <standin/guards/program.hpp>
#include <standin/guards/static_guard.hpp>
#include <standin/guards/tree.hpp>
