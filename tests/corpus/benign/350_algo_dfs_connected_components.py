# Connected components and cycle detection with depth-first search
edges = [(1, 2), (2, 3), (3, 1), (4, 5), (6, 6), (7, 8), (8, 9)]
nodes = range(1, 11)
adj: dict[int, list[int]] = {n: [] for n in nodes}
for u, v in edges:
    adj[u].append(v)
    if u != v:
        adj[v].append(u)

seen: set[int] = set()
components = []
for n in nodes:
    if n in seen:
        continue
    stack, comp = [n], []
    seen.add(n)
    while stack:
        cur = stack.pop()
        comp.append(cur)
        for nxt in adj[cur]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    components.append(sorted(comp))
print("components:", components)
for comp in components:
    edge_count = sum(1 for u, v in edges if u in comp)
    print(comp, "has a cycle" if edge_count >= len(comp) else "is a tree")
