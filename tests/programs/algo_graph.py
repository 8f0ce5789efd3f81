graph = {"a": ["b", "c"], "b": ["d"], "c": ["d", "e"], "d": ["f"], "e": ["f"], "f": []}
def bfs(start):
    seen, order, queue = {start: True}, [], [start]
    while queue:
        node = queue.pop(0)
        order.append(node)
        for nxt in graph[node]:
            if nxt not in seen:
                seen[nxt] = True
                queue.append(nxt)
    return order
def dfs(node, seen=None):
    if seen is None:
        seen = []
    seen.append(node)
    for nxt in graph[node]:
        if nxt not in seen:
            dfs(nxt, seen)
    return seen
def topo():
    indeg = {n: 0 for n in graph}
    for n in graph:
        for m in graph[n]:
            indeg[m] += 1
    ready = sorted(n for n in graph if indeg[n] == 0)
    out = []
    while ready:
        n = ready.pop(0)
        out.append(n)
        for m in graph[n]:
            indeg[m] -= 1
            if indeg[m] == 0:
                ready.append(m)
    return out
print(bfs("a"), dfs("a"), topo())
