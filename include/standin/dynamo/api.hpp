// The guest API of the tracer, installed in every interpreter:
// torch.compile (a call, a decorator with or without arguments, and on
// nn.Module instances), torch._dynamo (reset, graph_break, disable, optimize,
// optimize_assert, explain, config, exc.Unsupported), torch._dynamo.testing
// (CompileCounter, CompileCounterWithBackend, EagerAndRecordGraphs, same),
// torch.compiler.disable / reset; and the C++ entry points of
// dynamo/compile.hpp.
// Counterpart: torch/__init__.py (compile), torch/_dynamo/__init__.py,
// eval_frame.py (OptimizedModule, disable), testing.py, exc.py, config.py.
#pragma once

#include <standin/detail/macro_scope.hpp>
#if !STANDIN_DEFINITIONS
#error "<standin/dynamo/api.hpp> holds definitions that the compiled mode (STANDIN_SEPARATE_COMPILATION) compiles into standin_compiled; include <standin/standin.hpp> instead"
#endif

#include <standin/dynamo/compile.hpp>
#include <standin/dynamo/eval_frame.hpp>

STANDIN_NAMESPACE_BEGIN
namespace detail::dynamo {

inline constexpr std::string_view dynamo_prelude = R"PY(
class Node:
    def __init__(self, op, name, target, val=None):
        self.op = op
        self.name = name
        self.target = target
        # The traced value (a fake tensor for a tensor), as FX's
        # node.meta['val'] / ['example_value'].
        self.meta = {} if val is None else {'val': val, 'example_value': val}

    def __repr__(self):
        return self.name


class Graph:
    def __init__(self, nodes, code, tabular):
        self.nodes = nodes
        self._code = code
        self._tabular = tabular

    def __str__(self):
        return self._code

    def print_tabular(self):
        print(self._tabular)

    def lint(self):
        pass

    def find_nodes(self, *, op, target=None):
        return [n for n in self.nodes if n.op == op and (target is None or n.target is target)]


# The graph a backend receives: an nn.Module (FX's GraphModule is one)
# whose forward runs the captured graph.
class GraphModule(torch.nn.Module):
    def __init__(self, forward, graph, code):
        torch.nn.Module.__init__(self)
        self._forward = forward
        self.graph = graph
        self.code = code

    def recompile(self):
        return None

    def forward(self, *args):
        return self._forward(*args)

    def __call__(self, *args):
        return self._forward(*args)

    def print_readable(self, print_output=True):
        if print_output:
            print(self.code)
        return self.code


def _make_graph_module(forward, nodes, code, tabular):
    return GraphModule(forward, Graph([Node(*n) for n in nodes], code, tabular), code)


class OptimizedModule(torch.nn.Module):
    # Calls the module's forward as it is at each call, compiled: a forward
    # replaced later (on the instance or the class) is compiled in its turn,
    # as Dynamo's OptimizedModule calls the original module each time.
    def __init__(self, mod, backend, fullgraph):
        self._orig_mod = mod
        self._backend = backend
        self._fullgraph = fullgraph
        self._forward_fn = None
        self._compiled = None
        self._compiled_call = None
        self._current()  # a bad backend fails here, at torch.compile()

    def _current(self):
        mod = self._orig_mod
        fn = mod.__dict__.get('forward')
        if fn is None:
            fn = type(mod).forward
        if fn is not self._forward_fn:
            self._forward_fn = fn
            self._compiled = _compile(mod.forward, self._backend, self._fullgraph)
        return self._compiled

    def __call__(self, *args, **kwargs):
        # A module with hooks of its own is compiled through its call, as
        # Dynamo's OptimizedModule compiles the module's _call_impl: the hooks
        # are traced with forward (their ops in the graph, is_compiling() True
        # in them), and the guards on its hook dicts recompile when one is
        # added or removed. Hooks registered on this wrapper run around it.
        # So is a module whose class has a __call__ of its own (not a
        # compiled module's: torch.compile of one compiles its forward).
        mod = self._orig_mod
        compiled = self._current()
        if (mod._forward_pre_hooks or mod._forward_hooks or torch.nn.modules.module._has_any_global_hook() or
                type(mod).__call__ not in (torch.nn.Module.__call__, OptimizedModule.__call__)):
            if self._compiled_call is None:
                self._compiled_call = _compile(mod.__call__, self._backend, self._fullgraph)
            compiled = self._compiled_call
        own = self.__dict__
        pre = [(self, h) for h in (own.get('_forward_pre_hooks') or {}).values()]
        post = [(self, h) for h in (own.get('_forward_hooks') or {}).values()]
        if not pre and not post:
            return compiled(*args, **kwargs)
        for owner, hook in pre:
            args, kwargs = torch.nn.modules.module._call_pre_hook(owner, hook, args, kwargs)
        out = compiled(*args, **kwargs)
        for owner, hook in post:
            out = torch.nn.modules.module._call_hook(owner, hook, args, kwargs, out)
        return out

    def forward(self, *args, **kwargs):
        return self._current()(*args, **kwargs)

    def __getattr__(self, name):
        if name == '_orig_mod':  # (a copy being made has none yet)
            raise AttributeError("'OptimizedModule' object has no attribute '_orig_mod'")
        return getattr(self._orig_mod, name)

    # copy.deepcopy(torch.compile(model)) (an EMA copy): a wrapper of its own
    # over a copy of the module, compiled for that copy on its first call.
    def __deepcopy__(self, memo):
        import copy
        out = OptimizedModule(copy.deepcopy(self._orig_mod, memo), self._backend, self._fullgraph)
        for key in ('_forward_pre_hooks', '_forward_hooks'):
            if key in self.__dict__:
                object.__setattr__(out, key, copy.deepcopy(self.__dict__[key], memo))
        return out

    # The wrapper's mode is the module's (mod.eval() shows on it; opt.train()
    # sets the module's), as Dynamo's OptimizedModule.training.
    @property
    def training(self):
        return self._orig_mod.training

    @training.setter
    def training(self, value):
        self._orig_mod.training = value

    def __dir__(self):
        names = dir(self._orig_mod)
        own = list(self.__dict__) + dir(type(self))
        return names + [n for n in own if n not in names]

    # opt.step = 20 sets the original module's attribute, which its compiled
    # forward reads (Dynamo's OptimizedModule.__setattr__); the wrapper keeps
    # its own state, and names its class has (forward, the hook registries).
    _own_attributes = ('_orig_mod', '_backend', '_fullgraph', '_forward_fn', '_compiled')

