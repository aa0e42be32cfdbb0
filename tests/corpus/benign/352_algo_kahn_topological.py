# Topological sort of courses with Kahn's algorithm (deterministic order)
import heapq

prereqs = {"calc2": ["calc1"], "linalg": ["calc1"], "ml": ["linalg", "stats", "prog"], "stats": ["calc1"],
           "calc1": [], "prog": []}
indegree = {c: len(p) for c, p in prereqs.items()}
unlocks: dict[str, list[str]] = {c: [] for c in prereqs}
for course, reqs in prereqs.items():
    for r in reqs:
        unlocks[r].append(course)
ready = [c for c, d in indegree.items() if d == 0]
heapq.heapify(ready)
order = []
while ready:
    c = heapq.heappop(ready)
    order.append(c)
    for nxt in unlocks[c]:
        indegree[nxt] -= 1
        if indegree[nxt] == 0:
            heapq.heappush(ready, nxt)
print(" -> ".join(order))
print("all scheduled:", len(order) == len(prereqs))
