# Dicts: counting words, lookups with get, iteration over items.
def run(n):
    words = ["alpha", "beta", "gamma", "delta", "eps", "zeta", "eta", "theta"]
    counts = {}
    for i in range(n):
        w = words[i % 8] + str(i % 50)
        counts[w] = counts.get(w, 0) + 1
    best = 0
    for k, v in counts.items():
        if v > best:
            best = v
    squares = {i: i * i for i in range(1000)}
    s = 0
    for i in range(n):
        s += squares[i % 1000]
    return len(counts), best, s


print(run(2000000))
