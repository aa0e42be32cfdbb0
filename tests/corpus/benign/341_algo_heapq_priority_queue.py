# A task scheduler using a heap as a priority queue (with a tie-breaking counter)
import heapq
from itertools import count

tasks: list[tuple[int, int, str]] = []
counter = count()
for priority, name in [(3, "write tests"), (1, "fix outage"), (2, "code review"), (1, "page on-call"), (5, "refactor")]:
    heapq.heappush(tasks, (priority, next(counter), name))
while tasks:
    priority, _, name = heapq.heappop(tasks)
    print(f"p{priority}: {name}")
running = [5, 1, 4]
heapq.heapify(running)
print(heapq.heappushpop(running, 3), heapq.heapreplace(running, 10), sorted(running))
