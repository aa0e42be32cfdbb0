# Shortest path in a grid maze using a deque as the BFS queue
from collections import deque

maze = [
    "S.#.....",
    ".##.###.",
    "....#...",
    ".#.##.#.",
    ".#....#E",
]
rows, cols = len(maze), len(maze[0])
start = next((r, c) for r in range(rows) for c in range(cols) if maze[r][c] == "S")
queue = deque([(start, 0)])
seen = {start}
while queue:
    (r, c), dist = queue.popleft()
    if maze[r][c] == "E":
        print("shortest path length:", dist)
        break
    for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols and maze[nr][nc] != "#" and (nr, nc) not in seen:
            seen.add((nr, nc))
            queue.append(((nr, nc), dist + 1))
print("cells explored:", len(seen))
