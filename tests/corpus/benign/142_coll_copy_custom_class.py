# Customizing copy behaviour with __copy__ and __deepcopy__
import copy


class Document:
    def __init__(self, title: str, tags: list[str]) -> None:
        self.title = title
        self.tags = tags
        self.version = 1

    def __copy__(self) -> "Document":
        new = Document(self.title, self.tags)
        new.version = self.version + 1
        return new

    def __deepcopy__(self, memo: dict) -> "Document":
        new = Document(copy.deepcopy(self.title, memo), copy.deepcopy(self.tags, memo))
        new.version = self.version + 1
        return new

    def __repr__(self) -> str:
        return f"Document({self.title!r}, {self.tags}, v{self.version})"


doc = Document("Report", ["draft"])
c1, c2 = copy.copy(doc), copy.deepcopy(doc)
doc.tags.append("final")
print(doc, c1, c2, sep="\n")
