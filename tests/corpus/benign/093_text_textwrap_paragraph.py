# Wrapping, indenting and shortening text with textwrap
import textwrap

paragraph = ("The quick brown fox jumps over the lazy dog. This sentence is famous because "
             "it contains every letter of the English alphabet at least once, which makes it "
             "useful for testing typewriters and fonts.")
print(textwrap.fill(paragraph, width=40))
print()
print(textwrap.fill(paragraph, width=50, initial_indent="  * ", subsequent_indent="    "))
print()
print(textwrap.shorten(paragraph, width=60, placeholder=" [...]"))
code = """
    def hello():
        return "hi"
"""
print(textwrap.dedent(code).strip())
print(textwrap.indent("line one\nline two", "> "))
