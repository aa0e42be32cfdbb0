# Normalise a list of address strings with email.utils.parseaddr and formataddr.
from email.utils import formataddr, parseaddr

raw_addresses = [
    "Alice Smith <alice@example.com>",
    "bob@example.org",
    '"Doe, Jane" <jane.doe@example.net>',
    "<carol@example.com>",
    "not an address",
    "Émile Zola <emile@example.fr>",
]
for raw in raw_addresses:
    name, addr = parseaddr(raw)
    valid = "@" in addr and "." in addr.split("@")[-1]
    pretty = formataddr((name, addr)) if valid else "-"
    print(f"{raw!r:<40} name={name!r:<14} addr={addr!r:<24} {pretty}")
