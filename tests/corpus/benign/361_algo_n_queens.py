# Solve the N-queens puzzle with backtracking
def solve(n: int) -> list[list[int]]:
    solutions = []
    cols: list[int] = []

    def place(row: int) -> None:
        if row == n:
            solutions.append(cols[:])
            return
        for c in range(n):
            if all(c != pc and abs(c - pc) != row - pr for pr, pc in enumerate(cols)):
                cols.append(c)
                place(row + 1)
                cols.pop()

    place(0)
    return solutions


def main() -> None:
    for n in range(4, 9):
        print(f"{n} queens: {len(solve(n))} solutions")
    first = solve(8)[0]
    for c in first:
        print(" ".join("Q" if i == c else "." for i in range(8)))


if __name__ == "__main__":
    main()
