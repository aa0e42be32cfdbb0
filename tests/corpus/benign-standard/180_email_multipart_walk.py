# Walk the parts of a multipart message and list attachments.
import email

RAW = """From: a@example.com
To: b@example.com
Subject: Photos and notes
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="XYZ"

--XYZ
Content-Type: text/plain; charset="us-ascii"

See attached.
--XYZ
Content-Type: text/csv; name="data.csv"
Content-Disposition: attachment; filename="data.csv"

x,y
1,2
--XYZ
Content-Type: image/png; name="chart.png"
Content-Disposition: attachment; filename="chart.png"
Content-Transfer-Encoding: base64

iVBORw0KGgo=
--XYZ--
"""

msg = email.message_from_string(RAW)
print("multipart:", msg.is_multipart(), "subtype:", msg.get_content_subtype())
for part in msg.walk():
    if part.is_multipart():
        continue
    name = part.get_filename()
    payload = part.get_payload(decode=True)
    kind = "attachment" if name else "body"
    print(f"{part.get_content_type():<11} {kind:<10} {name or '-':<10} {len(payload)} bytes")
