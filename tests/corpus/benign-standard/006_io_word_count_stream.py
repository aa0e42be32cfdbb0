# Count lines, words and characters like `wc`, reading from a text stream.
import io


def wc(stream):
    lines = words = chars = 0
    for line in stream:
        lines += 1
        words += len(line.split())
        chars += len(line)
    return lines, words, chars


text = """The quick brown fox
jumps over the lazy dog.

Pack my box with five dozen liquor jugs.
"""
lines, words, chars = wc(io.StringIO(text))
print(f"lines={lines} words={words} chars={chars}")

stream = io.StringIO(text)
first = stream.readline()
print("first line:", first.strip())
print("position after first line:", stream.tell())
stream.seek(0)
print("re-read matches:", stream.read() == text)
