# Summarise the classes in a module: bases, methods and class attributes.
import ast

SOURCE = """
class Animal:
    legs = 4
    def speak(self):
        raise NotImplementedError
    def move(self):
        return "walks"

class Bird(Animal):
    legs = 2
    can_fly = True
    def speak(self):
        return "tweet"

class Penguin(Bird):
    can_fly = False
    def move(self):
        return "waddles"
"""

for node in ast.parse(SOURCE).body:
    if isinstance(node, ast.ClassDef):
        bases = [ast.unparse(b) for b in node.bases] or ["object"]
        methods = [n.name for n in node.body if isinstance(n, ast.FunctionDef)]
        attrs = {t.id: ast.literal_eval(n.value) for n in node.body if isinstance(n, ast.Assign)
                 for t in n.targets if isinstance(t, ast.Name)}
        print(f"{node.name}({', '.join(bases)}) methods={methods} attrs={attrs}")
