# Count islands in a grid with iterative flood fill
grid = [
    "11000110",
    "11000100",
    "00100000",
    "00011011",
    "10000011",
]
rows, cols = len(grid), len(grid[0])
seen = set()
sizes = []
for r in range(rows):
    for c in range(cols):
        if grid[r][c] == "1" and (r, c) not in seen:
            stack = [(r, c)]
            seen.add((r, c))
            size = 0
            while stack:
                cr, cc = stack.pop()
                size += 1
                for nr, nc in ((cr + 1, cc), (cr - 1, cc), (cr, cc + 1), (cr, cc - 1)):
                    if 0 <= nr < rows and 0 <= nc < cols and grid[nr][nc] == "1" and (nr, nc) not in seen:
                        seen.add((nr, nc))
                        stack.append((nr, nc))
            sizes.append(size)
print("islands:", len(sizes), "sizes:", sizes, "largest:", max(sizes))
