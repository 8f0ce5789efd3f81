# In-place ops whose float result cannot go into an int tensor raise as
# torch does; fill_/zero_ and scalar slice assignment write an expanded
# tensor (torch 1.13 allows them; add_/copy_ still refuse); a 0-dim tensor
# has no dim 0 to ask the size of; an out= tensor that shrinks keeps its
# storage, so its views see the result; in-place forms of common methods.
import torch

C = torch.compile if hasattr(torch, "compile") else (lambda f, **k: f)


def tr(name, fn):
    try:
        r = fn()
        print(name, r.tolist() if isinstance(r, torch.Tensor) else r)
    except Exception as e:
        print(name, "EXC", type(e).__name__, str(e)[:100])


def on_int(op):
    def run():
        x = torch.tensor([1, 2, 3])
        op(x)
        return x
    return run


tr("sqrt_", on_int(lambda x: x.sqrt_()))
tr("exp_", on_int(lambda x: x.exp_()))
tr("sigmoid_", on_int(lambda x: x.sigmoid_()))
tr("pow_half", on_int(lambda x: x.pow_(0.5)))
tr("clamp_float", on_int(lambda x: x.clamp_(0.5, 1.5)))
tr("clamp_min_float", on_int(lambda x: x.clamp_(min=1.5)))
tr("clamp_int", on_int(lambda x: x.clamp_(2, 2)))
tr("abs_", on_int(lambda x: x.neg_().abs_()))
tr("floor_divide_", on_int(lambda x: x.floor_divide_(2)))
tr("float_sqrt_", lambda: torch.tensor([4.0, 9.0]).sqrt_())

m = torch.arange(6.0).view(2, 3)
tr("cumsum_", lambda: m.clone().cumsum_(1))
tr("tril_", lambda: m.clone().tril_())
tr("addmm_", lambda: torch.zeros(2, 2).addmm_(m, m.t()))


def expanded():
    return torch.zeros(1).expand(2, 1)


def set_ellipsis():
    x = expanded()
    x[..., -1] = 7
    return x


def set_col():
    x = torch.zeros(3)[None].expand(2, 3)
    x[:, 0] = 1
    return x


tr("fill_expanded", lambda: expanded().fill_(3))
tr("zero_expanded", lambda: expanded().zero_())
tr("setitem_ellipsis", set_ellipsis)
tr("setitem_col", set_col)
tr("add_expanded", lambda: expanded().add_(1))
tr("copy_expanded", lambda: expanded().copy_(torch.ones(2, 1)))
fill = C(lambda x: x.fill_(5) + 0, backend="eager")
tr("compiled_fill_expanded", lambda: fill(expanded()))

s = torch.tensor(7)
tr("size0", lambda: s.size(0))
tr("size_m1", lambda: s.size(-1))
tr("stride0", lambda: s.stride(0))
tr("shape", lambda: (s.size(), s.dim(), torch.ones(2, 3).size(-1)))

B = torch.zeros(4)
V = B[:1]
torch.add(torch.tensor([5.0, 6.0, 7.0]), 1, out=B)
print(B.tolist(), V.tolist(), B.data_ptr() == V.data_ptr())

# flip: dims wrapped and checked; a 0-d tensor flips to a copy.
m2 = torch.arange(6.0).view(2, 3)
tr("flip_0d", lambda: s.flip(0))
tr("flip_0d_m1", lambda: s.flip(-1))
tr("flip_0d_bad", lambda: s.flip(1))
tr("flip_twice", lambda: m2.flip((0, 0)))
tr("flip_wrapped_twice", lambda: m2.flip((0, -2)))
tr("flip_out_of_range", lambda: m2.flip(2))
tr("flip_both", lambda: m2.flip((0, 1)))
