// Shared helpers of the fx tests: random tensors of every dtype, bitwise
// comparison, and golden files under tests/golden/fx/ (set
// STANDIN_UPDATE_GOLDEN=1 to rewrite them from the current output).
#pragma once

#include <standin/fx.hpp>
#include <standin/runtime.hpp>

#include <doctest/doctest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fx_test {

using namespace standin;

// A contiguous tensor of `dt` with values drawn by `rng`: floats in [-4, 4]
// (some exact integers, so comparisons hit equality), int64 in [-9, 9]
// without zero when `nonzero`, bools at random.
inline Value random_tensor(std::mt19937& rng, dtype dt, std::initializer_list<std::int64_t> sizes, bool nonzero = false) {
    auto t = make_tensor(dt, std::vector<std::int64_t>(sizes));
    std::uniform_real_distribution<double> real(-4.0, 4.0);
    std::uniform_int_distribution<std::int64_t> integer(-9, 9);
    for (std::int64_t i = 0; i < t->numel(); ++i) {
        switch (dt) {
        case dtype::bool_: t->data_as<bool>()[i] = (rng() & 1u) != 0; break;
        case dtype::int64: {
            std::int64_t v = integer(rng);
            if (nonzero && v == 0) v = 3;
            t->data_as<std::int64_t>()[i] = v;
            break;
        }
        case dtype::float32: {
            double v = (rng() % 8 == 0) ? static_cast<double>(integer(rng)) : real(rng);
            if (nonzero && v == 0) v = 0.5;
            t->data_as<float>()[i] = static_cast<float>(v);
            break;
        }
        case dtype::float64: {
            double v = (rng() % 8 == 0) ? static_cast<double>(integer(rng)) : real(rng);
            if (nonzero && v == 0) v = 0.5;
            t->data_as<double>()[i] = v;
            break;
        }
        default: {  // the narrow dtypes: the same draws, stored in their width
            Value v;
            if (is_floating(dt)) {
                double x = (rng() % 8 == 0) ? static_cast<double>(integer(rng)) : real(rng);
                v = Value(nonzero && x == 0 ? 0.5 : x);
            } else {
                std::int64_t x = integer(rng);
                if (dt == dtype::uint8) x = x < 0 ? -x : x;
                v = Value(nonzero && x == 0 ? std::int64_t{3} : x);
            }
            write_scalar(v, dt, t->data() + static_cast<std::size_t>(i) * element_size(dt));
            break;
        }
        }
    }
    return Value(std::move(t));
}

// Same dtype, same sizes, and the same bytes element by element (whatever
// the strides).
inline bool bitwise_equal(const Value& a, const Value& b) {
    auto* x = a.dyn<Tensor>();
    auto* y = b.dyn<Tensor>();
    if (!x || !y) return false;
    if (x->dtype() != y->dtype() || !std::ranges::equal(x->sizes(), y->sizes())) return false;
    Value cx = contiguous(a), cy = contiguous(b);
    return std::memcmp(cx.as<Tensor>()->data(), cy.as<Tensor>()->data(),
                       static_cast<std::size_t>(x->numel()) * element_size(x->dtype())) == 0;
}

inline Value first_output(const Value& result) {
    REQUIRE(result.is<Tuple>());
    return result.as<Tuple>()->items()[0];
}

inline std::filesystem::path golden_dir() {
    return std::filesystem::path(__FILE__).parent_path().parent_path() / "golden" / "fx";
}

// Compares `actual` with tests/golden/fx/<name>, byte for byte.
inline void check_golden(const std::string& name, const std::string& actual) {
    const auto path = golden_dir() / name;
    if (const char* update = std::getenv("STANDIN_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        std::ofstream(path, std::ios::binary) << actual;
    }
    std::ifstream in(path, std::ios::binary);
    REQUIRE_MESSAGE(in.good(), "missing golden file " << path.string());
    std::stringstream expected;
    expected << in.rdbuf();
    CHECK(actual == expected.str());
}

}  // namespace fx_test