    def __setattr__(self, name, value):
        if name in OptimizedModule._own_attributes or hasattr(type(self), name):
            super().__setattr__(name, value)
        else:
            setattr(self._orig_mod, name, value)


def _as_frame(fn):
    # A built-in (torch.sin) has no frame of its own to translate: it is
    # called from one, which is compiled (Dynamo wraps it the same way).
    if type(fn).__name__ == 'builtin_function_or_method':
        def builtin_frame(*args, **kwargs):
            return fn(*args, **kwargs)
        builtin_frame.__name__ = fn.__name__
        builtin_frame.__wrapped__ = fn
        return builtin_frame
    # torch.compile(disable(fn, recursive=False)) compiles fn, as Dynamo does.
    if getattr(fn, '_torchdynamo_disable_recursive', True) is False:
        return fn._torchdynamo_orig_callable
    return fn


# torch.compile or disable as a class decorator: the class stays a class,
# and calls of its instances go through the wrapped __call__ (Dynamo wraps
# cls.__call__ and, for a module, cls._call_impl).
def _wrap_class_call(cls, wrap):
    if any('__call__' in k.__dict__ for k in cls.__mro__):
        call = cls.__call__
        cls.__call__ = wrap(call)
    return cls


def _compiled_method(fn, backend, fullgraph, guard_fail_fn=None):
    compiled = _compile(fn, backend, fullgraph, guard_fail_fn)

    def __call__(*args, **kwargs):
        return compiled(*args, **kwargs)
    __call__._torchdynamo_orig_callable = fn
    return __call__


_compile_modes = ('default', 'reduce-overhead', 'max-autotune', 'max-autotune-no-cudagraphs')


def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None, options=None, disable=False):
    # torch.compile's argument checks (mode names the inductor presets,
    # which standin's backend accepts and treats alike).
    if mode is not None and options is not None:
        raise RuntimeError('Either mode or options can be specified, but both can\'t be specified at the same time.')
    if mode is not None and mode not in _compile_modes:
        raise RuntimeError('Unrecognized mode=' + str(mode) + ', should be one of: ' + ', '.join(_compile_modes))

    def wrap(m):
        if disable:
            return m
        if isinstance(m, torch.nn.Module):
            return OptimizedModule(m, backend, fullgraph)
        if isinstance(m, type):
            return _wrap_class_call(m, lambda fn: _compiled_method(fn, backend, fullgraph))
        return _compile(_as_frame(m), backend, fullgraph)
    if model is None:
        return wrap
    return wrap(model)


class GuardFail:
    # What optimize(guard_fail_fn=) receives: the failed guard and the code.
    def __init__(self, reason, orig_code):
        self.reason = reason
        self.orig_code = orig_code

    def __repr__(self):
        return 'GuardFail(reason=' + repr(self.reason) + ', orig_code=' + repr(self.orig_code) + ')'

    # A named tuple in Dynamo: failure[0] is the reason.
    def __getitem__(self, i):
        return (self.reason, self.orig_code)[i]

    def __iter__(self):
        return iter((self.reason, self.orig_code))

    def __len__(self):
        return 2


def optimize(backend="inductor", nopython=False, dynamic=None, disable=False, guard_fail_fn=None, guard_export_fn=None):
    def wrap(fn):
        if disable:
            return fn
        if isinstance(fn, torch.nn.Module):
            return OptimizedModule(fn, backend, nopython)
        if isinstance(fn, type):
            return _wrap_class_call(fn, lambda f: _compiled_method(f, backend, nopython, guard_fail_fn))
        return _compile(_as_frame(fn), backend, nopython, guard_fail_fn)
    return wrap


def run(fn=None):
    # Dynamo's run(): no new compiles. Here: the function itself, run eagerly.
    if fn is None:
        return run
    if isinstance(fn, OptimizedModule):
        return fn._orig_mod
    return _orig_callable(fn)


# The function under nested torch.compile / disable wrappers.
def innermost_fn(fn):
    while True:
        inner = _orig_callable(fn)
        if inner is fn:
            inner = getattr(fn, '_torchdynamo_orig_callable', fn)
        if inner is fn:
            return fn
        fn = inner


def optimize_assert(backend="inductor", dynamic=None):
    return optimize(backend, nopython=True)


# disable(fn): calls to fn from a trace, and torch.compile(fn), run eagerly.
# A plain function is marked itself; a bound method (m.forward =
# disable(m.forward)) and disable(fn, recursive=False) get a wrapper that is
# marked instead, so the method's other instances, and fn called directly,
# stay traceable, as Dynamo's wrappers leave them.
def disable(fn=None, recursive=True):
    if fn is None:
        return lambda f: disable(f, recursive)
    if isinstance(fn, type):
        return _wrap_class_call(fn, lambda f: _disabled_wrapper(f, recursive))
    if recursive and type(fn).__name__ == 'function':
        _disable_code(fn)
        return fn
    if isinstance(fn, torch.nn.Module):
        return _DisabledModule(fn, recursive)
    if not callable(fn):
        return fn
    return _disabled_wrapper(fn, recursive)


def _disabled_wrapper(fn, recursive):
    import functools

    @functools.wraps(fn)
    def _fn(*args, **kwargs):
        return _call_disabled(fn, recursive, args, kwargs)

    _disable_code(_fn)
    _fn._torchdynamo_disable = True
    _fn._torchdynamo_disable_recursive = recursive
    _fn._torchdynamo_orig_callable = fn
    return _fn


# disable(module): a wrapper module whose calls run the module eagerly (its
# forward is disable(module.forward)); other attributes are the module's.
class _DisabledModule(torch.nn.Module):
    def __init__(self, mod, recursive):
        self._orig_mod = mod
        self._recursive = recursive
        self.forward = _disabled_wrapper(mod.forward, recursive)

    def __call__(self, *args, **kwargs):
        return _call_disabled(self._orig_mod, self._recursive, args, kwargs)

    def __getattr__(self, name):
        if name == '_orig_mod':
            raise AttributeError("'_DisabledModule' object has no attribute '_orig_mod'")
        return getattr(self._orig_mod, name)


def is_dynamo_disable_recursive(fn):
    return getattr(fn, '_torchdynamo_disable_recursive', None)


# allow_in_graph(fn): Dynamo records a call to fn as one graph node; standin
# inlines it, which computes the same values. disallow_in_graph(fn) of a
# Python function: calls to it run eagerly (a graph break), as disable's do.
def allow_in_graph(fn):
    return fn


def disallow_in_graph(fn):
    if type(fn).__name__ == 'function':
        _disable_code(fn)
    return fn


forbid_in_graph = disallow_in_graph
nonstrict_trace = allow_in_graph


def cudagraph_mark_step_begin():
    pass  # (no CUDA graphs here)


