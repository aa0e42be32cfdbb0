# Type aliases for readability in a small graph utility
from typing import TypeAlias

Node: TypeAlias = str
Weight: TypeAlias = float
Graph: TypeAlias = dict[Node, dict[Node, Weight]]


def total_weight(graph: Graph) -> Weight:
    return sum(w for edges in graph.values() for w in edges.values())


def neighbors(graph: Graph, node: Node) -> list[tuple[Node, Weight]]:
    return sorted(graph.get(node, {}).items(), key=lambda kv: kv[1])


roads: Graph = {"A": {"B": 4.0, "C": 1.5}, "B": {"C": 2.0}, "C": {"A": 1.5, "D": 7.25}}
print(total_weight(roads))
print(neighbors(roads, "C"), neighbors(roads, "Z"))
print(Graph)
