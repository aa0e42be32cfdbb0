# TypeVar with a bound and constrained TypeVars
from typing import TypeVar


class Animal:
    def __init__(self, name: str, age: int) -> None:
        self.name = name
        self.age = age


class Dog(Animal):
    def speak(self) -> str:
        return f"{self.name} says woof"


A = TypeVar("A", bound=Animal)
N = TypeVar("N", int, float)


def oldest(animals: list[A]) -> A:
    return max(animals, key=lambda a: a.age)


def clamp(value: N, low: N, high: N) -> N:
    return max(low, min(value, high))


dogs = [Dog("Rex", 3), Dog("Fido", 7), Dog("Bean", 1)]
print(oldest(dogs).speak())
print(clamp(15, 0, 10), clamp(-2.5, -1.0, 1.0), clamp(5, 0, 10))
print(A, N.__constraints__)