# assume_constant_result(fn): a call to fn in a trace runs when the frame
# is traced, and its result is a constant of the graph (not guarded), as
# Dynamo's invoke_and_store_as_constant; called eagerly it is fn.
def assume_constant_result(fn):
    fn._dynamo_marked_constant = True
    return fn


# substitute_in_graph(original)(polyfill): Dynamo traces the polyfill in
# place of a C function. standin traces what it can of the original itself,
# so the decorated function is one that calls the original.
def substitute_in_graph(original_fn, *, can_constant_fold_through=False, skip_signature_check=False):
    if not callable(original_fn):
        raise TypeError('substitute_in_graph expects a callable, got ' + type(original_fn).__name__)

    def wrap(polyfill):
        import functools

        @functools.wraps(original_fn)
        def wrapper(*args, **kwargs):
            return original_fn(*args, **kwargs)
        wrapper.__torch_dynamo_original__ = original_fn
        wrapper.__torch_dynamo_polyfill__ = polyfill
        return wrapper
    return wrap


# The backends torch.compile accepts here; "eager" and "aot_eager" carry
# Dynamo's "debug" tag.
_backend_tags = {'inductor': (), 'eager': ('debug',), 'aot_eager': ('debug',)}


def list_backends(exclude_tags=('debug', 'experimental')):
    exclude = set(exclude_tags or ())
    return sorted(name for name, tags in _backend_tags.items() if not exclude.intersection(tags))


# torch.compiler.set_stance: how compiled callables behave from now on (a
# call), inside a with block, or in calls of a decorated function.
#   "default"             compile as usual (with force_backend: with it);
#   "force_eager"         every torch.compile'd call runs eagerly;
#   "eager_on_recompile"  cached graphs still run; a recompile runs eagerly;
#   "fail_on_recompile"   a compile raises RuntimeError instead;
#   "eager_then_compile"  a frame's first call runs eagerly, later ones compile.
class DynamoStance:
    def __init__(self, stance='default', skip_guard_eval_unsafe=False, backend=None):
        self.stance = stance
        self.skip_guard_eval_unsafe = skip_guard_eval_unsafe
        self.backend = backend

    def __repr__(self):
        return ('DynamoStance(stance=' + repr(self.stance) + ', skip_guard_eval_unsafe=' +
                repr(self.skip_guard_eval_unsafe) + ', backend=' + repr(self.backend) + ')')


_stance = [DynamoStance()]


def _set_stance(stance):
    if _in_compiled_call():
        raise RuntimeError('attempted to set_stance in a torch.compile region')
    prior = _stance[0]
    _stance[0] = stance
    _apply_stance(stance.stance, repr(stance), stance.backend)
    return prior


_disable_code(_set_stance)


class set_stance:
    def __init__(self, stance='default', *, skip_guard_eval_unsafe=False, force_backend=None):
        if force_backend is not None and stance != 'default':
            raise RuntimeError('non-default stance cannot have force_backend set')
        self.stance = DynamoStance(stance, skip_guard_eval_unsafe, force_backend)
        self.prev = _set_stance(self.stance)

    def __call__(self, fn):
        import functools
        _set_stance(self.prev)
        stance = self.stance

        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            prior = _set_stance(stance)
            try:
                return fn(*args, **kwargs)
            finally:
                _set_stance(prior)
        return wrapper

    def __enter__(self):
        _set_stance(self.stance)

    def __exit__(self, *exc):
        _set_stance(self.prev)
        return False

    def clone(self):
        return set_stance(self.stance.stance, force_backend=self.stance.backend)


# standin's shapes are static (a new size recompiles): marking a dimension
# dynamic or static checks it exists and changes nothing else.
def mark_dynamic(t, index, min=None, max=None):
    for i in (index if isinstance(index, (list, tuple)) else [index]):
        if not -t.dim() <= i < t.dim():
            raise AssertionError('Attempting to mark dynamic dim ' + str(i) + ' on a tensor of rank ' + str(t.dim()))


def maybe_mark_dynamic(t, index):
    mark_dynamic(t, index)


def mark_static(t, index=None):
    if index is not None:
        mark_dynamic(t, index)


# (a CUDA-graphs hint: an input whose address stays the same; nothing to do here)
def mark_static_address(t, guard=True):
    if not isinstance(t, torch.Tensor):
        raise TypeError('mark_static_address expects a tensor but received ' + type(t).__name__)


def is_compiling():
    # torch.compiler.is_compiling, the builtin the translator answers True.
    return torch.compiler.is_compiling()


def is_dynamo_compiling():
    return torch.compiler.is_compiling()


class FrameSummary:
    def __init__(self, filename, lineno, name, line):
        self.filename = filename
        self.lineno = lineno
        self.name = name
        self.line = line

    def __repr__(self):
        return "<FrameSummary file " + self.filename + ", line " + str(self.lineno) + " in " + self.name + ">"


class BreakReason:
    def __init__(self, reason, user_stack=None):
        self.reason = reason
        self.user_stack = [FrameSummary(*f) for f in user_stack] if user_stack else []

    def __repr__(self):
        return "GraphCompileReason(reason='" + self.reason + "')"


class ExplainOutput:
    def __init__(self, graphs, graph_count, graph_break_count, break_reasons, op_count, ops_per_graph, out_guards):
        self.graphs = graphs
        self.graph_count = graph_count
        self.graph_break_count = graph_break_count
        self.break_reasons = break_reasons
        self.op_count = op_count
        self.ops_per_graph = ops_per_graph
        self.out_guards = out_guards
        self.compile_times = ''

    def __str__(self):
        s = 'Graph Count: ' + str(self.graph_count) + '\n'
        s += 'Graph Break Count: ' + str(self.graph_break_count) + '\n'
        s += 'Op Count: ' + str(self.op_count) + '\n'
        s += 'Break Reasons:\n'
        for i, r in enumerate(self.break_reasons):
            s += '  Break Reason ' + str(i + 1) + ':\n    Reason: ' + r.reason + '\n    User Stack:\n'
            for frame in r.user_stack:
                s += '      ' + repr(frame) + '\n'
        s += 'Ops per Graph:\n'
        for i, ops in enumerate(self.ops_per_graph):
            s += '  Ops ' + str(i + 1) + ':\n'
            for op in ops:
                s += '    ' + str(op) + '\n'
        s += 'Out Guards:\n'
        for i, g in enumerate(self.out_guards):
            s += '  Guard ' + str(i + 1) + ':\n    ' + g + '\n'
        return s


