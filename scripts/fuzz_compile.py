#!/usr/bin/env python3
"""Random compiled-vs-eager programs with mutations between calls.

Generates guest programs in which a function under @torch.compile reads its
arguments, globals, a config dict, a list and an object's attributes, mutates
some of them, and is called again and again while the caller changes those
values between calls (so guards must fail and the function recompile, or the
graph replay, exactly when eager would differ). Each program runs under standin
and under Debian's PyTorch (torch.compile there is replaced by the identity:
1.13 has none), and the outputs must agree.

    scripts/fuzz_compile.py [--count N] [--seed S] [--standin PATH] [--keep DIR] [--timeout SECONDS]

Exit status 1 when some program disagrees; the failing programs are written to
--keep (default /tmp/standin-fuzz).
"""
import argparse
import os
import random
import subprocess
import sys

ORACLE = "/usr/bin/python3"  # Debian's python3-torch lives there
SHIM = "import torch\nif not hasattr(torch, 'compile'):\n    torch.compile = lambda f=None, **kw: f if f is not None else (lambda g: g)\n"


class Gen:
    def __init__(self, rng):
        self.r = rng

    def scalar(self):
        r = self.r
        return r.choice([
            "n", "s", "G_SCALE", "cfg['k']", "obj.w", "len(lst)", "lst[0]", "lst[-1]", "G_COUNT",
            str(r.randint(1, 4)), "%.1f" % r.choice([0.5, 1.5, 2.0, -1.0]), "(n % 3)", "obj.step",
        ])

    def tensor_expr(self, x):
        r = self.r
        k = r.randint(0, 13)
        if k == 0: return f"{x} + {self.scalar()}"
        if k == 1: return f"{x} * {self.scalar()}"
        if k == 2: return f"{x} - {self.scalar()}"
        if k == 3: return f"torch.relu({x})"
        if k == 4: return f"{x}.sigmoid() * {self.scalar()}"
        if k == 5: return f"{x} + obj.bias"
        if k == 6: return f"helper({x}, {self.scalar()})"
        if k == 7: return f"{x}.clamp(min=-2.0, max=2.0)"
        if k == 8: return f"{x} * G_T"
        if k == 9: return f"({x} + {x}.sum(dim=-1, keepdim=True)) / 4"
        if k == 10: return f"{x}.tanh() + cfg['k']"
        if k == 11: return f"{x}.abs() - 1"
        if k == 12: return f"torch.where({x} > 0, {x}, {x} * 0.1)"
        return f"{x}.flip(-1) * 0.5"

    def stmt(self, depth):
        r = self.r
        k = r.randint(0, 17)
        ind = "    " * depth
        if k <= 4:
            return [f"{ind}x = {self.tensor_expr('x')}"]
        if k == 5:
            return [f"{ind}if cfg['flag']:", f"{ind}    x = {self.tensor_expr('x')}", f"{ind}else:",
                    f"{ind}    x = {self.tensor_expr('x')}"]
        if k == 6:
            return [f"{ind}if n > {r.randint(0, 4)}:", f"{ind}    x = {self.tensor_expr('x')}"]
        if k == 7 and depth < 2:
            return [f"{ind}for i in range(n % 3):", f"{ind}    x = x + i"]
        if k == 8 and depth < 2:
            return [f"{ind}for v in lst[:3]:", f"{ind}    x = x * (v % 3 + 1) / 2"]
        if k == 9:
            return [f"{ind}lst.append(n)"] if r.random() < 0.5 else [f"{ind}if len(lst) > 3:", f"{ind}    lst.pop()"]
        if k == 10:
            return [f"{ind}obj.step += 1"]
        if k == 11:
            return [f"{ind}cfg['calls'] = cfg.get('calls', 0) + 1"]
        if k == 12:
            return [f"{ind}G_COUNT += 1"]
        if k == 13:
            return [f"{ind}if x.shape[0] > 2:", f"{ind}    x = x[1:]"]
        if k == 14:
            return [f"{ind}t = float(x.sum())", f"{ind}x = x + (1 if t > 0 else -1)"]
        if k == 15:
            return [f"{ind}obj.last = x.shape[-1]"]
        if k == 16:
            return [f"{ind}x = x.to(torch.float64) if cfg['wide'] else x"]
        if k == 17:
            return [f"{ind}y = x * 2", f"{ind}x = y - x"]
        return self.stmt_more(depth)

    def stmt_more(self, depth):
        r = self.r
        ind = "    " * depth
        k = r.randint(0, 17)
        if k == 0: return [f"{ind}obj.bias.add_(0.5)"]
        if k == 1: return [f"{ind}lst2 = [v * 2 for v in lst]", f"{ind}x = x + sum(lst2)"]
        if k == 2: return [f"{ind}d = {{kk: v for kk, v in cfg.items() if isinstance(v, float)}}", f"{ind}x = x + len(d)"]
        if k == 3: return [f"{ind}try:", f"{ind}    x = x + cfg['missing']", f"{ind}except KeyError:", f"{ind}    x = x - 1"]
        if k == 4: return [f"{ind}x = x + (obj.w if hasattr(obj, 'w') else 0)"]
        if k == 5: return [f"{ind}a, b = lst[0], lst[-1]", f"{ind}x = x * a + b"]
        if k == 6: return [f"{ind}x = torch.cat([x, x], dim=-1)[..., :3]"]
        if k == 7: return [f"{ind}x = mod(x)"]
        if k == 8: return [f"{ind}x = scale_fn(x)"]
        if k == 9: return [f"{ind}if cfg['mode'] == 'a':", f"{ind}    x = x + 1", f"{ind}elif cfg['mode'] == 'b':", f"{ind}    x = x * 3"]
        if k == 10: return [f"{ind}x = x * obj.get_w()"]
        if k == 11: return [f"{ind}print('inside', n, len(lst))"]
        if k == 12: return [f"{ind}x = x + torch.ones(3) * n"]
        if k == 13: return [f"{ind}x = x + G_T.sum().item()"]
        if k == 14: return [f"{ind}if isinstance(obj.w, int):", f"{ind}    x = x + 1", f"{ind}else:", f"{ind}    x = x - 1"]
        if k == 15: return [f"{ind}x = x.view(-1).reshape(x.shape)"]
        if k == 16: return [f"{ind}G_T.mul_(0.5)"]
        return [f"{ind}x = x + sum(obj.hist)", f"{ind}obj.hist.append(len(obj.hist))"]

    def program(self):
        r = self.r
        lines = [
            "import torch",
            "",
            "G_SCALE = 1.5",
            "G_COUNT = 0",
            "G_T = torch.tensor([1.0, -2.0, 0.5])",
            "",
            "class Obj:",
            "    def __init__(self):",
            "        self.w = 2",
            "        self.step = 0",
            "        self.bias = torch.tensor([0.5, 0.25, -0.5])",
            "        self.last = None",
            "        self.hist = []",
            "",
            "    def get_w(self):",
            "        return self.w * 0.5",
            "",
            "def make_scaler(k):",
            "    def scale(t):",
            "        return t * k",
            "    return scale",
            "",
            "scale_fn = make_scaler(2)",
            "mod = torch.nn.Linear(3, 3)",
            "with torch.no_grad():",
            "    mod.weight.copy_(torch.tensor([[0.5, 0.0, 0.25], [0.0, 1.0, 0.0], [-0.5, 0.25, 0.0]]))",
            "    mod.bias.copy_(torch.tensor([0.1, -0.1, 0.0]))",
            "",
            "def helper(t, k):",
            "    return t * k + G_SCALE",
            "",
            "@torch.compile(backend='eager')",
            "def f(x, n, s, lst, cfg, obj):",
        ]
        body = ["    global G_COUNT"]
        for _ in range(r.randint(3, 8)):
            body += self.stmt(1)
        body.append("    return x, n + 1, len(lst)")
        lines += body
        lines += [
            "",
            "def show(tag, out):",
            "    global G_T",
            "    t, a, b = out",
            "    print(tag, [round(v, 3) for v in t.flatten().tolist()], t.dtype, tuple(t.shape), a, b)",
            "",
            "obj = Obj()",
            "lst = [1, 2, 3]",
            "cfg = {'k': 0.5, 'flag': True, 'wide': False, 'mode': 'a'}",
        ]
        mutations = [
            "G_SCALE = G_SCALE + 1",
            "cfg['flag'] = not cfg['flag']",
            "cfg['k'] = cfg['k'] * 2",
            "cfg['wide'] = not cfg['wide']",
            "lst.append(len(lst))",
            "lst[0] = lst[0] + 1",
            "lst.pop() if len(lst) > 1 else None",
            "obj.w = obj.w + 1",
            "obj.bias = obj.bias * 2",
            "obj.bias.add_(1)",
            "G_T[0] = G_T[0] + 1",
            "G_T = torch.tensor([2.0, 1.0, -1.0])",
            "obj = Obj()",
            "cfg = dict(cfg)",
            "lst = list(lst)",
            "obj.w = 1.5",
            "cfg['k'] = 3",
            "with torch.no_grad():\n    mod.weight.mul_(2)",
            "mod.bias = torch.nn.Parameter(torch.tensor([1.0, 2.0, 3.0]))",
            "scale_fn = make_scaler(3)",
            "cfg['mode'] = 'b' if cfg['mode'] == 'a' else 'c'",
            "Obj.get_w = lambda self: 10",
            "obj.hist = [5]",
            "G_T.add_(1)",
            "mod.eval() if mod.training else mod.train()",
        ]
        shapes = ["(3,)", "(2, 3)", "(4, 3)", "(1, 3)"]
        calls = r.randint(4, 8)
        for c in range(calls):
            shape = r.choice(shapes)
            n = r.randint(0, 5)
            s = r.choice(["0.5", "1.0", "2.5", "-1.0"])
            lines.append(f"x = torch.arange(3 * {shape[1:-1].split(',')[0] if ',' in shape else 1}, dtype=torch.float32).reshape{shape} / 3 - 0.5"
                         if shape != "(3,)" else "x = torch.tensor([0.25, -1.0, 2.0])")
            lines.append("try:")
            lines.append(f"    show({c}, f(x, {n}, {s}, lst, cfg, obj))")
            lines.append("except Exception as e:")
            lines.append(f"    print({c}, 'error', type(e).__name__)")
            lines.append(f"print('state', G_COUNT, lst, sorted(cfg.items()), obj.step, obj.last)")
            for _ in range(r.randint(0, 3)):
                m = r.choice(mutations)
                if m.startswith("del"):
                    continue
                if m.startswith("G_"):
                    lines.append(m)
                else:
                    lines.append(m)
        return "\n".join(lines) + "\n"


