# The order in which try/except/else/finally blocks run
def divide(a: float, b: float) -> float | None:
    try:
        result = a / b
    except ZeroDivisionError:
        print(f"  except: cannot divide {a} by zero")
        return None
    else:
        print(f"  else: {a} / {b} = {result}")
        return result
    finally:
        print("  finally: always runs")


for a, b in [(10, 2), (1, 0)]:
    print(f"divide({a}, {b}):")
    print("  returned", divide(a, b))