def explain(f, *extra_args, **extra_kwargs):
    def inner(*args, **kwargs):
        reset()
        graphs = []
        ops_per_graph = []
        def backend(gm, example_inputs):
            graphs.append(gm)
            ops_per_graph.append([n.target for n in gm.graph.nodes if n.op == 'call_function'])
            return gm.forward
        _compile(f, backend, False)(*args, **kwargs)
        reasons = [BreakReason(r, stack) for r, stack in _break_reasons()]
        op_count = 0
        for ops in ops_per_graph:
            op_count += len(ops)
        # As Dynamo's explain: every graph after the first follows a break.
        return ExplainOutput(graphs, len(graphs), len(graphs) - 1, reasons, op_count, ops_per_graph, _guard_texts())
    if extra_args or extra_kwargs:
        return inner(*extra_args, **extra_kwargs)
    return inner
)PY";

inline constexpr std::string_view testing_prelude = R"PY(
three = 3  # a module constant Dynamo's tests read (torch._dynamo.testing.three)


class CompileCounter:
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if 'call' in node.op:
                self.op_count += 1
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


class CompileCounterWithBackend:
    def __init__(self, backend):
        self.frame_count = 0
        self.op_count = 0
        self.backend = backend
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        for node in gm.graph.nodes:
            if 'call' in node.op:
                self.op_count += 1
        self.graphs.append(gm)
        # The wrapped backend compiles the graph (EagerAndRecordGraphs records it).
        if callable(self.backend):
            return self.backend(gm, example_inputs)
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
        self.graphs = []


class EagerAndRecordGraphs:
    def __init__(self):
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.graphs.append(gm)
        return gm.forward


# (AOTAutograd's forward and backward graphs are not made here: the forward
# graph is recorded in both graphs and fw_graphs, bw_graphs stays empty.)
class AotEagerAndRecordGraphs:
    def __init__(self):
        self.graphs = []
        self.fw_graphs = []
        self.bw_graphs = []

    def __call__(self, gm, example_inputs):
        self.graphs.append(gm)
        self.fw_graphs.append(gm)
        return gm.forward


# A graph's printed code without its comment lines and trailing spaces.
def remove_trailing_space(code):
    return '\n'.join(line.rstrip() for line in code.split('\n'))


def normalize_gm(gm_str):
    return remove_trailing_space('\n'.join(line for line in gm_str.split('\n') if not line.lstrip(' ').startswith('#')))


def same(ref, res, fp64_ref=None, cos_similarity=False, tol=1e-4, equal_nan=False, exact_dtype=True,
         relax_numpy_equality=False, ignore_non_fp=False, log_error=None):
    if isinstance(ref, (list, tuple)):
        if not isinstance(res, (list, tuple)) or len(ref) != len(res):
            return False
        for a, b in zip(ref, res):
            if not same(a, b, tol=tol, equal_nan=equal_nan, exact_dtype=exact_dtype):
                return False
        return True
    if isinstance(ref, dict):
        if not isinstance(res, dict) or list(ref.keys()) != list(res.keys()):
            return False
        for k in ref:
            if not same(ref[k], res[k], tol=tol, equal_nan=equal_nan, exact_dtype=exact_dtype):
                return False
        return True
    if isinstance(ref, (torch.Tensor, float)):
        # As Dynamo's: numbers become tensors, and shapes that broadcast compare (allclose).
        if not isinstance(ref, torch.Tensor):
            ref = torch.tensor(ref)
        if isinstance(res, (int, float, bool)):
            res = torch.tensor(res)
        if not isinstance(res, torch.Tensor):
            return False
        if tuple(ref.shape) != tuple(res.shape):
            try:
                shape = torch.broadcast_shapes(ref.shape, res.shape)
            except RuntimeError:
                return False
            ref, res = ref.expand(shape), res.expand(shape)
        if exact_dtype and ref.dtype != res.dtype:
            return False
        if ref.numel() == 0:
            return True
        if ref.dtype == torch.bool:
            return bool((ref == res).all())
        a = ref.to(torch.float64)
        b = res.to(torch.float64)
        # As allclose: equal values (infinities included) pass, NaN only with equal_nan.
        close = (a == b) | ((a - b).abs() <= tol + tol * b.abs())
        if equal_nan:
            close = close | (torch.isnan(a) & torch.isnan(b))
        return bool(close.all())
    if hasattr(ref, '__dict__') and not isinstance(ref, type) and getattr(type(ref), '__module__', 'builtins') not in ('builtins', 'torch'):
        # a user object (Dynamo's list of model output classes, and more):
        # the same class and the same attributes
        if type(ref) is not type(res):
            return False
        for key in vars(ref):
            if not same(getattr(ref, key), getattr(res, key), tol=tol, equal_nan=equal_nan, exact_dtype=exact_dtype):
                return False
        return True
    return ref == res


def standard_test(self, fn, nargs, expected_ops=None, expected_ops_dynamic=None, expected_frame_count=1):
    actual = CompileCounter()
    args1 = [torch.randn(10, 10) for _ in range(nargs)]
    args2 = [torch.randn(10, 10) for _ in range(nargs)]
    correct1 = fn(*args1)
    correct2 = fn(*args2)
    torch._dynamo.reset()
    opt_fn = torch._dynamo.optimize_assert(actual)(fn)
    val1a = opt_fn(*args1)
    val2a = opt_fn(*args2)
    val1b = opt_fn(*args1)
    val2b = opt_fn(*args2)
    torch._dynamo.reset()
    assert same(val1a, correct1), 'val1a != correct1'
    assert same(val1b, correct1), 'val1b != correct1'
    assert same(val2a, correct2), 'val2a != correct2'
    assert same(val2b, correct2), 'val2b != correct2'
    assert actual.frame_count == expected_frame_count, 'frame_count ' + str(actual.frame_count) + ' != ' + str(expected_frame_count)
    if expected_ops is not None:
        assert actual.op_count == expected_ops, 'op_count ' + str(actual.op_count) + ' != ' + str(expected_ops)
)PY";

// torch._dynamo.config.patch, as a context manager and as a decorator.
inline constexpr std::string_view config_prelude = R"PY(
class _Patch:
    def __init__(self, changes):
        self.changes = changes
        self.saved = {}

    def __enter__(self):
        cfg = torch._dynamo.config
        saved = {}
        for k in self.changes:  # (an unknown key changes nothing)
            saved[k] = getattr(cfg, k)
        self.saved = saved
        for k, v in self.changes.items():
            setattr(cfg, k, v)
        return self

    def __exit__(self, exc_type, exc, tb):
        cfg = torch._dynamo.config
        for k, v in self.saved.items():
            setattr(cfg, k, v)
        return False

    def __call__(self, fn):
        patch = self

        def wrapper(*args, **kwargs):
            with patch:
                return fn(*args, **kwargs)

        return wrapper


