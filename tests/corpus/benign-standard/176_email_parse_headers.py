# Parse a raw email and print its main headers and body.
import email

RAW = """From: Alice Example <alice@example.com>
To: bob@example.org, Carol <carol@example.net>
Subject: Quarterly numbers
Date: Mon, 01 Apr 2024 09:30:00 +0000
Message-ID: <q1-report@example.com>
Content-Type: text/plain; charset="utf-8"

Hi both,

The Q1 numbers are attached to the shared drive.
Revenue is up 12%.

Alice
"""

msg = email.message_from_string(RAW)
for header in ("From", "To", "Subject", "Date"):
    print(f"{header}: {msg[header]}")
print("content type:", msg.get_content_type(), "charset:", msg.get_content_charset())
body = msg.get_payload()
print("body lines:", len(body.strip().splitlines()))
print("mentions revenue:", "Revenue" in body)
print("missing header:", msg.get("Cc", "none"))
