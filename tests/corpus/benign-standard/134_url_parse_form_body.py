# Decode an application/x-www-form-urlencoded request body and validate fields.
from urllib.parse import parse_qs

body = "name=Jane+Doe&email=jane%40example.com&age=29&interests=chess&interests=go&newsletter=on"
form = parse_qs(body)
print("fields:", sorted(form))

errors = []
name = form.get("name", [""])[0].strip()
email = form.get("email", [""])[0]
age = form.get("age", ["0"])[0]
if not name:
    errors.append("name required")
if "@" not in email:
    errors.append("invalid email")
if not age.isdigit() or not 13 <= int(age) <= 120:
    errors.append("invalid age")

print("name:", name)
print("email:", email)
print("interests:", form.get("interests", []))
print("newsletter:", form.get("newsletter", ["off"])[0] == "on")
print("errors:", errors or "none")
