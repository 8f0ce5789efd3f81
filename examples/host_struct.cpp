// A host configuration struct crosses into the guest world and back.
// BOOST_HANA_ADAPT_STRUCT is all the reflection standin needs: each member
// becomes an attribute of a guest instance (the `cfg` a guest function reads
// as `cfg.scale`), and a guest-side edit comes back as a typed C++ value.
#include <standin/standin.hpp>

#include <boost/hana/adapt_struct.hpp>

#include <iostream>
#include <string>
#include <vector>

namespace demo {
struct Layer {
    int width;
    std::string activation;
};
struct Config {
    double scale;
    bool training;
    std::vector<Layer> layers;
};
}  // namespace demo
BOOST_HANA_ADAPT_STRUCT(demo::Layer, width, activation);
BOOST_HANA_ADAPT_STRUCT(demo::Config, scale, training, layers);

int main() {
    using namespace standin;
    int failures = 0;
    auto expect = [&](bool ok, const char* what) {
        if (!ok) {
            std::cerr << "FAILED: " << what << '\n';
            ++failures;
        }
    };

    demo::Config cfg{2.0, false, {{16, "relu"}, {4, "tanh"}}};
    HostClasses classes;  // one guest class per host type
    Value guest = to_value(cfg, &classes);

    auto* instance = guest.dyn<Instance>();
    expect(instance != nullptr, "to_value makes an instance");
    expect(type_name(guest) == "Config", "the guest class is named after the struct");
    std::cout << "guest attributes: " << repr(Value::borrow(instance->dict())) << '\n';
    expect(repr(*instance->find_attr(intern("scale"))) == "2.0", "cfg.scale is 2.0");

    // A guest program would write `cfg.scale = 3`; the version tag records it.
    auto before = instance->version();
    instance->set_attr(intern("scale"), Value(3));
    expect(instance->version() != before, "setting an attribute changes the version tag");

    demo::Config back = from_value<demo::Config>(guest);
    std::cout << "back in C++: scale=" << back.scale << " layers=" << back.layers.size()
              << " first activation=" << back.layers[0].activation << '\n';
    expect(back.scale == 3.0 && back.layers.size() == 2 && back.layers[1].width == 4, "round trip");

    // A mistyped attribute is reported by name.
    instance->set_attr(intern("training"), str("yes"));
    try {
        from_value<demo::Config>(guest);
        expect(false, "a mistyped attribute is an error");
    } catch (const Error& e) {
        std::cout << "error: " << e.what() << '\n';
        expect(std::string(e.what()) ==
                   "TypeError: from_value<Config>: attribute 'training' must be bool, not str",
               "the error names the attribute");
    }
    return failures == 0 ? 0 : 1;
}
