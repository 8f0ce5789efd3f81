


def forward(self, x, y):
    cfg_scale = self.cfg.scale
    mul = x * cfg_scale;  cfg_scale = None
    add = mul + y;  mul = None
    neg = -add;  add = None
    relu = torch.relu(neg);  neg = None
    sum_1 = relu.sum(1, keepdim = True)
    to = sum_1.to(torch.float64);  sum_1 = None
    cat = torch.cat([x, relu], 0);  x = relu = None
    max_1 = cat.max(0);  cat = None
    getitem = max_1[0];  max_1 = None
    exp = torch.exp(getitem);  exp = None
    lt = to < 0.25
    where = torch.where(lt, to, -1.0);  lt = to = None
    return (where, getitem, [y, None])
    