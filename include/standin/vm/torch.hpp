// The guest `torch` module over the reference tensor: every op of the op table
// as a function (torch.add) and, when its first parameter is `self`, as a
// Tensor method (x.add); dtypes (torch.float32, ...); tensor operators,
// indexing, iteration and torch's printing; torch.nn (Module, Linear, ReLU,
// Sequential, ModuleList, functional) written in guest code over these.
// Counterpart: torch/__init__.py, torch/_tensor.py, torch/_tensor_str.py,
// torch/nn/modules/.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/torch.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/tensor.hpp>
#include <standin/vm/protocol.hpp>

#include <cmath>
#include <cstdio>

#if defined(__GNUC__) && !defined(__clang__)
// GCC 12 warns that destroying a None Value passed by value may decref a null
// object; the destructor tests the kind first, so it never does.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wnonnull"
#endif

namespace standin::inline v0 {

namespace torch_detail {

// Ops whose sequence parameter may also come as separate ints:
// torch.zeros(2, 3), x.view(2, 3), x.permute(1, 0).
inline bool packs_sizes(std::string_view name) {
    return name == "zeros" || name == "ones" || name == "view" || name == "reshape" || name == "permute" ||
           name == "expand";
}

inline Value run_op(const OpDef& op, std::span<const Value> positional, std::span<const KwArg> kwargs) {
    std::vector<Value> packed;
    const std::size_t first = op.cls == OpClass::factory ? 0 : 1;
    if (packs_sizes(op.name) && positional.size() > first && positional[first].is_integral()) {
        packed.assign(positional.begin(), positional.begin() + static_cast<std::ptrdiff_t>(first));
        std::vector<Value> sizes;
        std::size_t i = first;
        while (i < positional.size() && positional[i].is_integral()) sizes.push_back(positional[i++]);
        packed.push_back(tuple(std::move(sizes)));
        packed.insert(packed.end(), positional.begin() + static_cast<std::ptrdiff_t>(i), positional.end());
        positional = packed;
    }
    if ((op.name == "cat" || op.name == "stack") && !positional.empty() && positional[0].is<List>()) {
        packed.assign(positional.begin(), positional.end());
        packed[0] = tuple(std::vector<Value>(positional[0].as<List>()->items().begin(), positional[0].as<List>()->items().end()));
        positional = packed;
    }
    std::vector<Value> args = bind_args(op, positional, kwargs);
    return op.kernel(args);
}

inline const OpDef& current_op(Interpreter& vm) { return *static_cast<const OpDef*>(vm.calling_builtin()->data()); }

// torch.add(x, y), torch.zeros(2, 3): the op is the calling Builtin's data.
inline Value torch_function(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg> kwargs) {
    return run_op(current_op(vm), args, kwargs);
}
// x.add(y): self first.
inline Value tensor_method(Interpreter& vm, const Value& self, std::span<const Value> args, std::span<const KwArg> kwargs) {
    std::vector<Value> all;
    all.reserve(args.size() + 1);
    all.push_back(self);
    all.insert(all.end(), args.begin(), args.end());
    return run_op(current_op(vm), all, kwargs);
}

inline Tensor& self_tensor(const Value& v, std::string_view what) {
    if (auto* t = v.dyn<Tensor>()) return *t;
    raise(exc::TypeError, "descriptor '" + std::string(what) + "' requires a 'Tensor' object but received a '" +
                              std::string(type_name(v)) + "'");
}

// Elements in row-major order as Python numbers.
inline void flatten(const Value& nested, std::vector<Value>& out) {
    if (auto* l = nested.dyn<List>()) {
        for (const Value& v : l->items()) flatten(v, out);
    } else {
        out.push_back(nested);
    }
}
inline std::vector<Value> elements(const Tensor& t) {
    const Value args[] = {Value::borrow(&t)};
    std::vector<Value> out;
    flatten(ops::tolist(args), out);
    return out;
}

inline Value size_of(Interpreter& vm, const Tensor& t) {
    std::vector<Value> dims;
    for (auto d : t.sizes()) dims.push_back(Value(d));
    const Value* size_cls = vm.find_module("torch")->dict()->find(intern("Size"));
    Value tup = tuple(std::move(dims));
    if (!size_cls) return tup;
    return vm.call_value(*size_cls, std::span<const Value>(&tup, 1));
}

// --- printing, as torch/_tensor_str.py --------------------------------------------------
inline std::string printf_double(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

class Formatter {
public:
    explicit Formatter(const Tensor& t, const std::vector<Value>& values) : floating_(is_floating(t.dtype())) {
        if (!floating_) {
            for (const Value& v : values) width_ = std::max(width_, text(v).size());
            return;
        }
        std::vector<double> finite;
        for (const Value& v : values) {
            double d = v.as_double();
            if (std::isfinite(d) && d != 0.0) finite.push_back(d);
        }
        if (finite.empty()) return;
        double lo = INFINITY, hi = 0;
        for (double d : finite) {
            lo = std::min(lo, std::fabs(d));
            hi = std::max(hi, std::fabs(d));
            if (d != std::ceil(d)) int_mode_ = false;
        }
        if (int_mode_) {
            if (hi / lo > 1000.0 || hi > 1e8) {
                sci_mode_ = true;
                for (double d : finite) width_ = std::max(width_, printf_double("%.4e", d).size());
            } else {
                for (double d : finite) width_ = std::max(width_, printf_double("%.0f", d).size() + 1);
            }
        } else if (hi / lo > 1000.0 || hi > 1e8 || lo < 1e-4) {
            sci_mode_ = true;
            for (double d : finite) width_ = std::max(width_, printf_double("%.4e", d).size());
        } else {
            for (double d : finite) width_ = std::max(width_, printf_double("%.4f", d).size());
        }
    }
    std::size_t width() const noexcept { return width_; }
    std::string format(const Value& v) const {
        std::string s = text(v);
        if (s.size() < width_) s.insert(0, width_ - s.size(), ' ');
        return s;
    }

private:
    std::string text(const Value& v) const {
        if (!floating_) {
            if (v.is_bool()) return v.as_bool() ? "True" : "False";
            return std::to_string(v.as_integral());
        }
        double d = v.as_double();
        if (std::isnan(d)) return "nan";
        if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
        if (sci_mode_) return printf_double("%.4e", d);
        if (int_mode_) return printf_double("%.0f", d) + ".";
        return printf_double("%.4f", d);
    }
    bool floating_;
    bool int_mode_ = true;
    bool sci_mode_ = false;
    std::size_t width_ = 1;
};

// torch prints at most 3 items at each end of a dimension once a tensor has
// more than 1000 elements (PRINT_OPTS.threshold / edgeitems).
inline constexpr std::int64_t print_threshold = 1000;
inline constexpr std::size_t edge_items = 3;

// The values the formatter sees: all of them, or the summarized corners.
inline void summarized_values(const Value& nested, bool summarize, std::vector<Value>& out) {
    auto* l = nested.dyn<List>();
    if (!l) {
        out.push_back(nested);
        return;
    }
    const std::size_t n = l->size();
    for (std::size_t i = 0; i < n; ++i) {
        if (summarize && n > 2 * edge_items && i == edge_items) i = n - edge_items;
        summarized_values((*l)[i], summarize, out);
    }
}

inline std::string tensor_body(const Value& nested, const Formatter& f, bool summarize, std::size_t ndim,
                               std::size_t indent) {
    auto* l = nested.dyn<List>();
    if (!l) return f.format(nested);
    const std::size_t n = l->size();
    const bool cut = summarize && n > 2 * edge_items;
    if (ndim == 1) {
        std::vector<std::string> data;
        for (std::size_t i = 0; i < n; ++i) {
            if (cut && i == edge_items) {
                data.push_back(" ...");
                i = n - edge_items;
            }
            data.push_back(f.format((*l)[i]));
        }
        const std::size_t per_line = std::max<std::size_t>(1, (80 - std::min<std::size_t>(indent, 79)) / (f.width() + 2));
        std::string out = "[";
        for (std::size_t i = 0; i < data.size(); ++i) {
            if (i > 0) out += i % per_line == 0 ? ",\n" + std::string(indent + 1, ' ') : ", ";
            out += data[i];
        }
        return out + "]";
    }
    std::vector<std::string> slices;
    for (std::size_t i = 0; i < n; ++i) {
        if (cut && i == edge_items) {
            slices.push_back("...");
            i = n - edge_items;
        }
        slices.push_back(tensor_body((*l)[i], f, summarize, ndim - 1, indent + 1));
    }
    std::string sep = "," + std::string(ndim - 1, '\n') + std::string(indent + 1, ' ');
    std::string out = "[";
    for (std::size_t i = 0; i < slices.size(); ++i) {
        if (i > 0) out += sep;
        out += slices[i];
    }
    return out + "]";
}

inline std::string repr_tensor(const Tensor& t) {
    if (t.is_fake()) {
        std::string shape;
        for (std::size_t i = 0; i < t.sizes().size(); ++i) shape += (i ? ", " : "") + std::to_string(t.sizes()[i]);
        return "FakeTensor(..., size=(" + shape + "), dtype=torch." + std::string(dtype_name(t.dtype())) + ")";
    }
    const std::string prefix = "tensor(";
    const bool summarize = t.numel() > print_threshold;
    const Value targs[] = {Value::borrow(&t)};
    const Value nested = ops::tolist(targs);
    std::vector<Value> values;
    summarized_values(nested, summarize, values);
    std::string body;
    std::vector<std::string> suffixes;
    if (t.numel() == 0) {
        body = "[]";
        if (t.dim() != 1) {
            std::string shape = "(";
            for (std::size_t i = 0; i < t.sizes().size(); ++i) shape += (i ? ", " : "") + std::to_string(t.sizes()[i]);
            suffixes.push_back("size=" + shape + (t.sizes().size() == 1 ? ",)" : ")"));
        }
    } else {
        Formatter f(t, values);
        body = tensor_body(nested, f, summarize, static_cast<std::size_t>(t.dim()), prefix.size());
    }
    if (t.dtype() != default_dtype && t.dtype() != dtype::int64 && t.dtype() != dtype::bool_)
        suffixes.push_back("dtype=" + std::string(dtype_name(t.dtype())));
    else if (t.numel() == 0 && t.dtype() != default_dtype)
        suffixes.push_back("dtype=" + std::string(dtype_name(t.dtype())));
    if (t.requires_grad()) suffixes.push_back("requires_grad=True");
    std::string out = prefix + body;
    std::size_t nl = out.rfind('\n');
    std::size_t last_line_len = out.size() - (nl == std::string::npos ? 0 : nl) + 1;
    for (const auto& s : suffixes) {
        if (last_line_len + s.size() + 2 > 80) {
            out += ",\n" + std::string(prefix.size(), ' ') + s;
            last_line_len = prefix.size() + s.size();
        } else {
            out += ", " + s;
            last_line_len += s.size() + 2;
        }
    }
    return out + ")";
}

// --- Tensor attributes and methods implemented here (not in the op table) --------------
#define STANDIN_TORCH_FN(fname)                                                                                   \
    inline Value fname([[maybe_unused]] Interpreter& vm, [[maybe_unused]] const Value& self,                     \
                       [[maybe_unused]] std::span<const Value> args, [[maybe_unused]] std::span<const KwArg> kwargs)

// Properties receive the tensor as their one argument.
STANDIN_TORCH_FN(prop_shape) { return size_of(vm, self_tensor(args[0], "shape")); }
STANDIN_TORCH_FN(prop_dtype) { return dtype_value(self_tensor(args[0], "dtype").dtype()); }
STANDIN_TORCH_FN(prop_ndim) { return Value(self_tensor(args[0], "ndim").dim()); }
STANDIN_TORCH_FN(prop_device) { return str("cpu"); }
STANDIN_TORCH_FN(prop_requires_grad) { return Value(self_tensor(args[0], "requires_grad").requires_grad()); }
STANDIN_TORCH_FN(prop_is_leaf) { return Value(true); }
STANDIN_TORCH_FN(prop_grad) { return Value(); }
STANDIN_TORCH_FN(prop_data) { return args[0]; }
STANDIN_TORCH_FN(prop_T) {
    const Value a[] = {args[0]};
    return ops::t(a);
}
STANDIN_TORCH_FN(set_requires_grad) {
    self_tensor(args[0], "requires_grad").set_requires_grad(vm.truthy(args[1]));
    return Value();
}

STANDIN_TORCH_FN(method_size) {
    Tensor& t = self_tensor(self, "size");
    if (args.empty() && kwargs.empty()) return size_of(vm, t);
    const Value& d = args.empty() ? kwargs[0].value : args[0];
    if (!d.is_integral()) raise(exc::TypeError, "size(): argument 'dim' must be int, not " + std::string(type_name(d)));
    return Value(t.size(d.as_integral()));
}
STANDIN_TORCH_FN(method_dim) { return Value(self_tensor(self, "dim").dim()); }
STANDIN_TORCH_FN(method_numel) { return Value(self_tensor(self, "numel").numel()); }
STANDIN_TORCH_FN(method_is_contiguous) { return Value(self_tensor(self, "is_contiguous").is_contiguous()); }
STANDIN_TORCH_FN(method_detach) {
    Tensor& t = self_tensor(self, "detach");
    return Value(make_ref<Tensor>(t.storage_ref(), t.dtype(), DimVector(t.sizes()), DimVector(t.strides()), t.storage_offset()));
}
inline Value reduce_bool(const Value& self, bool all) {
    Tensor& t = self_tensor(self, all ? "all" : "any");
    bool r = all;
    for (const Value& v : elements(t)) {
        bool truth = v.is_float() ? v.as_float() != 0.0 : v.as_integral() != 0;
        if (all && !truth) r = false;
        if (!all && truth) r = true;
    }
    const Value targs[] = {Value(r), Value()};
    return ops::tensor(targs, false);
}
STANDIN_TORCH_FN(method_all) { return reduce_bool(self, true); }
STANDIN_TORCH_FN(method_any) { return reduce_bool(self, false); }
inline Value scalar_of(const Value& self, const char* what) {
    Tensor& t = self_tensor(self, what);
    if (t.numel() != 1) raise(exc::ValueError, "only one element tensors can be converted to Python scalars");
    const Value a[] = {self};
    return ops::item(a);
}
STANDIN_TORCH_FN(method_int) {
    Value v = scalar_of(self, "__int__");
    return v.is_float() ? Value(float_to_int(v.as_float())) : Value(v.as_integral());
}
STANDIN_TORCH_FN(method_float) { return Value(scalar_of(self, "__float__").as_double()); }
STANDIN_TORCH_FN(function_is_tensor) { return Value(args.size() == 1 && args[0].is<Tensor>()); }
STANDIN_TORCH_FN(function_numel) { return Value(self_tensor(args.empty() ? Value() : args[0], "numel").numel()); }
STANDIN_TORCH_FN(function_noop) { return Value(); }
STANDIN_TORCH_FN(function_device) { return str("cpu"); }
STANDIN_TORCH_FN(function_default_dtype) { return dtype_value(default_dtype); }
STANDIN_TORCH_FN(function_is_compiling) { return Value(false); }

#undef STANDIN_TORCH_FN

// torch.nn and friends, in guest code.
inline constexpr std::string_view nn_prelude = R"PY(
class Module:
    def __init__(self):
        self.training = True

    def forward(self, *args, **kwargs):
        raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')

    def __call__(self, *args, **kwargs):
        return self.forward(*args, **kwargs)

    def named_children(self):
        return [(k, v) for k, v in self.__dict__.items() if isinstance(v, Module)]

    def children(self):
        return [m for _, m in self.named_children()]

    def named_modules(self, prefix=''):
        out = [(prefix, self)]
        for name, m in self.named_children():
            out.extend(m.named_modules(prefix + ('.' if prefix else '') + name))
        return out

    def modules(self):
        return [m for _, m in self.named_modules()]

    def named_parameters(self, prefix='', recurse=True):
        out = []
        for k, v in self.__dict__.items():
            if isinstance(v, torch.Tensor) and v.requires_grad:
                out.append((prefix + k, v))
        if recurse:
            for name, m in self.named_children():
                out.extend(m.named_parameters(prefix + name + '.'))
        return out

    def parameters(self, recurse=True):
        return [p for _, p in self.named_parameters(recurse=recurse)]

    def train(self, mode=True):
        self.training = mode
        for m in self.children():
            m.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def zero_grad(self, set_to_none=True):
        pass

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
        for name, m in self.named_children():
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


def Parameter(data, requires_grad=True):
    return data.requires_grad_(requires_grad)


class ModuleList(Module):
    def __init__(self, modules=None):
        super().__init__()
        self._count = 0
        if modules is not None:
            for m in modules:
                self.append(m)

    def append(self, module):
        setattr(self, str(self._count), module)
        self._count += 1
        return self

    def extend(self, modules):
        for m in modules:
            self.append(m)
        return self

    def __len__(self):
        return self._count

    def __iter__(self):
        return iter([getattr(self, str(i)) for i in range(self._count)])

    def __getitem__(self, idx):
        if isinstance(idx, slice):
            return type(self)([getattr(self, str(i)) for i in range(self._count)][idx])
        if idx < 0:
            idx += self._count
        if idx < 0 or idx >= self._count:
            raise IndexError(f'index {idx} is out of range')
        return getattr(self, str(idx))


class Sequential(ModuleList):
    def __init__(self, *modules):
        super().__init__(modules)

    def forward(self, x):
        for m in self:
            x = m(x)
        return x


class Linear(Module):
    def __init__(self, in_features, out_features, bias=True):
        super().__init__()
        self.in_features = in_features
        self.out_features = out_features
        # Deterministic initialisation (torch draws at random): small distinct values.
        n = in_features * out_features
        self.weight = Parameter(((torch.arange(n) % 7 - 3) * 0.1).reshape(out_features, in_features).float())
        self.bias = Parameter(torch.zeros(out_features)) if bias else None

    def forward(self, x):
        y = x @ self.weight.t()
        if self.bias is not None:
            y = y + self.bias
        return y

    def extra_repr(self):
        return f'in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}'


class ReLU(Module):
    def forward(self, x):
        return torch.relu(x)


class Sigmoid(Module):
    def forward(self, x):
        return torch.sigmoid(x)


class Tanh(Module):
    def forward(self, x):
        return torch.tanh(x)


class Identity(Module):
    def forward(self, x):
        return x


class Softmax(Module):
    def __init__(self, dim=None):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        return torch.softmax(x, self.dim)

    def extra_repr(self):
        return f'dim={self.dim}'
)PY";

inline constexpr std::string_view functional_prelude = R"PY(
def relu(input, inplace=False):
    return input.relu_() if inplace else torch.relu(input)


def sigmoid(input):
    return torch.sigmoid(input)


def tanh(input):
    return torch.tanh(input)


def softmax(input, dim=None, dtype=None):
    return torch.softmax(input, dim, dtype)


def linear(input, weight, bias=None):
    y = input @ weight.t()
    return y if bias is None else y + bias
)PY";

inline constexpr std::string_view torch_prelude = R"PY(
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

