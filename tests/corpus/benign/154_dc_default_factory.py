# Mutable defaults need field(default_factory=...)
from dataclasses import dataclass, field


@dataclass
class Playlist:
    name: str
    songs: list[str] = field(default_factory=list)
    ratings: dict[str, int] = field(default_factory=dict)
    plays: int = 0

    def add(self, song: str, rating: int) -> None:
        self.songs.append(song)
        self.ratings[song] = rating


a = Playlist("road trip")
b = Playlist("focus")
a.add("Highway Star", 5)
a.add("Drive", 4)
b.add("Clair de Lune", 5)
print(a)
print(b)
print("shared list?", a.songs is b.songs)
