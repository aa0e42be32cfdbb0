# Evaluate a tiny expression tree with class patterns on dataclasses
from dataclasses import dataclass


@dataclass
class Num:
    value: float


@dataclass
class BinOp:
    op: str
    left: object
    right: object


@dataclass
class Neg:
    operand: object


def evaluate(node: object) -> float:
    match node:
        case Num(value):
            return value
        case Neg(operand):
            return -evaluate(operand)
        case BinOp("+", l, r):
            return evaluate(l) + evaluate(r)
        case BinOp("-", l, r):
            return evaluate(l) - evaluate(r)
        case BinOp("*", l, r):
            return evaluate(l) * evaluate(r)
        case BinOp("/", l, Num(0)):
            raise ZeroDivisionError("literal division by zero")
        case BinOp("/", l, r):
            return evaluate(l) / evaluate(r)
        case _:
            raise ValueError(f"bad node {node!r}")


expr = BinOp("+", Num(2), BinOp("*", Num(3), Neg(Num(4))))
print(expr)
print(evaluate(expr))
print(evaluate(BinOp("/", Num(1), BinOp("-", Num(5), Num(3)))))
try:
    evaluate(BinOp("/", Num(1), Num(0)))
except ZeroDivisionError as exc:
    print("error:", exc)
