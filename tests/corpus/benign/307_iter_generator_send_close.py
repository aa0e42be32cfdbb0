# Coroutine-style generators: send(), return values and close()
def averager():
    total, count = 0.0, 0
    average = None
    while True:
        value = yield average
        if value is None:
            break
        total += value
        count += 1
        average = total / count
    return count, average


gen = averager()
next(gen)
for v in [10, 20, 60]:
    print("running average:", gen.send(v))
try:
    gen.send(None)
except StopIteration as stop:
    print("final result:", stop.value)


def ticker():
    try:
        for i in range(100):
            yield i
    finally:
        print("ticker cleaned up")


t = ticker()
print(next(t), next(t))
t.close()
