# Character statistics for a sentence
sentence = "The five boxing wizards jump quickly!"
vowels = set("aeiou")
letters = [c for c in sentence.lower() if c.isalpha()]
v = sum(1 for c in letters if c in vowels)
print("letters:", len(letters), "vowels:", v, "consonants:", len(letters) - v)
print("is pangram:", set("abcdefghijklmnopqrstuvwxyz") <= set(letters))
print("words:", len(sentence.split()), "longest:", max(sentence.strip("!").split(), key=len))
print("capitalized words:", [w for w in sentence.split() if w[0].isupper()])
print("reversed words:", " ".join(reversed(sentence.rstrip("!").split())))
