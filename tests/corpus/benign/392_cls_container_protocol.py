# A custom container: __len__, __getitem__, __contains__, __iter__, __setitem__
class Playlist:
    def __init__(self, name: str, songs: list[str] | None = None) -> None:
        self.name = name
        self.songs = list(songs or [])

    def __len__(self) -> int:
        return len(self.songs)

    def __getitem__(self, index: int | slice) -> "str | Playlist":
        if isinstance(index, slice):
            return Playlist(f"{self.name} (slice)", self.songs[index])
        return self.songs[index]

    def __setitem__(self, index: int, song: str) -> None:
        self.songs[index] = song

    def __contains__(self, song: object) -> bool:
        return isinstance(song, str) and song.lower() in (s.lower() for s in self.songs)

    def __iter__(self):
        return iter(self.songs)

    def __repr__(self) -> str:
        return f"Playlist({self.name!r}, {len(self)} songs)"


p = Playlist("mix", ["Intro", "Hey Jude", "Bohemian Rhapsody", "Imagine"])
print(len(p), p[1], p[-1], p[1:3], list(p[1:3]))
print("imagine" in p, "Yesterday" in p)
p[0] = "Overture"
for i, song in enumerate(p, 1):
    print(i, song)
print(sorted(p), max(p, key=len))
