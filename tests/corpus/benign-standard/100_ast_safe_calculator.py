# A safe arithmetic evaluator that walks the AST instead of using eval().
import ast
import operator

OPS = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.Div: operator.truediv, ast.Pow: operator.pow, ast.Mod: operator.mod,
    ast.USub: operator.neg, ast.UAdd: operator.pos,
}


def evaluate(node):
    if isinstance(node, ast.Expression):
        return evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in OPS:
        return OPS[type(node.op)](evaluate(node.left), evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in OPS:
        return OPS[type(node.op)](evaluate(node.operand))
    raise ValueError(f"unsupported expression: {type(node).__name__}")


for text in ["2 + 3 * 4", "(1 + 2) ** 3 - 7", "-8 / 2 % 3", "10 / 4", "abs(-3)", "2 ** 0.5"]:
    try:
        print(f"{text} = {evaluate(ast.parse(text, mode='eval'))}")
    except ValueError as e:
        print(f"{text}: {e}")
