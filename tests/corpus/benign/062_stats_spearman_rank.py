# Spearman rank correlation: Pearson correlation of the ranks (ties get average ranks)
from statistics import correlation


def ranks(values: list[float]) -> list[float]:
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


judge_a = [8.5, 7.0, 9.1, 6.2, 7.8, 8.9]
judge_b = [8.0, 7.4, 9.5, 5.9, 7.1, 8.2]
print("ranks a:", ranks(judge_a))
print(f"Pearson:  {correlation(judge_a, judge_b):.4f}")
print(f"Spearman: {correlation(ranks(judge_a), ranks(judge_b)):.4f}")
x = list(range(1, 11))
y = [v ** 3 for v in x]
print(f"cubic: pearson {correlation(x, y):.4f}, spearman {correlation(ranks(x), ranks(y)):.4f}")
print("ties:", ranks([3, 1, 3, 2, 3]))
