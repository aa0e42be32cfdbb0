# Compose a plain-text email with EmailMessage and show the serialised form.
from email.message import EmailMessage

msg = EmailMessage()
msg["From"] = "Reports Bot <reports@example.com>"
msg["To"] = "team@example.com"
msg["Subject"] = "Daily summary: 3 alerts"
msg.set_content("Good morning,\n\nThere were 3 alerts overnight.\nAll were resolved.\n")

text = msg.as_string()
header_part, _, body = text.partition("\n\n")
print(header_part)
print("---")
print(body, end="")
print("---")
print("is multipart:", msg.is_multipart())
print("content type:", msg.get_content_type())