def patch(arg1=None, arg2=None, **kwargs):
    changes = dict(kwargs)
    if isinstance(arg1, dict):
        changes.update(arg1)
    elif arg1 is not None:
        changes[arg1] = arg2
    return _Patch(changes)
)PY";

// torch.testing.assert_close, over torch._dynamo.testing.same.
inline constexpr std::string_view torch_testing_prelude = R"PY(
def assert_close(actual, expected, rtol=None, atol=None, equal_nan=False, check_dtype=True, msg=None):
    tol = 1e-5 if atol is None else atol
    if not torch._dynamo.testing.same(actual, expected, tol=tol, exact_dtype=check_dtype):
        raise AssertionError(msg or ('Tensor-likes are not close!\n' + repr(actual) + '\n' + repr(expected)))
)PY";

// torch._dynamo.test_case: enough of unittest.TestCase for Dynamo's own
// tests to run as guest programs (each test class's test_* methods, with
// reset() around each).
// torch._dynamo.utils: Dynamo's counters (DynamoState::count adds to them).
inline constexpr std::string_view utils_prelude = R"PY(
import collections

counters = collections.defaultdict(collections.Counter)


def _count(category, key, n):
    counters[category][key] += n


def is_compile_supported(device_type):
    return device_type == 'cpu'
)PY";

inline constexpr std::string_view test_case_prelude = R"PY(
# assertRaisesRegex's pattern: a regular expression searched for, as
# unittest does (the text itself, found as a substring, also passes).
def _text_matches(pattern, text):
    import re
    if pattern in text:
        return True
    try:
        return re.search(pattern, text) is not None
    except re.error:
        return False


class _RaisesContext:
    def __init__(self, expected, text=None):
        self.expected = expected
        self.text = text
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            raise AssertionError(self.expected.__name__ + ' not raised')
        if not issubclass(exc_type, self.expected):
            return False
        if self.text is not None and not _text_matches(self.text, str(exc)):
            raise AssertionError(repr(self.text) + ' not found in ' + repr(str(exc)))
        self.exception = exc
        return True


def _close(a, b):
    # As torch's TestCase.assertEqual: NaN equals NaN (equal_nan=True).
    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor):
        return torch._dynamo.testing.same(a, b, equal_nan=True, exact_dtype=False)
    if isinstance(a, torch.Tensor) and a.numel() == 1 and isinstance(b, (int, float, bool)):
        return abs(float(a) - b) <= 1e-5 + 1e-5 * abs(b)
    if isinstance(b, torch.Tensor) and b.numel() == 1 and isinstance(a, (int, float, bool)):
        return abs(float(b) - a) <= 1e-5 + 1e-5 * abs(a)
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        if len(a) != len(b):
            return False
        for x, y in zip(a, b):
            if not _close(x, y):
                return False
        return True
    if isinstance(a, dict) and isinstance(b, dict):
        if len(a) != len(b):
            return False
        for k in a:
            if k not in b or not _close(a[k], b[k]):
                return False
        return True
    if isinstance(a, float) or isinstance(b, float):
        if a != a and b != b:
            return True
        return abs(a - b) <= 1e-5 + 1e-5 * abs(b)
    return a == b


# unittest's skips and expected failures: a marked test (or every test of
# a marked class) is reported, not run; SkipTest raised in a test skips it.
class SkipTest(Exception):
    pass


def skip(reason):
    def mark(item):
        item.__unittest_skip__ = True
        item.__unittest_skip_why__ = reason
        return item
    if callable(reason) and not isinstance(reason, str):  # @skip without a reason
        item, reason = reason, ''
        return mark(item)
    return mark


def skipIf(condition, reason):
    return skip(reason) if condition else (lambda item: item)


def skipUnless(condition, reason):
    return skip(reason) if not condition else (lambda item: item)


def expectedFailure(fn):
    fn.__unittest_expecting_failure__ = True
    return fn


class _SubTest:
    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


