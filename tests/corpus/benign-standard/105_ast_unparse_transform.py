# Rewrite code with a NodeTransformer (constant folding) and print it back with ast.unparse.
import ast


class FoldConstants(ast.NodeTransformer):
    def visit_BinOp(self, node):
        self.generic_visit(node)
        if isinstance(node.left, ast.Constant) and isinstance(node.right, ast.Constant):
            a, b = node.left.value, node.right.value
            if isinstance(node.op, ast.Add):
                return ast.copy_location(ast.Constant(a + b), node)
            if isinstance(node.op, ast.Mult):
                return ast.copy_location(ast.Constant(a * b), node)
        return node


source = """
seconds_per_day = 60 * 60 * 24
total = price * (1 + 2)
label = 'ab' + 'cd'
"""
tree = FoldConstants().visit(ast.parse(source))
ast.fix_missing_locations(tree)
print(ast.unparse(tree))
