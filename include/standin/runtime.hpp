// The runtime layer: the guest object model and the reference tensor.
#pragma once

#include <standin/runtime/callable.hpp>
#include <standin/runtime/compare.hpp>
#include <standin/runtime/dict.hpp>
#include <standin/runtime/error.hpp>
#include <standin/runtime/klass.hpp>
#include <standin/runtime/number.hpp>
#include <standin/runtime/object.hpp>
#include <standin/runtime/repr.hpp>
#include <standin/runtime/sequence.hpp>
#include <standin/runtime/str.hpp>
#include <standin/runtime/value.hpp>
#include <standin/runtime/host_struct.hpp>
