# Sigmoid, softmax and log-sum-exp, written to be numerically stable
import math


def sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    z = math.exp(x)
    return z / (1 + z)


def softmax(xs: list[float]) -> list[float]:
    m = max(xs)
    exps = [math.exp(x - m) for x in xs]
    total = sum(exps)
    return [e / total for e in exps]


print([round(sigmoid(x), 6) for x in (-1000, -2, 0, 2, 1000)])
probs = softmax([2.0, 1.0, 0.1])
print([f"{p:.4f}" for p in probs], round(sum(probs), 12))
print([f"{p:.4f}" for p in softmax([1000.0, 1001.0, 1002.0])])
logits = [3.2, 1.1, -0.4]
lse = max(logits) + math.log(sum(math.exp(x - max(logits)) for x in logits))
print(f"log-sum-exp = {lse:.6f}")
