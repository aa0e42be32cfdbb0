# Breadth-first search for the shortest path in an unweighted graph
from collections import deque

network = {
    "alice": ["bob", "carol"],
    "bob": ["alice", "dave"],
    "carol": ["alice", "dave", "erin"],
    "dave": ["bob", "carol", "frank"],
    "erin": ["carol", "frank"],
    "frank": ["dave", "erin", "gina"],
    "gina": ["frank"],
}


def shortest_path(start: str, goal: str) -> list[str] | None:
    queue = deque([[start]])
    seen = {start}
    while queue:
        path = queue.popleft()
        if path[-1] == goal:
            return path
        for nxt in network[path[-1]]:
            if nxt not in seen:
                seen.add(nxt)
                queue.append(path + [nxt])
    return None


print(shortest_path("alice", "gina"))
print(shortest_path("bob", "erin"))
print(shortest_path("gina", "gina"))
