print([x * x for x in range(5) if x % 2], {k: v for k, v in zip('ab', 'cd')}, {*range(3)})