    def numel(self):
        n = 1
        for d in self._dims:
            n *= d
        return n

    def __repr__(self):
        return 'torch.Size([' + ', '.join(str(d) for d in self._dims) + '])'


class no_grad:
    def __enter__(self):
        return None

    def __exit__(self, exc_type, exc, tb):
        return False

    def __call__(self, fn):
        return fn


enable_grad = no_grad
inference_mode = no_grad
)PY";

}  // namespace torch_detail

STANDIN_DECL Value tensor_binary_op(Interpreter& vm, std::uint32_t op, const Value& a, const Value& b) {
    const std::uint32_t base = op >= nb_inplace_offset ? op - nb_inplace_offset : op;
    const char* name = nullptr;
    switch (base) {
    case NB_ADD: name = "add"; break;
    case NB_SUBTRACT: name = "sub"; break;
    case NB_MULTIPLY: name = "mul"; break;
    case NB_TRUE_DIVIDE: name = "div"; break;
    case NB_FLOOR_DIVIDE: name = "floor_divide"; break;
    case NB_REMAINDER: name = "remainder"; break;
    case NB_POWER: name = "pow"; break;
    case NB_MATRIX_MULTIPLY: name = "matmul"; break;
    default: break;
    }
    (void)vm;
    if (!name)
        raise(exc::TypeError, "unsupported operand type(s) for " + std::string(binary_op_symbol(op)) + ": '" +
                                  std::string(type_name(a)) + "' and '" + std::string(type_name(b)) + "'");
    // In-place forms mutate the left tensor, as torch's x += y does.
    if (op >= nb_inplace_offset && a.is<Tensor>() &&
        (base == NB_ADD || base == NB_SUBTRACT || base == NB_MULTIPLY || base == NB_TRUE_DIVIDE)) {
        const OpDef* inplace = find_op(std::string(name) + "_");
        const Value args[] = {a, b};
        return inplace->kernel(std::span<const Value>(args));
    }
    if (base == NB_MATRIX_MULTIPLY && !(a.is<Tensor>() && b.is<Tensor>()))
        raise(exc::TypeError, "unsupported operand type(s) for @: '" + std::string(type_name(a)) + "' and '" +
                                  std::string(type_name(b)) + "'");
    const Value args[] = {a, b};
    return find_op(name)->kernel(std::span<const Value>(args));
}

