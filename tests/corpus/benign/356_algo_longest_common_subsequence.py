# Longest common subsequence with dynamic programming and reconstruction
def lcs(a: str, b: str) -> str:
    dp = [[0] * (len(b) + 1) for _ in range(len(a) + 1)]
    for i in range(len(a) - 1, -1, -1):
        for j in range(len(b) - 1, -1, -1):
            dp[i][j] = dp[i + 1][j + 1] + 1 if a[i] == b[j] else max(dp[i + 1][j], dp[i][j + 1])
    i = j = 0
    out = []
    while i < len(a) and j < len(b):
        if a[i] == b[j]:
            out.append(a[i])
            i += 1
            j += 1
        elif dp[i + 1][j] >= dp[i][j + 1]:
            i += 1
        else:
            j += 1
    return "".join(out)


for a, b in [("ABCBDAB", "BDCABA"), ("AGGTAB", "GXTXAYB"), ("dynamic", "programming")]:
    result = lcs(a, b)
    print(f"LCS({a}, {b}) = {result!r} (length {len(result)})")
