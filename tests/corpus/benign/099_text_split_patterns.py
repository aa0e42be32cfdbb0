# Splitting strings with re.split: keeping delimiters, limiting splits
import re

print(re.split(r"[;,\s]+", "apple, banana;cherry  date,elderberry"))
print(re.split(r"(\d+)", "abc12def345gh"))
print(re.split(r"\s*\|\s*", "a | b|c  |  d", maxsplit=2))
print(re.split(r"(?<=[.!?])\s+", "Hi there. How are you? I'm fine! Thanks."))
camel = "parseHTTPResponseCodeFromXMLString"
print(re.sub(r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", camel).lower())
print("snake_to_camel:", "".join(w.capitalize() if i else w for i, w in enumerate("user_account_id".split("_"))))
