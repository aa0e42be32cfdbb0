# Interleave several iterables round-robin style
from itertools import cycle, islice


def roundrobin(*iterables):
    num_active = len(iterables)
    nexts = cycle(iter(it).__next__ for it in iterables)
    while num_active:
        try:
            for nxt in nexts:
                yield nxt()
        except StopIteration:
            num_active -= 1
            nexts = cycle(islice(nexts, num_active))


print(list(roundrobin("ABC", "D", "EF")))
queues = {"high": ["h1", "h2", "h3"], "normal": ["n1", "n2"], "low": ["l1"]}
print(list(roundrobin(*queues.values())))
