# add/sub with alpha= round once, as torch's CPU kernel (a fused
# multiply-add), so optimizer steps agree with torch to the last bit; full
# float reprs are printed on purpose.
import torch

a = torch.tensor([0.6000000238418579, 0.2, -1.5, 3.25])
b = torch.tensor([6.0, 3.0, 0.3, -7.1])
print(a.add(b, alpha=-0.1).tolist(), torch.sub(a, b, alpha=0.7).tolist(), torch.add(a, b, alpha=3).tolist())
c = a.clone()
c.add_(b, alpha=1e-3)
c.sub_(b[0], alpha=0.3)
print(c.tolist(), torch.add(a, 2.5, alpha=0.1).tolist())
print(a.double().add(b.double(), alpha=-0.1).tolist())


def run(make_opt, steps=6):
    w = torch.nn.Parameter(torch.linspace(-1.0, 1.0, 5))
    opt = make_opt([w])
    for i in range(steps):
        opt.zero_grad()
        loss = ((w * torch.arange(1.0, 6.0)).sin() * (i + 1)).sum()
        loss.backward()
        opt.step()
    return w.detach().tolist()


print("sgd", run(lambda p: torch.optim.SGD(p, lr=0.1)))
print("momentum", run(lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, weight_decay=1e-2)))
print("nesterov", run(lambda p: torch.optim.SGD(p, lr=0.03, momentum=0.8, nesterov=True)))
# addcmul rounds its last multiply and the add once (GCC contracts ATen's kernel)
print("adam", run(lambda p: torch.optim.Adam(p, lr=0.01)))
print("adamw", run(lambda p: torch.optim.AdamW(p, lr=0.01, weight_decay=0.1)))
print("amsgrad", run(lambda p: torch.optim.Adam(p, lr=0.01, amsgrad=True, weight_decay=0.01)))
print("adagrad", run(lambda p: torch.optim.Adagrad(p, lr=0.1)))
print("rmsprop", run(lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.5)))
print("rmsprop centered", run(lambda p: torch.optim.RMSprop(p, lr=0.01, centered=True)))
s = torch.linspace(-2.0, 2.0, 9)
t1 = torch.linspace(0.3, 1.7, 9)
print(torch.addcmul(s, t1, t1.flip(0), value=0.01).tolist(), s.clone().addcmul_(t1, t1, value=-1).tolist())