class ModuleGen:
    """A module whose forward is compiled, its attributes, submodules and
    parameters changed between calls."""

    def __init__(self, rng):
        self.r = rng

    def forward_body(self):
        r = self.r
        lines = ["        h = self.fc1(x)"]
        options = [
            ["        h = self.act(h)"],
            ["        if self.use_norm:", "            h = self.norm(h)"],
            ["        h = h * self.scale"],
            ["        if self.mode == 'sum':", "            h = h + h.sum(dim=-1, keepdim=True)", "        else:",
             "            h = h - h.mean(dim=-1, keepdim=True)"],
            ["        for blk in self.blocks:", "            h = h + blk(h)"],
            ["        h = h + self.offset"],
            ["        self.calls += 1"],
            ["        if self.calls % 2 == 0:", "            h = h * 0.5"],
            ["        h = torch.softmax(h, dim=-1) * h.shape[-1]"],
            ["        h = self.extra(h) if self.extra is not None else h"],
            ["        self.history.append(h.shape[0])"],
            ["        h = F.gelu(h) if self.cfg['gelu'] else F.silu(h)"],
        ]
        for _ in range(r.randint(3, 7)):
            lines += r.choice(options)
        lines.append("        return self.fc2(h)")
        return lines

    def program(self):
        r = self.r
        lines = [
            "import torch",
            "import torch.nn as nn",
            "import torch.nn.functional as F",
            "",
            "def fill(module, k):",
            "    with torch.no_grad():",
            "        for i, p in enumerate(module.parameters()):",
            "            n = p.numel()",
            "            p.copy_((torch.arange(n, dtype=torch.float32).reshape(p.shape) % 7 - 3) / (5 + i + k))",
            "",
            "class Block(nn.Module):",
            "    def __init__(self, d):",
            "        super().__init__()",
            "        self.lin = nn.Linear(d, d)",
            "    def forward(self, x):",
            "        return torch.tanh(self.lin(x))",
            "",
            "class Net(nn.Module):",
            "    def __init__(self):",
            "        super().__init__()",
            "        self.fc1 = nn.Linear(4, 8)",
            "        self.fc2 = nn.Linear(8, 3)",
            "        self.norm = nn.LayerNorm(8)",
            "        self.act = nn.ReLU()",
            "        self.blocks = nn.ModuleList([Block(8) for _ in range(2)])",
            "        self.register_buffer('offset', torch.zeros(8))",
            "        self.scale = 1.5",
            "        self.use_norm = True",
            "        self.mode = 'sum'",
            "        self.calls = 0",
            "        self.extra = None",
            "        self.history = []",
            "        self.cfg = {'gelu': True}",
            "",
            "    def forward(self, x):",
        ]
        lines += self.forward_body()
        lines += [
            "",
            "net = Net()",
            "fill(net, 0)",
            "net.eval()",
            "step = torch.compile(net)",
            "",
            "def show(tag, y):",
            "    print(tag, tuple(y.shape), [round(v, 4) for v in y.flatten().tolist()])",
        ]
        mutations = [
            "net.scale = net.scale * 2",
            "net.use_norm = not net.use_norm",
            "net.mode = 'mean' if net.mode == 'sum' else 'sum'",
            "net.act = nn.Tanh()",
            "net.act = nn.GELU()",
            "fill(net, 3)",
            "net.offset.add_(0.25)",
            "net.offset = torch.ones(8) * 0.1",
            "net.extra = nn.Linear(8, 8)\nfill(net.extra, 1)",
            "net.extra = None",
            "net.blocks.append(Block(8))\nfill(net.blocks[-1], 2)",
            "net.cfg['gelu'] = not net.cfg['gelu']",
            "with torch.no_grad():\n    net.fc1.weight.mul_(-1)",
            "net.fc2.bias = nn.Parameter(torch.tensor([1.0, -1.0, 0.5]))",
            "net.train()",
            "net.eval()",
            "net.calls = 0",
        ]
        for c in range(r.randint(4, 8)):
            rows = r.choice([1, 2, 3, 5])
            lines.append(f"x = (torch.arange({rows} * 4, dtype=torch.float32).reshape({rows}, 4) - {c}) / 4")
            lines.append("try:")
            lines.append(f"    show({c}, step(x))")
            lines.append("except Exception as e:")
            lines.append(f"    print({c}, 'error', type(e).__name__, e)")
            lines.append("print('state', net.calls, net.history, net.training)")
            for _ in range(r.randint(0, 2)):
                lines.append(r.choice(mutations))
        return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--standin", default=os.path.join(os.path.dirname(__file__), "..", "build", "default", "bin", "standin"))
    ap.add_argument("--keep", default="/tmp/standin-fuzz")
    ap.add_argument("--modules", action="store_true", help="compiled nn.Module programs instead of functions")
    ap.add_argument("--timeout", type=int, default=300, help="seconds each run of a program may take")
    args = ap.parse_args()
    os.makedirs(args.keep, exist_ok=True)
    bad = 0
    for i in range(args.count):
        seed = args.seed * 100003 + i
        rng = random.Random(seed)
        src = (ModuleGen(rng) if args.modules else Gen(rng)).program()
        path = os.path.join(args.keep, f"prog_{seed}.py")
        with open(path, "w") as fh:
            fh.write(src)
        oracle_path = path + ".oracle.py"
        with open(oracle_path, "w") as fh:
            fh.write(SHIM + src)
        try:
            want = subprocess.run([ORACLE, oracle_path], capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            # (a slow machine: the program is kept, counted as not checked)
            print(f"seed {seed}: the oracle timed out after {args.timeout} s ({path})", file=sys.stderr)
            bad += 1
            continue
        try:
            got = subprocess.run([args.standin, "run", path], capture_output=True, text=True, timeout=args.timeout)
        except subprocess.TimeoutExpired:
            print(f"seed {seed}: MISMATCH ({path}): standin timed out after {args.timeout} s")
            bad += 1
            continue
        if want.returncode != 0:
            print(f"seed {seed}: the oracle failed:\n{want.stderr[-800:]}", file=sys.stderr)
            bad += 1
            continue
        if got.stdout != want.stdout or got.returncode != 0:
            bad += 1
            print(f"seed {seed}: MISMATCH ({path})")
            wl, gl = want.stdout.splitlines(), got.stdout.splitlines()
            for a, b in zip(wl, gl):
                if a != b:
                    print("  torch  :", a)
                    print("  standin:", b)
                    break
            else:
                print("  lengths", len(wl), len(gl), got.stderr[-600:])
        else:
            os.remove(path)
            os.remove(oracle_path)
    print(f"{args.count - bad}/{args.count} agree")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
