# What model code asks torch before acting: layouts and memory formats (x.layout,
# torch.strided, torch.channels_last, contiguous(memory_format=)), is_sparse /
# is_quantized / is_meta, torch.jit.annotate and _unwrap_optional, torch.onnx and
# torch.distributed flags, torch.fx's is_fx_tracing, torch._C._get_tracing_state,
# autocast dtypes, nn.init's fan helpers, autograd._is_checkpoint_valid,
# torch.tensor(range(...)), deque.extendleft; and the same read in a compiled function.
import collections
import torch
import torch.nn as nn
x = torch.ones(2, 3)
print(x.layout, torch.strided, x.is_sparse, x.is_quantized, x.is_meta, torch.contiguous_format, torch.channels_last)
print(x.is_contiguous(memory_format=torch.contiguous_format), x.contiguous(memory_format=torch.contiguous_format).shape)
print(torch.jit.annotate(int, 3), torch.jit._unwrap_optional(4))
print(torch.onnx.is_in_onnx_export(), torch.distributed.is_available())
import torch.fx
print(torch.fx._symbolic_trace.is_fx_tracing())
print(torch._C._get_tracing_state())
print(torch.get_autocast_gpu_dtype(), torch.get_autocast_cpu_dtype(), torch.is_autocast_enabled())
print(nn.init._calculate_correct_fan(torch.ones(4, 3, 2), "fan_out"), nn.init._calculate_fan_in_and_fan_out(torch.ones(4, 3)))
print(torch.autograd._is_checkpoint_valid())
print(torch.tensor(range(4)), torch.tensor(range(1, 7, 2), dtype=torch.float32))
d = collections.deque([1, 2]); d.extendleft([3, 4]); print(d)
print(type(x.layout), type(torch.channels_last))


def flags(x):
    if x.is_sparse or x.is_quantized or x.layout != torch.strided or torch.jit.is_scripting():
        return x - 1
    if torch.onnx.is_in_onnx_export() or torch.fx._symbolic_trace.is_fx_tracing():
        return x - 2
    return x.contiguous(memory_format=torch.contiguous_format) + x.size(dim=0)


compiled = torch.compile(flags) if hasattr(torch, "compile") else flags
print(flags(torch.ones(2)), compiled(torch.ones(2)))
