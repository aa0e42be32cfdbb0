# Visitor pattern over a tiny expression tree using getattr on type names.
class Num:
    def __init__(self, value):
        self.value = value


class Add:
    def __init__(self, left, right):
        self.left, self.right = left, right


class Mul:
    def __init__(self, left, right):
        self.left, self.right = left, right


class Evaluator:
    def visit(self, node):
        method = getattr(self, "visit_" + type(node).__name__)
        return method(node)

    def visit_Num(self, node):
        return node.value

    def visit_Add(self, node):
        return self.visit(node.left) + self.visit(node.right)

    def visit_Mul(self, node):
        return self.visit(node.left) * self.visit(node.right)


class Printer(Evaluator):
    def visit_Num(self, node):
        return str(node.value)

    def visit_Add(self, node):
        return f"({self.visit(node.left)} + {self.visit(node.right)})"

    def visit_Mul(self, node):
        return f"{self.visit(node.left)} * {self.visit(node.right)}"


tree = Mul(Add(Num(2), Num(3)), Add(Num(4), Mul(Num(5), Num(6))))
print(Printer().visit(tree), "=", Evaluator().visit(tree))
