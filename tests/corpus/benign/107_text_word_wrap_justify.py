# Fully justify a paragraph to a fixed width
import textwrap


def justify(text: str, width: int) -> list[str]:
    lines = textwrap.wrap(text, width)
    out = []
    for line in lines[:-1]:
        words = line.split()
        if len(words) == 1:
            out.append(words[0].ljust(width))
            continue
        gaps = len(words) - 1
        spaces = width - sum(len(w) for w in words)
        base, extra = divmod(spaces, gaps)
        out.append("".join(w + " " * (base + (1 if i < extra else 0)) for i, w in enumerate(words[:-1])) + words[-1])
    out.append(lines[-1].ljust(width))
    return out


text = "Python is a programming language that lets you work quickly and integrate systems more effectively."
for line in justify(text, 30):
    print(f"|{line}|")
