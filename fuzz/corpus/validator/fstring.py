x = 3
print(f'{x!r:>{x}} {x=}')
