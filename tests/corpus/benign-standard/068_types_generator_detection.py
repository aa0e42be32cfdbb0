# Accept lists or lazy generators; detect generators with types.GeneratorType.
import types


def squares(n):
    for i in range(n):
        yield i * i


def summarize(data):
    lazy = isinstance(data, types.GeneratorType)
    values = list(data)
    kind = "generator" if lazy else type(data).__name__
    return f"{kind}: n={len(values)} sum={sum(values)} max={max(values)}"


print(summarize(squares(6)))
print(summarize([4, 8, 15, 16, 23, 42]))
print(summarize(x * 3 for x in range(5)))
print(summarize((1, 2, 3)))
print("function itself is not a generator:", not isinstance(squares, types.GeneratorType))
print("is a function:", isinstance(squares, types.FunctionType))
