# Set algebra on course enrollments (printed sorted, since set order is arbitrary)
math_club = {"ann", "bob", "cid", "dee"}
chess_club = {"cid", "dee", "eve"}
drama_club = {"ann", "eve", "fay"}
print("both math & chess:", sorted(math_club & chess_club))
print("any club:", sorted(math_club | chess_club | drama_club))
print("only math:", sorted(math_club - chess_club - drama_club))
print("exactly one of math/chess:", sorted(math_club ^ chess_club))
print("disjoint chess/drama?", chess_club.isdisjoint(drama_club))
print("subset:", {"cid", "dee"} <= math_club, frozenset({"a"}) < frozenset({"a", "b"}))
ids = {5, 3, 9, 1}
ids.discard(9)
ids.add(7)
print(sorted(ids), len(ids), 3 in ids)
