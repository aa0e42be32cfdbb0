# Collect the variable names that a piece of code reads and writes, using NodeVisitor.
import ast

CODE = """
total = 0
for price, qty in items:
    subtotal = price * qty
    total += subtotal
tax = total * rate
print(total + tax)
"""


class NameCollector(ast.NodeVisitor):
    def __init__(self):
        self.stored = set()
        self.loaded = set()

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Store):
            self.stored.add(node.id)
        else:
            self.loaded.add(node.id)
        self.generic_visit(node)


collector = NameCollector()
collector.visit(ast.parse(CODE))
print("assigned:", sorted(collector.stored))
print("read:", sorted(collector.loaded))
print("free (read, never assigned):", sorted(collector.loaded - collector.stored))
