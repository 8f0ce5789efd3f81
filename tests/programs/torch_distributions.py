# torch.distributions as policy-gradient and VAE code uses it: Normal,
# Bernoulli, Categorical, OneHotCategorical, Uniform, Independent; log_prob,
# entropy, cdf/icdf, mean/variance/stddev/mode, kl_divergence, reprs,
# parameter validation errors, and rsample's shape (its values come from a
# random stream, so only shapes are printed).
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Normal, Categorical, Bernoulli, Uniform, Independent, OneHotCategorical, kl_divergence
from torch.distributions.normal import Normal as Normal2
import torch.distributions as D


def show(name, t):
    print(name, tuple(t.shape), [round(v, 5) for v in t.flatten().tolist()])


loc = torch.tensor([0.0, 1.0, -2.0])
scale = torch.tensor([1.0, 0.5, 2.0])
n = Normal(loc, scale)
print(n, Normal2 is Normal, n.batch_shape, n.event_shape)
x = torch.tensor([0.3, 1.2, -1.0])
show('log_prob', n.log_prob(x))
show('entropy', n.entropy())
show('cdf', n.cdf(x))
show('icdf', n.icdf(torch.tensor([0.1, 0.5, 0.9])))
show('mean/var/std', torch.stack([n.mean, n.variance, n.stddev]))
print(n.rsample().shape, n.sample((4,)).shape, n.rsample(torch.Size([2, 5])).shape)
print(Normal(0.0, 1.0), Normal(0.0, 1.0).log_prob(torch.tensor(0.5)))
show('kl normal', kl_divergence(n, Normal(torch.zeros(3), torch.ones(3))))
print(Independent(n, 1), Independent(n, 1).batch_shape, Independent(n, 1).event_shape)
show('independent log_prob', Independent(n, 1).log_prob(x))
show('kl independent', kl_divergence(Independent(n, 1), Independent(Normal(torch.zeros(3), torch.ones(3)), 1)))

logits = torch.tensor([[1.0, 2.0, 0.5], [0.0, -1.0, 3.0]])
c = Categorical(logits=logits)
print(c, c.batch_shape, c.event_shape, c.param_shape)
show('cat logits', c.logits)
show('cat probs', c.probs)
show('cat log_prob', c.log_prob(torch.tensor([2, 0])))
show('cat entropy', c.entropy())
print('cat mode', c.mode, c.sample().shape, c.sample((3,)).shape, c.enumerate_support().shape)
c2 = Categorical(probs=torch.tensor([0.2, 0.3, 0.5]))
print(c2)
show('cat2 logits', c2.logits)
show('kl cat', kl_divergence(Categorical(logits=logits), Categorical(probs=torch.tensor([0.2, 0.3, 0.5]))))
oh = OneHotCategorical(logits=logits)
show('onehot log_prob', oh.log_prob(torch.tensor([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])))
print(oh.sample().shape, oh.event_shape)

b = Bernoulli(logits=torch.tensor([0.0, 2.0, -1.0]))
show('bern probs', b.probs)
show('bern log_prob', b.log_prob(torch.tensor([1.0, 0.0, 1.0])))
show('bern entropy', b.entropy())
show('bern mean/var', torch.stack([b.mean, b.variance]))
b2 = Bernoulli(probs=torch.tensor([0.25, 0.5]))
print(b2)
show('bern2 logits', b2.logits)
show('kl bern', kl_divergence(Bernoulli(probs=torch.tensor([0.3, 0.9])), Bernoulli(probs=torch.tensor([0.5, 0.5]))))

u = Uniform(torch.tensor([0.0, -1.0]), torch.tensor([2.0, 1.0]))
print(u)
show('unif log_prob', u.log_prob(torch.tensor([1.0, 0.5])))
show('unif entropy', u.entropy())
show('unif mean/var', torch.stack([u.mean, u.variance]))
show('unif cdf', u.cdf(torch.tensor([0.5, 0.75])))
print(u.rsample((3,)).shape)


# A policy head: the actor-critic idiom.
class Policy(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(4, 8)
        self.actor = nn.Linear(8, 3)
        self.mu = nn.Linear(8, 2)
        self.log_std = nn.Parameter(torch.tensor([-0.5, 0.2]))

    def forward(self, obs, action, cont):
        h = torch.tanh(self.body(obs))
        dist = Categorical(logits=self.actor(h))
        gauss = D.Normal(self.mu(h), self.log_std.exp())
        return dist.log_prob(action), dist.entropy(), gauss.log_prob(cont).sum(-1), gauss.entropy().sum(-1)


policy = Policy()
with torch.no_grad():
    for i, p in enumerate(policy.parameters()):
        p.copy_(torch.linspace(-0.5, 0.5, p.numel()).reshape(p.shape) * (1 if i % 2 else -1))
obs = torch.linspace(-1, 1, 12).reshape(3, 4)
lp, ent, glp, gent = policy(obs, torch.tensor([0, 2, 1]), torch.linspace(-1, 1, 6).reshape(3, 2))
show('policy log_prob', lp)
show('policy entropy', ent)
show('policy gauss', torch.stack([glp, gent]))
print(lp.grad_fn.name(), ent.grad_fn.name(), glp.grad_fn.name())
loss = -(lp * torch.tensor([1.0, -0.5, 2.0])).mean() - 0.01 * ent.mean()
print(round(loss.item(), 5))

# VAE: reparameterised sample's shape and the analytic KL against N(0, 1).
mu = torch.tensor([[0.5, -0.2], [0.0, 1.0]])
logvar = torch.tensor([[0.1, -0.3], [0.0, 0.5]])
q = Normal(mu, torch.exp(0.5 * logvar))
print(q.rsample().shape)
show('vae kl', kl_divergence(q, Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum(-1))

# Errors as torch raises them.
for make in (lambda: Normal(torch.zeros(2), torch.tensor([1.0, -1.0])),
             lambda: Bernoulli(probs=torch.tensor([0.5, 1.5])),
             lambda: Categorical(),
             lambda: Normal(torch.zeros(2), torch.ones(2)).log_prob(torch.zeros(3)),
             lambda: u.cdf(torch.tensor([0.5, 2.0]))):
    try:
        make()
    except ValueError as e:
        print('ValueError', str(e).split('\n')[0])
try:
    kl_divergence(Normal(0.0, 1.0), Bernoulli(probs=0.5))
except NotImplementedError as e:
    print('NotImplementedError', e)