STANDIN_DECL Value tensor_unary_op(Interpreter&, Opcode op, const Value& a) {
    if (op == Opcode::UNARY_POSITIVE) return a;
    if (op == Opcode::UNARY_NEGATIVE) {
        const Value args[] = {a};
        return find_op("neg")->kernel(std::span<const Value>(args));
    }
    raise(exc::TypeError, "bad operand type for unary ~: 'Tensor' (standin supports ~ only on Python ints)");
}

STANDIN_DECL Value tensor_compare(Interpreter&, std::uint32_t op, const Value& a, const Value& b) {
    static constexpr const char* names[] = {"lt", "le", "eq", "ne", "gt", "ge"};
    const bool a_ok = a.is<Tensor>() || a.is_number(), b_ok = b.is<Tensor>() || b.is_number();
    if (!a_ok || !b_ok) {
        if (op == CMP_EQ) return Value(false);
        if (op == CMP_NE) return Value(true);
        raise(exc::TypeError, "'" + std::string(compare_op_symbol(op)) + "' not supported between instances of '" +
                                  std::string(type_name(a)) + "' and '" + std::string(type_name(b)) + "'");
    }
    const Value args[] = {a, b};
    return find_op(names[op])->kernel(std::span<const Value>(args));
}

STANDIN_DECL Value tensor_getitem(Interpreter&, const Value& t, const Value& key) {
    const Value args[] = {t, key};
    return find_op("getitem")->kernel(std::span<const Value>(args));
}

