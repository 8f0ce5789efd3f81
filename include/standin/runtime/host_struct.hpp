// Host C++ structs adapted with BOOST_HANA_ADAPT_STRUCT become guest
// instances (`to_value(cfg)`) and come back (`from_value<Config>(v)`), field
// by field through Hana's compile-time reflection. Members may be bool,
// integers, floating point, std::string, std::vector of a convertible type,
// std::optional, Value, or another adapted struct.
#pragma once

#include <standin/detail/abi_macros.hpp>

#include <standin/runtime/klass.hpp>
#include <standin/runtime/repr.hpp>

#include <boost/core/demangle.hpp>
#include <boost/hana/accessors.hpp>
#include <boost/hana/for_each.hpp>
#include <boost/hana/keys.hpp>
#include <boost/hana/second.hpp>
#include <boost/hana/first.hpp>
#include <boost/hana/string.hpp>
#include <boost/hana/concept/struct.hpp>

#include <cmath>
#include <concepts>
#include <limits>
#include <optional>
#include <string>
#include <typeinfo>
#include <unordered_map>
#include <vector>

STANDIN_NAMESPACE_BEGIN

namespace detail {
template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T>
struct is_optional : std::false_type {};
template <class T>
struct is_optional<std::optional<T>> : std::true_type {};

// "ns::Config" -> "Config": guest class names carry no C++ namespace.
inline std::string host_class_name(const std::type_info& info) {
    std::string name = boost::core::demangle(info.name());
    auto colon = name.rfind("::");
    return colon == std::string::npos ? name : name.substr(colon + 2);
}
}  // namespace detail

// One guest class per host struct type, per owner. An interpreter keeps one,
// so every Config converted through it has the same class (and passes the
// same TYPE_MATCH guard).
class HostClasses {
public:
    template <class T>
    ref<Class> class_for() {
        auto& slot = classes_[&typeid(T)];
        if (!slot) slot = make_ref<Class>(intern(detail::host_class_name(typeid(T))), nullptr);
        return slot;
    }

private:
    std::unordered_map<const std::type_info*, ref<Class>> classes_;
};

template <class T>
Value to_value(const T& v, HostClasses* classes = nullptr);

