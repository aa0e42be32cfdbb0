# The operator module as a source of small functions
import operator
from functools import reduce

print(operator.add(2, 3), operator.mul(4, 5), operator.truediv(7, 2), operator.floordiv(7, 2))
print(operator.neg(5), operator.pos(-5), operator.not_(True), operator.truth([]))
print(operator.contains([1, 2, 3], 2), operator.countOf([1, 2, 2, 3], 2), operator.indexOf("abc", "c"))
ops = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "^": operator.pow}
for expr in ["3 + 4", "10 / 4", "2 ^ 10", "7 - 12"]:
    a, op, b = expr.split()
    print(expr, "=", ops[op](float(a), float(b)))
print(reduce(operator.concat, [[1], [2, 3], [4]]))
print(sorted([("b", 2), ("a", 2), ("c", 1)], key=operator.itemgetter(1, 0)))
x = [5]
x = operator.iadd(x, [6])
print(x, operator.getitem("hello", slice(1, 4)))
