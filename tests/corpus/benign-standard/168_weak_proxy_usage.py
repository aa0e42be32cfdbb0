# Use weakref.proxy for a back-reference from child to parent, avoiding a strong cycle.
import weakref


class Node:
    def __init__(self, name, parent=None):
        self.name = name
        self.parent = weakref.proxy(parent) if parent is not None else None
        self.children = []
        if parent is not None:
            parent.children.append(self)

    def path(self):
        return self.name if self.parent is None else self.parent.path() + "/" + self.name


root = Node("root")
docs = Node("docs", root)
guide = Node("guide.md", docs)
print(guide.path())
print("parent name via proxy:", guide.parent.name)

orphan_parent = Node("tmp")
orphan = Node("file.txt", orphan_parent)
del orphan_parent
try:
    print(orphan.parent.name)
except ReferenceError as e:
    print("ReferenceError:", e)