namespace detail {
template <class T>
Value field_to_value(const T& v, HostClasses* classes) {
    if constexpr (std::same_as<T, Value>) return v;
    else if constexpr (std::same_as<T, bool>) return Value(v);
    else if constexpr (std::integral<T>) {
        if constexpr (std::is_unsigned_v<T> && sizeof(T) >= sizeof(std::int64_t))
            if (v > static_cast<T>(std::numeric_limits<std::int64_t>::max()))
                raise(exc::OverflowError, "host integer does not fit in a guest int (int64)");
        return Value(static_cast<std::int64_t>(v));
    } else if constexpr (std::floating_point<T>) return Value(static_cast<double>(v));
    else if constexpr (std::convertible_to<const T&, std::string_view>) return str(std::string(std::string_view(v)));
    else if constexpr (is_vector<T>::value) {
        std::vector<Value> items;
        items.reserve(v.size());
        for (const auto& item : v) items.push_back(field_to_value(item, classes));
        return list(std::move(items));
    } else if constexpr (is_optional<T>::value) {
        return v ? field_to_value(*v, classes) : Value();
    } else {
        static_assert(boost::hana::Struct<T>::value,
                      "to_value: member type must be bool, an integer, a float, std::string, std::vector, "
                      "std::optional, standin::Value, or a BOOST_HANA_ADAPT_STRUCT type");
        return to_value(v, classes);
    }
}

[[noreturn]] inline void field_type_error(std::string_view owner, std::string_view field, std::string_view expected,
                                          const Value& got) {
    raise(exc::TypeError, "from_value<" + std::string(owner) + ">: attribute '" + std::string(field) +
                              "' must be " + std::string(expected) + ", not " + std::string(type_name(got)));
}

template <class T>
T field_from_value(const Value& v, std::string_view owner, std::string_view field);

template <class T>
T struct_from_value(const Value& v, std::string_view context_owner = {}, std::string_view context_field = {});

template <class T>
T field_from_value(const Value& v, std::string_view owner, std::string_view field) {
    if constexpr (std::same_as<T, Value>) return v;
    else if constexpr (std::same_as<T, bool>) {
        if (!v.is_bool()) field_type_error(owner, field, "bool", v);
        return v.as_bool();
    } else if constexpr (std::integral<T>) {
        if (!v.is_integral()) field_type_error(owner, field, "int", v);
        std::int64_t i = v.as_integral();
        if (i < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
            (std::is_signed_v<T> ? i > static_cast<std::int64_t>(std::numeric_limits<T>::max())
                                 : static_cast<std::uint64_t>(i) > std::numeric_limits<T>::max()))
            raise(exc::OverflowError, "from_value<" + std::string(owner) + ">: attribute '" + std::string(field) +
                                          "' = " + std::to_string(i) + " does not fit in the host member");
        return static_cast<T>(i);
    } else if constexpr (std::floating_point<T>) {
        if (!v.is_number()) field_type_error(owner, field, "float", v);
        return static_cast<T>(v.as_double());
    } else if constexpr (std::same_as<T, std::string>) {
        auto* s = v.dyn<Str>();
        if (!s) field_type_error(owner, field, "str", v);
        return s->text();
    } else if constexpr (is_vector<T>::value) {
        std::span<const Value> items;
        if (auto* l = v.dyn<List>()) items = l->items();
        else if (auto* t = v.dyn<Tuple>()) items = t->items();
        else field_type_error(owner, field, "list", v);
        T out;
        out.reserve(items.size());
        for (std::size_t i = 0; i < items.size(); ++i)
            out.push_back(field_from_value<typename T::value_type>(
                items[i], owner, std::string(field) + "[" + std::to_string(i) + "]"));
        return out;
    } else if constexpr (is_optional<T>::value) {
        if (v.is_none()) return T{};
        return field_from_value<typename T::value_type>(v, owner, field);
    } else {
        return struct_from_value<T>(v, owner, field);
    }
}

template <class T>
T struct_from_value(const Value& v, std::string_view context_owner, std::string_view context_field) {
    const std::string owner = host_class_name(typeid(T));
    const Dict* attrs = nullptr;
    if (auto* inst = v.dyn<Instance>()) attrs = inst->dict();
    else if (auto* d = v.dyn<Dict>()) attrs = d;
    else if (!context_field.empty()) field_type_error(context_owner, context_field, owner + " instance or dict", v);
    else raise(exc::TypeError, "from_value<" + owner + ">: expected an instance or a dict, not " + std::string(type_name(v)));
    T out{};
    boost::hana::for_each(boost::hana::accessors<T>(), [&](auto pair) {
        constexpr auto name = boost::hana::to<const char*>(boost::hana::first(pair));
        const Value* field = attrs->find(intern(name));
        if (!field)
            raise(exc::AttributeError, "from_value<" + owner + ">: '" + std::string(type_name(v)) +
                                           "' object has no attribute '" + name + "'");
        auto& member = boost::hana::second(pair)(out);
        member = field_from_value<std::remove_cvref_t<decltype(member)>>(*field, owner, name);
    });
    return out;
}
}  // namespace detail

// A guest instance whose attributes are the struct's members, in declaration
// order. With `classes`, every T shares one guest class; without, each call
// makes a fresh class named after T.
template <class T>
Value to_value(const T& v, HostClasses* classes) {
    static_assert(boost::hana::Struct<T>::value, "to_value: adapt T with BOOST_HANA_ADAPT_STRUCT");
    ref<Class> cls = classes ? classes->class_for<T>()
                             : make_ref<Class>(intern(detail::host_class_name(typeid(T))), nullptr);
    auto inst = make_ref<Instance>(std::move(cls));
    boost::hana::for_each(boost::hana::accessors<T>(), [&](auto pair) {
        constexpr auto name = boost::hana::to<const char*>(boost::hana::first(pair));
        inst->set_attr(intern(name), detail::field_to_value(boost::hana::second(pair)(v), classes));
    });
    return Value(std::move(inst));
}

// The struct back from a guest instance (or a dict with the same keys).
// Raises AttributeError naming a missing attribute and TypeError naming a
// mistyped one.
template <class T>
T from_value(const Value& v) {
    static_assert(boost::hana::Struct<T>::value, "from_value: adapt T with BOOST_HANA_ADAPT_STRUCT");
    return detail::struct_from_value<T>(v);
}

STANDIN_NAMESPACE_END
