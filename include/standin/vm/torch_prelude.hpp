// The parts of the guest `torch` module written in guest code: torch.nn
// (Module with parameters, buffers, state_dict and train/eval; ModuleList,
// Sequential, Linear, activations), torch.nn.functional, torch.Size and
// no_grad. init_torch_module (vm/torch.hpp) runs them.
// Counterpart: torch/nn/modules/, torch/nn/functional.py, torch/autograd/grad_mode.py.
#pragma once

#include <standin/detail/macro_scope.hpp>

#include <string_view>

STANDIN_NAMESPACE_BEGIN
namespace detail::torch_glue {

// torch.nn and friends, in guest code.
inline constexpr std::string_view nn_prelude = R"PY(
from collections import OrderedDict as _OrderedDict


# (a module global, not a class attribute: a compiled frame that registers
# a hook counts through the global's source, and each handle gets its own id)
_hook_handles_made = 0


class _RemovableHandle:
    def __init__(self, hooks):
        global _hook_handles_made
        self.hooks_dict_ref = hooks
        _hook_handles_made += 1
        self.id = str(_hook_handles_made)

    def remove(self):
        if self.id in self.hooks_dict_ref:
            del self.hooks_dict_ref[self.id]

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()


# A hook registered with_kwargs=True: called with the call's keyword
# arguments too (pre: hook(module, args, kwargs) -> None or (args, kwargs);
# post: hook(module, args, kwargs, output)).
class _KwargsHook:
    def __init__(self, hook):
        self.hook = hook


def _add_hook(hooks, hook, prepend):
    handle = _RemovableHandle(hooks)
    if prepend:
        rest = list(hooks.items())
        hooks.clear()
        hooks[handle.id] = hook
        hooks.update(rest)
    else:
        hooks[handle.id] = hook
    return handle


def _call_pre_hook(owner, hook, args, kwargs):
    if isinstance(hook, _KwargsHook):
        result = hook.hook(owner, args, kwargs)
        if result is not None:
            if not (isinstance(result, tuple) and len(result) == 2):
                raise RuntimeError('forward pre-hook must return None or a tuple of (new_args, new_kwargs), but got ' +
                                   str(result) + '.')
            args, kwargs = result
        return args, kwargs
    result = hook(owner, args)
    if result is not None:
        args = result if isinstance(result, tuple) else (result,)
    return args, kwargs


def _call_hook(owner, hook, args, kwargs, out):
    result = hook.hook(owner, args, kwargs, out) if isinstance(hook, _KwargsHook) else hook(owner, args, out)
    return out if result is None else result


# Hooks every module's call runs, before its own (torch.nn.modules.module's
# register_module_forward_pre_hook / register_module_forward_hook).
_global_forward_pre_hooks = {}
_global_forward_hooks = {}


def register_module_forward_pre_hook(hook):
    return _add_hook(_global_forward_pre_hooks, hook, False)


def register_module_forward_hook(hook, *, with_kwargs=False, always_call=False):
    return _add_hook(_global_forward_hooks, _KwargsHook(hook) if with_kwargs else hook, False)


def _has_any_global_hook():
    return bool(_global_forward_pre_hooks or _global_forward_hooks)


class Module:
    # Forward hooks, set on an instance by its first register_forward_*hook.
    _forward_pre_hooks = None
    _forward_hooks = None

    def __init__(self):
        self.training = True
        self._buffer_names = []
        self._non_persistent = []

    def _hooks(self, name):
        hooks = self.__dict__.get(name)
        if hooks is None:
            hooks = {}
            setattr(self, name, hooks)
        return hooks

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        return _add_hook(self._hooks('_forward_pre_hooks'), _KwargsHook(hook) if with_kwargs else hook, prepend)

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        return _add_hook(self._hooks('_forward_hooks'), _KwargsHook(hook) if with_kwargs else hook, prepend)

    # Backward hooks run in the backward pass through forward hooks that
    # wrap the inputs and outputs (torch.autograd._install_backward_hooks).
    def register_full_backward_hook(self, hook, prepend=False):
        torch.autograd._install_backward_hooks(self)
        return _add_hook(self._hooks('_backward_hooks'), hook, prepend)

    def register_full_backward_pre_hook(self, hook, prepend=False):
        torch.autograd._install_backward_hooks(self)
        return _add_hook(self._hooks('_backward_pre_hooks'), hook, prepend)

    def register_backward_hook(self, hook):
        torch.autograd._install_backward_hooks(self)
        return _add_hook(self._hooks('_backward_hooks'), hook, False)

    def register_buffer(self, name, tensor, persistent=True):
        if '.' in name:
            raise KeyError('buffer name can\'t contain "."')
        if name == '':
            raise KeyError('buffer name can\'t be empty string ""')
        if hasattr(self, name) and name not in self._buffer_names:
            raise KeyError("attribute '" + name + "' already exists")
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError("cannot assign '" + type(tensor).__name__ + "' object to buffer '" + name +
                            "' (torch Tensor or None required)")
        if name not in self._buffer_names:
            self._buffer_names.append(name)
        if not persistent and name not in self._non_persistent:
            self._non_persistent.append(name)
        elif persistent and name in self._non_persistent:
            self._non_persistent.remove(name)
        setattr(self, name, tensor)

    def register_parameter(self, name, param):
        setattr(self, name, param)

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(torch.typename(module) + ' is not a Module subclass')
        if not isinstance(name, str):
            raise TypeError('module name should be a string. Got ' + torch.typename(name))
        if hasattr(self, name) and not isinstance(getattr(self, name), Module) and \
                not (getattr(self, name) is None and name in self._member_names()):
            raise KeyError("attribute '" + name + "' already exists")
        if '.' in name:
            raise KeyError('module name can\'t contain ".", got: ' + name)
        if name == '':
            raise KeyError('module name can\'t be empty string ""')
        self._add_member(name)
        setattr(self, name, module)

    def register_module(self, name, module):
        self.add_module(name, module)

    # The containers' hooks: the names they keep in order (ModuleList,
    # Sequential, ModuleDict), so add_module adds to the container.
    def _member_names(self):
        return ()

    def _add_member(self, name):
        pass

    def get_submodule(self, target):
        m = self
        if target == '':
            return m
        for part in target.split('.'):
            if not hasattr(m, part):
                raise AttributeError(type(m).__name__ + ' has no attribute `' + part + '`')
            m = getattr(m, part)
            if not isinstance(m, Module):
                raise AttributeError('`' + part + '` is not an nn.Module')
        return m

    def get_parameter(self, target):
        names = target.split('.')
        return getattr(self.get_submodule('.'.join(names[:-1])), names[-1])

    def get_buffer(self, target):
        names = target.split('.')
        module = self.get_submodule('.'.join(names[:-1]))
        if names[-1] not in module.__dict__.get('_buffer_names', []):
            raise AttributeError('`' + names[-1] + '` is not a buffer')
        return getattr(module, names[-1])

    def _own_buffers(self):
        names = self.__dict__.get('_buffer_names', [])
        return [(k, self.__dict__[k]) for k in names if self.__dict__.get(k) is not None]

    # Parameters and buffers of self and (recurse) every submodule, in
    # named_modules order, each object once (a tied weight is yielded under
    # its first name) unless remove_duplicate is False, as torch does.
    def _named_members(self, members, prefix='', recurse=True, remove_duplicate=True):
        seen = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for k, v in members(module):
                if v is None or id(v) in seen:
                    continue
                if remove_duplicate:
                    seen.add(id(v))
                yield module_prefix + ('.' if module_prefix else '') + k, v

    def named_buffers(self, prefix='', recurse=True, remove_duplicate=True):
        return self._named_members(lambda m: m._own_buffers(), prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, b in self.named_buffers(recurse=recurse):
            yield b

    def state_dict(self, destination=None, prefix='', keep_vars=False):
        if destination is None:
            from collections import OrderedDict
            destination = OrderedDict()
        for k, v in self.__dict__.items():
            if torch._is_parameter(v):
                destination[prefix + k] = v if keep_vars else v.detach()
        skip = self.__dict__.get('_non_persistent', [])
        for k, v in self._own_buffers():
            if k not in skip:
                destination[prefix + k] = v if keep_vars else v.detach()
        for name, m in self._child_entries():
            m.state_dict(destination, prefix + name + '.', keep_vars)
        for hook in self.__dict__.get('_state_dict_hooks', {}).values():
            result = hook(self, destination, prefix, {})
            if result is not None:
                destination = result
        return destination

    # torch's two levels: load_state_dict walks the modules, each module's
    # _load_from_state_dict (which a subclass may override: FrozenBatchNorm
    # drops keys, old checkpoints get renamed) loads its own entries.
    def load_state_dict(self, state_dict, strict=True):
        missing_keys = []
        unexpected_keys = []
        error_msgs = []
        from collections import OrderedDict
        state_dict = OrderedDict(state_dict)

        def load(module, local_state_dict, prefix=''):
            module._load_from_state_dict(local_state_dict, prefix, {}, True, missing_keys, unexpected_keys, error_msgs)
            for name, child in module._child_entries():
                child_prefix = prefix + name + '.'
                child_state_dict = {k: v for k, v in local_state_dict.items() if k.startswith(child_prefix)}
                load(child, child_state_dict, child_prefix)
            incompatible = _IncompatibleKeys(missing_keys, unexpected_keys)
            for hook in module.__dict__.get('_load_state_dict_post_hooks', {}).values():
                hook(module, incompatible)

        load(self, state_dict)
        if strict:
            if unexpected_keys:
                error_msgs.insert(0, 'Unexpected key(s) in state_dict: ' +
                                  ', '.join('"' + k + '"' for k in unexpected_keys) + '. ')
            if missing_keys:
                error_msgs.insert(0, 'Missing key(s) in state_dict: ' +
                                  ', '.join('"' + k + '"' for k in missing_keys) + '. ')
        if error_msgs:
            raise RuntimeError('Error(s) in loading state_dict for ' + type(self).__name__ + ':\n\t' +
                               '\n\t'.join(error_msgs))
        return _IncompatibleKeys(missing_keys, unexpected_keys)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        for hook in self.__dict__.get('_load_state_dict_pre_hooks', {}).values():
            hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)
        local_state = {}
        for k, v in self.__dict__.items():
            if torch._is_parameter(v):
                local_state[k] = v
        skip = self.__dict__.get('_non_persistent', [])
        for k, v in self._own_buffers():
            if k not in skip and v is not None:
                local_state[k] = v
        for name, param in local_state.items():
            key = prefix + name
            if key in state_dict:
                input_param = state_dict[key]
                if not isinstance(input_param, torch.Tensor):
                    error_msgs.append('While copying the parameter named "' + key + '", expected torch.Tensor or '
                                      'Tensor-like object from checkpoint but received ' + str(type(input_param)))
                    continue
                if len(param.shape) == 0 and len(input_param.shape) == 1:
                    input_param = input_param[0]
                if tuple(input_param.shape) != tuple(param.shape):
                    error_msgs.append('size mismatch for ' + key + ': copying a param with shape ' +
                                      repr(input_param.shape) + ' from checkpoint, the shape in current model is ' +
                                      repr(param.shape) + '.')
                    continue
                with torch.no_grad():
                    param.copy_(input_param)
            elif strict:
                missing_keys.append(key)
        if strict:
            children = dict(self._child_entries())
            for key in state_dict.keys():
                if key.startswith(prefix):
                    input_name = key[len(prefix):].split('.', 1)[0]
                    if input_name not in children and input_name not in local_state:
                        unexpected_keys.append(key)

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        if with_module:
            inner = hook
            module = self
            hook = lambda *args: inner(module, *args)
        return _add_hook(self._hooks('_load_state_dict_pre_hooks'), hook, False)

    def register_load_state_dict_post_hook(self, hook):
        return _add_hook(self._hooks('_load_state_dict_post_hooks'), hook, False)

    def _register_state_dict_hook(self, hook):
        return _add_hook(self._hooks('_state_dict_hooks'), hook, False)

    def apply(self, fn):
        for m in self.children():
            m.apply(fn)
        fn(self)
        return self

    def to(self, *args, **kwargs):
        dtype = kwargs.get('dtype')
        memory_format = kwargs.get('memory_format')
        for a in list(args) + [kwargs.get('device')]:
            if isinstance(a, torch.dtype):
                dtype = a
            elif isinstance(a, torch.Tensor):
                dtype = a.dtype
            elif isinstance(a, (str, torch.device)):
                torch._check_device(a)
        if dtype is not None:
            if not (dtype == torch.float32 or dtype == torch.float64 or dtype == torch.float16 or dtype == torch.bfloat16):
                raise TypeError('nn.Module.to only accepts floating point or complex dtypes, but got desired dtype=' +
                                str(dtype))
            self._convert_floating(dtype)
        if memory_format is not None:
            self._convert_format(memory_format)
        return self

    # Module.to(memory_format=): the 4-d and 5-d parameters and buffers laid
    # out in it (a parameter stays a Parameter), as torch's _apply does.
    def _convert_format(self, memory_format):
        for m in self.modules():
            for k, v in list(m.__dict__.items()):
                if not isinstance(v, torch.Tensor) or v.dim() not in (4, 5):
                    continue
                if torch._is_parameter(v):
                    v.data = v.to(memory_format=memory_format)
                elif k in m.__dict__.get('_buffer_names', []):
                    setattr(m, k, v.to(memory_format=memory_format))
        return self

    # A layer's device= and dtype= (torch's factory_kwargs): the CPU only, and
    # its floating parameters and buffers made in that dtype.
    def _factory_kwargs(self, device, dtype):
        if device is not None:
            torch._check_device(device)
        if dtype is not None:
            self._convert_floating(dtype)

    # Module.float()/double()/half()/bfloat16(): floating parameters and
    # buffers take the dtype. A parameter keeps its identity (torch's _apply
    # sets param.data), so tied weights stay one tensor.
    def _convert_floating(self, dtype):
        for m in self.modules():
            for k, v in list(m.__dict__.items()):
                if not isinstance(v, torch.Tensor) or not v.is_floating_point() or v.dtype == dtype:
                    continue
                if torch._is_parameter(v):
                    v.data = v.to(dtype)
                elif k in m.__dict__.get('_buffer_names', []):
                    setattr(m, k, v.to(dtype))
        return self

    def float(self):
        return self._convert_floating(torch.float32)

    def double(self):
        return self._convert_floating(torch.float64)

    def half(self):
        return self._convert_floating(torch.float16)

    def bfloat16(self):
        return self._convert_floating(torch.bfloat16)

    def cpu(self):
        return self

    def cuda(self, device=None):
        torch._check_device('cuda')
        return self

    def type(self, dst_type):
        return self._convert_floating(dst_type)

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    # torch's fallback lookup, run when the normal one fails (here members
    # live in the instance dict, so it only words the AttributeError), or
    # called explicitly: self.__getattr__(name) of heads built by name.
    def __getattr__(self, name):
        d = self.__dict__
        if name in d:
            return d[name]
        raise AttributeError("'" + type(self).__name__ + "' object has no attribute '" + name + "'")

    def __call__(self, *args, **kwargs):
        if _global_forward_pre_hooks or _global_forward_hooks:
            return self._call_with_global_hooks(args, kwargs)
        if self._forward_pre_hooks:
            for hook in list(self._forward_pre_hooks.values()):
                args, kwargs = _call_pre_hook(self, hook, args, kwargs)
        out = self.forward(*args, **kwargs)
        if self._forward_hooks:
            for hook in list(self._forward_hooks.values()):
                out = _call_hook(self, hook, args, kwargs, out)
        return out

    # The global hooks first, then the module's own (torch's _call_impl).
    def _call_with_global_hooks(self, args, kwargs):
        for hook in list(_global_forward_pre_hooks.values()) + list((self._forward_pre_hooks or {}).values()):
            args, kwargs = _call_pre_hook(self, hook, args, kwargs)
        out = self.forward(*args, **kwargs)
        for hook in list(_global_forward_hooks.values()) + list((self._forward_hooks or {}).values()):
            out = _call_hook(self, hook, args, kwargs, out)
        return out

    # module.compile(**options): later calls of the module run compiled
    # (torch.compile's options), the module itself unchanged otherwise.
    # torch compiles its _call_impl; here the module's forward is, and its
    # hooks run around it, which computes the same.
    def compile(self, *args, **kwargs):
        forward = self.__dict__.get('_uncompiled_forward')
        if forward is None:
            forward = self.forward
            object.__setattr__(self, '_uncompiled_forward', forward)
        compiled = torch.compile(forward, *args, **kwargs)
        object.__setattr__(self, '_compiled_call_impl', compiled)
        object.__setattr__(self, 'forward', compiled)

    # torch's registries, as views: an OrderedDict of the module's own
    # children / parameters / buffers; a store or delete through one
    # reaches the module (self._modules[name] = m registers m).
    @property
    def _modules(self):
        return _RegistryView(self, self._child_entries())

    @property
    def _parameters(self):
        return _RegistryView(self, self._own_parameters())

    @property
    def _buffers(self):
        return _RegistryView(self, self._own_buffers())

    # Every (name, submodule) entry, a module registered under two names
    # under both (torch's _modules: what state_dict and repr walk).
    def _child_entries(self):
        return [(k, v) for k, v in list(self.__dict__.items()) if isinstance(v, Module)]

    def named_children(self):
        seen = set()
        for k, v in list(self.__dict__.items()):
            if isinstance(v, Module) and id(v) not in seen:
                seen.add(id(v))
                yield k, v

    def children(self):
        for _, m in self.named_children():
            yield m

    def named_modules(self, memo=None, prefix='', remove_duplicate=True):
        if memo is None:
            memo = set()
        if id(self) in memo:
            return
        if remove_duplicate:
            memo.add(id(self))
        yield prefix, self
        for name, m in list(self.__dict__.items()):
            if isinstance(m, Module):
                yield from m.named_modules(memo, prefix + ('.' if prefix else '') + name, remove_duplicate)

    def modules(self):
        for _, m in self.named_modules():
            yield m

    def _own_parameters(self):
        return [(k, v) for k, v in list(self.__dict__.items()) if torch._is_parameter(v)]

    def named_parameters(self, prefix='', recurse=True, remove_duplicate=True):
        return self._named_members(lambda m: m._own_parameters(), prefix, recurse, remove_duplicate)

    def parameters(self, recurse=True):
        for _, p in self.named_parameters(recurse=recurse):
            yield p

    def train(self, mode=True):
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    # torch 1.13's default zeroes the grads a user stored (there is no
    # backward pass to make any); set_to_none=True drops them.
    def zero_grad(self, set_to_none=False):
        for p in self.parameters():
            if p.grad is not None:
                if set_to_none:
                    p.grad = None
                else:
                    p.grad.zero_()

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def extra_repr(self):
        return ''

    def __repr__(self):
        extra = self.extra_repr()
        extra_lines = extra.split('\n') if extra else []
        child_lines = []
        for name, m in self._child_entries():
            text = repr(m)
            lines = text.split('\n')
            if len(lines) > 1:
                text = lines[0] + '\n' + '\n'.join('  ' + line for line in lines[1:])
            child_lines.append('(' + name + '): ' + text)
        lines = extra_lines + child_lines
        main = type(self).__name__ + '('
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main += extra_lines[0]
            else:
                main += '\n  ' + '\n  '.join(lines) + '\n'
        return main + ')'


def _incompatible_keys_base():
    import collections
    return collections.namedtuple('IncompatibleKeys', ['missing_keys', 'unexpected_keys'])


# What load_state_dict returns: a named tuple (missing_keys, unexpected_keys).
class _IncompatibleKeys(_incompatible_keys_base()):
    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return '<All keys matched successfully>'
        return '_IncompatibleKeys(missing_keys=' + repr(self.missing_keys) + ', unexpected_keys=' + repr(self.unexpected_keys) + ')'


class _RegistryView(_OrderedDict):
    def __init__(self, owner, items):
        super().__init__()
        object.__setattr__(self, '_owner', owner)
        dict.update(self, items)  # (OrderedDict's __init__ would store through __setitem__)

    def __setitem__(self, name, value):
        super().__setitem__(name, value)
        object.__setattr__(self._owner, name, value)
        if isinstance(value, Module):
            self._owner._add_member(name)

    def __delitem__(self, name):
        super().__delitem__(name)
        delattr(self._owner, name)
        members = self._owner._member_names()
        if name in members:
            members.remove(name)

    # (through __delitem__: the member leaves the module too, so a re-insert
    # comes last, as in torch's registries)
    def pop(self, name, *default):
        if name in self:
            value = self[name]
            del self[name]
            return value
        if default:
            return default[0]
        raise KeyError(name)


# The mapping of ModuleDict and ParameterDict: values are attributes, kept
# in insertion order. (Private: torch's two are not subclasses of each other.)
class _KeyedModule(Module):
    def __init__(self, modules=None):
        super().__init__()
        self._keys = []
        if modules is not None:
            self.update(modules)

    def __setitem__(self, key, module):
        if key not in self._keys:
            self._keys.append(key)
        setattr(self, key, module)

    def _member_names(self):
        return self._keys

    def _add_member(self, name):
        if name not in self._keys:
            self._keys.append(name)

    def __getitem__(self, key):
        if key not in self._keys:
            raise KeyError(key)
        return getattr(self, key)

    def __delitem__(self, key):
        if key not in self._keys:
            raise KeyError(key)
        self._keys.remove(key)
        delattr(self, key)

    def clear(self):
        for key in list(self._keys):
            del self[key]

    def __contains__(self, key):
        return key in self._keys

    def __len__(self):
        return len(self._keys)

    def __iter__(self):
        return iter(list(self._keys))

    # Views, as torch's: ModuleDict's of its OrderedDict _modules (odict_keys),
    # ParameterDict's of a plain dict (dict_keys).
    def _view_dict(self):
        from collections import OrderedDict
        return OrderedDict if isinstance(self, ModuleDict) else dict

    def keys(self):
        return self._view_dict()((k, None) for k in self._keys).keys()

    def values(self):
        return self._view_dict()((k, getattr(self, k)) for k in self._keys).values()

    def items(self):
        return self._view_dict()((k, getattr(self, k)) for k in self._keys).items()

    def update(self, modules):
        if isinstance(modules, dict):
            modules = modules.items()
        for k, m in modules:
            self[k] = m

    def pop(self, key):
        m = self[key]
        del self[key]
        return m


# A Module assigned as an attribute of a container (class T(nn.Sequential):
# self.conv = ... in __init__) is one of its members, as torch's _modules
# holds it.
def _container_setattr(self, name, value):
    object.__setattr__(self, name, value)
    if isinstance(value, Module):
        self._add_member(name)


class ModuleDict(_KeyedModule):
    __setattr__ = _container_setattr


class ModuleList(Module):
    __setattr__ = _container_setattr

    def __init__(self, modules=None):
        Module.__init__(self)  # Sequential runs it too
        self._names = []
        if modules is not None:
            for m in modules:
                self.append(m)

    def append(self, module):
        name = str(len(self._names))
        self._names.append(name)
        setattr(self, name, module)
        return self

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self

    def _member_names(self):
        return self._names

    def _add_member(self, name):
        if name not in self._names:
            self._names.append(name)

    def __len__(self):
        return len(self._names)

    def __iter__(self):
        return iter([getattr(self, name) for name in self._names])

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)([getattr(self, name) for name in self._names][idx])
        n = len(self._names)
        if idx < 0:
            idx += n
        if idx < 0 or idx >= n:
            raise IndexError(f'index {idx} is out of range')
        return getattr(self, self._names[idx])

    def _index(self, idx):
        n = len(self._names)
        if idx < 0:
            idx += n
        if idx < 0 or idx >= n:
            raise IndexError(f'index {idx} is out of range')
        return idx

    def __setitem__(self, idx, module):
        setattr(self, self._names[self._index(idx)], module)

    def __delitem__(self, idx):
        names = self._names[idx] if isinstance(idx, slice) else [self._names[self._index(idx)]]
        kept = [getattr(self, name) for name in self._names if name not in names]
        for name in self._names:
            delattr(self, name)
        self._names = []
        for m in kept:  # renumbered, as torch does
            self.append(m)

    def insert(self, index, module):
        mods = [getattr(self, name) for name in self._names]
        mods.insert(index, module)
        for name in self._names:
            delattr(self, name)
        self._names = []
        for m in mods:
            self.append(m)


    def __add__(self, other):
        combined = ModuleList()
        for m in self:
            combined.append(m)
        for m in other:
            combined.append(m)
        return combined

    def __iadd__(self, modules):
        return self.extend(modules)


# Sequential shares ModuleList's methods without deriving from it (in torch
# neither derives from the other).
class Sequential(Module):
    def __init__(self, *modules):
        if len(modules) == 1 and type(modules[0]).__name__ == 'OrderedDict':
            ModuleList.__init__(self)
            for name, m in modules[0].items():  # named layers: net.fc as well as net[0]
                self._names.append(name)
                setattr(self, name, m)
        else:
            ModuleList.__init__(self, modules)

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            from collections import OrderedDict
            return Sequential(OrderedDict([(name, getattr(self, name)) for name in self._names[idx]]))
        return ModuleList.__getitem__(self, idx)

    def forward(self, input):
        for m in self:
            input = m(input)
        return input


for _name in ('__setattr__', 'append', 'extend', '_member_names', '_add_member', '__len__', '__iter__', '_index',
              '__setitem__', '__delitem__', 'insert'):
    setattr(Sequential, _name, ModuleList.__dict__[_name])
del _name


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        self.weight = Parameter(torch.empty(out_features, in_features))
        self.bias = Parameter(torch.empty(out_features)) if bias else None
        self.reset_parameters()  # (a subclass's own, as torch's __init__ calls it)
        self._factory_kwargs(device, dtype)

    def reset_parameters(self):
        # Deterministic initialisation (torch draws at random): small distinct values.
        n = self.in_features * self.out_features
        with torch.no_grad():
            self.weight.copy_(((torch.arange(n) % 7 - 3) * 0.1).reshape(self.out_features, self.in_features))
            if self.bias is not None:
                self.bias.zero_()

    def forward(self, input):
        return torch.linear(input, self.weight, self.bias)

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class _InplaceActivation(Module):
    # ReLU(inplace=True) and its kind: the flag, and torch's extra_repr of it.
    def __init__(self, inplace=False):
        super().__init__()
        self.inplace = inplace

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class ReLU(_InplaceActivation):
    def forward(self, input):
        return functional.relu(input, inplace=self.inplace)


class Sigmoid(Module):
    def forward(self, input):
        return torch.sigmoid(input)


class Tanh(Module):
    def forward(self, input):
        return torch.tanh(input)


class Identity(Module):
    def __init__(self, *args, **kwargs):  # torch's ignores them (norm_layer=nn.Identity)
        super().__init__()

    def forward(self, input):
        return input


class _DimModule(Module):
    # Softmax, Softmin, LogSoftmax: one `dim`, printed as torch prints it.
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def extra_repr(self):
        return f'dim={self.dim}'


class Softmax(_DimModule):
    def forward(self, input):
        return functional.softmax(input, self.dim, _stacklevel=5)


class Softmax2d(Module):
    # softmax over the channels of a (C, H, W) or (N, C, H, W) input.
    def forward(self, input):
        assert input.dim() == 4 or input.dim() == 3, 'Softmax2d requires a 3D or 4D tensor as input'
        return torch.softmax(input, -3)


class SiLU(_InplaceActivation):
    def forward(self, input):
        return functional.silu(input, inplace=self.inplace)


class LeakyReLU(Module):
    def __init__(self, negative_slope=0.01, inplace=False):
        super().__init__()
        self.negative_slope = negative_slope
        self.inplace = inplace

    def forward(self, input):
        return functional.leaky_relu(input, self.negative_slope, self.inplace)

    def extra_repr(self):
        return f'negative_slope={self.negative_slope}' + (', inplace=True' if self.inplace else '')


class _DropoutNd(Module):
    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        if p < 0 or p > 1:
            raise ValueError('dropout probability has to be between 0 and 1, but got ' + str(p))
        self.p = p
        self.inplace = inplace

    def extra_repr(self):
        return f'p={self.p}, inplace={self.inplace}'


class Dropout(_DropoutNd):
    def forward(self, input):
        return functional.dropout(input, self.p, self.training, self.inplace)


class GELU(Module):
    def __init__(self, approximate='none'):
        super().__init__()
        self.approximate = approximate

    def forward(self, input):
        return functional.gelu(input, approximate=self.approximate)

    def extra_repr(self):
        return f"approximate={self.approximate!r}"


class ELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return functional.elu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f'alpha={self.alpha}' + (', inplace=True' if self.inplace else '')


class Softplus(Module):
    def __init__(self, beta=1, threshold=20):
        super().__init__()
        self.beta = beta
        self.threshold = threshold

    def forward(self, input):
        return functional.softplus(input, self.beta, self.threshold)

    def extra_repr(self):
        return f'beta={self.beta}, threshold={self.threshold}'


class SELU(_InplaceActivation):
    def forward(self, input):
        return functional.selu(input, self.inplace)


class CELU(Module):
    def __init__(self, alpha=1.0, inplace=False):
        super().__init__()
        self.alpha = alpha
        self.inplace = inplace

    def forward(self, input):
        return functional.celu(input, self.alpha, self.inplace)

    def extra_repr(self):
        return f'alpha={self.alpha}' + (', inplace=True' if self.inplace else '')


class GLU(Module):
    def __init__(self, dim=-1):
        super().__init__()
        self.dim = dim

    def forward(self, input):
        return functional.glu(input, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'


class LogSigmoid(Module):
    def forward(self, input):
        return functional.logsigmoid(input)


class Softsign(Module):
    def forward(self, input):
        return functional.softsign(input)


class Tanhshrink(Module):
    def forward(self, input):
        return functional.tanhshrink(input)


class _Shrink(Module):
    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = lambd

    def extra_repr(self):
        return str(self.lambd)


class Softshrink(_Shrink):
    def forward(self, input):
        return functional.softshrink(input, self.lambd)


class Hardshrink(_Shrink):
    def forward(self, input):
        return functional.hardshrink(input, self.lambd)


class Softmin(_DimModule):
    def forward(self, input):
        return functional.softmin(input, self.dim, _stacklevel=5)


class Threshold(Module):
    def __init__(self, threshold, value, inplace=False):
        super().__init__()
        self.threshold = threshold
        self.value = value
        self.inplace = inplace

    def forward(self, input):
        return functional.threshold(input, self.threshold, self.value, self.inplace)

    def extra_repr(self):
        return f'threshold={self.threshold}, value={self.value}'


class Dropout1d(_DropoutNd):
    def forward(self, input):
        return functional.dropout1d(input, self.p, self.training, self.inplace)


class Dropout2d(_DropoutNd):
    def forward(self, input):
        return functional.dropout2d(input, self.p, self.training, self.inplace)


class Dropout3d(_DropoutNd):
    def forward(self, input):
        return functional.dropout3d(input, self.p, self.training, self.inplace)


class AlphaDropout(_DropoutNd):
    def forward(self, input):
        return functional.alpha_dropout(input, self.p, self.training)


def _parameter_line(key, p, dtype_name):
    kind = 'Parameter' if isinstance(p, Parameter) else 'Tensor'
    size = 'x'.join(str(d) for d in p.shape)
    return '  (' + str(key) + '): ' + kind + ' containing: [' + dtype_name + ' of size ' + size + ']'


class ParameterList(Module):
    def __init__(self, values=None):
        super().__init__()
        self._size = 0
        if values is not None:
            self.extend(values)

    def extra_repr(self):
        return '\n'.join(_parameter_line(i, getattr(self, str(i)), str(getattr(self, str(i)).dtype))
                         for i in range(self._size))

    def _as_parameter(self, value):
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        return value

    def append(self, value):
        setattr(self, str(self._size), self._as_parameter(value))
        self._size += 1
        return self

    def extend(self, values):
        for v in values:
            self.append(v)
        return self

    def __len__(self):
        return self._size

    def __iter__(self):
        return iter([getattr(self, str(i)) for i in range(self._size)])

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return ParameterList([getattr(self, str(i)) for i in range(self._size)][idx])
        if idx < 0:
            idx += self._size
        if idx < 0 or idx >= self._size:
            raise IndexError(f'index {idx} is out of range')
        return getattr(self, str(idx))

    def __setitem__(self, idx, value):
        if idx < 0:
            idx += self._size
        setattr(self, str(idx), self._as_parameter(value))


class ParameterDict(_KeyedModule):
    # ModuleDict's mapping, holding parameters (a tensor is made one).
    def __setitem__(self, key, value):
        if key not in self._keys:
            self._keys.append(key)
        if isinstance(value, torch.Tensor) and not isinstance(value, Parameter):
            value = Parameter(value)
        setattr(self, key, value)

    def get(self, key, default=None):
        return getattr(self, key) if key in self._keys else default

    def update(self, parameters):
        # torch 1.13 takes a plain mapping's items sorted by key (an
        # OrderedDict's or a ParameterDict's in their order).
        from collections import OrderedDict
        if isinstance(parameters, (OrderedDict, ParameterDict)):
            items = list(parameters.items())
        elif isinstance(parameters, dict):
            items = sorted(parameters.items())
        else:
            items = list(parameters)
        for k, p in items:
            self[k] = p

    def extra_repr(self):
        # torch 1.13 names the dtype as torch.typename does here (torch.FloatTensor).
        return '\n'.join(_parameter_line(k, getattr(self, k), torch.typename(getattr(self, k))) for k in self._keys)


class Hardtanh(Module):
    def __init__(self, min_val=-1.0, max_val=1.0, inplace=False):
        super().__init__()
        self.min_val = min_val
        self.max_val = max_val
        self.inplace = inplace

    def forward(self, input):
        return functional.hardtanh(input, self.min_val, self.max_val, self.inplace)

    def extra_repr(self):
        return f'min_val={self.min_val}, max_val={self.max_val}' + (', inplace=True' if self.inplace else '')


class ReLU6(Hardtanh):
    def __init__(self, inplace=False):
        super().__init__(0.0, 6.0, inplace)

    def extra_repr(self):
        return 'inplace=True' if self.inplace else ''


class Mish(_InplaceActivation):
    def forward(self, input):
        return functional.mish(input, self.inplace)


class _UnflaggedInplace(_InplaceActivation):
    def extra_repr(self):  # torch prints no inplace flag for Hardswish and Hardsigmoid
        return ''


class Hardswish(_UnflaggedInplace):
    def forward(self, input):
        return functional.hardswish(input, self.inplace)


class Hardsigmoid(_UnflaggedInplace):
    def forward(self, input):
        return functional.hardsigmoid(input, self.inplace)


class LogSoftmax(_DimModule):
    def forward(self, input):
        return functional.log_softmax(input, self.dim, _stacklevel=5)


class _ConvNd(Module):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', device=None, dtype=None):
        super().__init__()
        nd = self._nd
        if groups <= 0:
            raise ValueError('groups must be a positive integer')
        if in_channels % groups != 0:
            raise ValueError('in_channels must be divisible by groups')
        if out_channels % groups != 0:
            raise ValueError('out_channels must be divisible by groups')
        if isinstance(padding, str):
            if padding not in ('same', 'valid'):
                raise ValueError("Invalid padding string '" + padding + "', should be one of {'valid', 'same'}")
            if padding == 'same' and any(s != 1 for s in functional._ntuple(stride, nd)):
                raise ValueError("padding='same' is not supported for strided convolutions")
        if padding_mode not in ('zeros', 'reflect', 'replicate', 'circular'):
            raise ValueError("padding_mode must be one of ['zeros', 'reflect', 'replicate', 'circular'], but got "
                             "padding_mode='" + padding_mode + "'")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.kernel_size = functional._ntuple(kernel_size, nd)
        self.stride = functional._ntuple(stride, nd)
        self.padding = padding if isinstance(padding, str) else functional._ntuple(padding, nd)
        self.dilation = functional._ntuple(dilation, nd)
        self.transposed = False
        self.output_padding = (0,) * nd
        self.groups = groups
        self.padding_mode = padding_mode
        shape = [out_channels, in_channels // groups] + list(self.kernel_size)
        self.weight = Parameter(torch.empty(shape))
        self.bias = Parameter(torch.empty(out_channels)) if bias else None
        self.reset_parameters()
        self._factory_kwargs(device, dtype)

    def reset_parameters(self):
        # Deterministic initialisation (torch draws at random), as Linear's.
        with torch.no_grad():
            self.weight.copy_(((torch.arange(self.weight.numel()) % 7 - 3) * 0.1).reshape(self.weight.shape))
            if self.bias is not None:
                self.bias.zero_()

    def _conv_forward(self, input, weight, bias):
        if self.padding_mode != 'zeros':
            # As torch: pad with the mode, then convolve without padding.
            flat = []
            for d in reversed(range(self._nd)):
                if isinstance(self.padding, str):
                    total = 0 if self.padding == 'valid' else self.dilation[d] * (self.kernel_size[d] - 1)
                    flat += [total // 2, total - total // 2]
                else:
                    flat += [self.padding[d], self.padding[d]]
            return functional._conv(functional.pad(input, flat, mode=self.padding_mode), weight, bias, self.stride,
                                    0, self.dilation, self.groups, self._nd)
        return functional._conv(input, weight, bias, self.stride, self.padding, self.dilation, self.groups, self._nd)

    def forward(self, input):
        return self._conv_forward(input, self.weight, self.bias)

    def extra_repr(self):
        s = str(self.in_channels) + ', ' + str(self.out_channels) + ', kernel_size=' + str(self.kernel_size) + \
            ', stride=' + str(self.stride)
        if self.padding != (0,) * len(self.padding):
            s += ', padding=' + str(self.padding)
        if self.dilation != (1,) * len(self.dilation):
            s += ', dilation=' + str(self.dilation)
        if self.output_padding != (0,) * len(self.output_padding):
            s += ', output_padding=' + str(self.output_padding)
        if self.groups != 1:
            s += ', groups=' + str(self.groups)
        if self.bias is None:
            s += ', bias=False'
        if self.padding_mode != 'zeros':
            s += ', padding_mode=' + self.padding_mode
        return s


class Conv1d(_ConvNd):
    _nd = 1


class Conv2d(_ConvNd):
    _nd = 2


class Conv3d(_ConvNd):
    _nd = 3


class _ConvTransposeNd(_ConvNd):
    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', device=None, dtype=None):
        if padding_mode != 'zeros':
            raise ValueError('Only "zeros" padding mode is supported for ' + type(self).__name__)
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias)
        nd = self._nd
        self.transposed = True
        self.output_padding = functional._ntuple(output_padding, nd)
        # The transposed weight is (in, out / groups, *kernel).
        shape = [in_channels, out_channels // groups] + list(self.kernel_size)
        n = 1
        for d in shape:
            n *= d
        self.weight = Parameter(((torch.arange(n) % 7 - 3) * 0.1).reshape(shape).float())
        self._factory_kwargs(device, dtype)

    def forward(self, input, output_size=None):
        output_padding = self.output_padding
        if output_size is not None:
            output_padding = functional._transposed_output_padding(
                input, output_size, self.stride, self.padding, self.kernel_size, self.dilation, self._nd)
        return functional._conv_transpose(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                          self.groups, self.dilation, self._nd)


class ConvTranspose1d(_ConvTransposeNd):
    _nd = 1


class ConvTranspose2d(_ConvTransposeNd):
    _nd = 2


class ConvTranspose3d(_ConvTransposeNd):
    _nd = 3


class _MaxPoolNd(Module):
    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def forward(self, input):
        return functional._max_pool(input, self._nd, self.kernel_size, self.stride, self.padding, self.dilation,
                                    self.ceil_mode, self.return_indices)

    def extra_repr(self):
        return 'kernel_size=' + str(self.kernel_size) + ', stride=' + str(self.stride) + ', padding=' + \
            str(self.padding) + ', dilation=' + str(self.dilation) + ', ceil_mode=' + str(self.ceil_mode)


class MaxPool1d(_MaxPoolNd):
    _nd = 1


class MaxPool2d(_MaxPoolNd):
    _nd = 2


class MaxPool3d(_MaxPoolNd):
    _nd = 3


class AvgPool1d(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__()
        self.kernel_size = functional._ntuple(kernel_size, 1)
        self.stride = functional._ntuple(stride if stride is not None else kernel_size, 1)
        self.padding = functional._ntuple(padding, 1)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def forward(self, input):
        return functional._avg_pool(input, 1, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                    self.count_include_pad, None)

    def extra_repr(self):
        return 'kernel_size=' + str(self.kernel_size) + ', stride=' + str(self.stride) + ', padding=' + str(self.padding)


class _AvgPoolNd(Module):
    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad
        self.divisor_override = divisor_override

    def forward(self, input):
        return functional._avg_pool(input, self._nd, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                                    self.count_include_pad, self.divisor_override)

    def extra_repr(self):
        return 'kernel_size=' + str(self.kernel_size) + ', stride=' + str(self.stride) + ', padding=' + str(self.padding)


class AvgPool2d(_AvgPoolNd):
    _nd = 2


class AvgPool3d(_AvgPoolNd):
    _nd = 3


class _AdaptivePool(Module):
    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def extra_repr(self):
        return 'output_size=' + str(self.output_size)


class AdaptiveAvgPool1d(_AdaptivePool):
    def forward(self, input):
        return functional.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(_AdaptivePool):
    def forward(self, input):
        return functional.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveAvgPool3d(_AdaptivePool):
    def forward(self, input):
        return functional.adaptive_avg_pool3d(input, self.output_size)


class _AdaptiveMaxPoolNd(_AdaptivePool):
    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size)
        self.return_indices = return_indices

    def forward(self, input):
        return functional._adaptive_max_pool(input, self._nd, self.output_size, self.return_indices)


class AdaptiveMaxPool1d(_AdaptiveMaxPoolNd):
    _nd = 1


class AdaptiveMaxPool2d(_AdaptiveMaxPoolNd):
    _nd = 2


class AdaptiveMaxPool3d(_AdaptiveMaxPoolNd):
    _nd = 3


class Upsample(Module):
    def __init__(self, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.name = type(self).__name__
        self.size = size
        if isinstance(scale_factor, tuple):
            self.scale_factor = tuple(float(f) for f in scale_factor)
        else:
            self.scale_factor = float(scale_factor) if scale_factor else None
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def forward(self, input):
        return functional.interpolate(input, self.size, self.scale_factor, self.mode, self.align_corners,
                                      recompute_scale_factor=self.recompute_scale_factor)

    def extra_repr(self):
        if self.scale_factor is not None:
            info = 'scale_factor=' + repr(self.scale_factor)
        else:
            info = 'size=' + repr(self.size)
        return info + ', mode=' + self.mode


class UpsamplingNearest2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode='nearest')


class UpsamplingBilinear2d(Upsample):
    def __init__(self, size=None, scale_factor=None):
        super().__init__(size, scale_factor, mode='bilinear', align_corners=True)


class Flatten(Module):
    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def forward(self, input):
        return input.flatten(self.start_dim, self.end_dim)

    def extra_repr(self):
        return f'start_dim={self.start_dim}, end_dim={self.end_dim}'


class Unflatten(Module):
    def __init__(self, dim, unflattened_size):
        super().__init__()
        self.dim = dim
        self.unflattened_size = unflattened_size

    def forward(self, input):
        return input.unflatten(self.dim, self.unflattened_size)

    def extra_repr(self):
        return f'dim={self.dim}, unflattened_size={self.unflattened_size}'


class Embedding(Module):
    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None, norm_type=2.0,
                 scale_grad_by_freq=False, sparse=False, _weight=None, device=None, dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, 'Padding_idx must be within num_embeddings'
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, 'Padding_idx must be within num_embeddings'
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.sparse = sparse
        if _weight is None:
            self.weight = Parameter(torch.empty(num_embeddings, embedding_dim))
            self.reset_parameters()
        else:
            self.weight = Parameter(_weight)
        self._factory_kwargs(device, dtype)

    def reset_parameters(self):
        # Seeded normal values: torch draws from N(0, 1) too, with another generator.
        with torch.no_grad():
            self.weight.copy_(torch.randn(self.num_embeddings, self.embedding_dim))
            if self.padding_idx is not None:
                self.weight[self.padding_idx].fill_(0)

    def forward(self, input):
        return functional.embedding(input, self.weight, self.padding_idx, self.max_norm, self.norm_type,
                                    self.scale_grad_by_freq)

    def extra_repr(self):
        s = f'{self.num_embeddings}, {self.embedding_dim}'
        if self.padding_idx is not None:
            s += f', padding_idx={self.padding_idx}'
        if self.max_norm is not None:
            s += f', max_norm={self.max_norm}'
        if self.norm_type != 2:
            s += f', norm_type={self.norm_type}'
        if self.scale_grad_by_freq is not False:
            s += ', scale_grad_by_freq=True'
        if self.sparse is not False:
            s += ', sparse=True'
        return s

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, padding_idx=None, max_norm=None, norm_type=2.0,
                        scale_grad_by_freq=False, sparse=False):
        assert embeddings.dim() == 2, 'Embeddings parameter is expected to be 2-dimensional'
        rows, cols = embeddings.shape
        embedding = cls(rows, cols, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse, _weight=embeddings)
        embedding.weight.requires_grad = not freeze
        return embedding


class _Loss(Module):
    def __init__(self, reduction='mean'):
        super().__init__()
        self.reduction = reduction


class CrossEntropyLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean', label_smoothing=0.0):
        super().__init__(reduction)
        self.weight = weight
        self.ignore_index = ignore_index
        self.label_smoothing = label_smoothing

    def forward(self, input, target):
        return functional.cross_entropy(input, target, weight=self.weight, ignore_index=self.ignore_index,
                                        reduction=self.reduction, label_smoothing=self.label_smoothing)


class CTCLoss(_Loss):
    def __init__(self, blank=0, reduction='mean', zero_infinity=False):
        super().__init__(reduction)
        self.blank = blank
        self.zero_infinity = zero_infinity

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return functional.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank, self.reduction,
                                   self.zero_infinity)


class NLLLoss(_Loss):
    def __init__(self, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
        super().__init__(reduction)
        self.weight = weight
        self.ignore_index = ignore_index

    def forward(self, input, target):
        return functional.nll_loss(input, target, weight=self.weight, ignore_index=self.ignore_index, reduction=self.reduction)


class MarginRankingLoss(_Loss):
    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction='mean'):
        super().__init__(reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return functional.margin_ranking_loss(input1, input2, target, self.margin, reduction=self.reduction)


class CosineEmbeddingLoss(_Loss):
    def __init__(self, margin=0.0, size_average=None, reduce=None, reduction='mean'):
        super().__init__(reduction)
        self.margin = margin

    def forward(self, input1, input2, target):
        return functional.cosine_embedding_loss(input1, input2, target, self.margin, reduction=self.reduction)


class TripletMarginLoss(_Loss):
    def __init__(self, margin=1.0, p=2.0, eps=1e-06, swap=False, size_average=None, reduce=None, reduction='mean'):
        super().__init__(reduction)
        self.margin = margin
        self.p = p
        self.eps = eps
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return functional.triplet_margin_loss(anchor, positive, negative, self.margin, self.p, self.eps, self.swap,
                                              reduction=self.reduction)


class CosineSimilarity(Module):
    def __init__(self, dim=1, eps=1e-08):
        super().__init__()
        self.dim = dim
        self.eps = eps

    def forward(self, x1, x2):
        return functional.cosine_similarity(x1, x2, self.dim, self.eps)


class PairwiseDistance(Module):
    def __init__(self, p=2.0, eps=1e-06, keepdim=False):
        super().__init__()
        self.norm = p
        self.eps = eps
        self.keepdim = keepdim

    def forward(self, x1, x2):
        return functional.pairwise_distance(x1, x2, self.norm, self.eps, self.keepdim)


def _pad_tuple(padding, n):
    if isinstance(padding, int):
        return (padding,) * (2 * n)
    return tuple(padding)


class _PadNd(Module):
    _n = 1
    _mode = 'constant'

    def __init__(self, padding, value=0.0):
        super().__init__()
        self.padding = _pad_tuple(padding, self._n)
        self.value = value

    def forward(self, input):
        if self._mode == 'constant':
            return functional.pad(input, self.padding, 'constant', self.value)
        return functional.pad(input, self.padding, self._mode)

    def extra_repr(self):
        if self._mode == 'constant' and type(self).__name__.startswith('Constant'):
            return 'padding=' + str(self.padding) + ', value=' + str(self.value)
        return str(self.padding)


class ConstantPad1d(_PadNd):
    _n = 1


class ConstantPad2d(_PadNd):
    _n = 2


class ConstantPad3d(_PadNd):
    _n = 3


class ZeroPad2d(_PadNd):
    _n = 2

    def __init__(self, padding):
        super().__init__(padding, 0.0)


class ReflectionPad1d(_PadNd):
    _n = 1
    _mode = 'reflect'


class ReflectionPad2d(_PadNd):
    _n = 2
    _mode = 'reflect'


class ReplicationPad1d(_PadNd):
    _n = 1
    _mode = 'replicate'


class ReplicationPad2d(_PadNd):
    _n = 2
    _mode = 'replicate'


class MSELoss(_Loss):
    def forward(self, input, target):
        return functional.mse_loss(input, target, reduction=self.reduction)


class L1Loss(_Loss):
    def forward(self, input, target):
        return functional.l1_loss(input, target, reduction=self.reduction)


class SmoothL1Loss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction='mean', beta=1.0):
        super().__init__(reduction)
        self.beta = beta

    def forward(self, input, target):
        return functional.smooth_l1_loss(input, target, reduction=self.reduction, beta=self.beta)


class HuberLoss(_Loss):
    def __init__(self, reduction='mean', delta=1.0):
        super().__init__(reduction)
        self.delta = delta

    def forward(self, input, target):
        return functional.huber_loss(input, target, reduction=self.reduction, delta=self.delta)


class BCELoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean'):
        super().__init__(reduction)
        self.weight = weight

    def forward(self, input, target):
        return functional.binary_cross_entropy(input, target, weight=self.weight, reduction=self.reduction)


class BCEWithLogitsLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean', pos_weight=None):
        super().__init__(reduction)
        self.weight = weight
        self.pos_weight = pos_weight

    def forward(self, input, target):
        return functional.binary_cross_entropy_with_logits(input, target, self.weight, reduction=self.reduction,
                                                           pos_weight=self.pos_weight)


class KLDivLoss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction='mean', log_target=False):
        super().__init__(reduction)
        self.log_target = log_target

    def forward(self, input, target):
        return functional.kl_div(input, target, reduction=self.reduction, log_target=self.log_target)


class LayerNorm(Module):
    def __init__(self, normalized_shape, eps=1e-05, elementwise_affine=True, device=None, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = eps
        self.elementwise_affine = elementwise_affine
        if elementwise_affine:
            self.weight = Parameter(torch.ones(self.normalized_shape))
            self.bias = Parameter(torch.zeros(self.normalized_shape))
        else:
            self.weight = None
            self.bias = None
        self.reset_parameters()
        self._factory_kwargs(device, dtype)

    def reset_parameters(self):
        if self.elementwise_affine:
            with torch.no_grad():
                self.weight.fill_(1)
                self.bias.zero_()

    def forward(self, input):
        return torch.nn.functional.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f'{self.normalized_shape}, eps={self.eps}, elementwise_affine={self.elementwise_affine}'


class GroupNorm(Module):
    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, device=None, dtype=None):
        super().__init__()
        if num_channels % num_groups != 0:
            raise ValueError('num_channels must be divisible by num_groups')
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        self.weight = Parameter(torch.ones(num_channels)) if affine else None
        self.bias = Parameter(torch.zeros(num_channels)) if affine else None
        self.reset_parameters()
        self._factory_kwargs(device, dtype)

    def reset_parameters(self):
        if self.affine:
            with torch.no_grad():
                self.weight.fill_(1)
                self.bias.zero_()

    def forward(self, input):
        return functional.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extra_repr(self):
        return f'{self.num_groups}, {self.num_channels}, eps={self.eps}, affine={self.affine}'


class _InstanceNorm(Module):
    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=False, track_running_stats=False,
                 device=None, dtype=None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        self.weight = Parameter(torch.ones(num_features)) if affine else None
        self.bias = Parameter(torch.zeros(num_features)) if affine else None
        if track_running_stats:
            self.register_buffer('running_mean', torch.zeros(num_features))
            self.register_buffer('running_var', torch.ones(num_features))
            self.register_buffer('num_batches_tracked', torch.tensor(0))
        else:
            self.running_mean = None
            self.running_var = None
        self._factory_kwargs(device, dtype)

    def forward(self, input):
        if input.dim() not in (self._nd + 1, self._nd + 2):
            raise ValueError('expected ' + str(self._nd + 1) + 'D or ' + str(self._nd + 2) + 'D input (got ' +
                             str(input.dim()) + 'D input)')
        batched = input.dim() == self._nd + 2
        x = input if batched else input.unsqueeze(0)
        out = functional.instance_norm(x, self.running_mean, self.running_var, self.weight, self.bias,
                                       self.training or not self.track_running_stats, self.momentum, self.eps)
        return out if batched else out.squeeze(0)

    def extra_repr(self):
        return f'{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, ' \
               f'track_running_stats={self.track_running_stats}'


class InstanceNorm1d(_InstanceNorm):
    _nd = 1


class InstanceNorm2d(_InstanceNorm):
    _nd = 2


class InstanceNorm3d(_InstanceNorm):
    _nd = 3


class PReLU(Module):
    def __init__(self, num_parameters=1, init=0.25, device=None, dtype=None):
        super().__init__()
        self.num_parameters = num_parameters
        self.init = init
        self.weight = Parameter(torch.full((num_parameters,), init))
        self._factory_kwargs(device, dtype)

    def forward(self, input):
        return functional.prelu(input, self.weight)

    def extra_repr(self):
        return f'num_parameters={self.num_parameters}'


class PixelShuffle(Module):
    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def forward(self, input):
        return functional.pixel_shuffle(input, self.upscale_factor)

    def extra_repr(self):
        return f'upscale_factor={self.upscale_factor}'


class PixelUnshuffle(Module):
    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = downscale_factor

    def forward(self, input):
        return functional.pixel_unshuffle(input, self.downscale_factor)

    def extra_repr(self):
        return f'downscale_factor={self.downscale_factor}'


class NonDynamicallyQuantizableLinear(Linear):
    pass


class MultiheadAttention(Module):
    def __init__(self, embed_dim, num_heads, dropout=0.0, bias=True, add_bias_kv=False, add_zero_attn=False,
                 kdim=None, vdim=None, batch_first=False, device=None, dtype=None):
        super().__init__()
        if add_bias_kv or add_zero_attn:
            raise NotImplementedError('MultiheadAttention: add_bias_kv and add_zero_attn are not supported by standin')
        self.embed_dim = embed_dim
        self.kdim = kdim if kdim is not None else embed_dim
        self.vdim = vdim if vdim is not None else embed_dim
        self._qkv_same_embed_dim = self.kdim == embed_dim and self.vdim == embed_dim
        self.num_heads = num_heads
        self.dropout = dropout
        self.batch_first = batch_first
        self.head_dim = embed_dim // num_heads
        if self.head_dim * num_heads != embed_dim:
            raise AssertionError('embed_dim must be divisible by num_heads')

        # Deterministic initialisation (torch draws at random), as Linear's.
        def init(rows, cols):
            return Parameter(((torch.arange(rows * cols) % 7 - 3) * 0.1).reshape(rows, cols).float())
        if self._qkv_same_embed_dim:
            self.in_proj_weight = init(3 * embed_dim, embed_dim)
            self.register_parameter('q_proj_weight', None)
            self.register_parameter('k_proj_weight', None)
            self.register_parameter('v_proj_weight', None)
        else:
            self.q_proj_weight = init(embed_dim, embed_dim)
            self.k_proj_weight = init(embed_dim, self.kdim)
            self.v_proj_weight = init(embed_dim, self.vdim)
            self.register_parameter('in_proj_weight', None)
        if bias:
            self.in_proj_bias = Parameter(torch.zeros(3 * embed_dim))
        else:
            self.register_parameter('in_proj_bias', None)
        self.out_proj = NonDynamicallyQuantizableLinear(embed_dim, embed_dim, bias=bias)
        self.bias_k = self.bias_v = None
        self.add_zero_attn = False
        self._factory_kwargs(device, dtype)

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True, attn_mask=None,
                average_attn_weights=True):
        is_batched = query.dim() == 3
        if self.batch_first and is_batched:
            if key is value:
                if query is key:
                    query = key = value = query.transpose(1, 0)
                else:
                    query, key = [x.transpose(1, 0) for x in (query, key)]
                    value = key
            else:
                query, key, value = [x.transpose(1, 0) for x in (query, key, value)]
        out, weights = functional.multi_head_attention_forward(
            query, key, value, self.embed_dim, self.num_heads, self.in_proj_weight, self.in_proj_bias,
            self.bias_k, self.bias_v, self.add_zero_attn, self.dropout, self.out_proj.weight, self.out_proj.bias,
            training=self.training, key_padding_mask=key_padding_mask, need_weights=need_weights,
            attn_mask=attn_mask, use_separate_proj_weight=not self._qkv_same_embed_dim,
            q_proj_weight=self.q_proj_weight, k_proj_weight=self.k_proj_weight, v_proj_weight=self.v_proj_weight,
            average_attn_weights=average_attn_weights)
        if self.batch_first and is_batched:
            return out.transpose(1, 0), weights
        return out, weights


class TransformerEncoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation='relu',
                 layer_norm_eps=1e-05, batch_first=False, norm_first=False, device=None, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first)
        self.linear1 = Linear(d_model, dim_feedforward)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.activation = _activation(activation)
        self._factory_kwargs(device, dtype)

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout2(x)

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask, src_key_padding_mask)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask, src_key_padding_mask))
            x = self.norm2(x + self._ff_block(x))
        return x


class TransformerEncoder(Module):
    def __init__(self, encoder_layer, num_layers, norm=None, enable_nested_tensor=True, mask_check=True):
        super().__init__()
        import copy
        self.layers = ModuleList([copy.deepcopy(encoder_layer) for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm
        self.enable_nested_tensor = enable_nested_tensor
        self.mask_check = mask_check

    # torch 1.13's sparsity fast path: in inference, a batch-first stack of
    # TransformerEncoderLayers given a left-aligned src_key_padding_mask runs
    # on a nested tensor, and its output comes back padded with zeros and cut
    # to the longest sequence. standin computes the same values with the mask,
    # then pads and cuts as the nested tensor's to_padded_tensor(0.) does.
    def _nested_fast_path(self, src, mask, src_key_padding_mask):
        first = self.layers[0]
        if not isinstance(first, TransformerEncoderLayer) or first.norm_first or first.training:
            return False
        attn = first.self_attn
        if not attn.batch_first or not attn._qkv_same_embed_dim:
            return False
        act = first.activation
        if not (act is functional.relu or act is functional.gelu or isinstance(act, (ReLU, GELU))):
            return False
        if first.norm1.eps != first.norm2.eps or src.dim() != 3 or not self.enable_nested_tensor:
            return False
        if src_key_padding_mask is None or mask is not None or attn.num_heads % 2 == 1 or torch.is_autocast_enabled():
            return False
        valid = src_key_padding_mask.logical_not()
        if self.mask_check and bool((valid[:, 1:] & valid[:, :-1].logical_not()).any()):
            return False
        params = (src, attn.in_proj_weight, attn.in_proj_bias, attn.out_proj.weight, attn.out_proj.bias,
                  first.norm1.weight, first.norm1.bias, first.norm2.weight, first.norm2.bias,
                  first.linear1.weight, first.linear1.bias, first.linear2.weight, first.linear2.bias)
        if torch.is_grad_enabled() and any(p is not None and p.requires_grad for p in params):
            return False
        return True

    def forward(self, src, mask=None, src_key_padding_mask=None):
        if src_key_padding_mask is not None:
            if src_key_padding_mask.dtype != torch.bool and not torch.is_floating_point(src_key_padding_mask):
                raise AssertionError('only bool and floating types of key_padding_mask are supported')
        nested = self._nested_fast_path(src, mask, src_key_padding_mask)
        output = src
        for mod in self.layers:
            output = mod(output, src_mask=mask, src_key_padding_mask=src_key_padding_mask)
        if nested:
            import warnings
            warnings.warn('The PyTorch API of nested tensors is in prototype stage and will change in the near '
                           'future. (Triggered internally at  ./aten/src/ATen/NestedTensorImpl.cpp:175.)')
            valid = src_key_padding_mask.logical_not()
            longest = int(valid.sum(1).max())
            output = output[:, :longest].masked_fill(valid[:, :longest].logical_not().unsqueeze(-1), 0.0)
        if self.norm is not None:
            output = self.norm(output)
        return output


def _activation(activation):
    if isinstance(activation, str):
        if activation == 'relu':
            return functional.relu
        if activation == 'gelu':
            return functional.gelu
        raise RuntimeError('activation should be relu/gelu, not ' + activation)
    return activation


class TransformerDecoderLayer(Module):
    def __init__(self, d_model, nhead, dim_feedforward=2048, dropout=0.1, activation='relu',
                 layer_norm_eps=1e-05, batch_first=False, norm_first=False, device=None, dtype=None):
        super().__init__()
        self.self_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first)
        self.multihead_attn = MultiheadAttention(d_model, nhead, dropout=dropout, batch_first=batch_first)
        self.linear1 = Linear(d_model, dim_feedforward)
        self.dropout = Dropout(dropout)
        self.linear2 = Linear(dim_feedforward, d_model)
        self.norm_first = norm_first
        self.norm1 = LayerNorm(d_model, eps=layer_norm_eps)
        self.norm2 = LayerNorm(d_model, eps=layer_norm_eps)
        self.norm3 = LayerNorm(d_model, eps=layer_norm_eps)
        self.dropout1 = Dropout(dropout)
        self.dropout2 = Dropout(dropout)
        self.dropout3 = Dropout(dropout)
        self.activation = _activation(activation)
        self._factory_kwargs(device, dtype)

    def _sa_block(self, x, attn_mask, key_padding_mask):
        x = self.self_attn(x, x, x, attn_mask=attn_mask, key_padding_mask=key_padding_mask, need_weights=False)[0]
        return self.dropout1(x)

    def _mha_block(self, x, mem, attn_mask, key_padding_mask):
        x = self.multihead_attn(x, mem, mem, attn_mask=attn_mask, key_padding_mask=key_padding_mask,
                                need_weights=False)[0]
        return self.dropout2(x)

    def _ff_block(self, x):
        x = self.linear2(self.dropout(self.activation(self.linear1(x))))
        return self.dropout3(x)

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None):
        x = tgt
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), tgt_mask, tgt_key_padding_mask)
            x = x + self._mha_block(self.norm2(x), memory, memory_mask, memory_key_padding_mask)
            x = x + self._ff_block(self.norm3(x))
        else:
            x = self.norm1(x + self._sa_block(x, tgt_mask, tgt_key_padding_mask))
            x = self.norm2(x + self._mha_block(x, memory, memory_mask, memory_key_padding_mask))
            x = self.norm3(x + self._ff_block(x))
        return x


class TransformerDecoder(Module):
    def __init__(self, decoder_layer, num_layers, norm=None):
        super().__init__()
        import copy
        self.layers = ModuleList([copy.deepcopy(decoder_layer) for i in range(num_layers)])
        self.num_layers = num_layers
        self.norm = norm

    def forward(self, tgt, memory, tgt_mask=None, memory_mask=None, tgt_key_padding_mask=None,
                memory_key_padding_mask=None):
        output = tgt
        for mod in self.layers:
            output = mod(output, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                         tgt_key_padding_mask=tgt_key_padding_mask, memory_key_padding_mask=memory_key_padding_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output


class Transformer(Module):
    def __init__(self, d_model=512, nhead=8, num_encoder_layers=6, num_decoder_layers=6, dim_feedforward=2048,
                 dropout=0.1, activation='relu', custom_encoder=None, custom_decoder=None, layer_norm_eps=1e-05,
                 batch_first=False, norm_first=False, device=None, dtype=None):
        super().__init__()
        if custom_encoder is not None:
            self.encoder = custom_encoder
        else:
            layer = TransformerEncoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first)
            self.encoder = TransformerEncoder(layer, num_encoder_layers, LayerNorm(d_model, eps=layer_norm_eps))
        if custom_decoder is not None:
            self.decoder = custom_decoder
        else:
            layer = TransformerDecoderLayer(d_model, nhead, dim_feedforward, dropout, activation, layer_norm_eps,
                                            batch_first, norm_first)
            self.decoder = TransformerDecoder(layer, num_decoder_layers, LayerNorm(d_model, eps=layer_norm_eps))
        self.d_model = d_model
        self.nhead = nhead
        self.batch_first = batch_first
        self._factory_kwargs(device, dtype)

    def forward(self, src, tgt, src_mask=None, tgt_mask=None, memory_mask=None, src_key_padding_mask=None,
                tgt_key_padding_mask=None, memory_key_padding_mask=None):
        is_batched = src.dim() == 3
        if not self.batch_first and src.shape[1] != tgt.shape[1] and is_batched:
            raise RuntimeError('the batch number of src and tgt must be equal')
        if self.batch_first and src.shape[0] != tgt.shape[0] and is_batched:
            raise RuntimeError('the batch number of src and tgt must be equal')
        if src.shape[-1] != self.d_model or tgt.shape[-1] != self.d_model:
            raise RuntimeError('the feature number of src and tgt must be equal to d_model')
        memory = self.encoder(src, mask=src_mask, src_key_padding_mask=src_key_padding_mask)
        return self.decoder(tgt, memory, tgt_mask=tgt_mask, memory_mask=memory_mask,
                            tgt_key_padding_mask=tgt_key_padding_mask,
                            memory_key_padding_mask=memory_key_padding_mask)

    @staticmethod
    def generate_square_subsequent_mask(sz, device='cpu'):
        return torch.triu(torch.full((sz, sz), float('-inf')), diagonal=1)


class _BatchNorm(Module):
    _dims = ()

    # A checkpoint without version metadata (all of them here) predates
    # num_batches_tracked: a missing one loads as 0, as torch's _NormBase does.
    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        key = prefix + 'num_batches_tracked'
        if self.track_running_stats and local_metadata.get('version') is None and key not in state_dict:
            state_dict[key] = torch.tensor(0, dtype=torch.long)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)

    def __init__(self, num_features, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True, device=None, dtype=None):
        super().__init__()
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        if affine:
            self.weight = Parameter(torch.ones(num_features))
            self.bias = Parameter(torch.zeros(num_features))
        else:
            self.weight = None
            self.bias = None
        if track_running_stats:
            self.register_buffer('running_mean', torch.zeros(num_features))
            self.register_buffer('running_var', torch.ones(num_features))
            self.register_buffer('num_batches_tracked', torch.tensor(0, dtype=torch.long))
        else:
            self.running_mean = None
            self.running_var = None
            self.num_batches_tracked = None
        self.reset_parameters()
        self._factory_kwargs(device, dtype)

    def _check_input_dim(self, input):
        if input.dim() not in type(self)._dims:
            raise ValueError(type(self)._dim_error.format(input.dim()))

    def reset_running_stats(self):
        if self.track_running_stats:
            with torch.no_grad():
                self.running_mean.zero_()
                self.running_var.fill_(1)
                self.num_batches_tracked.zero_()

    def reset_parameters(self):
        self.reset_running_stats()
        if self.affine:
            with torch.no_grad():
                self.weight.fill_(1)
                self.bias.zero_()

    def forward(self, input):
        self._check_input_dim(input)
        factor = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats and self.num_batches_tracked is not None:
            self.num_batches_tracked.add_(1)
            if self.momentum is None:
                factor = 1.0 / float(self.num_batches_tracked.item())
        bn_training = self.training or (self.running_mean is None and self.running_var is None)
        use_stats = not self.training or self.track_running_stats
        return functional.batch_norm(input, self.running_mean if use_stats else None,
                                     self.running_var if use_stats else None, self.weight, self.bias,
                                     bn_training, factor, self.eps)

    def extra_repr(self):
        return (f'{self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, '
                f'track_running_stats={self.track_running_stats}')


class BatchNorm1d(_BatchNorm):
    _dims = (2, 3)
    _dim_error = 'expected 2D or 3D input (got {}D input)'


class BatchNorm2d(_BatchNorm):
    _dims = (4,)
    _dim_error = 'expected 4D input (got {}D input)'


class BatchNorm3d(_BatchNorm):
    _dims = (5,)
    _dim_error = 'expected 5D input (got {}D input)'


# Recurrent layers, computed as ATen 1.13's CPU path does: the input
# projection of a whole layer at once (one linear over the sequence), then
# per step the hidden projection plus that step's input part, gates by
# chunking. Parameters are named as torch names them (weight_ih_l0, ...).
def _recurrent_parameters(module, suffix, gate_size, input_size, hidden_size, bias):
    # weight_ih, weight_hh (and bias_ih, bias_hh) + suffix, drawn in that order
    # from the seeded uniform(-1/sqrt(H), 1/sqrt(H)), as torch (another stream).
    bound = 1.0 / hidden_size ** 0.5
    shapes = [('weight_ih', (gate_size, input_size)), ('weight_hh', (gate_size, hidden_size))]
    if bias:
        shapes += [('bias_ih', (gate_size,)), ('bias_hh', (gate_size,))]
    for name, shape in shapes:
        setattr(module, name + suffix, Parameter(torch.rand(shape) * (2 * bound) - bound))


class _RNNBase(Module):
    _gates = 1

    def __init__(self, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, nonlinearity='tanh', device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.nonlinearity = nonlinearity
        directions = 2 if bidirectional else 1
        gate_size = type(self)._gates * hidden_size
        for layer in range(num_layers):
            for direction in range(directions):
                suffix = f'_l{layer}' + ('_reverse' if direction == 1 else '')
                layer_input = input_size if layer == 0 else hidden_size * directions
                _recurrent_parameters(self, suffix, gate_size, layer_input, hidden_size, bias)
        self._factory_kwargs(device, dtype)

    def _params(self, layer, direction):
        suffix = f'_l{layer}' + ('_reverse' if direction == 1 else '')
        return (getattr(self, 'weight_ih' + suffix), getattr(self, 'weight_hh' + suffix),
                getattr(self, 'bias_ih' + suffix) if self.bias else None,
                getattr(self, 'bias_hh' + suffix) if self.bias else None)

    # cuDNN's weight packing: nothing to do on the cpu.
    def flatten_parameters(self):
        pass

    @property
    def all_weights(self):
        directions = 2 if self.bidirectional else 1
        return [[p for p in self._params(layer, d) if p is not None]
                for layer in range(self.num_layers) for d in range(directions)]

    def _zeros(self, batch, unbatched, dtype):
        directions = 2 if self.bidirectional else 1
        shape = (self.num_layers * directions, self.hidden_size) if unbatched else \
            (self.num_layers * directions, batch, self.hidden_size)
        return torch.zeros(shape, dtype=dtype)

    def _run_packed(self, packed, hx, has_cell):
        # A PackedSequence (nn.utils.rnn): time-major rows, batch_sizes[t] of
        # them at step t, sorted by length. Step t updates only the first
        # batch_sizes[t] hidden rows, as torch's packed layers do.
        data, batch_sizes = packed.data, packed.batch_sizes.tolist()
        sorted_indices, unsorted_indices = packed.sorted_indices, packed.unsorted_indices
        steps, batch = len(batch_sizes), batch_sizes[0]
        if hx is None:
            h0 = self._zeros(batch, False, data.dtype)
            c0 = self._zeros(batch, False, data.dtype) if has_cell else None
        else:
            h0, c0 = hx if has_cell else (hx, None)
            if sorted_indices is not None:
                h0 = h0.index_select(1, sorted_indices)
                c0 = c0.index_select(1, sorted_indices) if has_cell else None
        offsets = [0]
        for bs in batch_sizes:
            offsets.append(offsets[-1] + bs)
        directions = 2 if self.bidirectional else 1
        h_n = []
        c_n = []
        layer_data = data
        for layer in range(self.num_layers):
            outs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh = self._params(layer, direction)
                k = layer * directions + direction
                h = h0[k]
                c = c0[k] if has_cell else None
                projected = functional.linear(layer_data, w_ih, b_ih)
                order = range(steps - 1, -1, -1) if direction == 1 else range(steps)
                ys = [None] * steps
                for t in order:
                    bs = batch_sizes[t]
                    h_t, c_t = self._cell(projected[offsets[t]:offsets[t + 1]], h[:bs], c[:bs] if has_cell else None,
                                          w_hh, b_hh)
                    ys[t] = h_t
                    h = h_t if bs == batch else torch.cat([h_t, h[bs:]], 0)
                    if has_cell:
                        c = c_t if bs == batch else torch.cat([c_t, c[bs:]], 0)
                outs.append(torch.cat(ys, 0))
                h_n.append(h)
                if has_cell:
                    c_n.append(c)
            layer_data = outs[0] if directions == 1 else torch.cat(outs, 1)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_data = functional.dropout(layer_data, self.dropout, True)
        h_n = torch.stack(h_n, 0)
        c_n = torch.stack(c_n, 0) if has_cell else None
        if unsorted_indices is not None:
            h_n = h_n.index_select(1, unsorted_indices)
            c_n = c_n.index_select(1, unsorted_indices) if has_cell else None
        output = type(packed)(layer_data, packed.batch_sizes, sorted_indices, unsorted_indices)
        return output, ((h_n, c_n) if has_cell else h_n)

    def _run(self, input, hx, has_cell):
        if type(input).__name__ == 'PackedSequence':
            return self._run_packed(input, hx, has_cell)
        if input.dim() not in (2, 3):
            raise ValueError(f'{type(self).__name__}: Expected input to be 2D or 3D, got {input.dim()}D instead')
        unbatched = input.dim() == 2
        x = input.unsqueeze(1) if unbatched else (input.transpose(0, 1) if self.batch_first else input)
        steps, batch = x.shape[0], x.shape[1]
        if x.shape[2] != self.input_size:
            raise RuntimeError(f'input.size(-1) must be equal to input_size. Expected {self.input_size}, got {x.shape[2]}')
        if hx is None:
            h0 = self._zeros(batch, unbatched, input.dtype)
            c0 = self._zeros(batch, unbatched, input.dtype) if has_cell else None
        else:
            h0, c0 = hx if has_cell else (hx, None)
        if unbatched:
            h0 = h0.unsqueeze(1)
            c0 = c0.unsqueeze(1) if c0 is not None else None
        directions = 2 if self.bidirectional else 1
        h_n = []
        c_n = []
        layer_input = x
        for layer in range(self.num_layers):
            outs = []
            for direction in range(directions):
                w_ih, w_hh, b_ih, b_hh = self._params(layer, direction)
                k = layer * directions + direction
                h = h0[k]
                c = c0[k] if has_cell else None
                projected = functional.linear(layer_input, w_ih, b_ih)
                order = range(steps - 1, -1, -1) if direction == 1 else range(steps)
                ys = [None] * steps
                for t in order:
                    h, c = self._cell(projected[t], h, c, w_hh, b_hh)
                    ys[t] = h
                outs.append(torch.stack(ys, 0))
                h_n.append(h)
                if has_cell:
                    c_n.append(c)
            layer_input = outs[0] if directions == 1 else torch.cat(outs, 2)
            if self.dropout > 0 and self.training and layer < self.num_layers - 1:
                layer_input = functional.dropout(layer_input, self.dropout, True)
        output = layer_input
        h_n = torch.stack(h_n, 0)
        c_n = torch.stack(c_n, 0) if has_cell else None
        if unbatched:
            output = output.squeeze(1)
            h_n = h_n.squeeze(1)
            c_n = c_n.squeeze(1) if has_cell else None
        elif self.batch_first:
            output = output.transpose(0, 1)
        return output, ((h_n, c_n) if has_cell else h_n)

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if self.num_layers != 1:
            s += f', num_layers={self.num_layers}'
        if self.bias is not True:
            s += f', bias={self.bias}'
        if self.batch_first is not False:
            s += f', batch_first={self.batch_first}'
        if self.dropout != 0:
            s += f', dropout={self.dropout}'
        if self.bidirectional is not False:
            s += f', bidirectional={self.bidirectional}'
        return s


class RNN(_RNNBase):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.nonlinearity not in ('tanh', 'relu'):
            raise ValueError("Unknown nonlinearity '" + str(self.nonlinearity) + "'")

    def _cell(self, projected, h, c, w_hh, b_hh):
        pre = functional.linear(h, w_hh, b_hh) + projected
        return (torch.tanh(pre) if self.nonlinearity == 'tanh' else torch.relu(pre)), None

    def forward(self, input, hx=None):
        return self._run(input, hx, False)


class LSTM(_RNNBase):
    _gates = 4

    def _cell(self, projected, h, c, w_hh, b_hh):
        gates = functional.linear(h, w_hh, b_hh) + projected
        i, f, g, o = gates.chunk(4, 1)
        i = torch.sigmoid(i)
        f = torch.sigmoid(f)
        g = torch.tanh(g)
        o = torch.sigmoid(o)
        c = f * c + i * g
        return o * torch.tanh(c), c

    def forward(self, input, hx=None):
        return self._run(input, hx, True)


class GRU(_RNNBase):
    _gates = 3

    def _cell(self, projected, h, c, w_hh, b_hh):
        hg = functional.linear(h, w_hh, b_hh)
        i_r, i_z, i_n = projected.chunk(3, 1)
        h_r, h_z, h_n = hg.chunk(3, 1)
        r = torch.sigmoid(h_r + i_r)
        z = torch.sigmoid(h_z + i_z)
        n = torch.tanh(i_n + h_n * r)
        return (h - n) * z + n, None

    def forward(self, input, hx=None):
        return self._run(input, hx, False)


class _RNNCellBase(Module):
    _gates = 1

    def __init__(self, input_size, hidden_size, bias=True, nonlinearity='tanh', device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        self.nonlinearity = nonlinearity
        _recurrent_parameters(self, '', type(self)._gates * hidden_size, input_size, hidden_size, bias)
        if not bias:
            self.bias_ih = None
            self.bias_hh = None
        self._factory_kwargs(device, dtype)

    def _step(self, input, hx, has_cell):
        if input.dim() not in (1, 2):
            raise ValueError(f'{type(self).__name__}: Expected input to be 1D or 2D, got {input.dim()}D instead')
        unbatched = input.dim() == 1
        x = input.unsqueeze(0) if unbatched else input
        if hx is None:
            zeros = torch.zeros(x.shape[0], self.hidden_size, dtype=input.dtype)
            h, c = zeros, (zeros if has_cell else None)
        else:
            h, c = hx if has_cell else (hx, None)
            if unbatched:
                h = h.unsqueeze(0)
                c = c.unsqueeze(0) if c is not None else None
        projected = functional.linear(x, self.weight_ih, self.bias_ih)
        h, c = self._cell(projected, h, c, self.weight_hh, self.bias_hh)
        if unbatched:
            h = h.squeeze(0)
            c = c.squeeze(0) if c is not None else None
        return (h, c) if has_cell else h

    def extra_repr(self):
        s = f'{self.input_size}, {self.hidden_size}'
        if self.bias is not True:
            s += f', bias={self.bias}'
        if self.nonlinearity != 'tanh':
            s += f', nonlinearity={self.nonlinearity}'
        return s


class RNNCell(_RNNCellBase):
    _cell = RNN._cell

    def forward(self, input, hx=None):
        return self._step(input, hx, False)


class LSTMCell(_RNNCellBase):
    _gates = 4
    _cell = LSTM._cell

    def forward(self, input, hx=None):
        return self._step(input, hx, True)


class GRUCell(_RNNCellBase):
    _gates = 3
    _cell = GRU._cell

    def forward(self, input, hx=None):
        return self._step(input, hx, False)


# Each class's __module__ is torch's file for it (type(m) prints
# <class 'torch.nn.modules.linear.Linear'>), for the classes defined so far and,
# from the lazy part, for the rest.
_MODULE_FILES = (
    ('module', 'Module'),
    ('linear', 'Identity Linear Bilinear LazyLinear'),
    ('conv', 'Conv1d Conv2d Conv3d ConvTranspose1d ConvTranspose2d ConvTranspose3d'),
    ('activation', 'Threshold ReLU RReLU Hardtanh ReLU6 Sigmoid Hardsigmoid Tanh SiLU Mish Hardswish ELU CELU '
                   'SELU GLU GELU Hardshrink LeakyReLU LogSigmoid Softplus Softshrink MultiheadAttention PReLU '
                   'Softsign Tanhshrink Softmin Softmax Softmax2d LogSoftmax'),
    ('loss', '_Loss _WeightedLoss L1Loss NLLLoss PoissonNLLLoss GaussianNLLLoss KLDivLoss MSELoss BCELoss '
             'BCEWithLogitsLoss HingeEmbeddingLoss MultiLabelMarginLoss SmoothL1Loss HuberLoss SoftMarginLoss '
             'CrossEntropyLoss MultiLabelSoftMarginLoss CosineEmbeddingLoss MarginRankingLoss MultiMarginLoss '
             'TripletMarginLoss TripletMarginWithDistanceLoss CTCLoss'),
    ('container', 'Sequential ModuleList ModuleDict ParameterList ParameterDict'),
    ('pooling', 'MaxPool1d MaxPool2d MaxPool3d MaxUnpool1d MaxUnpool2d MaxUnpool3d AvgPool1d AvgPool2d AvgPool3d '
                'LPPool1d LPPool2d AdaptiveMaxPool1d AdaptiveMaxPool2d AdaptiveMaxPool3d AdaptiveAvgPool1d '
                'AdaptiveAvgPool2d AdaptiveAvgPool3d'),
    ('batchnorm', '_NormBase _BatchNorm BatchNorm1d BatchNorm2d BatchNorm3d SyncBatchNorm'),
    ('instancenorm', '_InstanceNorm InstanceNorm1d InstanceNorm2d InstanceNorm3d'),
    ('normalization', 'LocalResponseNorm CrossMapLRN2d LayerNorm GroupNorm'),
    ('dropout', '_DropoutNd Dropout Dropout1d Dropout2d Dropout3d AlphaDropout FeatureAlphaDropout'),
    ('sparse', 'Embedding EmbeddingBag'),
    ('rnn', 'RNNBase RNN LSTM GRU RNNCellBase RNNCell LSTMCell GRUCell'),
    ('transformer', 'Transformer TransformerEncoder TransformerDecoder TransformerEncoderLayer '
                    'TransformerDecoderLayer'),
    ('flatten', 'Flatten Unflatten'),
    ('padding', 'ConstantPad1d ConstantPad2d ConstantPad3d ReflectionPad1d ReflectionPad2d ReflectionPad3d '
                'ReplicationPad1d ReplicationPad2d ReplicationPad3d ZeroPad2d'),
    ('pixelshuffle', 'PixelShuffle PixelUnshuffle'),
    ('upsampling', 'Upsample UpsamplingNearest2d UpsamplingBilinear2d'),
    ('distance', 'PairwiseDistance CosineSimilarity'),
    ('channelshuffle', 'ChannelShuffle'),
    ('fold', 'Fold Unfold'),
    ('adaptive', 'AdaptiveLogSoftmaxWithLoss'),
)


def _place_in_files(names):
    for file, members in _MODULE_FILES:
        for name in members.split():
            cls = names.get(name)
            if cls is not None and cls.__module__ == 'torch.nn':
                cls.__module__ = 'torch.nn.modules.' + file


_place_in_files(globals())
)PY";

// The rarer torch.nn layers, compiled on first use.
inline constexpr std::string_view nn_extra_prelude = R"PY(
import math as _math


class Fold(Module):
    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return functional.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return 'output_size={output_size}, kernel_size={kernel_size}, dilation={dilation}, padding={padding}, ' \
            'stride={stride}'.format(**self.__dict__)


class Unfold(Module):
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def forward(self, input):
        return functional.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)

    def extra_repr(self):
        return 'kernel_size={kernel_size}, dilation={dilation}, padding={padding}, stride={stride}'.format(**self.__dict__)


class LocalResponseNorm(Module):
    def __init__(self, size, alpha=1e-4, beta=0.75, k=1.0):
        super().__init__()
        self.size = size
        self.alpha = alpha
        self.beta = beta
        self.k = k

    def forward(self, input):
        return functional.local_response_norm(input, self.size, self.alpha, self.beta, self.k)

    def extra_repr(self):
        return '{size}, alpha={alpha}, beta={beta}, k={k}'.format(**self.__dict__)


class EmbeddingBag(Module):
    def __init__(self, num_embeddings, embedding_dim, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
                 mode='mean', sparse=False, _weight=None, include_last_offset=False, padding_idx=None, device=None,
                 dtype=None):
        super().__init__()
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        if padding_idx is not None:
            if padding_idx > 0:
                assert padding_idx < num_embeddings, 'padding_idx must be within num_embeddings'
            elif padding_idx < 0:
                assert padding_idx >= -num_embeddings, 'padding_idx must be within num_embeddings'
                padding_idx = num_embeddings + padding_idx
        self.padding_idx = padding_idx
        if _weight is None:
            # Seeded normal values, as Embedding's (torch: init.normal_, another generator).
            weight = torch.randn(num_embeddings, embedding_dim)
            if padding_idx is not None:
                weight[padding_idx] = 0.0
        else:
            assert list(_weight.shape) == [num_embeddings, embedding_dim], \
                'Shape of weight does not match num_embeddings and embedding_dim'
            weight = _weight
        self.weight = Parameter(weight)
        self.mode = mode
        self.sparse = sparse
        self.include_last_offset = include_last_offset
        self._factory_kwargs(device, dtype)

    def forward(self, input, offsets=None, per_sample_weights=None):
        return functional.embedding_bag(input, self.weight, offsets, self.max_norm, self.norm_type,
                                        self.scale_grad_by_freq, self.mode, self.sparse, per_sample_weights,
                                        self.include_last_offset, self.padding_idx)

    def extra_repr(self):
        s = f'{self.num_embeddings}, {self.embedding_dim}'
        if self.max_norm is not None:
            s += f', max_norm={self.max_norm}'
        if self.norm_type != 2:
            s += f', norm_type={self.norm_type}'
        if self.scale_grad_by_freq is not False:
            s += f', scale_grad_by_freq={self.scale_grad_by_freq}'
        s += f', mode={self.mode}'
        if self.padding_idx is not None:
            s += f', padding_idx={self.padding_idx}'
        return s

    @classmethod
    def from_pretrained(cls, embeddings, freeze=True, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
                        mode='mean', sparse=False, include_last_offset=False, padding_idx=None):
        assert embeddings.dim() == 2, 'Embeddings parameter is expected to be 2-dimensional'
        rows, cols = embeddings.shape
        bag = cls(num_embeddings=rows, embedding_dim=cols, _weight=embeddings, max_norm=max_norm, norm_type=norm_type,
                  scale_grad_by_freq=scale_grad_by_freq, mode=mode, sparse=sparse,
                  include_last_offset=include_last_offset, padding_idx=padding_idx)
        bag.weight.requires_grad = not freeze
        return bag


class Bilinear(Module):
    def __init__(self, in1_features, in2_features, out_features, bias=True, device=None, dtype=None):
        super().__init__()
        self.in1_features = in1_features
        self.in2_features = in2_features
        self.out_features = out_features
        # As torch's reset_parameters: U(-1/sqrt(in1), 1/sqrt(in1)), drawn from standin's generator.
        bound = 1 / _math.sqrt(in1_features)
        self.weight = Parameter(torch.empty(out_features, in1_features, in2_features))
        init.uniform_(self.weight, -bound, bound)
        if bias:
            self.bias = Parameter(torch.empty(out_features))
            init.uniform_(self.bias, -bound, bound)
        else:
            self.bias = None
        self._factory_kwargs(device, dtype)

    def forward(self, input1, input2):
        return functional.bilinear(input1, input2, self.weight, self.bias)

    def extra_repr(self):
        return 'in1_features={}, in2_features={}, out_features={}, bias={}'.format(
            self.in1_features, self.in2_features, self.out_features, self.bias is not None)


class ChannelShuffle(Module):
    def __init__(self, groups):
        super().__init__()
        self.groups = groups

    def forward(self, input):
        return functional.channel_shuffle(input, self.groups)

    def extra_repr(self):
        return 'groups={}'.format(self.groups)


# The losses below take torch's deprecated size_average / reduce too.
class PoissonNLLLoss(_Loss):
    def __init__(self, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None, reduction='mean'):
        super().__init__(functional._legacy_reduction(size_average, reduce, reduction))
        self.log_input = log_input
        self.full = full
        self.eps = eps

    def forward(self, log_input, target):
        return functional.poisson_nll_loss(log_input, target, log_input=self.log_input, full=self.full, eps=self.eps,
                                           reduction=self.reduction)


class GaussianNLLLoss(_Loss):
    def __init__(self, *, full=False, eps=1e-6, reduction='mean'):
        super().__init__(reduction)
        self.full = full
        self.eps = eps

    def forward(self, input, target, var):
        return functional.gaussian_nll_loss(input, target, var, full=self.full, eps=self.eps, reduction=self.reduction)


class MultiLabelSoftMarginLoss(_Loss):
    def __init__(self, weight=None, size_average=None, reduce=None, reduction='mean'):
        super().__init__(functional._legacy_reduction(size_average, reduce, reduction))
        # torch's _WeightedLoss: the weight is a buffer.
        self.register_buffer('weight', weight)

    def forward(self, input, target):
        return functional.multilabel_soft_margin_loss(input, target, weight=self.weight, reduction=self.reduction)


class HingeEmbeddingLoss(_Loss):
    def __init__(self, margin=1.0, size_average=None, reduce=None, reduction='mean'):
        super().__init__(functional._legacy_reduction(size_average, reduce, reduction))
        self.margin = margin

    def forward(self, input, target):
        return functional.hinge_embedding_loss(input, target, margin=self.margin, reduction=self.reduction)


class SoftMarginLoss(_Loss):
    def __init__(self, size_average=None, reduce=None, reduction='mean'):
        super().__init__(functional._legacy_reduction(size_average, reduce, reduction))

    def forward(self, input, target):
        return functional.soft_margin_loss(input, target, reduction=self.reduction)


class RReLU(Module):
    def __init__(self, lower=1.0 / 8, upper=1.0 / 3, inplace=False):
        super().__init__()
        self.lower = lower
        self.upper = upper
        self.inplace = inplace

    def forward(self, input):
        return functional.rrelu(input, self.lower, self.upper, self.training, self.inplace)

    def extra_repr(self):
        return 'lower={}, upper={}{}'.format(self.lower, self.upper, ', inplace=True' if self.inplace else '')


class MultiMarginLoss(_Loss):
    def __init__(self, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction='mean'):
        super().__init__(functional._legacy_reduction(size_average, reduce, reduction))
        if p != 1 and p != 2:
            raise ValueError('only p == 1 and p == 2 supported')
        if weight is not None and weight.dim() != 1:
            raise ValueError('MultiMarginLoss: expected weight to be None or 1D tensor, got ' + str(weight.dim()) +
                             'D instead')
        self.register_buffer('weight', weight)
        self.p = p
        self.margin = margin

    def forward(self, input, target):
        return functional.multi_margin_loss(input, target, p=self.p, margin=self.margin, weight=self.weight,
                                            reduction=self.reduction)


class TripletMarginWithDistanceLoss(_Loss):
    def __init__(self, *, distance_function=None, margin=1.0, swap=False, reduction='mean'):
        super().__init__(reduction)
        self.distance_function = distance_function if distance_function is not None else PairwiseDistance()
        self.margin = margin
        self.swap = swap

    def forward(self, anchor, positive, negative):
        return functional.triplet_margin_with_distance_loss(anchor, positive, negative,
                                                            distance_function=self.distance_function,
                                                            margin=self.margin, swap=self.swap, reduction=self.reduction)


# LazyLinear: in_features comes from the first input; the module then is a
# Linear (torch's cls_to_become), initialised as Linear initialises.
class LazyLinear(Linear):
    def __init__(self, out_features, bias=True, device=None, dtype=None):
        Module.__init__(self)
        import warnings
        warnings.warn('Lazy modules are a new feature under heavy development so changes to the API or '
                      'functionality can happen at any moment.')
        self.in_features = 0
        self.out_features = out_features
        self.weight = Parameter(torch.empty(0))
        self.bias = Parameter(torch.empty(0)) if bias else None

    def has_uninitialized_params(self):
        return self.in_features == 0

    def forward(self, input):
        if self.in_features == 0:
            self.in_features = input.shape[-1]
            self.weight = Parameter(torch.empty(self.out_features, self.in_features))
            if self.bias is not None:
                self.bias = Parameter(torch.empty(self.out_features))
            self.__class__ = Linear
            self.reset_parameters()
        return torch.linear(input, self.weight, self.bias)

_place_in_files(globals())
)PY";

// torch.nn.init: the deterministic initialisers, and seeded random ones.
inline constexpr std::string_view init_prelude = R"PY(
import math as _math


# As torch's, the initialisers write under no_grad (a parameter is a leaf
# that requires grad).
def _fill(tensor, values):
    with torch.no_grad():
        tensor.copy_(values.reshape(tuple(tensor.shape)))
    return tensor


def constant_(tensor, val):
    with torch.no_grad():
        return tensor.fill_(val)


def zeros_(tensor):
    with torch.no_grad():
        return tensor.zero_()


def ones_(tensor):
    with torch.no_grad():
        return tensor.fill_(1.0)


def eye_(tensor):
    if tensor.dim() != 2:
        raise ValueError('Only tensors with 2 dimensions are supported')
    with torch.no_grad():
        return tensor.copy_(torch.eye(tensor.shape[0], tensor.shape[1]))


# dirac_: each group's output channel d passes input channel d through (a 1
# at the kernel's centre), for 3-, 4- and 5-d weights.
def dirac_(tensor, groups=1):
    dims = tensor.dim()
    if dims not in (3, 4, 5):
        raise ValueError('Only tensors with 3, 4, or 5 dimensions are supported')
    sizes = tensor.shape
    if sizes[0] % groups != 0:
        raise ValueError('dim 0 must be divisible by groups')
    out_per_group = sizes[0] // groups
    with torch.no_grad():
        tensor.zero_()
        for g in range(groups):
            for d in range(min(out_per_group, sizes[1])):
                tensor[(g * out_per_group + d, d) + tuple(s // 2 for s in sizes[2:])] = 1
    return tensor


def _fans(tensor):
    if tensor.dim() < 2:
        raise ValueError('Fan in and fan out can not be computed for tensor with fewer than 2 dimensions')
    receptive = 1
    for d in tensor.shape[2:]:
        receptive *= d
    return tensor.shape[1] * receptive, tensor.shape[0] * receptive


_calculate_fan_in_and_fan_out = _fans


def _calculate_correct_fan(tensor, mode):
    mode = mode.lower()
    if mode not in ['fan_in', 'fan_out']:
        raise ValueError('Mode {} not supported, please use one of {}'.format(mode, ['fan_in', 'fan_out']))
    fan_in, fan_out = _fans(tensor)
    return fan_in if mode == 'fan_in' else fan_out


def uniform_(tensor, a=0.0, b=1.0):
    return _fill(tensor, torch.rand(tensor.numel()) * (b - a) + a)


def normal_(tensor, mean=0.0, std=1.0):
    return _fill(tensor, torch.randn(tensor.numel()) * std + mean)


# A (semi-)orthogonal matrix from the QR factorisation of a normal draw,
# signs fixed by R's diagonal, as torch does (standin's random stream).
def orthogonal_(tensor, gain=1, generator=None):
    if tensor.dim() < 2:
        raise ValueError('Only tensors with 2 or more dimensions are supported')
    if tensor.numel() == 0:
        return tensor
    rows = tensor.shape[0]
    cols = tensor.numel() // rows
    flattened = torch.randn(rows, cols, generator=generator)
    if rows < cols:
        flattened = flattened.t()
    q, r = torch.linalg.qr(flattened)
    q = q * torch.diag(r, 0).sign()
    if rows < cols:
        q = q.t()
    with torch.no_grad():
        tensor.view_as(q).copy_(q)
        tensor.mul_(gain)
    return tensor


def xavier_uniform_(tensor, gain=1.0):
    fan_in, fan_out = _fans(tensor)
    bound = gain * _math.sqrt(6.0 / (fan_in + fan_out))
    return uniform_(tensor, -bound, bound)


def xavier_normal_(tensor, gain=1.0):
    fan_in, fan_out = _fans(tensor)
    return normal_(tensor, 0.0, gain * _math.sqrt(2.0 / (fan_in + fan_out)))


def calculate_gain(nonlinearity, param=None):
    linear = ('linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d', 'conv_transpose2d', 'conv_transpose3d')
    if nonlinearity in linear or nonlinearity == 'sigmoid':
        return 1
    if nonlinearity == 'tanh':
        return 5.0 / 3
    if nonlinearity == 'relu':
        return _math.sqrt(2.0)
    if nonlinearity == 'leaky_relu':
        if param is None:
            slope = 0.01
        elif not isinstance(param, bool) and isinstance(param, (int, float)):
            slope = param
        else:
            raise ValueError('negative_slope ' + str(param) + ' not a valid number')
        return _math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == 'selu':
        return 3.0 / 4
    raise ValueError('Unsupported nonlinearity ' + str(nonlinearity))


def kaiming_uniform_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
    fan_in, fan_out = _fans(tensor)
    fan = fan_in if mode == 'fan_in' else fan_out
    gain = calculate_gain(nonlinearity, a)
    bound = gain * _math.sqrt(3.0 / fan)
    return uniform_(tensor, -bound, bound)


def kaiming_normal_(tensor, a=0, mode='fan_in', nonlinearity='leaky_relu'):
    fan_in, fan_out = _fans(tensor)
    fan = fan_in if mode == 'fan_in' else fan_out
    gain = calculate_gain(nonlinearity, a)
    return normal_(tensor, 0.0, gain / _math.sqrt(fan))


def trunc_normal_(tensor, mean=0.0, std=1.0, a=-2.0, b=2.0):
    return _fill(tensor, torch.clamp(torch.randn(tensor.numel()) * std + mean, a, b))


# The spellings before the trailing underscore (deprecated in torch, which
# warns and calls the new one; older repositories still use them).
def _deprecated(new):
    def old(*args, **kwargs):
        import warnings
        warnings.warn('nn.init.' + new.__name__[:-1] + ' is now deprecated in favor of nn.init.' + new.__name__ + '.',
                      stacklevel=2)
        return new(*args, **kwargs)
    old.__name__ = new.__name__[:-1]
    return old


uniform = _deprecated(uniform_)
normal = _deprecated(normal_)
constant = _deprecated(constant_)
xavier_uniform = _deprecated(xavier_uniform_)
xavier_normal = _deprecated(xavier_normal_)
kaiming_uniform = _deprecated(kaiming_uniform_)
kaiming_normal = _deprecated(kaiming_normal_)
orthogonal = _deprecated(orthogonal_)
)PY";

inline constexpr std::string_view functional_prelude = R"PY(
import math as _math

# A guest-code function's result names the autograd node torch's own op
# records (torch._set_grad_fn); an activation run with inplace=True names
# the in-place op's (`inplace_name`: leaky_relu_ records LeakyReluBackward1).
def _grad_node(name, inplace_name=None):
    def wrap(fn):
        code = fn.__code__
        params = code.co_varnames[:code.co_argcount]
        at = params.index('inplace') if 'inplace' in params else -1

        def named(*args, **kwargs):
            out = fn(*args, **kwargs)
            if args and isinstance(out, torch.Tensor) and out is args[0]:  # the input handed back (dropout in eval): no node
                if at >= 0 and (kwargs['inplace'] if 'inplace' in kwargs else len(args) > at and args[at]):
                    return torch._set_grad_fn(out, inplace_name or name)
                return out
            return torch._set_grad_fn(out, name)
        named.__name__ = fn.__name__
        named.__doc__ = fn.__doc__
        named.__wrapped__ = fn
        return named
    return wrap


def relu(input, inplace=False):
    return input.relu_() if inplace else torch.relu(input)


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


# F.softmax(x) without a dim: torch's deprecated implicit choice, with its warning.
def _get_softmax_dim(name, ndim, stacklevel=3):
    import warnings
    warnings.warn('Implicit dimension choice for ' + name + ' has been deprecated. '
                  'Change the call to include dim=X as an argument.', stacklevel=stacklevel)
    return 0 if ndim in (0, 1, 3) else 1


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmax', input.dim(), _stacklevel)
    return torch.softmax(input, dim, dtype)


def linear(input, weight, bias=None):
    return torch.linear(input, weight, bias)


# The exp branch of elu/selu/celu when recording: the elements above zero
# (which the branch does not give) are 0 there, so their gradient is 0, not
# 0 * exp(x) = nan for a large x. The values taken are the same.
def _below_zero(input):
    if input.requires_grad and torch.is_grad_enabled():
        return torch.where(input > 0, torch.zeros_like(input), input)
    return input


def _result(input, out, inplace):
    # inplace=True: the input takes the result and is returned, as torch's x.op_().
    return input.copy_(out) if inplace else out


@_grad_node('SiluBackward0')
def silu(input, inplace=False):
    _float_kernel(input, 'silu_cpu')
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    if input.requires_grad and torch.is_grad_enabled():
        # Where exp(-x) overflows the value is x / inf = -0.0; computed as
        # x * 0.0 there, so the gradient is 0, not nan (the values are the same).
        over = torch.isinf(torch.exp(-input))
        safe = torch.where(over, torch.zeros_like(input), input)
        return _result(target, torch.where(over, input * 0.0, input / (1.0 + torch.exp(-safe))), inplace)
    return _result(target, input / (1.0 + torch.exp(-input)), inplace)


@_grad_node('LeakyReluBackward0', 'LeakyReluBackward1')
def leaky_relu(input, negative_slope=0.01, inplace=False):
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    return _result(target, _masked_node(input, lambda x: torch.where(x > 0, x, x * negative_slope), '_leaky_relu',
                                        (input, negative_slope)), inplace)


def relu6(input, inplace=False):
    return hardtanh(input, 0.0, 6.0, inplace)


@_grad_node('HardtanhBackward0')
def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    low = torch.full(input.shape, min_val, dtype=input.dtype)
    high = torch.full(input.shape, max_val, dtype=input.dtype)
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    # (ATen's kernel: x <= min ? min : (x >= max ? max : x); the gradient is 0 at the limits)
    return _result(target, _masked_node(input, lambda x: torch.where(x <= low, low, torch.where(x >= high, high, x)),
                                        '_hardtanh', (input, min_val, max_val)), inplace)


# An activation chosen by a mask of its input, computed without history and
# recorded as one node whose derivative (autograd's `op`) is ATen's
# *_backward: the mask's gradient, and under create_graph the input kept in
# its history (a second derivative through it is zero, as torch's).
def _masked_node(input, compute, op, args):
    if not (input.requires_grad and torch.is_grad_enabled()):
        return compute(input)
    with torch.no_grad():
        out = compute(input)
    torch._record_node(out, op, args, 0, op)
    return out


@_grad_node('GeluBackward0')
def gelu(input, approximate='none'):
    _float_kernel(input, 'GeluKernelImpl')
    if approximate == 'tanh':
        # ATen's order: kBeta * (x + kKappa * x^3), x^3 as x * x * x
        return 0.5 * input * (1.0 + torch.tanh(0.7978845608028654 * (input + 0.044715 * (input * input * input))))
    if approximate != 'none':
        raise RuntimeError("approximate argument must be either none or tanh.")
    return 0.5 * input * (1.0 + torch.erf(input * 0.7071067811865476))


# Randomized leaky ReLU: in eval, the mean slope (lower + upper) / 2; in
# training, a slope drawn per element (standin's random stream).
@_grad_node('RreluWithNoiseBackward0')
def rrelu(input, lower=1.0 / 8, upper=1.0 / 3, training=False, inplace=False):
    if training:
        slope = torch.rand(tuple(input.shape), dtype=input.dtype) * (upper - lower) + lower
    else:
        slope = (lower + upper) / 2
    out = torch.where(input > 0, input, input * slope)
    return input.copy_(out) if inplace else out


def rrelu_(input, lower=1.0 / 8, upper=1.0 / 3, training=False):
    return rrelu(input, lower, upper, training, True)


def leaky_relu_(input, negative_slope=0.01):
    return leaky_relu(input, negative_slope, True)


def elu_(input, alpha=1.0):
    return elu(input, alpha, True)


@_grad_node('EluBackward0', 'EluBackward1')
def elu(input, alpha=1.0, inplace=False):
    # As ATen 1.13's elu kernel: (exp(x) - 1) * alpha below zero.
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    return _result(target, torch.where(input > 0, input, (torch.exp(_below_zero(input)) - 1.0) * alpha), inplace)


@_grad_node('EluBackward0', 'EluBackward1')
def selu(input, inplace=False):
    # elu with scale: alpha * scale is one float product, as the kernel forms it.
    scale = 1.0507009873554805
    negative = torch.tensor(1.6732632423543772, dtype=input.dtype) * scale
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    return _result(target, torch.where(input > 0, input * scale, (torch.exp(_below_zero(input)) - 1.0) * negative), inplace)


@_grad_node('SoftplusBackward0')
def softplus(input, beta=1, threshold=20):
    scaled = input * beta
    if input.requires_grad and torch.is_grad_enabled():
        # (the branch not taken is computed on 0, so its gradient is 0, not 0 * inf)
        safe = torch.where(scaled > threshold, torch.zeros_like(scaled), scaled)
        return torch.where(scaled > threshold, input, torch.log1p(torch.exp(safe)) / beta)
    return torch.where(scaled > threshold, input, torch.log1p(torch.exp(scaled)) / beta)


@_grad_node('MishBackward0')
def mish(input, inplace=False):
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    return _result(target, input * torch.tanh(softplus(input)), inplace)


@_grad_node('HardsigmoidBackward0')
def hardsigmoid(input, inplace=False):
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    if input.requires_grad and torch.is_grad_enabled():
        # (the same values; the gradient is 0 at -3 and 3, as hardsigmoid_backward)
        shifted = input + 3
        clamped = torch.where(shifted <= 0, torch.zeros_like(shifted),
                              torch.where(shifted >= 6, torch.full_like(shifted, 6.0), shifted))
        return _result(target, clamped / 6, inplace)
    return _result(target, torch.clamp(input + 3, 0, 6) / 6, inplace)  # ATen's order


@_grad_node('HardswishBackward0')
def hardswish(input, inplace=False):
    # ATen's order: x * clamp(x + 3, 0, 6) / 6
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    return _result(target, input * torch.clamp(input + 3, 0, 6) / 6, inplace)


@_grad_node('LogSigmoidBackward0')
def logsigmoid(input):
    return -softplus(-input)


def softsign(input):
    return input / (1 + input.abs())


@_grad_node('GluBackward0')
def glu(input, dim=-1):
    a, b = input.chunk(2, dim)
    return a * torch.sigmoid(b)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('log_softmax', input.dim(), _stacklevel)
    return torch.log_softmax(input, dim, dtype=dtype)


def softmin(input, dim=None, _stacklevel=3, dtype=None):
    if dim is None:
        dim = _get_softmax_dim('softmin', input.dim(), _stacklevel)
    return torch.softmax(-input, dim, dtype)


@_grad_node('CeluBackward0', 'CeluBackward1')
def celu(input, alpha=1.0, inplace=False):
    # As ATen's elu kernel with input_scale 1 / alpha.
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    return _result(target, torch.where(input > 0, input, (torch.exp(_below_zero(input) * (1.0 / alpha)) - 1.0) * alpha), inplace)


@_grad_node('ThresholdBackward0', 'ThresholdBackward1')
def threshold(input, threshold, value, inplace=False):
    target = input
    if inplace and input.requires_grad and torch.is_grad_enabled():
        input = input.clone()  # (the op reads the input as it was, as torch's in-place form)
    out = _masked_node(input, lambda x: torch.where(x <= threshold, torch.full_like(x, value), x), '_threshold',
                       (input, threshold, value))
    return target.copy_(out) if inplace else out


def relu_(input):
    return input.relu_()


def tanhshrink(input):
    return input - torch.tanh(input)


@_grad_node('SoftshrinkBackward0')
def softshrink(input, lambd=0.5):
    return torch.where(input > lambd, input - lambd, torch.where(input < -lambd, input + lambd, torch.zeros_like(input)))


@_grad_node('HardshrinkBackward0')
def hardshrink(input, lambd=0.5):
    return torch.where((input > lambd) | (input < -lambd), input, torch.zeros_like(input))


def _feature_dropout(input, p, training, inplace, batched_dim):
    if p < 0.0 or p > 1.0:
        raise ValueError('dropout probability has to be between 0 and 1, but got ' + str(p))
    if not training or p == 0.0:
        return input
    shape = list(input.shape[:batched_dim]) + [1] * (input.dim() - batched_dim)
    keep = torch.rand(tuple(shape)) >= p
    out = torch.where(keep, input / (1.0 - p), torch.zeros_like(input))
    return input.copy_(out) if inplace else out


def dropout1d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, input.dim() - 1)


def dropout2d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, input.dim() - 2)


def dropout3d(input, p=0.5, training=True, inplace=False):
    return _feature_dropout(input, p, training, inplace, input.dim() - 3)


def alpha_dropout(input, p=0.5, training=False, inplace=False):
    if not training or p == 0.0:
        return input
    return dropout(input, p, training, inplace)


feature_alpha_dropout = alpha_dropout


@_grad_node('MulBackward0')
def dropout(input, p=0.5, training=True, inplace=False):
    if p < 0.0 or p > 1.0:
        raise ValueError('dropout probability has to be between 0 and 1, but got ' + str(p))
    if not training or p == 0.0:
        return input
    if p == 1.0:
        return input * 0.0
    keep = torch.rand(tuple(input.shape)) >= p
    out = torch.where(keep, input / (1.0 - p), torch.zeros_like(input))
    return input.copy_(out) if inplace else out


@_grad_node('NativeBatchNormBackward0')
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    # Per channel (dim 1): batch statistics when training (and the running
    # ones updated with `momentum`, the variance unbiased), else the running ones.
    if input.dtype == torch.float16:  # (torch 1.13's CPU kernels have no half batch norm)
        raise RuntimeError('"batch_norm" not implemented for \'Half\'')
    # A bfloat16 input with float32 parameters (norms kept in float32):
    # computed in float32, the result in the input's dtype (ATen's mixed path).
    if input.dtype == torch.bfloat16 and any(
            t is not None and t.dtype == torch.float32 for t in (running_mean, weight)):
        return batch_norm(input.float(), running_mean, running_var, weight, bias, training, momentum, eps).to(input.dtype)
    c = input.shape[1]
    if running_mean is not None and running_mean.numel() != c:
        raise RuntimeError('running_mean should contain ' + str(c) + ' elements not ' + str(running_mean.numel()))
    shape = [1, c] + [1] * (input.dim() - 2)
    dims = [0] + list(range(2, input.dim()))
    if training:
        count = input.numel() // c
        if count <= 1:
            raise ValueError('Expected more than 1 value per channel when training, got input size ' + str(input.shape))
        mean = input.mean(dims)
        var = (input - mean.reshape(shape)).pow(2).mean(dims)
        if running_mean is not None:
            with torch.no_grad():
                running_mean.mul_(1.0 - momentum).add_(mean * momentum)
                running_var.mul_(1.0 - momentum).add_(var * (momentum * count / (count - 1)))
    else:
        mean = running_mean
        var = running_var
    invstd = 1.0 / torch.sqrt(var + eps)
    alpha = invstd if weight is None else invstd * weight
    beta = -mean * alpha if bias is None else bias - mean * alpha
    return input * alpha.reshape(shape) + beta.reshape(shape)


@_grad_node('EmbeddingBackward0')
def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False, sparse=False):
    if input.dtype != torch.int64:
        if input.dtype != torch.int32:
            raise RuntimeError('Expected tensor for argument #1 \'indices\' to have one of the following scalar types: Long, Int; but got ' +
                               _type_string(input) + ' instead (while checking arguments for embedding)')
        input = input.long()
    if max_norm is not None:
        # As embedding_renorm_: each row the input names, scaled down in place to max_norm.
        with torch.no_grad():
            for i in sorted(set(input.reshape(-1).tolist())):
                norm = weight[i].norm(norm_type).item()
                if norm > max_norm:
                    weight[i] *= max_norm / (norm + 1e-7)
    # index_select raises embedding's IndexError for an index out of range
    # (negative ones too), and needs no .item(): the trace stays one graph.
    index = input.reshape(-1)
    shape = tuple(input.shape) + tuple(weight.shape[1:])
    if not (weight.requires_grad and torch.is_grad_enabled()):
        return weight.index_select(0, index).reshape(shape)
    # One node, as ATen's embedding_backward: padding_idx's row gets no
    # gradient, and scale_grad_by_freq divides each row's by its count.
    if padding_idx is not None and padding_idx < 0:
        padding_idx += weight.shape[0]
    with torch.no_grad():
        rows = weight.index_select(0, index)
    torch._record_node(rows, '_embedding', (weight, index, padding_idx, bool(scale_grad_by_freq)), 0, 'EmbeddingBackward0')
    # (viewed with history: an in-place write to the result, x[:, 0] = cls,
    # goes back through the node)
    return torch._set_grad_fn(rows.reshape(shape), 'EmbeddingBackward0')


def _type_string(t):
    return t.type()


def one_hot(tensor, num_classes=-1):
    if tensor.dtype != torch.int64:
        raise RuntimeError('one_hot is only applicable to index tensor.')
    if num_classes == -1:
        if tensor.numel() == 0:
            raise RuntimeError('Can not infer total number of classes from empty tensor.')
        num_classes = int(tensor.max().item()) + 1
    # (in a trace, the checks are graph nodes that raise when the graph runs)
    if tensor.numel() and torch.compiler.is_compiling():
        torch._check_data(tensor.min() >= 0, 'Class values must be non-negative.')
        torch._check_data(tensor.max() < num_classes, 'Class values must be smaller than num_classes.')
    elif tensor.numel():
        if tensor.min().item() < 0:
            raise RuntimeError('Class values must be non-negative.')
        if tensor.max().item() >= num_classes:
            raise RuntimeError('Class values must be smaller than num_classes.')
    return (tensor.unsqueeze(-1) == torch.arange(num_classes)).long()


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denom = torch.norm(input, p, dim, keepdim=True)
    return input / torch.clamp(denom, min=eps)


def _reduce(loss, reduction):
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    if reduction == 'none':
        return loss
    raise ValueError(reduction + ' is not a valid value for reduction')


# log(sum(exp(x))) of equal-shape tensors, -inf where all are -inf, with no
# inf or NaN in its gradient there (an unreachable CTC state gets zeros).
def _ctc_logsumexp(xs):
    m = xs[0]
    for x in xs[1:]:
        m = torch.maximum(m, x)
    finite = m != float('-inf')
    m0 = torch.where(finite, m, torch.zeros_like(m))
    total = (xs[0] - m0).exp()
    for x in xs[1:]:
        total = total + (x - m0).exp()
    total = torch.where(finite, total, torch.ones_like(total))
    return torch.where(finite, torch.log(total) + m0, torch.full_like(m, float('-inf')))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False):
    # The forward (alpha) recursion of ATen's ctc_loss_cpu, in log space, run
    # over every sample and extended-label position at once, one time step
    # at a time: alpha[t, s] = logsumexp of alpha[t-1] at s, s-1 and (s-2 if
    # the label differs from the one two back and is not the blank) + lp.
    batched = log_probs.dim() == 3
    lp = log_probs if batched else log_probs.unsqueeze(1)
    T, N = lp.shape[0], lp.shape[1]
    def lengths(x):
        v = x.tolist() if isinstance(x, torch.Tensor) else x
        return [int(i) for i in (v if isinstance(v, (list, tuple)) else [v])]
    in_lens = lengths(input_lengths)
    tg_lens = lengths(target_lengths)
    if not batched:
        targets = targets.reshape(1, -1)
    rows = []
    if targets.dim() == 1:
        offset = 0
        for n in range(N):
            rows.append(targets[offset:offset + tg_lens[n]].tolist())
            offset += tg_lens[n]
    else:
        for n in range(N):
            rows.append(targets[n, :tg_lens[n]].tolist())
    width = 2 * max(tg_lens + [0]) + 1
    ext = []
    skip = []
    for row in rows:
        labels = [blank] * width
        allowed = [False] * width
        for i, c in enumerate(row):
            labels[2 * i + 1] = c
            if i > 0 and c != row[i - 1] and c != blank:
                allowed[2 * i + 1] = True
        ext.append(labels)
        skip.append(allowed)
    index = torch.tensor(ext, dtype=torch.int64)
    skip = torch.tensor(skip)
    gathered = lp.gather(2, index.unsqueeze(0).expand(T, N, width))
    neg_inf = float('-inf')
    alpha = torch.full((N, width), neg_inf, dtype=lp.dtype)
    alpha[:, 0] = gathered[0, :, 0]
    if width > 1:
        has = torch.tensor([l > 0 for l in tg_lens])
        alpha[:, 1] = torch.where(has, gathered[0, :, 1], torch.full((N,), neg_inf, dtype=lp.dtype))
    live = torch.tensor(in_lens).unsqueeze(1)
    for t in range(1, T):
        a2 = torch.cat([torch.full((N, 1), neg_inf, dtype=lp.dtype), alpha[:, :-1]], 1)
        a3 = torch.cat([torch.full((N, 2), neg_inf, dtype=lp.dtype), alpha[:, :-2]], 1)[:, :width]
        a3 = a3.masked_fill(~skip, neg_inf)
        step = _ctc_logsumexp((alpha, a2, a3)) + gathered[t]
        alpha = torch.where(live > t, step, alpha)
    ends = []
    for n in range(N):
        last = 2 * tg_lens[n]
        l1 = alpha[n, last]
        l2 = alpha[n, last - 1] if last >= 1 else torch.tensor(neg_inf, dtype=lp.dtype)
        ends.append(-_ctc_logsumexp((l1, l2)))
    loss = torch.stack(ends)
    if zero_infinity:
        loss = torch.where(loss == float('inf'), torch.zeros_like(loss), loss)
    if not batched:
        loss = loss.squeeze(0)
    loss = torch._set_grad_fn(loss, 'CtcLossBackward0')
    if reduction == 'none':
        return loss
    if reduction == 'sum':
        return loss.sum()
    lens = torch.tensor(tg_lens, dtype=loss.dtype).clamp(min=1)
    return (loss / (lens if batched else lens.squeeze(0))).mean()


@_grad_node('NllLossBackward0')
def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean'):
    if input.dim() == 1:
        input = input.unsqueeze(0)
        target = target.unsqueeze(0)
        squeeze = True
    else:
        squeeze = False
    if input.shape[0] != target.shape[0]:
        raise ValueError('Expected input batch_size (' + str(input.shape[0]) + ') to match target batch_size (' +
                         str(target.shape[0]) + ').')
    if target.dtype != torch.int64:
        raise RuntimeError('expected scalar type Long but found ' + _scalar_name(target.dtype))
    n_classes = input.shape[1]
    valid = target != ignore_index
    safe = torch._nll_target(target, n_classes, ignore_index)
    picked = input.gather(1, safe.unsqueeze(1)).squeeze(1)
    w = valid.to(input.dtype)
    if weight is not None:
        w = w * weight[safe]
    loss = -picked * w
    if squeeze and reduction == 'none':
        loss = loss.squeeze(0)
    # Sums in the order of ATen's nll_loss kernel (see _nll_sum).
    if reduction == 'mean':
        return torch._nll_sum(loss, valid) / (w.sum() if weight is None else torch._nll_sum(w, valid))
    if reduction == 'sum':
        return torch._nll_sum(loss, valid)
    return _reduce(loss, reduction)


def _scalar_name(dt):
    return {torch.float32: 'Float', torch.float64: 'Double', torch.bool: 'Bool', torch.int64: 'Long'}[dt]


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction='mean',
                  label_smoothing=0.0):
    class_dim = 0 if input.dim() == 1 else 1
    logp = torch.log_softmax(input, class_dim)
    n_classes = input.shape[class_dim]
    if target.dtype == torch.float32 or target.dtype == torch.float64:
        if label_smoothing > 0.0:
            target = target * (1.0 - label_smoothing) + label_smoothing / n_classes
        terms = -logp * target
        if weight is not None:
            shape = [1] * input.dim()
            shape[class_dim] = n_classes
            terms = terms * weight.reshape(shape)
        loss = terms.sum(class_dim)
        if reduction == 'mean':
            return loss.sum() / (input.numel() // n_classes)
        return _reduce(loss, reduction)
    if input.dim() > 2:
        perm = [0] + list(range(2, input.dim())) + [1]
        logp = logp.permute(*perm).reshape(-1, n_classes)
        flat_target = target.reshape(-1)
    else:
        flat_target = target
    nll = nll_loss(logp, flat_target, weight, ignore_index=ignore_index, reduction='none')
    valid = (flat_target != ignore_index).to(input.dtype)
    w = valid if weight is None else valid * weight[torch.where(flat_target != ignore_index, flat_target, torch.zeros_like(flat_target))]
    if label_smoothing > 0.0:
        lp = logp if logp.dim() > 1 else logp.unsqueeze(0)
        if weight is None:
            smooth = -lp.sum(-1) * valid
        else:
            smooth = -(lp * weight).sum(-1) * valid
        valid_mask = flat_target != ignore_index
        if reduction == 'mean':
            denom = w.sum() if weight is None else torch._nll_sum(w, valid_mask)
            return (1.0 - label_smoothing) * (torch._nll_sum(nll, valid_mask) / denom) + \
                smooth.sum() / denom * (label_smoothing / n_classes)
        if reduction == 'sum':
            return (1.0 - label_smoothing) * torch._nll_sum(nll, valid_mask) + \
                smooth.sum() * (label_smoothing / n_classes)
        loss = (1.0 - label_smoothing) * nll + smooth.reshape(nll.shape) * (label_smoothing / n_classes)
    else:
        loss = nll
        if reduction == 'mean':
            valid_mask = flat_target != ignore_index
            return torch._set_grad_fn(
                torch._nll_sum(loss, valid_mask) / (w.sum() if weight is None else torch._nll_sum(w, valid_mask)),
                'NllLossBackward0' if input.dim() <= 2 else 'NllLoss2DBackward0')
        if reduction == 'sum':
            return torch._set_grad_fn(torch._nll_sum(loss, flat_target != ignore_index),
                                      'NllLossBackward0' if input.dim() <= 2 else 'NllLoss2DBackward0')
    if reduction == 'none' and input.dim() > 2:
        return loss.reshape(target.shape)
    return _reduce(loss, reduction)


def _check_sizes(input, target):
    if tuple(input.shape) != tuple(target.shape):
        return torch.broadcast_tensors(input, target)
    return input, target


@_grad_node('MseLossBackward0')
def mse_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    _float_kernel(input, 'mse_cpu', half=True, bfloat16=False)
    input, target = _check_sizes(input, target)
    d = input - target
    return _reduce(d * d, reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    input, target = _check_sizes(input, target)
    return _reduce((input - target).abs(), reduction)


@_grad_node('SmoothL1LossBackward0')
def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction='mean', beta=1.0):
    input, target = _check_sizes(input, target)
    d = (input - target).abs()
    if beta == 0.0:
        return _reduce(d, reduction)
    return _reduce(torch.where(d < beta, 0.5 * d * d / beta, d - 0.5 * beta), reduction)


@_grad_node('HuberLossBackward0')
def huber_loss(input, target, reduction='mean', delta=1.0):
    d = (input - target).abs()
    return _reduce(torch.where(d < delta, 0.5 * d * d, delta * (d - 0.5 * delta)), reduction)


@_grad_node('BinaryCrossEntropyBackward0')
def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    if tuple(input.shape) != tuple(target.shape):
        raise ValueError('Using a target size (' + repr(target.shape) + ') that is different to the input size (' +
                         repr(input.shape) + ') is deprecated. Please ensure they have the same size.')
    if weight is not None and weight.requires_grad and torch.is_grad_enabled():
        raise RuntimeError("The function 'binary_cross_entropy' is not differentiable with respect to argument "
                           "'weight'. This input cannot have requires_grad True.")
    track = torch.is_grad_enabled() and (input.requires_grad or target.requires_grad)
    with torch.set_grad_enabled(torch.is_grad_enabled() and not track):
        log_p = torch.clamp(torch.log(input), min=-100.0)
        log_q = torch.clamp(torch.log(1.0 - input), min=-100.0)
        loss = -(target * log_p + (1.0 - target) * log_q)
        if weight is not None:
            loss = loss * weight
        loss = _reduce(loss, reduction)
    if track:
        # one node with ATen's backward: (p - y) / max(p (1 - p), 1e-12),
        # which a saturated p (0 or 1) keeps finite and nonzero
        torch._record_node(loss, '_binary_cross_entropy', (input, target, weight, reduction), 0,
                           'BinaryCrossEntropyBackward0')
    return loss


@_grad_node('BinaryCrossEntropyWithLogitsBackward0')
def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction='mean',
                                     pos_weight=None):
    if tuple(input.shape) != tuple(target.shape):
        raise ValueError('Target size (' + repr(target.shape) + ') must be the same as input size (' + repr(input.shape) + ')')
    log_sig = -softplus(-input)
    log_one_minus = -softplus(input)
    if pos_weight is not None:
        loss = -(pos_weight * target * log_sig + (1.0 - target) * log_one_minus)
    else:
        loss = -(target * log_sig + (1.0 - target) * log_one_minus)
    if weight is not None:
        loss = loss * weight
    # ATen updates its loss in place: weights do not widen it
    dt = torch.promote_types(input.dtype, target.dtype)
    if loss.dtype != dt:
        loss = loss.to(dt)
    return _reduce(loss, reduction)


def kl_div(input, target, size_average=None, reduce=None, reduction='mean', log_target=False):
    if log_target:
        loss = torch.exp(target) * (target - input)
    else:
        loss = torch.where(target > 0, target * (torch.log(torch.where(target > 0, target, torch.ones_like(target))) - input),
                           torch.zeros_like(input * target))
    if reduction == 'batchmean':
        return loss.sum() / input.shape[0]
    return _reduce(loss, reduction)


@_grad_node('SumBackward1')
# As torch 1.13 computes it: each side divided by its norm (at least eps), then the dot product.
def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    n1 = x1.norm(2, dim, True).clamp_min(eps)
    n2 = x2.norm(2, dim, True).clamp_min(eps)
    return ((x1 / n1) * (x2 / n2)).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    dim = max(x1.dim(), x2.dim()) - 1
    if dim < 0:
        dim = 0
    return torch.norm(x1 - x2 + eps, p, dim, keepdim)


def margin_ranking_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction='mean'):
    return _reduce(torch.clamp(-target * (input1 - input2) + margin, min=0), reduction)


def cosine_embedding_loss(input1, input2, target, margin=0.0, size_average=None, reduce=None, reduction='mean'):
    # ATen's cosine_embedding_loss: squared magnitudes plus 1e-12, one sqrt of their product.
    dim = input1.dim() - 1
    prod_sum = (input1 * input2).sum(dim)
    mag1 = (input1 * input1).sum(dim) + 1e-12
    mag2 = (input2 * input2).sum(dim) + 1e-12
    cos = prod_sum / torch.sqrt(mag1 * mag2)
    zeros = torch.zeros_like(cos)
    pos = 1 - cos
    neg = torch.clamp(cos - margin, min=0)
    out = torch.where(target == 1, pos, zeros) + torch.where(target == -1, neg, zeros)
    return _reduce(out, reduction)


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, size_average=None,
                        reduce=None, reduction='mean'):
    d_pos = pairwise_distance(anchor, positive, p, eps)
    d_neg = pairwise_distance(anchor, negative, p, eps)
    if swap:
        d_neg = torch.minimum(d_neg, pairwise_distance(positive, negative, p, eps))
    return _reduce(torch.clamp(margin + d_pos - d_neg, min=0), reduction)


def _pad_indexed(input, pad, mode):
    # reflect / replicate / circular: each padded dim gathers its source
    # positions (index_select), after negative pads have cropped it.
    k = len(pad) // 2
    if len(pad) % 2 != 0 or k == 0 or k > 3 or input.dim() not in (k + 1, k + 2):
        raise NotImplementedError('Only 2D, 3D, 4D, 5D padding with non-constant padding are supported for now')
    out = input
    for i in range(k):
        dim = input.dim() - 1 - i
        left, right = pad[2 * i], pad[2 * i + 1]
        if left < 0 or right < 0:
            start = -left if left < 0 else 0
            out = out.narrow(dim, start, out.shape[dim] - start + (right if right < 0 else 0))
            left, right = max(left, 0), max(right, 0)
        n = out.shape[dim]
        if mode == 'reflect' and (left >= n or right >= n):
            raise RuntimeError('Argument #' + str(2 * k + 2) + ': Padding size should be less than the corresponding '
                               'input dimension, but got: padding (' + str(pad[2 * i]) + ', ' + str(pad[2 * i + 1]) +
                               ') at dimension ' + str(dim) + ' of input ' + str(list(input.shape)))
        if mode == 'circular' and (left > n or right > n):
            raise RuntimeError('Padding value causes wrapping around more than once.')
        index = []
        for j in range(-left, n + right):
            if mode == 'reflect':
                if j < 0:
                    j = -j
                if j >= n:
                    j = 2 * (n - 1) - j
            elif mode == 'replicate':
                j = 0 if j < 0 else (n - 1 if j >= n else j)
            else:
                j = j % n
            index.append(j)
        out = out.index_select(dim, torch.tensor(index))
    name = {'reflect': 'ReflectionPad', 'replicate': 'ReplicationPad'}.get(mode)
    return torch._set_grad_fn(out, name + str(k) + 'DBackward0') if name else out


def pad(input, pad, mode='constant', value=0.0):
    if mode in ('reflect', 'replicate', 'circular'):
        return _pad_indexed(input, pad, mode)
    if mode != 'constant':
        raise NotImplementedError("Unrecognised padding mode " + str(mode))
    if len(pad) % 2:
        raise RuntimeError('Padding length must be divisible by 2')
    if len(pad) // 2 > input.dim():
        raise RuntimeError('Padding length too large')
    # ATen's constant_pad_nd: negative pads crop the input (left, then
    # right), and the rest is one fill and one copy into the middle.
    src = input
    shape = list(input.shape)
    middle = [slice(None)] * input.dim()
    inner = [slice(None)] * input.dim()  # where src lies in the input
    for i in range(len(pad) // 2):
        dim = input.dim() - 1 - i
        left, right = pad[2 * i], pad[2 * i + 1]
        if left < 0:
            src = src.narrow(dim, -left, src.shape[dim] + left)
        if right < 0:
            src = src.narrow(dim, 0, src.shape[dim] + right)
        if left < 0 or right < 0:
            inner[dim] = slice(-left if left < 0 else 0, input.shape[dim] + (right if right < 0 else 0))
        size = src.shape[dim]
        start = left if left > 0 else 0
        shape[dim] = size + start + (right if right > 0 else 0)
        middle[dim] = slice(start, start + size)
    # One node, whose gradient is a new tensor as ATen's (constant_pad_nd
    # of the gradient with the pads negated), not a view into the output's:
    # autograd.grad of a padded conv's input is contiguous, .view() works.
    with torch.no_grad():
        out = torch.full(shape, value, dtype=input.dtype)
        out[tuple(middle)] = src
        out = _layout_of(out, input)
    if input.requires_grad and torch.is_grad_enabled():
        torch._record_node(out, '_constant_pad', (input, tuple(middle), tuple(inner)), 0, 'ConstantPadNdBackward0')
    return out


# Convolution and pooling, written over the op table: each kernel offset is a
# strided slice of the (padded) input, so a k x k convolution is k*k slices,
# one stack and one matmul (im2col, as ATen's slow_conv2d), and a pooling
# window a reduction over the stacked slices. Values agree with ATen's
# kernels to float rounding (their summation order differs).
def _ntuple(x, n):
    return tuple(x) if isinstance(x, (tuple, list)) else (x,) * n


def _windows(x, nd, kernel, stride, dilation, out_sizes):
    # The input under each kernel offset: a list of (N, C, *out_sizes) views.
    views = []
    offsets = [()]
    for k in kernel:
        offsets = [o + (i,) for o in offsets for i in range(k)]
    for off in offsets:
        index = [slice(None), slice(None)]
        for d in range(nd):
            start = off[d] * dilation[d]
            index.append(slice(start, start + (out_sizes[d] - 1) * stride[d] + 1, stride[d]))
        views.append(x[tuple(index)])
    return views


def _batched(input, nd, what):
    if input.dim() == nd + 1:
        return input.unsqueeze(0), False
    if input.dim() != nd + 2:
        raise RuntimeError('Expected ' + str(nd + 1) + 'D (unbatched) or ' + str(nd + 2) + 'D (batched) input to ' +
                           what + ', but got input of size: ' + str(list(input.shape)))
    return input, True


# The layout torch's CPU kernels give a 4-d result: channels_last when an
# input's strides suggest it (c10's suggest_memory_format, ties such as
# N,C,1,1 going to contiguous), as conv2d, the 2-d pools, pad, interpolate
# and group_norm keep a channels-last input's layout.
def _suggests_channels_last(t):
    if t is None or t.dim() != 4:
        return False
    st, sz = t.stride(), t.shape
    if st[1] == 0:
        return False
    lo = 0
    for d in (1, 3, 2, 0):
        if sz[d] == 0 or st[d] < lo or (d == 0 and lo == st[1]):
            return False
        lo = st[d] * (sz[d] if sz[d] > 1 else 1)
    return True


def _layout_of(out, *inputs):
    if isinstance(out, tuple):
        return tuple(_layout_of(o, *inputs) for o in out)
    if out.dim() == 4 and any(_suggests_channels_last(t) for t in inputs):
        return out.to(memory_format=torch.channels_last)  # c10's strides even for N,C,1,1
    return out


def _conv(input, weight, bias, stride, padding, dilation, groups, nd):
    return _layout_of(_conv_nchw(input, weight, bias, stride, padding, dilation, groups, nd), input, weight)


def _conv_nchw(input, weight, bias, stride, padding, dilation, groups, nd):
    x, batched = _batched(input, nd, 'conv' + str(nd) + 'd')
    stride = _ntuple(stride, nd)
    dilation = _ntuple(dilation, nd)
    kernel = tuple(weight.shape[2:])
    n, c = x.shape[0], x.shape[1]
    out_channels = weight.shape[0]
    if c != weight.shape[1] * groups:
        raise RuntimeError('Given groups=' + str(groups) + ', weight of size ' + str(list(weight.shape)) +
                           ', expected input' + str(list(input.shape)) + ' to have ' + str(weight.shape[1] * groups) +
                           ' channels, but got ' + str(c) + ' channels instead')
    if isinstance(padding, str):
        if padding == 'valid':
            pads = [(0, 0)] * nd
        elif padding == 'same':
            if any(s != 1 for s in stride):
                raise RuntimeError("padding='same' is not supported for strided convolutions")
            pads = []
            for d in range(nd):
                total = dilation[d] * (kernel[d] - 1)
                pads.append((total // 2, total - total // 2))
        else:
            raise ValueError("Invalid padding string '" + padding + "', should be one of {'valid', 'same'}")
    else:
        pads = [(p, p) for p in _ntuple(padding, nd)]
    flat = []
    for left, right in reversed(pads):
        flat += [left, right]
    if any(p != 0 for p in flat):
        x = pad(x, flat)
    out_sizes = []
    for d in range(nd):
        size = (x.shape[2 + d] - dilation[d] * (kernel[d] - 1) - 1) // stride[d] + 1
        if size <= 0:
            raise RuntimeError('Calculated padded input size per channel: (' + ' x '.join(str(x.shape[2 + e]) for e in range(nd)) +
                               '). Kernel size: (' + ' x '.join(str(k) for k in kernel) +
                               '). Kernel size can\'t be greater than actual input size')
        out_sizes.append(size)
    k = 1
    for kk in kernel:
        k *= kk
    length = 1
    for size in out_sizes:
        length *= size
    cols = torch.stack(_windows(x, nd, kernel, stride, dilation, out_sizes), 2)
    cols = cols.reshape(n, groups, (c // groups) * k, length)
    w = weight.reshape(1, groups, out_channels // groups, (c // groups) * k)
    out = torch.matmul(w, cols).reshape([n, out_channels] + out_sizes)
    if bias is not None:
        out = out + bias.reshape([1, out_channels] + [1] * nd)
    if not batched:
        return torch._set_grad_fn(out.squeeze(0), 'SqueezeBackward1')
    return torch._set_grad_fn(out, 'ConvolutionBackward0')


# Normalizes each of `groups` groups of an (N, C, *) input over its channels
# and positions; also gives the groups' means and biased variances.
def _normalize_groups(input, groups, eps):
    x = input.reshape(input.shape[0], groups, -1)
    mean = x.mean(-1, keepdim=True)
    var = ((x - mean) * (x - mean)).mean(-1, keepdim=True)
    return ((x - mean) * torch.rsqrt(var + eps)).reshape(input.shape), mean, var


def _channel_affine(out, weight, bias):
    shape = [1, out.shape[1]] + [1] * (out.dim() - 2)
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out


def _same_dtype_params(input, weight, bias):
    # layer_norm/group_norm kernels take their affine parameters in the
    # input's dtype only (torch 1.13 CPU).
    for p in (weight, bias):
        if p is not None and p.dtype != input.dtype:
            raise RuntimeError('expected scalar type ' + _scalar_type_names[input.dtype] + ' but found ' +
                               _scalar_type_names[p.dtype])


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    _same_dtype_params(input, weight, bias)
    if input.shape[1] % num_groups != 0:
        raise RuntimeError('Expected number of channels in input to be divisible by num_groups, but got input of shape ' +
                           str(list(input.shape)) + ' and num_groups=' + str(num_groups))
    out, _, _ = _normalize_groups(input, num_groups, eps)
    out = _layout_of(_channel_affine(out, weight, bias), input)
    return torch._set_grad_fn(out, 'NativeGroupNormBackward0')


def instance_norm(input, running_mean=None, running_var=None, weight=None, bias=None, use_input_stats=True,
                  momentum=0.1, eps=1e-05):
    n, c = input.shape[0], input.shape[1]
    if use_input_stats:
        out, mean, var = _normalize_groups(input, c, eps)
        if running_mean is not None:
            count = input.numel() // (n * c)
            with torch.no_grad():
                running_mean.mul_(1 - momentum).add_(mean.reshape(n, c).mean(0) * momentum)
                unbiased = var.reshape(n, c) * (count / max(count - 1, 1))
                running_var.mul_(1 - momentum).add_(unbiased.mean(0) * momentum)
    else:
        shape = [1, c] + [1] * (input.dim() - 2)
        out = (input - running_mean.reshape(shape)) * torch.rsqrt(running_var.reshape(shape) + eps)
    out = _channel_affine(out, weight, bias)
    # (batch norm's kernel: a reduced-precision input keeps its dtype)
    return out.to(input.dtype) if input.dtype in (torch.bfloat16, torch.float16) else out


def prelu(input, weight):
    w = weight
    if weight.numel() != 1:
        w = weight.reshape([weight.numel()] + [1] * (input.dim() - 2)) if input.dim() >= 2 else weight
    return torch._set_grad_fn(torch.where(input > 0, input, w * input), 'PreluBackward0')


def pixel_shuffle(input, upscale_factor):
    r = upscale_factor
    c, h, w = input.shape[-3], input.shape[-2], input.shape[-1]
    if c % (r * r) != 0:
        raise RuntimeError('pixel_shuffle expects its input\'s \'channel\' dimension to be divisible by the square of '
                           'upscale_factor, but input.size(-3)=' + str(c) + ' is not divisible by ' + str(r * r))
    lead = list(input.shape[:-3])
    oc = c // (r * r)
    x = input.reshape(lead + [oc, r, r, h, w])
    k = len(lead)
    x = x.permute(list(range(k)) + [k, k + 3, k + 1, k + 4, k + 2])
    return x.reshape(lead + [oc, h * r, w * r])


def pixel_unshuffle(input, downscale_factor):
    r = downscale_factor
    c, h, w = input.shape[-3], input.shape[-2], input.shape[-1]
    lead = list(input.shape[:-3])
    x = input.reshape(lead + [c, h // r, r, w // r, r])
    k = len(lead)
    x = x.permute(list(range(k)) + [k, k + 2, k + 4, k + 1, k + 3])
    return x.reshape(lead + [c * r * r, h // r, w // r])


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 1)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 2)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return _conv(input, weight, bias, stride, padding, dilation, groups, 3)


# A transposed convolution is the convolution of the input spread out by the
# stride (stride - 1 zeros between elements), padded by dilation*(k-1) -
# padding on each side (plus output_padding on the right), with the kernel
# flipped and its in/out channels swapped per group.
def _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, nd):
    x, batched = _batched(input, nd, 'conv_transpose' + str(nd) + 'd')
    stride = _ntuple(stride, nd)
    padding = _ntuple(padding, nd)
    output_padding = _ntuple(output_padding, nd)
    dilation = _ntuple(dilation, nd)
    kernel = tuple(weight.shape[2:])
    c_in = x.shape[1]
    if c_in != weight.shape[0]:
        raise RuntimeError('Given transposed=1, weight of size ' + str(list(weight.shape)) + ', expected input' +
                           str(list(input.shape)) + ' to have ' + str(weight.shape[0]) + ' channels, but got ' +
                           str(c_in) + ' channels instead')
    for d in range(nd):
        if output_padding[d] >= stride[d] and output_padding[d] >= dilation[d]:
            raise RuntimeError('output padding must be smaller than either stride or dilation, but got output_padding=' +
                               str(output_padding) + ', stride=' + str(stride) + ', dilation=' + str(dilation))
    for d in range(nd):
        s = stride[d]
        if s > 1:
            axis = 2 + d
            n_in = x.shape[axis]
            spread = x.unsqueeze(axis + 1)
            gap = list(spread.shape)
            gap[axis + 1] = s - 1
            spread = torch.cat([spread, torch.zeros(gap, dtype=x.dtype)], axis + 1)
            shape = list(x.shape)
            shape[axis] = n_in * s
            x = spread.reshape(shape).narrow(axis, 0, (n_in - 1) * s + 1)
    flat = []
    for d in reversed(range(nd)):
        edge = dilation[d] * (kernel[d] - 1) - padding[d]
        flat += [edge, edge + output_padding[d]]
    if any(p != 0 for p in flat):
        x = pad(x, flat)
    c_out = weight.shape[1] * groups
    w = weight.reshape([groups, c_in // groups, weight.shape[1]] + list(kernel)).transpose(1, 2)
    w = w.reshape([c_out, c_in // groups] + list(kernel)).flip(tuple(range(2, 2 + nd)))
    out = _conv(x, w, bias, 1, 0, dilation, groups, nd)
    if not batched:
        return torch._set_grad_fn(out.squeeze(0), 'SqueezeBackward1')
    return out


def _transposed_output_padding(input, output_size, stride, padding, kernel, dilation, nd):
    sizes = list(output_size)
    outer = 2 if input.dim() == nd + 2 else 1
    if len(sizes) == outer + nd:
        sizes = sizes[outer:]
    if len(sizes) != nd:
        raise ValueError('ConvTranspose' + str(nd) + 'D: for ' + str(input.dim()) + 'D input, output_size must have ' +
                         str(nd) + ' or ' + str(outer + nd) + ' elements (got ' + str(len(output_size)) + ')')
    spatial = input.shape[input.dim() - nd:]
    smallest = [(spatial[d] - 1) * stride[d] - 2 * padding[d] + dilation[d] * (kernel[d] - 1) + 1 for d in range(nd)]
    largest = [smallest[d] + stride[d] - 1 for d in range(nd)]
    for d in range(nd):
        if sizes[d] < smallest[d] or sizes[d] > largest[d]:
            raise ValueError('requested an output size of ' + str(sizes) + ', but valid sizes range from ' +
                             str(smallest) + ' to ' + str(largest) + ' (for an input of ' + str(spatial) + ')')
    return tuple(sizes[d] - smallest[d] for d in range(nd))


def conv_transpose1d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 1)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 2)


def conv_transpose3d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return _conv_transpose(input, weight, bias, stride, padding, output_padding, groups, dilation, 3)


def _pool_out_size(size, k, s, p, d, ceil_mode):
    span = size + 2 * p - d * (k - 1) - 1
    out = (span + s - 1) // s + 1 if ceil_mode else span // s + 1
    # As ATen's pooling_output_shape: the last window starts inside the input
    # or its left padding.
    if ceil_mode and (out - 1) * s >= size + p:
        out -= 1
    return out


def _pool(input, nd, kernel_size, stride, padding, dilation, ceil_mode, fill, what):
    x, batched = _batched(input, nd, what)
    kernel = _ntuple(kernel_size, nd)
    stride = kernel if stride is None or (isinstance(stride, (tuple, list)) and len(stride) == 0) else _ntuple(stride, nd)
    padding = _ntuple(padding, nd)
    dilation = _ntuple(dilation, nd)
    for d in range(nd):
        if padding[d] * 2 > kernel[d]:
            if what == 'max_pool1d':
                raise RuntimeError('max_pool1d() padding should be at most half of kernel size, but got padding=' +
                                   str(padding[d]) + ' and kernel_size=' + str(kernel[d]))
            raise RuntimeError('pad should be at most half of kernel size, but got pad=' + str(padding[d]) +
                               ' and kernel_size=' + str(kernel[d]))
    out_sizes = [_pool_out_size(x.shape[2 + d], kernel[d], stride[d], padding[d], dilation[d], ceil_mode) for d in range(nd)]
    if any(o < 1 for o in out_sizes) and what != 'max_pool1d':
        # ATen's pool shape check (avg_pool1d runs as a 2-d pool of height 1).
        ins = [x.shape[1]] + list(x.shape[2:])
        outs = [x.shape[1]] + out_sizes
        if what == 'avg_pool1d':
            ins = [ins[0], 1] + ins[1:]
            outs = [outs[0], 1] + outs[1:]
        raise RuntimeError('Given input size: (' + 'x'.join(str(v) for v in ins) + '). Calculated output size: (' +
                           'x'.join(str(v) for v in outs) + '). Output size is too small')
    flat = []
    for d in reversed(range(nd)):
        # Right padding also covers what ceil_mode's last window reads past the input.
        need = (out_sizes[d] - 1) * stride[d] + dilation[d] * (kernel[d] - 1) + 1 - x.shape[2 + d] - padding[d]
        flat += [padding[d], max(need, 0)]
    padded = pad(x, flat, value=fill) if any(p != 0 for p in flat) else x
    return x, padded, batched, kernel, stride, padding, dilation, out_sizes, flat


def _positions(x, nd):
    # Each element's flat index within its (N, C) plane, shaped as x.
    count = 1
    for size in x.shape[2:]:
        count *= size
    return torch.arange(count).reshape([1, 1] + list(x.shape[2:])).expand(list(x.shape))


def _max_pool(input, nd, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    return _layout_of(_max_pool_nchw(input, nd, kernel_size, stride, padding, dilation, ceil_mode, return_indices), input)


def _max_pool_nchw(input, nd, kernel_size, stride, padding, dilation, ceil_mode, return_indices):
    x, padded, batched, kernel, stride, padding, dilation, out_sizes, flat = _pool(
        input, nd, kernel_size, stride, padding, dilation, ceil_mode, float('-inf'), 'max_pool' + str(nd) + 'd')
    if any(o < 1 for o in out_sizes):  # max_pool1d's window longer than the input: empty, as torch's
        if return_indices:  # (torch runs this one as a 2-d pool of height 1, which checks)
            raise RuntimeError('Given input size: (' + str(x.shape[1]) + 'x1x' + str(x.shape[2]) +
                               '). Calculated output size: (' + str(x.shape[1]) + 'x1x' + str(out_sizes[0]) +
                               '). Output size is too small')
        shape = list(x.shape[:2]) + [o if o > 0 else 0 for o in out_sizes]
        out = torch.empty(shape, dtype=x.dtype)
        out = out if batched else out.squeeze(0)
        return (out, torch.empty(out.shape, dtype=torch.int64)) if return_indices else out
    windows = torch.stack(_windows(padded, nd, kernel, stride, dilation, out_sizes), 0)
    # max(0), not amax: a window's tied maxima give the gradient to the
    # first one (its index), as ATen's max pooling backward does.
    out, taken = windows.max(0)
    if not batched:
        out = out.squeeze(0)
    out = torch._set_grad_fn(out, 'MaxPool' + str(nd) + 'DWithIndicesBackward0' if nd > 1 else 'SqueezeBackward1')
    if not return_indices:
        return out
    # The index of each window's first maximum, within its input plane.
    where = _positions(x, nd)
    if any(p != 0 for p in flat):
        where = pad(where, flat, value=-1)
    indices = torch.stack(_windows(where, nd, kernel, stride, dilation, out_sizes), 0).gather(0, taken.unsqueeze(0)).squeeze(0)
    if not batched:
        indices = indices.squeeze(0)
    return out, indices


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(input, 1, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(input, 2, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _max_pool(input, 3, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def _avg_pool(input, nd, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    return _layout_of(_avg_pool_nchw(input, nd, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override), input)


def _avg_pool_nchw(input, nd, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    x, padded, batched, kernel, stride, padding, dilation, out_sizes, flat = _pool(
        input, nd, kernel_size, stride, padding, 1, ceil_mode, 0.0, 'avg_pool' + str(nd) + 'd')
    total = torch.stack(_windows(padded, nd, kernel, stride, dilation, out_sizes), 0).sum(0)
    if divisor_override is not None:
        out = total / divisor_override
    else:
        # Each window's divisor, as ATen's: the window clipped to the padded
        # input (count_include_pad) or to the input itself.
        ones = torch.ones([1, 1] + list(x.shape[2:]), dtype=x.dtype)
        inside = []
        for d in range(nd):
            lo = -padding[d] if count_include_pad else 0
            hi = x.shape[2 + d] + (padding[d] if count_include_pad else 0)
            counts = []
            for i in range(out_sizes[d]):
                start = i * stride[d] - padding[d]
                end = start + kernel[d]
                counts.append(max(min(end, hi) - max(start, lo), 0))
            shape = [1] * (nd + 2)
            shape[2 + d] = out_sizes[d]
            inside.append(torch.tensor(counts, dtype=x.dtype).reshape(shape))
        divisor = inside[0]
        for t in inside[1:]:
            divisor = divisor * t
        out = total / divisor
    if not batched:
        out = out.squeeze(0)
    return torch._set_grad_fn(out, 'AvgPool' + str(nd) + 'DBackward0' if nd > 1 else 'SqueezeBackward1')


def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    return _avg_pool(input, 1, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _avg_pool(input, 2, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None):
    return _avg_pool(input, 3, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


def _adaptive_pool(input, nd, output_size, reduce, what, return_indices=False):
    return _layout_of(_adaptive_pool_nchw(input, nd, output_size, reduce, what, return_indices), input)


def _adaptive_pool_nchw(input, nd, output_size, reduce, what, return_indices=False):
    x, batched = _batched(input, nd, what)
    sizes = list(_ntuple(output_size, nd))
    for d in range(nd):
        if sizes[d] is None:
            sizes[d] = x.shape[2 + d]
    indices = None
    if reduce == 'mean' and all(s == 1 for s in sizes):
        out = x.mean(tuple(range(2, 2 + nd)), keepdim=True)
        name = 'MeanBackward1'
    else:
        # Output i of a dim of size n reads [floor(i*n/out), ceil((i+1)*n/out)).
        # A cell is (values, their positions in the input plane).
        cells = [(x, _positions(x, nd) if return_indices else None)]
        for d in range(nd):
            n_in = x.shape[2 + d]
            parts = []
            for cell, where in cells:
                for i in range(sizes[d]):
                    start = (i * n_in) // sizes[d]
                    end = -((-(i + 1) * n_in) // sizes[d])
                    parts.append((cell.narrow(2 + d, start, end - start),
                                  where.narrow(2 + d, start, end - start) if where is not None else None))
            cells = parts
        dims = tuple(range(2, 2 + nd))
        taken = []
        if reduce == 'mean':
            values = [c.mean(dims) for c, _ in cells]
        else:
            # (max, not amax: tied maxima give the gradient to the first)
            values = []
            for c, _ in cells:
                v, t = c.reshape(list(c.shape[:2]) + [-1]).max(2, keepdim=True)
                values.append(v.squeeze(2))
                taken.append(t)
        out = torch.stack(values, 2).reshape(list(x.shape[:2]) + sizes)
        name = ('AdaptiveAvgPool' if reduce == 'mean' else 'AdaptiveMaxPool') + str(nd) + 'DBackward0'
        if return_indices:
            picks = []
            for (c, where), t in zip(cells, taken):
                picks.append(where.reshape(list(c.shape[:2]) + [-1]).gather(2, t).squeeze(2))
            indices = torch.stack(picks, 2).reshape(list(x.shape[:2]) + sizes)
    if not batched:
        out = out.squeeze(0)
        if indices is not None:
            indices = indices.squeeze(0)
    out = torch._set_grad_fn(out, name if nd > 1 else 'SqueezeBackward1')
    return (out, indices) if return_indices else out


def adaptive_avg_pool1d(input, output_size):
    return _adaptive_pool(input, 1, output_size, 'mean', 'adaptive_avg_pool1d')


def adaptive_avg_pool2d(input, output_size):
    return _adaptive_pool(input, 2, output_size, 'mean', 'adaptive_avg_pool2d')


def adaptive_avg_pool3d(input, output_size):
    return _adaptive_pool(input, 3, output_size, 'mean', 'adaptive_avg_pool3d')


def _adaptive_max_pool(input, nd, output_size, return_indices):
    return _adaptive_pool(input, nd, output_size, 'max', 'adaptive_max_pool' + str(nd) + 'd', return_indices)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    return _adaptive_max_pool(input, 1, output_size, return_indices)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _adaptive_max_pool(input, 2, output_size, return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _adaptive_max_pool(input, 3, output_size, return_indices)


# Multi-head attention as torch 1.13's F.multi_head_attention_forward (the
# general path: packed input projection, q / sqrt(head_dim), baddbmm with the
# mask or bmm, softmax, bmm, output projection). torch's fused fast path for
# batch_first self-attention under no_grad differs from it in the last bits.
def _mha_mask(mask, dtype, name):
    if mask is None:
        return None
    if mask.dtype == torch.bool:
        return torch.zeros(tuple(mask.shape), dtype=dtype).masked_fill(mask, float('-inf'))
    if not mask.is_floating_point():
        raise AssertionError('only bool and floating types of ' + name + ' are supported')
    return mask


# torch 2's F.scaled_dot_product_attention, as its documented reference
# computes it: softmax(q k^T * scale + bias) v, the bias -inf where a bool
# mask is False or above the diagonal (is_causal), added where it is a float
# mask; dropout on the weights; enable_gqa repeats key/value heads.
def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    if is_causal and attn_mask is not None:
        raise RuntimeError('_scaled_dot_product_attention: Explicit attn_mask should not be set when is_causal=True')
    L, S = query.shape[-2], key.shape[-2]
    factor = 1.0 / (query.shape[-1] ** 0.5) if scale is None else scale
    if enable_gqa and query.dim() >= 3 and key.shape[-3] != query.shape[-3]:
        key = key.repeat_interleave(query.shape[-3] // key.shape[-3], -3)
        value = value.repeat_interleave(query.shape[-3] // value.shape[-3], -3)
    weight = torch.matmul(query, key.transpose(-2, -1)) * factor
    if is_causal:
        allowed = torch.ones(L, S, dtype=torch.bool).tril(0)
        weight = weight.masked_fill(allowed.logical_not(), float('-inf'))
    if attn_mask is not None:
        if attn_mask.dtype == torch.bool:
            weight = weight.masked_fill(attn_mask.logical_not(), float('-inf'))
        else:
            weight = weight + attn_mask
    weight = torch.softmax(weight, -1)
    if dropout_p > 0.0:
        weight = dropout(weight, dropout_p, True)
    return torch.matmul(weight, value)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True):
    if bias_k is not None or bias_v is not None or add_zero_attn or static_k is not None or static_v is not None:
        raise NotImplementedError('multi_head_attention_forward: add_bias_kv, add_zero_attn and static_k/v are '
                                  'not supported by standin')
    is_batched = query.dim() == 3
    if not is_batched:
        query = query.unsqueeze(1)
        key = key.unsqueeze(1)
        value = value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    if embed_dim != embed_dim_to_check:
        raise AssertionError('was expecting embedding dimension of ' + str(embed_dim_to_check) + ', but got ' +
                             str(embed_dim))
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError('embed_dim ' + str(embed_dim) + ' not divisible by num_heads ' + str(num_heads))
    if not use_separate_proj_weight:
        if query is key and key is value:
            q, k, v = linear(query, in_proj_weight, in_proj_bias).chunk(3, -1)
        else:
            w_q, w_k, w_v = in_proj_weight.chunk(3)
            b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
            q = linear(query, w_q, b_q)
            if key is value:
                k, v = linear(key, torch.cat([w_k, w_v]), None if in_proj_bias is None else torch.cat([b_k, b_v])).chunk(2, -1)
            else:
                k = linear(key, w_k, b_k)
                v = linear(value, w_v, b_v)
    else:
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q = linear(query, q_proj_weight, b_q)
        k = linear(key, k_proj_weight, b_k)
        v = linear(value, v_proj_weight, b_v)
    attn_mask = _mha_mask(attn_mask, q.dtype, 'attn_mask')
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            if tuple(attn_mask.shape) != (tgt_len, src_len):
                raise RuntimeError('The shape of the 2D attn_mask is ' + str(attn_mask.shape) + ', but should be ' +
                                   str((tgt_len, src_len)) + '.')
            attn_mask = attn_mask.unsqueeze(0)
        elif attn_mask.dim() == 3:
            if tuple(attn_mask.shape) != (bsz * num_heads, tgt_len, src_len):
                raise RuntimeError('The shape of the 3D attn_mask is ' + str(attn_mask.shape) + ', but should be ' +
                                   str((bsz * num_heads, tgt_len, src_len)) + '.')
        else:
            raise RuntimeError("attn_mask's dimension " + str(attn_mask.dim()) + ' is not supported')
    q = q.contiguous().view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = k.contiguous().view(src_len, bsz * num_heads, head_dim).transpose(0, 1)
    v = v.contiguous().view(src_len, bsz * num_heads, head_dim).transpose(0, 1)
    if key_padding_mask is not None:
        kpm = _mha_mask(key_padding_mask, q.dtype, 'key_padding_mask')
        kpm = kpm.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1).reshape(bsz * num_heads, 1, src_len)
        attn_mask = kpm if attn_mask is None else attn_mask + kpm
    if not training:
        dropout_p = 0.0
    q = q / _math.sqrt(head_dim)
    if attn_mask is not None:
        attn = torch.baddbmm(attn_mask, q, k.transpose(-2, -1))
    else:
        attn = torch.bmm(q, k.transpose(-2, -1))
    attn = softmax(attn, dim=-1)
    if dropout_p > 0.0:
        attn = dropout(attn, p=dropout_p)
    out = torch.bmm(attn, v)
    out = out.transpose(0, 1).contiguous().view(tgt_len * bsz, embed_dim)
    out = linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.shape[1])
    weights = None
    if need_weights:
        weights = attn.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.sum(dim=1) / num_heads
        if not is_batched:
            weights = weights.squeeze(0)
    if not is_batched:
        out = out.squeeze(1)
    return out, weights


# F.interpolate: nearest, nearest-exact, (bi)linear and area, as ATen's
# upsample kernels compute them: source indices and weights in float32 from
# the scale (1 / scale_factor when given, else in / out), then per output
# t0 * w0 + t1 * w1 along each dim, the last dim innermost.
def _upsample_axis(x, dim, out_size, scale, mode, align_corners):
    in_size = x.shape[dim]
    dst = torch.arange(out_size, dtype=torch.float32)
    if mode in ('nearest', 'nearest-exact'):
        if scale is None:
            scale = torch.tensor(float(in_size), dtype=torch.float32) / out_size
        else:
            scale = torch.tensor(1.0 / scale, dtype=torch.float32)
        if mode == 'nearest':
            src = torch.floor(dst * scale)
        else:
            src = torch.floor((dst + 0.5) * scale)
        index = src.long().clamp(max=in_size - 1)
        return x.index_select(dim, index)
    # The kernel computes in the input's floating dtype; bfloat16's keeps its
    # scale and two weights as bfloat16 values and the source index wider,
    # and sums the products in float32 (rounded once by the caller).
    low = x.dtype == torch.bfloat16
    ft = torch.float64 if low or x.dtype == torch.float64 else torch.float32
    st = x.dtype if low else ft  # the scale's dtype
    dst = dst.to(ft)
    if align_corners:
        s = torch.tensor(float(in_size - 1), dtype=st) / (out_size - 1) if out_size > 1 else torch.tensor(0.0, dtype=st)
        src = s.to(ft) * dst
    else:
        if scale is None:
            s = torch.tensor(float(in_size), dtype=st) / out_size
        else:
            s = torch.tensor(1.0 / scale, dtype=st)
        src = (s.to(ft) * (dst + 0.5) - 0.5).clamp(min=0.0)
    i0 = src.long()
    i1 = torch.where(i0 < in_size - 1, i0 + 1, i0)
    w1 = src - i0.to(ft)
    w0 = 1.0 - w1
    a, b = x.index_select(dim, i0), x.index_select(dim, i1)
    if low:
        a, b, w0, w1 = a.float(), b.float(), w0.to(x.dtype).float(), w1.to(x.dtype).float()
    shape = [1] * x.dim()
    shape[dim] = out_size
    return a, b, w0.reshape(shape), w1.reshape(shape)


# The deprecated names (torch warns; standin does not).
def upsample_nearest(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode='nearest')


def upsample_bilinear(input, size=None, scale_factor=None):
    return interpolate(input, size, scale_factor, mode='bilinear', align_corners=True)


def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None,
                antialias=False):
    return _layout_of(_interpolate_nchw(input, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias),
                      input)


def _interpolate_nchw(input, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias):
    linear_modes = ('linear', 'bilinear', 'bicubic', 'trilinear')
    if mode not in ('nearest', 'nearest-exact', 'area') + linear_modes:
        raise NotImplementedError('Input Error: Only 3D, 4D and 5D input Tensors supported (got ' + str(input.dim()) +
                                  'D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | '
                                  'nearest-exact (got ' + str(mode) + ')')
    if align_corners is not None and mode not in linear_modes:
        raise ValueError('align_corners option can only be set with the interpolating modes: '
                         'linear | bilinear | bicubic | trilinear')
    if align_corners is None:
        align_corners = False
    nd = input.dim() - 2
    if size is not None and scale_factor is not None:
        raise ValueError('only one of size or scale_factor should be defined')
    if size is None and scale_factor is None:
        raise ValueError('either size or scale_factor should be defined')
    if mode == 'linear' and input.dim() != 3:
        raise NotImplementedError('Got ' + str(input.dim()) + 'D input, but linear mode needs 3D input')
    if mode == 'bilinear' and input.dim() != 4:
        raise NotImplementedError('Got ' + str(input.dim()) + 'D input, but bilinear mode needs 4D input')
    if mode == 'bicubic' and input.dim() != 4:
        raise NotImplementedError('Input Error: Only 3D, 4D and 5D input Tensors supported (got ' + str(input.dim()) +
                                  'D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | '
                                  'nearest-exact (got bicubic)')
    if antialias and not (mode in ('bilinear', 'bicubic') and input.dim() == 4):
        raise ValueError('Anti-alias option is only supported for bilinear and bicubic modes')
    if mode == 'trilinear' and input.dim() != 5:
        raise NotImplementedError('Got ' + str(input.dim()) + 'D input, but trilinear mode needs 5D input')
    if nd < 1 or nd > 3:
        raise NotImplementedError('Input Error: Only 3D, 4D and 5D input Tensors supported (got ' + str(input.dim()) +
                                  'D) for the modes: nearest | linear | bilinear | bicubic | trilinear | area | '
                                  'nearest-exact (got ' + str(mode) + ')')
    if size is not None:
        sizes = list(_ntuple(size, nd))
        scales = [None] * nd
    else:
        factors = list(_ntuple(scale_factor, nd))
        sizes = [int(_math.floor(float(input.shape[2 + d]) * factors[d])) for d in range(nd)]
        scales = [None] * nd if recompute_scale_factor else [float(f) for f in factors]
    if antialias:
        return _upsample_aa2d(input, sizes, scales, mode, align_corners)
    if mode == 'bicubic':
        return _upsample_bicubic2d(input, sizes[0], sizes[1], align_corners, scales[0], scales[1])
    if mode == 'area':
        pool = (adaptive_avg_pool1d, adaptive_avg_pool2d, adaptive_avg_pool3d)[nd - 1]
        return pool(input, sizes)
    x = input
    if mode in ('nearest', 'nearest-exact'):
        for d in range(nd):
            x = _upsample_axis(x, 2 + d, sizes[d], scales[d], mode, align_corners)
        name = 'UpsampleNearest' if mode == 'nearest' else 'UpsampleNearestExact'
    else:
        # The outer dim first: each of its two neighbours interpolated along
        # the dims after it, then weighted (t0 * w0 + t1 * w1, innermost last).
        def along(t, d):
            a, b, w0, w1 = _upsample_axis(t, 2 + d, sizes[d], scales[d], mode, align_corners)
            if d == nd - 1:
                return a * w0 + b * w1
            return along(a, d + 1) * w0 + along(b, d + 1) * w1
        x = along(x, 0).to(input.dtype)
        name = ('UpsampleLinear', 'UpsampleBilinear', 'UpsampleTrilinear')[nd - 1]
    return torch._set_grad_fn(x, name + str(nd) + 'DBackward1')


# F.interpolate(antialias=True), bilinear or bicubic on 4-D input: ATen's
# separable anti-aliased resampling. Each output index i takes the inputs
# around center = scale * (i + 0.5), within the filter's support widened by
# the scale when downsampling, weighted by the filter (a triangle, or Keys'
# cubic with a = -0.5) at the scaled distance and normalised to sum to 1.
# Applied as two weight matrices, the width first, then the height, as
# ATen's passes go.
def _aa_filter(x, mode):
    x = abs(x)
    if mode == 'bilinear':
        return 1.0 - x if x < 1.0 else 0.0
    a = -0.5
    if x < 1.0:
        return ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
    if x < 2.0:
        return ((a * x - 5.0 * a) * x + 8.0 * a) * x - 4.0 * a
    return 0.0


def _aa_weights(in_size, out_size, scale, mode, align_corners):
    interp = 2 if mode == 'bilinear' else 4
    if align_corners:
        s = (in_size - 1) / (out_size - 1) if out_size > 1 else 0.0
    elif scale is not None and scale > 0:
        s = 1.0 / scale
    else:
        s = in_size / out_size
    support = interp * 0.5 * s if s >= 1.0 else interp * 0.5
    invscale = 1.0 / s if s >= 1.0 else 1.0
    rows = []
    for i in range(out_size):
        center = s * (i + 0.5)
        xmin = max(int(center - support + 0.5), 0)
        xsize = min(int(center + support + 0.5), in_size) - xmin
        ws = [_aa_filter((j + xmin - center + 0.5) * invscale, mode) for j in range(xsize)]
        total = 0.0
        for w in ws:
            total += w
        row = [0.0] * in_size
        for j in range(len(ws)):
            row[xmin + j] = ws[j] / total if total != 0.0 else ws[j]
        rows.append(row)
    return rows


def _upsample_aa2d(input, sizes, scales, mode, align_corners):
    _float_kernel(input, 'compute_indices_weights_aa')
    h, w = input.shape[2], input.shape[3]
    width = torch.tensor(_aa_weights(w, sizes[1], scales[1], mode, align_corners), dtype=input.dtype)
    height = torch.tensor(_aa_weights(h, sizes[0], scales[0], mode, align_corners), dtype=input.dtype)
    out = torch.matmul(height, torch.matmul(input, width.t()))
    name = 'UpsampleBilinear2DAaBackward1' if mode == 'bilinear' else 'UpsampleBicubic2DAaBackward1'
    return torch._set_grad_fn(out, name)


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None):
    return interpolate(input, size, scale_factor, mode, align_corners)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    _float_kernel(input, 'LayerNormKernelImpl')
    _same_dtype_params(input, weight, bias)
    if isinstance(normalized_shape, int):
        normalized_shape = (normalized_shape,)
    n = len(normalized_shape)
    if tuple(input.shape[input.dim() - n:]) != tuple(normalized_shape):
        raise RuntimeError('Given normalized_shape=' + str(list(normalized_shape)) +
                           ', expected input with shape [*, ' + ', '.join(str(d) for d in normalized_shape) +
                           '], but got input of size' + str(input.shape)[len('torch.Size('):-1])
    return torch.layer_norm(input, tuple(normalized_shape), weight, bias, eps)


# F.interpolate(mode='bicubic'), 4-D input: ATen 1.13's generic upsample
# kernel. Per dim: the scale in the input's dtype (1 / scale_factor when
# given), the source index in float64 (scale * (i + 0.5) - 0.5 as one
# FMA), its integer part through floorf (a float32 rounding), the cubic
# convolution coefficients (A = -0.75) as GCC contracts them, the 4 taps
# clamped into the input; then each output row's 4 columns, then the 4
# rows, summed with the kernel's FMAs.
# interpolate calls it for mode='bicubic'.
def _cubic_conv1(x):
    return (_fma(x, 1.25, -2.25) * x) * x + 1


def _cubic_conv2(x):
    return _fma(_fma(x, -0.75, 3.75), x, -6.0) * x + 3


def _cubic_axis(in_size, out_size, align_corners, scale, dtype):
    if align_corners:
        s = torch.tensor(float(in_size - 1), dtype=dtype) / (out_size - 1) if out_size > 1 else \
            torch.tensor(0.0, dtype=dtype)
    elif scale is not None and scale > 0:
        s = torch.tensor(1.0 / scale, dtype=dtype)
    else:
        s = torch.tensor(float(in_size), dtype=dtype) / out_size
    d = torch.arange(out_size, dtype=torch.float64)
    src = s.double() * d if align_corners else _fma(d + 0.5, s.double(), -0.5)
    if dtype == torch.bfloat16:
        src = src.to(dtype).double()  # (a bfloat16 value in ATen's bfloat16 kernel)
    i0 = torch.floor(src.float()).double()
    t = (src - i0).to(dtype)
    x2 = 1 - t
    weights = [_cubic_conv2(t + 1), _cubic_conv1(t), _cubic_conv1(x2), _cubic_conv2(x2 + 1)]
    index = [(i0.long() + (j - 1)).clamp(0, in_size - 1) for j in range(4)]
    return index, weights


def _cubic_sum(v, w):
    if v[0].dtype == torch.bfloat16:
        # bfloat16: bfloat16 weights, the sum in float32, rounded once
        out = v[0].float() * w[0].float()
        for j in range(1, 4):
            out = out + v[j].float() * w[j].float()
        return out.to(torch.bfloat16)
    out = _fma(v[0], w[0], v[1] * w[1])
    out = _fma(v[2], w[2], out)
    return _fma(v[3], w[3], out)


@_grad_node('UpsampleBicubic2DBackward1')
def _upsample_bicubic2d(input, out_h, out_w, align_corners, scale_h, scale_w):
    n, c, h, w = input.shape
    if h <= 0 or w <= 0 or out_h <= 0 or out_w <= 0:
        raise RuntimeError('Input and output sizes should be greater than 0, but got input (H: ' + str(h) + ', W: ' +
                           str(w) + ') output (H: ' + str(out_h) + ', W: ' + str(out_w) + ')')
    if input.numel() == 0 and n != 0:
        raise RuntimeError('Non-empty 4D data tensor expected but got a tensor with sizes ' + str(list(input.shape)))
    if input.dtype != torch.float32 and input.dtype != torch.float64 and input.dtype != torch.bfloat16:
        raise RuntimeError('"compute_indices_weights_cubic" not implemented for \'' +
                           _scalar_type_names[input.dtype] + "'")
    rows, wy = _cubic_axis(h, out_h, align_corners, scale_h, input.dtype)
    cols, wx = _cubic_axis(w, out_w, align_corners, scale_w, input.dtype)
    wy = [t.reshape(out_h, 1) for t in wy]
    interpolated = []
    for j in range(4):
        row = input.index_select(2, rows[j])
        interpolated.append(_cubic_sum([row.index_select(3, cols[k]) for k in range(4)], wx))
    return _cubic_sum(interpolated, wy)
)PY";

// The rarer parts of torch.nn.functional, compiled on first use.
inline constexpr std::string_view functional_extra_prelude = R"PY(
import warnings as _warnings

_pow_scalar = torch._pow_scalar


pdist = torch.pdist
bilinear = torch.bilinear
channel_shuffle = torch.channel_shuffle
native_channel_shuffle = torch.native_channel_shuffle


# F.unfold / F.fold: ATen's im2col / col2im. Row c * kh * kw + i * kw + j of
# a column holds channel c at kernel offset (i, j); fold sums the blocks
# back offset by offset in that order into a zeroed image, as col2im does.
def _im2col_arg(value, name):
    v = _ntuple(value, 2)
    if len(v) != 2:
        raise RuntimeError('It is expected ' + name + ' equals to 2, but got size ' + str(len(v)))
    return v


def _im2col_args(kernel_size, dilation, padding, stride):
    k = _im2col_arg(kernel_size, 'kernel_size')
    d = _im2col_arg(dilation, 'dilation')
    p = _im2col_arg(padding, 'padding')
    s = _im2col_arg(stride, 'stride')
    return k, d, p, s


def _im2col_check_positive(k, d, p, s, stride_first):
    checks = [(k[0] > 0 and k[1] > 0, 'kernel size should be greater than zero, but got kernel_height: ' + str(k[0]) +
               ' kernel_width: ' + str(k[1])),
              (d[0] > 0 and d[1] > 0, 'dilation should be greater than zero, but got dilation_height: ' + str(d[0]) +
               ' dilation_width: ' + str(d[1])),
              (p[0] >= 0 and p[1] >= 0, 'padding should be non-negative, but got pad_height: ' + str(p[0]) +
               ' pad_width: ' + str(p[1]))]
    stride = (s[0] > 0 and s[1] > 0, 'stride should be greater than zero, but got stride_height: ' + str(s[0]) +
              ' stride_width: ' + str(s[1]))
    checks.insert(1 if stride_first else 3, stride)
    for ok, message in checks:
        if not ok:
            raise RuntimeError(message)


def _im2col_sizes(k, d, p, s):
    return ('kernel_size=(' + str(k[0]) + ', ' + str(k[1]) + '), dilation=(' + str(d[0]) + ', ' + str(d[1]) +
            '), padding=(' + str(p[0]) + ', ' + str(p[1]) + '), ')


def _im2col_dtype(input, name):
    if not input.is_floating_point():
        raise RuntimeError('"' + name + '" not implemented for \'' + _scalar_type_names[input.dtype] + "'")


@_grad_node('Im2ColBackward0')
def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    k, d, p, s = _im2col_args(kernel_size, dilation, padding, stride)
    _im2col_check_positive(k, d, p, s, False)
    ndim = input.dim()
    valid = input.size(1) != 0 and input.size(2) != 0
    if not ((ndim == 3 and input.size(0) != 0 and valid) or (ndim == 4 and valid and input.size(3) != 0)):
        raise RuntimeError('Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero '
                           'dimensions for input, but got: ' + str(list(input.shape)))
    x = input if ndim == 4 else input.unsqueeze(0)
    h, w = x.shape[2], x.shape[3]
    out_h = (h + 2 * p[0] - (d[0] * (k[0] - 1) + 1)) // s[0] + 1
    out_w = (w + 2 * p[1] - (d[1] * (k[1] - 1) + 1)) // s[1] + 1
    if out_h < 1 or out_w < 1:
        # torch 1.13's message names the height twice.
        raise RuntimeError('Given input with spatial size (' + str(h) + ', ' + str(h) + '), ' + _im2col_sizes(k, d, p, s) +
                           'calculated shape of the array of sliding blocks as (' + str(out_h) + ', ' + str(out_w) +
                           '), but its components must be at least one.')
    _im2col_dtype(input, 'im2col_out_cpu')
    if p[0] or p[1]:
        x = pad(x, [p[1], p[1], p[0], p[0]])
    blocks = torch.stack(_windows(x, 2, k, s, d, (out_h, out_w)), 2)
    out = blocks.reshape(x.shape[0], x.shape[1] * k[0] * k[1], out_h * out_w)
    return out if ndim == 4 else out.squeeze(0)


@_grad_node('Col2ImBackward0')
def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    size = _im2col_arg(output_size, 'output_size')
    k, d, p, s = _im2col_args(kernel_size, dilation, padding, stride)
    _im2col_check_positive(k, d, p, s, True)
    ndim = input.dim()
    if not ((ndim == 2 and input.size(0) != 0 and input.size(1) != 0) or
            (ndim == 3 and input.size(1) != 0 and input.size(2) != 0)):
        raise RuntimeError('Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and non-zero '
                           'dimensions for input, but got: ' + str(list(input.shape)))
    x = input if ndim == 3 else input.unsqueeze(0)
    planes = x.shape[1]
    if planes % (k[0] * k[1]) != 0:
        raise RuntimeError("Expected size of input's dimension 1 to be divisible by the product of kernel_size, but got "
                           'input.size(1)=' + str(planes) + ' and kernel_size=(' + str(k[0]) + ', ' + str(k[1]) + ').')
    blocks_h = (size[0] + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    blocks_w = (size[1] + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    given = 'Given output_size=(' + str(size[0]) + ', ' + str(size[1]) + '), ' + _im2col_sizes(k, d, p, s) + \
        'stride=(' + str(s[0]) + ', ' + str(s[1]) + '), '
    if x.shape[2] != blocks_h * blocks_w:
        raise RuntimeError(given + "expected size of input's dimension 2 to match the calculated number of sliding "
                           'blocks ' + str(blocks_h) + ' * ' + str(blocks_w) + ' = ' + str(blocks_h * blocks_w) +
                           ', but got input.size(2)=' + str(x.shape[2]) + '.')
    if blocks_h < 1 or blocks_w < 1:
        raise RuntimeError(given + 'calculated shape of the array of sliding blocks as (' + str(blocks_h) + ', ' +
                           str(blocks_w) + '), which is too small (non-positive)')
    if size[0] < 1 or size[1] < 1:
        raise RuntimeError('Expected output spatial size to be positive, but got: output_size=(' + str(size[0]) + ', ' +
                           str(size[1]) + ').')
    _im2col_dtype(input, 'col2im_out_cpu')
    n, c = x.shape[0], planes // (k[0] * k[1])
    cols = x.reshape(n, c, k[0], k[1], blocks_h, blocks_w)
    out = torch.zeros(n, c, size[0] + 2 * p[0], size[1] + 2 * p[1], dtype=x.dtype)
    for i in range(k[0]):
        for j in range(k[1]):
            rows = slice(i * d[0], i * d[0] + (blocks_h - 1) * s[0] + 1, s[0])
            columns = slice(j * d[1], j * d[1] + (blocks_w - 1) * s[1] + 1, s[1])
            out[:, :, rows, columns] += cols[:, :, i, j]
    out = out[:, :, p[0]:p[0] + size[0], p[1]:p[1] + size[1]]
    return out if ndim == 3 else out.squeeze(0)


_align_corners_warning = ('Default grid_sample and affine_grid behavior has changed to align_corners=False since 1.3.0. '
                          'Please specify align_corners=True if the old behavior is desired. See the documentation of '
                          'grid_sample for details.')


def _affine_base(n, align_corners, dtype):
    # ATen's linspace_from_neg_one: linspace(-1, 1, n) * (n - 1) / n, or 0 for n <= 1.
    if n <= 1:
        return torch.zeros(1, dtype=dtype)
    r = torch.linspace(-1, 1, n, dtype=dtype)
    return r if align_corners else r * (n - 1) / n


@_grad_node('AffineGridGeneratorBackward0')
def affine_grid(theta, size, align_corners=None):
    if align_corners is None:
        _warnings.warn(_align_corners_warning)
        align_corners = False
    if not theta.is_floating_point():
        raise ValueError('Expected theta to have floating point type, but got ' + str(theta.dtype))
    if len(size) == 4:
        if theta.dim() != 3 or theta.shape[-2] != 2 or theta.shape[-1] != 3:
            raise ValueError('Expected a batch of 2D affine matrices of shape Nx2x3 for size ' + str(size) + '. Got ' +
                             str(theta.shape) + '.')
        spatial = list(size[-2:])
    elif len(size) == 5:
        if theta.dim() != 3 or theta.shape[-2] != 3 or theta.shape[-1] != 4:
            raise ValueError('Expected a batch of 3D affine matrices of shape Nx3x4 for size ' + str(size) + '. Got ' +
                             str(theta.shape) + '.')
        spatial = list(size[-3:])
    else:
        raise NotImplementedError('affine_grid only supports 4D and 5D sizes, for 2D and 3D affine transforms, '
                                  'respectively. Got size ' + str(size) + '.')
    if align_corners and min(spatial) == 1:
        _warnings.warn('Since version 1.3.0, affine_grid behavior has changed for unit-size grids when '
                       'align_corners=True. This is not an intended use case of affine_grid. See the documentation '
                       'of affine_grid for details.')
    elif min(size) <= 0:
        raise ValueError('Expected non-zero, positive output size. Got ' + str(size))
    n = size[0]
    nd = len(spatial)
    # The base grid (x, y[, z], 1) times theta^T (a bmm), each coordinate
    # summed left to right.
    if theta.shape[0] != n:
        raise RuntimeError('Expected size for first two dimensions of batch2 tensor to be: [' + str(n) + ', ' +
                           str(nd + 1) + '] but got: [' + str(theta.shape[0]) + ', ' + str(nd + 1) + '].')
    if theta.dtype == torch.float16:
        raise RuntimeError('"bmm" not implemented for \'Half\'')
    axes = []
    for d in range(nd):
        shape = [1] * (nd + 1)
        shape[nd - d] = spatial[nd - 1 - d]
        axes.append(_affine_base(spatial[nd - 1 - d], align_corners, theta.dtype).reshape(shape))
    coords = []
    for o in range(nd):
        t = theta[:, o].reshape([n, nd + 1] + [1] * nd)
        acc = axes[0] * t[:, 0]
        for d in range(1, nd):
            acc = acc + axes[d] * t[:, d]
        coords.append(acc + t[:, nd])
    return torch.stack(coords, -1)


def _grid_clip(x, size):
    # clip_coordinates: into [0, size - 1], NaN to 0.
    return torch.where(torch.isnan(x), torch.zeros_like(x), x.clamp(0, size - 1))


def _grid_reflect(x, size, align_corners):
    # reflect_coordinates: about the corner pixels' centres (align_corners)
    # or their outer edges.
    if align_corners:
        if size <= 1:
            return torch.zeros_like(x)
        twice_span = (size - 1) * 2.0
        low = 0.0
    else:
        twice_span = size * 2.0
        low = -0.5
    magnitude = (x - low).abs()
    flips = (magnitude / twice_span).trunc()
    extra = _fma(-flips, twice_span, magnitude)
    return torch.minimum(extra, twice_span - extra) + low


def _grid_source(coord, size, padding_mode, align_corners):
    # The vectorised kernel's ComputeLocation: unnormalize, then pad.
    if align_corners:
        x = (coord + 1) * ((size - 1) / 2.0)
    else:
        x = _fma(coord + 1, size / 2.0, -0.5)
    if padding_mode == 'border':
        x = _grid_clip(x, size)
    elif padding_mode == 'reflection':
        x = _grid_clip(_grid_reflect(x, size, align_corners), size)
    return x


def _grid_gather(flat, iy, ix, mask, w):
    # flat (N, C, H*W); values at (iy, ix) where mask holds, else 0.
    n, c = flat.shape[0], flat.shape[1]
    zero = torch.zeros_like(iy)
    index = torch.where(mask, iy, zero).long() * w + torch.where(mask, ix, zero).long()
    out_shape = [n, c] + list(index.shape[1:])
    count = 1
    for d in index.shape[1:]:
        count *= d
    index = index.reshape(n, 1, count).expand(n, c, count)
    values = flat.gather(2, index).reshape(out_shape)
    return torch.where(mask.unsqueeze(1), values, torch.zeros_like(values))


@_grad_node('GridSampler2DBackward0')
def _grid_sampler_2d(input, grid, mode, padding_mode, align_corners):
    # ATen's vectorised grid_sampler_2d_cpu_kernel.
    n, c, h, w = input.shape
    flat = input.reshape(n, c, h * w)
    x = _grid_source(grid[..., 0], w, padding_mode, align_corners)
    y = _grid_source(grid[..., 1], h, padding_mode, align_corners)
    inside = padding_mode != 'zeros'
    if mode == 'nearest':
        xn = x.round()
        yn = y.round()
        mask = (xn > -1) & (xn < w) & (yn > -1) & (yn < h)
        out = _grid_gather(flat, yn, xn, mask, w)
        if xn.requires_grad or yn.requires_grad:
            # (the output depends on the grid, with a zero gradient, as torch's
            # grid_sampler backward gives: never picked, so the values stay)
            near = (xn + yn).unsqueeze(1).expand_as(out)
            out = torch.where(torch.zeros_like(out, dtype=torch.bool), near, out)
        return out
    x_w = x.floor()
    y_n = y.floor()
    we = x - x_w
    e = 1 - we
    ns = y - y_n
    s = 1 - ns
    nw, ne, sw, se = s * e, s * we, ns * e, ns * we
    x_e = x_w + 1
    y_s = y_n + 1
    w_mask = (x_w > -1) & (x_w < w)
    n_mask = (y_n > -1) & (y_n < h)
    e_mask = (x_e > -1) & (x_e < w)
    s_mask = (y_s > -1) & (y_s < h)
    if inside:
        w_mask = n_mask = torch.ones_like(w_mask)
    out = _grid_gather(flat, y_n, x_w, w_mask & n_mask, w) * nw.unsqueeze(1)
    out = _fma(_grid_gather(flat, y_n, x_e, e_mask & n_mask, w), ne.unsqueeze(1), out)
    out = _fma(_grid_gather(flat, y_s, x_w, w_mask & s_mask, w), sw.unsqueeze(1), out)
    return _fma(_grid_gather(flat, y_s, x_e, e_mask & s_mask, w), se.unsqueeze(1), out)


def _shape_string(t):
    return str(list(t.shape))


def grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None):
    if mode != 'bilinear' and mode != 'nearest' and mode != 'bicubic':
        raise ValueError("nn.functional.grid_sample(): expected mode to be 'bilinear', 'nearest' or 'bicubic', "
                         "but got: '" + str(mode) + "'")
    if padding_mode != 'zeros' and padding_mode != 'border' and padding_mode != 'reflection':
        raise ValueError("nn.functional.grid_sample(): expected padding_mode to be 'zeros', 'border', or "
                         "'reflection', but got: '" + str(padding_mode) + "'")
    if align_corners is None:
        _warnings.warn(_align_corners_warning)
        align_corners = False
    # ATen's check_grid_sampler_common, then the 2-D / 3-D checks.
    if input.size(0) != grid.size(0):
        raise RuntimeError('grid_sampler(): expected grid and input to have same batch size, but got input with sizes ' +
                           _shape_string(input) + ' and grid with sizes ' + _shape_string(grid))
    if grid.size(-1) != input.dim() - 2:
        raise RuntimeError('grid_sampler(): expected grid to have size ' + str(input.dim() - 2) + ' in last dimension, '
                           'but got grid with sizes ' + _shape_string(grid))
    for i in range(2, input.dim()):
        if input.shape[i] <= 0:
            raise RuntimeError('grid_sampler(): expected input to have non-empty spatial dimensions, but input has '
                               'sizes ' + _shape_string(input) + ' with dimension ' + str(i) + ' being empty')
    nd = 2 if input.dim() == 4 else 3
    if input.dim() != nd + 2 or grid.dim() != nd + 2:
        raise RuntimeError('grid_sampler(): expected ' + str(nd + 2) + 'D input and grid with same number of '
                           'dimensions, but got input with sizes ' + _shape_string(input) + ' and grid with sizes ' +
                           _shape_string(grid))
    if nd == 3:
        if mode == 'bicubic':
            raise RuntimeError('grid_sampler(): bicubic interpolation only supports 4D input')
        raise NotImplementedError('F.grid_sample: 5-D input is not supported by standin')
    if input.dtype != torch.float64:
        if input.dtype != torch.float32:
            raise RuntimeError('grid_sampler_2d_cpu not implemented for ' + _scalar_type_names[input.dtype])
    if grid.dtype != input.dtype:
        raise RuntimeError('expected scalar type ' + _scalar_type_names[input.dtype] + ' but found ' +
                           _scalar_type_names[grid.dtype])
    if mode == 'bicubic':
        raise NotImplementedError("F.grid_sample: mode='bicubic' is not supported by standin")
    return _grid_sampler_2d(input, grid, mode, padding_mode, align_corners)



# As torch's: the squares' mean over a window of `size` channels (zero
# padded size // 2 before, (size - 1) // 2 after; the avg_pool summing the
# window in order, then dividing), times alpha, plus k, to the beta.
@_grad_node('DivBackward0')
def local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0):
    dim = input.dim()
    if dim < 3:
        raise ValueError('Expected 3D or higher dimensionality                          input (got ' + str(dim) +
                         ' dimensions)')
    if input.numel() == 0:
        return input
    sq = input * input
    c = input.shape[1]
    shape = list(sq.shape)
    shape[1] = size // 2
    before = torch.zeros(shape, dtype=sq.dtype)
    shape[1] = (size - 1) // 2
    padded = torch.cat([before, sq, torch.zeros(shape, dtype=sq.dtype)], 1)
    total = padded.narrow(1, 0, c)
    for i in range(1, size):
        total = total + padded.narrow(1, i, c)
    div = total / size if total.is_floating_point() else total // size
    return input / _pow_scalar(div * alpha + k, beta)


# F.embedding_bag as ATen's CPU kernels: each bag sums its rows in index
# order from zero (row * per_sample_weight added with one FMA in the float32
# kernel without padding_idx, separately rounded otherwise), mean divides
# by the rows counted (padding_idx excluded, at least 1), max keeps a
# row's value when it is the bag's first or greater; an empty bag is zeros.
def _embedding_bag_type(t):
    return 'CPUBFloat16Type' if t.dtype == torch.bfloat16 else _type_string(t)


def _embedding_bag_check(t, name, allowed, names):
    if t.dtype not in allowed:
        raise RuntimeError("Expected tensor for argument #1 '" + name + "' to have one of the following scalar types: " +
                           names + '; but got ' + _embedding_bag_type(t) + ' instead (while checking arguments for '
                           'embedding_bag)')


@_grad_node('EmbeddingBagBackward0')
def _embedding_bag(weight, input, offsets, mode, per_sample_weights, include_last_offset, padding_idx):
    index_type = torch.promote_types(input.dtype, offsets.dtype)
    probe = torch.zeros(0, dtype=index_type)
    _embedding_bag_check(probe, 'indices', (torch.int64, torch.int32), 'Long, Int')
    input = input.to(index_type)
    offsets = offsets.to(index_type)
    _embedding_bag_check(weight, 'weight', (torch.float16, torch.float32, torch.float64), 'Half, Float, Double')
    if per_sample_weights is not None and per_sample_weights.dtype != weight.dtype:
        raise RuntimeError("Expected tensor for argument #1 'weight' to have the same type as tensor for argument #1 "
                           "'per_sample_weights'; but type " + _type_string(weight) + ' does not equal ' +
                           _type_string(per_sample_weights) + ' (while checking arguments for embedding_bag)')
    num = weight.shape[0]
    if padding_idx is not None:
        if padding_idx < -num or padding_idx >= num:
            raise RuntimeError('padding_idx must be within the number of embeddings, ' + str(-num) + ' through ' +
                               str(num - 1) + ', but got ' + str(padding_idx))
        if padding_idx < 0:
            padding_idx += num
    if include_last_offset and offsets.shape[0] < 1:
        raise RuntimeError('include_last_offset: number of offset should be at least 1')
    n = input.shape[0]
    bounds = offsets.tolist()
    if len(bounds) > 0:
        if bounds[0] != 0:
            raise RuntimeError('offsets[0] has to be 0, i.e., the first sequence in the mini-batch has to start from '
                               'position 0. However, got ' + str(bounds[0]) + '\n[ ' + _type_string(offsets) + '{} ]')
        if bounds[-1] > n:
            raise RuntimeError("offsets[-1] can not be greater than input's length " + str(n) + ' but got offsets[-1] '
                               'of ' + str(bounds[-1]))
    starts = bounds[:-1] if include_last_offset else bounds
    ends = bounds[1:] if include_last_offset else bounds[1:] + [n]
    bags = len(starts)
    dim = weight.shape[1]
    # The index checks, first bad index first: the float32 sum / mean kernel
    # (caffe2's EmbeddingLookupIdx) words them its own way.
    bad = (input < 0) | (input >= num)
    if padding_idx is not None:
        bad = bad & (input != padding_idx)
    if bool(bad.any()):
        pos = int(bad.nonzero()[0, 0])
        i = int(input[pos])
        if weight.dtype == torch.float32 and mode != 'max' and padding_idx is None:
            line = '214' if index_type == torch.int64 else '213'
            raise RuntimeError('[enforce fail at embedding_lookup_idx.cc:' + line + '] 0 <= idx && idx < data_size. Index ' + str(pos) + ' is out of bounds: ' + str(i) +
                               ', range 0 to ' + str(num))
        raise RuntimeError('embedding_bag: Expected idx >= 0 && idx < num_embeddings but found idx to be ' + str(i))
    out = torch.zeros(bags, dim, dtype=weight.dtype)
    lengths = [max(e - b, 0) for b, e in zip(starts, ends)]
    longest = max(lengths) if bags else 0
    count = torch.zeros(bags, dtype=torch.int64)
    fused = weight.dtype == torch.float32 and padding_idx is None
    if longest > 0:
        start_t = torch.tensor(starts, dtype=torch.int64)
        length_t = torch.tensor(lengths, dtype=torch.int64)
        index_t = input.long()
        for p in range(longest):
            valid = p < length_t
            pos = torch.where(valid, start_t + p, torch.zeros_like(start_t))
            idx = index_t[pos]
            if padding_idx is not None:
                valid = valid & (idx != padding_idx)
            rows = weight[torch.where(valid, idx, torch.zeros_like(idx))]
            keep = valid.unsqueeze(1)
            if mode == 'max':
                take = keep & ((count == 0).unsqueeze(1) | (rows > out))
                out = torch.where(take, rows, out)
            elif per_sample_weights is not None:
                scaled = per_sample_weights[pos].unsqueeze(1)
                out = torch.where(keep, _fma(rows, scaled, out) if fused else out + rows * scaled, out)
            else:
                out = torch.where(keep, out + rows, out)
            count = count + valid.long()
    if mode == 'mean':
        out = out / count.clamp(min=1).to(weight.dtype).unsqueeze(1)
    return out


def embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, mode='mean',
                  sparse=False, per_sample_weights=None, include_last_offset=False, padding_idx=None):
    if weight.dtype == torch.int64 and input.is_floating_point():
        _warnings.warn('Argument order of nn.functional.embedding_bag was changed. Usage `embedding_bag(weight, input, '
                       '...)` is deprecated, and should now be `embedding_bag(input, weight, ...)`.')
        weight, input = input, weight
    if per_sample_weights is not None and tuple(input.shape) != tuple(per_sample_weights.shape):
        raise ValueError('embedding_bag: If per_sample_weights (' + str(per_sample_weights.shape) + ') is not None, then '
                         'it must have the same shape as the input (' + str(input.shape) + ')')
    if input.dim() == 2:
        if offsets is not None:
            raise ValueError('if input is 2D, then offsets has to be None, as input is treated is a mini-batch of fixed '
                             "length sequences. However, found offsets of type <class 'torch.Tensor'>")
        offsets = torch.arange(0, input.numel(), input.shape[1], dtype=input.dtype)
        input = input.reshape(-1)
        if per_sample_weights is not None:
            per_sample_weights = per_sample_weights.reshape(-1)
    elif input.dim() == 1:
        if offsets is None:
            raise ValueError('offsets has to be a 1D Tensor but got None')
        if offsets.dim() != 1:
            raise ValueError('offsets has to be a 1D Tensor')
    else:
        raise ValueError('input has to be 1D or 2D Tensor, but got Tensor of dimension ' + str(input.dim()))
    if mode == 'max':
        if scale_grad_by_freq:
            raise ValueError('max mode does not support scaling the gradient by the frequency')
        if sparse:
            raise ValueError('max mode does not support sparse weights')
    elif mode != 'sum' and mode != 'mean':
        raise ValueError('mode has to be one of sum, mean or max')
    if max_norm is not None:
        # As embedding_renorm_: each row the input names, scaled down in place to max_norm.
        with torch.no_grad():
            for i in sorted(set(input.reshape(-1).tolist())):
                norm = weight[i].norm(norm_type).item()
                if norm > max_norm:
                    weight[i] *= max_norm / (norm + 1e-7)
    if per_sample_weights is not None and mode != 'sum':
        raise NotImplementedError("embedding_bag: per_sample_weights was not None. per_sample_weights is only supported "
                                  "for mode='sum' (got mode='" + str(mode) + "'). Please open a feature request on "
                                  'GitHub.')
    return _embedding_bag(weight, input, offsets, mode, per_sample_weights, include_last_offset, padding_idx)


# torch.nn._reduction, reached as F._Reduction: a reduction's name as the
# enum ATen's losses take (none 0, mean 1, sum 2).
class _Reduction:
    @staticmethod
    def get_enum(reduction):
        if reduction == 'none':
            return 0
        if reduction == 'mean':
            return 1
        if reduction == 'elementwise_mean':
            _warnings.warn("reduction='elementwise_mean' is deprecated, please use reduction='mean' instead.")
            return 1
        if reduction == 'sum':
            return 2
        raise ValueError(str(reduction) + " is not a valid value for reduction")

    @staticmethod
    def legacy_get_string(size_average, reduce, emit_warning=True):
        size_average = True if size_average is None else size_average
        reduce = True if reduce is None else reduce
        ret = 'mean' if size_average and reduce else ('sum' if reduce else 'none')
        if emit_warning:
            _warnings.warn("size_average and reduce args will be deprecated, please use reduction='" + ret +
                           "' instead.")
        return ret

    @staticmethod
    def legacy_get_enum(size_average, reduce, emit_warning=True):
        return _Reduction.get_enum(_Reduction.legacy_get_string(size_average, reduce, emit_warning))


# size_average / reduce (deprecated) as torch's _Reduction.legacy_get_string.
def _legacy_reduction(size_average, reduce, reduction):
    if size_average is None and reduce is None:
        return reduction
    size_average = True if size_average is None else size_average
    reduce = True if reduce is None else reduce
    reduction = 'mean' if size_average and reduce else ('sum' if reduce else 'none')
    _warnings.warn("size_average and reduce args will be deprecated, please use reduction='" + reduction +
                   "' instead.")
    return reduction


# ATen's log_sigmoid kernel: min(x, 0) - log1p(exp(-|x|)). (The prelude's
# logsigmoid, -softplus(-x), differs from it in the last bit.)
@_grad_node('LogSigmoidBackward0')
def _log_sigmoid(input):
    # (minimum: at 0 the gradient is 0.5, as log_sigmoid_backward; clamp would give 1)
    return torch.minimum(input, torch.zeros_like(input)) - torch.log1p(torch.exp(-input.abs()))


@_grad_node('SoftMarginLossBackward0')
def soft_margin_loss(input, target, size_average=None, reduce=None, reduction='mean'):
    # As ATen's: log(1 + exp(-input * target)), then the reduction.
    # (ATen writes into a tensor of the input's dtype: -input * target is rounded to it.)
    reduction = _legacy_reduction(size_average, reduce, reduction)
    z = (-input) * target
    if z.dtype != input.dtype:
        if not input.is_floating_point():
            raise RuntimeError('result type ' + _scalar_type_names[z.dtype] + " can't be cast to the desired output "
                               'type ' + _scalar_type_names[input.dtype])
        z = z.to(input.dtype)
    return _reduce(torch.log(torch.exp(z) + 1.0), reduction)


def hinge_embedding_loss(input, target, margin=1.0, size_average=None, reduce=None, reduction='mean'):
    # As ATen's: max(0, margin - x) where the target is not 1, plus x where it is not -1.
    reduction = _legacy_reduction(size_average, reduce, reduction)
    zeros = torch.zeros_like(input)
    margin_part = torch.where(target != 1, torch.clamp(margin - input, min=0), zeros)
    self_part = torch.where(target != -1, input, zeros)
    return _reduce(margin_part + self_part, reduction)


# multi_margin_loss: per sample, sum over classes i != y of
# max(0, margin - x[y] + x[i])^p (times weight[y]), divided by the class count.
def multi_margin_loss(input, target, p=1, margin=1.0, weight=None, size_average=None, reduce=None, reduction='mean'):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if p != 1 and p != 2:
        raise ValueError('only p == 1 and p == 2 supported')
    x = input if input.dim() == 2 else input.unsqueeze(0)
    y = target.reshape(-1)
    if input.dim() not in (1, 2) or target.dim() > 1 or y.shape[0] != x.shape[0]:
        raise RuntimeError('inconsistent target size, expected ' + str(x.shape[0]) + ' but got ' +
                           str(list(target.shape)))
    picked = x.gather(1, y.unsqueeze(1))
    terms = torch.clamp(margin - picked + x, min=0)
    if p == 2:
        terms = terms * terms
    if weight is not None:
        terms = terms * weight[y].unsqueeze(1)
    others = torch.arange(x.shape[1]).unsqueeze(0) != y.unsqueeze(1)
    loss = torch.where(others, terms, torch.zeros_like(terms)).sum(1) / x.shape[1]
    if input.dim() == 1:
        loss = loss.squeeze(0)
    return _reduce(loss, reduction)


# triplet_margin_with_distance_loss: max(d(a, p) - d(a, n) + margin, 0),
# pairwise_distance by default; swap takes min(d(a, n), d(p, n)).
def triplet_margin_with_distance_loss(anchor, positive, negative, *, distance_function=None, margin=1.0, swap=False,
                                      reduction='mean'):
    dist = distance_function if distance_function is not None else pairwise_distance
    d_pos = dist(anchor, positive)
    d_neg = dist(anchor, negative)
    if swap:
        d_neg = torch.minimum(d_neg, dist(positive, negative))
    return _reduce(torch.clamp(margin + d_pos - d_neg, min=0), reduction)


def multilabel_soft_margin_loss(input, target, weight=None, size_average=None, reduce=None, reduction='mean'):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    loss = -(target * _log_sigmoid(input) + (1 - target) * _log_sigmoid(-input))
    if weight is not None:
        loss = loss * weight
    class_dim = input.dim() - 1
    loss = loss.sum(dim=class_dim) / input.size(class_dim)
    if reduction == 'none':
        return loss
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    raise ValueError(reduction + ' is not valid')


def poisson_nll_loss(input, target, log_input=True, full=False, size_average=None, eps=1e-8, reduce=None,
                     reduction='mean'):
    reduction = _legacy_reduction(size_average, reduce, reduction)
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + ' is not valid')
    # As ATen's poisson_nll_loss, with Stirling's term where target > 1.
    if log_input:
        loss = torch.exp(input) - target * input
    else:
        loss = input - target * torch.log(input + eps)
    if full:
        stirling = target * torch.log(target) - target + 0.5 * torch.log(2 * _math.pi * target)
        loss = loss + stirling.masked_fill(target <= 1, 0)
    return _reduce(loss, reduction)


def gaussian_nll_loss(input, target, var, full=False, eps=1e-6, reduction='mean'):
    if tuple(var.shape) != tuple(input.shape):
        # var one dim short, or 1 in the last dim: the same variance for every class.
        if tuple(input.shape[:-1]) == tuple(var.shape):
            var = torch.unsqueeze(var, -1)
        elif tuple(input.shape[:-1]) == tuple(var.shape[:-1]) and var.size(-1) == 1:
            pass
        else:
            raise ValueError('var is of incorrect size')
    if reduction != 'none' and reduction != 'mean' and reduction != 'sum':
        raise ValueError(reduction + ' is not valid')
    if torch.any(var < 0):
        raise ValueError('var has negative entry/entries')
    var = var.clone()
    with torch.no_grad():
        var.clamp_(min=eps)
    d = input - target
    loss = 0.5 * (torch.log(var) + d * d / var)
    if full:
        loss = loss + 0.5 * _math.log(2 * _math.pi)
    if reduction == 'mean':
        return loss.mean()
    if reduction == 'sum':
        return loss.sum()
    return loss


def gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
    # As torch's: softmax((logits + Gumbel(0, 1) noise) / tau), and with hard
    # the one-hot argmax plus y_soft - y_soft.detach() (straight through).
    if eps != 1e-10:
        _warnings.warn('`eps` parameter is deprecated and has no effect.')
    if not logits.is_floating_point():
        raise RuntimeError('"exponential_cpu" not implemented for \'' + _scalar_type_names[logits.dtype] + "'")
    gumbels = -torch.empty_like(logits).exponential_().log()
    y_soft = ((logits + gumbels) / tau).softmax(dim)
    if not hard:
        return y_soft
    index = y_soft.max(dim, keepdim=True)[1]
    y_hard = torch.zeros_like(logits).scatter_(dim, index, 1.0)
    return y_hard - y_soft.detach() + y_soft
)PY";

inline constexpr std::string_view torch_prelude = R"PY(
# A guest-code function's result names the autograd node torch's own op
# records (torch._set_grad_fn; standin computes no gradients).
def _grad_node(name):
    def wrap(fn):
        def named(*args, **kwargs):
            out = fn(*args, **kwargs)
            if args and isinstance(out, torch.Tensor) and out is args[0]:  # the input handed back (dropout in eval): no node
                return out
            return torch._set_grad_fn(out, name)
        named.__name__ = fn.__name__
        named.__doc__ = fn.__doc__
        named.__wrapped__ = fn
        return named
    return wrap


builtin_slice = slice
builtin_sorted = sorted
builtin_min = min
builtin_max = max
builtin_any = any
def typename(o):
    if isinstance(o, Tensor):
        return o.type()
    module = getattr(type(o), '__module__', 'builtins')
    name = type(o).__qualname__
    return name if module in ('builtins', None) else module + '.' + name


class Size:
    def __init__(self, dims=()):
        self._dims = tuple(dims)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return Size(self._dims[i])
        return self._dims[i]

    def __len__(self):
        return len(self._dims)

    def __iter__(self):
        return iter(self._dims)

    def __eq__(self, other):
        if isinstance(other, Size):
            return self._dims == other._dims
        return self._dims == other

    def __ne__(self, other):
        return not self == other

    def __hash__(self):
        return hash(self._dims)

    def __add__(self, other):
        return Size(self._dims + tuple(other))

    def __radd__(self, other):
        return tuple(other) + self._dims

    def __contains__(self, item):
        return item in self._dims

    def __mul__(self, n):
        return Size(self._dims * n)

    def __rmul__(self, n):
        return Size(self._dims * n)

    def __lt__(self, other):
        return self._dims < (other._dims if isinstance(other, Size) else other)

    def __le__(self, other):
        return self._dims <= (other._dims if isinstance(other, Size) else other)

    def __gt__(self, other):
        return self._dims > (other._dims if isinstance(other, Size) else other)

    def __ge__(self, other):
        return self._dims >= (other._dims if isinstance(other, Size) else other)

    def index(self, value):
        return self._dims.index(value)

    def count(self, value):
        return self._dims.count(value)

    def numel(self):
        n = 1
        for d in self._dims:
            n *= d
        return n

    def __repr__(self):
        return 'torch.Size([' + ', '.join(str(d) for d in self._dims) + '])'


@_grad_node('TrilBackward0')
def tril(input, diagonal=0):
    rows = torch.arange(input.shape[-2]).unsqueeze(-1)
    cols = torch.arange(input.shape[-1])
    return torch.where(cols - rows <= diagonal, input, torch.zeros_like(input))


@_grad_node('TriuBackward0')
def triu(input, diagonal=0):
    rows = torch.arange(input.shape[-2]).unsqueeze(-1)
    cols = torch.arange(input.shape[-1])
    return torch.where(cols - rows >= diagonal, input, torch.zeros_like(input))


@_grad_node('MaskedFillBackward0')
def masked_fill(input, mask, value):
    if isinstance(value, torch.Tensor):
        # A 0-d value tensor stays a tensor (no .item(): a trace keeps one graph).
        if value.dim() != 0:
            raise RuntimeError('masked_fill_ only supports a 0-dimensional value tensor, but got tensor with ' +
                               str(value.dim()) + ' dimension(s).')
        return torch.where(mask, value.to(input.dtype).expand(input.shape), input)
    return torch.where(mask, torch.full(input.shape, value, dtype=input.dtype), input)


def _masked_fill_(self, mask, value):
    return self.copy_(masked_fill(self, mask, value))


Tensor.tril = tril
Tensor.triu = triu


def _tril_(self, diagonal=0):
    return self.copy_(tril(self, diagonal))


def _triu_(self, diagonal=0):
    return self.copy_(triu(self, diagonal))


Tensor.tril_ = _tril_
Tensor.triu_ = _triu_
Tensor.masked_fill = masked_fill
Tensor.masked_fill_ = _masked_fill_


# Named results (torch.return_types): values/indices by name or by position.
class _ReturnType:
    def __init__(self, name, values, indices):
        self._name = name
        self.values = values
        self.indices = indices

    def __getitem__(self, i):
        return (self.values, self.indices)[i]

    def __iter__(self):
        return iter((self.values, self.indices))

    def __len__(self):
        return 2

    # aminmax names its items min and max.
    @property
    def min(self):
        return self.values

    @property
    def max(self):
        return self.indices

    # frexp names its items mantissa and exponent.
    @property
    def mantissa(self):
        return self.values

    @property
    def exponent(self):
        return self.indices

    # histogram names its items hist and bin_edges.
    @property
    def hist(self):
        return self.values

    @property
    def bin_edges(self):
        return self.indices

    def __repr__(self):
        first, second = ('min', 'max') if self._name.startswith('aminmax') else \
            ('mantissa', 'exponent') if self._name.startswith('frexp') else \
            ('hist', 'bin_edges') if self._name.startswith('histogram') else ('values', 'indices')
        return 'torch.return_types.' + self._name + '(\n' + first + '=' + repr(self.values) + ',\n' + second + '=' + \
            repr(self.indices) + ')'


_op_max = torch.max
_op_min = torch.min
_op_sort = torch.sort
_op_topk = torch.topk


def max(input, dim=None, keepdim=False, *, other=None):
    if isinstance(dim, Tensor):
        return torch.maximum(input, dim)
    if dim is None:
        return _op_max(input)
    values, indices = _op_max(input, dim, keepdim)
    return _ReturnType('max', values, indices)


def min(input, dim=None, keepdim=False):
    if isinstance(dim, Tensor):
        return torch.minimum(input, dim)
    if dim is None:
        return _op_min(input)
    values, indices = _op_min(input, dim, keepdim)
    return _ReturnType('min', values, indices)


def sort(input, dim=-1, descending=False, stable=False):
    values, indices = _op_sort(input, dim, descending, bool(stable))
    return _ReturnType('sort', values, indices)


def argsort(input, dim=-1, descending=False, stable=False):
    return _op_sort(input, dim, descending, bool(stable))[1]


def topk(input, k, dim=-1, largest=True, sorted=True):
    _no_half(input, 'topk_cpu')
    if input.dtype == torch.bool:
        raise RuntimeError('"topk_cpu" not implemented for \'Bool\'')
    values, indices = _op_topk(input, k, dim, largest, sorted)
    return _ReturnType('topk', values, indices)


def narrow(input, dim, start, length):
    dim = _wrap_dim(dim, input.dim())
    n = input.shape[dim]
    if start != n:
        start = _wrap_dim(start, n)
    if length < 0 or start > n - length:
        raise RuntimeError('start (' + str(start) + ') + length (' + str(length) + ') exceeds dimension size (' +
                           str(n) + ').')
    index = (builtin_slice(None),) * dim + (builtin_slice(start, start + length),)
    return input[index]


def split(tensor, split_size_or_sections=None, dim=0, *, split_size=None):
    if split_size is not None:  # Tensor.split(split_size=...)
        split_size_or_sections = split_size
    if isinstance(split_size_or_sections, torch.Tensor) and split_size_or_sections.dim() == 0 and \
            not split_size_or_sections.is_floating_point():
        split_size_or_sections = int(split_size_or_sections)  # (an int tensor is an int here)
    dim = _wrap_dim(dim, tensor.dim())
    n = tensor.shape[dim]
    if isinstance(split_size_or_sections, int):
        if split_size_or_sections < 0:
            raise RuntimeError('split expects split_size be non-negative, but got split_size=' + str(split_size_or_sections))
        if split_size_or_sections == 0 and n != 0:
            raise RuntimeError('split_size can only be 0 if dimension size is 0, but got dimension size of ' + str(n))
        sizes = []
        start = 0
        while start < n:
            sizes.append(_op_min_int(split_size_or_sections, n - start))
            start += split_size_or_sections
        if n == 0:
            sizes = [0]
    else:
        sizes = list(split_size_or_sections)
        if sum(sizes) != n:
            raise RuntimeError('split_with_sizes expects split_sizes to sum exactly to ' + str(n) +
                               ' (input tensor\'s size at dimension ' + str(dim) + '), but got split_sizes=' + str(sizes))
    out = []
    start = 0
    for size in sizes:
        out.append(narrow(tensor, dim, start, size))
        start += size
    return torch._set_grad_fn(tuple(out), 'SplitBackward0' if isinstance(split_size_or_sections, int) else 'SplitWithSizesBackward0')


def chunk(input, chunks, dim=0):
    if chunks <= 0:
        raise RuntimeError('chunk expects `chunks` to be greater than 0, got: ' + str(chunks))
    n = input.shape[dim]
    size = (n + chunks - 1) // chunks
    return split(input, _op_max_int(size, 1), dim)


@_grad_node('UnbindBackward0')
def unbind(input, dim=0):
    if dim < 0:
        dim += input.dim()
    return tuple(input.select(dim, i) for i in range(input.shape[dim]))


def _dims_or_all(input, dim):
    if dim is None:
        return tuple(range(input.dim()))
    return dim


def _var_std(input, dim, unbiased, keepdim, correction, take_sqrt):
    if not is_floating_point(input):
        raise RuntimeError('std and var only support floating point and complex dtypes')
    if correction is None:
        correction = 1 if unbiased else 0
    dims = _dims_or_all(input, dim)
    if isinstance(dims, int):
        dims = (dims,)
    return torch._var(input, dims, correction, keepdim, take_sqrt)


def var(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return _var_std(input, dim, unbiased, keepdim, correction, False)


def std(input, dim=None, unbiased=True, keepdim=False, *, correction=None):
    return _var_std(input, dim, unbiased, keepdim, correction, True)


def var_mean(input, dim=None, unbiased=True, keepdim=False):
    return torch._set_grad_fn((var(input, dim, unbiased, keepdim), input.mean(_dims_or_all(input, dim), keepdim=keepdim)),
                              'VarMeanBackward0')


def std_mean(input, dim=None, unbiased=True, keepdim=False):
    return torch._set_grad_fn((std(input, dim, unbiased, keepdim), input.mean(_dims_or_all(input, dim), keepdim=keepdim)),
                              'StdMeanBackward0')


@_grad_node('LogsumexpBackward0')
def logsumexp(input, dim, keepdim=False):
    m = input.amax(dim, keepdim=True)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    out = torch.log(torch.exp(input - m).sum(dim, keepdim=True)) + m
    if not keepdim:
        dims = (dim,) if isinstance(dim, int) else tuple(dim)
        for d in _sorted_dims_desc(dims, input.dim()):
            out = out.squeeze(d)
    return out


def _sorted_dims_desc(dims, ndim):
    out = [d + ndim if d < 0 else d for d in dims]
    out.sort(reverse=True)
    return out


_op_log_softmax = torch.log_softmax


def log_softmax(input, dim=None, dtype=None):
    if dtype is not None:
        input = input.to(dtype)
    _float_kernel(input, 'log_softmax_lastdim_kernel_impl' if dim == -1 or dim == input.dim() - 1 else 'softmax_kernel_impl')
    return _op_log_softmax(input, dim)


def all(input, dim=None, keepdim=False):
    if dim is None:
        out = (input != 0).sum() == input.numel()
    else:
        out = (input != 0).sum(dim, keepdim=keepdim) == input.shape[dim]
    return out.to(torch.uint8) if input.dtype == torch.uint8 else out  # (torch 1.13 keeps uint8)


def any(input, dim=None, keepdim=False):
    if dim is None:
        out = (input != 0).sum() > 0
    else:
        out = (input != 0).sum(dim, keepdim=keepdim) > 0
    return out.to(torch.uint8) if input.dtype == torch.uint8 else out


def count_nonzero(input, dim=None):
    return (input != 0).sum(dim)


@_grad_node('NormBackward1')
def norm(input, p='fro', dim=None, keepdim=False, dtype=None):
    if not is_floating_point(input):
        raise RuntimeError('norm(): input dtype should be either floating point or complex. Got ' +
                           _scalar_type_names[input.dtype] + ' instead.')
    dims = _dims_or_all(input, dim)
    if p == 'fro' or p == 2:
        if input.dtype == torch.float16:  # norm has a float16 kernel; sqrt has none
            return torch.sqrt((input * input).sum(dims, keepdim=keepdim).float()).half()
        squares = (input * input).sum(dims, keepdim=keepdim)
        if input.requires_grad and torch.is_grad_enabled():
            # (torch's norm_backward: 0 where the norm is 0, not 0 * inf)
            zero = squares == 0
            return torch.where(zero, squares, torch.sqrt(torch.where(zero, torch.ones_like(squares), squares)))
        return torch.sqrt(squares)
    if p == 1:
        return input.abs().sum(dims, keepdim=keepdim)
    if p == float('inf'):
        return input.abs().amax(dims, keepdim=keepdim)
    return torch._pow_std(torch._pow_std(input.abs(), p).sum(dims, keepdim=keepdim), 1.0 / p)


def _bound(input, value):
    if isinstance(value, Tensor):
        return value
    return torch.full((), value, dtype=input.dtype if not isinstance(value, float) or is_floating_point(input) else torch.get_default_dtype())


@_grad_node('ClampBackward1')
def clamp(input, min=None, max=None):
    if min is None and max is None:
        raise RuntimeError("torch.clamp: At least one of 'min' or 'max' must not be None")
    _no_half(input, 'clamp_cpu' if isinstance(min, Tensor) or isinstance(max, Tensor) else 'clamp_scalar_cpu')
    # the result's dtype: input's promoted with the bounds' (bool with an int bound is int64)
    out_dtype = input.dtype
    for b in (min, max):
        if b is not None:
            out_dtype = torch.promote_types(out_dtype, torch.result_type(input, b))
    if out_dtype == torch.bool and not isinstance(min, Tensor) and not isinstance(max, Tensor):
        kernel = 'clamp_scalar_cpu' if min is not None and max is not None else \
            'clamp_min_cpu' if min is not None else 'clamp_max_scalar_cpu'
        raise RuntimeError('"' + kernel + '" not implemented for \'Bool\'')
    if out_dtype != input.dtype:
        input = input.to(out_dtype)
    out = input
    if min is not None:
        low = _bound(input, min)
        out = torch.where(out < low, low.to(torch.promote_types(out.dtype, low.dtype)), out)
    if max is not None:
        high = _bound(input, max)
        out = torch.where(out > high, high.to(torch.promote_types(out.dtype, high.dtype)), out)
    return out


def _clamp_(self, min=None, max=None):
    result = clamp(self, min, max)
    _check_cast(result.dtype, self.dtype, _cpp_type_names)  # (float bounds on an int tensor; torch names the C++ type)
    return self.copy_(result)


clip = clamp


@_grad_node('LerpBackward0')
def lerp(input, end, weight):
    _float_kernel(input, 'lerp_kernel_tensor' if isinstance(weight, Tensor) else 'lerp_kernel_scalar')
    return input + weight * (end - input)


@_grad_node('NanToNumBackward0')
def nan_to_num(input, nan=0.0, posinf=None, neginf=None):
    if not input.is_floating_point():
        return input.clone()
    big = torch.finfo(input.dtype).max
    out = torch.where(torch.isnan(input), torch.full((), nan, dtype=input.dtype), input)
    out = torch.where(out == float('inf'), torch.full((), big if posinf is None else posinf, dtype=input.dtype), out)
    return torch.where(out == float('-inf'), torch.full((), -big if neginf is None else neginf, dtype=input.dtype), out)


@_grad_node('PowBackward0')
def square(input):
    return input * input


def mm(input, mat2):
    if input.dim() != 2:
        raise RuntimeError('self must be a matrix')
    if mat2.dim() != 2:
        raise RuntimeError('mat2 must be a matrix')
    return torch.matmul(input, mat2)


@_grad_node('BmmBackward0')
def bmm(input, mat2):
    _no_half(input, 'bmm')
    if input.dim() != 3:
        raise RuntimeError('batch1 must be a 3D tensor')
    if mat2.dim() != 3:
        raise RuntimeError('batch2 must be a 3D tensor')
    if mat2.shape[0] != input.shape[0] or mat2.shape[1] != input.shape[2]:
        raise RuntimeError('Expected size for first two dimensions of batch2 tensor to be: [' + str(input.shape[0]) + ', ' +
                           str(input.shape[2]) + '] but got: [' + str(mat2.shape[0]) + ', ' + str(mat2.shape[1]) + '].')
    return torch.matmul(input, mat2)


def mv(input, vec):
    return torch.matmul(input, vec)


def dot(input, other):
    _no_half(input, 'dot')
    if input.dim() != 1 or other.dim() != 1:
        raise RuntimeError('1D tensors expected, but got ' + str(input.dim()) + 'D and ' + str(other.dim()) + 'D tensors')
    # matmul's 1-D . 1-D adds the products one by one, in order, as BLAS's sdot does.
    return torch.matmul(input, other)


def outer(input, vec2):
    return input.unsqueeze(-1) * vec2


ger = outer


# beta * input + alpha * outer(vec1, vec2); with beta == 0 input is not read
# (its nan and inf do not reach the result), as in torch.
def addr(input, vec1, vec2, *, beta=1, alpha=1):
    if vec1.dim() != 1 or vec2.dim() != 1:
        raise RuntimeError('addr: Expected 1-D argument vec1, but got ' + str(vec1.dim()) + '-D'
                           if vec1.dim() != 1 else 'addr: Expected 1-D argument vec2, but got ' + str(vec2.dim()) + '-D')
    prod = outer(vec1, vec2)
    if alpha != 1:
        prod = prod * alpha
    if beta == 0:
        return prod + torch.zeros_like(input)
    return (input if beta == 1 else input * beta) + prod


# The trapezoidal rule along dim, as ATen computes it: with a spacing dx,
# (sum - (first + last) / 2) * dx; with sample points x, sum(dx_i * (y_i + y_i+1)) / 2.
def trapezoid(y, x=None, *, dx=None, dim=-1):
    n = y.shape[dim]
    if x is None:
        spacing = 1 if dx is None else dx
        if n == 0:
            return y.sum(dim) * 0
        return (y.sum(dim) - (y.select(dim, 0) + y.select(dim, -1)) * 0.5) * spacing
    if x.dim() == 1:
        shape = [1] * y.dim()
        shape[dim] = x.shape[0]
        x = x.reshape(shape)
    steps = x.narrow(dim, 1, n - 1) - x.narrow(dim, 0, n - 1)
    return (steps * (y.narrow(dim, 1, n - 1) + y.narrow(dim, 0, n - 1))).sum(dim) / 2.0


def trapz(y, x=None, *, dx=None, dim=-1):
    return trapezoid(y, x, dx=dx, dim=dim)


@_grad_node('AddmmBackward0')
def addmm(input, mat1, mat2, *, beta=1, alpha=1):
    _no_half(mat1, 'addmm_impl_cpu_')
    if beta == 0:  # input is ignored then (its NaN and inf too), as BLAS's beta=0
        return alpha * torch.matmul(mat1, mat2) + torch.zeros_like(input)
    return beta * input + alpha * torch.matmul(mat1, mat2)


@_grad_node('BaddbmmBackward0')
def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    _no_half(batch1, 'baddbmm')
    if beta == 0:
        return alpha * torch.matmul(batch1, batch2) + torch.zeros_like(input)
    return beta * input + alpha * torch.matmul(batch1, batch2)


def flatten(input, start_dim=0, end_dim=-1):
    nd = input.dim()
    start_dim = _wrap_dim(start_dim, nd)
    end_dim = _wrap_dim(end_dim, nd)
    if start_dim > end_dim:
        raise RuntimeError('flatten() has invalid args: start_dim cannot come after end_dim')
    if nd == 0:
        return input.reshape(1)
    shape = list(input.shape)
    n = 1
    for d in shape[start_dim:end_dim + 1]:
        n *= d
    return input.reshape(shape[:start_dim] + [n] + shape[end_dim + 1:])


@_grad_node('ViewBackward0')
def unflatten(input, dim, sizes):
    if dim < 0:
        dim += input.dim()
    shape = list(input.shape)
    return input.reshape(shape[:dim] + list(sizes) + shape[dim + 1:])


@_grad_node('RepeatBackward0')
def _repeat(self, *sizes):
    if len(sizes) == 1 and isinstance(sizes[0], torch.Tensor) and sizes[0].dim() == 0 and \
            not sizes[0].is_floating_point():
        sizes = (int(sizes[0]),)  # (an int tensor is an int here)
    elif len(sizes) == 1 and not isinstance(sizes[0], int):
        sizes = tuple(sizes[0])
    if len(sizes) < self.dim():
        raise RuntimeError('Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor')
    x = self.reshape((1,) * (len(sizes) - self.dim()) + tuple(self.shape))
    shape = []
    expanded = []
    for r, d in zip(sizes, x.shape):
        shape.append(r)
        shape.append(d)
        expanded.append(r * d)
    xs = []
    for d in x.shape:
        xs.append(1)
        xs.append(d)
    # A copy, as torch's: never a view of self, never stride 0.
    return x.reshape(xs).expand(shape).clone().contiguous().view(expanded)


def repeat_interleave(input, repeats=None, dim=None, *, output_size=None):
    if repeats is None:  # repeat_interleave(repeats): each index repeated
        return torch.tensor([i for i, r in enumerate(input.tolist()) for _ in range(r)], dtype=torch.int64)
    if dim is None:
        input = input.reshape(-1)
        dim = 0
    if dim < 0:
        dim += input.dim()
    if isinstance(repeats, torch.Tensor) and repeats.dim() == 0:
        repeats = repeats.item()
    if isinstance(repeats, int):
        index = torch.arange(input.shape[dim]).unsqueeze(1).expand(input.shape[dim], repeats).reshape(-1)
    else:
        counts = repeats.tolist()
        if len(counts) != input.shape[dim] and len(counts) != 1:
            raise RuntimeError('repeats must have the same size as input along dim')
        if len(counts) == 1:
            counts = counts * input.shape[dim]
        index = torch.tensor([i for i, r in enumerate(counts) for _ in range(r)], dtype=torch.int64)
    return input.index_select(dim, index)


@_grad_node('FlipBackward0')
def flip(input, dims):
    if isinstance(dims, int):
        dims = (dims,)
    # (torch's checks: dims wrapped, none twice; a 0-d tensor takes 0 and -1)
    wrapped = [_wrap_dim(d, input.dim()) for d in dims]
    for i, d in enumerate(wrapped):
        if d in wrapped[:i]:
            raise RuntimeError('dim ' + str(d) + ' appears multiple times in the list of dims')
    if input.dim() == 0:
        return input.clone()
    out = input
    for d in wrapped:
        n = out.shape[d]
        out = out.index_select(d, torch.arange(n - 1, -1, -1))
    return out


@_grad_node('RollBackward0')
def roll(input, shifts, dims=None):
    if dims is None:
        return roll(input.reshape(-1), shifts, 0).reshape(input.shape)
    if isinstance(shifts, int):
        shifts = (shifts,)
        dims = (dims,)
    out = input
    for s, d in zip(shifts, dims):
        n = out.shape[d]
        if n == 0:
            continue
        index = (torch.arange(n) - s) % n
        out = out.index_select(d, index)
    return out


def movedim(input, source, destination):
    nd = input.dim()
    if isinstance(source, int):
        source = (source,)
        destination = (destination,)
    source = [s + nd if s < 0 else s for s in source]
    destination = [d + nd if d < 0 else d for d in destination]
    order = [None] * nd
    for s, d in zip(source, destination):
        order[d] = s
    rest = iter([i for i in range(nd) if i not in source])
    order = [o if o is not None else next(rest) for o in order]
    return input.permute(*order)


moveaxis = movedim


def ravel(input):
    return input.contiguous().view(-1)


def fliplr(input):
    if input.dim() < 2:
        raise RuntimeError('Input must be >= 2-d.')
    return flip(input, [1])


def flipud(input):
    if input.dim() < 1:
        raise RuntimeError('Input must be >= 1-d.')
    return flip(input, [0])


def take(input, index):
    return input.reshape(-1)[index]


# Complex tensors. standin's reference tensor has no complex element type: a
# complex tensor is held as its view_as_real form, a float tensor whose last
# dimension (size 2, stride 1) holds each element's real and imaginary parts,
# which is how torch lays a complex tensor out in memory. view_as_complex and
# view_as_real are views both ways, as in torch. The surface is what rotary
# embeddings (LLaMA's precompute_freqs_cis / apply_rotary_emb) and complex
# arithmetic use; other ops raise a clear error rather than read the pairs as
# real numbers. Unlike torch, a complex tensor is not an instance of Tensor.
class _ComplexDType:
    is_complex = True
    is_floating_point = False
    is_signed = True

    def __init__(self, name, itemsize, real):
        self._name = name
        self.itemsize = itemsize
        self._real = real

    def __repr__(self):
        return 'torch.' + self._name

    def to_real(self):
        return self._real

    def to_complex(self):
        return self

    def __reduce__(self):
        return self._name


complex64 = _ComplexDType('complex64', 8, torch.float32)
complex128 = _ComplexDType('complex128', 16, torch.float64)
cfloat = complex64
cdouble = complex128


def _complex_dim(c, d):
    n = c.dim()
    if d < -builtin_max(n, 1) or d >= builtin_max(n, 1):
        raise IndexError('Dimension out of range (expected to be in range of [' + str(-builtin_max(n, 1)) + ', ' +
                         str(builtin_max(n, 1) - 1) + '], but got ' + str(d) + ')')
    return d + n if d < 0 else d


def _complex_shape(shape):
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return tuple(shape)


def _complex_parts(other):
    # (real, imag) of an operand of complex arithmetic, or None when it is not one.
    if isinstance(other, _ComplexTensor):
        return other.real, other.imag
    if isinstance(other, (int, float, Tensor)):
        return other, 0
    return None


def _complex_operand(other):
    # A real tensor operand broadcasts against the complex tensor's elements.
    if isinstance(other, Tensor) and other.dim() > 0:
        return other.unsqueeze(-1)
    return other


class _ComplexTensor:
    __module__ = 'torch'

    def __init__(self, ri):
        self._ri = ri

    @property
    def dtype(self):
        return complex128 if self._ri.dtype == torch.float64 else complex64

    @property
    def shape(self):
        return self._ri.shape[:-1]

    @property
    def device(self):
        return self._ri.device

    @property
    def ndim(self):
        return self._ri.dim() - 1

    @property
    def real(self):
        return self._ri.select(-1, 0)

    @property
    def imag(self):
        return self._ri.select(-1, 1)

    @property
    def requires_grad(self):
        return False

    @property
    def is_cuda(self):
        return False

    def size(self, dim=None):
        if dim is None:
            return self.shape
        return self.shape[_complex_dim(self, dim)]

    def dim(self):
        return self._ri.dim() - 1

    def numel(self):
        return self._ri.numel() // 2

    def element_size(self):
        return self.dtype.itemsize

    def __len__(self):
        if self.dim() == 0:
            raise TypeError('len() of a 0-d tensor')
        return self._ri.shape[0]

    def __iter__(self):
        if self.dim() == 0:
            raise TypeError('iteration over a 0-d tensor')
        return iter([_ComplexTensor(self._ri[i]) for i in range(self._ri.shape[0])])

    def is_complex(self):
        return True

    def is_floating_point(self):
        return False

    def is_contiguous(self):
        return self._ri.is_contiguous()

    def conj(self):
        return _ComplexTensor(torch.stack((self.real, -self.imag), -1))

    conj_physical = conj
    resolve_conj = lambda self: self

    def is_conj(self):
        return False

    def abs(self):
        return torch.hypot(self.real, self.imag)

    def angle(self):
        return torch.atan2(self.imag, self.real)

    def exp(self):
        m = torch.exp(self.real)
        return _ComplexTensor(torch.stack((m * torch.cos(self.imag), m * torch.sin(self.imag)), -1))

    def __neg__(self):
        return _ComplexTensor(-self._ri)

    def __pos__(self):
        return self

    def __add__(self, other):
        p = _complex_parts(other)
        if p is None:
            return NotImplemented
        return _ComplexTensor(torch.stack((self.real + p[0], self.imag + p[1]), -1))

    __radd__ = __add__

    def __sub__(self, other):
        p = _complex_parts(other)
        if p is None:
            return NotImplemented
        return _ComplexTensor(torch.stack((self.real - p[0], self.imag - p[1]), -1))

    def __rsub__(self, other):
        return (-self).__add__(other)

    def __mul__(self, other):
        if isinstance(other, _ComplexTensor):
            a, b = self.real, self.imag
            c, d = other.real, other.imag
            return _ComplexTensor(torch.stack((a * c - b * d, a * d + b * c), -1))
        if _complex_parts(other) is None:
            return NotImplemented
        return _ComplexTensor(self._ri * _complex_operand(other))

    __rmul__ = __mul__

    def __truediv__(self, other):
        if isinstance(other, _ComplexTensor):
            a, b = self.real, self.imag
            c, d = other.real, other.imag
            den = c * c + d * d
            return _ComplexTensor(torch.stack(((a * c + b * d) / den, (b * c - a * d) / den), -1))
        if _complex_parts(other) is None:
            return NotImplemented
        return _ComplexTensor(self._ri / _complex_operand(other))

    def __rtruediv__(self, other):
        p = _complex_parts(other)
        if p is None:
            return NotImplemented
        return _ComplexTensor(torch.stack((torch.ones_like(self.real) * p[0], torch.ones_like(self.real) * p[1]), -1)) / self

    def __getitem__(self, key):
        if not isinstance(key, tuple):
            key = (key,)
        return _ComplexTensor(self._ri[key + (builtin_slice(None),)])

    def __setitem__(self, key, value):
        if not isinstance(key, tuple):
            key = (key,)
        if isinstance(value, _ComplexTensor):
            self._ri[key + (builtin_slice(None),)] = value._ri
            return
        p = _complex_parts(value)
        if p is None:
            raise TypeError("can't assign a " + type(value).__name__ + ' to a ' + repr(self.dtype))
        if isinstance(value, Tensor):
            pair = torch.stack((value, torch.zeros_like(value)), -1)
        else:
            pair = torch.tensor([value, 0], dtype=self._ri.dtype)
        self._ri[key + (builtin_slice(None),)] = pair

    def view(self, *shape):
        if len(shape) == 1 and isinstance(shape[0], _ComplexDType):
            return self
        return _ComplexTensor(self._ri.view(*(_complex_shape(shape) + (2,))))

    def reshape(self, *shape):
        return _ComplexTensor(self._ri.reshape(*(_complex_shape(shape) + (2,))))

    def view_as(self, other):
        return self.view(other.shape)

    def expand(self, *shape):
        return _ComplexTensor(self._ri.expand(*(_complex_shape(shape) + (2,))))

    def unsqueeze(self, dim):
        n = self.dim() + 1
        if dim < -n or dim >= n:
            raise IndexError('Dimension out of range (expected to be in range of [' + str(-n) + ', ' + str(n - 1) +
                             '], but got ' + str(dim) + ')')
        return _ComplexTensor(self._ri.unsqueeze(dim + n if dim < 0 else dim))

    def squeeze(self, dim=None):
        if dim is None:
            keep = [i for i in range(self.dim()) if self._ri.shape[i] != 1]
            return _ComplexTensor(self._ri.reshape(*([self._ri.shape[i] for i in keep] + [2])))
        return _ComplexTensor(self._ri.squeeze(_complex_dim(self, dim)))

    def transpose(self, dim0, dim1):
        return _ComplexTensor(self._ri.transpose(_complex_dim(self, dim0), _complex_dim(self, dim1)))

    def t(self):
        if self.dim() > 2:
            raise RuntimeError('t() expects a tensor with <= 2 dimensions, but self is ' + str(self.dim()) + 'D')
        return self if self.dim() < 2 else self.transpose(0, 1)

    def permute(self, *dims):
        dims = [_complex_dim(self, d) for d in _complex_shape(dims)]
        return _ComplexTensor(self._ri.permute(*(dims + [self.dim()])))

    def flatten(self, start_dim=0, end_dim=-1):
        if self.dim() == 0:
            return self.reshape(1)
        return _ComplexTensor(self._ri.flatten(_complex_dim(self, start_dim), _complex_dim(self, end_dim)))

    def contiguous(self, memory_format=None):
        return _ComplexTensor(self._ri.contiguous())

    def clone(self, memory_format=None):
        return _ComplexTensor(self._ri.clone())

    def detach(self):
        return self

    def cpu(self):
        return self

    def to(self, *args, **kwargs):
        dtype = kwargs.get('dtype')
        for a in args:
            if isinstance(a, _ComplexDType) or isinstance(a, type(torch.float32)):
                dtype = a
        if dtype is None or dtype is self.dtype:
            return self
        if isinstance(dtype, _ComplexDType):
            return _ComplexTensor(self._ri.to(dtype._real))
        raise NotImplementedError('standin cannot cast a complex tensor to ' + repr(dtype))

    def sum(self, dim=None, keepdim=False):
        if dim is None:
            return _ComplexTensor(self._ri.reshape(-1, 2).sum(0))
        dims = [_complex_dim(self, d) for d in (dim if isinstance(dim, (tuple, list)) else (dim,))]
        return _ComplexTensor(self._ri.sum(dims, keepdim=keepdim))

    def mean(self, dim=None, keepdim=False):
        if dim is None:
            return _ComplexTensor(self._ri.reshape(-1, 2).mean(0))
        dims = [_complex_dim(self, d) for d in (dim if isinstance(dim, (tuple, list)) else (dim,))]
        return _ComplexTensor(self._ri.mean(dims, keepdim=keepdim))

    def __repr__(self):
        raise NotImplementedError('standin cannot print a complex tensor; print torch.view_as_real(t), '
                                  't.real or t.imag')

    def __bool__(self):
        if self.numel() != 1:
            raise RuntimeError('Boolean value of Tensor with more than one value is ambiguous')
        return bool(self._ri.reshape(-1).ne(0).any())

    # An AttributeError, so hasattr and getattr(c, name, default) (copy.deepcopy's
    # probe for __deepcopy__) answer as for any object.
    def __getattr__(self, name):
        raise AttributeError("standin's complex tensors have no '" + name + "' (complex support covers "
                             'view_as_complex/view_as_real/polar/complex, arithmetic, views and indexing)')


def is_complex(input):
    return isinstance(input, _ComplexTensor)


def _check_complex_parts(name, a, b):
    for t in (a, b):
        if not isinstance(t, Tensor):
            raise TypeError(name + '(): argument must be Tensor, not ' + type(t).__name__)
    if a.dtype not in (torch.float32, torch.float64) or b.dtype not in (torch.float32, torch.float64):
        raise RuntimeError('Expected both inputs to be Half, Float or Double tensors but got ' +
                           _scalar_type_names[a.dtype] + ' and ' + _scalar_type_names[b.dtype])
    if a.dtype != b.dtype:
        raise RuntimeError('Expected object of scalar type ' + _scalar_type_names[a.dtype] + ' but got scalar type ' +
                           _scalar_type_names[b.dtype] + ' for second argument')


def view_as_complex(input):
    if not isinstance(input, Tensor):
        raise TypeError('view_as_complex(): argument \'input\' (position 1) must be Tensor, not ' + type(input).__name__)
    if input.dtype not in (torch.float32, torch.float64):
        raise RuntimeError('view_as_complex is only supported for half, float and double tensors, but got a tensor '
                           'of scalar type: ' + _scalar_type_names[input.dtype])
    if input.dim() == 0 or input.shape[-1] != 2:
        raise RuntimeError('Tensor must have a last dimension of size 2')
    if input.stride(-1) != 1:
        raise RuntimeError('Tensor must have a last dimension with stride 1')
    for i in range(input.dim() - 1):
        if input.stride(i) % 2 != 0:
            raise RuntimeError('Tensor must have a stride divisible by 2 for all but last dimension')
    # (torch also requires an even storage offset; standin's tensors do not
    # expose theirs, and the pairs are read through the view, never reinterpreted.)
    return _ComplexTensor(input)


def view_as_real(input):
    if not isinstance(input, _ComplexTensor):
        raise RuntimeError('view_as_real is only supported for complex tensors')
    return input._ri


def polar(abs, angle):
    _check_complex_parts('polar', abs, angle)
    return _ComplexTensor(torch.stack((abs * torch.cos(angle), abs * torch.sin(angle)), -1))


def complex(real, imag):
    _check_complex_parts('complex', real, imag)
    real, imag = torch.broadcast_tensors(real, imag)
    return _ComplexTensor(torch.stack((real, imag), -1))


def _real_tensor_imag(self):
    raise RuntimeError('imag is not implemented for tensors with non-complex dtypes.')


def _real_tensor_angle(self):
    dt = self.dtype if self.dtype.is_floating_point else torch.get_default_dtype()
    r = (self < 0).to(dt) * _math.pi
    return torch.where(torch.isnan(self), self.to(dt), r) if self.dtype.is_floating_point else r


def real(input):
    return input.real


def imag(input):
    return input.imag


def conj(input):
    return input.conj()


def angle(input):
    return input.angle()


def concat(tensors, dim=0):
    return torch.cat(tensors, dim)


def concatenate(tensors, dim=0, axis=None):
    return torch.cat(tensors, dim if axis is None else axis)


def _tensor_len(self):
    if self.dim() == 0:
        raise TypeError('len() of a 0-d tensor')
    return self.shape[0]


def hstack(tensors):
    if tensors[0].dim() == 1:
        return torch.cat(tensors, 0)
    return torch.cat(tensors, 1)


def vstack(tensors):
    return torch.cat([t.reshape(1, -1) if t.dim() == 1 else t for t in tensors], 0)


def broadcast_shapes(*shapes):
    out = []
    for shape in shapes:
        shape = (shape,) if isinstance(shape, int) else tuple(shape)
        if len(shape) > len(out):
            out = [1] * (len(shape) - len(out)) + out
        offset = len(out) - len(shape)
        for i, d in enumerate(shape):
            if out[offset + i] == 1:
                out[offset + i] = d
            elif d != 1 and d != out[offset + i]:
                raise RuntimeError('Shape mismatch: objects cannot be broadcast to a single shape.  Mismatch is between arg 0 and arg 1.')
    return Size(out)


def broadcast_to(input, size):
    return input.expand(size)


def _broadcast_to(self, *size):
    return self.expand(size[0] if len(size) == 1 and not isinstance(size[0], int) else size)


@_grad_node('ReciprocalBackward0')
def reciprocal(input):
    return 1.0 / input


def rsub(input, other, alpha=1):
    # other - alpha * input
    out = other - (input if alpha == 1 else input * alpha)
    return torch._set_grad_fn(out, 'RsubBackward0' if isinstance(other, Tensor) else 'RsubBackward1')


@_grad_node('AddcmulBackward0')
def addcmul(input, tensor1, tensor2, *, value=1):
    # As ATen's kernel: self + value * t1 * t2, left to right, where GCC
    # contracts the last multiply and the add into one rounding (_fma):
    # float32 gets that here outside autograd (the optimizers' steps).
    if (isinstance(input, Tensor) and isinstance(tensor1, Tensor) and isinstance(tensor2, Tensor) and
            input.dtype == torch.float32 and tensor1.dtype == torch.float32 and tensor2.dtype == torch.float32 and
            not (torch.is_grad_enabled() and (input.requires_grad or tensor1.requires_grad or tensor2.requires_grad))):
        return _fma(tensor1 if value == 1 else value * tensor1, tensor2, input)
    return input + value * tensor1 * tensor2


@_grad_node('AddcdivBackward0')
def addcdiv(input, tensor1, tensor2, *, value=1):
    return input + value * tensor1 / tensor2


def _infer_size(a, b):
    # ATen's infer_size, with its message (the first mismatch from the right).
    n = len(a) if len(a) > len(b) else len(b)  # (max is torch.max here)
    out = [1] * n
    for i in range(n - 1, -1, -1):
        offset = n - 1 - i
        size_a = a[len(a) - 1 - offset] if offset < len(a) else 1
        size_b = b[len(b) - 1 - offset] if offset < len(b) else 1
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise RuntimeError('The size of tensor a (' + str(size_a) + ') must match the size of tensor b (' +
                               str(size_b) + ') at non-singleton dimension ' + str(i))
        out[i] = size_b if size_a == 1 else size_a
    return out


def broadcast_tensors(*tensors):
    shape = list(tensors[0].shape) if tensors else []
    for t in tensors[1:]:
        shape = _infer_size(shape, list(t.shape))
    return tuple(t.expand(shape) for t in tensors)


@_grad_node('MaskedSelectBackward0')
def masked_select(input, mask):
    input, mask = broadcast_tensors(input, mask)
    if input.dim() == 0:
        input, mask = input.reshape(1), mask.reshape(1)
    return input[mask]


def scatter(input, dim, index, src=None, value=None, reduce=None):
    return torch._set_grad_fn(input.clone().scatter_(dim, index, src if src is not None else value, reduce=reduce),
                              'ScatterBackward0' if isinstance(src, Tensor) else 'ScatterBackward1')


def _index_coords(index, dim):
    coords = []
    for d in range(index.dim()):
        if d == dim:
            coords.append(index)
        else:
            shape = [1] * index.dim()
            shape[d] = index.shape[d]
            coords.append(torch.arange(index.shape[d]).reshape(shape).expand(index.shape))
    return tuple(coords)


# The first index outside [0, size) (none negative: scatter, gather and the
# index_* ops take no index from the end), in the kernel's order, or None.
def _out_of_bounds(index, size):
    flat = index.reshape(-1)
    bad = torch.nonzero((flat < 0) | (flat >= size)).reshape(-1)
    return flat[bad[0]].item() if bad.numel() else None


def _check_index_bounds(index, dim, size):
    bad = _out_of_bounds(index, size)
    if bad is not None:
        raise RuntimeError('index ' + str(bad) + ' is out of bounds for dimension ' + str(dim) + ' with size ' + str(size))


def _scatter_(self, dim, index, src, reduce=None):
    if dim < 0:
        dim += self.dim()
    _check_index_bounds(index, dim, self.shape[dim] if self.dim() else 1)
    if isinstance(src, Tensor):
        n = [builtin_slice(0, s) for s in index.shape]
        src = src[tuple(n)]
    if reduce is not None:
        if reduce not in ('add', 'multiply'):
            raise RuntimeError('reduce argument must be either add or multiply.')
        if not isinstance(src, Tensor):
            src = torch.full(tuple(index.shape), src, dtype=self.dtype)
        if reduce == 'add':
            return _scatter_add_(self, dim, index, src)
        return self.scatter_reduce_(dim, index, src, 'prod')
    self[_index_coords(index, dim)] = src
    return self


def _scatter_add_(self, dim, index, src):
    if dim < 0:
        dim += self.dim()
    _check_index_bounds(index, dim, self.shape[dim] if self.dim() else 1)
    coords = [c.reshape(-1).tolist() for c in _index_coords(index, dim)]
    values = src[tuple(builtin_slice(0, s) for s in index.shape)].reshape(-1)
    for i in range(len(coords[0])):
        at = tuple(c[i] for c in coords)
        self[at] = self[at] + values[i]
    return self


def scatter_add(input, dim, index, src):
    return _scatter_add_(input.clone(), dim, index, src)


def _index_add_(self, dim, index, source, *, alpha=1):
    if _out_of_bounds(index, self.shape[_wrap_dim(dim, self.dim())] if self.dim() else 1) is not None:
        raise IndexError('index out of range in self')
    if self.dim() == 0:  # (as a 1-element vector, torch's)
        _index_add_(self.view(1), dim, index, source.reshape(-1), alpha=alpha)
        return self
    for i, j in enumerate(index.tolist()):
        at = _dim_index(self, dim, j)
        self[at] = self[at] + alpha * source.select(dim, i)
    return self


@_grad_node('IndexAddBackward0')
def index_add(input, dim, index, source, *, alpha=1):
    return _index_add_(input.clone(), dim, index, source, alpha=alpha)


# fmax/fmin: maximum/minimum that take the other operand where one is NaN.
@_grad_node('FmaxBackward0')
def fmax(input, other):
    # (a tie takes input, so its gradient goes there, as torch's fmax backward)
    return torch.where(torch.isnan(input), other, torch.where(torch.isnan(other), input, torch.where(input >= other, input, other)))


@_grad_node('FminBackward0')
def fmin(input, other):
    return torch.where(torch.isnan(input), other, torch.where(torch.isnan(other), input, torch.where(input <= other, input, other)))


def isposinf(input):
    return input == float('inf') if input.is_floating_point() else torch.zeros_like(input, dtype=torch.bool)


def isneginf(input):
    return input == float('-inf') if input.is_floating_point() else torch.zeros_like(input, dtype=torch.bool)


def is_inference(input):
    return input.is_inference()


# The factory keywords of torch's factories written here: device= must name
# the CPU (torch._check_device raises torch's error otherwise), requires_grad=
# makes a leaf that requires grad, memory_format= lays the result out
# (preserve_format: as the input); layout and pin_memory change nothing on
# standin's CPU tensors.
def _made(t, device, requires_grad, memory_format=None):
    if device is not None:
        torch._check_device(device)
    if memory_format is not None and memory_format is not torch.preserve_format:
        t = t.contiguous(memory_format=memory_format)
    return t.requires_grad_() if requires_grad else t


def _new_zeros(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(torch.zeros(*size, dtype=self.dtype if dtype is None else dtype), device, requires_grad)


def _new_ones(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(torch.ones(*size, dtype=self.dtype if dtype is None else dtype), device, requires_grad)


def _new_full(self, size, fill_value, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(torch.full(size, fill_value, dtype=self.dtype if dtype is None else dtype), device, requires_grad)


def _new_empty(self, *size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(torch.zeros(*size, dtype=self.dtype if dtype is None else dtype), device, requires_grad)


def _new_tensor(self, data, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(torch.tensor(data, dtype=self.dtype if dtype is None else dtype), device, requires_grad)


def _expand_as(self, other):
    return self.expand(other.shape)


def _view_as(self, other):
    return self.view(other.shape)


def _reshape_as(self, other):
    return self.reshape(other.shape)


def _type_as(self, other):
    return self.to(other.dtype)


def _mT(self):
    if self.dim() == 1:
        raise RuntimeError('tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.')
    return self if self.dim() == 0 else self.transpose(-2, -1)


def _mH(self):
    if self.dim() == 1:
        raise RuntimeError('tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.')
    return self if self.dim() == 0 else self.transpose(-2, -1)


def _H(self):
    if self.dim() == 0:
        return self
    if self.dim() != 2:
        raise RuntimeError('tensor.H is only supported on matrices (2-D tensors). Got ' + str(self.dim()) + '-D tensor.' +
                           (' For batches of matrices, consider using tensor.mH' if self.dim() > 2 else ''))
    return self.t()


def _clamp_min(self, min):
    return clamp(self, min=min)


def _clamp_max(self, max):
    return clamp(self, max=max)


# t laid out as a *_like factory lays out its result: as memory_format=
# names, else as `input` (preserve_format, as empty_like).
def _like_layout(input, t, memory_format):
    if memory_format is not None and memory_format is not torch.preserve_format:
        return t.contiguous(memory_format=memory_format)
    if input.is_contiguous():
        return t
    out = torch.zeros_like(input, dtype=t.dtype)
    out.copy_(t)
    return out


def full_like(input, fill_value, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False, memory_format=None):
    t = torch.full(tuple(input.shape), fill_value, dtype=input.dtype if dtype is None else dtype)
    return _made(_like_layout(input, t, memory_format), device, requires_grad)


def empty(*size, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False, memory_format=None, out=None):
    if out is not None:
        return _write_out(torch.zeros(*size, dtype=out.dtype if dtype is None else dtype), out, 'empty')
    return _made(torch.zeros(*size, dtype=dtype), device, requires_grad, memory_format)


def empty_like(input, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False, memory_format=None):
    return _made(torch.zeros_like(input, dtype=dtype, memory_format=memory_format), device, requires_grad)


def linspace(start, end, steps, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(_linspace(start, end, steps, dtype), device, requires_grad)


def _linspace(start, end, steps, dtype):
    if isinstance(steps, Tensor):
        steps = int(steps)
    if steps < 0:
        raise RuntimeError('number of steps must be non-negative')
    dt = torch.get_default_dtype() if dtype is None else dtype
    if dt in (torch.float32, torch.float64) and not isinstance(start, Tensor) and not isinstance(end, Tensor):
        return torch.tensor(torch._linspace_values(start, end, steps, dt == torch.float64), dtype=dt)
    if steps == 1:
        values = [float(start)]
    else:
        step = (end - start) / (steps - 1)
        half = steps // 2
        values = [start + step * i if i < half else end - step * (steps - 1 - i) for i in range(steps)]
    return torch.tensor(values, dtype=torch.get_default_dtype() if dtype is None else dtype)


def logspace(start, end, steps, base=10.0, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return _made(torch.pow(base, _linspace(start, end, steps, torch.float64)).to(torch.get_default_dtype() if dtype is None else dtype),
                 device, requires_grad)


def eye(n, m=None, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    if m is None:
        m = n
    return _made((torch.arange(n).unsqueeze(1) == torch.arange(m)).to(torch.get_default_dtype() if dtype is None else dtype), device,
                 requires_grad)


def randperm(n, *, generator=None, dtype=None, device=None, requires_grad=False):
    keys = _uniform(n, generator)
    order = builtin_sorted(range(n), key=lambda i: keys[i])
    return torch.tensor(order, dtype=torch.int64 if dtype is None else dtype)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    return bool(isclose(input, other, rtol, atol, equal_nan).all())


def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    if not isinstance(other, Tensor):
        other = torch.tensor(other, dtype=input.dtype)
    diff = (input - other).abs()
    close = diff <= atol + rtol * other.abs()
    close = torch.logical_or(close, input == other)
    if equal_nan:
        close = torch.logical_or(close, torch.logical_and(torch.isnan(input), torch.isnan(other)))
    return close


def equal(input, other):
    return tuple(input.shape) == tuple(other.shape) and bool((input == other).all())


_scalar_type_names = {torch.float32: 'Float', torch.float64: 'Double', torch.int64: 'Long', torch.bool: 'Bool',
                      torch.int32: 'Int', torch.int16: 'Short', torch.int8: 'Char', torch.uint8: 'Byte',
                      torch.float16: 'Half', torch.bfloat16: 'BFloat16'}
_cpp_type_names = {torch.int64: 'long int', torch.int32: 'int', torch.int16: 'short int', torch.int8: 'signed char',
                   torch.uint8: 'unsigned char', torch.bool: 'bool'}


# A result of dtype `from_` written into a tensor of dtype `to` (out=, an
# in-place op): torch's RuntimeError unless the cast is allowed; `names`
# spells the output type (some kernels name the C++ type).
def _check_cast(from_, to, names=_scalar_type_names):
    if not can_cast(from_, to):
        raise RuntimeError('result type ' + _scalar_type_names[from_] + " can't be cast to the desired output type " +
                           names.get(to, _scalar_type_names[to]))


def can_cast(from_, to):
    if from_.is_floating_point and not to.is_floating_point:
        return False
    return from_ == torch.bool or to != torch.bool


# out=: the result lands in `out` and `out` is returned, as torch's out
# variants do. An `out` of another shape takes the result's shape (torch's
# resize_output); one of another dtype takes the result cast, when torch's
# casting rule allows it. A pair of results (sort, max(dim)) goes to a pair.
def _write_out(result, out, name):
    if isinstance(result, tuple):
        if not isinstance(out, (tuple, list)):
            raise TypeError(name + "(): argument 'out' must be tuple of Tensors, not " + type(out).__name__)
        if len(out) != len(result):
            raise TypeError('expected tuple of ' + str(len(result)) + ' elements but got ' + str(len(out)))
        outs = [_write_out(r, o, name) for r, o in zip(result, out)]
        if isinstance(result, _ReturnType):
            return _ReturnType(name + '_out', outs[0], outs[1])
        return tuple(outs)
    if not isinstance(out, Tensor):
        raise TypeError(name + "(): argument 'out' must be Tensor, not " + type(out).__name__)
    if not isinstance(result, Tensor):
        result = torch.tensor(result)
    _check_cast(result.dtype, out.dtype)
    if out.shape != result.shape:
        # resize_output: contiguous in out's own storage when it has room
        # (views of out see the result, as torch's resize keeps the
        # storage), else a new one.
        strides = []
        step = 1
        for n in reversed(result.shape):
            strides.insert(0, step)
            step *= builtin_max(n, 1)
        try:
            fresh = torch.as_strided(out.detach(), tuple(result.shape), tuple(strides), out.storage_offset())
        except RuntimeError:
            fresh = torch.empty(result.shape, dtype=out.dtype)
        out.data = fresh
    out.copy_(result)
    return out


def _call_with_out(fn, *args, out, **kwargs):
    result = fn(*args, **kwargs)
    return result if out is None else _write_out(result, out, fn.__name__)


# torch 1.13's CPU kernels that exist for floats only, or not for float16.
def _float_kernel(input, name, half=False, bfloat16=True):
    dt = input.dtype
    if dt == torch.float32 or dt == torch.float64 or (half and dt == torch.float16) or (bfloat16 and dt == torch.bfloat16):
        return
    raise RuntimeError('"' + name + '" not implemented for \'' + _scalar_type_names[dt] + "'")


def _no_half(input, name):
    if input.dtype == torch.float16:
        raise RuntimeError('"' + name + '" not implemented for \'Half\'')


def is_floating_point(input):
    dt = input.dtype
    return dt == torch.float32 or dt == torch.float64 or dt == torch.float16 or dt == torch.bfloat16


def promote_types(type1, type2):
    return (torch.zeros(1, dtype=type1) + torch.zeros(1, dtype=type2)).dtype


def _op_max_int(a, b):
    return a if a > b else b


def _op_min_int(a, b):
    return a if a < b else b


_finfo_values = {
    'float16': (16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001),
    'bfloat16': (16, 0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 0.01),
    'float32': (32, 1.1920928955078125e-07, 3.4028234663852886e+38, 1.1754943508222875e-38, 1e-06),
    'float64': (64, 2.220446049250313e-16, 1.7976931348623157e+308, 2.2250738585072014e-308, 1e-15),
}
_iinfo_values = {'uint8': (8, 0, 255), 'int8': (8, -128, 127), 'int16': (16, -32768, 32767),
                 'int32': (32, -2147483648, 2147483647), 'int64': (64, -9223372036854775807 - 1, 9223372036854775807)}


class finfo:
    def __init__(self, type=None):
        if type is None:
            type = torch.get_default_dtype()
        name = str(type)[6:]
        if name not in _finfo_values:
            raise TypeError('torch.finfo() requires a floating point input type. Use torch.iinfo to handle \'torch.finfo\'')
        self.bits, self.eps, self.max, self.tiny, self.resolution = _finfo_values[name]
        self.min = -self.max
        self.smallest_normal = self.tiny
        self.dtype = name

    def __repr__(self):
        return ('finfo(resolution=' + _g(self.resolution) + ', min=' + _g(self.min) + ', max=' + _g(self.max) + ', eps=' +
                _g(self.eps) + ', smallest_normal=' + _g(self.tiny) + ', tiny=' + _g(self.tiny) + ', dtype=' + self.dtype + ')')


class iinfo:
    def __init__(self, type):
        name = str(type)[6:]
        if type == torch.bool:
            raise TypeError('torch.bool is not supported by torch.iinfo')
        if name not in _iinfo_values:
            raise TypeError('torch.iinfo() requires an integer input type. Use torch.finfo to handle \'torch.iinfo\'')
        self.bits, self.min, self.max = _iinfo_values[name]
        self.dtype = name

    def __repr__(self):
        return 'iinfo(min=' + _g(float(self.min)) + ', max=' + _g(float(self.max)) + ', dtype=' + self.dtype + ')'


def _g(x):
    return f'{x:g}'


_tensor_type_names = {torch.float32: 'torch.FloatTensor', torch.float64: 'torch.DoubleTensor',
                      torch.int64: 'torch.LongTensor', torch.bool: 'torch.BoolTensor',
                      torch.int32: 'torch.IntTensor', torch.int16: 'torch.ShortTensor', torch.int8: 'torch.CharTensor',
                      torch.uint8: 'torch.ByteTensor', torch.float16: 'torch.HalfTensor',
                      torch.bfloat16: 'torch.BFloat16Tensor'}
_type_name_dtypes = {v: k for k, v in _tensor_type_names.items()}


def _type(self, dtype=None):
    if dtype is None:
        return _tensor_type_names[self.dtype]
    if isinstance(dtype, str):
        dtype = _type_name_dtypes[dtype]
    elif hasattr(dtype, '_legacy_dtype'):  # x.type(torch.LongTensor)
        dtype = dtype._legacy_dtype
    return self.to(dtype)


# The legacy constructors: torch.Tensor(2, 3) (sizes; standin fills zeros where
# torch leaves memory uninitialised), torch.Tensor([1, 2]) (data),
# torch.LongTensor(...) and the other typed ones.
def _legacy_new(dtype, args, name):
    if not args:
        return torch.empty(0, dtype=dtype)
    if len(args) == 1:
        a = args[0]
        if isinstance(a, torch.Size):
            return torch.zeros(a, dtype=dtype)
        if isinstance(a, Tensor):
            if a.dtype != dtype:
                raise TypeError('expected ' + _tensor_type_names[dtype][6:-6] + ' (got ' +
                                _tensor_type_names[a.dtype][6:-6] + ')')
            return a
        if isinstance(a, (list, tuple)):
            return torch.tensor(a, dtype=dtype)
    for a in args:
        if not isinstance(a, int):
            raise TypeError(name + '() received an invalid combination of arguments')
    return torch.zeros(*args, dtype=dtype)


def _legacy_tensor_new(cls, *args):
    return _legacy_new(torch.get_default_dtype(), args, 'new')


Tensor.__new__ = _legacy_tensor_new


class _LegacyTensorType:
    # torch.FloatTensor and the others: constructors, and isinstance(x,
    # torch.FloatTensor) asks for a tensor of that dtype.
    def __init__(self, dtype):
        self._legacy_dtype = dtype
        self.__name__ = _tensor_type_names[dtype][6:]
        self.__qualname__ = self.__name__
        self.__module__ = 'torch'

    def __call__(self, *args):
        return _legacy_new(self._legacy_dtype, args, self.__name__)

    def __instancecheck__(self, obj):
        return isinstance(obj, Tensor) and obj.dtype == self._legacy_dtype

    def __repr__(self):
        return "<class '" + _tensor_type_names[self._legacy_dtype] + "'>"


def _legacy_constructor(dtype):
    return _LegacyTensorType(dtype)


for _dt, _name in _tensor_type_names.items():
    globals()[_name[6:]] = _legacy_constructor(_dt)

def searchsorted(sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None):
    # How many boundaries lie below each value (<= with right=True), along the last dim.
    if side is not None:
        right = side == 'right'
    seq = sorted_sequence
    if sorter is not None:
        seq = seq.gather(-1, sorter)
    scalar = not isinstance(input, Tensor)
    values = torch.tensor(input, dtype=seq.dtype) if scalar else input
    if seq.dim() == 1:
        flat = values.reshape(-1, 1)
        below = (seq <= flat) if right else (seq < flat)
        out = below.sum(-1).reshape(values.shape)
    else:
        below = (seq.unsqueeze(-2) <= values.unsqueeze(-1)) if right else (seq.unsqueeze(-2) < values.unsqueeze(-1))
        out = below.sum(-1)
    return out.to(torch.int32 if out_int32 else torch.int64)


def bucketize(input, boundaries, *, out_int32=False, right=False):
    return searchsorted(boundaries, input, out_int32=out_int32, right=right)


def take_along_dim(input, indices, dim=None):
    if dim is None:
        return input.reshape(-1)[indices.reshape(-1)]
    if dim < 0:
        dim += input.dim()
    shape = list(torch.broadcast_shapes(
        tuple(1 if i == dim else s for i, s in enumerate(input.shape)),
        tuple(1 if i == dim else s for i, s in enumerate(indices.shape))))
    src_shape = list(shape)
    src_shape[dim] = input.shape[dim]
    idx_shape = list(shape)
    idx_shape[dim] = indices.shape[dim]
    return torch.gather(input.expand(src_shape), dim, indices.expand(idx_shape))


def clamp_min(input, min):
    return torch.clamp(input, min=min)


def clamp_max(input, max):
    return torch.clamp(input, max=max)


def sgn(input):
    return torch.sign(input)


def heaviside(input, values):
    return torch.where(input == 0, values.to(input.dtype), (input > 0).to(input.dtype))


def isin(elements, test_elements, *, assume_unique=False, invert=False):
    if not isinstance(test_elements, Tensor):
        test_elements = torch.tensor(test_elements)
    if not isinstance(elements, Tensor):
        elements = torch.tensor(elements)
    found = (elements.unsqueeze(-1) == test_elements.reshape(-1)).any(-1)
    return ~found if invert else found


def argwhere(input):
    return torch.nonzero(input)


def cross(input, other, dim=None):
    if dim is None:
        dim = next((i for i, s in enumerate(input.shape) if s == 3), None)
        if dim is None:
            raise RuntimeError('no dimension of size 3 in input')
    if input.shape[dim] != 3:
        raise RuntimeError('linalg.cross: inputs dimension ' + str(dim) + ' must have length 3. Got ' +
                           str(input.shape[dim]) + ' and ' + str(other.shape[dim]))
    a = [input.select(dim, i) for i in range(3)]
    b = [other.select(dim, i) for i in range(3)]
    return torch.stack([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]], dim)


def block_diag(*tensors):
    mats = [t.reshape(1, -1) if t.dim() == 1 else (t.reshape(1, 1) if t.dim() == 0 else t) for t in tensors]
    dtype = mats[0].dtype
    for m in mats[1:]:
        dtype = torch.promote_types(dtype, m.dtype)
    rows = cols = 0
    for m in mats:
        rows += m.shape[0]
        cols += m.shape[1]
    out = torch.zeros(rows, cols, dtype=dtype)
    r = c = 0
    for m in mats:
        out[r:r + m.shape[0], c:c + m.shape[1]] = m.to(dtype)
        r += m.shape[0]
        c += m.shape[1]
    return out


def kron(input, other):
    nd = builtin_max(input.dim(), other.dim())
    a = input.reshape((1,) * (nd - input.dim()) + tuple(input.shape))
    b = other.reshape((1,) * (nd - other.dim()) + tuple(other.shape))
    a_shape = []
    b_shape = []
    for i in range(nd):
        a_shape += [a.shape[i], 1]
        b_shape += [1, b.shape[i]]
    out = a.reshape(a_shape) * b.reshape(b_shape)
    return out.reshape([a.shape[i] * b.shape[i] for i in range(nd)])


def tensordot(a, b, dims=2, out=None):
    if isinstance(dims, int):
        dims_a = list(range(a.dim() - dims, a.dim()))
        dims_b = list(range(dims))
    else:
        dims_a, dims_b = dims
        dims_a = [dims_a] if isinstance(dims_a, int) else [d % a.dim() for d in dims_a]
        dims_b = [dims_b] if isinstance(dims_b, int) else [d % b.dim() for d in dims_b]
    free_a = [d for d in range(a.dim()) if d not in dims_a]
    free_b = [d for d in range(b.dim()) if d not in dims_b]
    k = 1
    for d in dims_a:
        k *= a.shape[d]
    left = a.permute(free_a + dims_a).reshape(-1, k)
    right = b.permute(dims_b + free_b).reshape(k, -1)
    return (left @ right).reshape([a.shape[d] for d in free_a] + [b.shape[d] for d in free_b])


def combinations(input, r=2, with_replacement=False):
    import itertools
    n = input.shape[0]
    pick = itertools.combinations_with_replacement if with_replacement else itertools.combinations
    index = list(pick(range(n), r))
    if not index:
        return torch.empty(0, r, dtype=input.dtype) if r > 0 else torch.empty(0, dtype=input.dtype)
    return input[torch.tensor(index)]


def quantile(input, q, dim=None, keepdim=False, *, interpolation='linear'):
    # ATen's quantile: sorted values, rank q * (n - 1), lerp between neighbours.
    scalar_q = not isinstance(q, Tensor)
    qs = torch.tensor([q] if scalar_q else q, dtype=input.dtype) if scalar_q or not isinstance(q, Tensor) else q.to(input.dtype)
    if qs.dim() == 0:
        qs = qs.reshape(1)
        scalar_q = True
    if ((qs < 0) | (qs > 1)).any():
        raise RuntimeError('quantile() q values must be in the range [0, 1]')
    x = input.reshape(-1) if dim is None else input.movedim(dim, -1)
    values = x.sort(-1).values
    n = values.shape[-1]
    ranks = qs * (n - 1)
    below = ranks.floor().long()
    above = ranks.ceil().long()
    lo = values[..., below]
    hi = values[..., above]
    if interpolation == 'linear':
        out = torch.lerp(lo, hi, ranks - below)
    elif interpolation == 'lower':
        out = lo
    elif interpolation == 'higher':
        out = hi
    elif interpolation == 'nearest':
        out = values[..., ranks.round().long()]
    elif interpolation == 'midpoint':
        out = torch.lerp(lo, hi, torch.full_like(ranks, 0.5))
    else:
        raise ValueError("quantile() interpolation must be one of linear, lower, higher, midpoint or nearest. Found '" +
                         interpolation + "'")
    out = out.movedim(-1, 0)
    if keepdim:
        if dim is None:
            out = out.reshape((out.shape[0],) + (1,) * input.dim())
        else:
            out = out.unsqueeze(dim + 1 if dim >= 0 else input.dim() + dim + 1)
    if scalar_q:
        out = out[0]
    return out


def get_num_threads():
    return 1


def set_num_threads(n):
    pass


def get_num_interop_threads():
    return 1


def set_num_interop_threads(n):
    pass


_cuda_autocast_warned = []


class autocast:
    # Mixed precision: standin computes in the dtypes it is given. A disabled
    # autocast (autocast(enabled=False), or cuda's on this CPU build, which
    # warns and disables itself as torch's does) does nothing; an enabled CPU
    # autocast is refused rather than ignored.
    def __init__(self, device_type='cuda', dtype=None, enabled=True, cache_enabled=None):
        if not isinstance(device_type, str):
            raise ValueError('Expected `device_type` of type `str`, got: `' + str(type(device_type)) + '`')
        self.device_type = device_type
        self.fast_dtype = dtype if dtype is not None else (torch.float16 if device_type == 'cuda' else torch.bfloat16)
        self._enabled = enabled
        if device_type == 'cuda' and enabled:
            # (shown once, as the default warning filter shows it)
            if not _cuda_autocast_warned:
                _cuda_autocast_warned.append(True)
                import warnings
                warnings.warn("User provided device_type of 'cuda', but CUDA is not available. Disabling")
            self._enabled = False
        elif device_type not in ('cpu', 'cuda', 'xpu', 'hpu'):
            raise RuntimeError('User specified autocast device_type must be \'cuda\' or \'cpu\'')

    def __enter__(self):
        if self._enabled:
            raise NotImplementedError('torch.autocast: standin has no mixed-precision autocast; '
                                      'convert the model or inputs with .to(dtype) instead')
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, fn):
        def wrapped(*args, **kwargs):
            with autocast(self.device_type, self.fast_dtype, self._enabled):
                return fn(*args, **kwargs)
        return wrapped


pi = 3.141592653589793
e = 2.718281828459045
inf = float('inf')
nan = float('nan')


def _element_size(self):
    return {torch.float32: 4, torch.float64: 8, torch.int64: 8, torch.bool: 1, torch.int32: 4, torch.int16: 2,
            torch.int8: 1, torch.uint8: 1, torch.float16: 2, torch.bfloat16: 2}[self.dtype]


def _cpu(self):
    return self


def _tensor_reversed(self):
    # reversed(t): t flipped along its first dim (a 0-d tensor is itself)
    return self if self.dim() == 0 else self.flip(0)


Tensor.__reversed__ = _tensor_reversed


def _pin_memory(self, device=None):
    # Pinned memory needs CUDA, which torch on a CPU-only machine lacks too.
    raise NotImplementedError("Could not run 'aten::_pin_memory' with arguments from the 'CUDA' backend.")


def _is_pinned(self, device=None):
    return False


def _is_inference(self):
    return False


def _cuda(self, device=None, non_blocking=False):
    torch._check_device('cuda')
    return self


def _get_device(self):
    return -1


def _backward(self, gradient=None, retain_graph=None, create_graph=False, inputs=None):
    torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)


Tensor.backward = _backward


# t.grad_fn: the node the op recorded, by name.
class _GradFn:
    def __init__(self, name, node=None):
        self._name = name
        self._node = node

    def name(self):
        return self._name

    @property
    def next_functions(self):
        if self._node is None:
            return ()
        return torch.autograd._next_functions(self._node, _make_grad_fn)

    def __repr__(self):
        return '<' + self._name.split('::')[-1] + ' object at ' + hex(id(self)) + '>'

    def __eq__(self, other):
        return isinstance(other, _GradFn) and other._name == self._name

    def __hash__(self):
        return hash(self._name)


_grad_fn_types = {}


def _make_grad_fn(name, node):
    # One class per node name, as torch's generated node classes
    # (type(t.grad_fn).__name__ == 'AddBackward0').
    cls = _grad_fn_types.get(name)
    if cls is None:
        cls = type(name.split('::')[-1], (_GradFn,), {})
        _grad_fn_types[name] = cls
    return cls(name, node)


def _grad_fn(self):
    name = torch._grad_fn_name(self)
    if name is None:
        return None
    return _make_grad_fn(name, torch._grad_node(self))


def _retain_grad(self):
    return torch.autograd._retain_grad(self)


def _retains_grad(self):
    return torch.autograd._retains_grad(self)


Tensor.grad_fn = property(_grad_fn)
Tensor.retain_grad = _retain_grad
Tensor.retains_grad = property(_retains_grad)
Tensor.type = _type
Tensor.element_size = _element_size
Tensor.cpu = _cpu
Tensor.pin_memory = _pin_memory
Tensor.is_pinned = _is_pinned
Tensor.is_inference = _is_inference
Tensor.cuda = _cuda
Tensor.get_device = _get_device
Tensor.is_cuda = property(lambda self: False)
Tensor.is_cuda = False


# torch.layout and torch.memory_format values: named constants (standin's
# tensors are strided; memory_format= arguments are accepted).
class _NamedConstant:
    def __init__(self, name):
        self._name = name

    def __repr__(self):
        return 'torch.' + self._name


class layout(_NamedConstant):
    pass


class memory_format(_NamedConstant):
    pass


strided = layout('strided')
sparse_coo = layout('sparse_coo')
contiguous_format = memory_format('contiguous_format')
legacy_contiguous_format = contiguous_format  # (c10's alias)
channels_last = memory_format('channels_last')
channels_last_3d = memory_format('channels_last_3d')
preserve_format = memory_format('preserve_format')
Tensor.layout = strided
Tensor.is_sparse = False
Tensor.is_quantized = False
Tensor.is_meta = False
Tensor.is_mkldnn = False
Tensor.is_nested = False


# share_memory_(): a CPU tensor's storage is the process's own memory here.
def _share_memory_(self):
    return self


Tensor.share_memory_ = _share_memory_
Tensor.is_shared = lambda self: False


Tensor.max = max
Tensor.min = min
Tensor.sort = sort
Tensor.argsort = argsort
Tensor.topk = topk
Tensor.narrow = narrow
Tensor.split = split
Tensor.chunk = chunk
Tensor.unbind = unbind
Tensor.var = var
Tensor.std = std
Tensor.logsumexp = logsumexp
Tensor.log_softmax = log_softmax
Tensor.count_nonzero = count_nonzero
Tensor.norm = norm
Tensor.clamp = clamp
Tensor.clip = clamp
Tensor.clamp_ = _clamp_
Tensor.clip_ = _clamp_
Tensor.clamp_min = _clamp_min
Tensor.clamp_max = _clamp_max
Tensor.lerp = lerp
Tensor.nan_to_num = nan_to_num
Tensor.square = square
Tensor.mm = mm
Tensor.bmm = bmm
Tensor.mv = mv
Tensor.dot = dot
Tensor.outer = outer
Tensor.ger = outer
Tensor.addr = addr
Tensor.flatten = flatten
Tensor.unflatten = unflatten
Tensor.repeat = _repeat
Tensor.repeat_interleave = repeat_interleave
def _tensor_flip(self, *dims, **kwargs):
    # x.flip(0, 1), x.flip((0, 1)), x.flip(dims=[0])
    if 'dims' in kwargs:
        return flip(self, kwargs['dims'])
    return flip(self, dims[0] if len(dims) == 1 else dims)


Tensor.flip = _tensor_flip
Tensor.roll = roll
Tensor.movedim = movedim
Tensor.moveaxis = movedim
Tensor.ravel = ravel
Tensor.fliplr = fliplr
Tensor.flipud = flipud
Tensor.take = take
Tensor.is_complex = is_complex
Tensor.real = property(lambda self: self)
Tensor.imag = property(_real_tensor_imag)
Tensor.conj = lambda self: self
Tensor.conj_physical = lambda self: self
Tensor.resolve_conj = lambda self: self
Tensor.is_conj = lambda self: False
Tensor.angle = _real_tensor_angle
Tensor.__len__ = _tensor_len
Tensor.broadcast_to = _broadcast_to
Tensor.reciprocal = reciprocal
Tensor.addcmul = addcmul
Tensor.addcdiv = addcdiv
Tensor.masked_select = masked_select
Tensor.scatter = scatter
Tensor.scatter_ = _scatter_
Tensor.scatter_add_ = _scatter_add_
Tensor.scatter_add = scatter_add
Tensor.index_add_ = _index_add_
Tensor.index_add = index_add
Tensor.fmax = fmax
Tensor.isposinf = isposinf
Tensor.isneginf = isneginf
Tensor.fmin = fmin
Tensor.new_zeros = _new_zeros
Tensor.new_ones = _new_ones
Tensor.new_full = _new_full
Tensor.new_empty = _new_empty
Tensor.new_tensor = _new_tensor
Tensor.expand_as = _expand_as
Tensor.view_as = _view_as
Tensor.reshape_as = _reshape_as
Tensor.type_as = _type_as
Tensor.mT = property(_mT)
Tensor.mH = property(_mH)  # (real dtypes: the conjugate is the tensor)
Tensor.H = property(_H)
Tensor.is_floating_point = is_floating_point
Tensor.allclose = allclose
Tensor.isclose = isclose
Tensor.equal = equal
Tensor.all = all
Tensor.any = any


# Grad mode lives in the interpreter: ops of inputs that require grad record
# a grad_fn only while it is on, and the GLOBAL_STATE guard compares it.
# torch._set_grad_enabled(mode) sets it; a manager keeps the mode it replaced
# in `prev` and its exit restores that, as torch's do.
class no_grad:
    _mode = False

    # @torch.no_grad without parentheses (torch.no_grad(fn)): the function
    # decorated, as torch's _NoParamDecoratorContextManager does.
    def __new__(cls, orig_func=None):
        if orig_func is None or isinstance(orig_func, bool):
            return object.__new__(cls)
        return cls()(orig_func)

    def __enter__(self):
        self.prev = torch.is_grad_enabled()
        torch._set_grad_enabled(self._mode)
        return None

    def __exit__(self, exc_type, exc, tb):
        torch._set_grad_enabled(self.prev)
        return False

    # A manager like this one, for one call of a decorated function.
    def _clone(self):
        return type(self)()

    # @torch.no_grad() on a function: each call runs under the mode; on a
    # generator function, each step of the generator does (torch's
    # _wrap_generator), the caller's mode in between.
    def __call__(self, fn):
        clone = self._clone
        if type(fn).__name__ == 'function' and fn.__code__.co_flags & 0x20:
            def decorated(*args, **kwargs):
                gen = fn(*args, **kwargs)
                try:
                    with clone():
                        response = gen.send(None)
                    while True:
                        try:
                            request = yield response
                        except GeneratorExit:
                            with clone():
                                gen.close()
                            raise
                        except BaseException as e:
                            with clone():
                                response = gen.throw(e)
                        else:
                            with clone():
                                response = gen.send(request)
                except StopIteration as e:
                    return e.value
        else:
            def decorated(*args, **kwargs):
                with clone():
                    return fn(*args, **kwargs)
        decorated.__name__ = getattr(fn, '__name__', 'decorated')
        decorated.__doc__ = getattr(fn, '__doc__', None)
        decorated.__wrapped__ = fn
        return decorated


class enable_grad(no_grad):
    _mode = True


class inference_mode(no_grad):
    def __init__(self, mode=True):
        self._mode = not mode
        self._inference = mode

    def _clone(self):
        return inference_mode(self._inference)

    def __enter__(self):
        _inference_stack.append(self._inference)
        return super().__enter__()

    def __exit__(self, exc_type, exc, tb):
        _inference_stack.pop()
        return super().__exit__(exc_type, exc, tb)


_inference_stack = [False]


def is_inference_mode_enabled():
    return _inference_stack[-1]


# Random numbers: a Lehmer generator (not torch's Philox/MT19937, so the
# values differ from PyTorch's; seeded by manual_seed, reproducible).
import math as _math
_rng = [20260101]


def _seed_state(seed):
    # A seed mixed into the Lehmer generator's state: distinct seeds give
    # distinct streams (0, 1 and 2**31 too), and no small seed starts the
    # stream near zero. Each round is a bijection modulo the prime.
    seed = int(seed)
    h = 1234567891
    for chunk in ((seed // 2147483647) % 2147483647, seed % 2147483647):
        h = (h ^ chunk) % 2147483647
        for a in (48271, 16807, 69621):
            h = (h * a + 11) % 2147483647
    return h or 1


class Generator:
    # torch.Generator: a stream of its own (standin's Lehmer generator, as the
    # default one); generator= of the random functions draws from it.
    def __init__(self, device='cpu'):
        self.device = torch.device(device)
        self._state = [67280421310721 % 2147483647]
        self._seed = 67280421310721

    def manual_seed(self, seed):
        self._seed = int(seed)
        self._state[0] = _seed_state(seed)
        return self

    def initial_seed(self):
        return self._seed

    def seed(self):
        return self._seed

    def get_state(self):
        return torch.tensor([self._state[0]], dtype=torch.int64)

    def set_state(self, state):
        self._state[0] = int(state[0])
        return self


_default_generator = Generator()
_default_generator._state = _rng
default_generator = _default_generator


def manual_seed(seed):
    _default_generator._seed = int(seed)
    _rng[0] = _seed_state(seed)
    return _default_generator


def initial_seed():
    return _default_generator._seed


# torch.seed(): a fresh seed for the default generator (from the clock), returned.
def seed():
    import time as _time
    s = int(_time.time() * 1000003) % 9223372036854775807
    manual_seed(s)
    return s


def _shape_as_tensor(x):
    return torch.tensor(tuple(x.shape))


torch._shape_as_tensor = _shape_as_tensor


def scalar_tensor(s, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False):
    return torch.tensor(s, dtype=torch.get_default_dtype() if dtype is None else dtype, requires_grad=requires_grad)


# The default generator's state as a tensor, and back (standin's state is
# its Lehmer generator's one number, not torch's ByteTensor).
def get_rng_state():
    return _default_generator.get_state()


def set_rng_state(new_state):
    _default_generator.set_state(new_state)


def _uniform(n, generator=None):
    state = _rng if generator is None else generator._state
    out = []
    s = state[0]
    for _ in range(n):
        s = (s * 48271) % 2147483647
        out.append(s / 2147483647.0)
    state[0] = s
    return out


def _size_keyword(size, kwargs, name):
    # rand(size=(2, 3)) (and layout=/pin_memory=, which change nothing here)
    for key in kwargs:
        if key not in ('size', 'layout', 'pin_memory', 'out'):
            raise TypeError(name + "() got an unexpected keyword argument '" + key + "'")
    if 'size' in kwargs:
        if size:
            raise TypeError(name + "() got multiple values for argument 'size'")
        return (kwargs['size'],)
    return size


def _random_shape(size):
    if len(size) == 1 and not isinstance(size[0], int):
        size = tuple(size[0])
    n = 1
    for d in size:
        n *= d
    return tuple(size), n


# A factory's result is a tensor of its own, not a view (t._base is None,
# an in-place write through it rewrites no base's history), as torch's.
def _unviewed(t):
    return t.clone() if t._base is not None else t


def _finish_random(values, size, dtype, requires_grad, kernel):
    if dtype is None:
        dtype = torch.get_default_dtype()
    if dtype in (torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64):
        raise RuntimeError('"' + kernel + '" not implemented for \'' + _scalar_type_names[dtype] + "'")
    t = _unviewed(torch.tensor(values, dtype=torch.float32).reshape(size))
    if dtype != torch.float32:
        t = t.to(dtype)
    if requires_grad:
        t.requires_grad_(True)
    return t


def rand(*size, generator=None, dtype=None, device=None, requires_grad=False, **kwargs):
    size, n = _random_shape(_size_keyword(size, kwargs, 'rand'))
    return _finish_random(_uniform(n, generator), size, dtype, requires_grad, 'check_uniform_bounds')


def randn(*size, generator=None, dtype=None, device=None, requires_grad=False, **kwargs):
    size, n = _random_shape(_size_keyword(size, kwargs, 'randn'))
    u = _uniform(n + n % 2, generator)
    out = []
    for i in range(0, len(u), 2):
        r = _math.sqrt(-2.0 * _math.log(u[i]))
        out.append(r * _math.cos(2.0 * _math.pi * u[i + 1]))
        out.append(r * _math.sin(2.0 * _math.pi * u[i + 1]))
    return _finish_random(out[:n], size, dtype, requires_grad, 'normal_kernel_cpu')


def randint(low=0, high=None, size=None, generator=None, dtype=None, device=None, requires_grad=False):
    if size is None and isinstance(high, (tuple, list)):
        low, high, size = 0, low, high  # randint(high, size)
    if high is None:
        low, high = 0, low
    if size is None:
        raise TypeError('randint() missing 1 required positional argument: "size"')
    if low >= high:
        raise RuntimeError("random_ expects 'from' to be less than 'to', but got from=" + str(low) + ' >= to=' + str(high))
    size, n = _random_shape((size,))
    values = [low + int(x * (high - low)) for x in _uniform(n, generator)]
    t = _unviewed(torch.tensor(values, dtype=torch.int64).reshape(size))
    return t.to(dtype) if dtype is not None else t


def rand_like(input, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False, memory_format=None):
    t = rand(tuple(input.shape), dtype=dtype if dtype is not None else input.dtype)
    return _made(_like_layout(input, t, memory_format), device, requires_grad)


def randn_like(input, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False, memory_format=None):
    t = randn(tuple(input.shape), dtype=dtype if dtype is not None else input.dtype)
    return _made(_like_layout(input, t, memory_format), device, requires_grad)


def randint_like(input, low, high=None, dtype=None, device=None, requires_grad=False, layout=None, pin_memory=False, memory_format=None):
    t = randint(low, high, tuple(input.shape), dtype=dtype if dtype is not None else input.dtype)
    return _made(_like_layout(input, t, memory_format), device, requires_grad)


def normal(mean=0.0, std=1.0, size=None, *, generator=None, dtype=None, device=None, requires_grad=False, out=None,
           layout=None, pin_memory=False):
    torch._check_device(device)
    if size is not None:
        return _made(randn(tuple(size), generator=generator, dtype=dtype) * std + mean, device, requires_grad)
    if generator is not None:
        like = mean if isinstance(mean, Tensor) else std
        return randn(tuple(like.shape), generator=generator, dtype=like.dtype) * std + mean
    like = mean if isinstance(mean, Tensor) else std
    return randn_like(like) * std + mean


def bernoulli(input, p=None, *, generator=None):
    prob = input if p is None else torch.full_like(input, p)
    return (rand(tuple(input.shape), generator=generator) < prob).to(input.dtype)


# Sampling (the stream is standin's, as for rand): inverse-CDF draws from
# each row of probabilities, without replacement unless asked.
def multinomial(input, num_samples, replacement=False, *, generator=None):
    if input.dim() not in (1, 2):
        raise RuntimeError('prob_dist must be 1 or 2 dim')
    rows = input.reshape(1, -1) if input.dim() == 1 else input
    n = rows.shape[1]
    if not replacement and num_samples > n:
        raise RuntimeError('cannot sample n_sample > prob_dist.size(-1) samples without replacement')
    out = []
    for row in rows.tolist():
        if builtin_any(p < 0 for p in row) or sum(row) <= 0:
            raise RuntimeError('invalid multinomial distribution (sum of probabilities <= 0)')
        weights = list(row)
        picks = []
        for u in _uniform(num_samples, generator):
            total = sum(weights)
            target = u * total
            acc = 0.0
            pick = n - 1
            for j in range(n):
                acc += weights[j]
                if weights[j] > 0 and target < acc:
                    pick = j
                    break
            picks.append(pick)
            if not replacement:
                weights[pick] = 0.0
        out.append(picks)
    result = torch.tensor(out, dtype=torch.int64)
    return result.reshape(-1) if input.dim() == 1 else result


# (A draw: the call stays in the graph and runs each time, as eagerly.)
multinomial.__meta__ = lambda input, num_samples, replacement=False, *, generator=None: \
    torch.empty(tuple(input.shape[:-1]) + (num_samples,), dtype=torch.int64)
multinomial.__random__ = True


# Window functions, as ATen computes them (in the window's dtype): the
# periodic window of length N is the symmetric one of N + 1 without its last.
def _window(name, window_length, periodic, dtype, make):
    if dtype is None:
        dtype = torch.get_default_dtype()
    if not dtype.is_floating_point:
        ctype = {torch.int64: 'long int', torch.int32: 'int', torch.int16: 'short int', torch.int8: 'signed char',
                 torch.uint8: 'unsigned char', torch.bool: 'bool'}.get(dtype, str(dtype))
        raise RuntimeError(name + ' expects floating point dtypes, got: TensorOptions(dtype=' + ctype +
                           ', device=cpu, layout=Strided (default), requires_grad=false (default), '
                           'pinned_memory=false, memory_format=(nullopt))')
    if window_length < 0:
        raise RuntimeError(name + ' requires non-negative window_length, got window_length=' + str(window_length))
    if window_length == 0:
        return torch.empty((0,), dtype=dtype)
    if window_length == 1:
        return torch.ones((1,), dtype=dtype)
    n = window_length + 1 if periodic else window_length
    window = make(torch.arange(n, dtype=dtype), n)
    return window[:-1].clone() if periodic else window


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None, layout=None, device=None,
                   requires_grad=False):
    return _window('hamming_window', window_length, periodic, dtype,
                   lambda w, n: w.mul_(_math.pi * 2.0 / (n - 1)).cos_().mul_(-beta).add_(alpha))


def hann_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False):
    return _window('hann_window', window_length, periodic, dtype,
                   lambda w, n: w.mul_(_math.pi * 2.0 / (n - 1)).cos_().mul_(-0.5).add_(0.5))


def blackman_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False):
    def make(w, n):
        w = w.mul_(_math.pi / (n - 1))
        return w.mul(4).cos_().mul_(0.08) - w.mul(2).cos_().mul_(0.5) + 0.42
    return _window('blackman_window', window_length, periodic, dtype, make)


def bartlett_window(window_length, periodic=True, *, dtype=None, layout=None, device=None, requires_grad=False):
    def make(w, n):
        w = w.mul_(2.0 / (n - 1))
        half = ((n - 1) >> 1) + 1
        w[half:] = w[half:].mul(-1).add(2)
        return w
    return _window('bartlett_window', window_length, periodic, dtype, make)


# Matmul precision (TF32 on GPUs): recorded, with no effect on the CPU.
_matmul_precision = ['highest']


def set_float32_matmul_precision(precision):
    if precision not in ('highest', 'high', 'medium'):
        raise RuntimeError('Invalid precision, expected one of: highest, high, medium; got ' + str(precision))
    _matmul_precision[0] = precision


def get_float32_matmul_precision():
    return _matmul_precision[0]


def as_tensor(data, dtype=None, device=None):
    if isinstance(data, Tensor):
        return data if dtype is None or data.dtype == dtype else data.to(dtype)
    return torch.tensor(data, dtype=dtype)


def swapaxes(input, axis0, axis1):
    return input.transpose(axis0, axis1)


swapdims = swapaxes


# torch.diagonal / Tensor.diagonal: the op table's view (a write through it reaches the input).


@_grad_node('DiagBackward0')
def diag(input, diagonal=0):
    if input.dim() == 1:
        n = input.shape[0] + (diagonal if diagonal >= 0 else -diagonal)
        out = torch.zeros(n, n, dtype=input.dtype)
        k = torch.arange(input.shape[0])
        if diagonal >= 0:
            out[k, k + diagonal] = input
        else:
            out[k - diagonal, k] = input
        return out
    if input.dim() == 2:
        return torch.diagonal(input, diagonal).clone()
    raise RuntimeError('diag(): Supports 1D or 2D tensors. Got ' + str(input.dim()) + 'D')


@_grad_node('TraceBackward0')
def trace(input):
    if input.dim() != 2:
        raise RuntimeError('trace: expected a matrix, but got tensor with dim ' + str(input.dim()))
    # As ATen's trace: the sum in the accumulate type (double, int64).
    diagonal = torch.diagonal(input)
    if input.is_floating_point():
        return diagonal.to(torch.float64).sum().to(input.dtype)
    return diagonal.sum(dtype=torch.int64)


def meshgrid(*tensors, indexing=None):
    if len(tensors) == 1 and isinstance(tensors[0], (list, tuple)):
        tensors = tuple(tensors[0])
    if indexing is None:
        indexing = 'ij'
    elif indexing not in ('ij', 'xy'):
        raise ValueError('torch.meshgrid: indexing must be one of "xy" or "ij", but received: ' + str(indexing))
    tensors = list(tensors)
    swap = indexing == 'xy' and len(tensors) >= 2
    if swap:
        tensors[0], tensors[1] = tensors[1], tensors[0]
    sizes = [t.numel() for t in tensors]
    out = []
    for k, t in enumerate(tensors):
        shape = [1] * len(tensors)
        shape[k] = -1
        out.append(t.reshape(shape).expand(*sizes))
    if swap:
        out[0], out[1] = out[1], out[0]
    return tuple(out)


def atleast_1d(*tensors):
    single = len(tensors) == 1 and isinstance(tensors[0], Tensor)
    ts = [tensors[0]] if single else (list(tensors[0]) if len(tensors) == 1 else list(tensors))
    out = [t.reshape(1) if t.dim() == 0 else t for t in ts]
    return out[0] if single else tuple(out)


def atleast_2d(*tensors):
    single = len(tensors) == 1 and isinstance(tensors[0], Tensor)
    ts = [tensors[0]] if single else (list(tensors[0]) if len(tensors) == 1 else list(tensors))
    out = [t.reshape(1, 1) if t.dim() == 0 else (t.unsqueeze(0) if t.dim() == 1 else t) for t in ts]
    return out[0] if single else tuple(out)


def atleast_3d(*tensors):
    single = len(tensors) == 1 and isinstance(tensors[0], Tensor)
    ts = [tensors[0]] if single else (list(tensors[0]) if len(tensors) == 1 else list(tensors))
    out = []
    for t in ts:
        if t.dim() == 0:
            t = t.reshape(1, 1, 1)
        elif t.dim() == 1:
            t = t.reshape(1, -1, 1)
        elif t.dim() == 2:
            t = t.unsqueeze(-1)
        out.append(t)
    return out[0] if single else tuple(out)


def column_stack(tensors):
    return torch.cat([t.reshape(-1, 1) if t.dim() <= 1 else t for t in tensors], 1)


row_stack = vstack


def dstack(tensors):
    return torch.cat([atleast_3d(t) for t in tensors], 2)


def nansum(input, dim=None, keepdim=False, dtype=None):
    if not input.is_floating_point():
        return input.sum(dim, keepdim, dtype=dtype) if dim is not None else input.sum(dtype=dtype)
    x = torch.where(torch.isnan(input), torch.zeros_like(input), input)
    return x.sum(dim, keepdim, dtype=dtype) if dim is not None else x.sum(dtype=dtype)


def nanmean(input, dim=None, keepdim=False, dtype=None):
    if not input.is_floating_point():
        raise RuntimeError('nanmean(): expected input to have floating point dtype but got ' + _scalar_type_names[input.dtype])
    count = (~torch.isnan(input)).sum(dim, keepdim) if dim is not None else (~torch.isnan(input)).sum()
    return nansum(input, dim, keepdim, dtype) / count


@_grad_node('LogitBackward0')
def logit(input, eps=None):
    x = input if eps is None else input.clamp(eps, 1.0 - eps)
    return torch.log(x / (1.0 - x))


# set_grad_enabled(mode): takes effect at once, and as a context manager
# restores the mode before it on exit.
class set_grad_enabled:
    def __init__(self, mode):
        self.prev = torch.is_grad_enabled()
        self._mode = bool(mode)
        torch._set_grad_enabled(self._mode)

    # torch.set_grad_enabled(False)(fn): the mode goes back at once; each
    # call of the function runs under it.
    def __call__(self, fn):
        torch._set_grad_enabled(self.prev)
        mode = self._mode

        def decorated(*args, **kwargs):
            with set_grad_enabled(mode):
                return fn(*args, **kwargs)
        decorated.__name__ = getattr(fn, '__name__', 'decorated')
        decorated.__doc__ = getattr(fn, '__doc__', None)
        decorated.__wrapped__ = fn
        return decorated

    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc, tb):
        torch._set_grad_enabled(self.prev)
        return False


Tensor.swapaxes = swapaxes
Tensor.swapdims = swapaxes
Tensor.diag = diag
Tensor.trace = trace
Tensor.nansum = nansum
Tensor.nanmean = nanmean
Tensor.logit = logit
Tensor.multinomial = multinomial
Tensor.bernoulli = bernoulli


# In-place draws (the stream is standin's, as for rand): the tutorial idiom
# layer.weight.data.uniform_(-0.1, 0.1).
def _draw_into(self, values):
    return self.copy_(values.to(self.dtype))


def _uniform_(self, a=0.0, b=1.0, *, generator=None, **kwargs):
    # torch's own keyword names: uniform_(from=0, to=1)
    for key in kwargs:
        if key not in ('from', 'to'):
            raise TypeError("uniform_() got an unexpected keyword argument '" + key + "'")
    a = kwargs.get('from', a)
    b = kwargs.get('to', b)
    return _draw_into(self, rand(tuple(self.shape), generator=generator) * (b - a) + a)


def _normal_(self, mean=0.0, std=1.0, *, generator=None):
    return _draw_into(self, randn(tuple(self.shape), generator=generator) * std + mean)


def _bernoulli_(self, p=0.5, *, generator=None):
    return _draw_into(self, rand(tuple(self.shape), generator=generator) < p)


def _exponential_(self, lambd=1.0, *, generator=None):
    return _draw_into(self, -torch.log1p(-rand(tuple(self.shape), generator=generator)) / lambd)


# x.random_(to), x.random_(from, to): integers in [from, to); x.random_():
# [0, 2**mantissa] for a float dtype, the dtype's range for an integer one.
def _random_(self, *bounds, generator=None, **kw):
    if 'from' in kw:
        bounds = (kw.pop('from'),) + bounds
    if 'to' in kw:
        bounds = bounds + (kw.pop('to'),)
    if kw:
        raise TypeError("random_() got an unexpected keyword argument '" + list(kw)[0] + "'")
    if len(bounds) > 2:
        raise TypeError('random_() takes at most 2 arguments')
    top = {torch.float32: 2 ** 24, torch.float64: 2 ** 53, torch.float16: 2 ** 11, torch.bfloat16: 2 ** 8,
           torch.bool: 1, torch.uint8: 255, torch.int8: 127, torch.int16: 32767,
           torch.int32: 2147483647}.get(self.dtype, 9223372036854775807)
    low, high = 0, top + 1 if top < 9223372036854775807 else top
    if len(bounds) == 1 and bounds[0] is not None:
        high = bounds[0]
    elif len(bounds) == 2:
        low = bounds[0]
        high = (top + 1 if top < 9223372036854775807 else top) if bounds[1] is None else bounds[1]
    if low >= high:
        raise RuntimeError('random_ expects \'from\' to be less than \'to\', but got from=' + str(low) + ' >= to=' + str(high))
    return _draw_into(self, randint(low, high, tuple(self.shape), generator=generator))


Tensor.random_ = _random_
Tensor.uniform_ = _uniform_
Tensor.normal_ = _normal_
Tensor.bernoulli_ = _bernoulli_
Tensor.exponential_ = _exponential_

_op_where = torch.where
_op_nonzero = torch.nonzero
_op_div = torch.div
_op_round = torch.round


def where(condition, input=None, other=None):
    if input is None and other is None:
        return nonzero(condition, as_tuple=True)
    return _op_where(condition, input, other)


def _tensor_where(self, condition, other):
    return _op_where(condition, self, other)


def nonzero(input, *, as_tuple=False):
    if not as_tuple:
        return _op_nonzero(input)
    if input.dim() == 0:
        return (torch.zeros(1 if input.item() else 0, dtype=torch.int64),)
    return _op_nonzero(input).unbind(1)


def div(input, other, *, rounding_mode=None):
    if rounding_mode is None:
        return _op_div(input, other)
    if rounding_mode == 'floor':
        return torch.floor_divide(input, other)
    if rounding_mode != 'trunc':
        raise RuntimeError("div expected rounding_mode to be one of None, 'trunc', or 'floor' but found '" +
                           str(rounding_mode) + "'")
    q = torch.floor_divide(input, other)
    if is_floating_point(q):
        return torch.trunc(_op_div(input, other))
    # floor and trunc differ where the quotient is negative and inexact.
    other_t = other if isinstance(other, Tensor) else torch.tensor(other)
    inexact = (q * other) != input
    negative = (input < 0) != (other_t < 0)
    return q + (inexact & negative).to(q.dtype)


def round(input, *, decimals=0):
    if decimals == 0:
        return _op_round(input)
    if decimals > 0:
        scale = 10.0 ** decimals
        out = _op_round(input * scale) / scale
    else:
        scale = 10.0 ** -decimals
        out = _op_round(input / scale) * scale
    return torch._set_grad_fn(out, 'RoundBackward1')


# x << n and x >> n (the operators come here): a multiply or a floor division
# by 2 ** n on integer tensors; torch 1.13 has no float kernel.
def _shift_operand(input, other, kernel):
    if not isinstance(input, Tensor):
        input = torch.tensor(input, dtype=other.dtype)
    for t in (input, other):
        if isinstance(t, Tensor) and t.is_floating_point():
            raise RuntimeError('"' + kernel + '" not implemented for \'' + _scalar_type_names[t.dtype] + "'")
    return input


def bitwise_left_shift(input, other):
    return _shift_operand(input, other, 'lshift_cpu') * (2 ** other)


def bitwise_right_shift(input, other):
    return torch.div(_shift_operand(input, other, 'rshift_cpu'), 2 ** other, rounding_mode='floor')


Tensor.where = _tensor_where
Tensor.nonzero = nonzero
Tensor.div = div
Tensor.divide = div
Tensor.round = round
Tensor.bitwise_left_shift = bitwise_left_shift
Tensor.bitwise_right_shift = bitwise_right_shift


# More of torch's functions, over the op table.
_op_add = torch.add
_op_sub = torch.sub
_op_add_ = Tensor.add_
_op_sub_ = Tensor.sub_


def _scaled(other, alpha):
    return other if alpha == 1 else other * alpha


# input + alpha * other as torch's CPU add kernel computes it for float32
# and float64: a fused multiply-add (alpha in the tensors' dtype), so SGD's
# p.add_(grad, alpha=-lr) agrees to the bit (_fma). Outside autograd only
# (an optimizer's step); None where it does not apply.
def _fused_alpha(input, other, alpha):
    if alpha == 1 or isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not isinstance(input, Tensor):
        return None
    if isinstance(other, (int, float)) and not isinstance(other, bool):  # a number: a wrapped 0-dim tensor
        other = torch.tensor(other, dtype=input.dtype)
    if (not isinstance(other, Tensor) or input.dtype != other.dtype or
            (torch.is_grad_enabled() and (input.requires_grad or other.requires_grad))):
        return None
    if input.dtype == torch.float64:
        return _fma(other, float(alpha), input)
    if input.dtype != torch.float32:
        return None
    return _fma(other, torch.tensor(float(alpha), dtype=torch.float32), input)


def add(input, other, *, alpha=1, out=None):
    fused = _fused_alpha(input, other, alpha)
    if out is not None:
        return _write_out(fused if fused is not None else _op_add(input, _scaled(other, alpha)), out, 'add')
    return fused if fused is not None else _op_add(input, _scaled(other, alpha))


def sub(input, other, *, alpha=1, out=None):
    fused = _fused_alpha(input, other, -alpha) if isinstance(alpha, (int, float)) else None
    if out is not None:
        return _write_out(fused if fused is not None else _op_sub(input, _scaled(other, alpha)), out, 'sub')
    return fused if fused is not None else _op_sub(input, _scaled(other, alpha))


def _add_(self, other, *, alpha=1):
    fused = _fused_alpha(self, other, alpha)
    if fused is not None and tuple(fused.shape) == tuple(self.shape):
        return self.copy_(fused)
    return _op_add_(self, _scaled(other, alpha))


def _sub_(self, other, *, alpha=1):
    fused = _fused_alpha(self, other, -alpha) if isinstance(alpha, (int, float)) else None
    if fused is not None and tuple(fused.shape) == tuple(self.shape):
        return self.copy_(fused)
    return _op_sub_(self, _scaled(other, alpha))


Tensor.add = add
Tensor.sub = sub
Tensor.add_ = _add_
Tensor.sub_ = _sub_
subtract = sub
true_divide = div
Tensor.true_divide = div
Tensor.subtract = sub
multiply = torch.mul
divide = div
Tensor.multiply = Tensor.mul
Tensor.divide = div
Tensor.multiply_ = Tensor.mul_
_op_div_ = Tensor.div_


def _div_(self, other, *, rounding_mode=None):
    if rounding_mode is None:
        return _op_div_(self, other)
    return self.copy_(div(self, other, rounding_mode=rounding_mode))


Tensor.div_ = _div_
Tensor.divide_ = _div_
Tensor.__rmatmul__ = lambda self, other: torch.matmul(other, self)
Tensor.__ipow__ = lambda self, other: self.pow_(other)


def _nelement(self):
    return self.numel()


Tensor.nelement = _nelement


# Tensor.unfold: the op table's view (windows along a dimension).


def tile(input, dims):
    dims = tuple(dims) if isinstance(dims, (tuple, list)) else (dims,)
    if len(dims) < input.dim():
        dims = (1,) * (input.dim() - len(dims)) + dims
    return input.repeat(dims)


Tensor.tile = tile


def diff(input, n=1, dim=-1, prepend=None, append=None):
    out = input
    if prepend is not None or append is not None:
        parts = ([prepend] if prepend is not None else []) + [input] + ([append] if append is not None else [])
        out = torch.cat(parts, dim)
    for _ in range(n):
        size = out.shape[dim]
        if out.dtype == torch.bool:
            out = out.narrow(dim, 1, size - 1) != out.narrow(dim, 0, size - 1)
        else:
            out = out.narrow(dim, 1, size - 1) - out.narrow(dim, 0, size - 1)
    return out


Tensor.diff = diff


def bincount(input, weights=None, minlength=0):
    if input.dim() != 1:
        raise RuntimeError('bincount only supports 1-d non-negative integral inputs.')
    values = input.tolist()
    if builtin_any(v < 0 for v in values):
        raise RuntimeError('bincount only supports 1-d non-negative integral inputs.')
    size = builtin_max(builtin_max(values) + 1 if values else 0, minlength)
    if weights is None:
        out = torch.zeros(size, dtype=torch.int64)
        return out.index_add_(0, input, torch.ones(len(values), dtype=torch.int64))
    out = torch.zeros(size, dtype=weights.dtype if weights.dtype == torch.float32 else torch.float64)
    return out.index_add_(0, input, weights.to(out.dtype))


Tensor.bincount = bincount


def tensor_split(input, indices_or_sections, dim=0):
    n = input.shape[dim]
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0:
            raise RuntimeError('number of sections must be larger than 0, got ' + str(sections))
        base, extra = n // sections, n % sections
        bounds = []
        at = 0
        for i in range(sections):
            at += base + (1 if i < extra else 0)
            bounds.append(at)
        bounds = bounds[:-1]
    else:
        bounds = list(indices_or_sections)
    out = []
    start = 0
    for b in bounds + [n]:
        b = builtin_max(builtin_min(b, n), start)
        out.append(input.narrow(dim, start, b - start))
        start = b
    return tuple(out)


Tensor.tensor_split = tensor_split


def _inplace_of(name):
    fn = getattr(Tensor, name)

    def method(self, *args, **kwargs):
        # (recording: the op reads self as it was, not after the copy)
        source = self.clone() if self.requires_grad and torch.is_grad_enabled() else self
        result = fn(source, *args, **kwargs)
        if name == 'pow' and not can_cast(result.dtype, self.dtype):  # (pow_'s own words)
            raise RuntimeError('Found dtype ' + _scalar_type_names[self.dtype] + ' but expected ' +
                               _scalar_type_names[result.dtype])
        _check_cast(result.dtype, self.dtype)  # (x.sqrt_() of an int tensor)
        return self.copy_(result)
    method.__name__ = name + '_'
    return method


for _name in ('exp', 'log', 'log2', 'log10', 'log1p', 'expm1', 'sqrt', 'rsqrt', 'sin', 'cos', 'tan', 'tanh',
              'sigmoid', 'abs', 'neg', 'floor', 'ceil', 'round', 'trunc', 'sign', 'erf', 'reciprocal', 'square',
              'atan', 'asin', 'acos', 'sinh', 'cosh', 'pow', 'fmod', 'remainder', 'lerp', 'addcmul', 'addcdiv',
              'lgamma', 'digamma', 'erfinv', 'floor_divide', 'true_divide', 'frac', 'exp2', 'atan2', 'hypot',
              'logit', 'xlogy', 'nan_to_num', 'cumsum', 'cumprod', 'addmm', 'addmv', 'addbmm', 'baddbmm',
              'addr', 'tril', 'triu', 'sinc', 'heaviside', 'deg2rad', 'rad2deg', 'fmax', 'fmin'):
    if not hasattr(Tensor, _name + '_') and hasattr(Tensor, _name):
        setattr(Tensor, _name + '_', _inplace_of(_name))

arctan = torch.atan
arcsin = torch.asin
arccos = torch.acos
arcsinh = torch.asinh
arccosh = torch.acosh
arctanh = torch.atanh
arctan2 = torch.atan2
greater = torch.gt
greater_equal = torch.ge
less = torch.lt
less_equal = torch.le
not_equal = torch.ne
for _name, _base in (('arctan2', 'atan2'), ('greater', 'gt'), ('greater_equal', 'ge'), ('less', 'lt'),
                     ('less_equal', 'le'), ('not_equal', 'ne')):
    if not hasattr(Tensor, _name) and hasattr(Tensor, _base):
        setattr(Tensor, _name, getattr(Tensor, _base))


def addbmm(input, batch1, batch2, *, beta=1, alpha=1):
    total = torch.bmm(batch1, batch2).sum(0)
    if alpha != 1:
        total = total * alpha
    return total if beta == 0 else input * beta + total if beta != 1 else input + total


Tensor.addbmm = addbmm


Tensor.addmm = addmm
Tensor.baddbmm = baddbmm
for _name in ('addmm', 'addbmm', 'baddbmm'):
    if not hasattr(Tensor, _name + '_'):
        setattr(Tensor, _name + '_', _inplace_of(_name))


def deg2rad(input):
    return input * (_math.pi / 180.0)


def rad2deg(input):
    return input * (180.0 / _math.pi)


def _assert(condition, message):
    # torch._assert: the assert statement as a function (symbolic tracing keeps it).
    if not condition:
        raise AssertionError(message)


# What a compiled frame's graph calls for `assert t[, msg]` on a tensor (and,
# negated, for `assert not t`): the statement's own error (a bare assert
# raises AssertionError()).
def _assert_statement(condition, message=None, negated=False):
    if (not condition) if not negated else condition:
        if message is None:
            raise AssertionError()
        raise AssertionError(message)


# torch._check and its kin: raise the named error when cond is False, with
# message() (a callable) or torch's default text.
def _check_with(error, cond, message=None):
    if not cond:
        if message is None:
            raise error('Expected cond to be True, but got False. (Could this error message be improved? '
                        'If so, please report an enhancement request to PyTorch.)')
        raise error(message())


def _check(cond, message=None):
    _check_with(RuntimeError, cond, message)


def _check_index(cond, message=None):
    _check_with(IndexError, cond, message)


def _check_value(cond, message=None):
    _check_with(ValueError, cond, message)


def _check_type(cond, message=None):
    _check_with(TypeError, cond, message)


def _check_not_implemented(cond, message=None):
    _check_with(NotImplementedError, cond, message)


def _check_is_size(i, message=None):
    _check(i >= 0, message)


def frac(input):
    return input - torch.trunc(input)


def xlogy(input, other):
    if torch.is_grad_enabled() and builtin_any(isinstance(a, Tensor) and a.requires_grad for a in (input, other)):
        # one node with ATen's derivative: log(other) for input, also where
        # input is 0 (0 where other <= 0 too), input / other for other
        with torch.no_grad():
            out = _xlogy(input, other)
        torch._record_node(out, '_xlogy', (input, other), 0, 'XlogyBackward0')
        return out
    return _xlogy(input, other)


def _xlogy(input, other):
    out = input * torch.log(other)
    if not isinstance(input, Tensor):  # (a number: xlogy(2, t))
        return torch.zeros_like(out) if input == 0 else out
    return torch.where(input == 0, torch.zeros_like(out), out)


# polygamma(n, x): digamma for n = 0, trigamma for n = 1 (ATen's
# calc_trigamma: the reflection below 1/2, six steps of the recurrence, then
# the asymptotic series). Higher orders are not written.
def _trigamma(x):
    x = x if x.is_floating_point() else x.to(torch.get_default_dtype())
    pi = 3.141592653589793
    low = x < 0.5
    s = torch.sin(pi * x)
    result = torch.where(low, -(pi * pi) / (s * s), torch.zeros_like(x))
    x = torch.where(low, 1 - x, x)
    for _ in range(6):
        result = result + 1 / (x * x)
        x = x + 1
    ixx = 1 / (x * x)
    result = result + (1 + 1 / (2 * x) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42)))) / x
    return torch.where(low, -result, result)


def polygamma(n, input):
    if n == 0:
        return torch.digamma(input)
    if n == 1:
        return torch._set_grad_fn(_trigamma(input), 'PolygammaBackward0')
    if n < 0:
        raise RuntimeError('polygamma(n, x) does not support negative n.')
    raise NotImplementedError('torch.polygamma of order ' + str(n) + ' (standin has orders 0 and 1)')


Tensor.polygamma = lambda self, n: polygamma(n, self)


def logaddexp(input, other):
    m = torch.maximum(input, other)
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    return m + torch.log(torch.exp(input - m) + torch.exp(other - m))


# torch._foreach_*: one op over a list of tensors (custom optimizers'
# foreach paths). The in-place forms return None, as torch's.
def _foreach_pairs(tensors, other):
    if isinstance(other, (list, tuple)):
        if len(other) != len(tensors):
            raise RuntimeError('Tensor lists must have the same number of tensors, got ' + str(len(tensors)) +
                               ' and ' + str(len(other)))
        return list(zip(tensors, other))
    return [(t, other) for t in tensors]


def _foreach_binary(name, inplace):
    def op(self, other, **kwargs):
        pairs = _foreach_pairs(self, other)
        if inplace:
            for t, o in pairs:
                getattr(t, name + '_')(o, **kwargs)
            return None
        return [getattr(torch, name)(t, o, **kwargs) for t, o in pairs]
    return op


def _foreach_unary(name, inplace):
    def op(self):
        if inplace:
            for t in self:
                getattr(t, name + '_')()
            return None
        return [getattr(torch, name)(t) for t in self]
    return op


# A scalar per tensor: a list (or 1-d tensor) of them, or one for all.
def _foreach_scalars(tensors, value):
    if isinstance(value, Tensor) and value.dim() == 1:
        return value.tolist()
    return value if isinstance(value, (list, tuple)) else [value] * len(tensors)


def _foreach_pointwise(name, inplace):
    def op(self, tensor1, tensor2, value=1):
        values = _foreach_scalars(self, value)
        outs = []
        for t, a, b, v in zip(self, tensor1, tensor2, values):
            outs.append(getattr(t, name + ('_' if inplace else ''))(a, b, value=v))
        return None if inplace else outs
    return op


# (one line each: the lazy part's names are its column-0 definitions)
_foreach_add = _foreach_binary('add', False)
_foreach_add_ = _foreach_binary('add', True)
_foreach_sub = _foreach_binary('sub', False)
_foreach_sub_ = _foreach_binary('sub', True)
_foreach_mul = _foreach_binary('mul', False)
_foreach_mul_ = _foreach_binary('mul', True)
_foreach_div = _foreach_binary('div', False)
_foreach_div_ = _foreach_binary('div', True)
_foreach_pow = _foreach_binary('pow', False)
_foreach_pow_ = _foreach_binary('pow', True)
_foreach_maximum = _foreach_binary('maximum', False)
_foreach_minimum = _foreach_binary('minimum', False)
_foreach_clamp_min = _foreach_binary('clamp_min', False)
_foreach_clamp_max = _foreach_binary('clamp_max', False)
_foreach_clamp_min_ = _foreach_binary('clamp_min', True)
_foreach_clamp_max_ = _foreach_binary('clamp_max', True)
_foreach_sqrt = _foreach_unary('sqrt', False)
_foreach_sqrt_ = _foreach_unary('sqrt', True)
_foreach_exp = _foreach_unary('exp', False)
_foreach_exp_ = _foreach_unary('exp', True)
_foreach_log = _foreach_unary('log', False)
_foreach_log_ = _foreach_unary('log', True)
_foreach_log1p = _foreach_unary('log1p', False)
_foreach_log1p_ = _foreach_unary('log1p', True)
_foreach_expm1 = _foreach_unary('expm1', False)
_foreach_expm1_ = _foreach_unary('expm1', True)
_foreach_neg = _foreach_unary('neg', False)
_foreach_neg_ = _foreach_unary('neg', True)
_foreach_abs = _foreach_unary('abs', False)
_foreach_abs_ = _foreach_unary('abs', True)
_foreach_sigmoid = _foreach_unary('sigmoid', False)
_foreach_sigmoid_ = _foreach_unary('sigmoid', True)
_foreach_reciprocal = _foreach_unary('reciprocal', False)
_foreach_reciprocal_ = _foreach_unary('reciprocal', True)
_foreach_sign = _foreach_unary('sign', False)
_foreach_sign_ = _foreach_unary('sign', True)
_foreach_sin = _foreach_unary('sin', False)
_foreach_sin_ = _foreach_unary('sin', True)
_foreach_cos = _foreach_unary('cos', False)
_foreach_cos_ = _foreach_unary('cos', True)
_foreach_tanh = _foreach_unary('tanh', False)
_foreach_tanh_ = _foreach_unary('tanh', True)
_foreach_ceil = _foreach_unary('ceil', False)
_foreach_ceil_ = _foreach_unary('ceil', True)
_foreach_floor = _foreach_unary('floor', False)
_foreach_floor_ = _foreach_unary('floor', True)
_foreach_round = _foreach_unary('round', False)
_foreach_round_ = _foreach_unary('round', True)
_foreach_trunc = _foreach_unary('trunc', False)
_foreach_trunc_ = _foreach_unary('trunc', True)
_foreach_frac = _foreach_unary('frac', False)
_foreach_frac_ = _foreach_unary('frac', True)
_foreach_rsqrt = _foreach_unary('rsqrt', False)
_foreach_rsqrt_ = _foreach_unary('rsqrt', True)
_foreach_erf = _foreach_unary('erf', False)
_foreach_erf_ = _foreach_unary('erf', True)
_foreach_addcmul = _foreach_pointwise('addcmul', False)
_foreach_addcmul_ = _foreach_pointwise('addcmul', True)
_foreach_addcdiv = _foreach_pointwise('addcdiv', False)
_foreach_addcdiv_ = _foreach_pointwise('addcdiv', True)


def _foreach_zero_(self):
    for t in self:
        t.zero_()


def _foreach_norm(self, ord=2):
    return [torch.linalg.vector_norm(t, ord) for t in self]


def _foreach_lerp(self, tensors1, weight):
    return [torch.lerp(t, e, w) for t, e, w in zip(self, tensors1, _foreach_scalars(self, weight))]


def _foreach_lerp_(self, tensors1, weight):
    for t, e, w in zip(self, tensors1, _foreach_scalars(self, weight)):
        t.lerp_(e, w)


# (torch's names, though private: the part exports only public ones itself)
for _k in [_k for _k in globals() if _k.startswith('_foreach_')]:
    setattr(torch, _k, globals()[_k])


def float_power(input, exponent):
    base = input.double() if isinstance(input, Tensor) else input
    return torch.pow(base, exponent.double() if isinstance(exponent, Tensor) else exponent)


Tensor.deg2rad = deg2rad
Tensor.rad2deg = rad2deg
Tensor.frac = frac
Tensor.xlogy = xlogy
Tensor.logaddexp = logaddexp
Tensor.float_power = float_power


def dist(input, other, p=2):
    return torch.norm(input - other, p)


def cdist(x1, x2, p=2.0, compute_mode=None):
    if x1.shape[-1] != x2.shape[-1]:
        raise RuntimeError('X1 and X2 must have the same number of columns. X1: ' + str(x1.shape[-1]) + ' X2: ' +
                           str(x2.shape[-1]))
    d = x1.unsqueeze(-2) - x2.unsqueeze(-3)
    if p == 2:
        return _root_at_zero_flat((d * d).sum(-1), torch.sqrt)
    if p == 1:
        return d.abs().sum(-1)
    if p == float('inf'):
        return d.abs().amax(-1)
    return _root_at_zero_flat(torch._pow_std(d.abs(), p).sum(-1), lambda s: torch._pow_std(s, 1.0 / p))


# root(s) of a sum of powers, with a zero gradient where s is 0 (two equal
# points): ATen's cdist and pdist backward give 0 there, not root's inf * 0.
def _root_at_zero_flat(s, root):
    if not s.requires_grad:
        return root(s)
    some = s > 0
    return torch.where(some, root(torch.where(some, s, torch.ones_like(s))), torch.zeros_like(s))


Tensor.dist = dist


def median(input, dim=None, keepdim=False):
    if dim is None:
        flat = input.flatten()
        if flat.numel() == 0:
            return torch.tensor(float('nan'), dtype=input.dtype)
        return _median_all(input, lambda: flat.sort().values[(flat.numel() - 1) // 2], 'MedianBackward0')
    n = input.shape[dim]
    values, indices = input.sort(dim)
    v = values.narrow(dim, (n - 1) // 2, 1)
    i = indices.narrow(dim, (n - 1) // 2, 1)
    if not keepdim:
        v = v.squeeze(dim)
        i = i.squeeze(dim)
    return _ReturnType('median', v, i)


Tensor.median = median


# The median of all elements, with ATen's gradient: shared evenly by every
# element equal to it (evenly_distribute_backward), not given to one.
def _median_all(input, compute, name):
    if not (input.requires_grad and torch.is_grad_enabled()):
        return compute()
    with torch.no_grad():
        value = compute().clone()
    torch._record_node(value, '_median_all', (input, value.detach()), 0, name)
    return value


# Tensor.new (legacy): no argument, an empty tensor; sizes or a torch.Size,
# a tensor of self's dtype (torch leaves it uninitialised; here zeros); a
# list or tuple of values, a tensor of them; a tensor, a tensor over its data.
def _new(self, *args, **kwargs):
    if not args:
        return torch.empty(0, dtype=self.dtype)
    if len(args) == 1 and isinstance(args[0], torch.Tensor):
        return args[0].detach()  # a new tensor over the same data
    if len(args) == 1 and isinstance(args[0], (list, tuple)) and not isinstance(args[0], torch.Size):
        return torch.tensor(args[0], dtype=self.dtype)
    sizes = args[0] if len(args) == 1 and isinstance(args[0], torch.Size) else args
    return torch.zeros(sizes, dtype=self.dtype)


Tensor.new = _new


# In-place view changes (x.unsqueeze_(0)): x keeps its identity and takes the
# view's sizes and strides, as torch's.
def _unsqueeze_(self, dim):
    self.data = self.unsqueeze(dim)
    return self


def _squeeze_(self, dim=None):
    self.data = self.squeeze() if dim is None else self.squeeze(dim)
    return self


def _t_(self):
    self.data = self.t()
    return self


def _transpose_(self, dim0, dim1):
    self.data = self.transpose(dim0, dim1)
    return self


def _swapdims_(self, dim0, dim1):
    return _transpose_(self, dim0, dim1)


Tensor.unsqueeze_ = _unsqueeze_
Tensor.squeeze_ = _squeeze_
Tensor.t_ = _t_
Tensor.transpose_ = _transpose_
Tensor.swapdims_ = _swapdims_
Tensor.swapaxes_ = _swapdims_


def aminmax(input, *, dim=None, keepdim=False):
    if dim is None:
        return _ReturnType('aminmax', input.amin(), input.amax())
    return _ReturnType('aminmax', input.amin(dim, keepdim), input.amax(dim, keepdim))


Tensor.aminmax = aminmax


# x = mantissa * 2 ** exponent, 0.5 <= |mantissa| < 1 (zero, inf and nan:
# exponent 0, mantissa x).
def frexp(input):
    if not input.is_floating_point():
        raise RuntimeError('torch.frexp() only supports floating-point dtypes')
    a = input.abs()
    finite = (a != 0) & torch.isfinite(input)
    e = torch.where(finite, torch.floor(torch.log2(torch.where(finite, a, torch.ones_like(a)))) + 1, torch.zeros_like(a))
    m = torch.where(finite, input / torch.pow(2.0, e), input)
    high = finite & (m.abs() >= 1)  # log2 rounded up below a power of two
    m, e = torch.where(high, m / 2, m), torch.where(high, e + 1, e)
    low = finite & (m.abs() < 0.5)
    m, e = torch.where(low, m * 2, m), torch.where(low, e - 1, e)
    return _ReturnType('frexp', m, e.to(torch.int32))


Tensor.frexp = frexp


def exp2(input):
    x = input if input.is_floating_point() else input.to(torch.get_default_dtype())
    return torch.pow(2.0, x)


Tensor.exp2 = exp2


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    return torch.nn.functional.cosine_similarity(x1, x2, dim, eps)


# The norm over every dimension but `dim` (-1: over all), kept as size-1
# dimensions (torch's helper behind the old weight_norm).
def norm_except_dim(v, pow=2, dim=0):
    if dim == -1:
        return v.norm(pow)
    if dim < 0:
        dim += v.dim()
    moved = v.transpose(0, dim).contiguous() if dim != 0 else v.contiguous()
    n = moved.reshape(moved.shape[0], -1).norm(pow, dim=1)
    shape = [1] * v.dim()
    shape[dim] = v.shape[dim]
    return n.reshape(shape)


# Gradient hooks (run by torch.autograd's engine).
def _register_hook(self, hook):
    return torch.autograd._register_hook(self, hook)


Tensor.register_hook = _register_hook


def rot90(input, k=1, dims=(0, 1)):
    d0, d1 = dims[0], dims[1]
    k = k % 4
    if k == 1:
        return input.flip(d1).transpose(d0, d1)
    if k == 2:
        return input.flip((d0, d1))
    if k == 3:
        return input.flip(d0).transpose(d0, d1)
    return input.clone()


Tensor.rot90 = rot90


def cartesian_prod(*tensors):
    if len(tensors) == 1:
        return tensors[0]
    grids = torch.meshgrid(*tensors, indexing='ij')
    return torch.stack([g.reshape(-1) for g in grids], 1)


def _tri_indices(row, col, offset, upper):
    rows, cols = [], []
    for i in range(row):
        for j in range(col):
            if (j - i >= offset) if upper else (j - i <= offset):
                rows.append(i)
                cols.append(j)
    return torch.tensor([rows, cols], dtype=torch.int64).reshape(2, len(rows))


def triu_indices(row, col, offset=0, dtype=None, device=None):
    return _tri_indices(row, col, offset, True)


def tril_indices(row, col, offset=0, dtype=None, device=None):
    return _tri_indices(row, col, offset, False)


def _dim_index(self, dim, index):
    dim = dim + self.dim() if dim < 0 else dim
    return (builtin_slice(None),) * dim + (index,)


def _index_fill_(self, dim, index, value):
    if self.dim() == 0:  # (as a 1-element vector, torch's)
        _index_fill_(self.view(1), dim, index, value)
        return self
    self[_dim_index(self, dim, index)] = value
    return self


def _index_copy_(self, dim, index, source):
    d = _wrap_dim(dim, self.dim())
    bad = _out_of_bounds(index, self.shape[d] if self.dim() else 1)
    if bad is not None:
        raise IndexError('index_copy_(): index ' + str(bad) + ' is out of bounds for dimension ' + str(d) +
                         ' with size ' + str(self.shape[d] if self.dim() else 1))
    if self.dim() == 0:  # (as a 1-element vector, torch's)
        _index_copy_(self.view(1), dim, index, source.reshape(-1))
        return self
    self[_dim_index(self, dim, index)] = source
    return self


# index_reduce_(dim, index, source, reduce, include_self=True): each slice
# self[j] combined with the source slices whose index is j, in order ('mean'
# divides by the count, flooring for integers).
def _index_reduce_(self, dim, index, source, reduce, *, include_self=True):
    if reduce not in ('prod', 'mean', 'amax', 'amin'):
        raise RuntimeError('index_reduce(): Expected reduce to be one of prod, mean, amax or amin but got ' +
                           str(reduce) + '.')
    d = _wrap_dim(dim, self.dim()) if self.dim() else 0
    target = self if self.dim() else self.view(1)
    src = source if source.dim() else source.view(1)
    bad = _out_of_bounds(index, target.shape[d])
    if bad is not None:
        raise IndexError('index out of range in self')
    groups = {}
    for i, j in enumerate(index.reshape(-1).tolist()):
        groups.setdefault(j, []).append(i)
    for j, rows in groups.items():
        slices = [src.select(d, i) for i in rows]
        if include_self:
            slices = [target.select(d, j).clone()] + slices
        acc = slices[0]
        for x in slices[1:]:
            if reduce == 'prod':
                acc = acc * x
            elif reduce == 'mean':
                acc = acc + x
            elif reduce == 'amax':
                acc = torch.maximum(acc, x)
            else:
                acc = torch.minimum(acc, x)
        if reduce == 'mean':
            acc = acc / len(slices) if acc.is_floating_point() else torch.div(acc, len(slices), rounding_mode='floor')
        target.select(d, j).copy_(acc)
    return self


def index_reduce(input, dim, index, source, reduce, *, include_self=True):
    return _index_reduce_(input.clone(), dim, index, source, reduce, include_self=include_self)


Tensor.index_reduce_ = _index_reduce_
Tensor.index_reduce = index_reduce


# put_(index, source, accumulate=False): self's elements in row-major order
# (whatever its layout), written at the flat indices.
def _put_(self, index, source, accumulate=False):
    if index.dtype != torch.int64:
        raise RuntimeError('put_(): Expected a long tensor for index, but got ' + _scalar_type_names[index.dtype])
    if source.dtype != self.dtype:
        raise RuntimeError('put_(): self and source expected to have the same dtype, but got self.dtype = ' +
                           _scalar_type_names[self.dtype] + ' and source.dtype = ' + _scalar_type_names[source.dtype])
    if index.numel() != source.numel():
        raise IndexError('put_(): Expected source and index to have the same number of elements, but got '
                         'source.numel() = ' + str(source.numel()) + ', index.numel() = ' + str(index.numel()))
    n = self.numel()
    idx = index.reshape(-1)
    bad = torch.nonzero((idx < -n) | (idx >= n)).reshape(-1)
    if bad.numel():
        raise IndexError('out of range: tried to access index ' + str(idx[bad[0]].item()) + ' on a tensor of ' +
                         str(n) + ' elements.')
    flat = self.reshape(-1).clone()
    flat.index_put_((torch.where(idx < 0, idx + n, idx),), source.reshape(-1), accumulate)
    self.copy_(flat.view(self.shape))
    return self


def put(input, index, source, accumulate=False):
    return _put_(input.clone(), index, source, accumulate)


Tensor.put_ = _put_
Tensor.put = put
Tensor.index_fill_ = _index_fill_
Tensor.index_copy_ = _index_copy_


def _index_fill(self, dim, index, value):
    return _index_fill_(self.clone(), dim, index, value)


def _index_copy(self, dim, index, source):
    return _index_copy_(self.clone(), dim, index, source)


Tensor.index_fill = _index_fill
Tensor.index_copy = _index_copy
index_fill = _index_fill
index_copy = _index_copy


import math as _math


# a * b + c rounded once: GCC contracts ATen's vectorised CPU kernels
# (grid_sampler's unnormalize and interpolation, add with alpha=, addcmul) into FMA instructions.
# float32 goes through float64, where the product is exact; float64 uses
# error-free transformations (Veltkamp split, TwoSum). The functional
# prelude uses it too: add "_fma" and "_pow_scalar" (below) to the names
# torch.hpp shares with it.
def _fma(a, b, c):
    if a.dtype == torch.float64:
        p = a * b
        t = a * 134217729.0
        ah = t - (t - a)
        al = a - ah
        t = b * 134217729.0
        bh = t - (t - b)
        bl = b - bh
        e = ((ah * bh - p) + ah * bl + al * bh) + al * bl
        r = p + c
        z = r - p
        err = (p - (r - z)) + (c - z)
        return torch.where(torch.isfinite(e), r + (err + e), r)
    b = b.double() if isinstance(b, torch.Tensor) else b
    c = c.double() if isinstance(c, torch.Tensor) else c
    return (a.double() * b + c).to(a.dtype)



# shared helper (put it once, before the sections below)
def _wrap_dim(dim, ndim):
    # ATen's maybe_wrap_dim: a 0-d tensor takes dims -1 and 0.
    n = ndim if ndim > 0 else 1
    if dim < -n or dim >= n:
        raise IndexError('Dimension out of range (expected to be in range of [' + str(-n) + ', ' + str(n - 1) +
                         '], but got ' + str(dim) + ')')
    return dim + n if dim < 0 else dim



def _shape_list(t):
    return '[' + ', '.join(str(s) for s in t.shape) + ']'



# einsum (replaces the prelude's einsum)
# torch's einsum: parse the equation (labels [A-Za-z], one '...' per operand),
# align every operand to output dims + contraction dims (taking diagonals of
# repeated labels, unsqueezing absent ones, broadcasting size-1 dims and the
# right-aligned ellipsis dims), then contract left to right, each pair by
# permute + bmm (sumproduct_pair); a dim only one operand still has is summed
# before its pair.


def _einsum_bmm(left, right, sum_dims):
    # (left * right).sum(sum_dims) with the summed dims kept (size 1), as bmm.
    if not sum_dims:
        return left * right
    lro, lo, ro = [], [], []
    lro_size = lo_size = ro_size = sum_size = 1
    for d in range(left.dim()):
        sl = left.shape[d] != 1
        sr = right.shape[d] != 1
        if d in sum_dims:
            if sl and sr:
                sum_size *= left.shape[d]
            elif sl:
                left = left.sum(d, keepdim=True)
            elif sr:
                right = right.sum(d, keepdim=True)
        elif sl and sr:
            lro.append(d)
            lro_size *= left.shape[d]
        elif sl:
            lo.append(d)
            lo_size *= left.shape[d]
        else:
            ro.append(d)
            ro_size *= right.shape[d]
    if left.dtype != right.dtype:
        raise RuntimeError('expected scalar type ' + _scalar_type_names[left.dtype] + ' but found ' +
                           _scalar_type_names[right.dtype])
    _no_half(left, 'bmm')
    out_size = [left.shape[d] for d in lro] + [left.shape[d] for d in lo] + [1] * len(sum_dims) + \
        [right.shape[d] for d in ro]
    order = lro + lo + list(sum_dims) + ro
    back = [0] * len(order)
    for k, d in enumerate(order):
        back[d] = k
    left = left.permute(*(lro + lo + list(sum_dims) + ro)).reshape(lro_size, lo_size, sum_size)
    right = right.permute(*(lro + list(sum_dims) + ro + lo)).reshape(lro_size, sum_size, ro_size)
    return torch.matmul(left, right).view(out_size).permute(*back)


def _einsum_letter(c):
    return ('a' <= c <= 'z') or ('A' <= c <= 'Z')


def _einsum_subscript(n):
    if n is Ellipsis:
        return '...'
    if 0 <= n < 26:
        return chr(ord('A') + n)
    if 26 <= n < 52:
        return chr(ord('a') + n - 26)
    raise ValueError('einsum(): subscript in subscript list is not within the valid range [0, 52)')


def einsum(*args):
    if len(args) < 2:
        raise ValueError('einsum(): must specify the equation string and at least one operand, '
                         'or at least one operand and its subscripts list')
    if isinstance(args[0], Tensor):  # einsum(op1, [0, 1], op2, [1, 2], [0, 2])
        equation = ','.join(''.join(_einsum_subscript(s) for s in sub) for sub in args[1::2])
        if len(args) % 2 == 1:
            equation += '->' + ''.join(_einsum_subscript(s) for s in args[-1])
            operands = args[:-1:2]
        else:
            operands = args[::2]
    else:
        equation, operands = args[0], args[1:]
    if len(operands) == 1 and isinstance(operands[0], (list, tuple)):
        return einsum(equation, *operands[0])
    num_ops = len(operands)
    if num_ops == 0:
        raise RuntimeError('einsum(): must provide at least one operand')
    arrow = equation.find('->')
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = [[] for _ in range(num_ops)]
    ell_in_input = False
    cur = 0
    i = 0
    while i < len(lhs):
        c = lhs[i]
        if c == '.':
            if ell_in_input:
                raise RuntimeError("einsum(): found '.' for operand " + str(cur) + ' for which an ellipsis was already found')
            if not (i + 2 < len(lhs) and lhs[i + 1] == '.' and lhs[i + 2] == '.'):
                raise RuntimeError("einsum(): found '.' for operand " + str(cur) + ' that is not part of any ellipsis')
            i += 2
            op_labels[cur].append('...')
            ell_in_input = True
        elif c == ',':
            cur += 1
            if cur >= num_ops:
                raise RuntimeError('einsum(): fewer operands were provided than specified in the equation')
            ell_in_input = False
        elif c != ' ':
            if not _einsum_letter(c):
                raise RuntimeError('einsum(): invalid subscript given at index ' + str(i) +
                                   ' in the equation string, subscripts must be in [a-zA-Z]')
            op_labels[cur].append(c)
        i += 1
    if cur != num_ops - 1:
        raise RuntimeError('einsum(): more operands were provided than specified in the equation')
    counts = {}
    ell_num_dim = 0
    for k in range(num_ops):
        ndims = operands[k].dim()
        nlabels = len(op_labels[k])
        has_ellipsis = '...' in op_labels[k]
        for s in op_labels[k]:
            if s == '...':
                nlabels -= 1
            else:
                counts[s] = counts.get(s, 0) + 1
        if has_ellipsis:
            ell_num_dim = builtin_max(ell_num_dim, ndims - nlabels)
        if (nlabels > ndims) if has_ellipsis else (nlabels != ndims):
            raise RuntimeError('einsum(): the number of subscripts in the equation (' + str(nlabels) +
                               (') is more than the number of dimensions (' if has_ellipsis else
                                ') does not match the number of dimensions (') + str(ndims) + ') for operand ' +
                               str(k) + ('' if has_ellipsis else ' and no ellipsis was given'))
    # Output dims first (the ellipsis, then labels), then the contraction dims.
    where = {}
    n = 0
    ell_index = 0
    ell_in_output = False
    if arrow < 0:  # implicit output: the ellipsis, then the labels seen once, A-Z before a-z
        n = ell_num_dim
        ell_in_output = True
        for s in builtin_sorted(counts):
            if counts[s] == 1:
                where[s] = n
                n += 1
    else:
        rhs = equation[arrow + 2:]
        i = 0
        while i < len(rhs):
            c = rhs[i]
            if c == '.':
                if ell_in_output:
                    raise RuntimeError("einsum(): found '.' for output but an ellipsis (...) was already found")
                if not (i + 2 < len(rhs) and rhs[i + 1] == '.' and rhs[i + 2] == '.'):
                    raise RuntimeError("einsum(): found '.' for output that is not part of any ellipsis (...)")
                i += 2
                ell_index = n
                n += ell_num_dim
                ell_in_output = True
            elif c != ' ':
                if not _einsum_letter(c):
                    raise RuntimeError('einsum(): invalid subscript given at index ' + str(len(lhs) + 2 + i) +
                                       ' in the equation string, subscripts must be in [a-zA-Z]')
                if c in where:
                    raise RuntimeError('einsum(): output subscript ' + c + ' appears more than once in the output')
                if c not in counts:
                    raise RuntimeError('einsum(): output subscript ' + c +
                                       ' does not appear in the equation for any input operand')
                where[c] = n
                n += 1
            i += 1
    out_num_dim = n
    if not ell_in_output:
        ell_index = n
        n += ell_num_dim
    for s in builtin_sorted(counts):
        if s not in where:
            where[s] = n
            n += 1
    label_size = {}
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * n
    ops = []
    for k in range(num_ops):
        op = operands[k]
        labels = op_labels[k]
        perm = [-1] * n
        dim = 0
        for s in labels:
            if s == '...':
                covered = operands[k].dim() - (len(labels) - 1)
                for j in range(ell_num_dim - covered, ell_num_dim):
                    size = op.shape[dim]
                    if size != 1:
                        if ell_sizes[j] != 1 and ell_sizes[j] != size:
                            raise RuntimeError('einsum(): dimension ' + str(dim) + ' covered by ellipsis in operand ' +
                                               str(k) + 'has size ' + str(size) +
                                               ' which does not broadcast with previously seen ellipsis with size ' +
                                               str(ell_sizes[j]) + ' for the respective dimension')
                        ell_sizes[j] = size
                        dim_counts[ell_index + j] += 1
                    perm[ell_index + j] = dim
                    dim += 1
            elif perm[where[s]] == -1:
                size = op.shape[dim]
                if size != 1:
                    seen = label_size.get(s, 1)
                    if seen != 1 and seen != size:
                        raise RuntimeError('einsum(): subscript ' + s + ' has size ' + str(size) + ' for operand ' +
                                           str(k) + ' which does not broadcast with previously seen size ' + str(seen))
                    label_size[s] = size
                    dim_counts[where[s]] += 1
                perm[where[s]] = dim
                dim += 1
            else:  # a repeated label: its diagonal
                prev = perm[where[s]]
                if op.shape[dim] != op.shape[prev]:
                    raise RuntimeError('einsum(): subscript ' + s + ' is repeated for operand ' + str(k) +
                                       " but the sizes don't match, " + str(op.shape[dim]) + ' != ' + str(op.shape[prev]))
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for j in range(n):
            if perm[j] == -1:
                op = op.unsqueeze(dim)
                perm[j] = dim
                dim += 1
        ops.append(op.permute(*perm) if n else op)
    while len(ops) > 1:
        a = ops.pop(0)
        b = ops.pop(0)
        sum_dims, a_dims, b_dims = [], [], []
        for d in range(out_num_dim, n):
            if a.shape[d] != 1 and b.shape[d] != 1:
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if a.shape[d] != 1:
                    a_dims.append(d)
                    dim_counts[d] = 0
                elif b.shape[d] != 1:
                    b_dims.append(d)
                    dim_counts[d] = 0
        if a_dims:
            a = a.sum(tuple(a_dims), keepdim=True)
        if b_dims:
            b = b.sum(tuple(b_dims), keepdim=True)
        ops.insert(0, _einsum_bmm(a, b, sum_dims))
    out = ops[0]
    if n > out_num_dim:
        if num_ops > 1:  # the contracted dims are all 1 by now
            return out.view(tuple(out.shape[:out_num_dim]))
        return out.sum(tuple(range(out_num_dim, n)))
    return out



# unique (replaces the prelude's) / unique_consecutive


def _unique_result(out, inverse, counts, return_inverse, return_counts):
    if not return_inverse and not return_counts:
        return out
    result = (out,)
    if return_inverse:
        result += (inverse,)
    if return_counts:
        result += (counts,)
    return result


def _group_starts(new, n):
    # The group of each sorted position, and each group's size, from the
    # flags marking where a new group starts.
    group = new.long().cumsum(0) - 1
    starts = torch.nonzero(new).reshape(-1)
    counts = torch.cat([starts[1:], torch.tensor([n], dtype=torch.int64)]) - starts
    return group, counts


def _check_unique_dim(input, dim, kernel):
    if input.dtype == torch.float16:
        raise RuntimeError('"' + kernel + '" not implemented for \'Half\'')
    if input.dim() == 0:
        raise IndexError('Dimension specified as ' + str(dim) + ' but tensor has no dimensions')
    dim = _wrap_dim(dim, input.dim())
    zeros = list(input.shape).count(0)
    if input.shape[dim] == 0:
        if zeros != 1:
            raise RuntimeError('Number of zero sized dimensions is more than one, so unique cannot be applied ')
    elif zeros:
        raise RuntimeError("There are 0 sized dimensions, and they aren't selected, so unique cannot be applied")
    return dim


# unique over dim: the slices along dim, sorted lexicographically (as flat
# rows), equal neighbours merged (NaN never equals); consecutive=True only
# merges equal neighbours in the input's order.
def _unique_dim(input, dim, consecutive, return_inverse, return_counts, name):
    n = input.shape[dim]
    if n == 0:
        out = torch._set_grad_fn(input.clone(), name)
        empty = torch.zeros(0, dtype=torch.int64)
        return _unique_result(out, empty, empty, return_inverse, return_counts)
    moved = input.movedim(dim, 0)
    flat = moved.reshape(n, -1)
    if consecutive:
        order = torch.arange(n)
        rows = flat
    else:
        data = flat.tolist()
        order = torch.tensor(builtin_sorted(range(n), key=lambda i: data[i]), dtype=torch.int64)
        rows = flat.index_select(0, order)
    new = torch.ones(n, dtype=torch.bool)
    if n > 1:
        new[1:] = ~(rows[1:] == rows[:-1]).all(1)
    group, counts = _group_starts(new, n)
    out = rows[new].reshape((-1,) + tuple(moved.shape[1:])).movedim(0, dim)
    inverse = torch.zeros(n, dtype=torch.int64)
    inverse[order] = group
    return _unique_result(torch._set_grad_fn(out, name), inverse, counts, return_inverse, return_counts)


def unique(input, sorted=True, return_inverse=False, return_counts=False, dim=None):
    if dim is not None:
        dim = _check_unique_dim(input, dim, 'unique_dim')
        return _unique_dim(input, dim, False, return_inverse, return_counts, 'UniqueDimBackward0')
    # torch's CPU kernel gathers the values in a hash set: sorted=False gives
    # its bucket order, which standin does not reproduce (it sorts); NaNs
    # likewise come out in torch's own unspecified way.
    if input.dtype == torch.float16:
        raise RuntimeError('"unique" not implemented for \'Half\'')
    flat = input.reshape(-1)
    n = flat.shape[0]
    values, order = flat.sort(stable=True)
    new = torch.ones(n, dtype=torch.bool)
    if n > 1:
        new[1:] = values[1:] != values[:-1]
    group, counts = _group_starts(new, n)
    out = torch._set_grad_fn(flat.index_select(0, order[new]), 'Unique2Backward0')
    inverse = torch.zeros(n, dtype=torch.int64)
    inverse[order] = group
    return _unique_result(out, inverse.reshape(input.shape), counts, return_inverse, return_counts)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    if dim is not None:
        dim = _check_unique_dim(input, dim, 'unique')
        return _unique_dim(input, dim, True, return_inverse, return_counts, 'UniqueConsecutiveBackward0')
    if input.dtype == torch.float16:
        raise RuntimeError('"unique" not implemented for \'Half\'')
    flat = input.reshape(-1)
    n = flat.shape[0]
    new = torch.ones(n, dtype=torch.bool)
    if n > 1:
        new[1:] = flat[1:] != flat[:-1]
    group, counts = _group_starts(new, n)
    out = torch._set_grad_fn(flat[new], 'UniqueConsecutiveBackward0')
    return _unique_result(out, group.reshape(input.shape), counts, return_inverse, return_counts)


Tensor.unique = unique
Tensor.unique_consecutive = unique_consecutive





# The rarer ops compile on first use (torch_extra_prelude, loaded when one of
# its names is first looked up on torch): their Tensor methods load it
# through the torch module, then call the method it binds.
def _lazy_method(name, trigger):
    def method(self, *args, **kwargs):
        getattr(torch, trigger)
        return getattr(self, name)(*args, **kwargs)
    method.__name__ = name
    return method


for _name, _trigger in (('cummax', 'cummax'), ('cummin', 'cummin'), ('logcumsumexp', 'logcumsumexp'),
                        ('diag_embed', 'diag_embed'), ('fill_diagonal_', 'diag_embed'),
                        ('scatter_reduce', 'scatter_reduce'), ('scatter_reduce_', 'scatter_reduce'),
                        ('index_put', 'index_put'), ('index_put_', 'index_put'), ('histc', 'histc'),
                        ('kthvalue', 'kthvalue'), ('mode', 'mode'), ('signbit', 'signbit'), ('copysign', 'copysign'),
                        ('gcd', 'gcd'), ('lcm', 'lcm'), ('renorm', 'renorm'), ('masked_scatter', 'masked_scatter'),
                        ('masked_scatter_', 'masked_scatter'), ('nanmedian', 'nanmedian'),
                        ('nanquantile', 'nanquantile'), ('histogram', 'histogram')):
    setattr(Tensor, _name, _lazy_method(_name, _trigger))


# x.logical_not_() and its kind: the op's result written back into x (a
# float tensor takes 0. and 1.).
def _logical_inplace(name):
    def method(self, *args):
        return self.copy_(getattr(torch, name)(self, *args))
    method.__name__ = name + '_'
    return method


for _name in ('logical_not', 'logical_and', 'logical_or', 'logical_xor'):
    setattr(Tensor, _name + '_', _logical_inplace(_name))


# torch's own names for the nn.functional kernels (torch.conv2d, torch.embedding, ...),
# with their ATen argument orders.
def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return torch.nn.functional.conv1d(input, weight, bias, stride, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    return torch.nn.functional.conv2d(input, weight, bias, stride, padding, dilation, groups)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    return torch.nn.functional.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


def max_pool2d(input, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return torch.nn.functional.max_pool2d(input, kernel_size, stride if stride else None, padding, dilation, ceil_mode)


def avg_pool1d(input, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True):
    return torch.nn.functional.avg_pool1d(input, kernel_size, stride if stride else None, padding, ceil_mode,
                                          count_include_pad)


def adaptive_avg_pool1d(input, output_size):
    return torch.nn.functional.adaptive_avg_pool1d(input, output_size)


def pixel_shuffle(input, upscale_factor):
    return torch.nn.functional.pixel_shuffle(input, upscale_factor)


def pairwise_distance(x1, x2, p=2.0, eps=1e-06, keepdim=False):
    return torch.nn.functional.pairwise_distance(x1, x2, p, eps, keepdim)


def dropout(input, p, train):
    return torch.nn.functional.dropout(input, p, train)


def embedding(weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    return torch.nn.functional.embedding(indices, weight, None if padding_idx == -1 else padding_idx,
                                         scale_grad_by_freq=scale_grad_by_freq)


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True):
    return torch.nn.functional.group_norm(input, num_groups, weight, bias, eps)


def batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn_enabled):
    return torch.nn.functional.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def instance_norm(input, weight, bias, running_mean, running_var, use_input_stats, momentum, eps, cudnn_enabled):
    return torch.nn.functional.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats,
                                             momentum, eps)


# In-place comparisons: self takes the answer in its own dtype.
def _compare_inplace(name):
    def method(self, other):
        return self.copy_(getattr(torch, name)(self, other))
    method.__name__ = name + '_'
    return method


for _name in ('lt', 'gt', 'le', 'ge', 'eq', 'ne'):
    setattr(Tensor, _name + '_', _compare_inplace(_name))


def _clamp_min_(self, min):
    return self.clamp_(min=min)


def _clamp_max_(self, max):
    return self.clamp_(max=max)


def _nan_to_num_(self, nan=0.0, posinf=None, neginf=None):
    return self.copy_(torch.nan_to_num(self, nan, posinf, neginf))


Tensor.clamp_min_ = _clamp_min_
Tensor.clamp_max_ = _clamp_max_
Tensor.nan_to_num_ = _nan_to_num_


def absolute(input):
    return torch.abs(input)


def negative(input):
    return torch.neg(input)


def positive(input):
    if input.dtype == torch.bool:
        raise RuntimeError('The `+` operator, on a bool tensor is not supported.')
    return input


def fix(input):
    return torch.trunc(input)


def msort(input):
    return torch.sort(input, 0)[0]


def isreal(input):
    return torch.ones_like(input, dtype=torch.bool)


def narrow_copy(input, dim, start, length):
    return input.narrow(dim, start, length).clone()


def _split_by(name, input, indices_or_sections, dim, need):
    if input.dim() < need:
        raise RuntimeError('torch.' + name + ' requires a tensor with at least ' + str(need) + ' dimension, but got a '
                           'tensor with ' + str(input.dim()) + ' dimensions!')
    if isinstance(indices_or_sections, int) and input.shape[dim] % indices_or_sections != 0:
        raise RuntimeError('torch.' + name + ' attempted to split along dimension ' + str(dim) +
                           ', but the size of the dimension ' + str(input.shape[dim]) +
                           ' is not divisible by the split_size ' + str(indices_or_sections) + '!')
    return tensor_split(input, indices_or_sections, dim)


def hsplit(input, indices_or_sections):
    return _split_by('hsplit', input, indices_or_sections, 0 if input.dim() == 1 else 1, 1)


def vsplit(input, indices_or_sections):
    return _split_by('vsplit', input, indices_or_sections, 0, 2)


def dsplit(input, indices_or_sections):
    return _split_by('dsplit', input, indices_or_sections, 2, 3)


def inner(input, other):
    if input.dim() == 0 or other.dim() == 0:
        return input * other
    return torch.tensordot(input, other, dims=([-1], [-1]))


def vdot(input, other):
    return torch.dot(input, other)


def addmv(input, mat, vec, *, beta=1, alpha=1):
    out = torch.mv(mat, vec)
    if alpha != 1:
        out = out * alpha
    if beta == 0:
        return out + torch.zeros_like(input)
    return out + (input if beta == 1 else input * beta)


# cov: rows are variables, columns observations (weights not supported).
def cov(input, *, correction=1, fweights=None, aweights=None):
    if fweights is not None or aweights is not None:
        raise NotImplementedError('torch.cov(fweights=, aweights=) is not supported by standin')
    if input.dim() > 2:
        raise RuntimeError('cov(): expected input to have two or fewer dimensions but got an input with ' +
                           str(input.dim()) + ' dimensions')
    x = input.reshape(1, -1) if input.dim() < 2 else input
    if not x.is_floating_point():
        x = x.to(torch.get_default_dtype())
    n = x.shape[1]
    xm = x - x.mean(1, keepdim=True)
    c = xm @ xm.t() / builtin_max(n - correction, 0)
    return c.squeeze() if input.dim() < 2 else c


def corrcoef(input):
    c = cov(input)
    if c.dim() == 0:
        return c / c
    d = torch.diagonal(c)
    stddev = d.sqrt()
    c = c / stddev.reshape(-1, 1)
    c = c / stddev.reshape(1, -1)
    return c.clamp(-1, 1)


def result_type(tensor1, tensor2):
    def probe(v):
        if isinstance(v, Tensor):
            return torch.zeros((), dtype=v.dtype) if v.dim() == 0 else torch.zeros((1,), dtype=v.dtype)
        return v
    a, b = probe(tensor1), probe(tensor2)
    if not isinstance(a, Tensor) and not isinstance(b, Tensor):
        a = torch.tensor(a)
    return torch.add(a, b).dtype


def select_scatter(input, src, dim, index):
    out = input.clone()
    out.select(dim, index).copy_(src)
    return out


def slice_scatter(input, src, dim=0, start=None, end=None, step=1):
    out = input.clone()
    key = [builtin_slice(None)] * (dim % builtin_max(input.dim(), 1)) + [builtin_slice(start, end, step)]
    out[tuple(key)] = src
    return out


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    out = input.clone()
    out.diagonal(offset, dim1, dim2).copy_(src)
    return out


for _name in ('absolute', 'negative', 'positive', 'fix', 'msort', 'isreal', 'narrow_copy', 'hsplit', 'vsplit',
              'dsplit', 'inner', 'vdot', 'addmv', 'cov', 'corrcoef', 'select_scatter', 'slice_scatter',
              'diagonal_scatter'):
    setattr(Tensor, _name, globals()[_name])
)PY";

// The rarer torch ops, compiled on first use (Interpreter::add_lazy_part).
// torch._utils and torch.overrides: the two queries model code makes of them.
inline constexpr std::string_view utils_private_prelude = R"PY(
def is_compiling():
    return torch.compiler.is_compiling()
)PY";

inline constexpr std::string_view overrides_prelude = R"PY(
def is_tensor_like(inp):
    return isinstance(inp, torch.Tensor) or hasattr(type(inp), '__torch_function__')


def has_torch_function(relevant_args):
    return False


def has_torch_function_unary(arg):
    return False


def has_torch_function_variadic(*args):
    return False


def handle_torch_function(public_api, relevant_args, *args, **kwargs):
    return public_api(*args, **kwargs)
)PY";

inline constexpr std::string_view torch_extra_prelude = R"PY(
# SLEEF's powf_u10 (ATen's Vectorized<float>::pow) in double-float
# arithmetic, as its FMA build computes it: exp(log|x| * y) through logkf
# and expkf, then the sign and the special cases. float32 only.
def _df_sum(x, y):
    s = x + y
    v = s - x
    return s, (x - (s - v)) + (y - v)


def _df_add(x, y):
    # (hi, lo) + (hi, lo) or + a float, no ordering assumed (SLEEF's dfadd2).
    hi, lo = y if isinstance(y, tuple) else (y, None)
    s = x[0] + hi
    v = s - x[0]
    t = (x[0] - (s - v)) + (hi - v)
    return s, t + x[1] if lo is None else t + (x[1] + lo)


def _df_add_fast(x, y):
    # |x| >= |y| (SLEEF's dfadd); x a float or a pair.
    if isinstance(x, tuple):
        s = x[0] + y[0]
        return s, (((x[0] - s) + y[0]) + x[1]) + y[1]
    s = x + y[0]
    return s, ((x - s) + y[0]) + y[1]


def _df_mul(x, y):
    if isinstance(y, tuple):
        s = x[0] * y[0]
        return s, _fma(x[0], y[1], _fma(x[1], y[0], _fma(x[0], y[0], -s)))
    s = x[0] * y
    return s, _fma(x[1], y, _fma(x[0], y, -s))


def _df_square(x):
    s = x[0] * x[0]
    return s, _fma(x[0] + x[0], x[1], _fma(x[0], x[0], -s))


def _df_div(n, d):
    t = 1.0 / d[0]
    s = n[0] * t
    u = _fma(t, n[0], -s)
    v = _fma(-d[1], t, _fma(-d[0], t, 1.0))
    return s, _fma(s, v, _fma(n[1], t, u))


def _ldexp(x, q):
    # x * 2^q for an integral float tensor q, in two steps (exact while no underflow).
    h = torch.floor(q / 2)
    return x * torch.pow(2.0, h).float() * torch.pow(2.0, q - h).float()


def _sleef_logk(d):
    # e: the exponent of the float d * (1 / 0.75f) (128 when it overflows);
    # m = d / 2^e in [0.75, 1.5).
    scaled = d * torch.tensor(1.0 / 0.75, dtype=torch.float32)
    wide = torch.where(torch.isinf(scaled), torch.ones_like(scaled), scaled).double()
    e = torch.floor(torch.log2(wide))
    e = torch.where(torch.pow(2.0, e) > wide, e - 1, e)
    e = torch.where(torch.pow(2.0, e + 1) <= wide, e + 1, e).float()
    e = torch.where(torch.isinf(scaled), torch.full_like(e, 128.0), e)
    m = _ldexp(d, -e)
    one = torch.ones_like(m)
    x = _df_div(_df_sum(-one, m), _df_sum(one, m))
    x2 = _df_square(x)
    t = _fma(torch.full_like(m, 0.240320354700088500976562), x2[0], 0.285112679004669189453125)
    t = _fma(t, x2[0], 0.400007992982864379882812)
    c = (torch.full_like(m, 0.66666662693023681640625), torch.full_like(m, 3.69183861259614332084311e-09))
    ln2 = (torch.full_like(m, 0.69314718246459960938), torch.full_like(m, -1.904654323148236017e-09))
    series = _df_mul(_df_mul(x2, x), _df_add(_df_mul(x2, t), c))
    return _df_add(_df_mul(ln2, e), _df_add((x[0] * 2.0, x[1] * 2.0), series))


def _sleef_expk(d):
    q = torch.round((d[0] + d[1]) * torch.tensor(1.442695040888963407359924681001892137426645954152985934135449406931,
                                                 dtype=torch.float32))
    s = _df_add(d, q * torch.tensor(-0.693145751953125, dtype=torch.float32))
    s = _df_add(s, q * torch.tensor(-1.428606765330187045e-06, dtype=torch.float32))
    hi = s[0] + s[1]
    s = (hi, (s[0] - hi) + s[1])
    u = _fma(torch.full_like(hi, 0.00136324646882712841033936), s[0], 0.00836596917361021041870117)
    u = _fma(u, s[0], 0.0416710823774337768554688)
    u = _fma(u, s[0], 0.166665524244308471679688)
    u = _fma(u, s[0], 0.499999850988388061523438)
    t = _df_add_fast(s, _df_mul(_df_square(s), u))
    t = _df_add_fast(torch.ones_like(u), t)
    u = _ldexp(t[0] + t[1], q)
    return torch.where(d[0] < -104, torch.zeros_like(u), u)


def _sleef_powf(x, y):
    y = torch.tensor(y, dtype=torch.float32).item()
    a = x.abs()
    one = torch.ones_like(x)
    regular = (a > 0) & (a < float('inf'))
    r = _sleef_expk(_df_mul(_sleef_logk(torch.where(regular, a, one)), y))
    r = torch.where(torch.isnan(r), torch.full_like(r, float('inf')), r)
    y_int = _math.isinf(y) or (not _math.isnan(y) and _math.trunc(y) == y)
    y_odd = y_int and abs(y) < 2 ** 24 and int(y) % 2 == 1
    r = r * torch.where(x > 0, one, torch.full_like(x, (-1.0 if y_odd else 1.0) if y_int else float('nan')))
    if _math.isinf(y):
        efx = (a - 1) * (1.0 if y > 0 else -1.0)
        r = torch.where(efx < 0, torch.zeros_like(r), torch.where(efx == 0, one, torch.full_like(r, float('inf'))))
    # x = +-0 or +-inf: 0 or inf, signed by x when y is odd (-0 counts as negative).
    negative = (x < 0) | ((x == 0) & (1 / x < 0))
    sign = torch.where(negative, -one, one) if y_odd else one
    big = torch.where(x == 0, torch.full_like(x, -y), torch.full_like(x, y)) < 0
    edge = sign * torch.where(big, torch.zeros_like(r), torch.full_like(r, float('inf')))
    r = torch.where((a == float('inf')) | (x == 0), edge, r)
    r = torch.where(torch.isnan(x), x, r)
    if _math.isnan(y):
        r = torch.full_like(r, float('nan'))
    if y == 0:
        return one
    return torch.where(x == 1, one, r)


# tensor ** scalar as ATen's CPU pow kernel: sqrt, 1 / sqrt, 1 / x, x * x,
# x * x * x, 1 / (x * x) for the exponents it special-cases; else float32
# takes SLEEF's powf on whole blocks of 16 elements (two Vectorized) and
# pow in double on the rest, as cpu_kernel_vec splits a contiguous run
# (below the 32768-element parallel grain). float64 keeps Tensor.pow.
def _pow_scalar(x, exponent):
    if exponent == 0.5:
        return torch.sqrt(x)
    if exponent == -0.5:
        return 1 / torch.sqrt(x)
    if exponent == -1:
        return 1 / x
    if exponent == 2:
        return x * x
    if exponent == 3:
        return x * x * x
    if exponent == -2:
        return 1 / (x * x)
    if x.dtype != torch.float32:
        return x.pow(exponent)
    flat = x.reshape(-1)
    n = flat.numel()
    blocks = n // 16 * 16
    head = _sleef_powf(flat[:blocks], exponent)
    tail = flat[blocks:].double().pow(exponent).float()
    return torch.cat([head, tail]).reshape(x.shape)


# torch.pdist: the distances of rows i < j, in that order, as ATen's
# vectorised pdist kernel sums them: lane l of a Vectorized (8 float32 or
# 4 float64 lanes) accumulates features l, l + 8, ... (p = 2 with an FMA),
# a shorter row folds its lanes in order, else float32 lanes reduce as a
# tree ((0+4)+(2+6))+((1+5)+(3+7)) and float64 lanes in order.
def _pdist_lanes(mapped, fuse_square, width, float32):
    m = mapped.shape[1]
    if m < width:
        acc = mapped[:, 0]
        for i in range(1, m):
            acc = acc + mapped[:, i]
        return acc
    lanes = mapped[:, 0:width]
    chunks = m // width
    for c in range(1, chunks + (1 if m % width else 0)):
        part = mapped[:, c * width:(c + 1) * width]
        n = part.shape[1]
        head = lanes[:, 0:n]
        if fuse_square is not None:
            d = fuse_square[:, c * width:(c + 1) * width]
            head = _fma(d, d, head)
        else:
            head = head + part
        lanes = head if n == width else torch.cat([head, lanes[:, n:]], 1)
    if float32:
        v = lanes[:, 0:4] + lanes[:, 4:8]
        v = v[:, 0:2] + v[:, 2:4]
        return v[:, 0] + v[:, 1]
    return ((lanes[:, 0] + lanes[:, 1]) + lanes[:, 2]) + lanes[:, 3]


@_grad_node('PdistBackward0')
def pdist(input, p=2):
    if input.dim() != 2:
        raise RuntimeError('pdist only supports 2D tensors, got: ' + str(input.dim()) + 'D')
    if not is_floating_point(input):
        raise RuntimeError('pdist only supports floating-point dtypes')
    if p < 0:
        raise RuntimeError('pdist only supports non-negative p values')
    if input.dtype != torch.float32 and input.dtype != torch.float64:
        raise RuntimeError('"pdist" not implemented for \'' + _scalar_type_names[input.dtype] + "'")
    n, m = input.shape
    if n <= 1:
        return torch.zeros(0, dtype=input.dtype)
    rows, cols = triu_indices(n, n, 1)
    if m == 0:
        return torch.zeros(rows.shape[0], dtype=input.dtype)
    d = (input[rows] - input[cols]).abs()
    float32 = input.dtype == torch.float32
    width = 8 if float32 else 4
    if p == 0:
        return _pdist_lanes(torch.clamp(torch.ceil(d), max=1.0), None, width, float32)
    if p == 1:
        return _pdist_lanes(d, None, width, float32)
    if p == 2:
        return _root_at_zero_flat(_pdist_lanes(d * d, d, width, float32), torch.sqrt)
    if p == float('inf'):
        return d.amax(1)
    # The general p: SLEEF's pow on every difference (float32), pow in double to finish.
    # (computed without history: its node's derivative is ATen's pdist_backward)
    with torch.no_grad():
        mapped = _sleef_powf(d, float(p)) if float32 else torch._pow_std(d, p)
        out = torch._pow_std(_pdist_lanes(mapped, None, width, float32).double(), 1.0 / p).to(input.dtype)
    if input.requires_grad and torch.is_grad_enabled():
        torch._record_node(out, '_pdist_p', (input, float(p)), 0, 'PdistBackward0')
    return out


# torch.bilinear as ATen's (_trilinear): input1 times the weight laid out
# (in1, out * in2) as one mm, then per sample a bmm with input2, then bias.
@_grad_node('AddBackward0')
def _bilinear_biased(out, bias):
    return out + bias


def bilinear(input1, input2, weight, bias=None):
    if input1.dim() != input2.dim():
        raise RuntimeError('bilinear(): input dimensions do not match: got ' + str(input1.dim()) + ' and ' +
                           str(input2.dim()))
    for i in range(input1.dim() - 1):
        if input1.shape[i] != input2.shape[i]:
            raise RuntimeError('bilinear(): input batch dimensions do not match at dim ' + str(i) + ': got ' +
                               str(input1.shape[i]) + ' and ' + str(input2.shape[i]))
    if input1.size(input1.dim() - 1) != weight.size(1):
        raise RuntimeError('bilinear(): input1 size does not match weight size: got ' +
                           str(input1.size(input1.dim() - 1)) + ' but expected ' + str(weight.size(1)))
    if input2.size(input2.dim() - 1) != weight.size(2):
        raise RuntimeError('bilinear(): input2 size does not match weight size: got ' +
                           str(input2.size(input2.dim() - 1)) + ' but expected ' + str(weight.size(2)))
    if bias is not None and bias.size(0) != weight.size(0):
        raise RuntimeError('bilinear(): bias size does not match weight size: got ' + str(bias.size(0)) +
                           ' but expected ' + str(weight.size(0)))
    for t in (input2, weight):
        if t.dtype != input1.dtype:
            raise RuntimeError('expected scalar type ' + _scalar_type_names[input1.dtype] + ' but found ' +
                               _scalar_type_names[t.dtype])
    out_features, in1, in2 = weight.shape
    x1 = input1.reshape(-1, in1)
    x2 = input2.reshape(-1, in2)
    left = x1.mm(weight.permute(1, 0, 2).reshape(in1, out_features * in2)).reshape(-1, out_features, in2)
    out = torch.bmm(left, x2.unsqueeze(2)).reshape(list(input1.shape[:-1]) + [out_features])
    if bias is None:
        return torch._set_grad_fn(out, 'ReshapeAliasBackward0')
    return _bilinear_biased(out, bias)


# torch.channel_shuffle: (N, g, C / g, *) with the two group dims swapped.
def channel_shuffle(input, groups):
    if input.dim() <= 2:
        raise RuntimeError('channel_shuffle expects input with > 2 dims, but got input with sizes ' +
                           str(list(input.shape)))
    if groups <= 0:
        raise RuntimeError('Number of groups to divide channels in must be positive. Value of groups:' + str(groups))
    c = input.shape[1]
    if c % groups != 0:
        raise RuntimeError('Number of channels must be divisible by groups. Got ' + str(c) + ' channels and ' +
                           str(groups) + ' groups.')
    n = input.shape[0]
    rest = list(input.shape[2:])
    return input.reshape([n, groups, c // groups] + rest).transpose(1, 2).reshape(list(input.shape))


native_channel_shuffle = channel_shuffle


# F.local_response_norm's power, for torch.nn.functional's part.
torch._pow_scalar = _pow_scalar

# torch.gradient: central differences inside, one-sided ones of edge_order
# 1 or 2 at the ends, for uniform spacings (a number, or one per dim).
def gradient(input, *, spacing=1, dim=None, edge_order=1):
    if edge_order not in (1, 2):
        raise RuntimeError('torch.gradient only supports edge_order=1 and edge_order=2.')
    if dim is None:
        dims = list(range(input.dim()))
    elif isinstance(dim, int):
        dims = [dim]
    else:
        dims = list(dim)
    dims = [_wrap_dim(d, input.dim()) for d in dims]
    if isinstance(spacing, (list, tuple)):
        if len(spacing) != len(dims):
            raise RuntimeError('torch.gradient expected spacing to be unspecified, a scalar, or a list of length equal '
                               'to self.dim() = ' + str(input.dim()) + ', since dim argument was not given, but got a '
                               'list of length ' + str(len(spacing)))
        steps = list(spacing)
    else:
        steps = [spacing] * len(dims)
    x = input if input.is_floating_point() else input.to(torch.get_default_dtype())
    out = []
    for d, h in zip(dims, steps):
        if isinstance(h, Tensor):
            if h.dim() != 0:
                raise NotImplementedError('torch.gradient with coordinate tensors as spacing')
            h = h.item()
        n = x.shape[d]
        if n < edge_order + 1:
            raise RuntimeError('torch.gradient expected each dimension size to be at least edge_order+1')
        inner = (x.narrow(d, 2, n - 2) - x.narrow(d, 0, n - 2)) / (2 * h)
        if edge_order == 1:
            first = (x.narrow(d, 1, 1) - x.narrow(d, 0, 1)) / h
            last = (x.narrow(d, n - 1, 1) - x.narrow(d, n - 2, 1)) / h
        else:
            first = (-1.5 * x.narrow(d, 0, 1) + 2 * x.narrow(d, 1, 1) - 0.5 * x.narrow(d, 2, 1)) / h
            last = (0.5 * x.narrow(d, n - 3, 1) - 2 * x.narrow(d, n - 2, 1) + 1.5 * x.narrow(d, n - 1, 1)) / h
        out.append(torch.cat([first, inner, last], d))
    return tuple(out)


# cummax / cummin / logcumsumexp


# ATen's cummax/cummin walk the dim keeping the running extreme: a value
# >= (cummax) or <= (cummin) the running one takes over, so ties give the
# last index; a NaN takes over and stays, each later NaN taking its index.
def _cum_extreme(input, dim, name, larger):
    if input.dtype == torch.float16:
        raise RuntimeError('"' + name + '_cpu" not implemented for \'Half\'')
    if input.dim() == 0:  # torch copies a 0-d input whatever the dim
        return _ReturnType(name, torch._set_grad_fn(input.clone(), name.capitalize() + 'Backward0'),
                           torch.zeros((), dtype=torch.int64))
    dim = _wrap_dim(dim, input.dim())
    n = input.shape[dim]
    if n == 0 or input.numel() == 0:
        return _ReturnType(name, torch._set_grad_fn(input.clone(), name.capitalize() + 'Backward0'),
                           torch.zeros(tuple(input.shape), dtype=torch.int64))
    x = input.movedim(dim, 0)
    floating = is_floating_point(x)
    best = x[0]
    index = torch.zeros(tuple(best.shape), dtype=torch.int64)
    values = [best]
    indices = [index]
    for i in range(1, n):
        cur = x[i]
        take = (cur >= best) if larger else (cur <= best)
        if floating:
            take = torch.isnan(cur) | (take & ~torch.isnan(best))
        best = torch.where(take, cur, best)
        index = torch.where(take, i, index)
        values.append(best)
        indices.append(index)
    out = torch.stack(values, 0).movedim(0, dim).contiguous()
    return _ReturnType(name, torch._set_grad_fn(out, name.capitalize() + 'Backward0'),
                       torch.stack(indices, 0).movedim(0, dim).contiguous())


def cummax(input, dim):
    return _cum_extreme(input, dim, 'cummax', True)


def cummin(input, dim):
    return _cum_extreme(input, dim, 'cummin', False)


# ATen's kernel keeps the running log-sum-exp in double (float's CPU
# accumulate type) and rounds each step to the dtype:
# acc = log1p(exp(min - max)) + max of (x, acc), or x where both are the
# same infinity; a NaN propagates.
@_grad_node('LogcumsumexpBackward0')
def logcumsumexp(input, dim):
    _float_kernel(input, 'logcumsumexp_out_cpu')
    if input.dim() == 0:
        _wrap_dim(dim, 0)
        return input.clone()
    dim = _wrap_dim(dim, input.dim())
    n = input.shape[dim]
    if input.numel() == 0:
        return input.clone()
    x = input.movedim(dim, 0).double()
    acc = torch.full(tuple(x.shape[1:]), float('-inf'), dtype=torch.float64)
    out = []
    for i in range(n):
        cur = x[i]
        nan_acc = torch.isnan(acc)
        low = torch.where(nan_acc, acc, torch.minimum(cur, acc))
        high = torch.where(nan_acc, acc, torch.maximum(cur, acc))
        acc = torch.where((low != high) | torch.isfinite(low), torch.log1p(torch.exp(low - high)) + high, cur)
        out.append(acc)
    return torch.stack(out, 0).to(input.dtype).movedim(0, dim).contiguous()


Tensor.cummax = cummax
Tensor.cummin = cummin
Tensor.logcumsumexp = logcumsumexp



# diag_embed / Tensor.fill_diagonal_
# (_wrap_dim: the shared helper.)


# The last dim of input laid along a diagonal of the (dim1, dim2) planes of a
# result with one dim more; offset > 0 is above the main diagonal.
@_grad_node('DiagEmbedBackward0')
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    nd = input.dim() + 1
    d1 = _wrap_dim(dim1, nd)
    d2 = _wrap_dim(dim2, nd)
    if d1 == d2:
        raise RuntimeError('diagonal dimensions cannot be identical ' + str(dim1) + ', ' + str(dim2))
    k = input.shape[-1]
    m = k + (offset if offset >= 0 else -offset)
    out = torch.zeros(tuple(input.shape[:-1]) + (m, m), dtype=input.dtype)
    i = torch.arange(k)
    if offset >= 0:
        out[..., i, i + offset] = input
    else:
        out[..., i - offset, i] = input
    return out.movedim((nd - 2, nd - 1), (d1, d2))


# fill_diagonal_ fills the elements i, i, ..., i; with wrap=True a 2-D matrix
# taller than wide + 1 goes on filling every (width + 1)-th element of its
# memory, as torch's as_strided view does (so a strided input wraps where its
# storage does).
def _fill_diagonal_(self, fill_value, wrap=False):
    nd = self.dim()
    if nd < 2:
        raise RuntimeError('dimensions must larger than 1')
    height, width = self.shape[0], self.shape[1]
    if nd > 2:
        for s in self.shape[1:]:
            if s != height:
                raise RuntimeError('all dimensions of input must be of equal length')
    if isinstance(fill_value, Tensor):
        fill_value = fill_value.item()
    size = builtin_min(height, width)
    i = torch.arange(size)
    self[(i,) * nd] = fill_value
    if wrap and nd == 2 and height > width + 1:
        step = width + 1
        count = (self.numel() + step - 1) // step - size
        strides = self.stride()
        start = strides[0] * (width + 1)
        order = builtin_sorted(range(2), key=lambda d: -strides[d])
        rows, cols = [], []
        for j in range(count):
            at = start + j * (strides[0] + strides[1])
            coord = [0, 0]
            for d in order:
                coord[d] = at // strides[d]
                at = at % strides[d]
            if coord[0] < height and coord[1] < width:  # an element outside the view is not written
                rows.append(coord[0])
                cols.append(coord[1])
        if rows:
            self[torch.tensor(rows, dtype=torch.int64), torch.tensor(cols, dtype=torch.int64)] = fill_value
    return self


Tensor.diag_embed = diag_embed
Tensor.fill_diagonal_ = _fill_diagonal_



# scatter_reduce / scatter_reduce_


def _scatter_checks(self, dim, index, src, method):
    # ATen's scatter_gather_dtype_check and scatter_shape_check.
    dim = _wrap_dim(dim, self.dim())
    if index.dtype != torch.int64:
        raise RuntimeError(method + '(): Expected dtype int64 for index')
    if self.dtype != src.dtype:
        raise RuntimeError(method + '(): Expected self.dtype to be equal to src.dtype')
    if index.numel() == 0:
        return dim
    nd = builtin_max(self.dim(), 1)
    if builtin_max(index.dim(), 1) != nd:
        raise RuntimeError('Index tensor must have the same number of dimensions as self tensor')
    isz = list(index.shape) or [1]
    ssz = list(self.shape) or [1]
    wrong = builtin_any(isz[d] > ssz[d] for d in range(nd) if d != dim)
    if not wrong:
        for d in range(nd):
            if src.dim() and d >= src.dim():  # torch asks src.size(d)
                _wrap_dim(d, src.dim())
            if isz[d] > (src.shape[d] if src.dim() else 1):
                wrong = True
                break
    if wrong:
        raise RuntimeError('Expected index ' + _shape_list(index) + ' to be smaller than self ' + _shape_list(self) +
                           ' apart from dimension ' + str(dim) + ' and to be smaller size than src ' + _shape_list(src))
    _check_index_bounds(index, dim, ssz[dim])
    return dim


def _slice_coords(index, dim, i):
    # The coordinates index[..., i (along dim), ...] scatters to.
    shape = list(index.shape)
    coords = []
    for d in range(len(shape)):
        if d == dim:
            coords.append(index.select(dim, i))
        else:
            view = [1] * (len(shape) - 1)
            k = d if d < dim else d - 1
            view[k] = shape[d]
            coords.append(torch.arange(shape[d]).reshape(view))
    return tuple(coords)


_scatter_reduce_names = ('sum', 'prod', 'mean', 'amax', 'amin')


# scatter_reduce: each src value folds into self at its index along dim, in
# index order (a running sum/product/max/min); include_self=False first sets
# the targets to the reduction's identity (for amax/amin -inf/inf, or the
# dtype's lowest/highest); mean divides by the count of values (+1 for self
# with include_self), flooring for integer dtypes.
def _scatter_reduce_(self, dim, index, src, reduce, *, include_self=True):
    if reduce not in _scatter_reduce_names:
        raise RuntimeError('reduce argument must be either sum, prod, mean, amax or amin.')
    if not isinstance(src, Tensor):
        raise TypeError("scatter_reduce(): argument 'src' (position 3) must be Tensor, not " + type(src).__name__)
    dim = _scatter_checks(self, dim, index, src, 'scatter')
    if reduce == 'mean' and self.dtype == torch.bool:
        raise RuntimeError('"scatter_gather_tensor_cpu_reduce_mean" not implemented for \'Bool\'')
    if index.numel() == 0:
        return self
    target = self
    if self.dim() == 0:
        target = self.reshape(1)
    if index.dim() == 0:
        index = index.reshape(1)
    if src.dim() == 0:
        src = src.reshape(1)
    boolean = self.dtype == torch.bool
    floating = is_floating_point(self)
    if not include_self:
        if reduce in ('sum', 'mean'):
            init = 0
        elif reduce == 'prod':
            init = 1
        elif boolean:
            init = reduce == 'amin'
        elif floating:
            init = float('-inf') if reduce == 'amax' else float('inf')
        else:
            info = torch.iinfo(self.dtype)
            init = info.min if reduce == 'amax' else info.max
        for i in range(index.shape[dim]):
            target[_slice_coords(index, dim, i)] = init
    if reduce == 'mean':
        count = torch.ones_like(target) if include_self else torch.zeros_like(target)
    for i in range(index.shape[dim]):
        at = _slice_coords(index, dim, i)
        cur = target[at]
        if cur.dim() == 0:  # (a 0-dim index selects a view: the store below must not change what the op saved)
            cur = cur.clone()
        val = src.select(dim, i)
        if val.dim():  # only the part of src that index covers
            val = val[tuple(builtin_slice(0, s) for s in at[dim].shape)]
        if reduce in ('sum', 'mean'):
            new = torch.logical_or(cur, val) if boolean else cur + val
        elif reduce == 'prod':
            new = torch.logical_and(cur, val) if boolean else cur * val
        elif reduce == 'amax':
            new = torch.logical_or(cur, val) if boolean else torch.maximum(cur, val)
        else:
            new = torch.logical_and(cur, val) if boolean else torch.minimum(cur, val)
        target[at] = new
        if reduce == 'mean':
            count[at] = count[at] + 1
    if reduce == 'mean':
        count = count.masked_fill(count == 0, 1)
        if floating:
            target.copy_(target / count)
        else:
            target.copy_(torch.div(target, count, rounding_mode='floor'))
    return self


@_grad_node('ScatterReduceBackward0')
def scatter_reduce(input, dim, index, src, reduce, *, include_self=True):
    return _scatter_reduce_(input.clone(), dim, index, src, reduce, include_self=include_self)


Tensor.scatter_reduce = scatter_reduce
Tensor.scatter_reduce_ = _scatter_reduce_



# index_put_ / index_put


def _index_put_(self, indices, values, accumulate=False):
    # self[indices] = values; accumulate=True adds, duplicates included (torch's
    # CPU kernel adds them one at a time in the order of the indexing result).
    if not isinstance(indices, (tuple, list)):
        raise TypeError("index_put_(): argument 'indices' (position 1) must be tuple of Tensors, not " +
                        type(indices).__name__)
    for k, t in enumerate(indices):
        if not isinstance(t, Tensor):
            raise TypeError('expected Tensor as element ' + str(k) + ' in argument 0, but got ' + type(t).__name__)
    if not isinstance(values, Tensor):
        raise TypeError("index_put_(): argument 'values' (position 2) must be Tensor, not " + type(values).__name__)
    indices = tuple(indices)
    if len(indices) > self.dim():
        raise IndexError('too many indices for tensor of dimension ' + str(self.dim()) + ' (got ' + str(len(indices)) + ')')
    if not indices:
        raise RuntimeError('strides() called on an undefined Tensor')
    shapes = []
    pos = 0
    for t in indices:
        if t.dtype == torch.bool or t.dtype == torch.uint8:
            for j in range(t.dim()):
                if pos + j >= self.dim():
                    _wrap_dim(pos + j, self.dim())
                if t.shape[j] != self.shape[pos + j]:
                    raise IndexError('The shape of the mask ' + _shape_list(t) + ' at index ' + str(j) +
                                     ' does not match the shape of the indexed tensor ' + _shape_list(self) +
                                     ' at index ' + str(pos + j))
            pos += t.dim()
        elif t.dtype == torch.int64:
            pos += 1
        else:
            raise IndexError('tensors used as indices must be long, byte or bool tensors')
    if pos > self.dim():
        _wrap_dim(self.dim(), self.dim())
    # A lone mask with a one-element value is a masked_fill_ (no shape or dtype check).
    if not accumulate and len(indices) == 1 and indices[0].dtype in (torch.bool, torch.uint8) and values.numel() == 1:
        self[indices[0].bool()] = values.item()
        return self
    for t in indices:
        if t.dtype == torch.bool or t.dtype == torch.uint8:
            shapes.append((int((t != 0).sum()),))
        else:
            shapes.append(tuple(t.shape))
    try:
        index_shape = tuple(torch.broadcast_shapes(*shapes))
    except RuntimeError:
        raise IndexError('shape mismatch: indexing tensors could not be broadcast together with shapes ' +
                         ', '.join('[' + ', '.join(str(s) for s in sh) + ']' for sh in shapes))
    result_shape = index_shape + tuple(self.shape[pos:])
    # values must expand to the indexing result's shape.
    vshape = tuple(values.shape)
    fits = len(vshape) <= len(result_shape) and _expands_to(vshape, result_shape)
    if not fits:
        raise RuntimeError('shape mismatch: value tensor of shape ' + _shape_list(values) +
                           ' cannot be broadcast to indexing result of shape [' + ', '.join(str(s) for s in result_shape) + ']')
    if values.dtype != self.dtype:
        raise RuntimeError('Index put requires the source and destination dtypes match, got ' +
                           _scalar_type_names[self.dtype] + ' for the destination and ' + _scalar_type_names[values.dtype] +
                           ' for the source.')
    index = tuple(t.bool() if t.dtype == torch.uint8 else t for t in indices)
    if not accumulate:
        self[index] = values
        return self
    where = torch.arange(self.numel()).reshape(self.shape)[index].reshape(-1)
    vals = values.expand(result_shape).reshape(-1)
    n = where.shape[0]
    if n == 0:
        return self
    # The k-th repeat of each position goes in round k: no duplicates within a round.
    ordered, order = where.sort(stable=True)
    new = torch.ones(n, dtype=torch.bool)
    new[1:] = ordered[1:] != ordered[:-1]
    group = new.long().cumsum(0) - 1
    starts = torch.nonzero(new).reshape(-1)
    rank = torch.zeros(n, dtype=torch.int64)
    rank[order] = torch.arange(n) - starts[group]
    coords = []
    rest = where
    for size in reversed(tuple(self.shape)):
        coords.append(rest % size)
        rest = torch.div(rest, size, rounding_mode='floor')
    coords = coords[::-1]
    for k in range(int(rank.max()) + 1):
        pick = rank == k
        at = tuple(c[pick] for c in coords)
        if self.dtype == torch.bool:
            self[at] = torch.logical_or(self[at], vals[pick])
        else:
            self[at] = self[at] + vals[pick]
    return self


def _expands_to(shape, target):
    for a, b in zip(reversed(shape), reversed(target)):
        if a != 1 and a != b:
            return False
    return True


@_grad_node('IndexPutBackward0')
def index_put(input, indices, values, accumulate=False):
    return _index_put_(input.clone(), indices, values, accumulate)


Tensor.index_put_ = _index_put_
Tensor.index_put = index_put



# histc / kthvalue / mode


def _edge_str(v, from_data):
    # C++ streams a double as %g; a NaN that came out of the data prints as -nan.
    if v != v:
        return '-nan' if from_data else 'nan'
    return f'{v:g}'


# histc: bins equal-width bins over [min, max] (the data's range when
# min == max, widened by 1 each way if that is empty too); ATen picks the
# bin as int((x - lo) / (hi - lo) * bins) in the input dtype, the top edge
# counting in the last bin; values outside are dropped, and a NaN (which the
# range test lets through) lands in bin 0.
def histc(input, bins=100, min=0, max=0):
    if not is_floating_point(input) or input.dtype == torch.bfloat16:
        raise RuntimeError('"histogram_cpu" not implemented for \'' + _scalar_type_names[input.dtype] + "'")
    if bins <= 0:
        raise RuntimeError('torch.histogram(): bins must be > 0, but got ' + str(bins) + ' for dimension 0')
    lo, hi = float(min), float(max)
    from_data = False
    if lo == hi and input.numel() > 0:
        if input.dtype == torch.float16:
            raise RuntimeError('"aminmax_cpu" not implemented for \'Half\'')
        flat = input.reshape(-1)
        if bool(torch.isnan(flat).any()):
            lo = hi = float('nan')
        else:
            lo, hi = flat.min().item(), flat.max().item()
        from_data = True
    if lo == hi:
        lo -= 1
        hi += 1
    if lo != lo or hi != hi or lo in (float('inf'), float('-inf')) or hi in (float('inf'), float('-inf')):
        raise RuntimeError('torch.histc: range of [' + _edge_str(lo, from_data) + ', ' + _edge_str(hi, from_data) +
                           '] is not finite')
    if not lo < hi:
        raise RuntimeError('torch.histc: max must be larger than min')
    if input.dtype == torch.float16:
        raise RuntimeError('"histogram_cpu" not implemented for \'Half\'')
    left = torch.tensor(lo, dtype=input.dtype)
    right = torch.tensor(hi, dtype=input.dtype)
    flat = input.detach().reshape(-1)
    keep = ~((flat < left) | (flat > right))
    x = flat[keep]
    pos = (x - left) / (right - left) * bins
    pos = torch.where(torch.isnan(pos), torch.zeros_like(pos), pos).long()
    pos = torch.where(pos == bins, torch.full_like(pos, bins - 1), pos)
    hist = torch.zeros(bins, dtype=input.dtype)
    n = pos.shape[0]
    if n:
        ordered = pos.sort().values
        new = torch.ones(n, dtype=torch.bool)
        new[1:] = ordered[1:] != ordered[:-1]
        starts = torch.nonzero(new).reshape(-1)
        counts = torch.cat([starts[1:], torch.tensor([n], dtype=torch.int64)]) - starts
        hist[ordered[starts]] = counts.to(input.dtype)
    return hist


histc.__meta__ = lambda input, bins=100, min=0, max=0: torch.empty((bins,), dtype=input.dtype)


def _reduction_rows(input, dim, name):
    # The slices along dim as rows, after ATen's checks on dim.
    dim = _wrap_dim(dim, input.dim())
    if input.dim() > 0 and input.numel() == 0 and input.shape[dim] == 0:
        raise IndexError(name + '(): Expected reduction dim ' + str(dim) + ' to have non-zero size.')
    return dim


def _reduced(input, dim, keepdim, rows_values, rows_indices):
    if input.dim() == 0:
        return rows_values.reshape(()), rows_indices.reshape(())
    shape = list(input.shape)
    shape[dim] = 1
    moved = shape[:dim] + shape[dim + 1:] + [1]
    values = rows_values.reshape(moved).movedim(-1, dim)
    indices = rows_indices.reshape(moved).movedim(-1, dim)
    if not keepdim:
        values = values.squeeze(dim)
        indices = indices.squeeze(dim)
    return values, indices

def _gt_or_nan(x, y):
    # kthvalue's order: NaN above everything.
    return (x != x and y == y) or x > y


def _quick_select(vals, k):
    # ATen's quick_select_template (Sedgewick's partitioning with a median of
    # three pivot) on vals, carrying the original indices; returns the index
    # that lands at position k.
    n = len(vals)
    arr = list(vals)
    idx = list(range(n))

    def swap(i, j):
        arr[i], arr[j] = arr[j], arr[i]
        idx[i], idx[j] = idx[j], idx[i]
    lo, hi = 0, n - 1
    while True:
        if hi <= lo:
            break
        if hi == lo + 1:
            if _gt_or_nan(arr[lo], arr[hi]):
                swap(lo, hi)
            break
        mid = (lo + hi) >> 1
        swap(mid, lo + 1)
        if _gt_or_nan(arr[lo + 1], arr[hi]):
            swap(lo + 1, hi)
        if _gt_or_nan(arr[lo], arr[hi]):
            swap(lo, hi)
        if _gt_or_nan(arr[lo + 1], arr[lo]):
            swap(lo + 1, lo)
        i = lo + 1
        j = hi
        piv = arr[lo]
        while True:
            i += 1
            while _gt_or_nan(piv, arr[i]):
                i += 1
            j -= 1
            while _gt_or_nan(arr[j], piv):
                j -= 1
            if j < i:
                break
            swap(i, j)
        swap(lo, j)
        if j <= k:
            lo = i
        if j >= k:
            hi = j - 1
    return arr[k], idx[k]


def _std_sort_pairs(vals):
    # libstdc++'s std::sort (introsort, then insertion sort) of (value, index)
    # pairs compared by value only, as ATen's mode kernel sorts.
    a = [(v, i) for i, v in enumerate(vals)]
    n = len(a)

    def less(x, y):
        return x[0] < y[0]

    def adjust_heap(first, hole, length, value):
        top = hole
        child = hole
        while child < (length - 1) // 2:
            child = 2 * (child + 1)
            if less(a[first + child], a[first + child - 1]):
                child -= 1
            a[first + hole] = a[first + child]
            hole = child
        if (length & 1) == 0 and child == (length - 2) // 2:
            child = 2 * (child + 1)
            a[first + hole] = a[first + child - 1]
            hole = child - 1
        parent = (hole - 1) // 2
        while hole > top and less(a[first + parent], value):
            a[first + hole] = a[first + parent]
            hole = parent
            parent = (hole - 1) // 2
        a[first + hole] = value

    def heap_sort(first, last):
        length = last - first
        if length >= 2:
            parent = (length - 2) // 2
            while True:
                adjust_heap(first, parent, length, a[first + parent])
                if parent == 0:
                    break
                parent -= 1
        while last - first > 1:
            last -= 1
            value = a[last]
            a[last] = a[first]
            adjust_heap(first, 0, last - first, value)

    def introsort(first, last, depth):
        while last - first > 16:
            if depth == 0:
                heap_sort(first, last)
                return
            depth -= 1
            mid = first + (last - first) // 2
            x, y, z = first + 1, mid, last - 1
            if less(a[x], a[y]):
                if less(a[y], a[z]):
                    m = y
                elif less(a[x], a[z]):
                    m = z
                else:
                    m = x
            elif less(a[x], a[z]):
                m = x
            elif less(a[y], a[z]):
                m = z
            else:
                m = y
            a[first], a[m] = a[m], a[first]
            lo, hi = first + 1, last
            pivot = a[first]
            while True:
                while less(a[lo], pivot):
                    lo += 1
                hi -= 1
                while less(pivot, a[hi]):
                    hi -= 1
                if not lo < hi:
                    break
                a[lo], a[hi] = a[hi], a[lo]
                lo += 1
            introsort(lo, last, depth)
            last = lo

    def linear_insert(pos):
        value = a[pos]
        j = pos - 1
        while less(value, a[j]):
            a[pos] = a[j]
            pos = j
            j -= 1
        a[pos] = value

    def insertion_sort(first, last):
        for i in range(first + 1, last):
            if less(a[i], a[first]):
                value = a[i]
                a[first + 1:i + 1] = a[first:i]
                a[first] = value
            else:
                linear_insert(i)

    if n > 1:
        introsort(0, n, 2 * (n.bit_length() - 1))
        if n > 16:
            insertion_sort(0, 16)
            for i in range(16, n):
                linear_insert(i)
        else:
            insertion_sort(0, n)
    return a


def _mode_row(vals):
    a = _std_sort_pairs(vals)
    n = len(a)
    mode, modei, freq, best = 0, 0, 0, 0
    for i in range(n):
        freq += 1
        if i == n - 1 or a[i][0] != a[i + 1][0]:
            if freq > best:
                mode, modei, best = a[i][0], a[i][1], freq
            freq = 0
    return mode, modei


# kthvalue: ATen's quickselect (median-of-three pivot, NaN above all) on each
# slice, with the slice's positions riding along: among equal values the
# index is whichever the partitioning leaves at k - 1. A slice whose k-th
# value is unique needs no select.
def kthvalue(input, k, dim=-1, keepdim=False):
    if not isinstance(k, int) or isinstance(k, bool):
        raise TypeError("kthvalue(): argument 'k' (position 2) must be int, not " + type(k).__name__)
    dim = _reduction_rows(input, dim, 'kthvalue')
    size = input.shape[dim] if input.dim() else 1
    if k < 1 or k > size:
        raise RuntimeError('kthvalue(): selected number k out of range for dimension ' + str(dim))
    if input.dtype in (torch.float16, torch.bool, torch.bfloat16):
        raise RuntimeError('"kthvalue_cpu" not implemented for \'' + _scalar_type_names[input.dtype] + "'")
    rows = input.reshape(1, 1) if input.dim() == 0 else input.movedim(dim, -1).reshape(-1, size)
    if rows.shape[0] == 0:
        index = torch.zeros(0, 1, dtype=torch.int64)
    else:
        kth = rows.sort(-1).values[:, k - 1:k]
        same = rows == kth
        if is_floating_point(rows):
            same = same | (torch.isnan(rows) & torch.isnan(kth))
        index = same.long().argmax(1, keepdim=True)
        for r in torch.nonzero(same.sum(1) > 1).reshape(-1).tolist():
            index[r, 0] = _quick_select(rows[r].tolist(), k - 1)[1]
    values, indices = _reduced(input, dim, keepdim, rows.gather(1, index), index)
    return _ReturnType('kthvalue', torch._set_grad_fn(values, 'KthvalueBackward0'), indices)


# mode: ATen sorts each slice's (value, position) pairs by value with
# std::sort and keeps the first most frequent run (so the smallest value
# among equally frequent ones), reporting the position that ends that run in
# the sorted order; standin replays libstdc++'s introsort for it.
def mode(input, dim=-1, keepdim=False):
    dim = _reduction_rows(input, dim, 'mode')
    size = input.shape[dim] if input.dim() else 1
    rows = input.reshape(1, 1) if input.dim() == 0 else input.movedim(dim, -1).reshape(-1, size)
    # A slice of distinct values (no NaN) has its minimum as mode; the others
    # replay the sort.
    index = rows.argmin(1, keepdim=True) if rows.shape[0] and input.dtype != torch.bool else \
        torch.zeros(rows.shape[0], 1, dtype=torch.int64)
    ordered = rows.sort(-1).values
    tied = (ordered[:, 1:] == ordered[:, :-1]).any(1) if size > 1 else torch.zeros(rows.shape[0], dtype=torch.bool)
    if is_floating_point(rows):
        tied = tied | torch.isnan(rows).any(1)
    if input.dtype == torch.bool:
        tied = torch.ones(rows.shape[0], dtype=torch.bool)
    for r in torch.nonzero(tied).reshape(-1).tolist():
        index[r, 0] = _mode_row(rows[r].tolist())[1]
    values, indices = _reduced(input, dim, keepdim, rows.gather(1, index), index)
    return _ReturnType('mode', torch._set_grad_fn(values, 'ModeBackward0'), indices)


Tensor.histc = histc
Tensor.kthvalue = kthvalue
Tensor.mode = mode


def is_autocast_enabled(device_type=None):
    return False


def is_autocast_cpu_enabled():
    return False


def is_autocast_cache_enabled():
    return True


def get_autocast_gpu_dtype():
    return torch.float16


def get_autocast_cpu_dtype():
    return torch.bfloat16


def signbit(input):
    if not input.is_floating_point():
        return input < 0
    # -0.0 has its sign bit set: 1 / -0.0 is -inf.
    return (input < 0) | ((input == 0) & (torch.reciprocal(input) < 0))


def copysign(input, other):
    if not isinstance(other, Tensor):
        other = torch.tensor(float(other))
    magnitude = torch.abs(input)
    if not magnitude.is_floating_point():
        magnitude = magnitude.to(torch.get_default_dtype())
    dtype = (magnitude + other * 0).dtype
    if not dtype.is_floating_point:
        dtype = torch.get_default_dtype()
    return torch.where(torch.signbit(other), -magnitude, magnitude).to(dtype)


def _check_integral(name, *tensors):
    for t in tensors:
        if t.is_floating_point() or t.dtype == torch.bool:
            raise RuntimeError('"' + name + '_cpu" not implemented for \'' + _scalar_type_names[t.dtype] + "'")


def gcd(input, other):
    _check_integral('gcd', input, other)
    a, b = torch.broadcast_tensors(torch.abs(input), torch.abs(other))
    while bool((b != 0).any()):
        nonzero = b != 0
        r = torch.where(nonzero, torch.remainder(a, torch.where(nonzero, b, torch.ones_like(b))), torch.zeros_like(b))
        a = torch.where(nonzero, b, a)
        b = r
    return a


def lcm(input, other):
    _check_integral('lcm', input, other)
    g = gcd(input, other)
    safe = torch.where(g == 0, torch.ones_like(g), g)
    return torch.where(g == 0, torch.zeros_like(g), torch.abs(input // safe * other))


def renorm(input, p, dim, maxnorm):
    # Each slice along dim with a p-norm above maxnorm is scaled to
    # maxnorm / (norm + 1e-7), as ATen's renorm.
    d = dim % input.dim() if input.dim() > 0 else 0
    others = [i for i in range(input.dim()) if i != d]
    norm = torch.norm(input, p, dim=others, keepdim=True) if others else torch.abs(input)
    factor = torch.where(norm > maxnorm, maxnorm / (norm + 1e-7), torch.ones_like(norm))
    return input * factor


def _masked_scatter_(self, mask, source):
    mask = mask.expand(self.shape) if tuple(mask.shape) != tuple(self.shape) else mask
    n = int(mask.sum())
    if source.numel() < n:
        raise RuntimeError('Number of elements of source < number of ones in mask')
    self[mask] = source.reshape(-1)[:n].to(self.dtype)
    return self


def masked_scatter(input, mask, source):
    shape = torch.broadcast_shapes(input.shape, mask.shape)
    return _masked_scatter_(input.expand(shape).clone(), mask, source)


Tensor.signbit = signbit
Tensor.copysign = copysign
Tensor.gcd = gcd
Tensor.lcm = lcm
Tensor.renorm = renorm
Tensor.masked_scatter = masked_scatter
Tensor.masked_scatter_ = _masked_scatter_


# torch.range: arange with the end included, in the default float dtype
# (deprecated in torch, which warns). Not named `range` here: this
# namespace's code calls the builtin (torch.hpp binds torch.range).
def _deprecated_range(start=0, end=None, step=1, *, dtype=None, device=None, requires_grad=False, out=None):
    import warnings
    warnings.warn("torch.range is deprecated and will be removed in a future release because its behavior is "
                  "inconsistent with Python's range builtin. Instead, use torch.arange, which produces values in "
                  "[start, end).", stacklevel=2)
    if end is None:
        start, end = 0, start
    n = int((end - start) / step) + 1
    dt = torch.get_default_dtype() if dtype is None else dtype
    out_t = (torch.arange(n, dtype=torch.float64) * step + start).to(dt)
    return out_t.requires_grad_() if requires_grad else out_t


# empty_strided: a tensor over a storage just big enough for `stride`.
def empty_strided(size, stride, *, dtype=None, layout=None, device=None, requires_grad=False, pin_memory=False):
    torch._check_device(device)
    size = tuple(size)
    stride = tuple(stride)
    if len(size) != len(stride):
        raise RuntimeError('mismatch in length of strides and shape')
    extent = 1
    for n, st in zip(size, stride):
        if n == 0:
            extent = 0
            break
        extent += (n - 1) * st
    base = torch.zeros(extent, dtype=dtype)
    out_t = base.as_strided(size, stride) if extent else torch.zeros(size, dtype=dtype)
    return out_t.requires_grad_() if requires_grad else out_t


def nanmedian(input, dim=None, keepdim=False):
    if dim is None:
        flat = input.flatten()
        kept = flat[~torch.isnan(flat)]
        if kept.numel() == 0:
            return torch.tensor(float('nan'), dtype=input.dtype)
        return _median_all(input, lambda: kept.sort().values[(kept.numel() - 1) // 2], 'NanmedianBackward0')
    d = _wrap_dim(dim, input.dim())
    moved = input.movedim(d, -1)
    rows = moved.reshape(-1, moved.shape[-1]) if moved.dim() else moved.reshape(1, 1)
    values, indices = [], []
    for row in rows:
        keep = (~torch.isnan(row)).nonzero().reshape(-1)
        if keep.numel() == 0:
            values.append(float('nan'))
            indices.append(0)
            continue
        order = row[keep].sort(stable=True).indices
        k = keep[order[(keep.numel() - 1) // 2]].item()
        values.append(row[k].item())
        indices.append(k)
    shape = tuple(moved.shape[:-1])
    v = torch.tensor(values, dtype=input.dtype).reshape(shape)
    i = torch.tensor(indices, dtype=torch.int64).reshape(shape)
    if keepdim:
        v = v.unsqueeze(d)
        i = i.unsqueeze(d)
    return _ReturnType('nanmedian', v, i)


def nanquantile(input, q, dim=None, keepdim=False, *, interpolation='linear'):
    if dim is None:
        flat = input.flatten()
        kept = flat[~torch.isnan(flat)]
        if kept.numel() == 0:
            qs = torch.as_tensor(q)
            return torch.full(tuple(qs.shape), float('nan'), dtype=input.dtype)
        out_t = torch.quantile(kept, q, interpolation=interpolation)
        if keepdim:
            out_t = out_t.reshape(tuple(torch.as_tensor(q).shape) + (1,) * input.dim())
        return out_t
    d = _wrap_dim(dim, input.dim())
    moved = input.movedim(d, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    results = [nanquantile(row, q, interpolation=interpolation) for row in rows]
    stacked = torch.stack(results, -1)  # (*q, rows)
    qshape = tuple(torch.as_tensor(q).shape)
    out_t = stacked.reshape(qshape + tuple(moved.shape[:-1]))
    if keepdim:
        out_t = out_t.unsqueeze(len(qshape) + d)
    return out_t


# histogram(input, bins, range=, weight=, density=): counts (or summed
# weights) per bin and the bin edges, both in the input's dtype; an int
# `bins` spans `range` or the data (widened by 0.5 each way when empty).
def histogram(input, bins, *, range=None, weight=None, density=False, out=None):
    flat = input.flatten()
    w = None if weight is None else weight.flatten().to(input.dtype)
    if isinstance(bins, Tensor):
        edges = bins.to(input.dtype)
    else:
        if range is not None:
            lo, hi = float(range[0]), float(range[1])
        elif flat.numel():
            lo, hi = flat.min().item(), flat.max().item()
        else:
            lo, hi = 0.0, 0.0
        if lo == hi:
            lo -= 0.5
            hi += 0.5
        edges = torch.linspace(lo, hi, bins + 1, dtype=input.dtype)
    n = edges.numel() - 1
    hist = torch.zeros(n, dtype=input.dtype)
    if n > 0 and flat.numel():
        lo_t, hi_t = edges[0], edges[-1]
        inside = (flat >= lo_t) & (flat <= hi_t)
        index = torch.searchsorted(edges, flat, right=True) - 1
        index = torch.where(flat == hi_t, torch.full_like(index, n - 1), index).clamp(0, n - 1)
        values = torch.where(inside, torch.ones_like(flat) if w is None else w, torch.zeros_like(flat))
        hist = hist.index_add(0, index, values)
    if density:
        widths = edges[1:] - edges[:-1]
        total = hist.sum()
        hist = hist / (total * widths)
    return _ReturnType('histogram', hist, edges)


Tensor.nanmedian = nanmedian
Tensor.nanquantile = nanquantile
Tensor.histogram = histogram
torch.range = _deprecated_range

# Global switches that change nothing standin computes, kept as torch keeps
# them (read back by the getters).
_switches = {'warn_always': False, 'deterministic_debug_mode': 0}


def set_warn_always(b):
    _switches['warn_always'] = bool(b)


def is_warn_always_enabled():
    return _switches['warn_always']


def set_flush_denormal(mode):
    return True


def is_anomaly_enabled():
    return False


def is_anomaly_check_nan_enabled():
    return False


def set_deterministic_debug_mode(debug_mode):
    modes = {'default': 0, 'warn': 1, 'error': 2}
    if isinstance(debug_mode, str):
        if debug_mode not in modes:
            raise RuntimeError('invalid value of debug_mode, expected one of `default`, `warn`, `error`, but got ' +
                               debug_mode)
        debug_mode = modes[debug_mode]
    elif not isinstance(debug_mode, int) or debug_mode not in (0, 1, 2):
        raise RuntimeError('invalid value of debug_mode, expected 0, 1, or 2, but got ' + str(debug_mode))
    _switches['deterministic_debug_mode'] = debug_mode


def get_deterministic_debug_mode():
    return _switches['deterministic_debug_mode']
)PY";

// torch.cuda and torch.backends on a machine without CUDA: model files ask
// before choosing a device.
// torch.jit as model files meet it: never scripting or tracing, and its
// decorators leave functions as they are.
inline constexpr std::string_view jit_prelude = R"PY(
def is_scripting():
    return False


def is_tracing():
    return False


# (@torch.jit.ignore, and with arguments: @torch.jit.ignore(drop=True))
def _identity(fn=None, *args, **kwargs):
    if fn is None:
        return _identity
    return fn


script = _identity
ignore = _identity
unused = _identity
export = _identity
interface = _identity
_overload_method = _identity
script_if_tracing = _identity


def trace(fn, example_inputs=None, *args, **kwargs):
    return fn


def annotate(the_type, the_value):
    return the_value


def _unwrap_optional(x):
    assert x is not None, 'Unwrapping null optional'
    return x


# TorchScript's module classes and async calls, run as plain Python (what
# eager torch does for code that is not scripted).
ScriptModule = torch.nn.Module
RecursiveScriptModule = torch.nn.Module
script_method = _identity


class Future:
    def __init__(self, value):
        self._value = value

    def wait(self):
        return self._value

    def value(self):
        return self._value

    def done(self):
        return True


def fork(func, *args, **kwargs):
    return Future(func(*args, **kwargs))


def wait(future):
    return future.wait()


def freeze(mod, preserved_attrs=None, optimize_numerics=True):
    return mod


def optimize_for_inference(mod, other_methods=None):
    return mod


class Final:
    # (an annotation: Final[bool])
    def __class_getitem__(cls, item):
        return cls


# torch.jit.isinstance(obj, List[int]): isinstance with the typing forms'
# element types checked, as TorchScript's refinement does eagerly.
def isinstance(obj, target_type):
    import builtins
    origin = getattr(target_type, '_name', None)
    args = getattr(target_type, '__args__', ())
    if origin is None:
        if builtins.isinstance(target_type, tuple):
            return any(isinstance(obj, t) for t in target_type)
        return builtins.isinstance(obj, target_type)
    if origin == 'Optional':
        return obj is None or isinstance(obj, args[0])
    if origin == 'Union':
        return any(isinstance(obj, t) for t in args)
    if origin == 'Any':
        raise TypeError('typing.Any cannot be used with isinstance()')
    kinds = {'List': list, 'Tuple': tuple, 'Dict': dict}
    if origin not in kinds or not builtins.isinstance(obj, kinds[origin]):
        return False
    if not args:
        return True
    if origin == 'List':
        return all(isinstance(v, args[0]) for v in obj)
    if origin == 'Dict':
        return all(isinstance(k, args[0]) and isinstance(v, args[1]) for k, v in obj.items())
    # (Tuple[int, ...] matches no tuple, as in torch 1.13.)
    return len(obj) == len(args) and all(isinstance(v, t) for v, t in zip(obj, args))
)PY";

// Modules model code asks before doing something standin never does:
// torch.onnx, torch.distributed, torch.fx's tracing flag, torch._C's queries.
inline constexpr std::string_view onnx_prelude = R"PY(
def is_in_onnx_export():
    return False
)PY";

inline constexpr std::string_view distributed_prelude = R"PY(
def is_available():
    return True  # as Debian's torch answers; nothing is ever initialised


def is_initialized():
    return False


def _no_group(*args, **kwargs):
    raise RuntimeError('Default process group has not been initialized, please make sure to call init_process_group.')


get_world_size = _no_group
get_rank = _no_group
barrier = _no_group
all_reduce = _no_group
broadcast = _no_group
)PY";

inline constexpr std::string_view fx_symbolic_trace_prelude = R"PY(
def is_fx_tracing():
    return False
)PY";

inline constexpr std::string_view c_prelude = R"PY(
def _is_any_autocast_enabled():
    return False


def _get_privateuse1_backend_name():
    return 'privateuseone'


def _are_functorch_transforms_active():
    return False


def _get_tracing_state():
    return None


def _set_grad_enabled(mode):
    torch._set_grad_enabled(mode, True)


def _log_api_usage_once(event):
    pass
)PY";

inline constexpr std::string_view version_prelude = R"PY(
__version__ = '1.13.0a0'
git_version = ''
debug = False
cuda = None
hip = None
)PY";

inline constexpr std::string_view amp_prelude = R"PY(
autocast = torch.autocast


class GradScaler:
    def __init__(self, init_scale=65536.0, growth_factor=2.0, backoff_factor=0.5, growth_interval=2000, enabled=True):
        self._enabled = enabled

    def is_enabled(self):
        return self._enabled

    def scale(self, outputs):
        return outputs

    def unscale_(self, optimizer):
        pass

    def step(self, optimizer, *args, **kwargs):
        return optimizer.step(*args, **kwargs)

    def update(self, new_scale=None):
        pass

    def get_scale(self):
        return 1.0

    def state_dict(self):
        return {}

    def load_state_dict(self, state):
        pass
)PY";

inline constexpr std::string_view cuda_amp_prelude = R"PY(
def autocast(enabled=True, dtype=None, cache_enabled=True):
    return torch.autocast('cuda', dtype, enabled)


GradScaler = torch.amp.GradScaler
)PY";

inline constexpr std::string_view cpu_amp_prelude = R"PY(
def autocast(enabled=True, dtype=None, cache_enabled=True):
    return torch.autocast('cpu', dtype, enabled)
)PY";

inline constexpr std::string_view cuda_prelude = R"PY(
def is_available():
    return False


def device_count():
    return 0


def is_bf16_supported():
    return False


def _no_cuda(*args, **kwargs):
    raise AssertionError('Torch not compiled with CUDA enabled')


current_device = _no_cuda
get_device_name = _no_cuda
set_device = _no_cuda


def manual_seed(seed):
    pass


def manual_seed_all(seed):
    pass


def synchronize(device=None):
    pass


def empty_cache():
    pass
)PY";

// torch.utils.data: datasets and a single-process DataLoader (shuffling
// draws from torch's generator, so the order is standin's stream).
// Counterpart: torch/utils/data/{dataset,dataloader}.py, _utils/collate.py.
inline constexpr std::string_view utils_data_prelude = R"PY(
class Dataset:
    # Dataset[T], Sampler[List[int]]: typing.Generic's subscription.
    @classmethod
    def __class_getitem__(cls, item):
        return cls

    def __getitem__(self, index):
        raise NotImplementedError('Subclasses of Dataset should implement __getitem__.')

    def __add__(self, other):
        return ConcatDataset([self, other])


class TensorDataset(Dataset):
    def __init__(self, *tensors):
        if any(tensors[0].size(0) != t.size(0) for t in tensors):
            raise AssertionError('Size mismatch between tensors')
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].size(0)


class Subset(Dataset):
    def __init__(self, dataset, indices):
        self.dataset = dataset
        self.indices = indices

    def __getitem__(self, idx):
        if isinstance(idx, list):
            return self.dataset[[self.indices[i] for i in idx]]
        return self.dataset[self.indices[idx]]

    def __len__(self):
        return len(self.indices)


class ConcatDataset(Dataset):
    def __init__(self, datasets):
        self.datasets = list(datasets)
        if len(self.datasets) == 0:
            raise AssertionError('datasets should not be an empty iterable')
        self.cumulative_sizes = []
        total = 0
        for d in self.datasets:
            total += len(d)
            self.cumulative_sizes.append(total)

    def __len__(self):
        return self.cumulative_sizes[-1]

    def __getitem__(self, idx):
        if idx < 0:
            if -idx > len(self):
                raise ValueError('absolute value of index should not exceed dataset length')
            idx = len(self) + idx
        start = 0
        for d, end in zip(self.datasets, self.cumulative_sizes):
            if idx < end:
                return d[idx - start]
            start = end
        raise IndexError('index out of range')


def random_split(dataset, lengths, generator=None):
    n = len(dataset)
    if all(isinstance(x, float) for x in lengths) and abs(sum(lengths) - 1) < 1e-9 and sum(lengths) <= 1:
        counts = [int(frac * n) for frac in lengths]
        for i in range(n - sum(counts)):
            counts[i % len(counts)] += 1
        lengths = counts
    if sum(lengths) != n:
        raise ValueError('Sum of input lengths does not equal the length of the input dataset!')
    order = torch.randperm(n, generator=generator).tolist()
    out = []
    offset = 0
    for length in lengths:
        out.append(Subset(dataset, order[offset:offset + length]))
        offset += length
    return out


def default_collate(batch):
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if isinstance(elem, bool):
        return torch.tensor(batch)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, str):
        return batch
    if isinstance(elem, dict):
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    # (the transposed fields are tuples: a field of strings comes back as one)
    if isinstance(elem, tuple) and hasattr(elem, '_fields'):
        return type(elem)(*(default_collate(s) for s in zip(*batch)))
    if isinstance(elem, (tuple, list)):
        size = len(elem)
        if any(len(e) != size for e in batch):
            raise RuntimeError('each element in list of batch should be of equal size')
        return [default_collate(s) for s in zip(*batch)]
    raise TypeError('default_collate: batch must contain tensors, numbers, dicts or lists; found ' +
                    type(elem).__name__)


class IterableDataset(Dataset):
    def __iter__(self):
        raise NotImplementedError('Subclasses of IterableDataset should implement __iter__.')


# The samplers: index orders for a DataLoader (the random ones draw from
# standin's generator, so their orders are not torch's).
class Sampler:
    def __init__(self, data_source=None):
        pass

    @classmethod
    def __class_getitem__(cls, item):
        return cls


class SequentialSampler(Sampler):
    def __init__(self, data_source):
        self.data_source = data_source

    def __iter__(self):
        return iter(range(len(self.data_source)))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator

    @property
    def num_samples(self):
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        if self.replacement:
            return iter(torch.randint(0, n, (self.num_samples,), generator=self.generator).tolist())
        order = []
        while len(order) < self.num_samples:
            order.extend(torch.randperm(n, generator=self.generator).tolist())
        return iter(order[:self.num_samples])

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    def __init__(self, indices, generator=None):
        self.indices = indices
        self.generator = generator

    def __iter__(self):
        return iter([self.indices[i] for i in torch.randperm(len(self.indices), generator=self.generator).tolist()])

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    def __init__(self, weights, num_samples, replacement=True, generator=None):
        self.weights = torch.as_tensor(weights, dtype=torch.float64)
        self.num_samples = num_samples
        self.replacement = replacement
        self.generator = generator

    def __iter__(self):
        return iter(torch.multinomial(self.weights, self.num_samples, self.replacement, generator=self.generator).tolist())

    def __len__(self):
        return self.num_samples


# torch's: each rank's share of a (seeded, per-epoch) permutation, padded
# to equal length or trimmed. Without num_replicas/rank it asks the process
# group, which never exists here (torch's RuntimeError).
class DistributedSampler(Sampler):
    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0, drop_last=False):
        import math
        if num_replicas is None:
            num_replicas = torch.distributed.get_world_size()
        if rank is None:
            rank = torch.distributed.get_rank()
        if rank >= num_replicas or rank < 0:
            raise ValueError('Invalid rank {}, rank should be in the interval [0, {}]'.format(rank, num_replicas - 1))
        self.dataset = dataset
        self.num_replicas = num_replicas
        self.rank = rank
        self.epoch = 0
        self.drop_last = drop_last
        if self.drop_last and len(self.dataset) % self.num_replicas != 0:
            self.num_samples = math.ceil((len(self.dataset) - self.num_replicas) / self.num_replicas)
        else:
            self.num_samples = math.ceil(len(self.dataset) / self.num_replicas)
        self.total_size = self.num_samples * self.num_replicas
        self.shuffle = shuffle
        self.seed = seed

    def __iter__(self):
        import math
        if self.shuffle:
            g = torch.Generator()
            g.manual_seed(self.seed + self.epoch)
            indices = torch.randperm(len(self.dataset), generator=g).tolist()
        else:
            indices = list(range(len(self.dataset)))
        if not self.drop_last:
            padding_size = self.total_size - len(indices)
            if padding_size <= len(indices):
                indices += indices[:padding_size]
            else:
                indices += (indices * math.ceil(padding_size / len(indices)))[:padding_size]
        else:
            indices = indices[:self.total_size]
        indices = indices[self.rank:self.total_size:self.num_replicas]
        return iter(indices)

    def __len__(self):
        return self.num_samples

    def set_epoch(self, epoch):
        self.epoch = epoch


class BatchSampler(Sampler):
    def __init__(self, sampler, batch_size, drop_last):
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        batch = []
        for idx in self.sampler:
            batch.append(idx)
            if len(batch) == self.batch_size:
                yield batch
                batch = []
        if batch and not self.drop_last:
            yield batch

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) + self.batch_size - 1) // self.batch_size


def get_worker_info():
    return None


class DataLoader:
    @classmethod
    def __class_getitem__(cls, item):
        return cls

    def __init__(self, dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 generator=None, prefetch_factor=None, persistent_workers=False):
        if batch_sampler is not None and (batch_size != 1 or shuffle or sampler is not None or drop_last):
            raise ValueError('batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last')
        if sampler is not None and shuffle:
            raise ValueError('sampler option is mutually exclusive with shuffle')
        self.dataset = dataset
        self.batch_size = None if batch_sampler is not None else batch_size
        self.batch_sampler = batch_sampler
        self.shuffle = shuffle
        self.sampler = sampler
        self.num_workers = num_workers
        self.drop_last = drop_last
        self.collate_fn = collate_fn if collate_fn is not None else default_collate
        self.generator = generator

    def _order(self):
        if self.sampler is not None:
            return list(self.sampler)
        n = len(self.dataset)
        return torch.randperm(n, generator=self.generator).tolist() if self.shuffle else list(range(n))

    def __iter__(self):
        if isinstance(self.dataset, IterableDataset):
            if self.batch_size is None:
                yield from self.dataset
                return
            batch = []
            for item in self.dataset:
                batch.append(item)
                if len(batch) == self.batch_size:
                    yield self.collate_fn(batch)
                    batch = []
            if batch and not self.drop_last:
                yield self.collate_fn(batch)
            return
        if self.batch_sampler is not None:
            for idx in self.batch_sampler:
                yield self.collate_fn([self.dataset[i] for i in idx])
            return
        order = self._order()
        if self.batch_size is None:
            for i in order:
                yield self.dataset[i]
            return
        for start in range(0, len(order), self.batch_size):
            idx = order[start:start + self.batch_size]
            if len(idx) < self.batch_size and self.drop_last:
                return
            yield self.collate_fn([self.dataset[i] for i in idx])

    def __len__(self):
        if self.batch_sampler is not None:
            return len(self.batch_sampler)
        n = len(self.sampler) if self.sampler is not None else len(self.dataset)
        if self.batch_size is None:
            return n
        if self.drop_last:
            return n // self.batch_size
        return (n + self.batch_size - 1) // self.batch_size
)PY";

// torch.nn.utils: the parts that need no gradients, and rnn.pad_sequence.
inline constexpr std::string_view nn_utils_prelude = R"PY(
def _grads(parameters):
    if isinstance(parameters, torch.Tensor):
        parameters = [parameters]
    return [p.grad for p in parameters if p.grad is not None]


# torch 1.13's clip_grad_norm_ / clip_grad_value_ over the gradients the
# program assigned (p.grad = g; standin has no backward to fill them).
def clip_grad_norm(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    import warnings
    warnings.warn('torch.nn.utils.clip_grad_norm is now deprecated in favor of torch.nn.utils.clip_grad_norm_.',
                  stacklevel=2)
    return clip_grad_norm_(parameters, max_norm, norm_type, error_if_nonfinite, foreach)


def clip_grad_norm_(parameters, max_norm, norm_type=2.0, error_if_nonfinite=False, foreach=None):
    grads = _grads(parameters)
    max_norm = float(max_norm)
    norm_type = float(norm_type)
    if len(grads) == 0:
        return torch.tensor(0.0)
    if norm_type == float('inf'):
        norms = [g.detach().abs().max() for g in grads]
        total_norm = norms[0] if len(norms) == 1 else torch.max(torch.stack(norms))
    else:
        total_norm = torch.norm(torch.stack([torch.norm(g.detach(), norm_type) for g in grads]), norm_type)
    if error_if_nonfinite and bool(torch.logical_or(total_norm.isnan(), total_norm.isinf())):
        raise RuntimeError('The total norm of order ' + str(norm_type) + ' for gradients from `parameters` is '
                           'non-finite, so it cannot be clipped. To disable this error and scale the gradients by the '
                           'non-finite norm anyway, set `error_if_nonfinite=False`')
    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    for g in grads:
        g.detach().mul_(clip_coef_clamped)
    return total_norm


def clip_grad_value_(parameters, clip_value, foreach=None):
    clip_value = float(clip_value)
    for g in _grads(parameters):
        g.detach().clamp_(min=-clip_value, max=clip_value)


def parameters_to_vector(parameters):
    return torch.cat([p.reshape(-1) for p in parameters])


def vector_to_parameters(vec, parameters):
    if not isinstance(vec, torch.Tensor):
        raise TypeError('expected torch.Tensor, but got: ' + type(vec).__name__)
    offset = 0
    with torch.no_grad():
        for p in parameters:
            n = p.numel()
            p.copy_(vec[offset:offset + n].reshape(p.shape))
            offset += n


# torch.norm_except_dim(v, pow, dim): the norm over every dim but `dim`,
# shaped to broadcast against v (dim=-1: the norm of the whole tensor).
def _norm_except_dim(v, pow, dim):
    if dim == -1:
        return v.norm(pow)
    if dim == 0:
        return v.reshape(v.shape[0], -1).norm(pow, dim=1).reshape([v.shape[0]] + [1] * (v.dim() - 1))
    if dim == v.dim() - 1:
        return v.reshape(-1, v.shape[-1]).norm(pow, dim=0).reshape([1] * (v.dim() - 1) + [v.shape[-1]])
    return _norm_except_dim(v.transpose(0, dim), pow, 0).transpose(0, dim)


# weight_norm: the parameter `name` becomes name_g (its norm) and name_v (its
# direction), and a forward pre-hook recomputes module.name = v * (g / |v|)
# before every call, as torch.nn.utils.weight_norm does on CPU.
class WeightNorm:
    def __init__(self, name, dim):
        self.name = name
        self.dim = -1 if dim is None else dim

    def compute_weight(self, module):
        g = getattr(module, self.name + '_g')
        v = getattr(module, self.name + '_v')
        w = v * (g / _norm_except_dim(v, 2, self.dim))
        # torch's fused kernel (dim 0 or the last dim) names its own node.
        if self.dim == 0 or self.dim == v.dim() - 1:
            torch._set_grad_fn(w, 'WeightNormInterfaceBackward0')
        return w

    @staticmethod
    def apply(module, name, dim):
        for hook in (module._forward_pre_hooks or {}).values():
            if isinstance(hook, WeightNorm) and hook.name == name:
                raise RuntimeError('Cannot register two weight_norm hooks on the same parameter ' + name)
        if dim is None:
            dim = -1
        fn = WeightNorm(name, dim)
        weight = getattr(module, name)
        delattr(module, name)
        module.register_parameter(name + '_g', torch.nn.Parameter(_norm_except_dim(weight, 2, dim).data))
        module.register_parameter(name + '_v', torch.nn.Parameter(weight.data))
        setattr(module, name, fn.compute_weight(module))
        module.register_forward_pre_hook(fn)
        return fn

    def remove(self, module):
        weight = self.compute_weight(module)
        delattr(module, self.name)
        delattr(module, self.name + '_g')
        delattr(module, self.name + '_v')
        setattr(module, self.name, torch.nn.Parameter(weight.data))

    def __call__(self, module, inputs):
        setattr(module, self.name, self.compute_weight(module))


def weight_norm(module, name='weight', dim=0):
    WeightNorm.apply(module, name, dim)
    return module


def remove_weight_norm(module, name='weight'):
    hooks = module._forward_pre_hooks or {}
    for k, hook in list(hooks.items()):
        if isinstance(hook, WeightNorm) and hook.name == name:
            hook.remove(module)
            del hooks[k]
            return module
    raise ValueError("weight_norm of '" + name + "' not found in " + str(module))
)PY";

inline constexpr std::string_view nn_utils_rnn_prelude = R"PY(
def pad_sequence(sequences, batch_first=False, padding_value=0.0):
    sequences = list(sequences)
    longest = max(s.size(0) for s in sequences)
    trailing = list(sequences[0].shape[1:])
    shape = [len(sequences), longest] + trailing if batch_first else [longest, len(sequences)] + trailing
    out = torch.full(shape, padding_value, dtype=sequences[0].dtype)
    for i, s in enumerate(sequences):
        if batch_first:
            out[i, :s.size(0)] = s
        else:
            out[:s.size(0), i] = s
    return out


from collections import namedtuple

# torch's PackedSequence: time-major rows of sequences sorted by length,
# batch_sizes[t] of them at step t.
PackedSequence = namedtuple('PackedSequence', ['data', 'batch_sizes', 'sorted_indices', 'unsorted_indices'],
                            defaults=[None, None, None])
PackedSequence.__module__ = 'torch.nn.utils.rnn'


def _packed_to(self, *args, **kwargs):
    data = self.data.to(*args, **kwargs)
    return self if data is self.data else type(self)(data, self.batch_sizes, self.sorted_indices, self.unsorted_indices)


PackedSequence.to = _packed_to
PackedSequence.cpu = lambda self: self
PackedSequence.is_cuda = property(lambda self: False)


def invert_permutation(permutation):
    if permutation is None:
        return None
    output = torch.empty_like(permutation)
    output.scatter_(0, permutation, torch.arange(0, permutation.numel()))
    return output


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    if isinstance(lengths, torch.Tensor):
        lengths = lengths.tolist()
    lengths = [int(n) for n in lengths]
    if enforce_sorted:
        for a, b in zip(lengths, lengths[1:]):
            if a < b:
                raise RuntimeError('`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. '
                                   'You can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence '
                                   'to sidestep this requirement if you do not need ONNX exportability.')
        sorted_indices = None
    else:
        sorted_indices = torch.tensor(lengths, dtype=torch.int64).sort(descending=True, stable=True).indices
        lengths = [lengths[i] for i in sorted_indices.tolist()]
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    if batch_first:
        input = input.transpose(0, 1)
    if len(lengths) != input.size(1):
        raise RuntimeError('Expected `len(lengths)` to be equal to batch_size, but got ' + str(len(lengths)) +
                           ' (batch_size=' + str(input.size(1)) + ')')
    if lengths[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    if lengths[0] > input.size(0):
        raise RuntimeError('Expected sequence length to be larger than 0 in RNN')
    batch_sizes = [sum(1 for n in lengths if n > t) for t in range(lengths[0])]
    data = torch.cat([input[t, :bs] for t, bs in enumerate(batch_sizes)], 0)
    return PackedSequence(data, torch.tensor(batch_sizes, dtype=torch.int64), sorted_indices,
                          invert_permutation(sorted_indices))


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    batch_sizes = sequence.batch_sizes.tolist()
    max_length = len(batch_sizes)
    if total_length is not None:
        if total_length < max_length:
            raise ValueError('Expected total_length to be at least the length of the longest sequence in input, '
                             'but got total_length=' + str(total_length) + ' and max sequence length being ' +
                             str(max_length))
        max_length = total_length
    batch = batch_sizes[0]
    data = sequence.data
    out = torch.full([max_length, batch] + list(data.shape[1:]), padding_value, dtype=data.dtype)
    lengths = [0] * batch
    offset = 0
    for t, bs in enumerate(batch_sizes):
        out[t, :bs] = data[offset:offset + bs]
        offset += bs
        for i in range(bs):
            lengths[i] += 1
    lengths = torch.tensor(lengths, dtype=torch.int64)
    if sequence.unsorted_indices is not None:
        out = out.index_select(1, sequence.unsorted_indices)
        lengths = lengths[sequence.unsorted_indices]
    if batch_first:
        out = out.transpose(0, 1)
    return out, lengths


def pack_sequence(sequences, enforce_sorted=True):
    lengths = torch.as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    if not batch_first:
        padded_sequences = padded_sequences.transpose(0, 1)
    return [seq[:int(n)] for seq, n in zip(padded_sequences, lengths)]


def unpack_sequence(packed_sequences):
    padded, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded, lengths, batch_first=True)
)PY";

// torch.optim: the optimizers' parameter groups, zero_grad, state_dict and
// the learning-rate schedulers. standin computes no gradients, so every
// .grad is None and step() changes nothing, as torch's step() does then.
// Counterpart: torch/optim/{optimizer,sgd,adam,adamw,rmsprop,lr_scheduler}.py.
inline constexpr std::string_view optim_prelude = R"PY(
import math as _math


class _RequiredParameter:
    def __repr__(self):
        return '<required parameter>'


required = _RequiredParameter()


import collections as _collections


class Optimizer:
    def __init__(self, params, defaults):
        self.defaults = defaults
        # defaultdict(dict), as torch's: custom optimizers read self.state[p]
        self.state = _collections.defaultdict(dict)
        self.param_groups = []
        if isinstance(params, torch.Tensor):
            raise TypeError('params argument given to the optimizer should be an iterable of Tensors or dicts, '
                            'but got ' + params.type())
        groups = list(params)
        if len(groups) == 0:
            raise ValueError('optimizer got an empty parameter list')
        if not isinstance(groups[0], dict):
            groups = [{'params': groups}]
        for group in groups:
            self.add_param_group(group)

    def add_param_group(self, param_group):
        group = dict(param_group)
        params = group['params']
        group['params'] = [params] if isinstance(params, torch.Tensor) else list(params)
        for name, default in self.defaults.items():
            if default is required and name not in group:
                raise ValueError("parameter group didn't specify a value of required optimization parameter " + name)
            if name not in group:
                group[name] = default
        self.param_groups.append(group)

    def zero_grad(self, set_to_none=False):
        for group in self.param_groups:
            for p in group['params']:
                if p.grad is not None:
                    if set_to_none:
                        p.grad = None
                    else:
                        p.grad.zero_()

    # A step updates each parameter that has a .grad (assigned by the
    # program: standin computes none), with torch 1.13's single-tensor
    # formulas; a parameter without one is left alone.
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        with torch.no_grad():
            for group in self.param_groups:
                for p in group['params']:
                    if p.grad is not None:
                        if p not in self.state:
                            self.state[p] = {}
                        self._update(p, p.grad, group, self.state[p])
        return loss

    def _update(self, p, grad, group, state):
        raise NotImplementedError(type(self).__name__ + '.step with gradients is not supported by standin')

    def state_dict(self):
        groups = []
        packed_state = {}
        index = 0
        for group in self.param_groups:
            packed = {k: v for k, v in group.items() if k != 'params'}
            packed['params'] = list(range(index, index + len(group['params'])))
            for i, p in enumerate(group['params']):
                if p in self.state:
                    packed_state[index + i] = self.state[p]
            index += len(group['params'])
            groups.append(packed)
        return {'state': packed_state, 'param_groups': groups}

    def load_state_dict(self, state_dict):
        groups = state_dict['param_groups']
        if len(groups) != len(self.param_groups):
            raise ValueError('loaded state dict has a different number of parameter groups')
        for mine, saved in zip(self.param_groups, groups):
            if len(mine['params']) != len(saved['params']):
                raise ValueError("loaded state dict contains a parameter group that doesn't match the size of "
                                 "optimizer's group")
        for mine, saved in zip(self.param_groups, groups):
            for k, v in saved.items():
                if k != 'params':
                    mine[k] = v
            for p, i in zip(mine['params'], saved['params']):
                if i in state_dict['state']:
                    self.state[p] = {k: v.clone() if isinstance(v, torch.Tensor) else v
                                     for k, v in state_dict['state'][i].items()}

    def __repr__(self):
        out = type(self).__name__ + ' ('
        for i, group in enumerate(self.param_groups):
            out += '\nParameter Group ' + str(i) + '\n'
            for key in sorted(group.keys()):
                if key != 'params':
                    out += '    ' + key + ': ' + str(group[key]) + '\n'
        return out + ')'


def _check_lr(lr):
    if lr is not required and lr < 0.0:
        raise ValueError('Invalid learning rate: ' + str(lr))


class SGD(Optimizer):
    def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False, *,
                 maximize=False, foreach=None, differentiable=False):
        _check_lr(lr)
        if momentum < 0.0:
            raise ValueError('Invalid momentum value: ' + str(momentum))
        if weight_decay < 0.0:
            raise ValueError('Invalid weight_decay value: ' + str(weight_decay))
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError('Nesterov momentum requires a momentum and zero dampening')
        super().__init__(params, dict(lr=lr, momentum=momentum, dampening=dampening, weight_decay=weight_decay,
                                      nesterov=nesterov, maximize=maximize, foreach=foreach,
                                      differentiable=differentiable))

    def _update(self, p, grad, group, state):
        d_p = -grad if group['maximize'] else grad
        if group['weight_decay'] != 0:
            d_p = d_p.add(p, alpha=group['weight_decay'])
        momentum = group['momentum']
        buf = state.get('momentum_buffer')
        if momentum != 0:
            if buf is None:
                buf = torch.clone(d_p).detach()
            else:
                buf.mul_(momentum).add_(d_p, alpha=1 - group['dampening'])
            d_p = d_p.add(buf, alpha=momentum) if group['nesterov'] else buf
        state['momentum_buffer'] = buf
        p.add_(d_p, alpha=-group['lr'])


def _check_adam(lr, eps, betas, weight_decay):
    _check_lr(lr)
    if not 0.0 <= eps:
        raise ValueError('Invalid epsilon value: ' + str(eps))
    if not 0.0 <= betas[0] < 1.0:
        raise ValueError('Invalid beta parameter at index 0: ' + str(betas[0]))
    if not 0.0 <= betas[1] < 1.0:
        raise ValueError('Invalid beta parameter at index 1: ' + str(betas[1]))
    if not 0.0 <= weight_decay:
        raise ValueError('Invalid weight_decay value: ' + str(weight_decay))


# Adam's and AdamW's update (AdamW decays the weight first, Adam adds it to the gradient).
def _adam_update(p, grad, group, state, decoupled):
    if len(state) == 0:
        state['step'] = torch.tensor(0.0)
        state['exp_avg'] = torch.zeros_like(p)
        state['exp_avg_sq'] = torch.zeros_like(p)
        if group['amsgrad']:
            state['max_exp_avg_sq'] = torch.zeros_like(p)
    lr, (beta1, beta2), eps, wd = group['lr'], group['betas'], group['eps'], group['weight_decay']
    if group['maximize']:
        grad = -grad
    step_t = state['step']
    step_t += 1
    if decoupled:
        p.mul_(1 - lr * wd)
    elif wd != 0:
        grad = grad.add(p, alpha=wd)
    exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
    exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
    exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
    step = step_t.item()
    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step
    step_size = lr / bias_correction1
    bias_correction2_sqrt = bias_correction2 ** 0.5
    if group['amsgrad']:
        max_sq = state['max_exp_avg_sq']
        max_sq.copy_(torch.maximum(max_sq, exp_avg_sq))
        denom = (max_sq.sqrt() / bias_correction2_sqrt).add_(eps)
    else:
        denom = (exp_avg_sq.sqrt() / bias_correction2_sqrt).add_(eps)
    p.addcdiv_(exp_avg, denom, value=-step_size)


class Adam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, amsgrad=False, *,
                 foreach=None, maximize=False, capturable=False, differentiable=False, fused=False):
        _check_adam(lr, eps, betas, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      maximize=maximize, foreach=foreach, capturable=capturable,
                                      differentiable=differentiable, fused=fused))

    def _update(self, p, grad, group, state):
        _adam_update(p, grad, group, state, False)


class AdamW(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False, foreach=None, capturable=False):
        _check_adam(lr, eps, betas, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad,
                                      foreach=foreach, maximize=maximize, capturable=capturable))

    def _update(self, p, grad, group, state):
        _adam_update(p, grad, group, state, True)


class RMSprop(Optimizer):
    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False,
                 foreach=None, maximize=False, differentiable=False):
        _check_lr(lr)
        super().__init__(params, dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered,
                                      weight_decay=weight_decay, foreach=foreach, maximize=maximize,
                                      differentiable=differentiable))

    def _update(self, p, grad, group, state):
        alpha, momentum = group['alpha'], group['momentum']
        if len(state) == 0:
            state['step'] = 0
            state['square_avg'] = torch.zeros_like(p)
            if momentum > 0:
                state['momentum_buffer'] = torch.zeros_like(p)
            if group['centered']:
                state['grad_avg'] = torch.zeros_like(p)
        state['step'] += 1
        if group['maximize']:
            grad = -grad
        if group['weight_decay'] != 0:
            grad = grad.add(p, alpha=group['weight_decay'])
        square_avg = state['square_avg']
        square_avg.mul_(alpha).addcmul_(grad, grad, value=1 - alpha)
        if group['centered']:
            grad_avg = state['grad_avg']
            grad_avg.mul_(alpha).add_(grad, alpha=1 - alpha)
            avg = square_avg.addcmul(grad_avg, grad_avg, value=-1).sqrt_()
        else:
            avg = square_avg.sqrt()
        avg = avg.add_(group['eps'])
        if momentum > 0:
            buf = state['momentum_buffer']
            buf.mul_(momentum).addcdiv_(grad, avg)
            p.add_(buf, alpha=-group['lr'])
        else:
            p.addcdiv_(grad, avg, value=-group['lr'])


def _check_nonnegative(name, value):
    if not 0.0 <= value:
        raise ValueError('Invalid {} value: {}'.format(name, value))


# Adagrad, as torch 1.13's single-tensor update; its state is made when it
# is constructed (step 0, the sum at initial_accumulator_value).
class Adagrad(Optimizer):
    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0, initial_accumulator_value=0, eps=1e-10,
                 foreach=None, *, maximize=False):
        _check_lr(lr)
        _check_nonnegative('lr_decay', lr_decay)
        _check_nonnegative('weight_decay', weight_decay)
        _check_nonnegative('initial_accumulator_value', initial_accumulator_value)
        if not 0.0 <= eps:
            raise ValueError('Invalid epsilon value: {}'.format(eps))
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value, foreach=foreach,
                                      maximize=maximize))
        for group in self.param_groups:
            for p in group['params']:
                state = self.state[p]
                state['step'] = torch.tensor(0.0)
                state['sum'] = torch.full_like(p, initial_accumulator_value)

    def _update(self, p, grad, group, state):
        if len(state) == 0:
            state['step'] = torch.tensor(0.0)
            state['sum'] = torch.full_like(p, group['initial_accumulator_value'])
        step_t = state['step']
        step_t += 1
        step = step_t.item()
        if group['maximize']:
            grad = -grad
        if group['weight_decay'] != 0:
            grad = grad.add(p, alpha=group['weight_decay'])
        clr = group['lr'] / (1 + (step - 1) * group['lr_decay'])
        state['sum'].addcmul_(grad, grad, value=1)
        std = state['sum'].sqrt().add_(group['eps'])
        p.addcdiv_(grad, std, value=-clr)


class Adamax(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None, *,
                 maximize=False):
        _check_adam(lr, eps, betas, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach,
                                      maximize=maximize))

    def _update(self, p, grad, group, state):
        if len(state) == 0:
            state['step'] = torch.tensor(0.0)
            state['exp_avg'] = torch.zeros_like(p)
            state['exp_inf'] = torch.zeros_like(p)
        (beta1, beta2), eps = group['betas'], group['eps']
        if group['maximize']:
            grad = -grad
        step_t = state['step']
        step_t += 1
        if group['weight_decay'] != 0:
            grad = grad.add(p, alpha=group['weight_decay'])
        exp_avg, exp_inf = state['exp_avg'], state['exp_inf']
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        norm_buf = torch.cat([exp_inf.mul_(beta2).unsqueeze(0), grad.abs().add_(eps).unsqueeze_(0)], 0)
        exp_inf.copy_(torch.amax(norm_buf, 0, keepdim=False))
        clr = group['lr'] / (1 - beta1 ** step_t.item())
        p.addcdiv_(exp_avg, exp_inf, value=-clr)


class Adadelta(Optimizer):
    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0, foreach=None, *, maximize=False):
        _check_lr(lr)
        if not 0.0 <= rho <= 1.0:
            raise ValueError('Invalid rho value: {}'.format(rho))
        if not 0.0 <= eps:
            raise ValueError('Invalid epsilon value: {}'.format(eps))
        _check_nonnegative('weight_decay', weight_decay)
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize,
                                      foreach=foreach))

    def _update(self, p, grad, group, state):
        if len(state) == 0:
            state['step'] = 0
            state['square_avg'] = torch.zeros_like(p)
            state['acc_delta'] = torch.zeros_like(p)
        rho, eps = group['rho'], group['eps']
        state['step'] += 1
        if group['maximize']:
            grad = -grad
        if group['weight_decay'] != 0:
            grad = grad.add(p, alpha=group['weight_decay'])
        square_avg, acc_delta = state['square_avg'], state['acc_delta']
        square_avg.mul_(rho).addcmul_(grad, grad, value=1 - rho)
        std = square_avg.add(eps).sqrt_()
        delta = acc_delta.add(eps).sqrt_().div_(std).mul_(grad)
        acc_delta.mul_(rho).addcmul_(delta, delta, value=1 - rho)
        p.add_(delta, alpha=-group['lr'])


# What NAdam's and RAdam's updates begin with, as torch 1.13's: the state
# made at the first step (NAdam's momentum-cache product between the step and
# the moments, torch's order), the step counted, weight decay added to the
# gradient. Returns the step and the gradient.
def _adam_moments_step(p, grad, group, state, mu_product=False):
    if len(state) == 0:
        state['step'] = torch.tensor(0.0)
        if mu_product:
            state['mu_product'] = torch.tensor(1.0)
        state['exp_avg'] = torch.zeros_like(p)
        state['exp_avg_sq'] = torch.zeros_like(p)
    step_t = state['step']
    step_t += 1
    if group['weight_decay'] != 0:
        grad = grad.add(p, alpha=group['weight_decay'])
    return step_t.item(), grad


# NAdam: Adam with Nesterov momentum; the momentum cache product is a
# float32 tensor in the state, as torch 1.13 keeps it.
class NAdam(Optimizer):
    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, momentum_decay=4e-3,
                 foreach=None):
        _check_adam(lr, eps, betas, weight_decay)
        if not 0.0 <= momentum_decay:
            raise ValueError('Invalid momentum_decay value: ' + str(momentum_decay))
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      momentum_decay=momentum_decay, foreach=foreach))

    def _update(self, p, grad, group, state):
        step, grad = _adam_moments_step(p, grad, group, state, mu_product=True)
        (beta1, beta2), eps, lr = group['betas'], group['eps'], group['lr']
        decay = group['momentum_decay']
        mu = beta1 * (1.0 - 0.5 * (0.96 ** (step * decay)))
        mu_next = beta1 * (1.0 - 0.5 * (0.96 ** ((step + 1) * decay)))
        mu_product = state['mu_product']
        mu_product *= mu
        mu_product_next = mu_product * mu * mu_next
        exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        denom = exp_avg_sq.div(1 - beta2 ** step).sqrt().add_(eps)
        p.addcdiv_(grad, denom, value=-lr * (1.0 - mu) / (1.0 - mu_product.item()))
        p.addcdiv_(exp_avg, denom, value=-lr * mu_next / (1.0 - mu_product_next.item()))


# RAdam: Adam whose adaptive term is switched on, rectified, once the
# approximated simple-moving-average length passes 5.
class RAdam(Optimizer):
    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0, foreach=None):
        _check_adam(lr, eps, betas, weight_decay)
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, foreach=foreach))

    def _update(self, p, grad, group, state):
        step, grad = _adam_moments_step(p, grad, group, state)
        (beta1, beta2), eps, lr = group['betas'], group['eps'], group['lr']
        bias_correction1 = 1 - beta1 ** step
        bias_correction2 = 1 - beta2 ** step
        exp_avg, exp_avg_sq = state['exp_avg'], state['exp_avg_sq']
        exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1)
        exp_avg_sq.mul_(beta2).addcmul_(grad, grad, value=1 - beta2)
        corrected = exp_avg / bias_correction1
        rho_inf = 2 / (1 - beta2) - 1
        rho_t = rho_inf - 2 * step * (beta2 ** step) / bias_correction2
        if rho_t > 5.0:
            rect = _math.sqrt((rho_t - 4) * (rho_t - 2) * rho_inf / ((rho_inf - 4) * (rho_inf - 2) * rho_t))
            adaptive_lr = _math.sqrt(bias_correction2) / exp_avg_sq.sqrt().add_(eps)
            p.add_(corrected * lr * adaptive_lr * rect, alpha=-1.0)
        else:
            p.add_(corrected * lr, alpha=-1.0)


# Rprop: each element's step size grows by etas[1] while its gradient keeps
# its sign and shrinks by etas[0] when the sign flips (that step skipped).
class Rprop(Optimizer):
    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), foreach=None, maximize=False):
        _check_lr(lr)
        if not 0.0 < etas[0] < 1.0 < etas[1]:
            raise ValueError('Invalid eta values: {}, {}'.format(etas[0], etas[1]))
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes, foreach=foreach, maximize=maximize))

    def _update(self, p, grad, group, state):
        if len(state) == 0:
            state['step'] = 0
            state['prev'] = torch.zeros_like(p)
            state['step_size'] = torch.full_like(grad, group['lr'])
        state['step'] += 1
        etaminus, etaplus = group['etas']
        step_size_min, step_size_max = group['step_sizes']
        if group['maximize']:
            grad = -grad
        prev, step_size = state['prev'], state['step_size']
        sign = grad.mul(prev).sign()
        sign[sign.gt(0)] = etaplus
        sign[sign.lt(0)] = etaminus
        sign[sign.eq(0)] = 1
        step_size.mul_(sign).clamp_(step_size_min, step_size_max)
        grad = grad.clone()
        grad[sign.eq(etaminus)] = 0
        p.addcmul_(grad.sign(), step_size, value=-1)
        prev.copy_(grad)
)PY";

inline constexpr std::string_view lr_scheduler_prelude = R"PY(
import math as _math


class _LRScheduler:
    def __init__(self, optimizer, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault('initial_lr', group['lr'])
        self.base_lrs = [group['initial_lr'] for group in optimizer.param_groups]
        self.last_epoch = last_epoch
        self.verbose = verbose
        self._step_count = 0
        self.step()

    def get_last_lr(self):
        return self._last_lr

    def print_lr(self, is_verbose, group, lr, epoch=None):
        if is_verbose:
            if epoch is None:
                print('Adjusting learning rate of group {} to {:.4e}.'.format(group, lr))
            else:
                print('Epoch {}: adjusting learning rate of group {} to {:.4e}.'.format(
                    epoch if isinstance(epoch, str) else '%.2f' % epoch, group, lr))

    # step(epoch) sets the epoch and uses the closed form where there is
    # one, with torch's deprecation warning. get_lr() runs with
    # _get_lr_called_within_step set (a scheduler copied from torch's
    # sources warns when it is not).
    def step(self, epoch=None):
        self._step_count += 1
        self._get_lr_called_within_step = True
        try:
            values = self._next_lrs(epoch)
        finally:
            self._get_lr_called_within_step = False
        self._apply_lrs(values, epoch)

    def _next_lrs(self, epoch):
        if epoch is None:
            self.last_epoch += 1
            return self.get_lr()
        else:
            import warnings
            warnings.warn('The epoch parameter in `scheduler.step()` was not necessary and is being deprecated where '
                          'possible. Please use `scheduler.step()` to step the scheduler. During the deprecation, if '
                          'epoch is different from None, the closed form is used instead of the new chainable form, '
                          'where available. Please open an issue if you are unable to replicate your use case: '
                          'https://github.com/pytorch/pytorch/issues/new/choose.', UserWarning)
            self.last_epoch = epoch
            return self._get_closed_form_lr() if hasattr(self, '_get_closed_form_lr') else self.get_lr()

    def _apply_lrs(self, values, epoch=None):
        for i, (group, lr) in enumerate(zip(self.optimizer.param_groups, values)):
            group['lr'] = lr
            self.print_lr(getattr(self, 'verbose', False), i, lr, epoch)
        self._last_lr = [group['lr'] for group in self.optimizer.param_groups]

    def _initial_step(self):
        self._step_count = 0
        self.step()

    def state_dict(self):
        return {k: v for k, v in self.__dict__.items() if k != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)


LRScheduler = _LRScheduler


class StepLR(_LRScheduler):
    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1, verbose=False):
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0 or self.last_epoch % self.step_size != 0:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** (self.last_epoch // self.step_size) for base in self.base_lrs]


class MultiStepLR(_LRScheduler):
    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1, verbose=False):
        self.milestones = sorted(milestones)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        hits = self.milestones.count(self.last_epoch)
        return [group['lr'] * self.gamma ** hits for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        passed = len([m for m in self.milestones if m <= self.last_epoch])
        return [base * self.gamma ** passed for base in self.base_lrs]


class ExponentialLR(_LRScheduler):
    def __init__(self, optimizer, gamma, last_epoch=-1, verbose=False):
        self.gamma = gamma
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        if self.last_epoch == 0:
            return [group['lr'] for group in self.optimizer.param_groups]
        return [group['lr'] * self.gamma for group in self.optimizer.param_groups]

    def _get_closed_form_lr(self):
        return [base * self.gamma ** self.last_epoch for base in self.base_lrs]


class LambdaLR(_LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        if isinstance(lr_lambda, (list, tuple)):
            self.lr_lambdas = list(lr_lambda)
        else:
            self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        return [base * fn(self.last_epoch) for fn, base in zip(self.lr_lambdas, self.base_lrs)]


class CosineAnnealingLR(_LRScheduler):
    def __init__(self, optimizer, T_max, eta_min=0, last_epoch=-1, verbose=False):
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        groups = self.optimizer.param_groups
        if self.last_epoch == 0:
            return [group['lr'] for group in groups]
        if self._step_count == 1 and self.last_epoch > 0:
            return [self.eta_min + (base - self.eta_min) * (1 + _math.cos(self.last_epoch * _math.pi / self.T_max)) / 2
                    for base in self.base_lrs]
        if (self.last_epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            return [group['lr'] + (base - self.eta_min) * (1 - _math.cos(_math.pi / self.T_max)) / 2
                    for base, group in zip(self.base_lrs, groups)]
        return [(1 + _math.cos(_math.pi * self.last_epoch / self.T_max)) /
                (1 + _math.cos(_math.pi * (self.last_epoch - 1) / self.T_max)) * (group['lr'] - self.eta_min) +
                self.eta_min for group in groups]

    def _get_closed_form_lr(self):
        return [self.eta_min + (base - self.eta_min) * (1 + _math.cos(_math.pi * self.last_epoch / self.T_max)) / 2
                for base in self.base_lrs]


class ConstantLR(_LRScheduler):
    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1, verbose=False):
        if factor > 1.0 or factor < 0:
            raise ValueError('Constant multiplicative factor expected to be between 0 and 1.')
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        groups = self.optimizer.param_groups
        if self.last_epoch == 0:
            return [group['lr'] * self.factor for group in groups]
        if self.last_epoch != self.total_iters:
            return [group['lr'] for group in groups]
        return [group['lr'] * (1.0 / self.factor) for group in groups]

    def _get_closed_form_lr(self):
        return [base * (self.factor + (self.last_epoch >= self.total_iters) * (1 - self.factor))
                for base in self.base_lrs]


class LinearLR(_LRScheduler):
    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1, verbose=False):
        if start_factor > 1.0 or start_factor < 0:
            raise ValueError('Starting multiplicative factor expected to be greater than 0 and less or equal to 1.')
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError('Ending multiplicative factor expected to be between 0 and 1.')
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        groups = self.optimizer.param_groups
        if self.last_epoch == 0:
            return [group['lr'] * self.start_factor for group in groups]
        if self.last_epoch > self.total_iters:
            return [group['lr'] for group in groups]
        change = self.end_factor - self.start_factor
        return [group['lr'] * (1.0 + change / (self.total_iters * self.start_factor + (self.last_epoch - 1) * change))
                for group in groups]

    def _get_closed_form_lr(self):
        return [base * (self.start_factor + (self.end_factor - self.start_factor) *
                        min(self.total_iters, self.last_epoch) / self.total_iters) for base in self.base_lrs]


class PolynomialLR(_LRScheduler):
    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1, verbose=False):
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        groups = self.optimizer.param_groups
        if self.last_epoch == 0 or self.last_epoch > self.total_iters:
            return [group['lr'] for group in groups]
        decay = ((1.0 - self.last_epoch / self.total_iters) / (1.0 - (self.last_epoch - 1) / self.total_iters)) ** self.power
        return [group['lr'] * decay for group in groups]

    def _get_closed_form_lr(self):
        return [base * (1.0 - min(self.total_iters, self.last_epoch) / self.total_iters) ** self.power
                for base in self.base_lrs]


class SequentialLR(_LRScheduler):
    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1, verbose=False):
        for i, scheduler in enumerate(schedulers):
            if scheduler.optimizer is not optimizer:
                raise ValueError('Sequential Schedulers expects all schedulers to belong to the same optimizer, but '
                                 'got schedulers at index ' + str(i) + ' to be different than the optimizer passed in.')
        if len(milestones) != len(schedulers) - 1:
            raise ValueError('Sequential Schedulers expects number of schedulers provided to be one more than the '
                             'number of milestone points, but got number of schedulers ' + str(len(schedulers)) +
                             ' and the number of milestones to be equal to ' + str(len(milestones)))
        self._schedulers = schedulers
        self._milestones = milestones
        self.last_epoch = last_epoch + 1
        self.optimizer = optimizer
        for group in self.optimizer.param_groups:
            group['lr'] = group['initial_lr']
        for scheduler in self._schedulers:
            scheduler.last_epoch -= 1
        self._schedulers[0]._initial_step()
        self._last_lr = schedulers[0].get_last_lr()

    def step(self):
        self.last_epoch += 1
        idx = len([m for m in self._milestones if m <= self.last_epoch])
        scheduler = self._schedulers[idx]
        if idx > 0 and self._milestones[idx - 1] == self.last_epoch:
            scheduler.step(0)
        else:
            scheduler.step()
        self._last_lr = scheduler.get_last_lr()


def _format_param(name, optimizer, param):
    if isinstance(param, (list, tuple)):
        if len(param) != len(optimizer.param_groups):
            raise ValueError('expected ' + str(len(optimizer.param_groups)) + ' values for ' + name + ', got ' +
                             str(len(param)))
        return list(param)
    return [param] * len(optimizer.param_groups)


class OneCycleLR(_LRScheduler):
    def __init__(self, optimizer, max_lr, total_steps=None, epochs=None, steps_per_epoch=None, pct_start=0.3,
                 anneal_strategy='cos', cycle_momentum=True, base_momentum=0.85, max_momentum=0.95, div_factor=25.0,
                 final_div_factor=1e4, three_phase=False, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        if total_steps is None and epochs is None and steps_per_epoch is None:
            raise ValueError('You must define either total_steps OR (epochs AND steps_per_epoch)')
        if total_steps is not None:
            if total_steps <= 0 or not isinstance(total_steps, int):
                raise ValueError('Expected positive integer total_steps, but got ' + str(total_steps))
            self.total_steps = total_steps
        else:
            if epochs <= 0 or not isinstance(epochs, int):
                raise ValueError('Expected positive integer epochs, but got ' + str(epochs))
            if steps_per_epoch <= 0 or not isinstance(steps_per_epoch, int):
                raise ValueError('Expected positive integer steps_per_epoch, but got ' + str(steps_per_epoch))
            self.total_steps = epochs * steps_per_epoch
        if three_phase:
            self._schedule_phases = [
                {'end_step': float(pct_start * self.total_steps) - 1, 'start_lr': 'initial_lr', 'end_lr': 'max_lr',
                 'start_momentum': 'max_momentum', 'end_momentum': 'base_momentum'},
                {'end_step': float(2 * pct_start * self.total_steps) - 2, 'start_lr': 'max_lr', 'end_lr': 'initial_lr',
                 'start_momentum': 'base_momentum', 'end_momentum': 'max_momentum'},
                {'end_step': self.total_steps - 1, 'start_lr': 'initial_lr', 'end_lr': 'min_lr',
                 'start_momentum': 'max_momentum', 'end_momentum': 'max_momentum'}]
        else:
            self._schedule_phases = [
                {'end_step': float(pct_start * self.total_steps) - 1, 'start_lr': 'initial_lr', 'end_lr': 'max_lr',
                 'start_momentum': 'max_momentum', 'end_momentum': 'base_momentum'},
                {'end_step': self.total_steps - 1, 'start_lr': 'max_lr', 'end_lr': 'min_lr',
                 'start_momentum': 'base_momentum', 'end_momentum': 'max_momentum'}]
        if pct_start < 0 or pct_start > 1 or not isinstance(pct_start, float):
            raise ValueError('Expected float between 0 and 1 pct_start, but got ' + str(pct_start))
        if anneal_strategy not in ['cos', 'linear']:
            raise ValueError("anneal_strategy must by one of 'cos' or 'linear', instead got " + str(anneal_strategy))
        self.anneal_func = self._annealing_cos if anneal_strategy == 'cos' else self._annealing_linear
        max_lrs = _format_param('max_lr', self.optimizer, max_lr)
        if last_epoch == -1:
            for idx, group in enumerate(self.optimizer.param_groups):
                group['initial_lr'] = max_lrs[idx] / div_factor
                group['max_lr'] = max_lrs[idx]
                group['min_lr'] = group['initial_lr'] / final_div_factor
        self.cycle_momentum = cycle_momentum
        if self.cycle_momentum:
            if 'momentum' not in self.optimizer.defaults and 'betas' not in self.optimizer.defaults:
                raise ValueError('optimizer must support momentum with `cycle_momentum` option enabled')
            self.use_beta1 = 'betas' in self.optimizer.defaults
            max_momentums = _format_param('max_momentum', optimizer, max_momentum)
            base_momentums = _format_param('base_momentum', optimizer, base_momentum)
            if last_epoch == -1:
                for m_momentum, b_momentum, group in zip(max_momentums, base_momentums, optimizer.param_groups):
                    if self.use_beta1:
                        group['betas'] = (m_momentum,) + tuple(group['betas'][1:])
                    else:
                        group['momentum'] = m_momentum
                    group['max_momentum'] = m_momentum
                    group['base_momentum'] = b_momentum
        super().__init__(optimizer, last_epoch, verbose)

    def _annealing_cos(self, start, end, pct):
        cos_out = _math.cos(_math.pi * pct) + 1
        return end + (start - end) / 2.0 * cos_out

    def _annealing_linear(self, start, end, pct):
        return (end - start) * pct + start

    def get_lr(self):
        lrs = []
        step_num = self.last_epoch
        if step_num > self.total_steps:
            raise ValueError('Tried to step ' + str(step_num + 1) + ' times. The specified number of total steps is ' +
                             str(self.total_steps))
        for group in self.optimizer.param_groups:
            start_step = 0
            for i, phase in enumerate(self._schedule_phases):
                end_step = phase['end_step']
                if step_num <= end_step or i == len(self._schedule_phases) - 1:
                    pct = (step_num - start_step) / (end_step - start_step)
                    computed_lr = self.anneal_func(group[phase['start_lr']], group[phase['end_lr']], pct)
                    if self.cycle_momentum:
                        computed_momentum = self.anneal_func(group[phase['start_momentum']],
                                                             group[phase['end_momentum']], pct)
                    break
                start_step = phase['end_step']
            lrs.append(computed_lr)
            if self.cycle_momentum:
                if self.use_beta1:
                    group['betas'] = (computed_momentum,) + tuple(group['betas'][1:])
                else:
                    group['momentum'] = computed_momentum
        return lrs


class CosineAnnealingWarmRestarts(_LRScheduler):
    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1, verbose=False):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError('Expected positive integer T_0, but got ' + str(T_0))
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError('Expected integer T_mult >= 1, but got ' + str(T_mult))
        self.T_0 = T_0
        self.T_i = T_0
        self.T_mult = T_mult
        self.eta_min = eta_min
        self.T_cur = last_epoch
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        return [self.eta_min + (base - self.eta_min) * (1 + _math.cos(_math.pi * self.T_cur / self.T_i)) / 2
                for base in self.base_lrs]

    def step(self, epoch=None):
        if epoch is None and self.last_epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self.last_epoch + 1
            self.T_cur = self.T_cur + 1
            if self.T_cur >= self.T_i:
                self.T_cur = self.T_cur - self.T_i
                self.T_i = self.T_i * self.T_mult
        else:
            if epoch < 0:
                raise ValueError('Expected non-negative epoch, but got ' + str(epoch))
            if epoch >= self.T_0:
                if self.T_mult == 1:
                    self.T_cur = epoch % self.T_0
                else:
                    n = int(_math.log((epoch / self.T_0 * (self.T_mult - 1) + 1), self.T_mult))
                    self.T_cur = epoch - self.T_0 * (self.T_mult ** n - 1) / (self.T_mult - 1)
                    self.T_i = self.T_0 * self.T_mult ** n
            else:
                self.T_i = self.T_0
                self.T_cur = epoch
        self.last_epoch = _math.floor(epoch)
        self._step_count += 1
        self._get_lr_called_within_step = True
        try:
            values = self.get_lr()
        finally:
            self._get_lr_called_within_step = False
        self._apply_lrs(values, epoch)


class MultiplicativeLR(_LRScheduler):
    def __init__(self, optimizer, lr_lambda, last_epoch=-1, verbose=False):
        self.optimizer = optimizer
        if isinstance(lr_lambda, (list, tuple)):
            if len(lr_lambda) != len(optimizer.param_groups):
                raise ValueError('Expected {} lr_lambdas, but got {}'.format(len(optimizer.param_groups), len(lr_lambda)))
            self.lr_lambdas = list(lr_lambda)
        else:
            self.lr_lambdas = [lr_lambda] * len(optimizer.param_groups)
        super().__init__(optimizer, last_epoch, verbose)

    def get_lr(self):
        groups = self.optimizer.param_groups
        if self.last_epoch > 0:
            return [group['lr'] * fn(self.last_epoch) for fn, group in zip(self.lr_lambdas, groups)]
        return [group['lr'] for group in groups]


# CyclicLR (Smith's cyclical learning rates): the rate climbs from base_lr to
# max_lr over step_size_up steps and back over step_size_down, scaled per
# cycle (triangular2) or per step (exp_range); momentum cycles the other way.
class CyclicLR(_LRScheduler):
    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode='triangular',
                 gamma=1.0, scale_fn=None, scale_mode='cycle', cycle_momentum=True, base_momentum=0.8,
                 max_momentum=0.9, last_epoch=-1, verbose=False):
        base_lrs = _format_param('base_lr', optimizer, base_lr)
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                group['lr'] = lr
        self.max_lrs = _format_param('max_lr', optimizer, max_lr)
        step_size_up = float(step_size_up)
        step_size_down = float(step_size_down) if step_size_down is not None else step_size_up
        self.total_size = step_size_up + step_size_down
        self.step_ratio = step_size_up / self.total_size
        if mode not in ['triangular', 'triangular2', 'exp_range'] and scale_fn is None:
            raise ValueError('mode is invalid and scale_fn is None')
        self.mode = mode
        self.gamma = gamma
        if scale_fn is None:
            if mode == 'triangular':
                self.scale_fn = lambda x: 1.0
                self.scale_mode = 'cycle'
            elif mode == 'triangular2':
                self.scale_fn = lambda x: 1 / (2.0 ** (x - 1))
                self.scale_mode = 'cycle'
            else:
                self.scale_fn = lambda x: gamma ** x
                self.scale_mode = 'iterations'
        else:
            self.scale_fn = scale_fn
            self.scale_mode = scale_mode
        self.cycle_momentum = cycle_momentum
        if cycle_momentum:
            if 'momentum' not in optimizer.defaults:
                raise ValueError('optimizer must support momentum with `cycle_momentum` option enabled')
            base_momentums = _format_param('base_momentum', optimizer, base_momentum)
            if last_epoch == -1:
                for momentum, group in zip(base_momentums, optimizer.param_groups):
                    group['momentum'] = momentum
            self.base_momentums = [group['momentum'] for group in optimizer.param_groups]
            self.max_momentums = _format_param('max_momentum', optimizer, max_momentum)
        super().__init__(optimizer, last_epoch, verbose)
        self.base_lrs = base_lrs

    def get_lr(self):
        cycle = _math.floor(1 + self.last_epoch / self.total_size)
        x = 1.0 + self.last_epoch / self.total_size - cycle
        if x <= self.step_ratio:
            scale_factor = x / self.step_ratio
        else:
            scale_factor = (x - 1) / (self.step_ratio - 1)
        at = cycle if self.scale_mode == 'cycle' else self.last_epoch
        lrs = [base + (top - base) * scale_factor * self.scale_fn(at) for base, top in zip(self.base_lrs, self.max_lrs)]
        if self.cycle_momentum:
            momentums = [top - (top - base) * scale_factor * self.scale_fn(at)
                         for base, top in zip(self.base_momentums, self.max_momentums)]
            for group, momentum in zip(self.optimizer.param_groups, momentums):
                group['momentum'] = momentum
        return lrs


# ChainedScheduler: each step steps every scheduler in turn.
class ChainedScheduler(_LRScheduler):
    def __init__(self, schedulers):
        for i in range(1, len(schedulers)):
            if schedulers[i].optimizer is not schedulers[0].optimizer:
                raise ValueError('ChainedScheduler expects all schedulers to belong to the same optimizer, but got '
                                 'schedulers at index 0 and ' + str(i) + ' to be different')
        self._schedulers = list(schedulers)
        self.optimizer = schedulers[0].optimizer
        self._last_lr = [group['lr'] for group in self._schedulers[-1].optimizer.param_groups]

    def step(self):
        for scheduler in self._schedulers:
            scheduler.step()
        self._last_lr = [group['lr'] for group in self._schedulers[-1].optimizer.param_groups]

    def state_dict(self):
        state = {k: v for k, v in self.__dict__.items() if k not in ('optimizer', '_schedulers')}
        state['_schedulers'] = [s.state_dict() for s in self._schedulers]
        return state

    def load_state_dict(self, state_dict):
        schedulers = state_dict.pop('_schedulers')
        self.__dict__.update(state_dict)
        state_dict['_schedulers'] = schedulers
        for i, s in enumerate(schedulers):
            self._schedulers[i].load_state_dict(s)

class ReduceLROnPlateau:
    def __init__(self, optimizer, mode='min', factor=0.1, patience=10, threshold=1e-4, threshold_mode='rel',
                 cooldown=0, min_lr=0, eps=1e-8, verbose=False):
        if factor >= 1.0:
            raise ValueError('Factor should be < 1.0.')
        self.factor = factor
        self.optimizer = optimizer
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != len(optimizer.param_groups):
                raise ValueError('expected ' + str(len(optimizer.param_groups)) + ' min_lrs, got ' + str(len(min_lr)))
            self.min_lrs = list(min_lr)
        else:
            self.min_lrs = [min_lr] * len(optimizer.param_groups)
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.cooldown_counter = 0
        self.mode = mode
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.best = None
        self.num_bad_epochs = None
        self.mode_worse = None
        self.eps = eps
        self.last_epoch = 0
        if mode not in {'min', 'max'}:
            raise ValueError('mode ' + mode + ' is unknown!')
        if threshold_mode not in {'rel', 'abs'}:
            raise ValueError('threshold mode ' + threshold_mode + ' is unknown!')
        self.mode_worse = float('inf') if mode == 'min' else float('-inf')
        self._reset()

    def _reset(self):
        self.best = self.mode_worse
        self.cooldown_counter = 0
        self.num_bad_epochs = 0

    def step(self, metrics, epoch=None):
        current = float(metrics)
        if epoch is None:
            epoch = self.last_epoch + 1
        self.last_epoch = epoch
        if self.is_better(current, self.best):
            self.best = current
            self.num_bad_epochs = 0
        else:
            self.num_bad_epochs += 1
        if self.in_cooldown:
            self.cooldown_counter -= 1
            self.num_bad_epochs = 0
        if self.num_bad_epochs > self.patience:
            self._reduce_lr(epoch)
            self.cooldown_counter = self.cooldown
            self.num_bad_epochs = 0
        self._last_lr = [group['lr'] for group in self.optimizer.param_groups]

    def _reduce_lr(self, epoch):
        for i, group in enumerate(self.optimizer.param_groups):
            old_lr = float(group['lr'])
            new_lr = max(old_lr * self.factor, self.min_lrs[i])
            if old_lr - new_lr > self.eps:
                group['lr'] = new_lr

    @property
    def in_cooldown(self):
        return self.cooldown_counter > 0

    def is_better(self, a, best):
        if self.mode == 'min' and self.threshold_mode == 'rel':
            return a < best * (1.0 - self.threshold)
        if self.mode == 'min' and self.threshold_mode == 'abs':
            return a < best - self.threshold
        if self.mode == 'max' and self.threshold_mode == 'rel':
            return a > best * (self.threshold + 1.0)
        return a > best + self.threshold

    def state_dict(self):
        return {k: v for k, v in self.__dict__.items() if k != 'optimizer'}

    def load_state_dict(self, state_dict):
        self.__dict__.update(state_dict)
)PY";

// torch.linalg: norms, and det / inv / solve by Gaussian elimination with
// partial pivoting in float64 (ATen calls LAPACK's LU in the input's dtype,
// so the last float32 digits may differ). torch.special: the elementwise
// functions model code reaches through it.
// torch.random: the default generator's functions, and fork_rng.
inline constexpr std::string_view random_prelude = R"PY(
manual_seed = torch.manual_seed
seed = torch.seed
initial_seed = torch.initial_seed
get_rng_state = torch.get_rng_state
set_rng_state = torch.set_rng_state
default_generator = torch.default_generator


class _ForkRng:
    def __init__(self, enabled):
        self.enabled = enabled

    def __enter__(self):
        if self.enabled:
            self.state = torch.get_rng_state()

    def __exit__(self, *exc):
        if self.enabled:
            torch.set_rng_state(self.state)
        return False


def fork_rng(devices=None, enabled=True, _caller='fork_rng', _devices_kw='devices', device_type='cuda'):
    return _ForkRng(enabled)
)PY";

// torch.profiler and torch.autograd.profiler: record_function as a
// labelled region that does nothing; standin has no profiler to report.
inline constexpr std::string_view profiler_prelude = R"PY(
class record_function:
    def __init__(self, name, args=None):
        self.name = name
        self.args = args

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def __call__(self, fn):
        def wrapper(*args, **kwargs):
            with self:
                return fn(*args, **kwargs)
        return wrapper


class ProfilerActivity:
    CPU = 'CPU'
    CUDA = 'CUDA'


def schedule(*, wait, warmup, active, repeat=0, skip_first=0):
    return lambda step: None


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False):
    return lambda prof: None


class profile:
    def __init__(self, *args, **kwargs):
        self.step_num = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def start(self):
        pass

    def stop(self):
        pass

    def step(self):
        self.step_num += 1

    def key_averages(self, *args, **kwargs):
        raise NotImplementedError('torch.profiler: standin records no profile to report')

    def export_chrome_trace(self, path):
        raise NotImplementedError('torch.profiler: standin records no profile to report')
)PY";

inline constexpr std::string_view linalg_prelude = R"PY(
builtin_max = max
builtin_min = min
_type_names = {torch.int64: 'Long', torch.int32: 'Int', torch.int16: 'Short', torch.int8: 'Char',
               torch.uint8: 'Byte', torch.bool: 'Bool'}


# multi_dot: left to right (torch picks the cheapest order; the values agree
# up to rounding). The first and last may be 1-D.
def multi_dot(tensors, *, out=None):
    tensors = list(tensors)
    if len(tensors) < 2:
        raise RuntimeError('multi_dot(): expected at least 2 tensors but got ' + str(len(tensors)))
    first_1d = tensors[0].dim() == 1
    last_1d = tensors[-1].dim() == 1
    if first_1d:
        tensors[0] = tensors[0].unsqueeze(0)
    if last_1d:
        tensors[-1] = tensors[-1].unsqueeze(1)
    result = tensors[0]
    for t in tensors[1:]:
        result = torch.mm(result, t)
    if first_1d:
        result = result.squeeze(0)
    if last_1d:
        result = result.squeeze(-1)
    return result


def _all_dims(x, dim):
    if dim is None:
        return tuple(range(x.dim()))
    return (dim,) if isinstance(dim, int) else tuple(dim)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    if dtype is not None:
        x = x.to(dtype)
    if not x.is_floating_point():
        raise RuntimeError('linalg.vector_norm: Expected a floating point or complex tensor as input. Got ' +
                           _type_names.get(x.dtype, str(x.dtype)))
    dims = _all_dims(x, dim)
    a = x.abs()
    if ord == float('inf'):
        return a.amax(dims, keepdim=keepdim)
    if ord == float('-inf'):
        return a.amin(dims, keepdim=keepdim)
    if ord == 0:
        return (x != 0).sum(dims, keepdim=keepdim).to(x.dtype)
    if ord == 1:
        return a.sum(dims, keepdim=keepdim)
    if ord == 2:
        return torch.sqrt((a * a).sum(dims, keepdim=keepdim))
    return torch._pow_std(torch._pow_std(a, ord).sum(dims, keepdim=keepdim), 1.0 / ord)


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None):
    if dtype is not None:
        A = A.to(dtype)
    if A.dim() < 2:
        raise RuntimeError('linalg.matrix_norm: The input tensor A must have at least 2 dimensions.')
    d0, d1 = dim[0] % A.dim(), dim[1] % A.dim()
    if ord == 'fro':
        return torch.sqrt((A * A).sum((d0, d1), keepdim=keepdim))
    if ord in (1, -1, float('inf'), float('-inf')):
        over, across = (d0, d1) if ord in (1, -1) else (d1, d0)
        sums = A.abs().sum(over, keepdim=True)
        out = sums.amax(across, keepdim=True) if ord in (1, float('inf')) else sums.amin(across, keepdim=True)
        if not keepdim:
            out = out.squeeze(builtin_max(d0, d1)).squeeze(builtin_min(d0, d1))
        return out
    raise NotImplementedError("linalg.matrix_norm(ord=" + repr(ord) + ") needs an SVD, which standin does not have")


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    if isinstance(dim, int):
        dim = (dim,)
    if ord is None:
        if dim is not None and len(dim) == 2:
            return matrix_norm(A, 'fro', dim, keepdim, dtype=dtype)
        return vector_norm(A, 2, dim, keepdim, dtype=dtype)
    if isinstance(ord, str) or (dim is not None and len(dim) == 2) or (dim is None and A.dim() == 2):
        return matrix_norm(A, ord, dim if dim is not None else (-2, -1), keepdim, dtype=dtype)
    if dim is None and A.dim() != 1:
        raise RuntimeError('linalg.norm: If dim is not specified but ord is, the input must be 1D or 2D. Got ' +
                           str(A.dim()) + 'D.')
    return vector_norm(A, ord, dim, keepdim, dtype=dtype)


def _square(A, name):
    if A.dim() < 2 or A.shape[-1] != A.shape[-2]:
        raise RuntimeError('linalg.' + name + ': A must be batches of square matrices, but they are ' +
                           str(A.shape[-2] if A.dim() >= 2 else 1) + ' by ' + str(A.shape[-1]) + ' matrices')
    if not A.is_floating_point():
        raise RuntimeError('linalg.' + name + ': Expected a floating point or complex tensor as input. Got ' +
                           _type_names.get(A.dtype, str(A.dtype)))


def _matrices(A):
    n = A.shape[-1]
    rows = A.reshape(-1, n, n).double().tolist()
    return n, rows


def _lu_det(m):
    n = len(m)
    m = [list(r) for r in m]
    det = 1.0
    for c in range(n):
        p = builtin_max(range(c, n), key=lambda r: abs(m[r][c]))
        if m[p][c] == 0.0:
            return 0.0
        if p != c:
            m[c], m[p] = m[p], m[c]
            det = -det
        det *= m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            for k in range(c, n):
                m[r][k] -= f * m[c][k]
    return det


def _gauss_jordan(m, rhs, name):
    n = len(m)
    a = [list(m[i]) + list(rhs[i]) for i in range(n)]
    width = len(a[0])
    for c in range(n):
        p = builtin_max(range(c, n), key=lambda r: abs(a[r][c]))
        if a[p][c] == 0.0:
            raise RuntimeError('linalg.' + name + ': The diagonal element ' + str(c + 1) + ' is zero, the ' +
                               ('inversion' if name == 'inv' else 'solve') +
                               ' could not be completed because the input matrix is singular.')
        a[c], a[p] = a[p], a[c]
        pivot = a[c][c]
        a[c] = [v / pivot for v in a[c]]
        for r in range(n):
            if r != c and a[r][c] != 0.0:
                f = a[r][c]
                a[r] = [a[r][k] - f * a[c][k] for k in range(width)]
    return [row[n:] for row in a]


def det(A):
    _square(A, 'det')
    n, mats = _matrices(A)
    out = torch.tensor([_lu_det(m) for m in mats], dtype=torch.float64).reshape(A.shape[:-2]).to(A.dtype)
    if A.requires_grad and torch.is_grad_enabled():
        torch._record_node(out, '_linalg_det', (A,), 0, 'LinalgDetBackward0')
    return out


def slogdet(A):
    d = det(A)
    return torch.sign(d), torch.log(d.abs())


def inv(A):
    _square(A, 'inv')
    n, mats = _matrices(A)
    eye = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    out = [_gauss_jordan(m, eye, 'inv') for m in mats]
    result = torch.tensor(out, dtype=torch.float64).reshape(A.shape).to(A.dtype)
    if A.requires_grad and torch.is_grad_enabled():
        torch._record_node(result, '_linalg_inv', (A,), 0, 'LinalgInvExBackward0')
    return result


def solve(A, B, *, left=True):
    if not left:
        raise NotImplementedError('linalg.solve(left=False) is not supported by standin')
    return torch.matmul(inv(A), B)


# These read the matrices' values, but their results' metadata does not
# depend on them: a trace records each as one node (the tracer runs
# __meta__ on the fake arguments for the result's metadata).
det.__meta__ = lambda A: torch.empty(tuple(A.shape[:-2]), dtype=A.dtype)
inv.__meta__ = lambda A: torch.empty(tuple(A.shape), dtype=A.dtype)
solve.__meta__ = lambda A, B, *, left=True: torch.matmul(torch.empty(tuple(A.shape), dtype=A.dtype), B)


def matrix_power(A, n):
    if n < 0:
        return matrix_power(inv(A), -n)
    out = torch.eye(A.shape[-1], dtype=A.dtype).expand(A.shape).clone()
    for _ in range(n):
        out = torch.matmul(out, A)
    return out


torch.det = det
torch.logdet = lambda A: torch.log(det(A))
torch.slogdet = slogdet
torch.inverse = inv
torch.matrix_power = matrix_power
torch.Tensor.det = det
torch.Tensor.inverse = inv
torch.Tensor.matrix_power = matrix_power


def cross(input, other, *, dim=-1):
    return torch.cross(input, other, dim)


# torch.cholesky / qr / svd and their Tensor methods: the LAPACK replays
# (linalg_lapack_prelude) compile on the first use of any of them.
torch.Tensor.cholesky = lambda self, upper=False: torch.cholesky(self, upper)
torch.Tensor.qr = lambda self, some=True: torch.qr(self, some)
torch.Tensor.svd = lambda self, some=True, compute_uv=True: torch.svd(self, some, compute_uv)
)PY";

// The LAPACK replays torch.linalg compiles on first use (Interpreter::add_lazy_part).
inline constexpr std::string_view linalg_lapack_prelude = R"PY(
# reference-LAPACK replays (cholesky, qr, eigh)
# torch 1.13 on this platform calls the reference LAPACK 3.11 / BLAS; small
# problems take its unblocked paths (potrf2, geqr2 + org2r, sytd2 + steqr +
# orm2r/orm2l), which these functions replay operation by operation in the
# input's precision (float32 by rounding each double result to float32), so
# results and eigenvector signs come out as torch's.
import math as _m


def _f32(x):
    # The float32 nearest x (ties to even), as a Python float.
    if x == 0.0 or x != x or x == float('inf') or x == float('-inf'):
        return x
    mant, exp = _m.frexp(x)
    bits = 24 if exp >= -125 else exp + 149  # float32 subnormals: multiples of 2 ** -149
    if bits < 0:
        return _m.copysign(0.0, x)
    r = _m.ldexp(float(round(_m.ldexp(mant, bits))), exp - bits)
    if r == 0.0:
        return _m.copysign(0.0, x)
    if abs(r) > 3.4028234663852886e+38:
        return _m.copysign(float('inf'), x)
    return r


def _f64(x):
    return x


class _Prec:
    # LAPACK's machine constants for s (float32) or d (float64) routines.
    def __init__(self, single):
        self.r = _f32 if single else _f64
        if single:
            self.eps = 2.0 ** -24
            self.safmin = 2.0 ** -126
            self.big = 3.4028234663852886e+38
            self.tsml, self.tbig, self.ssml, self.sbig = 2.0 ** -63, 2.0 ** 52, 2.0 ** 75, 2.0 ** -76
        else:
            self.eps = 2.0 ** -53
            self.safmin = 2.0 ** -1022
            self.big = 1.7976931348623157e+308
            self.tsml, self.tbig, self.ssml, self.sbig = 2.0 ** -511, 2.0 ** 486, 2.0 ** 537, 2.0 ** -538
        self.safmax = 1.0 / self.safmin


def _nrm2(p, xs):
    # BLAS 3.10+ nrm2 (Blue's scaled sums).
    r = p.r
    asml = amed = abig = 0.0
    notbig = True
    for x in xs:
        ax = abs(x)
        if ax > p.tbig:
            t = r(ax * p.sbig)
            abig = r(abig + r(t * t))
            notbig = False
        elif ax < p.tsml:
            if notbig:
                t = r(ax * p.ssml)
                asml = r(asml + r(t * t))
        else:
            amed = r(amed + r(ax * ax))
    if abig > 0.0:
        if amed > 0.0 or amed != amed:
            abig = r(abig + r(r(amed * p.sbig) * p.sbig))
        scl, sumsq = r(1.0 / p.sbig), abig
    elif asml > 0.0:
        if amed > 0.0 or amed != amed:
            amed = r(_m.sqrt(amed))
            asml = r(r(_m.sqrt(asml)) / p.ssml)
            ymin, ymax = (amed, asml) if asml > amed else (asml, amed)
            scl = 1.0
            q = r(ymin / ymax)
            sumsq = r(r(ymax * ymax) * r(1.0 + r(q * q)))
        else:
            scl, sumsq = r(1.0 / p.ssml), asml
    else:
        scl, sumsq = 1.0, amed
    return r(scl * r(_m.sqrt(sumsq)))


def _lapy2(p, x, y):
    if x != x:
        return x
    if y != y:
        return y
    r = p.r
    w = builtin_max(abs(x), abs(y))
    z = builtin_min(abs(x), abs(y))
    if z == 0.0 or w > p.big:
        return w
    q = r(z / w)
    return r(w * r(_m.sqrt(r(1.0 + r(q * q)))))


def _larfg(p, alpha, x):
    # Householder reflector: returns (beta, tau) and scales x in place.
    r = p.r
    if len(x) == 0:
        return alpha, 0.0
    xnorm = _nrm2(p, x)
    if xnorm == 0.0:
        return alpha, 0.0
    beta = -_m.copysign(_lapy2(p, alpha, xnorm), alpha)
    safmin = r(p.safmin / p.eps)
    knt = 0
    if abs(beta) < safmin:
        rsafmn = r(1.0 / safmin)
        while True:
            knt += 1
            for i in range(len(x)):
                x[i] = r(rsafmn * x[i])
            beta = r(beta * rsafmn)
            alpha = r(alpha * rsafmn)
            if not (abs(beta) < safmin and knt < 20):
                break
        xnorm = _nrm2(p, x)
        beta = -_m.copysign(_lapy2(p, alpha, xnorm), alpha)
    tau = r(r(beta - alpha) / beta)
    scale = r(1.0 / r(alpha - beta))
    for i in range(len(x)):
        x[i] = r(scale * x[i])
    for _ in range(knt):
        beta = r(beta * safmin)
    return beta, tau


def _larf_left(p, v, tau, c, r0, c0, ncols):
    # C[r0:r0+len(v), c0:c0+ncols] -= tau * v * (C^T v)^T (dlarf: gemv then ger,
    # trailing zeros of v and zero columns of C skipped).
    r = p.r
    if tau == 0.0:
        return
    lastv = len(v)
    while lastv > 0 and v[lastv - 1] == 0.0:
        lastv -= 1
    if lastv == 0:
        return
    lastc = ncols
    while lastc > 0 and _col_is_zero(c, r0, lastv, c0 + lastc - 1):
        lastc -= 1
    if lastc == 0:
        return
    w = []
    for j in range(c0, c0 + lastc):
        t = 0.0
        for i in range(lastv):
            t = r(t + r(c[r0 + i][j] * v[i]))
        w.append(t)
    for jj in range(lastc):
        if w[jj] != 0.0:
            t = r(-tau * w[jj])
            j = c0 + jj
            for i in range(lastv):
                c[r0 + i][j] = r(c[r0 + i][j] + r(v[i] * t))


def _col_is_zero(c, r0, nrows, j):
    for i in range(nrows):
        if c[r0 + i][j] != 0.0:
            return False
    return True


def _potrf2(p, a, off, n):
    # Recursive Cholesky (lower) of a[off:off+n, off:off+n]; 0 or the order
    # of the leading minor that is not positive-definite.
    r = p.r
    if n == 1:
        d = a[off][off]
        if d <= 0.0 or d != d:
            return 1
        a[off][off] = r(_m.sqrt(d))
        return 0
    n1 = n // 2
    n2 = n - n1
    info = _potrf2(p, a, off, n1)
    if info:
        return info
    # A21 := A21 * inv(L11)^T (dtrsm 'R', 'L', 'T', 'N')
    for k in range(n1):
        t = r(1.0 / a[off + k][off + k])
        for i in range(n2):
            a[off + n1 + i][off + k] = r(t * a[off + n1 + i][off + k])
        for j in range(k + 1, n1):
            ajk = a[off + j][off + k]
            if ajk != 0.0:
                for i in range(n2):
                    row = a[off + n1 + i]
                    row[off + j] = r(row[off + j] - r(ajk * row[off + k]))
    # A22 := A22 - A21 * A21^T, lower part (dsyrk 'L', 'N')
    for j in range(n2):
        for l in range(n1):
            ajl = a[off + n1 + j][off + l]
            if ajl != 0.0:
                t = -ajl
                for i in range(j, n2):
                    row = a[off + n1 + i]
                    row[off + n1 + j] = r(row[off + n1 + j] + r(t * row[off + l]))
    info = _potrf2(p, a, off + n1, n2)
    return info + n1 if info else 0


def _geqr2(p, a, m, n):
    taus = []
    for i in range(builtin_min(m, n)):
        x = [a[k][i] for k in range(i + 1, m)]
        beta, tau = _larfg(p, a[i][i], x)
        for k in range(i + 1, m):
            a[k][i] = x[k - i - 1]
        a[i][i] = beta
        taus.append(tau)
        if i < n - 1:
            v = [1.0] + x
            _larf_left(p, v, tau, a, i, i + 1, n - i - 1)
    return taus


def _org2r(p, a, m, n, k, taus):
    # Q's first n columns from k reflectors stored below the diagonal of a.
    r = p.r
    for j in range(k, n):
        for l in range(m):
            a[l][j] = 0.0
        a[j][j] = 1.0
    for i in range(k - 1, -1, -1):
        if i < n - 1:
            a[i][i] = 1.0
            v = [a[l][i] for l in range(i, m)]
            _larf_left(p, v, taus[i], a, i, i + 1, n - i - 1)
        if i < m - 1:
            t = -taus[i]
            for l in range(i + 1, m):
                a[l][i] = r(t * a[l][i])
        a[i][i] = r(1.0 - taus[i])
        for l in range(i):
            a[l][i] = 0.0


def _sytd2(p, a, n, lower):
    # Householder reduction of symmetric a to tridiagonal (d, e); the
    # reflectors stay in a, their factors in taus.
    r = p.r
    d = [0.0] * n
    e = [0.0] * (n - 1)
    taus = [0.0] * (n - 1)
    steps = range(n - 1) if lower else range(n - 2, -1, -1)
    for i in steps:
        if lower:
            x = [a[k][i] for k in range(i + 2, n)]
            beta, taui = _larfg(p, a[i + 1][i], x)
            for k in range(i + 2, n):
                a[k][i] = x[k - i - 2]
            lo = i + 1
            size = n - i - 1
        else:
            x = [a[k][i + 1] for k in range(i)]
            beta, taui = _larfg(p, a[i][i + 1], x)
            for k in range(i):
                a[k][i + 1] = x[k]
            lo = 0
            size = i + 1
        e[i] = beta
        if taui != 0.0:
            v = ([1.0] + x) if lower else (x + [1.0])
            y = [0.0] * size
            for j in range(size):
                t1 = r(taui * v[j])
                t2 = 0.0
                if lower:
                    y[j] = r(y[j] + r(t1 * a[lo + j][lo + j]))
                    for k in range(j + 1, size):
                        akj = a[lo + k][lo + j]
                        y[k] = r(y[k] + r(t1 * akj))
                        t2 = r(t2 + r(akj * v[k]))
                    y[j] = r(y[j] + r(taui * t2))
                else:
                    for k in range(j):
                        akj = a[k][j]
                        y[k] = r(y[k] + r(t1 * akj))
                        t2 = r(t2 + r(akj * v[k]))
                    y[j] = r(r(y[j] + r(t1 * a[j][j])) + r(taui * t2))
            dot = 0.0
            for k in range(size):
                dot = r(dot + r(y[k] * v[k]))
            alpha = r(r(-0.5 * taui) * dot)
            if alpha != 0.0:
                for k in range(size):
                    y[k] = r(y[k] + r(alpha * v[k]))
            for j in range(size):
                if v[j] != 0.0 or y[j] != 0.0:
                    t1 = -y[j]
                    t2 = -v[j]
                    rows = range(j, size) if lower else range(j + 1)
                    for k in rows:
                        row = a[lo + k]
                        row[lo + j] = r(r(row[lo + j] + r(v[k] * t1)) + r(y[k] * t2))
        if lower:
            a[i + 1][i] = beta
            d[i] = a[i][i]
        else:
            a[i][i + 1] = beta
            d[i + 1] = a[i + 1][i + 1]
        taus[i] = taui
    if lower:
        d[n - 1] = a[n - 1][n - 1]
    else:
        d[0] = a[0][0]
    return d, e, taus


def _lartg(p, f, g):
    r = p.r
    rtmin = r(_m.sqrt(p.safmin))
    rtmax = r(_m.sqrt(r(p.safmax / 2)))
    f1 = abs(f)
    g1 = abs(g)
    if g == 0.0:
        return 1.0, 0.0, f
    if f == 0.0:
        return 0.0, _m.copysign(1.0, g), g1
    if rtmin < f1 < rtmax and rtmin < g1 < rtmax:
        d = r(_m.sqrt(r(r(f * f) + r(g * g))))
        c = r(f1 / d)
        rr = _m.copysign(d, f)
        return c, r(g / rr), rr
    u = builtin_min(p.safmax, builtin_max(p.safmin, f1, g1))
    fs = r(f / u)
    gs = r(g / u)
    d = r(_m.sqrt(r(r(fs * fs) + r(gs * gs))))
    c = r(abs(fs) / d)
    rr = _m.copysign(d, f)
    s = r(gs / rr)
    return c, s, r(rr * u)


def _laev2(p, a, b, c):
    r = p.r
    sm = r(a + c)
    df = r(a - c)
    adf = abs(df)
    tb = r(b + b)
    ab = abs(tb)
    if abs(a) > abs(c):
        acmx, acmn = a, c
    else:
        acmx, acmn = c, a
    if adf > ab:
        q = r(ab / adf)
        rt = r(adf * r(_m.sqrt(r(1.0 + r(q * q)))))
    elif adf < ab:
        q = r(adf / ab)
        rt = r(ab * r(_m.sqrt(r(1.0 + r(q * q)))))
    else:
        rt = r(ab * r(_m.sqrt(2.0)))
    if sm < 0.0:
        rt1 = r(0.5 * r(sm - rt))
        sgn1 = -1
        rt2 = r(r(r(acmx / rt1) * acmn) - r(r(b / rt1) * b))
    elif sm > 0.0:
        rt1 = r(0.5 * r(sm + rt))
        sgn1 = 1
        rt2 = r(r(r(acmx / rt1) * acmn) - r(r(b / rt1) * b))
    else:
        rt1 = r(0.5 * rt)
        rt2 = r(-0.5 * rt)
        sgn1 = 1
    if df >= 0.0:
        cs = r(df + rt)
        sgn2 = 1
    else:
        cs = r(df - rt)
        sgn2 = -1
    if abs(cs) > ab:
        ct = r(-tb / cs)
        sn1 = r(1.0 / r(_m.sqrt(r(1.0 + r(ct * ct)))))
        cs1 = r(ct * sn1)
    elif ab == 0.0:
        cs1, sn1 = 1.0, 0.0
    else:
        tn = r(-cs / tb)
        cs1 = r(1.0 / r(_m.sqrt(r(1.0 + r(tn * tn)))))
        sn1 = r(tn * cs1)
    if sgn1 == sgn2:
        cs1, sn1 = -sn1, cs1
    return rt1, rt2, cs1, sn1


def _lasr_right(p, z, col0, cs, ss, forward):
    # Z[:, col0:col0+len(cs)+1] := Z * P^T for the plane rotations (c, s),
    # pivot 'V' (dlasr 'R', 'V').
    r = p.r
    count = len(cs)
    order = range(count) if forward else range(count - 1, -1, -1)
    for j in order:
        c = cs[j]
        s = ss[j]
        if c != 1.0 or s != 0.0:
            for row in z:
                t = row[col0 + j + 1]
                row[col0 + j + 1] = r(r(c * t) - r(s * row[col0 + j]))
                row[col0 + j] = r(r(s * t) + r(c * row[col0 + j]))


def _lascl(p, cfrom, cto, xs):
    r = p.r
    smlnum = p.safmin
    bignum = r(1.0 / smlnum)
    cfromc, ctoc = cfrom, cto
    while True:
        cfrom1 = r(cfromc * smlnum)
        if cfrom1 == cfromc:
            mul = r(ctoc / cfromc)
            done = True
        else:
            cto1 = r(ctoc / bignum)
            if cto1 == ctoc:
                mul = ctoc
                done = True
                cfromc = 1.0
            elif abs(cfrom1) > abs(ctoc) and ctoc != 0.0:
                mul = smlnum
                done = False
                cfromc = cfrom1
            elif abs(cto1) > abs(cfromc):
                mul = bignum
                done = False
                ctoc = cto1
            else:
                mul = r(ctoc / cfromc)
                done = True
                if mul == 1.0:
                    return
        for i in range(len(xs)):
            xs[i] = r(xs[i] * mul)
        if done:
            return


def _steqr(p, d, e, z):
    # Implicit QL/QR on the tridiagonal (d, e), rotations accumulated in z
    # (dsteqr, compz 'I'); eigenvalues ascending. Returns the count of
    # unconverged off-diagonals.
    r = p.r
    n = len(d)
    if n <= 1:
        return 0
    eps = p.eps
    eps2 = r(eps * eps)
    safmin = p.safmin
    safmax = r(1.0 / safmin)
    ssfmax = r(r(_m.sqrt(safmax)) / 3.0)
    ssfmin = r(r(_m.sqrt(safmin)) / eps2)
    nmaxit = n * 30
    jtot = 0
    l1 = 0
    while True:
        if l1 > n - 1:
            break
        if l1 > 0:
            e[l1 - 1] = 0.0
        m = n - 1
        for mm in range(l1, n - 1):
            tst = abs(e[mm])
            if tst == 0.0:
                m = mm
                break
            if tst <= r(r(r(_m.sqrt(abs(d[mm]))) * r(_m.sqrt(abs(d[mm + 1])))) * eps):
                e[mm] = 0.0
                m = mm
                break
        l = l1
        lsv = l
        lend = m
        lendsv = lend
        l1 = m + 1
        if lend == l:
            continue
        anorm = abs(d[lend])
        for i in range(l, lend):
            for v in (abs(d[i]), abs(e[i])):
                if anorm < v or v != v:
                    anorm = v
        iscale = 0
        if anorm == 0.0:
            continue
        if anorm > ssfmax or anorm < ssfmin:
            iscale = 1 if anorm > ssfmax else 2
            target = ssfmax if iscale == 1 else ssfmin
            seg = d[l:lend + 1]
            _lascl(p, anorm, target, seg)
            d[l:lend + 1] = seg
            seg = e[l:lend]
            _lascl(p, anorm, target, seg)
            e[l:lend] = seg
        if abs(d[lend]) < abs(d[l]):
            lend = lsv
            l = lendsv
        if lend > l:  # QL iteration
            while True:
                m = lend
                if l != lend:
                    for mm in range(l, lend):
                        tst = r(abs(e[mm]) * abs(e[mm]))
                        if tst <= r(r(r(eps2 * abs(d[mm])) * abs(d[mm + 1])) + safmin):
                            m = mm
                            break
                if m < lend:
                    e[m] = 0.0
                pp = d[l]
                if m == l:
                    d[l] = pp
                    l += 1
                    if l <= lend:
                        continue
                    break
                if m == l + 1:
                    rt1, rt2, c, s = _laev2(p, d[l], e[l], d[l + 1])
                    _lasr_right(p, z, l, [c], [s], False)
                    d[l] = rt1
                    d[l + 1] = rt2
                    e[l] = 0.0
                    l += 2
                    if l <= lend:
                        continue
                    break
                if jtot == nmaxit:
                    break
                jtot += 1
                g = r(r(d[l + 1] - pp) / r(2.0 * e[l]))
                rr = _lapy2(p, g, 1.0)
                g = r(r(d[m] - pp) + r(e[l] / r(g + _m.copysign(rr, g))))
                s = 1.0
                c = 1.0
                pp = 0.0
                cs = [0.0] * (m - l)
                ss = [0.0] * (m - l)
                for i in range(m - 1, l - 1, -1):
                    f = r(s * e[i])
                    b = r(c * e[i])
                    c, s, rr = _lartg(p, g, f)
                    if i != m - 1:
                        e[i + 1] = rr
                    g = r(d[i + 1] - pp)
                    rr = r(r(r(d[i] - g) * s) + r(r(2.0 * c) * b))
                    pp = r(s * rr)
                    d[i + 1] = r(g + pp)
                    g = r(r(c * rr) - b)
                    cs[i - l] = c
                    ss[i - l] = -s
                _lasr_right(p, z, l, cs, ss, False)
                d[l] = r(d[l] - pp)
                e[l] = g
        else:  # QR iteration
            while True:
                m = lend
                if l != lend:
                    for mm in range(l, lend, -1):
                        tst = r(abs(e[mm - 1]) * abs(e[mm - 1]))
                        if tst <= r(r(r(eps2 * abs(d[mm])) * abs(d[mm - 1])) + safmin):
                            m = mm
                            break
                if m > lend:
                    e[m - 1] = 0.0
                pp = d[l]
                if m == l:
                    d[l] = pp
                    l -= 1
                    if l >= lend:
                        continue
                    break
                if m == l - 1:
                    rt1, rt2, c, s = _laev2(p, d[l - 1], e[l - 1], d[l])
                    _lasr_right(p, z, l - 1, [c], [s], True)
                    d[l - 1] = rt1
                    d[l] = rt2
                    e[l - 1] = 0.0
                    l -= 2
                    if l >= lend:
                        continue
                    break
                if jtot == nmaxit:
                    break
                jtot += 1
                g = r(r(d[l - 1] - pp) / r(2.0 * e[l - 1]))
                rr = _lapy2(p, g, 1.0)
                g = r(r(d[m] - pp) + r(e[l - 1] / r(g + _m.copysign(rr, g))))
                s = 1.0
                c = 1.0
                pp = 0.0
                cs = [0.0] * (l - m)
                ss = [0.0] * (l - m)
                for i in range(m, l):
                    f = r(s * e[i])
                    b = r(c * e[i])
                    c, s, rr = _lartg(p, g, f)
                    if i != m:
                        e[i - 1] = rr
                    g = r(d[i] - pp)
                    rr = r(r(r(d[i + 1] - g) * s) + r(r(2.0 * c) * b))
                    pp = r(s * rr)
                    d[i] = r(g + pp)
                    g = r(r(c * rr) - b)
                    cs[i - m] = c
                    ss[i - m] = s
                _lasr_right(p, z, m, cs, ss, True)
                d[l] = r(d[l] - pp)
                e[l - 1] = g
        if iscale:
            target = ssfmax if iscale == 1 else ssfmin
            seg = d[lsv:lendsv + 1]
            _lascl(p, target, anorm, seg)
            d[lsv:lendsv + 1] = seg
            seg = e[lsv:lendsv]
            _lascl(p, target, anorm, seg)
            e[lsv:lendsv] = seg
        if jtot >= nmaxit:
            return _count_nonzero(e)
    for i in range(n - 1):
        k = i
        pp = d[i]
        for j in range(i + 1, n):
            if d[j] < pp:
                k = j
                pp = d[j]
        if k != i:
            d[k] = d[i]
            d[i] = pp
            for row in z:
                row[i], row[k] = row[k], row[i]
    return 0


def _count_nonzero(e):
    count = 0
    for v in e:
        if v != 0.0:
            count += 1
    return count


def _syevd(p, a, n, lower, vectors):
    # dsyevd for n <= 25: sytd2, steqr on the tridiagonal, then the
    # reflectors applied to its eigenvectors (ormtr). Returns (w, z, info).
    if n == 1:
        return [a[0][0]], [[1.0]], 0
    d, e, taus = _sytd2(p, a, n, lower)
    if not vectors:
        info = _sterf(p, d, e)
        return d, None, info
    z = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    info = _steqr(p, d, e, z)
    if lower:
        for i in range(n - 2, -1, -1):
            v = [1.0] + [a[k][i] for k in range(i + 2, n)]
            _larf_left(p, v, taus[i], z, i + 1, 0, n)
    else:
        for i in range(n - 1):
            v = [a[k][i + 1] for k in range(i)] + [1.0]
            _larf_left(p, v, taus[i], z, 0, 0, n)
    return d, z, info


def _sterf(p, d, e):
    # Root-free QL/QR for eigenvalues only (dsterf, what eigvalsh runs).
    r = p.r
    n = len(d)
    if n <= 1:
        return 0
    eps = p.eps
    eps2 = r(eps * eps)
    safmin = p.safmin
    safmax = r(1.0 / safmin)
    ssfmax = r(r(_m.sqrt(safmax)) / 3.0)
    ssfmin = r(r(_m.sqrt(safmin)) / eps2)
    nmaxit = n * 30
    jtot = 0
    l1 = 0
    while l1 <= n - 1:
        if l1 > 0:
            e[l1 - 1] = 0.0
        m = n - 1
        for mm in range(l1, n - 1):
            if abs(e[mm]) <= r(r(r(_m.sqrt(abs(d[mm]))) * r(_m.sqrt(abs(d[mm + 1])))) * eps):
                e[mm] = 0.0
                m = mm
                break
        l = l1
        lsv = l
        lend = m
        lendsv = lend
        l1 = m + 1
        if lend == l:
            continue
        anorm = abs(d[lend])
        for i in range(l, lend):
            for v in (abs(d[i]), abs(e[i])):
                if anorm < v or v != v:
                    anorm = v
        iscale = 0
        if anorm == 0.0:
            continue
        if anorm > ssfmax or anorm < ssfmin:
            iscale = 1 if anorm > ssfmax else 2
            target = ssfmax if iscale == 1 else ssfmin
            seg = d[l:lend + 1]
            _lascl(p, anorm, target, seg)
            d[l:lend + 1] = seg
            seg = e[l:lend]
            _lascl(p, anorm, target, seg)
            e[l:lend] = seg
        for i in range(l, lend):
            e[i] = r(e[i] * e[i])
        if abs(d[lend]) < abs(d[l]):
            lend = lsv
            l = lendsv
        if lend >= l:
            while True:
                m = lend
                if l != lend:
                    for mm in range(l, lend):
                        if abs(e[mm]) <= r(eps2 * abs(r(d[mm] * d[mm + 1]))):
                            m = mm
                            break
                if m < lend:
                    e[m] = 0.0
                pp = d[l]
                if m == l:
                    d[l] = pp
                    l += 1
                    if l <= lend:
                        continue
                    break
                if m == l + 1:
                    rte = r(_m.sqrt(e[l]))
                    rt1, rt2, _, _ = _laev2(p, d[l], rte, d[l + 1])
                    d[l] = rt1
                    d[l + 1] = rt2
                    e[l] = 0.0
                    l += 2
                    if l <= lend:
                        continue
                    break
                if jtot == nmaxit:
                    break
                jtot += 1
                rte = r(_m.sqrt(e[l]))
                sigma = r(r(d[l + 1] - pp) / r(2.0 * rte))
                rr = _lapy2(p, sigma, 1.0)
                sigma = r(pp - r(rte / r(sigma + _m.copysign(rr, sigma))))
                c = 1.0
                s = 0.0
                gamma = r(d[m] - sigma)
                pp = r(gamma * gamma)
                for i in range(m - 1, l - 1, -1):
                    bb = e[i]
                    rr = r(pp + bb)
                    if i != m - 1:
                        e[i + 1] = r(s * rr)
                    oldc = c
                    c = r(pp / rr)
                    s = r(bb / rr)
                    oldgam = gamma
                    alpha = d[i]
                    gamma = r(r(c * r(alpha - sigma)) - r(s * oldgam))
                    d[i + 1] = r(oldgam + r(alpha - gamma))
                    pp = r(r(gamma * gamma) / c) if c != 0.0 else r(oldc * bb)
                e[l] = r(s * pp)
                d[l] = r(sigma + gamma)
        else:
            while True:
                m = lend
                for mm in range(l, lend, -1):
                    if abs(e[mm - 1]) <= r(eps2 * abs(r(d[mm] * d[mm - 1]))):
                        m = mm
                        break
                if m > lend:
                    e[m - 1] = 0.0
                pp = d[l]
                if m == l:
                    d[l] = pp
                    l -= 1
                    if l >= lend:
                        continue
                    break
                if m == l - 1:
                    rte = r(_m.sqrt(e[l - 1]))
                    rt1, rt2, _, _ = _laev2(p, d[l], rte, d[l - 1])
                    d[l] = rt1
                    d[l - 1] = rt2
                    e[l - 1] = 0.0
                    l -= 2
                    if l >= lend:
                        continue
                    break
                if jtot == nmaxit:
                    break
                jtot += 1
                rte = r(_m.sqrt(e[l - 1]))
                sigma = r(r(d[l - 1] - pp) / r(2.0 * rte))
                rr = _lapy2(p, sigma, 1.0)
                sigma = r(pp - r(rte / r(sigma + _m.copysign(rr, sigma))))
                c = 1.0
                s = 0.0
                gamma = r(d[m] - sigma)
                pp = r(gamma * gamma)
                for i in range(m, l):
                    bb = e[i]
                    rr = r(pp + bb)
                    if i != m:
                        e[i - 1] = r(s * rr)
                    oldc = c
                    c = r(pp / rr)
                    s = r(bb / rr)
                    oldgam = gamma
                    alpha = d[i + 1]
                    gamma = r(r(c * r(alpha - sigma)) - r(s * oldgam))
                    d[i] = r(oldgam + r(alpha - gamma))
                    pp = r(r(gamma * gamma) / c) if c != 0.0 else r(oldc * bb)
                e[l - 1] = r(s * pp)
                d[l] = r(sigma + gamma)
        if iscale:
            target = ssfmax if iscale == 1 else ssfmin
            seg = d[lsv:lendsv + 1]
            _lascl(p, target, anorm, seg)
            d[lsv:lendsv + 1] = seg
        if jtot >= nmaxit:
            return _count_nonzero(e)
    d.sort()
    return 0




# cholesky / qr / eigh / eigvalsh / svd / svdvals / matrix_rank
# Bind (in linalg_prelude): cholesky, cholesky_ex, qr, eigh, eigvalsh, svd, svdvals, matrix_rank,
# LinAlgError = _LinAlgError, and torch.cholesky = _torch_cholesky, torch.qr = _torch_qr,
# torch.svd = _torch_svd, torch.Tensor.cholesky = _torch_cholesky, torch.Tensor.qr = _torch_qr,
# torch.Tensor.svd = _torch_svd.


builtin_sorted = sorted


class _LinAlgError(RuntimeError):
    pass


LinAlgError = _LinAlgError


# torch.return_types.<name>: fields by name or by position.
class _Named:
    def __init__(self, name, fields, values):
        self._name = name
        self._fields = tuple(fields)
        self._values = tuple(values)
        for f, v in zip(fields, values):
            setattr(self, f, v)

    def __getitem__(self, i):
        return self._values[i]

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    def __repr__(self):
        return 'torch.return_types.' + self._name + '(\n' + ',\n'.join(
            f + '=' + repr(v) for f, v in zip(self._fields, self._values)) + ')'


_low_names = {torch.float16: 'Half', torch.bfloat16: 'BFloat16', torch.int64: 'Long', torch.int32: 'Int',
              torch.int16: 'Short', torch.int8: 'Char', torch.uint8: 'Byte', torch.bool: 'Bool'}


def _check_matrix(A, name, square=True, kernel=None):
    # torch's checks: at least 2 dims, square, then a floating dtype (or the
    # kernel's dispatch error).
    if A.dim() < 2:
        raise RuntimeError('linalg.' + name + ': The input tensor A must have at least 2 dimensions.')
    if square and A.shape[-1] != A.shape[-2]:
        raise RuntimeError('linalg.' + name + ': A must be batches of square matrices, but they are ' +
                           str(A.shape[-2]) + ' by ' + str(A.shape[-1]) + ' matrices')
    if kernel is None and A.dtype not in (torch.float32, torch.float64, torch.float16, torch.bfloat16):
        raise RuntimeError('linalg.' + name + ': Expected a floating point or complex tensor as input. Got ' +
                           _low_names[A.dtype])
    if kernel is not None and A.dtype not in (torch.float32, torch.float64):
        raise RuntimeError('"' + kernel + '" not implemented for \'' + _low_names[A.dtype] + "'")


def _low_precision(A, kernel):
    if A.dtype not in (torch.float32, torch.float64):
        raise RuntimeError('"' + kernel + '" not implemented for \'' + _low_names[A.dtype] + "'")


def _batch(A):
    # The matrices of A as lists of rows of Python floats.
    m, n = A.shape[-2], A.shape[-1]
    count = 1
    for s in A.shape[:-2]:
        count *= s
    return A.detach().reshape(count, m, n).double().tolist()


def _tensor_of(lists, shape, dtype):
    return torch.tensor(lists, dtype=torch.float64).reshape(shape).to(dtype)


def _tracked(out, A, name):
    # Results built from Python numbers: give them the grad_fn torch records
    # when A requires grad. standin has no derivative for these: a backward
    # pass that reaches one raises NotImplementedError naming it.
    if A.requires_grad and torch.is_grad_enabled() and A.numel() > 0 and out.numel() > 0:
        torch._record_node(out, '_no_derivative', (A, name), 0, name)
    return out


def _batch_prefix(count, k):
    return '(Batch element ' + str(k) + '): ' if count > 1 else ''


def _cholesky_lists(A, upper):
    p = _Prec(A.dtype == torch.float32)
    n = A.shape[-1]
    mats = _batch(A)
    out = []
    infos = []
    for a in mats:
        info = _potrf2(p, a, 0, n) if n else 0
        for i in range(n):
            for j in range(i + 1, n):
                a[i][j] = 0.0
        if upper:
            a = [[a[j][i] for j in range(n)] for i in range(n)]
        out.append(a)
        infos.append(info)
    return out, infos


# Cholesky: LAPACK's recursive potrf2 (lower); upper=True gives its transpose.
def cholesky_ex(A, *, upper=False, check_errors=False, out=None):
    _check_matrix(A, 'cholesky')
    _low_precision(A, 'cholesky_cpu')
    lists, infos = _cholesky_lists(A, upper)
    if check_errors:
        _cholesky_raise('linalg.cholesky_ex', infos)
    L = _tracked(_tensor_of(lists, A.shape, A.dtype), A, 'LinalgCholeskyExBackward0')
    info = torch.tensor(infos, dtype=torch.int32).reshape(A.shape[:-2])
    return _Named('linalg_cholesky_ex', ('L', 'info'), (L, info))


def _cholesky_raise(name, infos):
    for k, info in enumerate(infos):
        if info:
            raise _LinAlgError(name + ': ' + _batch_prefix(len(infos), k) +
                               'The factorization could not be completed because the input is not positive-definite '
                               '(the leading minor of order ' + str(info) + ' is not positive-definite).')


def cholesky(A, *, upper=False, out=None):
    _check_matrix(A, 'cholesky')
    _low_precision(A, 'cholesky_cpu')
    lists, infos = _cholesky_lists(A, upper)
    _cholesky_raise('linalg.cholesky', infos)
    return _tracked(_tensor_of(lists, A.shape, A.dtype), A, 'LinalgCholeskyExBackward0')


cholesky.__meta__ = lambda A, *, upper=False, out=None: torch.empty(tuple(A.shape), dtype=A.dtype)


def _torch_cholesky(A, upper=False, *, out=None):
    _check_matrix(A, 'cholesky')
    _low_precision(A, 'cholesky_cpu')
    lists, infos = _cholesky_lists(A, upper)
    _cholesky_raise('cholesky', infos)
    return _tracked(_tensor_of(lists, A.shape, A.dtype), A, 'CholeskyBackward0')


# QR: Householder geqr2 (R's diagonal takes the sign opposite to the column's
# leading entry, LAPACK's convention), Q from org2r.
def _qr_parts(A, mode):
    if mode not in ('reduced', 'complete', 'r'):
        raise RuntimeError("qr received unrecognized mode '" + str(mode) +
                           "' but expected one of 'reduced' (default), 'r', or 'complete'")
    _check_matrix(A, 'qr', square=False)
    _low_precision(A, 'geqrf_cpu')
    p = _Prec(A.dtype == torch.float32)
    m, n = A.shape[-2], A.shape[-1]
    k = builtin_min(m, n)
    qcols = m if mode == 'complete' else k
    rrows = m if mode == 'complete' else k
    batch = tuple(A.shape[:-2])
    qs, rs = [], []
    for a in _batch(A):
        taus = _geqr2(p, a, m, n)
        rs.append([[a[i][j] if j >= i else 0.0 for j in range(n)] for i in range(rrows)])
        if mode != 'r':
            q = [[a[i][j] if j < n else 0.0 for j in range(qcols)] for i in range(m)]
            _org2r(p, q, m, qcols, k, taus)
            qs.append(q)
    R = _tracked(_tensor_of(rs, batch + (rrows, n), A.dtype), A, 'LinalgQrBackward0')
    if mode == 'r':
        Q = torch.zeros(0, dtype=A.dtype)
    else:
        Q = _tracked(_tensor_of(qs, batch + (m, qcols), A.dtype), A, 'LinalgQrBackward0')
    return Q, R


def qr(A, mode='reduced', *, out=None):
    Q, R = _qr_parts(A, mode)
    return _Named('linalg_qr', ('Q', 'R'), (Q, R))


def _torch_qr(A, some=True, *, out=None):
    Q, R = _qr_parts(A, 'reduced' if some else 'complete')
    return _Named('qr', ('Q', 'R'), (Q, R))


# eigh: LAPACK's syevd as it runs for n <= 25: sytd2 to tridiagonal form,
# implicit QL/QR (steqr) with the rotations accumulated, ascending
# eigenvalues, the reflectors then applied to the eigenvectors; eigvalsh runs
# the root-free sterf instead, as LAPACK does for eigenvalues only. (Larger
# matrices take the same path here, where LAPACK switches to divide and
# conquer: values agree to rounding, vector signs may not.)
def _eigh_parts(A, UPLO, vectors, name):
    _check_matrix(A, name, kernel='linalg_eigh_cpu')
    if UPLO not in ('L', 'U'):
        raise RuntimeError("Expected UPLO argument to be 'L' or 'U', but got " + str(UPLO))
    p = _Prec(A.dtype == torch.float32)
    n = A.shape[-1]
    batch = tuple(A.shape[:-2])
    ws, zs = [], []
    for a in _batch(A):
        if _has_nan(a):
            ws.append([float('nan')] * n)
            zs.append([[float('nan')] * n for _ in range(n)])
            continue
        if n == 0:
            ws.append([])
            zs.append([])
            continue
        w, z, info = _syevd(p, a, n, UPLO == 'L', vectors)
        if info:
            raise _LinAlgError('linalg.' + name + ': The algorithm failed to converge because the input matrix is '
                               'ill-conditioned or has too many repeated eigenvalues (error code: ' + str(info) + ').')
        ws.append(w)
        zs.append(z)
    W = _tracked(_tensor_of(ws, batch + (n,), A.dtype), A, 'LinalgEighBackward0')
    if not vectors:
        return W, None
    return W, _tracked(_tensor_of(zs, batch + (n, n), A.dtype), A, 'LinalgEighBackward0')


def _has_nan(a):
    for row in a:
        for v in row:
            if v != v:
                return True
    return False


def eigh(A, UPLO='L', *, out=None):
    W, Z = _eigh_parts(A, UPLO, True, 'eigh')
    return _Named('linalg_eigh', ('eigenvalues', 'eigenvectors'), (W, Z))


def eigvalsh(A, UPLO='L', *, out=None):
    return _eigh_parts(A, UPLO, False, 'eigvalsh')[0]


def _jacobi_svd(a, m, n):
    # One-sided Jacobi (Hestenes) in double precision, for m >= n: returns
    # (U columns, singular values, V columns), sorted descending.
    u = [[a[i][j] for i in range(m)] for j in range(n)]  # columns
    v = [[1.0 if i == j else 0.0 for i in range(n)] for j in range(n)]
    for _ in range(80):
        rotated = False
        for p in range(n - 1):
            for q in range(p + 1, n):
                up, uq = u[p], u[q]
                alpha = beta = gamma = 0.0
                for i in range(m):
                    alpha += up[i] * up[i]
                    beta += uq[i] * uq[i]
                    gamma += up[i] * uq[i]
                if gamma == 0.0 or abs(gamma) <= 1e-17 * _m.sqrt(alpha * beta):
                    continue
                rotated = True
                zeta = (beta - alpha) / (2.0 * gamma)
                t = _m.copysign(1.0, zeta) / (abs(zeta) + _m.sqrt(1.0 + zeta * zeta))
                c = 1.0 / _m.sqrt(1.0 + t * t)
                s = c * t
                for vec in (u, v):
                    xp, xq = vec[p], vec[q]
                    for i in range(len(xp)):
                        x, y = xp[i], xq[i]
                        xp[i] = c * x - s * y
                        xq[i] = s * x + c * y
        if not rotated:
            break
    sv = [_m.sqrt(sum(x * x for x in col)) for col in u]
    order = builtin_sorted(range(n), key=lambda j: -sv[j])
    us, ss, vs = [], [], []
    for j in order:
        s = sv[j]
        us.append([x / s for x in u[j]] if s > 0.0 else [0.0] * m)
        ss.append(s)
        vs.append(v[j])
    # torch's LAPACK (gesdd) fixes each pair's sign its own way; standin makes
    # the largest entry of each right singular vector negative (as gesdd's
    # often is for matrices of positive entries).
    for j in range(n):
        big = builtin_max(range(n), key=lambda i: abs(vs[j][i])) if n else 0
        if vs[j][big] > 0.0:
            vs[j] = [-x for x in vs[j]]
            us[j] = [-x for x in us[j]]
    return us, ss, vs


def _complete_basis(us, m):
    # Orthonormal columns extended to a basis of R^m (Householder QR of them).
    k = len(us)
    p = _Prec(False)
    a = [[us[j][i] for j in range(k)] for i in range(m)]
    taus = _geqr2(p, a, m, k)
    q = [[a[i][j] if j < k else 0.0 for j in range(m)] for i in range(m)]
    _org2r(p, q, m, m, k, taus)
    for j in range(k, m):
        us.append([q[i][j] for i in range(m)])
    return us


def _svd_parts(A, full_matrices, compute_uv, name):
    _check_matrix(A, name, square=False)
    _low_precision(A, 'linalg_svd_cpu')
    m, n = A.shape[-2], A.shape[-1]
    k = builtin_min(m, n)
    batch = tuple(A.shape[:-2])
    Us, Ss, Vs = [], [], []
    for a in _batch(A):
        if m >= n:
            us, ss, vs = _jacobi_svd(a, m, n)
        else:
            at = [[a[i][j] for i in range(m)] for j in range(n)]
            vs, ss, us = _jacobi_svd(at, n, m)
        Ss.append(ss)
        if compute_uv:
            if full_matrices:
                us = _complete_basis(us, m)
                vs = _complete_basis(vs, n)
            Us.append([[us[j][i] for j in range(len(us))] for i in range(m)])
            Vs.append([list(vs[j]) for j in range(len(vs))])  # rows of Vh
    S = _tracked(_tensor_of(Ss, batch + (k,), A.dtype), A, 'LinalgSvdBackward0')
    if not compute_uv:
        return None, S, None
    ucols = m if full_matrices else k
    vrows = n if full_matrices else k
    U = _tracked(_tensor_of(Us, batch + (m, ucols), A.dtype), A, 'LinalgSvdBackward0')
    Vh = _tracked(_tensor_of(Vs, batch + (vrows, n), A.dtype), A, 'LinalgSvdBackward0')
    return U, S, Vh


# svd / svdvals: singular values computed in double precision and rounded
# (torch's LAPACK gesdd agrees to rounding); the singular vectors' signs are
# standin's (see _jacobi_svd), not gesdd's.
def svd(A, full_matrices=True, *, driver=None, out=None):
    U, S, Vh = _svd_parts(A, full_matrices, True, 'svd')
    return _Named('linalg_svd', ('U', 'S', 'Vh'), (U, S, Vh))


def svdvals(A, *, driver=None, out=None):
    return _svd_parts(A, False, False, 'svd')[1]


def _torch_svd(A, some=True, compute_uv=True, *, out=None):
    U, S, Vh = _svd_parts(A, not some, True, 'svd')
    V = Vh.transpose(-2, -1)
    if not compute_uv:  # zero-filled, full size
        m, n = A.shape[-2], A.shape[-1]
        U = torch.zeros(tuple(A.shape[:-2]) + (m, m), dtype=A.dtype)
        V = torch.zeros(tuple(A.shape[:-2]) + (n, n), dtype=A.dtype)
    return _Named('svd', ('U', 'S', 'V'), (U, S, V))


# matrix_rank: the singular values (|eigenvalues| when hermitian) above
# max(atol, rtol * largest), rtol defaulting to eps * max(m, n) when neither
# tolerance is given (0 when only atol is).
def matrix_rank(A, tol=None, hermitian=False, *, atol=None, rtol=None, out=None):
    if A.dtype not in (torch.float32, torch.float64):
        raise RuntimeError("This function doesn't handle types other than float and double")
    if tol is not None:
        atol, rtol = tol, 0.0
    if hermitian:
        S = eigvalsh(A).abs()
    else:
        S = svdvals(A)
    m, n = A.shape[-2], A.shape[-1]
    if rtol is None:
        eps = 1.1920928955078125e-07 if A.dtype == torch.float32 else 2.220446049250313e-16
        rtol = eps * builtin_max(m, n) if atol is None or (not isinstance(atol, torch.Tensor) and atol == 0) else 0.0
    if atol is None:
        atol = 0.0
    smax = S.amax(-1, keepdim=True) if S.shape[-1] else torch.zeros(S.shape[:-1] + (1,), dtype=S.dtype)
    bound = torch.maximum(torch.full_like(smax, atol) if not isinstance(atol, torch.Tensor) else atol.unsqueeze(-1),
                          smax * rtol)
    return (S > bound).sum(-1)


torch.cholesky = _torch_cholesky
torch.qr = _torch_qr
torch.svd = _torch_svd
torch.Tensor.cholesky = _torch_cholesky
torch.Tensor.qr = _torch_qr
torch.Tensor.svd = _torch_svd
)PY";

inline constexpr std::string_view special_prelude = R"PY(
expit = torch.sigmoid
logit = torch.logit
erf = torch.erf
log1p = torch.log1p
expm1 = torch.expm1
xlogy = torch.xlogy
softmax = torch.softmax
log_softmax = torch.log_softmax
logsumexp = torch.logsumexp
round = torch.round
gammaln = torch.lgamma
polygamma = torch.polygamma
digamma = torch.digamma
psi = torch.digamma
erfinv = torch.erfinv
erfc = torch.erfc


def ndtr(input):
    return (1 + torch.erf(input * 0.7071067811865476)) * 0.5  # torch 1.13's calc_ndtr


def entr(input):
    return torch.where(input > 0, -input * torch.log(input),
                       torch.where(input == 0, torch.zeros_like(input), torch.full_like(input, -float('inf'))))


def exp2(input):
    return 2.0 ** input


def sinc(input):
    x = input * 3.141592653589793
    return torch.where(input == 0, torch.ones_like(x), torch.sin(x) / x)


torch.sinc = sinc
torch.Tensor.sinc = sinc
)PY";

inline constexpr std::string_view backends_prelude = R"PY(
class _Flags:
    def __init__(self, **flags):
        for k, v in flags.items():
            setattr(self, k, v)

    def is_available(self):
        return False

    def is_built(self):
        return False


cuda = _Flags(matmul=_Flags(allow_tf32=False, allow_fp16_reduced_precision_reduction=True))
mps = _Flags()
mkldnn = _Flags(enabled=True)
)PY";

// torch.backends.cudnn, a module (import torch.backends.cudnn as cudnn).
inline constexpr std::string_view cudnn_prelude = R"PY(
enabled = True
benchmark = False
deterministic = False
allow_tf32 = True


def is_available():
    return False


def version():
    return None
)PY";

// The import paths model files use for torch.nn's names (from
// torch.nn.modules.batchnorm import _BatchNorm, from torch.nn.parameter
// import Parameter): each module holds every name torch.nn has.
inline constexpr std::string_view nn_alias_prelude = R"PY(
torch.nn.Fold  # the layers that compile on first use, too
for _k, _v in list(torch.nn.__dict__.items()):
    if not _k.startswith('__'):
        globals()[_k] = _v
)PY";

// torch.distributions: Normal, Bernoulli, Categorical, Uniform, Laplace, LogNormal, Independent
// and kl_divergence between them, with torch 1.13's formulas (log_prob,
// entropy, cdf, icdf, mean, variance), parameter validation and reprs.
// Sampling draws from standin's seeded stream, not torch's.
// Counterpart: torch/distributions/{distribution,normal,bernoulli,
// categorical,uniform,independent,kl,utils,constraints}.py.
inline constexpr std::string_view distributions_prelude = R"PY(
import math


class _Constraint:
    is_discrete = False
    event_dim = 0

    def __repr__(self):
        return type(self).__name__[1:] + '()'


class _Real(_Constraint):
    def check(self, value):
        return value == value


class _GreaterThan(_Constraint):
    def __init__(self, lower_bound):
        self.lower_bound = lower_bound

    def check(self, value):
        return self.lower_bound < value

    def __repr__(self):
        return 'GreaterThan(lower_bound=' + str(self.lower_bound) + ')'


class _Interval(_Constraint):
    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def check(self, value):
        return (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self):
        return 'Interval(lower_bound=' + str(self.lower_bound) + ', upper_bound=' + str(self.upper_bound) + ')'


class _Simplex(_Constraint):
    event_dim = 1

    def check(self, value):
        return torch.all(value >= 0, dim=-1) & ((value.sum(-1) - 1).abs() < 1e-6)


class _Boolean(_Constraint):
    is_discrete = True

    def check(self, value):
        return (value == 0) | (value == 1)


class _Independent(_Constraint):
    def __init__(self, base, reinterpreted_batch_ndims):
        self.base_constraint = base
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims
        self.event_dim = base.event_dim + reinterpreted_batch_ndims

    def check(self, value):
        result = self.base_constraint.check(value)
        if result.dim() < self.reinterpreted_batch_ndims:
            raise ValueError('Expected value.dim() >= ' + str(self.reinterpreted_batch_ndims) + ' but got ' + str(value.dim()))
        return result.reshape(result.shape[:result.dim() - self.reinterpreted_batch_ndims] + (-1,)).all(-1)

    def __repr__(self):
        return 'IndependentConstraint(' + repr(self.base_constraint) + ', ' + str(self.reinterpreted_batch_ndims) + ')'


class _IntegerInterval(_Constraint):
    is_discrete = True

    def __init__(self, lower_bound, upper_bound):
        self.lower_bound = lower_bound
        self.upper_bound = upper_bound

    def check(self, value):
        return (value % 1 == 0) & (self.lower_bound <= value) & (value <= self.upper_bound)

    def __repr__(self):
        return 'IntegerInterval(lower_bound=' + str(self.lower_bound) + ', upper_bound=' + str(self.upper_bound) + ')'


class _Dependent(_Constraint):
    def check(self, value):
        raise ValueError('Cannot determine validity of dependent constraint')


class constraints:
    real = _Real()
    positive = _GreaterThan(0.0)
    unit_interval = _Interval(0.0, 1.0)
    simplex = _Simplex()
    boolean = _Boolean()
    dependent = _Dependent()

    @staticmethod
    def independent(base, n):
        return _Independent(base, n)

    @staticmethod
    def integer_interval(lo, hi):
        return _IntegerInterval(lo, hi)

    @staticmethod
    def interval(lo, hi):
        return _Interval(lo, hi)

    @staticmethod
    def greater_than(lo):
        return _GreaterThan(lo)


def broadcast_all(*values):
    if not all(isinstance(v, (torch.Tensor, int, float)) for v in values):
        raise ValueError('Input arguments must all be instances of numbers.Number, torch.Tensor or objects '
                         'implementing __torch_function__.')
    if not all(isinstance(v, torch.Tensor) for v in values):
        like = None
        for v in values:
            if isinstance(v, torch.Tensor):
                like = v
                break
        dtype = like.dtype if like is not None else torch.get_default_dtype()
        values = [v if isinstance(v, torch.Tensor) else torch.tensor(v, dtype=dtype) for v in values]
    return torch.broadcast_tensors(*values)


def _sum_rightmost(value, dim):
    if dim == 0:
        return value
    return value.reshape(value.shape[:value.dim() - dim] + (-1,)).sum(-1)


def clamp_probs(probs):
    eps = torch.finfo(probs.dtype).eps
    return probs.clamp(min=eps, max=1 - eps)


def logits_to_probs(logits, is_binary=False):
    if is_binary:
        return torch.sigmoid(logits)
    return torch.nn.functional.softmax(logits, dim=-1)


def probs_to_logits(probs, is_binary=False):
    ps_clamped = clamp_probs(probs)
    if is_binary:
        return torch.log(ps_clamped) - torch.log1p(-ps_clamped)
    return torch.log(ps_clamped)


class Distribution:
    has_rsample = False
    has_enumerate_support = False
    _validate_args = True
    arg_constraints = {}
    support = None

    @staticmethod
    def set_default_validate_args(value):
        if value not in [True, False]:
            raise ValueError
        Distribution._validate_args = value

    def __init__(self, batch_shape=torch.Size(), event_shape=torch.Size(), validate_args=None):
        self._batch_shape = torch.Size(batch_shape)
        self._event_shape = torch.Size(event_shape)
        if validate_args is not None:
            self._validate_args = validate_args
        if self._validate_args:
            for param, constraint in type(self).arg_constraints.items():
                if isinstance(constraint, _Dependent):
                    continue
                value = self._param_value(param)
                if value is None:  # a lazy one not computed yet (Categorical's probs from logits)
                    continue
                valid = constraint.check(value)
                if not valid.all():
                    raise ValueError('Expected parameter ' + param + ' (' + type(value).__name__ + ' of shape ' +
                                     str(tuple(value.shape)) + ') of distribution ' + repr(self) +
                                     ' to satisfy the constraint ' + repr(constraint) +
                                     ', but found invalid values:\n' + str(value))

    @property
    def batch_shape(self):
        return self._batch_shape

    @property
    def event_shape(self):
        return self._event_shape

    @property
    def mode(self):
        raise NotImplementedError(type(self).__name__ + ' does not implement mode')

    @property
    def stddev(self):
        return self.variance.sqrt()

    def _extended_shape(self, sample_shape=torch.Size()):
        return torch.Size(tuple(sample_shape) + tuple(self._batch_shape) + tuple(self._event_shape))

    def sample(self, sample_shape=torch.Size()):
        with torch.no_grad():
            return self.rsample(sample_shape)

    def rsample(self, sample_shape=torch.Size()):
        raise NotImplementedError

    def sample_n(self, n):
        return self.sample(torch.Size((n,)))

    def perplexity(self):
        return torch.exp(self.entropy())

    def _validate_sample(self, value):
        if not isinstance(value, torch.Tensor):
            raise ValueError('The value argument to log_prob must be a Tensor')
        event_dim_start = len(value.size()) - len(self._event_shape)
        if value.size()[event_dim_start:] != self._event_shape:
            raise ValueError('The right-most size of value must match event_shape: ' + str(value.size()) + ' vs ' +
                             str(self._event_shape) + '.')
        actual_shape = value.size()
        expected_shape = self._batch_shape + self._event_shape
        for i, j in zip(reversed(actual_shape), reversed(expected_shape)):
            if i != 1 and j != 1 and i != j:
                raise ValueError('Value is not broadcastable with batch_shape+event_shape: ' + str(actual_shape) +
                                 ' vs ' + str(expected_shape) + '.')
        support = self.support
        valid = support.check(value)
        if not valid.all():
            raise ValueError('Expected value argument (' + type(value).__name__ + ' of shape ' + str(tuple(value.shape)) +
                             ') to be within the support (' + repr(support) + ') of the distribution ' + repr(self) +
                             ', but found invalid values:\n' + str(value))

    # A parameter's value if it is set (torch: if it is in __dict__), else None.
    def _param_value(self, name):
        return getattr(self, name, None)

    def __repr__(self):
        parts = []
        for p in type(self).arg_constraints:
            v = self._param_value(p)
            if v is None:
                continue
            # torch formats with '{}': a 0-d tensor formats as its number.
            parts.append(p + ': ' + str(v.item() if v.dim() == 0 else v if v.numel() == 1 else v.size()))
        return type(self).__name__ + '(' + ', '.join(parts) + ')'


class ExponentialFamily(Distribution):
    pass


# What Normal and Laplace share: a real location and a positive scale,
# broadcast together, the location as mean and mode.
class _LocScale(Distribution):
    arg_constraints = {'loc': constraints.real, 'scale': constraints.positive}
    support = constraints.real
    has_rsample = True

    @property
    def mean(self):
        return self.loc

    @property
    def mode(self):
        return self.loc

    def __init__(self, loc, scale, validate_args=None):
        self.loc, self.scale = broadcast_all(loc, scale)
        super().__init__(self.loc.size(), validate_args=validate_args)

    def expand(self, batch_shape):
        return type(self)(self.loc.expand(batch_shape), self.scale.expand(batch_shape), validate_args=False)


class Normal(_LocScale, ExponentialFamily):
    @property
    def stddev(self):
        return self.scale

    @property
    def variance(self):
        return self.stddev.pow(2)

    def sample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            return torch.normal(self.loc.expand(shape), self.scale.expand(shape))

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        eps = torch.randn(shape, dtype=self.loc.dtype)
        return self.loc + eps * self.scale

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        var = self.scale ** 2
        log_scale = self.scale.log()
        return -((value - self.loc) ** 2) / (2 * var) - log_scale - math.log(math.sqrt(2 * math.pi))

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 * (1 + torch.erf((value - self.loc) * self.scale.reciprocal() / math.sqrt(2)))

    def icdf(self, value):
        return self.loc + self.scale * torch.erfinv(2 * value - 1) * math.sqrt(2)

    def entropy(self):
        return 0.5 + 0.5 * math.log(2 * math.pi) + torch.log(self.scale)


class Bernoulli(ExponentialFamily):
    arg_constraints = {'probs': constraints.unit_interval, 'logits': constraints.real}
    support = constraints.boolean
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError('Either `probs` or `logits` must be specified, but not both.')
        self._probs = None
        self._logits = None
        if probs is not None:
            is_scalar = not isinstance(probs, torch.Tensor)
            self._probs, = broadcast_all(probs)
        else:
            is_scalar = not isinstance(logits, torch.Tensor)
            self._logits, = broadcast_all(logits)
        self._param = self._probs if probs is not None else self._logits
        batch_shape = torch.Size() if is_scalar else self._param.size()
        super().__init__(batch_shape, validate_args=validate_args)

    def _param_value(self, name):
        return self._probs if name == 'probs' else self._logits

    @property
    def probs(self):  # torch's lazy_property
        if self._probs is None:
            self._probs = logits_to_probs(self._logits, is_binary=True)
        return self._probs

    @property
    def logits(self):
        if self._logits is None:
            self._logits = probs_to_logits(self._probs, is_binary=True)
        return self._logits

    @property
    def mean(self):
        return self.probs

    @property
    def mode(self):
        mode = (self.probs >= 0.5).to(self.probs)
        mode[self.probs == 0.5] = float('nan')
        return mode

    @property
    def variance(self):
        return self.probs * (1 - self.probs)

    @property
    def param_shape(self):
        return self._param.size()

    def sample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        with torch.no_grad():
            return torch.bernoulli(self.probs.expand(shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        logits, value = broadcast_all(self.logits, value)
        return -torch.nn.functional.binary_cross_entropy_with_logits(logits, value, reduction='none')

    def entropy(self):
        return torch.nn.functional.binary_cross_entropy_with_logits(self.logits, self.probs, reduction='none')

    def enumerate_support(self, expand=True):
        values = torch.arange(2, dtype=self._param.dtype)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + tuple(self._batch_shape))
        return values


class Categorical(Distribution):
    arg_constraints = {'probs': constraints.simplex, 'logits': constraints.independent(constraints.real, 1)}
    has_enumerate_support = True

    def __init__(self, probs=None, logits=None, validate_args=None):
        if (probs is None) == (logits is None):
            raise ValueError('Either `probs` or `logits` must be specified, but not both.')
        self._probs = None
        self._logits = None
        if probs is not None:
            if probs.dim() < 1:
                raise ValueError('`probs` parameter must be at least one-dimensional.')
            self._probs = probs / probs.sum(-1, keepdim=True)
        else:
            if logits.dim() < 1:
                raise ValueError('`logits` parameter must be at least one-dimensional.')
            self._logits = logits - logits.logsumexp(dim=-1, keepdim=True)
        self._param = self._probs if probs is not None else self._logits
        self._num_events = self._param.size()[-1]
        batch_shape = self._param.size()[:-1] if self._param.dim() > 1 else torch.Size()
        super().__init__(batch_shape, validate_args=validate_args)

    def _param_value(self, name):
        return self._probs if name == 'probs' else self._logits

    @property
    def probs(self):  # torch's lazy_property
        if self._probs is None:
            self._probs = logits_to_probs(self._logits)
        return self._probs

    @property
    def logits(self):
        if self._logits is None:
            self._logits = probs_to_logits(self._probs)
        return self._logits

    @property
    def support(self):
        return constraints.integer_interval(0, self._num_events - 1)

    @property
    def param_shape(self):
        return self._param.size()

    @property
    def mean(self):
        return torch.full(self._extended_shape(), float('nan'), dtype=self.probs.dtype)

    @property
    def mode(self):
        return self.probs.argmax(dim=-1)

    @property
    def variance(self):
        return torch.full(self._extended_shape(), float('nan'), dtype=self.probs.dtype)

    def sample(self, sample_shape=torch.Size()):
        if not isinstance(sample_shape, torch.Size):
            sample_shape = torch.Size(sample_shape)
        probs_2d = self.probs.reshape(-1, self._num_events)
        with torch.no_grad():
            samples_2d = torch.multinomial(probs_2d, sample_shape.numel(), True).T
        return samples_2d.reshape(self._extended_shape(sample_shape))

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        value = value.long().unsqueeze(-1)
        value, log_pmf = torch.broadcast_tensors(value, self.logits)
        value = value[..., :1]
        return log_pmf.gather(-1, value).squeeze(-1)

    def entropy(self):
        min_real = torch.finfo(self.logits.dtype).min
        logits = torch.clamp(self.logits, min=min_real)
        p_log_p = logits * self.probs
        return -p_log_p.sum(-1)

    def enumerate_support(self, expand=True):
        values = torch.arange(self._num_events, dtype=torch.long)
        values = values.view((-1,) + (1,) * len(self._batch_shape))
        if expand:
            values = values.expand((-1,) + tuple(self._batch_shape))
        return values


class OneHotCategorical(Distribution):
    arg_constraints = {'probs': constraints.simplex, 'logits': constraints.independent(constraints.real, 1)}

    def __init__(self, probs=None, logits=None, validate_args=None):
        self._categorical = Categorical(probs, logits)
        super().__init__(self._categorical.batch_shape, self._categorical.param_shape[-1:], validate_args=validate_args)

    @property
    def probs(self):
        return self._categorical.probs

    @property
    def logits(self):
        return self._categorical.logits

    @property
    def mean(self):
        return self._categorical.probs

    def sample(self, sample_shape=torch.Size()):
        indices = self._categorical.sample(sample_shape)
        return torch.nn.functional.one_hot(indices, self._categorical._num_events).to(self.probs)

    def log_prob(self, value):
        indices = value.max(-1)[1]
        return self._categorical.log_prob(indices)

    def entropy(self):
        return self._categorical.entropy()


class Uniform(Distribution):
    arg_constraints = {'low': constraints.dependent, 'high': constraints.dependent}
    has_rsample = True

    def __init__(self, low, high, validate_args=None):
        self.low, self.high = broadcast_all(low, high)
        batch_shape = self.low.size()
        super().__init__(batch_shape, validate_args=validate_args)
        if self._validate_args and not torch.lt(self.low, self.high).all():
            raise ValueError('Expected parameter low (Tensor of shape ' + str(tuple(self.low.shape)) +
                             ') of distribution ' + repr(self) + ' to satisfy the constraint LessThan(upper_bound=' +
                             str(self.high) + '), but found invalid values:\n' + str(self.low))

    @property
    def support(self):
        return constraints.interval(self.low, self.high)

    @property
    def mean(self):
        return (self.high + self.low) / 2

    @property
    def mode(self):
        return float('nan') * self.high

    @property
    def stddev(self):
        return (self.high - self.low) / 12 ** 0.5

    @property
    def variance(self):
        return (self.high - self.low).pow(2) / 12

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        rand = torch.rand(shape, dtype=self.low.dtype)
        return self.low + rand * (self.high - self.low)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        lb = self.low.le(value).type_as(self.low)
        ub = self.high.gt(value).type_as(self.low)
        return torch.log(lb.mul(ub)) - torch.log(self.high - self.low)

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        result = (value - self.low) / (self.high - self.low)
        return result.clamp(min=0, max=1)

    def icdf(self, value):
        return value * (self.high - self.low) + self.low

    def entropy(self):
        return torch.log(self.high - self.low)


class Laplace(_LocScale):
    @property
    def variance(self):
        return 2 * self.scale.pow(2)

    @property
    def stddev(self):
        return (2 ** 0.5) * self.scale

    def rsample(self, sample_shape=torch.Size()):
        shape = self._extended_shape(sample_shape)
        eps = torch.finfo(self.loc.dtype).eps
        u = torch.rand(shape, dtype=self.loc.dtype) * (2 - 2 * eps) - (1 - eps)
        return self.loc - self.scale * u.sign() * torch.log1p(-u.abs())

    def sample(self, sample_shape=torch.Size()):
        with torch.no_grad():
            return self.rsample(sample_shape)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return -torch.log(2 * self.scale) - torch.abs(value - self.loc) / self.scale

    def cdf(self, value):
        if self._validate_args:
            self._validate_sample(value)
        return 0.5 - 0.5 * (value - self.loc).sign() * torch.expm1(-(value - self.loc).abs() / self.scale)

    def icdf(self, value):
        term = value - 0.5
        return self.loc - self.scale * term.sign() * torch.log1p(-2 * term.abs())

    def entropy(self):
        return 1 + torch.log(2 * self.scale)


# torch's LogNormal is TransformedDistribution(Normal(loc, scale), ExpTransform()):
# the same figures, computed directly.
class LogNormal(Distribution):
    arg_constraints = {'loc': constraints.real, 'scale': constraints.positive}
    support = constraints.positive
    has_rsample = True

    def __init__(self, loc, scale, validate_args=None):
        self.base_dist = Normal(loc, scale, validate_args=validate_args)
        super().__init__(self.base_dist.batch_shape, validate_args=validate_args)

    @property
    def loc(self):
        return self.base_dist.loc

    @property
    def scale(self):
        return self.base_dist.scale

    @property
    def mean(self):
        return (self.loc + self.scale.pow(2) / 2).exp()

    @property
    def mode(self):
        return (self.loc - self.scale.square()).exp()

    @property
    def variance(self):
        scale_sq = self.scale.pow(2)
        return scale_sq.expm1() * (2 * self.loc + scale_sq).exp()

    def expand(self, batch_shape):
        return LogNormal(self.loc.expand(batch_shape), self.scale.expand(batch_shape), validate_args=False)

    def rsample(self, sample_shape=torch.Size()):
        return self.base_dist.rsample(sample_shape).exp()

    def sample(self, sample_shape=torch.Size()):
        with torch.no_grad():
            return self.rsample(sample_shape)

    def log_prob(self, value):
        if self._validate_args:
            self._validate_sample(value)
        y = value.log()
        return self.base_dist.log_prob(y) - y

    def cdf(self, value):
        return self.base_dist.cdf(value.log())

    def icdf(self, value):
        return self.base_dist.icdf(value).exp()

    def entropy(self):
        return self.base_dist.entropy() + self.loc


class Independent(Distribution):
    arg_constraints = {}

    def __init__(self, base_distribution, reinterpreted_batch_ndims, validate_args=None):
        if reinterpreted_batch_ndims > len(base_distribution.batch_shape):
            raise ValueError('Expected reinterpreted_batch_ndims <= len(base_distribution.batch_shape), actual ' +
                             str(reinterpreted_batch_ndims) + ' vs ' + str(len(base_distribution.batch_shape)))
        shape = tuple(base_distribution.batch_shape) + tuple(base_distribution.event_shape)
        event_dim = reinterpreted_batch_ndims + len(base_distribution.event_shape)
        batch_shape = shape[:len(shape) - event_dim]
        event_shape = shape[len(shape) - event_dim:]
        self.base_dist = base_distribution
        self.reinterpreted_batch_ndims = reinterpreted_batch_ndims
        super().__init__(batch_shape, event_shape, validate_args=validate_args)

    @property
    def has_rsample(self):
        return self.base_dist.has_rsample

    @property
    def support(self):
        return constraints.independent(self.base_dist.support, self.reinterpreted_batch_ndims)

    @property
    def mean(self):
        return self.base_dist.mean

    @property
    def mode(self):
        return self.base_dist.mode

    @property
    def variance(self):
        return self.base_dist.variance

    def sample(self, sample_shape=torch.Size()):
        return self.base_dist.sample(sample_shape)

    def rsample(self, sample_shape=torch.Size()):
        return self.base_dist.rsample(sample_shape)

    def log_prob(self, value):
        return _sum_rightmost(self.base_dist.log_prob(value), self.reinterpreted_batch_ndims)

    def entropy(self):
        return _sum_rightmost(self.base_dist.entropy(), self.reinterpreted_batch_ndims)

    def __repr__(self):
        return type(self).__name__ + '(' + repr(self.base_dist) + ', ' + str(self.reinterpreted_batch_ndims) + ')'


def _kl_normal_normal(p, q):
    var_ratio = (p.scale / q.scale).pow(2)
    t1 = ((p.loc - q.loc) / q.scale).pow(2)
    return 0.5 * (var_ratio + t1 - 1 - var_ratio.log())


def _kl_categorical_categorical(p, q):
    t = p.probs * (p.logits - q.logits)
    t[(q.probs == 0).expand_as(t)] = float('inf')
    t[(p.probs == 0).expand_as(t)] = 0
    return t.sum(-1)


def _kl_bernoulli_bernoulli(p, q):
    softplus = torch.nn.functional.softplus
    t1 = p.probs * (softplus(-q.logits) - softplus(-p.logits))
    t1[q.probs == 0] = float('inf')
    t1[p.probs == 0] = 0
    t2 = (1 - p.probs) * (softplus(q.logits) - softplus(p.logits))
    t2[q.probs == 1] = float('inf')
    t2[p.probs == 1] = 0
    return t1 + t2


def _kl_uniform_uniform(p, q):
    result = ((q.high - q.low) / (p.high - p.low)).log()
    result[(q.low > p.low) | (q.high < p.high)] = float('inf')
    return result


def _kl_independent_independent(p, q):
    if p.reinterpreted_batch_ndims != q.reinterpreted_batch_ndims:
        raise NotImplementedError
    result = kl_divergence(p.base_dist, q.base_dist)
    return _sum_rightmost(result, p.reinterpreted_batch_ndims)


_KL_REGISTRY = []  # ((type_p, type_q), fun): a list, so a trace can read it


def register_kl(type_p, type_q):
    def decorator(fun):
        _KL_REGISTRY.insert(0, ((type_p, type_q), fun))
        return fun
    return decorator


def kl_divergence(p, q):
    for (tp, tq), fun in _KL_REGISTRY:
        if isinstance(p, tp) and isinstance(q, tq):
            return fun(p, q)
    if isinstance(p, ExponentialFamily) and isinstance(q, ExponentialFamily) and type(p) != type(q):
        raise NotImplementedError('The cross KL-divergence between different exponential families cannot' +
                                  ' ' * 29 + 'be computed using Bregman divergences')
    raise NotImplementedError('No KL(p || q) is implemented for p type ' + type(p).__name__ + ' and q type ' +
                              type(q).__name__)


register_kl(Normal, Normal)(_kl_normal_normal)
register_kl(Categorical, Categorical)(_kl_categorical_categorical)
register_kl(Bernoulli, Bernoulli)(_kl_bernoulli_bernoulli)
register_kl(Uniform, Uniform)(_kl_uniform_uniform)
register_kl(Independent, Independent)(_kl_independent_independent)

for _cls in (Distribution, ExponentialFamily, Normal, Bernoulli, Categorical, OneHotCategorical, Uniform, Laplace,
             LogNormal, Independent):
    _cls.__module__ = 'torch.distributions'
del _cls
)PY";

// torch.distributions.<file>: the paths model files import from.
inline constexpr std::string_view distributions_alias_prelude = R"PY(
for _k, _v in list(torch.distributions.__dict__.items()):
    if not _k.startswith('__'):
        globals()[_k] = _v
)PY";

// torch.optim.<file> and torch.utils.data.<file>: the paths training code
// imports Optimizer, DataLoader, Dataset, Sampler and default_collate from
// (filled from the package on first use, as the nn aliases).
inline constexpr std::string_view optim_alias_prelude = R"PY(
for _k, _v in list(torch.optim.__dict__.items()):
    if not _k.startswith('__'):
        globals()[_k] = _v
)PY";
inline constexpr std::string_view utils_data_alias_prelude = R"PY(
for _k, _v in list(torch.utils.data.__dict__.items()):
    if not _k.startswith('__'):
        globals()[_k] = _v
)PY";

// torch.nn.modules.utils: _single, _pair, _triple, _quadruple, _ntuple.
inline constexpr std::string_view nn_modules_utils_prelude = R"PY(
def _ntuple(n, name='parse'):
    def parse(x):
        if isinstance(x, (list, tuple)):
            return tuple(x)
        return (x,) * n
    parse.__name__ = name
    return parse


_single = _ntuple(1, '_single')
_pair = _ntuple(2, '_pair')
_triple = _ntuple(3, '_triple')
_quadruple = _ntuple(4, '_quadruple')
)PY";

// torch.nn.utils.stateless.functional_call: the module run with some of its
// parameters and buffers (by dotted name) swapped for the given tensors,
// put back afterwards (MAML-style fast weights).
inline constexpr std::string_view nn_utils_stateless_prelude = R"PY(
def _owner(module, name):
    *path, leaf = name.split('.')
    for part in path:
        module = getattr(module, part)
    return module, leaf


def functional_call(module, parameters_and_buffers, args, kwargs=None):
    if kwargs is None:
        kwargs = {}
    if not isinstance(args, tuple):
        args = (args,)
    saved = []
    try:
        for name, tensor in parameters_and_buffers.items():
            owner, leaf = _owner(module, name)
            saved.append((owner, leaf, owner.__dict__[leaf]))
            # (through __dict__: the member keeps its place, so the module's
            # parameter order is the same after the call)
            owner.__dict__[leaf] = tensor
        return module(*args, **kwargs)
    finally:
        for owner, leaf, old in reversed(saved):
            owner.__dict__[leaf] = old
)PY";

// torch.nn.utils.fusion: a batch norm in eval mode folded into the conv or
// linear layer before it (a deep copy holds the folded weight and bias):
// w' = w * gamma / sqrt(var + eps) per output channel,
// b' = (b - mean) * gamma / sqrt(var + eps) + beta.
inline constexpr std::string_view nn_utils_fusion_prelude = R"PY(
def fuse_conv_bn_weights(conv_w, conv_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b, transpose=False):
    if conv_b is None:
        conv_b = torch.zeros_like(bn_rm)
    if bn_w is None:
        bn_w = torch.ones_like(bn_rm)
    if bn_b is None:
        bn_b = torch.zeros_like(bn_rm)
    scale = bn_w * torch.rsqrt(bn_rv + bn_eps)
    shape = [1] * conv_w.dim()
    shape[1 if transpose else 0] = -1
    w = conv_w * scale.reshape(shape)
    b = (conv_b - bn_rm) * scale + bn_b
    return torch.nn.Parameter(w, conv_w.requires_grad), torch.nn.Parameter(b, conv_b.requires_grad)


def fuse_conv_bn_eval(conv, bn, transpose=False):
    if conv.training or bn.training:
        raise AssertionError('Fusion only for eval!')
    import copy
    fused = copy.deepcopy(conv)
    fused.weight, fused.bias = fuse_conv_bn_weights(fused.weight, fused.bias, bn.running_mean, bn.running_var,
                                                    bn.eps, bn.weight, bn.bias, transpose)
    return fused


def fuse_linear_bn_weights(linear_w, linear_b, bn_rm, bn_rv, bn_eps, bn_w, bn_b):
    if linear_b is None:
        linear_b = torch.zeros_like(bn_rm)
    scale = bn_w * torch.rsqrt(bn_rv + bn_eps)
    w = linear_w * scale.unsqueeze(-1)
    b = (linear_b - bn_rm) * scale + bn_b
    return torch.nn.Parameter(w, linear_w.requires_grad), torch.nn.Parameter(b, linear_b.requires_grad)


def fuse_linear_bn_eval(linear, bn):
    if linear.training or bn.training:
        raise AssertionError('Fusion only for eval!')
    import copy
    fused = copy.deepcopy(linear)
    fused.weight, fused.bias = fuse_linear_bn_weights(fused.weight, fused.bias, bn.running_mean, bn.running_var,
                                                      bn.eps, bn.weight, bn.bias)
    return fused
)PY";

// torch.optim.swa_utils: stochastic weight averaging. AveragedModel keeps
// a deep copy whose parameters (and buffers, with use_buffers) become the
// running mean of the models it is updated with; SWALR anneals each
// group's lr to its swa_lr (cos or linear) over anneal_epochs; update_bn
// recomputes batch-norm statistics as a cumulative mean over a loader.
inline constexpr std::string_view swa_utils_prelude = R"PY(
import math as _math


class AveragedModel(torch.nn.Module):
    def __init__(self, model, device=None, avg_fn=None, use_buffers=False):
        super().__init__()
        import copy
        self.module = copy.deepcopy(model)
        if device is not None:
            self.module = self.module.to(device)
        self.register_buffer('n_averaged', torch.tensor(0, dtype=torch.long))
        if avg_fn is None:
            def avg_fn(averaged, current, num_averaged):
                return averaged + (current - averaged) / (num_averaged + 1)
        self.avg_fn = avg_fn
        self.use_buffers = use_buffers

    def forward(self, *args, **kwargs):
        return self.module(*args, **kwargs)

    def _tracked(self, model):
        if self.use_buffers:
            return list(model.parameters()) + list(model.buffers())
        return list(model.parameters())

    def update_parameters(self, model):
        first = int(self.n_averaged) == 0
        for mine, theirs in zip(self._tracked(self.module), self._tracked(model)):
            theirs = theirs.detach()
            if first:
                mine.detach().copy_(theirs)
            else:
                mine.detach().copy_(self.avg_fn(mine.detach(), theirs, self.n_averaged))
        if not self.use_buffers:
            for mine, theirs in zip(self.module.buffers(), model.buffers()):
                mine.detach().copy_(theirs.detach())
        self.n_averaged += 1


def update_bn(loader, model, device=None):
    with torch.no_grad():
        bns = [m for m in model.modules() if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
        if not bns:
            return
        momenta = [m.momentum for m in bns]
        for m in bns:
            m.running_mean = torch.zeros_like(m.running_mean)
            m.running_var = torch.ones_like(m.running_var)
        was_training = model.training
        model.train()
        for m in bns:
            m.momentum = None
            m.num_batches_tracked *= 0
        for batch in loader:
            if isinstance(batch, (list, tuple)):
                batch = batch[0]
            if device is not None:
                batch = batch.to(device)
            model(batch)
        for m, momentum in zip(bns, momenta):
            m.momentum = momentum
        model.train(was_training)


class SWALR(torch.optim.lr_scheduler._LRScheduler):
    def __init__(self, optimizer, swa_lr, anneal_epochs=10, anneal_strategy='cos', last_epoch=-1):
        groups = optimizer.param_groups
        if isinstance(swa_lr, (list, tuple)):
            if len(swa_lr) != len(groups):
                raise ValueError('swa_lr must have the same length as optimizer.param_groups: swa_lr has ' +
                                 str(len(swa_lr)) + ', optimizer.param_groups has ' + str(len(groups)))
            targets = list(swa_lr)
        else:
            targets = [swa_lr] * len(groups)
        for group, target in zip(groups, targets):
            group['swa_lr'] = target
        if anneal_strategy not in ('cos', 'linear'):
            raise ValueError("anneal_strategy must by one of 'cos' or 'linear', instead got " + str(anneal_strategy))
        self.anneal_func = self._cosine_anneal if anneal_strategy == 'cos' else self._linear_anneal
        if not isinstance(anneal_epochs, int) or anneal_epochs < 0:
            raise ValueError('anneal_epochs must be equal or greater than 0, got ' + str(anneal_epochs))
        self.anneal_epochs = anneal_epochs
        super().__init__(optimizer, last_epoch)

    @staticmethod
    def _linear_anneal(t):
        return t

    @staticmethod
    def _cosine_anneal(t):
        return (1 - _math.cos(_math.pi * t)) / 2

    # The lr the schedule started from, recovered from the current one.
    @staticmethod
    def _get_initial_lr(lr, swa_lr, alpha):
        if alpha == 1:
            return swa_lr
        return (lr - alpha * swa_lr) / (1 - alpha)

    def get_lr(self):
        if not self._get_lr_called_within_step:
            import warnings
            warnings.warn('To get the last learning rate computed by the scheduler, please use `get_last_lr()`.',
                          UserWarning)
        step = self._step_count - 1
        if self.anneal_epochs == 0:
            step = max(1, step)
        span = max(1, self.anneal_epochs)
        prev_alpha = self.anneal_func(max(0, min(1, (step - 1) / span)))
        alpha = self.anneal_func(max(0, min(1, step / span)))
        out = []
        for group in self.optimizer.param_groups:
            start = self._get_initial_lr(group['lr'], group['swa_lr'], prev_alpha)
            out.append(group['swa_lr'] * alpha + start * (1 - alpha))
        return out
)PY";

// torch.nn.parallel as torch 1.13 runs it on a machine without CUDA:
// DataParallel wraps the module and calls it (its state_dict keys gain
// 'module.'), DistributedDataParallel needs a process group that never
// exists here, data_parallel finds no device. torch.nn.DataParallel and
// torch.nn.parallel.DistributedDataParallel name these classes, so the
// unwrap helpers (type(m) in (DataParallel, DistributedDataParallel)) run.
inline constexpr std::string_view nn_parallel_prelude = R"PY(
class DataParallel(torch.nn.Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0):
        super().__init__()
        self.module = module
        self.device_ids = []

    def forward(self, *inputs, **kwargs):
        return self.module(*inputs, **kwargs)


class DistributedDataParallel(torch.nn.Module):
    def __init__(self, module, device_ids=None, output_device=None, dim=0, broadcast_buffers=True,
                 process_group=None, bucket_cap_mb=25, find_unused_parameters=False, check_reduction=False,
                 gradient_as_bucket_view=False, static_graph=False):
        super().__init__()
        if not any(p.requires_grad for p in module.parameters()):
            raise RuntimeError("DistributedDataParallel is not needed when a module doesn't have any parameter "
                               "that requires a gradient.")
        raise RuntimeError('Default process group has not been initialized, please make sure to call '
                           'init_process_group.')


def data_parallel(module, inputs, device_ids=None, output_device=None, dim=0, module_kwargs=None):
    if device_ids is None:
        device_ids = []
    if output_device is None:
        output_device = device_ids[0]
    raise RuntimeError('data_parallel needs a CUDA device')


torch.nn.DataParallel = DataParallel
)PY";

// torch.nn.common_types and torch.types: the annotation aliases custom
// layers import (`_size_2_t`); annotations only.
inline constexpr std::string_view common_types_prelude = R"PY(
from typing import Any, Optional, Tuple, TypeVar, Union

T = TypeVar('T')
_scalar_or_tuple_any_t = Union[T, Tuple[T, ...]]
_scalar_or_tuple_1_t = Union[T, Tuple[T]]
_scalar_or_tuple_2_t = Union[T, Tuple[T, T]]
_scalar_or_tuple_3_t = Union[T, Tuple[T, T, T]]
_size_any_t = Union[int, Tuple[int, ...]]
_size_1_t = Union[int, Tuple[int]]
_size_2_t = Union[int, Tuple[int, int]]
_size_3_t = Union[int, Tuple[int, int, int]]
_size_4_t = Union[int, Tuple[int, int, int, int]]
_size_5_t = Union[int, Tuple[int, int, int, int, int]]
_size_6_t = Union[int, Tuple[int, int, int, int, int, int]]
_size_any_opt_t = Union[Optional[int], Tuple[Optional[int], ...]]
_size_2_opt_t = Union[Optional[int], Tuple[Optional[int], Optional[int]]]
_size_3_opt_t = Union[Optional[int], Tuple[Optional[int], Optional[int], Optional[int]]]
_ratio_2_t = Union[float, Tuple[float, float]]
_ratio_3_t = Union[float, Tuple[float, float, float]]
_ratio_any_t = Union[float, Tuple[float, ...]]
_tensor_list_t = Any
_maybe_indices_t = Any
Tensor = torch.Tensor
_int = int
_float = float
_bool = bool
Number = Union[int, float, bool]
_size = Tuple[int, ...]
_dtype = torch.dtype
_device = torch.device
Device = Optional[Union[torch.device, str, int]]
)PY";

// torch.utils._pytree: flatten nested lists, tuples, dicts and namedtuples
// to their leaves and back (tree_map in HF- and accelerate-style helpers).
inline constexpr std::string_view pytree_prelude = R"PY(
class TreeSpec:
    def __init__(self, type, context, children_specs):
        self.type = type
        self.context = context
        self.children_specs = children_specs
        self.num_leaves = sum(c.num_leaves for c in children_specs) if type is not None else 1

    def __eq__(self, other):
        return isinstance(other, TreeSpec) and self.type is other.type and self.context == other.context and \
            self.children_specs == other.children_specs

    def __repr__(self):
        if self.type is None:
            return '*'
        return 'TreeSpec(' + self.type.__name__ + ', ' + repr(self.context) + ', [' + \
            ', '.join(repr(c) for c in self.children_specs) + '])'


class LeafSpec(TreeSpec):
    def __init__(self):
        TreeSpec.__init__(self, None, None, [])


def _is_namedtuple(x):
    return isinstance(x, tuple) and hasattr(type(x), '_fields')


def _children(tree):
    if isinstance(tree, dict):
        keys = list(tree.keys())
        return [tree[k] for k in keys], type(tree), keys
    if _is_namedtuple(tree):
        return list(tree), type(tree), None
    if isinstance(tree, (list, tuple)):
        return list(tree), type(tree), None
    return None, None, None


def _is_leaf(tree):
    return _children(tree)[1] is None


def tree_flatten(tree):
    children, kind, context = _children(tree)
    if kind is None:
        return [tree], LeafSpec()
    leaves = []
    specs = []
    for c in children:
        sub, spec = tree_flatten(c)
        leaves.extend(sub)
        specs.append(spec)
    return leaves, TreeSpec(kind, context, specs)


def tree_unflatten(values, spec):
    values = list(values)
    pos = [0]

    def build(s):
        if s.type is None:
            v = values[pos[0]]
            pos[0] += 1
            return v
        items = [build(c) for c in s.children_specs]
        if issubclass(s.type, dict):
            out = s.type()
            for k, v in zip(s.context, items):
                out[k] = v
            return out
        if hasattr(s.type, '_fields'):
            return s.type(*items)
        return s.type(items)
    return build(spec)


def tree_leaves(tree):
    return tree_flatten(tree)[0]


def tree_structure(tree):
    return tree_flatten(tree)[1]


def tree_map(fn, tree, *rests):
    leaves, spec = tree_flatten(tree)
    others = [tree_flatten(r)[0] for r in rests]
    return tree_unflatten([fn(*xs) for xs in zip(leaves, *others)], spec)


def tree_map_only(ty, fn, tree):
    return tree_map(lambda x: fn(x) if isinstance(x, ty) else x, tree)


def tree_all(pred, tree):
    return all(pred(x) for x in tree_leaves(tree))


def tree_any(pred, tree):
    return any(pred(x) for x in tree_leaves(tree))
)PY";

// torch.hub and torch.utils.model_zoo: nothing can be downloaded here.
inline constexpr std::string_view hub_prelude = R"PY(
_hub_dir = ['~/.cache/torch/hub']


def get_dir():
    return _hub_dir[0]


def set_dir(d):
    _hub_dir[0] = d


def load(repo_or_dir, model, *args, source='github', trust_repo=None, force_reload=False, verbose=True,
         skip_validation=False, **kwargs):
    raise RuntimeError('torch.hub.load: standin cannot download or import hub models (' + str(repo_or_dir) + ')')


def list(github, force_reload=False, skip_validation=False, trust_repo=None):
    raise RuntimeError('torch.hub.list: standin cannot reach the network')


def load_state_dict_from_url(url, model_dir=None, map_location=None, progress=True, check_hash=False,
                             file_name=None):
    raise RuntimeError('load_state_dict_from_url: standin cannot download ' + str(url))


def download_url_to_file(url, dst, hash_prefix=None, progress=True):
    raise RuntimeError('download_url_to_file: standin cannot download ' + str(url))


load_url = load_state_dict_from_url
)PY";

// torch.autograd: Variable (the tensor itself), Function (apply runs the
// forward with a context; its results' node calls backward), the grad-mode
// names. backward, grad and the engine are a lazy part (autograd_prelude.hpp).
inline constexpr std::string_view autograd_prelude = R"PY(
no_grad = torch.no_grad
enable_grad = torch.enable_grad
set_grad_enabled = torch.set_grad_enabled


def _is_checkpoint_valid():
    return True


def _profiler_enabled():
    return False


def Variable(data, requires_grad=False, volatile=False):
    if requires_grad:
        data.requires_grad_(True)
    return data


class _FunctionCtx:
    def __init__(self, args):
        self.saved_tensors = ()
        self.needs_input_grad = tuple(isinstance(a, torch.Tensor) and a.requires_grad for a in args)

    def save_for_backward(self, *tensors):
        self.saved_tensors = tensors

    def mark_dirty(self, *args):
        self._standin_dirty = args

    def mark_non_differentiable(self, *args):
        self._standin_non_differentiable = args

    def set_materialize_grads(self, value):
        pass


class Function:
    @classmethod
    def apply(cls, *args, **kwargs):
        return torch.autograd._function_apply(cls, _FunctionCtx(args), args, kwargs)

    @staticmethod
    def backward(ctx, *grad_outputs):
        raise NotImplementedError('You must implement either the backward or vjp method for your custom '
                                  'autograd.Function to use it with backward mode AD.')


class detect_anomaly:
    def __init__(self, check_nan=True):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def set_detect_anomaly(mode, check_nan=True):
    return detect_anomaly()
)PY";

// torch.autograd.function, for `from torch.autograd.function import Function`.
inline constexpr std::string_view autograd_function_prelude = R"PY(
Function = torch.autograd.Function
FunctionCtx = torch.autograd._FunctionCtx


def once_differentiable(fn):
    return fn
)PY";

// torch.utils.checkpoint: without autograd, checkpointing is just the call.
inline constexpr std::string_view utils_checkpoint_prelude = R"PY(
def checkpoint(function, *args, use_reentrant=None, **kwargs):
    kwargs.pop('preserve_rng_state', None)
    return function(*args, **kwargs)


def checkpoint_sequential(functions, segments, input, use_reentrant=None, **kwargs):
    if isinstance(functions, torch.nn.Sequential):
        functions = list(functions.children())
    for f in functions:
        input = f(input)
    return input
)PY";

}  // namespace detail::torch_glue
STANDIN_NAMESPACE_END
