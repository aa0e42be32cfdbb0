class A:
    def __init__(self):
        self._x = 1

    def get(self):
        return self._x
