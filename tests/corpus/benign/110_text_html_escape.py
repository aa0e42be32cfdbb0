# Escape and unescape HTML entities, and strip tags with a regex
import html
import re

user_input = '<script>alert("hi")</script> & "quotes" \'single\''
escaped = html.escape(user_input)
print(escaped)
print(html.unescape(escaped) == user_input)
print(html.unescape("caf&eacute; &lt;b&gt; &#169; &#x2603; &amp;amp;"))
snippet = "<p>Hello <b>world</b>, <a href='/x'>click</a></p>"
print(re.sub(r"<[^>]+>", "", snippet))
