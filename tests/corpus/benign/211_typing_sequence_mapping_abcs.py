# Accepting abstract collection types (Sequence, Mapping, Iterable)
from collections.abc import Iterable, Mapping, Sequence


def mean(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def render(settings: Mapping[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(settings.items()))


def longest(words: Iterable[str]) -> str:
    return max(words, key=len)


print(mean([1, 2, 3, 4]), mean((2.5, 3.5)), mean(range(10)))
print(render({"debug": True, "level": 3, "name": "svc"}))
print(longest(w for w in "the quick brown fox jumped".split()))
print(isinstance([], Sequence), isinstance({}, Mapping), isinstance("abc", Sequence), isinstance(5, Iterable))
