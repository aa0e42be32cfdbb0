def f(a: int, b: 'list[str]' = None) -> dict[str, int]:
    v: float = 1.0
