# A generator holding torch.no_grad() open: breaking out of the loop closes it,
# so grad mode comes back as in eager PyTorch.
import torch
import torch.nn as nn


def infer(model, batches):
    model.eval()
    with torch.no_grad():
        for xb in batches:
            yield model(xb).argmax(-1)


model = nn.Linear(3, 2)
batches = [torch.arange(6, dtype=torch.float32).reshape(2, 3) * k for k in range(4)]
for i, pred in enumerate(infer(model, batches)):
    print(i, pred.shape, torch.is_grad_enabled())
    if i == 1:
        break
print('after break', torch.is_grad_enabled())
print(sum(p.numel() for p in model.parameters()), [n for n, _ in model.named_parameters()])
print(next(model.parameters()).shape, type(model.parameters()).__name__)
