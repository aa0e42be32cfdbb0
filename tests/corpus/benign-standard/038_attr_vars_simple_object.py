# Serialise a plain object to a dict with vars() and rebuild it.
import json


class Book:
    def __init__(self, title, author, year, tags=None):
        self.title = title
        self.author = author
        self.year = year
        self.tags = tags or []

    def age_in(self, year):
        return year - self.year


book = Book("Dune", "Frank Herbert", 1965, ["sci-fi", "classic"])
data = vars(book)
print("fields:", sorted(data))
text = json.dumps(data, sort_keys=True)
print(text)

clone = Book(**json.loads(text))
print("clone equal:", vars(clone) == vars(book))
print("age in 2000:", clone.age_in(2000))
