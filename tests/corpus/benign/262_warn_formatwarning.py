# Formatting a warning message the way Python prints it
import warnings

text = warnings.formatwarning("value truncated to 255 characters", UserWarning, "importer.py", 42)
print(repr(text))
print(text, end="")
line = warnings.formatwarning("old flag", DeprecationWarning, "cli.py", 7, line="    run(--old)")
print(line, end="")