STANDIN_DECL void tensor_setitem(Interpreter&, const Value& t, const Value& key, const Value& v) {
    const Value gargs[] = {t, key};
    Value view = find_op("getitem")->kernel(std::span<const Value>(gargs));
    if (v.is<Tensor>()) {
        const Value cargs[] = {view, v};
        find_op("copy_")->kernel(std::span<const Value>(cargs));
    } else {
        const Value fargs[] = {view, v};
        find_op("fill_")->kernel(std::span<const Value>(fargs));
    }
    t.as<Tensor>()->mark_mutated();
}

STANDIN_DECL bool tensor_truthy(const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    if (x.numel() != 1) raise(exc::RuntimeError, "Boolean value of Tensor with more than one value is ambiguous");
    Value v = torch_detail::scalar_of(t, "__bool__");
    return v.is_float() ? v.as_float() != 0.0 : v.as_integral() != 0;
}

STANDIN_DECL std::int64_t tensor_len(const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    if (x.dim() == 0) raise(exc::TypeError, "len() of a 0-d tensor");
    return x.sizes()[0];
}

STANDIN_DECL std::string tensor_repr(const Value& t) { return torch_detail::repr_tensor(*t.as<Tensor>()); }

STANDIN_DECL Value tensor_iter(Interpreter& vm, const Value& t) {
    const Tensor& x = *t.as<Tensor>();
    if (x.dim() == 0) raise(exc::TypeError, "iteration over a 0-d tensor");
    std::vector<Value> rows;
    for (std::int64_t i = 0; i < x.sizes()[0]; ++i) {
        const Value args[] = {t, Value(std::int64_t{0}), Value(i)};
        rows.push_back(ops::select(args));
    }
    return vm.iter(list(std::move(rows)));
}

