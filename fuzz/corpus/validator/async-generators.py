async def f():
    async for x in g():
        yield x
    await h()
