# Shortest paths with Dijkstra's algorithm
import heapq

graph: dict[str, dict[str, int]] = {
    "A": {"B": 4, "C": 2},
    "B": {"C": 5, "D": 10},
    "C": {"E": 3},
    "D": {"F": 11},
    "E": {"D": 4},
    "F": {},
}


def dijkstra(start: str) -> tuple[dict[str, int], dict[str, str]]:
    dist = {start: 0}
    prev: dict[str, str] = {}
    heap = [(0, start)]
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist.get(node, float("inf")):
            continue
        for nxt, w in graph[node].items():
            nd = d + w
            if nd < dist.get(nxt, float("inf")):
                dist[nxt], prev[nxt] = nd, node
                heapq.heappush(heap, (nd, nxt))
    return dist, prev


dist, prev = dijkstra("A")
for node in sorted(dist):
    path, cur = [node], node
    while cur in prev:
        cur = prev[cur]
        path.append(cur)
    print(f"A->{node}: {dist[node]:>2} via {' -> '.join(reversed(path))}")
