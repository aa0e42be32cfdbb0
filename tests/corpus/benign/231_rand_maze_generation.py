# Generate a small maze with randomized depth-first search
import random

W, H = 8, 5
rng = random.Random(4)
walls_h = [[True] * W for _ in range(H + 1)]
walls_v = [[True] * (W + 1) for _ in range(H)]
visited = [[False] * W for _ in range(H)]
stack = [(0, 0)]
visited[0][0] = True
while stack:
    x, y = stack[-1]
    options = [(dx, dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
               if 0 <= x + dx < W and 0 <= y + dy < H and not visited[y + dy][x + dx]]
    if not options:
        stack.pop()
        continue
    dx, dy = rng.choice(options)
    nx, ny = x + dx, y + dy
    if dx:
        walls_v[y][max(x, nx)] = False
    else:
        walls_h[max(y, ny)][x] = False
    visited[ny][nx] = True
    stack.append((nx, ny))
for y in range(H):
    print("".join("+--" if walls_h[y][x] else "+  " for x in range(W)) + "+")
    print("".join(("|" if walls_v[y][x] else " ") + "  " for x in range(W)) + "|")
print("+--" * W + "+")
