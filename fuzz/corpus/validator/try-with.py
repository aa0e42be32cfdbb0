try:
    with a as b, c:
        raise ValueError('x') from None
except* TypeError:
    pass
finally:
    del b
