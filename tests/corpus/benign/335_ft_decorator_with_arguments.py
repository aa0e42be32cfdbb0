# A decorator factory that validates argument ranges
import functools


def validate_range(**limits: tuple[float, float]):
    def decorator(func):
        @functools.wraps(func)
        def wrapper(**kwargs):
            for name, (lo, hi) in limits.items():
                if name in kwargs and not lo <= kwargs[name] <= hi:
                    raise ValueError(f"{name}={kwargs[name]} outside [{lo}, {hi}]")
            return func(**kwargs)
        return wrapper
    return decorator


@validate_range(percent=(0, 100), quantity=(1, 1000))
def discount(*, price: float, percent: float, quantity: int = 1) -> float:
    return round(price * quantity * (1 - percent / 100), 2)


print(discount(price=19.99, percent=15, quantity=3))
for kwargs in [{"price": 10, "percent": 150}, {"price": 10, "percent": 10, "quantity": 0}]:
    try:
        discount(**kwargs)
    except ValueError as exc:
        print("rejected:", exc)
print(discount.__name__)
