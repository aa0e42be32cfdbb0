# A tiny calculator that dispatches commands to methods via getattr.
class Calculator:
    def __init__(self):
        self.stack = []

    def do_push(self, value):
        self.stack.append(float(value))

    def do_add(self):
        b, a = self.stack.pop(), self.stack.pop()
        self.stack.append(a + b)

    def do_mul(self):
        b, a = self.stack.pop(), self.stack.pop()
        self.stack.append(a * b)

    def do_show(self):
        print("stack:", self.stack)

    def run(self, line):
        name, *args = line.split()
        handler = getattr(self, "do_" + name, None)
        if handler is None:
            print(f"unknown command: {name}")
            return
        handler(*args)


calc = Calculator()
for cmd in ["push 3", "push 4", "add", "push 5", "mul", "show", "sqrt", "show"]:
    calc.run(cmd)
