// The source layer: compile-time source chains, the runtime Source, resolve().
#pragma once

#include <standin/source/fixed_string.hpp>
#include <standin/source/frame_view.hpp>
#include <standin/source/guard_source.hpp>
#include <standin/source/resolve.hpp>
#include <standin/source/source.hpp>
#include <standin/source/static_source.hpp>
#include <standin/source/codegen.hpp>