class TestCase:
    # As Dynamo's: each test starts with fresh caches and counters, and the
    # grad mode a test switched is switched back after it.
    def setUp(self):
        self._prior_is_grad_enabled = torch.is_grad_enabled()
        torch._dynamo.reset()
        torch._dynamo.utils.counters.clear()

    def tearDown(self):
        torch._dynamo.reset()
        torch._dynamo.utils.counters.clear()
        torch._set_grad_enabled(self.__dict__.get('_prior_is_grad_enabled', True))

    def fail(self, msg=None):
        raise AssertionError(msg or 'fail')

    def skipTest(self, reason):
        raise SkipTest(reason)

    # (a failing subtest fails the test at once: the rest are not run)
    def subTest(self, msg=None, **params):
        return _SubTest()

    @classmethod
    def setUpClass(cls):
        pass

    @classmethod
    def tearDownClass(cls):
        pass

    def assertNotIsInstance(self, x, cls, msg=None):
        if isinstance(x, cls):
            raise AssertionError(msg or (repr(x) + ' is an instance of ' + repr(cls)))

    def assertSequenceEqual(self, a, b, msg=None, seq_type=None):
        if seq_type is not None and not isinstance(a, seq_type):
            raise AssertionError(msg or ('First sequence is not a ' + seq_type.__name__ + ': ' + repr(a)))
        if seq_type is not None and not isinstance(b, seq_type):
            raise AssertionError(msg or ('Second sequence is not a ' + seq_type.__name__ + ': ' + repr(b)))
        if len(a) != len(b) or any(x != y for x, y in zip(a, b)):
            raise AssertionError(msg or (repr(a) + ' != ' + repr(b)))

    def assertListEqual(self, a, b, msg=None):
        self.assertSequenceEqual(a, b, msg, list)

    def assertTupleEqual(self, a, b, msg=None):
        self.assertSequenceEqual(a, b, msg, tuple)

    def assertDictEqual(self, a, b, msg=None):
        if a != b:
            raise AssertionError(msg or (repr(a) + ' != ' + repr(b)))

    def assertSetEqual(self, a, b, msg=None):
        if set(a) != set(b):
            raise AssertionError(msg or (repr(a) + ' != ' + repr(b)))

    def assertMultiLineEqual(self, a, b, msg=None):
        if a != b:
            raise AssertionError(msg or (repr(a) + ' != ' + repr(b)))

    def assertNotAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        diff = abs(first - second)
        close = diff <= delta if delta is not None else round(diff, 7 if places is None else places) == 0
        if first == second or close:
            raise AssertionError(msg or repr(first) + ' == ' + repr(second) + ' within tolerance')

    def assertEqual(self, a, b, msg=None):
        if not _close(a, b):
            raise AssertionError(msg or (repr(a) + ' != ' + repr(b)))

    def assertNotEqual(self, a, b, msg=None):
        if _close(a, b):
            raise AssertionError(msg or (repr(a) + ' == ' + repr(b)))

    def assertTrue(self, x, msg=None):
        if not x:
            raise AssertionError(msg or (repr(x) + ' is not true'))

    def assertFalse(self, x, msg=None):
        if x:
            raise AssertionError(msg or (repr(x) + ' is not false'))

    def assertIs(self, a, b, msg=None):
        if a is not b:
            raise AssertionError(msg or (repr(a) + ' is not ' + repr(b)))

    def assertIsNot(self, a, b, msg=None):
        if a is b:
            raise AssertionError(msg or 'unexpectedly identical: ' + repr(a))

    def assertIsNone(self, x, msg=None):
        self.assertIs(x, None, msg)

    def assertIsNotNone(self, x, msg=None):
        self.assertIsNot(x, None, msg)

    def assertIn(self, a, b, msg=None):
        if a not in b:
            raise AssertionError(msg or (repr(a) + ' not found in ' + repr(b)))

    def assertNotIn(self, a, b, msg=None):
        if a in b:
            raise AssertionError(msg or (repr(a) + ' unexpectedly found in ' + repr(b)))

    def assertIsInstance(self, x, cls, msg=None):
        if not isinstance(x, cls):
            raise AssertionError(msg or (repr(x) + ' is not an instance of ' + repr(cls)))

    def assertGreater(self, a, b, msg=None):
        self.assertTrue(a > b, msg or (repr(a) + ' not greater than ' + repr(b)))

    def assertGreaterEqual(self, a, b, msg=None):
        self.assertTrue(a >= b, msg or (repr(a) + ' not greater than or equal to ' + repr(b)))

    def assertLess(self, a, b, msg=None):
        self.assertTrue(a < b, msg or (repr(a) + ' not less than ' + repr(b)))

    def assertLessEqual(self, a, b, msg=None):
        self.assertTrue(a <= b, msg or (repr(a) + ' not less than or equal to ' + repr(b)))

    def assertRaises(self, expected, fn=None, *args, **kwargs):
        ctx = _RaisesContext(expected)
        if fn is None:
            return ctx
        with ctx:
            fn(*args, **kwargs)

    def assertRaisesRegex(self, expected, text, fn=None, *args, **kwargs):
        ctx = _RaisesContext(expected, text)
        if fn is None:
            return ctx
        with ctx:
            fn(*args, **kwargs)

    def assertRegex(self, text, pattern, msg=None):
        if not _text_matches(pattern, text):
            raise AssertionError(msg or 'Regex didn' + "'" + 't match: ' + repr(pattern) + ' not found in ' + repr(text))

    def assertNotRegex(self, text, pattern, msg=None):
        import re
        m = re.search(pattern, text)
        if m is not None:
            raise AssertionError(msg or 'Regex matched: ' + repr(m.group()) + ' matches ' + repr(pattern) + ' in ' + repr(text))

    def assertAlmostEqual(self, first, second, places=None, msg=None, delta=None):
        if first == second:
            return
        diff = abs(first - second)
        if delta is not None:
            ok = diff <= delta
        else:
            ok = round(diff, 7 if places is None else places) == 0
        if not ok:
            raise AssertionError(msg or repr(first) + ' != ' + repr(second) + ' within tolerance')

    def assertCountEqual(self, first, second, msg=None):
        a, b = list(first), list(second)
        for x in a:
            if x in b:
                b.remove(x)
            else:
                raise AssertionError(msg or 'Element counts were not equal')
        if b:
            raise AssertionError(msg or 'Element counts were not equal')

    def assertExpectedInline(self, actual, expected, skip=0):
        actual = str(actual)  # cnt.frame_count against "1", as torch's TestCase allows
        if actual.strip() != expected.strip():
            raise AssertionError('expected:\n' + expected + '\nactual:\n' + actual)


def _test_names(cls):
    # every class of the MRO (mixins too, as unittest's loader finds them)
    names = []
    for c in cls.__mro__:
        if c is TestCase or c is object:
            continue
        for k in c.__dict__:
            if k.startswith('test') and k not in names and callable(getattr(cls, k)):
                names.append(k)
    return sorted(names)


def run_tests():
    g = torch._dynamo._main_globals()
    count = 0
    failures = []
    for name in list(g.keys()):
        cls = g[name]
        if not isinstance(cls, type) or cls is TestCase or not issubclass(cls, TestCase):
            continue
        if getattr(cls, '__unittest_skip__', False):
            print('skip ' + name + ': ' + str(getattr(cls, '__unittest_skip_why__', '')))
            continue
        cls.setUpClass()
        for test in _test_names(cls):
            method = getattr(cls, test)
            if getattr(method, '__unittest_skip__', False):
                print('skip ' + name + '.' + test + ': ' + str(getattr(method, '__unittest_skip_why__', '')))
                continue
            expecting_failure = getattr(method, '__unittest_expecting_failure__', False)
            count += 1
            case = cls()
            case.setUp()
            try:
                getattr(case, test)()
                if expecting_failure:
                    failures.append(name + '.' + test)
                    print('FAIL ' + name + '.' + test + ': unexpected success')
                else:
                    print('ok   ' + name + '.' + test)
            except SkipTest as e:
                count -= 1
                print('skip ' + name + '.' + test + ': ' + str(e))
            except Exception as e:
                if expecting_failure:
                    print('ok   ' + name + '.' + test + ' (expected failure)')
                else:
                    failures.append(name + '.' + test)
                    print('FAIL ' + name + '.' + test + ': ' + type(e).__name__ + ': ' + str(e))
            case.tearDown()
        cls.tearDownClass()
    print(str(count) + ' tests, ' + str(len(failures)) + ' failures')
    if failures:
        raise AssertionError('failed: ' + ', '.join(failures))
)PY";

inline CompiledFunction& compiled_function(const Value& self) {
    return *static_cast<CompiledFunction*>(self.as<NativeObject>());
}

inline Value call_compiled_function(Interpreter& vm, const Value& self, std::span<const Value> args,
                                    std::span<const KwArg> kwargs) {
    const CompiledFunction& cf = compiled_function(self);
    (void)vm;
    return cf.state->call_compiled(cf.fn, cf.context, args, kwargs);
}

