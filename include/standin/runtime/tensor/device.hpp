// The guest object `torch.device('cpu')`: one immortal instance per (type,
// index), so identity is equality (as for dtypes) and the tracer can treat a
// device as a constant guarded by identity. The reference tensor lives on
// the cpu only; other device types can be named (a model file picks
// `'cuda' if torch.cuda.is_available() else 'cpu'`) but not used.
// Counterpart: c10/core/Device.h, torch/csrc/Device.cpp.
#pragma once

#include <standin/detail/macro_scope.hpp>
#include <standin/runtime/klass.hpp>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>

STANDIN_NAMESPACE_BEGIN

class DeviceObject final : public NativeObject {
public:
    DeviceObject(std::string type, std::int64_t index) : type_(std::move(type)), index_(index) {}
    std::string_view type_name() const noexcept override { return "torch.device"; }
    const std::string& type() const noexcept { return type_; }
    // -1 when the device names no index (torch's None).
    std::int64_t index() const noexcept { return index_; }
    bool is_cpu() const noexcept { return type_ == "cpu"; }
    // str(d): 'cpu', 'cuda:1'.
    std::string str() const { return index_ < 0 ? type_ : type_ + ":" + std::to_string(index_); }
    // repr(d): device(type='cuda', index=1).
    std::string repr() const {
        return "device(type='" + type_ + "'" + (index_ < 0 ? "" : ", index=" + std::to_string(index_)) + ")";
    }

private:
    std::string type_;
    std::int64_t index_;
};

// The device (type, index); the caller has checked the type.
inline DeviceObject* device_object(std::string_view type, std::int64_t index = -1) {
    // Never destroyed, as the devices it holds are immortal (a static map's
    // destructor would drop the last pointers to them: a leak to LSan).
    static auto* const made = new std::map<std::pair<std::string, std::int64_t>, DeviceObject*>();
    auto [it, fresh] = made->try_emplace({std::string(type), index}, nullptr);
    if (fresh) {
        it->second = new DeviceObject(std::string(type), index);
        it->second->make_immortal();
    }
    return it->second;
}
inline Value device_value(std::string_view type, std::int64_t index = -1) {
    return Value::borrow(device_object(type, index));
}

// The device a guest value is, or nullptr when it is not a torch.device.
inline const DeviceObject* as_device_object(const Value& v) {
    return v.kind() == Kind::native ? dynamic_cast<const DeviceObject*>(v.as<NativeObject>()) : nullptr;
}

// torch.channels_last, torch.strided: the torch prelude's named constants
// (instances of torch.memory_format / torch.layout, each holding its name);
// `cls` names the class, empty for either. Null for anything else.
inline const Str* torch_constant_name(const Value& v, std::string_view cls = {}) {
    auto* inst = v.dyn<Instance>();
    if (!inst) return nullptr;
    const std::string_view name = inst->cls()->name()->view();
    if (cls.empty() ? name != "memory_format" && name != "layout" : name != cls) return nullptr;
    const Value* n = inst->find_attr(intern("_name"));
    return n && n->is<Str>() ? n->as<Str>() : nullptr;
}

STANDIN_NAMESPACE_END
