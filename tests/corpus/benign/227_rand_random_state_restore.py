# Save and restore the generator state to replay random numbers
import random

rng = random.Random(123)
rng.random()
state = rng.getstate()
first = [rng.randint(1, 100) for _ in range(5)]
rng.setstate(state)
replay = [rng.randint(1, 100) for _ in range(5)]
print(first, replay, first == replay)
a, b = random.Random(8), random.Random(8)
print([a.random() for _ in range(3)] == [b.random() for _ in range(3)])
random.seed("a string seed")
print(random.randint(1, 10 ** 6))
random.seed(42)
print(random.getrandbits(32), random.randbytes(4).hex())
