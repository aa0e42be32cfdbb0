# Verbose regular expressions with flags for parsing version strings
import re

VERSION = re.compile(r"""
    ^v?
    (?P<major>0|[1-9]\d*)\.
    (?P<minor>0|[1-9]\d*)\.
    (?P<patch>0|[1-9]\d*)
    (?:-(?P<pre>[0-9a-z.-]+))?      # pre-release
    (?:\+(?P<build>[0-9a-z.-]+))?   # build metadata
    $""", re.VERBOSE | re.IGNORECASE)

for v in ["1.2.3", "v10.0.1-rc.1", "2.0.0+build.5", "1.02.3", "3.1.4-BETA+exp.sha.5114f85"]:
    m = VERSION.match(v)
    print(f"{v:<28}", {k: val for k, val in m.groupdict().items() if val} if m else "invalid")
print(re.findall(r"^\w+", "first line\nsecond line\nthird", flags=re.MULTILINE))
print(re.findall(r"a.c", "abc\na\nc", flags=re.DOTALL))
