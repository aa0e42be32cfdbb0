# Inspect Unicode characters: names, categories and normalization
import unicodedata

for ch in "aÅ€٣😀\u00a0":
    print(f"U+{ord(ch):04X} {unicodedata.name(ch, '?'):<32} cat={unicodedata.category(ch)} "
          f"numeric={unicodedata.numeric(ch, None)}")
composed = "é"
decomposed = unicodedata.normalize("NFD", composed)
print(len(composed), len(decomposed), [hex(ord(c)) for c in decomposed])
print(unicodedata.normalize("NFC", decomposed) == composed)
print(unicodedata.normalize("NFKC", "ﬁ ① Ｈｅｌｌｏ"))
print(unicodedata.lookup("GREEK SMALL LETTER ALPHA"), unicodedata.digit("7"), unicodedata.decimal("٣"))
