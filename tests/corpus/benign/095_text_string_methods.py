# A tour of common string methods
s = "  Hello, World! Welcome to Python.  "
print(repr(s.strip()), repr(s.lstrip()), repr(s.rstrip()))
t = s.strip()
print(t.lower(), "|", t.upper(), "|", t.title(), "|", t.swapcase())
print(t.split(), t.split(", "), t.rsplit(" ", 1))
print(t.replace("o", "0", 2), t.count("o"), t.find("World"), t.find("xyz"), t.rfind("o"))
print(t.startswith("Hello"), t.endswith("."), "Python" in t)
print("-".join(["a", "b", "c"]), "42".zfill(6), "abc".center(9, "*"), "x".ljust(3, "."), "7".rjust(3))
print("key=value=more".partition("="), "key=value=more".rpartition("="))
print("abc123".isalnum(), "abc".isalpha(), "123".isdigit(), "   ".isspace(), "Title Case".istitle())
print("line1\nline2\r\nline3".splitlines(), "prefix_name".removeprefix("prefix_"), "file.txt".removesuffix(".txt"))
