# Catching several built-in exception types
cases = [
    lambda: [1, 2, 3][10],
    lambda: {"a": 1}["b"],
    lambda: int("12x"),
    lambda: "abc" + 5,
    lambda: None.upper(),
    lambda: 1 / 0,
    lambda: next(iter([])),
    lambda: [].pop(),
    lambda: float("1e400") * 0 + (2 ** 10000) * 1.0,
]
for fn in cases:
    try:
        fn()
    except (IndexError, KeyError) as exc:
        print("lookup error:", type(exc).__name__, exc)
    except ArithmeticError as exc:
        print("arithmetic:", type(exc).__name__, exc)
    except Exception as exc:
        print("other:", type(exc).__name__, exc)
