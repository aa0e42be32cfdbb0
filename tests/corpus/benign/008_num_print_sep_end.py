# Demonstrating print() with sep and end
print("2024", "06", "15", sep="-")
print("a", "b", "c", sep="")
print("no newline here", end=" ")
print("-> continues on the same line")
for i in range(5):
    print(i, end=", " if i < 4 else "\n")
print(*range(1, 6), sep=" + ", end=f" = {sum(range(1, 6))}\n")
print("x", "y", sep="\t")
print()
print("done", end="!\n")
