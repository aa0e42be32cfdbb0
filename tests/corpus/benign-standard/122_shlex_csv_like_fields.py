# Parse space-separated records where some fields are quoted, and tabulate them.
import shlex

RECORDS = """\
1 "Blade Runner" 1982 "Ridley Scott"
2 'The Matrix' 1999 Wachowskis
3 "Spirited Away" 2001 "Hayao Miyazaki"
4 Alien 1979 "Ridley Scott"
"""

films = []
for line in RECORDS.splitlines():
    fid, title, year, director = shlex.split(line)
    films.append((int(fid), title, int(year), director))

for fid, title, year, director in sorted(films, key=lambda f: f[2]):
    print(f"{year} {title:<14} {director}")
by_director = {}
for _, title, _, director in films:
    by_director.setdefault(director, []).append(title)
print({d: sorted(t) for d, t in sorted(by_director.items())})
