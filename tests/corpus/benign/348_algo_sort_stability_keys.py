# Sorting with multiple keys and relying on sort stability
records = [("eng", "Zoe", 31), ("ops", "Al", 45), ("eng", "Bea", 28), ("ops", "Cy", 45), ("hr", "Dan", 39)]
by_age_desc_then_name = sorted(records, key=lambda r: (-r[2], r[1]))
print(by_age_desc_then_name)
step1 = sorted(records, key=lambda r: r[1])
step2 = sorted(step1, key=lambda r: r[0])
print(step2)
words = ["banana", "Apple", "cherry", "apple", "Banana"]
print(sorted(words), sorted(words, key=str.casefold), sorted(words, key=lambda w: (w.lower(), w)))
print(sorted([3, 1, 2], reverse=True), sorted("hello"))
