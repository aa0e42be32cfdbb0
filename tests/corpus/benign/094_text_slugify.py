# Turn article titles into URL slugs
import re
import unicodedata


def slugify(title: str) -> str:
    normalized = unicodedata.normalize("NFKD", title)
    ascii_only = normalized.encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-zA-Z0-9]+", "-", ascii_only).strip("-").lower()
    return re.sub(r"-{2,}", "-", slug)


if __name__ == "__main__":
    titles = ["Hello, World!", "  Python 3.11: What's New?  ", "Crème Brûlée Recipe", "Ünïcödé & Friends",
              "10 Tips -- for Better Code"]
    for t in titles:
        print(f"{t!r:<32} -> {slugify(t)}")
