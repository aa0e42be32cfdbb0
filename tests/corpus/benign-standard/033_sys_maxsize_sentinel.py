# Dijkstra's shortest paths using sys.maxsize as "infinity".
import heapq
import sys

graph = {
    "A": {"B": 4, "C": 2},
    "B": {"C": 5, "D": 10},
    "C": {"E": 3},
    "D": {"F": 11},
    "E": {"D": 4},
    "F": {},
    "G": {"A": 1},
}

dist = {node: sys.maxsize for node in graph}
dist["A"] = 0
heap = [(0, "A")]
while heap:
    d, node = heapq.heappop(heap)
    if d > dist[node]:
        continue
    for nxt, w in graph[node].items():
        if d + w < dist[nxt]:
            dist[nxt] = d + w
            heapq.heappush(heap, (d + w, nxt))

for node in sorted(dist):
    shown = "unreachable" if dist[node] == sys.maxsize else dist[node]
    print(f"A -> {node}: {shown}")
