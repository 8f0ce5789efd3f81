# A 0-dim tensor operand of a wider dtype than the result (int64 with uint8,
# float64 with float16/bfloat16) is cast to the result's dtype before the op,
# as torch's TensorIterator does, the way a Python scalar is.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)

scalars = [torch.tensor(-6), torch.tensor(300), torch.tensor(-2.3, dtype=torch.float64), torch.tensor(True),
           torch.tensor(1e-3, dtype=torch.float64)]
tensors = [torch.tensor([0, 7, 1, 200], dtype=torch.uint8), torch.tensor([-3, 7, 1, 100], dtype=torch.int8),
           torch.tensor([0.6699, -1.25, 3.0, 1000.0], dtype=torch.float16),
           torch.tensor([0.6699, -1.25, 3.0, 1000.0], dtype=torch.bfloat16)]
ops = [("add", torch.add), ("mul", torch.mul), ("sub", torch.sub), ("minimum", torch.minimum),
       ("maximum", torch.maximum), ("lt", torch.lt), ("eq", torch.eq)]


def run(a, b):
    out = []
    for name, op in ops:
        for x, y in ((a, b), (b, a)):
            try:
                r = op(x, y)
                out.append((name, str(r.dtype), r.tolist()))
            except RuntimeError as e:
                out.append((name, "RuntimeError", str(e)[:60]))
    return out


for s in scalars:
    for t in tensors:
        print(run(s, t))
print(C(lambda a, b: (a + b, torch.minimum(a, b)))(torch.tensor(-6), tensors[0]))
