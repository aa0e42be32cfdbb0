# Build a message with an attachment and inspect its structure (not the random boundary).
from email.message import EmailMessage

msg = EmailMessage()
msg["Subject"] = "Monthly export"
msg["From"] = "exports@example.com"
msg["To"] = "finance@example.com"
msg.set_content("The CSV export is attached.")
csv_bytes = b"month,total\n2024-01,1200\n2024-02,1350\n"
msg.add_attachment(csv_bytes, maintype="text", subtype="csv", filename="export.csv")

print("multipart:", msg.is_multipart(), msg.get_content_type())
for part in msg.iter_parts():
    print(" part:", part.get_content_type(), "filename:", part.get_filename())
attachment = next(msg.iter_attachments())
data = attachment.get_content()
print("attachment lines:", data.strip().splitlines())
print("round trip equal:", data.encode() == csv_bytes)
