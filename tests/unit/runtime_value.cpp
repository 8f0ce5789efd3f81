// Value handle, heap object lifetime, identity and interning.
#include <standin/runtime.hpp>

#include <doctest/doctest.h>

using namespace standin;

TEST_CASE("Value holds None, bool, int and float inline") {
    CHECK(sizeof(Value) == 16);
    Value none;
    CHECK(none.is_none());
    CHECK(Value(true).is_bool());
    CHECK(Value(true).as_bool());
    CHECK(Value(42).is_int());
    CHECK(Value(42).as_int() == 42);
    CHECK(Value(-7LL).as_int() == -7);
    CHECK(Value(2.5).is_float());
    CHECK(Value(2.5).as_float() == 2.5);
    CHECK(Value(true).is_integral());
    CHECK(Value(true).as_integral() == 1);
    CHECK(Value(3).as_double() == 3.0);
    CHECK(Value::null().is_null());
}

TEST_CASE("heap objects are freed when the last reference goes") {
    static int destroyed = 0;
    struct Probe final : NativeObject {
        ~Probe() override { ++destroyed; }
        std::string_view type_name() const noexcept override { return "probe"; }
    };
    destroyed = 0;
    {
        Value a = make_value<Probe>();
        CHECK(a.object()->refcount() == 1);
        {
            Value b = a;
            CHECK(a.object()->refcount() == 2);
            Value c = std::move(b);
            CHECK(b.is_none());
            CHECK(a.object()->refcount() == 2);
        }
        CHECK(a.object()->refcount() == 1);
        auto l = make_ref<List>();
        l->append(a);
        CHECK(a.object()->refcount() == 2);
        a = Value();
        CHECK(destroyed == 0);
        l->clear();
        CHECK(destroyed == 1);
    }
    CHECK(destroyed == 1);
}

TEST_CASE("identity follows heap objects, equality follows values") {
    Value a = str("abc"), b = str("abc");
    CHECK_FALSE(a.identical(b));
    CHECK(equals(a, b));
    Value c = a;
    CHECK(a.identical(c));
    CHECK(Value(1).identical(Value(1)));
    CHECK_FALSE(Value(1).identical(Value(true)));
    CHECK(equals(Value(1), Value(true)));
    CHECK(equals(Value(1), Value(1.0)));
    CHECK_FALSE(equals(Value(1), Value(1.5)));
    CHECK(equals(Value(), Value()));
    CHECK_FALSE(equals(Value(), Value(0)));
}

TEST_CASE("int and float compare exactly, as CPython does") {
    // 2**53 + 1 is not representable as a double: it must not equal 2.0**53.
    std::int64_t big = (std::int64_t{1} << 53) + 1;
    CHECK_FALSE(equals(Value(big), Value(9007199254740992.0)));
    CHECK(equals(Value(big - 1), Value(9007199254740992.0)));
    CHECK_FALSE(equals(Value(std::numeric_limits<std::int64_t>::max()), Value(9.2233720368547758e18)));
}

TEST_CASE("interned names are one pointer per text, immortal") {
    Str* a = intern("scale");
    Str* b = intern(std::string("sca") + "le");
    CHECK(a == b);
    CHECK(a->interned());
    CHECK(a->refcount() == Object::immortal);
    {
        Value v = interned("scale");
        CHECK(v.object() == a);
    }
    CHECK(a->refcount() == Object::immortal);
    CHECK(intern("bias") != a);
    CHECK_FALSE(str("scale").as<Str>()->interned());
}

TEST_CASE("strings know their code-point length") {
    CHECK(str("abc").as<Str>()->length() == 3);
    CHECK(str("h\xC3\xA9llo").as<Str>()->length() == 5);  // é is two bytes
    CHECK(str("\xF0\x9F\x98\x80").as<Str>()->length() == 1);
    CHECK(str("abc").as<Str>()->is_ascii());
    CHECK_FALSE(str("\xC3\xA9").as<Str>()->is_ascii());
}

TEST_CASE("version tags are unique across objects, even at a reused address") {
    std::uint64_t first = 0;
    const void* first_addr = nullptr;
    {
        auto l = make_ref<List>();
        first = l->version();
        first_addr = l.get();
    }
    // Allocate until the allocator hands back the same address.
    for (int i = 0; i < 64; ++i) {
        auto l = make_ref<List>();
        CHECK(l->version() != first);
        if (l.get() == first_addr) break;
    }
}

TEST_CASE("errors name the exception class and message") {
    try {
        raise(exc::KeyError, "'k'");
        FAIL("raise returned");
    } catch (const Error& e) {
        CHECK(e.kind() == exc::KeyError);
        CHECK(std::string(e.what()) == "KeyError: 'k'");
    }
    Error bare(exc::StopIteration, "");
    CHECK(std::string(bare.what()) == "StopIteration");
    CHECK(exc_is_subclass(exc::KeyError, exc::LookupError));
    CHECK(exc_is_subclass(exc::ZeroDivisionError, exc::Exception));
    CHECK(exc_is_subclass(exc::RecursionError, exc::RuntimeError));
    CHECK_FALSE(exc_is_subclass(exc::TypeError, exc::ValueError));
}

TEST_CASE("freeing a million nested lists does not overflow the host stack") {
    Value v = list({});
    for (int i = 0; i < 1'000'000; ++i) v = list({v});
    v = Value();
    CHECK(v.is_none());
}