STANDIN_DECL std::string tensor_format(Interpreter& vm, const Value& t, std::string_view spec) {
    if (spec.empty()) return vm.repr(t);
    if (t.as<Tensor>()->dim() == 0) return vm.format(torch_detail::scalar_of(t, "__format__"), spec);
    raise(exc::TypeError, "unsupported format string passed to Tensor.__format__");
}

STANDIN_DECL bool torch_native_repr(const Value& v, std::string& out) {
    if (const DTypeObject* d = as_dtype_object(v)) {
        out += dtype_name(d->value());
        return true;
    }
    return false;
}

inline void init_torch_module(Interpreter& vm) {
    using namespace torch_detail;
    auto torch = make_ref<Module>(intern("torch"));
    auto nn = make_ref<Module>(intern("torch.nn"));
    auto functional = make_ref<Module>(intern("torch.nn.functional"));
    Dict& td = *torch->dict();
    Class* tensor_cls = vm.types().tensor.get();
    td.set(intern("Tensor"), Value::borrow(tensor_cls));
    td.set(intern("__name__"), str("torch"));
    // Every op as torch.<name>; those taking `self` also as Tensor.<name>.
    for (const OpDef& op : all_ops()) {
        Str* name = intern(op.name);
        if (op.name != "getitem") td.set(name, make_value<Builtin>(name, &torch_function, Value(), &op));
        if (!op.params.empty() && op.params[0].name == "self")
            tensor_cls->dict()->set(name, make_value<Builtin>(name, &tensor_method, Value::null(), &op));
    }
    for (dtype dt : {dtype::bool_, dtype::int64, dtype::float32, dtype::float64}) {
        std::string_view name = dtype_name(dt);
        if (name.starts_with("torch.")) name.remove_prefix(6);
        td.set(intern(name), dtype_value(dt));
    }
    td.set(intern("float"), dtype_value(dtype::float32));
    td.set(intern("double"), dtype_value(dtype::float64));
    td.set(intern("long"), dtype_value(dtype::int64));
    td.set(intern("bool"), dtype_value(dtype::bool_));
    auto fn = [&](Dict& d, std::string_view name, Builtin::Fn f) { d.set(intern(name), vm.make_builtin(name, f)); };
    fn(td, "is_tensor", &function_is_tensor);
    fn(td, "numel", &function_numel);
    fn(td, "manual_seed", &function_noop);
    fn(td, "device", &function_device);
    fn(td, "get_default_dtype", &function_default_dtype);
    // Tensor properties and methods not in the op table.
    auto prop = [&](std::string_view name, Builtin::Fn get, Builtin::Fn set = nullptr) {
        tensor_cls->dict()->set(intern(name), make_value<Property>(vm.make_builtin(name, get),
                                                                   set ? vm.make_builtin(name, set) : Value()));
    };
    prop("shape", &prop_shape);
    prop("dtype", &prop_dtype);
    prop("ndim", &prop_ndim);
    prop("device", &prop_device);
    prop("requires_grad", &prop_requires_grad, &set_requires_grad);
    prop("is_leaf", &prop_is_leaf);
    prop("grad", &prop_grad);
    prop("data", &prop_data);
    prop("T", &prop_T);
    vm.add_method(tensor_cls, "size", &method_size);
    vm.add_method(tensor_cls, "dim", &method_dim);
    vm.add_method(tensor_cls, "ndimension", &method_dim);
    vm.add_method(tensor_cls, "numel", &method_numel);
    vm.add_method(tensor_cls, "is_contiguous", &method_is_contiguous);
    vm.add_method(tensor_cls, "detach", &method_detach);
    vm.add_method(tensor_cls, "all", &method_all);
    vm.add_method(tensor_cls, "any", &method_any);
    vm.add_method(tensor_cls, "__int__", &method_int);
    vm.add_method(tensor_cls, "__float__", &method_float);
    vm.register_module("torch", torch);
    vm.register_module("torch.nn", nn);
    vm.register_module("torch.nn.functional", functional);
    auto compiler = make_ref<Module>(intern("torch.compiler"));
    fn(*compiler->dict(), "is_compiling", &function_is_compiling);
    vm.register_module("torch.compiler", compiler);
    // The guest-code parts.
    vm.exec_in(torch_prelude, "<torch>", td);
    nn->dict()->set(intern("torch"), Value(torch));
    nn->dict()->set(intern("functional"), Value(functional));
    vm.exec_in(nn_prelude, "<torch.nn>", *nn->dict());
    functional->dict()->set(intern("torch"), Value(torch));
    vm.exec_in(functional_prelude, "<torch.nn.functional>", *functional->dict());
}

}  // namespace standin::inline v0

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
