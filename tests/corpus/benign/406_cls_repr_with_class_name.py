# Generic __repr__ using the class name, shared by subclasses
class Base:
    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items())
        return f"{self.__class__.__name__}({fields})"


class User(Base):
    def __init__(self, name: str, email: str) -> None:
        self.name = name
        self.email = email


class Admin(User):
    def __init__(self, name: str, email: str, level: int) -> None:
        super().__init__(name, email)
        self.level = level


print(User("ann", "ann@example.com"))
print(Admin("root", "root@example.com", 3))
print([User("a", "a@x"), Admin("b", "b@x", 1)])
