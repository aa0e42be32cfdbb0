# Classify functions as sync, generator, coroutine or async generator without running them.
import types


def plain():
    return 1


def gen():
    yield 1


async def coro():
    return 1


async def agen():
    yield 1


for fn in (plain, gen, coro, agen):
    obj = fn()
    if isinstance(obj, types.GeneratorType):
        kind = "generator"
    elif isinstance(obj, types.CoroutineType):
        kind = "coroutine"
        obj.close()
    elif isinstance(obj, types.AsyncGeneratorType):
        kind = "async generator"
    else:
        kind = f"plain value {obj!r}"
    print(f"{fn.__name__:<6} returns a {kind}")
