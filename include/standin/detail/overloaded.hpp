// The overload-set idiom for variant visitors: `visit(overloaded{[](A){}, [](B){}}, v)`.
#pragma once

namespace standin::inline v0 {

template <class... Fs>
struct overloaded : Fs... {
    using Fs::operator()...;
};
template <class... Fs>
overloaded(Fs...) -> overloaded<Fs...>;

}  // namespace standin::inline v0
