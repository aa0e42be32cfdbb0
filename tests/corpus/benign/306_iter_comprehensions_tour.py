# List, dict, set and nested comprehensions
nums = range(1, 11)
print([n * n for n in nums if n % 2 == 0])
print({n: n ** 3 for n in nums if n <= 4})
print(sorted({n % 4 for n in nums}))
matrix = [[r * 3 + c for c in range(3)] for r in range(3)]
print(matrix)
print([row[i] for i, row in enumerate(matrix)])
print([[matrix[r][c] for r in range(3)] for c in range(3)])
print([(x, y) for x in range(3) for y in range(3) if x != y])
words = ["Apple", "banana", "Cherry", "date"]
print({w.lower(): len(w) for w in words})
print(["even" if n % 2 == 0 else "odd" for n in range(5)])
print(sum(x * x for x in range(1000)))
