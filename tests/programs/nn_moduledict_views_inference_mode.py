# ModuleDict's keys/values/items are odict views, ParameterDict's dict views (as torch 1.13's);
# torch.is_inference_mode_enabled follows torch.inference_mode blocks.
import torch.nn as nn, torch
d=nn.ModuleDict({'a':nn.Identity(), 'b': nn.ReLU()}); print(d.keys(), d.values(), d.items())
p=nn.ParameterDict({'w': nn.Parameter(torch.ones(1))}); print(p.keys(), list(p.items())[0][0])
print(torch.is_inference_mode_enabled())
with torch.inference_mode(): print(torch.is_inference_mode_enabled())
print(torch.is_inference_mode_enabled())
for k, m in d.items(): print(k, m)
print(len(d.keys()), 'a' in d.keys(), list(d))
