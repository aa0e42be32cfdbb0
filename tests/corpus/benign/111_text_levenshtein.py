# Edit distance between words with dynamic programming
def levenshtein(a: str, b: str) -> int:
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def main() -> None:
    pairs = [("kitten", "sitting"), ("flaw", "lawn"), ("intention", "execution"), ("", "abc"), ("same", "same")]
    for a, b in pairs:
        print(f"{a!r:>12} -> {b!r:<12} distance {levenshtein(a, b)}")


if __name__ == "__main__":
    main()