inline Value make_compiled(Interpreter& vm, const Value& fn, Value backend, bool fullgraph, Value guard_fail_fn = Value()) {
    if (backend.is<Str>()) {
        std::string_view b = backend.as<Str>()->view();
        if (b != "inductor" && b != "eager" && b != "aot_eager")
            raise(exc::RuntimeError, "backend '" + std::string(b) + "' is not registered (standin has \"inductor\", "
                                                                    "\"eager\" and \"aot_eager\", or pass a callable)");
    } else if (backend.is_none()) {
        backend = str("inductor");
    }
    auto cf = make_ref<CompiledFunction>();
    // torch.compile(torch.compile(f)): f compiled with the outer backend (Dynamo's innermost_fn).
    cf->fn = fn;
    while (auto* b = cf->fn.dyn<Builtin>()) {
        if (b->fn() != &call_compiled_function) break;
        Value inner = compiled_function(b->self()).fn;
        cf->fn = std::move(inner);
    }
    const std::uint64_t key = backend_key_of(backend);
    cf->context = CompileContext{std::move(backend), fullgraph, key, std::move(guard_fail_fn)};
    cf->state = &dynamo_state(vm);
    Str* name = intern("compiled");
    if (auto* f = fn.dyn<Function>()) name = f->name();
    return make_value<Builtin>(name, &call_compiled_function, Value(std::move(cf)));
}

inline Value api_compile(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    if (args.size() != 3 && args.size() != 4) raise(exc::TypeError, "_compile(fn, backend, fullgraph, guard_fail_fn=None)");
    return make_compiled(vm, args[0], args[1], vm.truthy(args[2]), args.size() == 4 ? args[3] : Value());
}
// The function a torch.compile'd callable wraps (itself for anything else).
inline Value api_orig_callable(Interpreter&, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    if (args.size() != 1) raise(exc::TypeError, "_orig_callable(fn)");
    if (auto* b = args[0].dyn<Builtin>(); b && b->fn() == &call_compiled_function) return compiled_function(b->self()).fn;
    return args[0];
}
inline Value api_reset(Interpreter& vm, const Value&, std::span<const Value>, std::span<const KwArg>) {
    dynamo_state(vm).reset();
    return Value();
}
inline Value api_graph_break(Interpreter&, const Value&, std::span<const Value>, std::span<const KwArg>) { return Value(); }
inline Value api_disable_code(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    if (args.size() == 1)
        if (auto* f = args[0].dyn<Function>()) dynamo_state(vm).disable(f->code().as<Code>());
    return Value();
}
// _call_disabled(fn, recursive, args, kwargs): disable()'s wrapper body.
inline Value api_call_disabled(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    if (args.size() != 4 || !args[2].is<Tuple>() || !args[3].is<Dict>()) raise(exc::TypeError, "_call_disabled(fn, recursive, args, kwargs)");
    std::vector<KwArg> kwargs;
    args[3].as<Dict>()->for_each([&](const Value& k, const Value& v) {
        if (k.is<Str>()) kwargs.push_back(KwArg{intern(k.as<Str>()->view()), v});
    });
    return dynamo_state(vm).call_disabled(args[0], vm.truthy(args[1]), args[2].as<Tuple>()->items(), kwargs);
}
inline Value api_break_reasons(Interpreter& vm, const Value&, std::span<const Value>, std::span<const KwArg>) {
    std::vector<Value> out;
    for (const auto& r : dynamo_state(vm).break_reasons) {
        std::vector<Value> frames;
        for (const auto& [file, line, name, text] : r.stack)
            frames.push_back(tuple(std::vector<Value>{str(file), Value(static_cast<std::int64_t>(line)), str(name), str(text)}));
        out.push_back(tuple(std::vector<Value>{str(r.reason), list(std::move(frames))}));
    }
    return list(std::move(out));
}
// _apply_stance(name, repr, force_backend): set_stance's state, which the
// compiled callables and the frame hook read.
inline Value api_apply_stance(Interpreter& vm, const Value&, std::span<const Value> args, std::span<const KwArg>) {
    if (args.size() != 3 || !args[0].is<Str>() || !args[1].is<Str>())
        raise(exc::TypeError, "_apply_stance(name, repr, force_backend)");
    dynamo_state(vm).set_stance(args[0].as<Str>()->view(), args[1].as<Str>()->text(), args[2]);
    return Value();
}
inline Value api_in_compiled_call(Interpreter& vm, const Value&, std::span<const Value>, std::span<const KwArg>) {
    return Value(dynamo_state(vm).in_compiled_call());
}
inline Value api_main_globals(Interpreter& vm, const Value&, std::span<const Value>, std::span<const KwArg>) {
    return Value::borrow(&vm.globals());
}
inline Value api_guard_texts(Interpreter& vm, const Value&, std::span<const Value>, std::span<const KwArg>) {
    std::vector<Value> out;
    for (const auto& g : dynamo_state(vm).guard_texts) out.push_back(str(g));
    return list(std::move(out));
}

}  // namespace detail::dynamo

