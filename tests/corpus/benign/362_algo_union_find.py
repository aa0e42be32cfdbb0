# Union-Find (disjoint set) for grouping friends
class UnionFind:
    def __init__(self, n: int) -> None:
        self.parent = list(range(n))
        self.size = [1] * n

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        return True


names = ["ann", "bob", "cid", "dee", "eve", "fay", "gus"]
uf = UnionFind(len(names))
for a, b in [(0, 1), (1, 2), (3, 4), (5, 5), (2, 0)]:
    print(f"union {names[a]}-{names[b]}: {'merged' if uf.union(a, b) else 'already together'}")
groups: dict[int, list[str]] = {}
for i, name in enumerate(names):
    groups.setdefault(uf.find(i), []).append(name)
print(sorted(groups.values()))
