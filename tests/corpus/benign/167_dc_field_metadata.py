# Using field metadata to drive a simple form renderer
from dataclasses import dataclass, field, fields


@dataclass
class SignupForm:
    username: str = field(metadata={"label": "User name", "max_len": 20})
    email: str = field(metadata={"label": "E-mail", "max_len": 50})
    age: int = field(default=18, metadata={"label": "Age", "min": 13})


form = SignupForm("a_very_long_username_here", "x@example.com", 12)
for f in fields(form):
    meta = f.metadata
    print(f"{meta['label']:<10} max_len={meta.get('max_len', '-')!s:<3} min={meta.get('min', '-')}")
problems = []
if len(form.username) > fields(SignupForm)[0].metadata["max_len"]:
    problems.append("username too long")
if form.age < fields(SignupForm)[2].metadata["min"]:
    problems.append("too young")
print(problems)
