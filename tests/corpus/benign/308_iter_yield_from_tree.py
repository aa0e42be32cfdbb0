# Tree traversal with recursive generators and yield from
from dataclasses import dataclass, field


@dataclass
class TreeNode:
    value: str
    children: list["TreeNode"] = field(default_factory=list)


def preorder(node: TreeNode, depth: int = 0):
    yield depth, node.value
    for child in node.children:
        yield from preorder(child, depth + 1)


def leaves(node: TreeNode):
    if not node.children:
        yield node.value
    for child in node.children:
        yield from leaves(child)


tree = TreeNode("root", [TreeNode("a", [TreeNode("a1"), TreeNode("a2")]), TreeNode("b", [TreeNode("b1", [TreeNode("b1x")])]), TreeNode("c")])
for depth, value in preorder(tree):
    print("  " * depth + value)
print("leaves:", list(leaves(tree)))
