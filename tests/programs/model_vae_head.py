import torch
import torch.nn as nn
import torch.nn.functional as F


class VAEHead(nn.Module):
    def __init__(self, d_in=6, latent=2):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(d_in, 8), nn.LeakyReLU(0.1))
        self.stats = nn.Linear(8, 2 * latent)
        self.dec = nn.Sequential(nn.Linear(latent, 8), nn.Tanh(), nn.Linear(8, d_in), nn.Sigmoid())

    def forward(self, x, eps):
        h = self.enc(x)
        mu, logvar = self.stats(h).chunk(2, dim=-1)
        z = mu + torch.exp(0.5 * logvar) * eps
        recon = self.dec(z)
        rec_loss = F.binary_cross_entropy(recon, x, reduction='sum') / x.shape[0]
        kl = -0.5 * torch.mean(torch.sum(1 + logvar - mu.pow(2) - logvar.exp(), dim=1))
        return recon, mu, logvar, rec_loss, kl


vae = VAEHead()
with torch.no_grad():
    for i, p in enumerate(vae.parameters()):
        p.copy_(torch.sin(torch.arange(p.numel(), dtype=torch.float32) * 0.77 + 0.5 * i).reshape(p.shape) * 0.6)
x = (torch.arange(18, dtype=torch.float32).reshape(3, 6) % 5) / 4
eps = torch.tensor([[0.1, -0.2], [0.0, 0.3], [-0.5, 0.5]])
with torch.no_grad():
    recon, mu, logvar, rec, kl = vae(x, eps)
print(recon)
print(mu, logvar)
print(round(rec.item(), 4), round(kl.item(), 4), f'{(rec + 0.5 * kl).item():.4f}')
print(torch.std_mean(mu, dim=0), torch.var_mean(logvar))
