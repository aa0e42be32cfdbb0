# Sorting records with operator.itemgetter
from operator import itemgetter

students = [
    {"name": "Ava", "grade": 91, "age": 20},
    {"name": "Ben", "grade": 85, "age": 22},
    {"name": "Cal", "grade": 91, "age": 19},
    {"name": "Dia", "grade": 78, "age": 21},
]
for s in sorted(students, key=itemgetter("grade", "age"), reverse=True):
    print(s["name"], s["grade"], s["age"])
rows = [("x", 3, 9.5), ("y", 1, 2.0), ("z", 2, 7.25)]
print(sorted(rows, key=itemgetter(1)))
get_first_last = itemgetter(0, -1)
print([get_first_last(r) for r in rows])
print(max(students, key=itemgetter("age"))["name"])
print(list(map(itemgetter("name"), students)))
