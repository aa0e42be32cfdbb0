# order=True generates comparison methods based on field order
from dataclasses import dataclass, field


@dataclass(order=True)
class Task:
    priority: int
    name: str = field(compare=False)
    created: int = 0


tasks = [Task(3, "write docs", 1), Task(1, "fix prod bug", 5), Task(2, "review PR", 2), Task(1, "call client", 3)]
for t in sorted(tasks):
    print(t)
print(Task(1, "a") < Task(2, "b"), Task(1, "x", 0) == Task(1, "y", 0))
print("most urgent:", min(tasks).name)
