# Build a reply to a parsed message: Re: subject, In-Reply-To, quoted body.
import email
from email.message import EmailMessage
from email.utils import parseaddr

ORIGINAL = """From: Sam Lee <sam@example.com>
To: help@example.com
Subject: Cannot log in
Message-ID: <abc123@example.com>

Hello,
I cannot log in since yesterday.
Thanks, Sam
"""

orig = email.message_from_string(ORIGINAL)
reply = EmailMessage()
reply["From"] = "Support <help@example.com>"
reply["To"] = orig["From"]
subject = orig["Subject"]
reply["Subject"] = subject if subject.lower().startswith("re:") else "Re: " + subject
reply["In-Reply-To"] = orig["Message-ID"]
name = parseaddr(orig["From"])[0].split()[0]
quoted = "\n".join("> " + line for line in orig.get_payload().strip().splitlines())
reply.set_content(f"Hi {name},\n\nPlease try resetting your password.\n\n{quoted}\n")

for key in ("To", "Subject", "In-Reply-To"):
    print(f"{key}: {reply[key]}")
print(reply.get_content(), end="")
