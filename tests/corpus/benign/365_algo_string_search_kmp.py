# Knuth-Morris-Pratt substring search
def prefix_function(p: str) -> list[int]:
    pi = [0] * len(p)
    k = 0
    for i in range(1, len(p)):
        while k and p[i] != p[k]:
            k = pi[k - 1]
        if p[i] == p[k]:
            k += 1
        pi[i] = k
    return pi


def kmp_search(text: str, pattern: str) -> list[int]:
    pi, k, hits = prefix_function(pattern), 0, []
    for i, ch in enumerate(text):
        while k and ch != pattern[k]:
            k = pi[k - 1]
        if ch == pattern[k]:
            k += 1
        if k == len(pattern):
            hits.append(i - k + 1)
            k = pi[k - 1]
    return hits


print(prefix_function("ababaca"))
text = "abababcabababcababab"
print(kmp_search(text, "ababc"), kmp_search(text, "abab"))
print(kmp_search("aaaaa", "aa"), [i for i in range(len(text)) if text.startswith("ababc", i)])
