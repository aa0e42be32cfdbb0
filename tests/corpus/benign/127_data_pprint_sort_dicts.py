# pprint sorts dicts by default; sort_dicts=False keeps insertion order
import pprint

scores = {"zoe": [91, 88], "adam": [72, 95], "mia": [85, 85, 90]}
pprint.pprint(scores)
pprint.pprint(scores, sort_dicts=False)
pp = pprint.PrettyPrinter(indent=4, width=30)
pp.pprint({"long_key_name": list(range(8)), "short": "x"})
print(pprint.isreadable(scores), pprint.saferepr({"a": [1, 2]}))
