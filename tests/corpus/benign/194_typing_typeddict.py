# TypedDict for structured dictionaries (e.g. parsed JSON)
import json
from typing import NotRequired, TypedDict


class Movie(TypedDict):
    title: str
    year: int
    rating: float
    tags: NotRequired[list[str]]


def describe(m: Movie) -> str:
    tags = ", ".join(m.get("tags", [])) or "no tags"
    return f"{m['title']} ({m['year']}) - {m['rating']}/10 [{tags}]"


raw = '[{"title": "Arrival", "year": 2016, "rating": 7.9, "tags": ["sci-fi"]}, {"title": "Up", "year": 2009, "rating": 8.3}]'
movies: list[Movie] = json.loads(raw)
for m in movies:
    print(describe(m))
new: Movie = {"title": "Coco", "year": 2017, "rating": 8.4}
print(new, type(new).__name__)
print(sorted(Movie.__required_keys__), sorted(Movie.__optional_keys__))
