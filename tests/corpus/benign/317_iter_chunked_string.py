# Chunking strings: fixed width chunks and grouping digits
def chunks(s: str, size: int) -> list[str]:
    return [s[i:i + size] for i in range(0, len(s), size)]


print(chunks("ABCDEFGHIJK", 4))
card = "4111111111111111"
print(" ".join(chunks(card, 4)))
number = "1234567890"
print(",".join(chunks(number[::-1], 3))[::-1])
dna = "ATGCGTACGTTAGC"
print([dna[i:i + 3] for i in range(0, len(dna) - 2, 3)])