STANDIN_DECL void detail::install_dynamo(Interpreter& vm) {
    using namespace detail::dynamo;
    ref<Module> torch = vm.find_module("torch");
    if (!torch) return;
    auto dyn = make_ref<Module>(intern("torch._dynamo"));
    Dict& d = *dyn->dict();
    d.set(intern("__name__"), str("torch._dynamo"));
    d.set(intern("torch"), Value(torch));
    d.set(intern("_state"), Value(make_ref<DynamoState>(vm)));
    auto fn = [&](Dict& dict, std::string_view name, Builtin::Fn f) { dict.set(intern(name), vm.make_builtin(name, f)); };
    fn(d, "_compile", &api_compile);
    fn(d, "reset", &api_reset);
    fn(d, "_orig_callable", &api_orig_callable);
    fn(d, "graph_break", &api_graph_break);
    fn(d, "_disable_code", &api_disable_code);
    fn(d, "_call_disabled", &api_call_disabled);
    fn(d, "_break_reasons", &api_break_reasons);
    fn(d, "_guard_texts", &api_guard_texts);
    fn(d, "_main_globals", &api_main_globals);
    fn(d, "_apply_stance", &api_apply_stance);
    fn(d, "_in_compiled_call", &api_in_compiled_call);
    auto config = make_ref<Module>(intern("torch._dynamo.config"));
    for (std::string_view name : {"recompile_limit", "cache_size_limit", "accumulated_recompile_limit"})
        config->dict()->set(intern(name), Value(std::int64_t{name == "accumulated_recompile_limit" ? 256 : 8}));
    for (std::string_view name : {"automatic_dynamic_shapes", "assume_static_by_default", "specialize_int", "specialize_float"})
        config->dict()->set(intern(name), Value(true));
    // (enable_trace_unittest: the test harness's TestCase methods are traced
    // through, as Dynamo's own tests set it; otherwise they are skipped.)
    for (std::string_view name : {"suppress_errors", "verbose", "capture_scalar_outputs", "inline_inbuilt_nn_modules",
                                  "capture_dynamic_output_shape_ops", "enable_trace_unittest", "error_on_recompile",
                                  "guard_nn_modules", "allow_unspec_int_on_nn_module", "fail_on_recompile_limit_hit"})
        config->dict()->set(intern(name), Value(name == "inline_inbuilt_nn_modules"));
    auto testing = make_ref<Module>(intern("torch._dynamo.testing"));
    testing->dict()->set(intern("torch"), Value(torch));
    auto utils = make_ref<Module>(intern("torch._dynamo.utils"));
    auto exc_module = make_ref<Module>(intern("torch._dynamo.exc"));
    auto test_case = make_ref<Module>(intern("torch._dynamo.test_case"));
    test_case->dict()->set(intern("torch"), Value(torch));
    d.set(intern("config"), Value(config));
    d.set(intern("testing"), Value(testing));
    d.set(intern("exc"), Value(exc_module));
    d.set(intern("test_case"), Value(test_case));
    d.set(intern("utils"), Value(utils));
    torch->dict()->set(intern("_dynamo"), Value(dyn));
    vm.register_module("torch._dynamo", dyn);
    vm.register_module("torch._dynamo.config", config);
    vm.register_module("torch._dynamo.testing", testing);
    vm.register_module("torch._dynamo.exc", exc_module);
    vm.register_module("torch._dynamo.test_case", test_case);
    vm.register_module("torch._dynamo.utils", utils);
    // torch._dynamo.eval_frame: the names code imports from there.
    auto eval_frame_module = make_ref<Module>(intern("torch._dynamo.eval_frame"));
    d.set(intern("eval_frame"), Value(eval_frame_module));
    vm.register_module("torch._dynamo.eval_frame", eval_frame_module);
    // torch._dynamo.exc's hierarchy (standin raises Unsupported; the rest exist
    // for code that names them in except clauses and assertRaises).
    vm.exec_prelude("class TorchDynamoException(RuntimeError):\n    pass\n"
                    "class InternalTorchDynamoError(TorchDynamoException):\n    pass\n"
                    "class RestartAnalysis(TorchDynamoException):\n    pass\n"
                    "class SkipFrame(TorchDynamoException):\n    pass\n"
                    "class TorchRuntimeError(TorchDynamoException):\n    pass\n"
                    "class InvalidBackend(TorchDynamoException):\n    pass\n"
                    "class BackendCompilerFailed(TorchDynamoException):\n    pass\n"
                    "class RecompileError(TorchDynamoException):\n    pass\n"
                    "class Unsupported(TorchDynamoException):\n    pass\n"
                    "class FailOnRecompileLimitHit(Exception):\n    pass\n"
                    "class ArgsMismatchError(Unsupported):\n    pass\n"
                    "class AttributeMutationError(Unsupported):\n    pass\n"
                    "class UserError(Unsupported):\n    pass\n"
                    "class IncorrectUsage(Exception):\n    pass\n",
                    "<torch._dynamo.exc>", *exc_module->dict());
    vm.exec_prelude(dynamo_prelude, "<torch._dynamo>", d);
    vm.exec_prelude(utils_prelude, "<torch._dynamo.utils>", *utils->dict());
    vm.exec_prelude(testing_prelude, "<torch._dynamo.testing>", *testing->dict());
    vm.exec_prelude(test_case_prelude, "<torch._dynamo.test_case>", *test_case->dict());
    config->dict()->set(intern("torch"), Value(torch));
    vm.exec_prelude(config_prelude, "<torch._dynamo.config>", *config->dict());
    // torch.testing (assert_close) and a unittest whose TestCase and main are
    // torch._dynamo.test_case's, so tests written against either run.
    auto torch_testing = make_ref<Module>(intern("torch.testing"));
    torch_testing->dict()->set(intern("torch"), Value(torch));
    vm.exec_prelude(torch_testing_prelude, "<torch.testing>", *torch_testing->dict());
    torch->dict()->set(intern("testing"), Value(torch_testing));
    vm.register_module("torch.testing", torch_testing);
    if (!vm.find_module("unittest")) {
        auto unittest = make_ref<Module>(intern("unittest"));
        unittest->dict()->set(intern("TestCase"), *test_case->dict()->find(intern("TestCase")));
        unittest->dict()->set(intern("main"), *test_case->dict()->find(intern("run_tests")));
        for (const char* name : {"SkipTest", "skip", "skipIf", "skipUnless", "expectedFailure"})
            unittest->dict()->set(intern(name), *test_case->dict()->find(intern(name)));
        vm.register_module("unittest", unittest);
    }
    torch->dict()->set(intern("compile"), *d.find(intern("compile")));
    for (const char* name : {"OptimizedModule", "disable", "DynamoStance", "set_stance", "innermost_fn"})
        eval_frame_module->dict()->set(intern(name), *d.find(intern(name)));
    if (ref<Module> compiler = vm.find_module("torch.compiler")) {
        compiler->dict()->set(intern("disable"), *d.find(intern("disable")));
        compiler->dict()->set(intern("reset"), *d.find(intern("reset")));
        for (const char* name : {"set_stance", "list_backends", "allow_in_graph", "assume_constant_result",
                                 "substitute_in_graph", "nonstrict_trace", "cudagraph_mark_step_begin"})
            compiler->dict()->set(intern(name), *d.find(intern(name)));
    }
}

STANDIN_DECL Value compile(Interpreter& vm, const Value& fn, const CompileOptions& options) {
    return detail::dynamo::make_compiled(vm, fn, str(options.backend), options.fullgraph);
}

STANDIN_DECL Value compile_with_backend(Interpreter& vm, const Value& fn, const Value& backend, bool fullgraph) {
    return detail::dynamo::make_compiled(vm, fn, backend, fullgraph);
}

STANDIN_DECL void compile_all_frames(Interpreter& vm) { dynamo_state(vm).compile_everything(str("eager")); }

STANDIN_DECL DynamoStats dynamo_stats(Interpreter& vm) {
    DynamoState& s = dynamo_state(vm);
    return DynamoStats{s.frames_compiled(), s.frames_eager(), s.frames_skipped()};
}

STANDIN_DECL void set_dynamo_logs(Interpreter& vm, const std::string& spec) { dynamo_state(vm).set_logs(spec); }

STANDIN_NAMESPACE_END
