# Shallow copy vs deep copy of nested structures
import copy

original = {"name": "team", "members": ["ann", "bob"], "settings": {"notify": True}}
shallow = copy.copy(original)
deep = copy.deepcopy(original)
original["members"].append("cid")
original["settings"]["notify"] = False
original["name"] = "renamed"
print("original:", original)
print("shallow: ", shallow)
print("deep:    ", deep)
print(shallow["members"] is original["members"], deep["members"] is original["members"])
grid = [[0] * 3] * 3
grid[0][0] = 1
print("aliased rows:", grid)
grid = [[0] * 3 for _ in range(3)]
grid[0][0] = 1
print("independent rows:", grid)
