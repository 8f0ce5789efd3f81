// ODR check, first TU: it and odr_b.cpp both include the whole library and link into
// one program. A non-inline definition in a header breaks the link (every TU that
// includes it emits it, used or not); this TU's main then checks both TUs see the
// same library. Each TU uses a little of it: a tensor op here, repr there. (Running
// the interpreter would make each header-only TU compile all of it; the consumer
// tests do that, header-only and compiled.)
#include <standin/standin.hpp>

#include <iostream>
#include <string>
#include <string_view>

std::string_view version_seen_by_odr_a() { return standin::version_string(); }
std::string_view version_seen_by_odr_b(); // odr_b.cpp
std::string repr_seen_by_odr_b();        // odr_b.cpp

long long answer_seen_by_odr_a() {
    standin::Value total = standin::sum(standin::tensor({20, 22}));
    return standin::item(total).as_int();
}

int main() {
    auto const a = version_seen_by_odr_a();
    auto const b = version_seen_by_odr_b();
    if (a.empty() || a != b) {
        std::cerr << "ODR check: the two TUs disagree: '" << a << "' vs '" << b << "'\n";
        return 1;
    }
    if (answer_seen_by_odr_a() != 42 || repr_seen_by_odr_b() != "[42]") {
        std::cerr << "ODR check: sum gave " << answer_seen_by_odr_a() << " and repr gave '"
                  << repr_seen_by_odr_b() << "', not 42 and [42]\n";
        return 1;
    }
    std::cout << "two TUs including <standin/standin.hpp> link together (version " << a << ")\n";
    return 0;
}
