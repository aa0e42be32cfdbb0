# A tree whose nodes refer to their parent through weakref.ref, so detached subtrees can be freed.
import weakref


class TreeNode:
    def __init__(self, value):
        self.value = value
        self.children = []
        self._parent = None

    @property
    def parent(self):
        return self._parent() if self._parent is not None else None

    def attach_to(self, parent):
        self._parent = weakref.ref(parent)

    def add(self, child):
        child.attach_to(self)
        self.children.append(child)
        return child

    def depth(self):
        node, d = self, 0
        while node.parent is not None:
            node, d = node.parent, d + 1
        return d


root = TreeNode("root")
a = root.add(TreeNode("a"))
b = a.add(TreeNode("b"))
c = b.add(TreeNode("c"))
print("depths:", [(n.value, n.depth()) for n in (root, a, b, c)])
print("c's parent:", c.parent.value)

branch = TreeNode("branch")
leaf = branch.add(TreeNode("leaf"))
del branch
print("leaf's parent after branch deleted:", leaf.parent)
print("leaf depth:", leaf.depth())
