# Sort a mixed bag of callables into plain functions, lambdas, builtins and classes.
import math
import types


def square(x):
    return x * x


class Doubler:
    def __call__(self, x):
        return 2 * x


items = [square, lambda x: x + 1, math.sqrt, len, Doubler(), Doubler]
for obj in items:
    if isinstance(obj, types.FunctionType):
        kind = "lambda" if obj.__name__ == "<lambda>" else "function"
    elif isinstance(obj, types.BuiltinFunctionType):
        kind = "builtin"
    elif isinstance(obj, type):
        kind = "class"
    elif callable(obj):
        kind = "callable object"
    else:
        kind = "other"
    name = type(obj).__name__ if kind == "callable object" else obj.__name__
    print(f"{name:<10} {kind}")
