// How torch prints a tensor: the element formatter (integer, fixed or
// scientific mode, common width), summarization past 1000 elements, nesting,
// and the dtype / requires_grad suffixes.
// Counterpart: torch/_tensor_str.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/vm/torch_print.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/vm.hpp> instead"
#endif

#include <standin/runtime/tensor.hpp>
#include <standin/vm/protocol.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>

STANDIN_NAMESPACE_BEGIN
namespace detail::torch_glue {

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

inline std::string printf_double(const char* fmt, double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, fmt, v);
    return buf;
}

// torch.set_printoptions: torch._tensor_str.PRINT_OPTS (one per process, as torch's).
struct PrintOptions {
    int precision = 4;
    std::int64_t threshold = 1000;  // more elements than this: summarized
    std::size_t edgeitems = 3;      // items kept at each end of a summarized dim
    std::size_t linewidth = 80;
    int sci_mode = -1;              // -1: chosen per tensor (None); 0 / 1: forced
};
inline PrintOptions& print_options() {
    static PrintOptions options;
    return options;
}
// v with `precision` digits after the point, fixed ('f') or scientific ('e').
inline std::string format_double(double v, char style) {
    char fmt[16];
    std::snprintf(fmt, sizeof fmt, "%%.%d%c", print_options().precision, style);
    return printf_double(fmt, v);
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
        if (finite.empty()) {
            if (print_options().sci_mode >= 0) sci_mode_ = print_options().sci_mode == 1;
            return;
        }
        double lo = INFINITY, hi = 0;
        for (double d : finite) {
            lo = std::min(lo, std::fabs(d));
            hi = std::max(hi, std::fabs(d));
            if (d != std::ceil(d)) int_mode_ = false;
        }
        if (int_mode_) {
            if (hi / lo > 1000.0 || hi > 1e8) {
                sci_mode_ = true;
                for (double d : finite) width_ = std::max(width_, format_double(d, 'e').size());
            } else {
                for (double d : finite) width_ = std::max(width_, printf_double("%.0f", d).size() + 1);
            }
        } else if (hi / lo > 1000.0 || hi > 1e8 || lo < 1e-4) {
            sci_mode_ = true;
            for (double d : finite) width_ = std::max(width_, format_double(d, 'e').size());
        } else {
            for (double d : finite) width_ = std::max(width_, format_double(d, 'f').size());
        }
        // A forced sci_mode replaces the choice, not the widths (as torch's _Formatter).
        if (print_options().sci_mode >= 0) sci_mode_ = print_options().sci_mode == 1;
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
        if (sci_mode_) return format_double(d, 'e');
        if (int_mode_) return printf_double("%.0f", d) + ".";
        return format_double(d, 'f');
    }
    bool floating_;
    bool int_mode_ = true;
    bool sci_mode_ = false;
    std::size_t width_ = 1;
};

// torch prints at most `edgeitems` items at each end of a dimension once a
// tensor has more than `threshold` elements (PRINT_OPTS).

// The values the formatter sees: all of them, or the summarized corners.
inline void summarized_values(const Value& nested, bool summarize, std::vector<Value>& out) {
    const std::size_t edge_items = print_options().edgeitems;
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
    const std::size_t edge_items = print_options().edgeitems;
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
        const std::size_t per_line = std::max<std::size_t>(1, (print_options().linewidth - std::min<std::size_t>(indent, print_options().linewidth - 1)) / (f.width() + 2));
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
    const bool summarize = t.numel() > print_options().threshold;
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
    if (t.dtype() != default_dtype() && t.dtype() != dtype::int64 && t.dtype() != dtype::bool_)
        suffixes.push_back("dtype=" + std::string(dtype_name(t.dtype())));
    else if (t.numel() == 0 && t.dtype() != default_dtype())
        suffixes.push_back("dtype=" + std::string(dtype_name(t.dtype())));
    if (const char* node = t.grad_fn()) {
        // The node's class name, as type(grad_fn).__name__ (no C++ namespace).
        std::string_view name = node;
        if (auto colon = name.rfind("::"); colon != std::string_view::npos) name.remove_prefix(colon + 2);
        suffixes.push_back("grad_fn=<" + std::string(name) + ">");
    } else if (t.requires_grad()) {
        suffixes.push_back("requires_grad=True");
    }
    std::string out = prefix + body;
    std::size_t nl = out.rfind('\n');
    std::size_t last_line_len = out.size() - (nl == std::string::npos ? 0 : nl) + 1;
    for (const auto& s : suffixes) {
        if (last_line_len + s.size() + 2 > print_options().linewidth) {
            out += ",\n" + std::string(prefix.size(), ' ') + s;
            last_line_len = prefix.size() + s.size();
        } else {
            out += ", " + s;
            last_line_len += s.size() + 2;
        }
    }
    return out + ")";
}

}  // namespace detail::torch_glue
STANDIN_NAMESPACE_END
