# Extract and normalize email addresses from free text
import re

text = """Contact John.Doe@Example.com or support@example.org for help.
Sales: sales-team+eu@shop.co.uk; invalid: foo@bar, @nouser.com, someone@@x.com.
Also reach mary_smith99@mail.example.net."""
pattern = re.compile(r"\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b")
emails = pattern.findall(text)
for e in emails:
    print(e.lower())
domains = sorted({e.split("@")[1].lower() for e in emails})
print("domains:", domains)
