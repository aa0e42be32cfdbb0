# Delegating attribute access to a wrapped object with __getattr__
class LoggingList:
    def __init__(self, data: list) -> None:
        self._data = data
        self.log: list[str] = []

    def __getattr__(self, name: str):
        attr = getattr(self._data, name)
        if callable(attr):
            def wrapper(*args, **kwargs):
                self.log.append(f"{name}{args}")
                return attr(*args, **kwargs)
            return wrapper
        return attr

    def __len__(self) -> int:
        return len(self._data)


items = LoggingList([3, 1, 2])
items.append(5)
items.sort()
items.extend([0])
print(items._data, len(items), items.log)
