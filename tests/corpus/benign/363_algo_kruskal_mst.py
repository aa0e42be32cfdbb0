# Minimum spanning tree with Kruskal's algorithm
edges = [(7, "A", "B"), (5, "A", "D"), (8, "B", "C"), (9, "B", "D"), (7, "B", "E"), (5, "C", "E"),
         (15, "D", "E"), (6, "D", "F"), (8, "E", "F"), (9, "E", "G"), (11, "F", "G")]
parent = {v: v for e in edges for v in e[1:]}


def find(v: str) -> str:
    while parent[v] != v:
        v = parent[v]
    return v


mst = []
for w, u, v in sorted(edges):
    ru, rv = find(u), find(v)
    if ru != rv:
        parent[ru] = rv
        mst.append((u, v, w))
for u, v, w in mst:
    print(f"{u}-{v}: {w}")
print("total weight:", sum(w for _, _, w in mst))
