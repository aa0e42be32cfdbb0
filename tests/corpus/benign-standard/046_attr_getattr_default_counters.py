# Count word categories on an object using getattr with a default of 0.
class Stats:
    pass


text = "Run fast. The 3 dogs ran 12 miles! Wow, 7 cats? Yes."
stats = Stats()
for token in text.replace(",", " ").split():
    word = token.strip(".!?")
    if word.isdigit():
        kind = "numbers"
    elif word.istitle():
        kind = "capitalised"
    else:
        kind = "lower"
    setattr(stats, kind, getattr(stats, kind, 0) + 1)
    if token[-1] in ".!?":
        stats.sentences = getattr(stats, "sentences", 0) + 1

for name in ("capitalised", "lower", "numbers", "sentences", "symbols"):
    print(f"{name}: {getattr(stats, name, 0)}")
