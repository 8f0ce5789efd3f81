# Closures: nested functions, nonlocal state, higher-order calls, lambdas.
def make_acc():
    total = 0

    def add(v):
        nonlocal total
        total += v
        return total
    return add


def compose(f, g):
    return lambda x: f(g(x))


def run(n):
    acc = make_acc()
    inc = lambda x: x + 1
    dbl = lambda x: x * 2
    h = compose(inc, dbl)
    r = 0
    for i in range(n):
        r = acc(h(i) % 5)
    return r


print(run(2000000))
