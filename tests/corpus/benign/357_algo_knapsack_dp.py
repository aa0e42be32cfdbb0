# 0/1 knapsack with a DP table and the chosen items
items = [("tent", 5, 60), ("stove", 3, 50), ("food", 4, 70), ("camera", 2, 30), ("book", 1, 10), ("water", 6, 80)]
capacity = 12
n = len(items)
dp = [[0] * (capacity + 1) for _ in range(n + 1)]
for i, (_, w, v) in enumerate(items, 1):
    for c in range(capacity + 1):
        dp[i][c] = dp[i - 1][c]
        if w <= c:
            dp[i][c] = max(dp[i][c], dp[i - 1][c - w] + v)
chosen, c = [], capacity
for i in range(n, 0, -1):
    if dp[i][c] != dp[i - 1][c]:
        chosen.append(items[i - 1][0])
        c -= items[i - 1][1]
print("best value:", dp[n][capacity])
print("take:", sorted(chosen), "weight:", sum(w for name, w, _ in items if name in chosen))
