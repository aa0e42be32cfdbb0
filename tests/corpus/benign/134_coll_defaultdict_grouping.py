# Group people by city and build an adjacency list with defaultdict
from collections import defaultdict

people = [("Ann", "Paris"), ("Ben", "Oslo"), ("Cid", "Paris"), ("Dot", "Rome"), ("Eve", "Oslo"), ("Fay", "Paris")]
by_city: defaultdict[str, list[str]] = defaultdict(list)
for name, city in people:
    by_city[city].append(name)
for city, names in sorted(by_city.items()):
    print(f"{city}: {', '.join(names)}")

edges = [("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e")]
graph: defaultdict[str, set[str]] = defaultdict(set)
for u, v in edges:
    graph[u].add(v)
    graph[v].add(u)
for node in sorted(graph):
    print(node, "->", sorted(graph[node]))
nested = defaultdict(lambda: defaultdict(int))
nested["2024"]["jan"] += 5
nested["2024"]["feb"] += 3
print({year: dict(months) for year, months in nested.items()})
