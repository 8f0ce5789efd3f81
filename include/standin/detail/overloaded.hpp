// The overload-set idiom for variant visitors: `visit(overloaded{[](A){}, [](B){}}, v)`.
#pragma once

#include <standin/detail/abi_macros.hpp>

STANDIN_NAMESPACE_BEGIN

template <class... Fs>
struct overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
overloaded(Fs...) -> overloaded<Fs...>;

STANDIN_NAMESPACE_END
