# Extract URLs and email addresses from the text part of a message.
import email
import re

RAW = """From: news@example.com
Subject: This week
Content-Type: text/plain

Read more at https://example.com/blog/week-14 and http://docs.example.org/start.
Questions? Write to support@example.com or sales@example.co.uk.
Unsubscribe: https://example.com/u?id=42
"""

msg = email.message_from_string(RAW)
body = msg.get_payload()
urls = [u.rstrip(".") for u in re.findall(r"https?://\S+", body)]
emails = re.findall(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+", body)
print("urls:")
for u in urls:
    print("  ", u)
print("emails:", emails)
print("domains:", sorted({e.split("@")[1] for e in emails}))
