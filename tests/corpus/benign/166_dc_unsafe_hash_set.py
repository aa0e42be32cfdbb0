# Deduplicate records with a hashable dataclass
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Contact:
    email: str
    name: str


contacts = [Contact("a@x.com", "Ann"), Contact("b@x.com", "Bob"), Contact("a@x.com", "Ann"),
            Contact("c@x.com", "Cy"), Contact("b@x.com", "Bob")]
unique = sorted(set(contacts))
print(len(contacts), "->", len(unique))
for c in unique:
    print(c)
seen: set[Contact] = set()
first_occurrence = [c for c in contacts if not (c in seen or seen.add(c))]
print([c.name for c in first_occurrence])
