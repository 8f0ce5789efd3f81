# load_state_dict walks the modules through each one's _load_from_state_dict (an override
# drops or renames keys), the state-dict hooks, and x[idx] = value dropping the value's
# leading size-1 dims as torch's __setitem__ does.
import torch
import torch.nn as nn


class FrozenBN(nn.Module):
    def __init__(self, n):
        super().__init__()
        self.register_buffer("weight", torch.ones(n))
        self.register_buffer("running_mean", torch.zeros(n))

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
        print("override called with prefix", repr(prefix))
        state_dict.pop(prefix + "num_batches_tracked", None)
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs)


m = nn.Sequential(FrozenBN(2))
sd = {"0.weight": torch.tensor([2., 3.]), "0.running_mean": torch.tensor([1., 1.]), "0.num_batches_tracked": torch.tensor(5)}
try:
    print(m.load_state_dict(sd))
    print(m[0].weight.tolist())
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])


class Renamer(nn.Module):  # old checkpoints used 'gamma'/'beta'
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(2)

    def _load_from_state_dict(self, state_dict, prefix, *args, **kwargs):
        for old, new in (("gamma", "weight"), ("beta", "bias")):
            if prefix + "ln." + old in state_dict:
                state_dict[prefix + "ln." + new] = state_dict.pop(prefix + "ln." + old)
        super()._load_from_state_dict(state_dict, prefix, *args, **kwargs)


r = Renamer()
try:
    print(r.load_state_dict({"ln.gamma": torch.tensor([5., 6.]), "ln.beta": torch.tensor([0., 1.])}), r.ln.weight.tolist())
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
import torch, torch.nn as nn
m = nn.Linear(2, 2)
def pre(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs):
    print("pre hook", prefix, sorted(state_dict))
    if prefix + "w" in state_dict:
        state_dict[prefix + "weight"] = state_dict.pop(prefix + "w")
try:
    m._register_load_state_dict_pre_hook(pre)
    print(m.load_state_dict({"w": torch.ones(2, 2), "bias": torch.zeros(2)}))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
def sdh(module, state_dict, prefix, local_metadata):
    state_dict[prefix + "extra"] = torch.tensor(1.)
try:
    m._register_state_dict_hook(sdh)
    print(sorted(m.state_dict().keys()))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
try:
    h = m.register_load_state_dict_post_hook(lambda mod, keys: print("post", keys.missing_keys))
    m.load_state_dict({"weight": torch.ones(2, 2), "bias": torch.zeros(2)})
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
sd = m.state_dict()
import torch
m = torch.zeros(2, 3)
try:
    m[0] = torch.arange(3.).view(1, 3); print(m.tolist())
except Exception as e: print("E1", e)
try:
    m[:, 1:] = torch.ones(1, 1, 2, 2) * 7; print(m.tolist())
except Exception as e: print("E2", e)
try:
    m[m > 5] = torch.tensor([[-1.0]]); print(m.tolist())
except Exception as e: print("E3", e)
try:
    m[torch.tensor([0, 1]), 0] = torch.ones(1, 2) * 4; print(m.tolist())
except Exception as e: print("E4", e)
try:
    m[..., 0] = torch.ones(1, 1, 2) * 5; print(m.tolist())
except Exception as e: print("E5", e)
adv = torch.zeros(3)
try:
    adv[1] = torch.ones(1, 1) * 2.5; print(adv.tolist())
except Exception as e: print('E0', e)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(2, 2)
        self.b = torch.nn.Sequential(torch.nn.Linear(2, 1), torch.nn.BatchNorm1d(1))


net = Net()
sd = {k: v.clone() for k, v in net.state_dict().items()}
del sd["b.1.num_batches_tracked"]
sd["b.0.extra"] = torch.zeros(1)
sd["zzz"] = torch.zeros(1)
del sd["a.bias"]
print(net.load_state_dict(sd, strict=False))
try:
    net.load_state_dict(sd)
except RuntimeError as e:
    print(str(e))
sd["a.bias"] = torch.zeros(3)
try:
    net.load_state_dict(sd, strict=False)
except RuntimeError as e:
    print(str(e))
