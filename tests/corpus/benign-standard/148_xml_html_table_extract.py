# Extract a well-formed XHTML table into rows and compute column totals.
import xml.etree.ElementTree as ET

XHTML = """<table>
  <tr><th>Region</th><th>Q1</th><th>Q2</th><th>Q3</th></tr>
  <tr><td>North</td><td>120</td><td>135</td><td>128</td></tr>
  <tr><td>South</td><td>98</td><td>102</td><td>110</td></tr>
  <tr><td>West</td><td>143</td><td>150</td><td>139</td></tr>
</table>"""

table = ET.fromstring(XHTML)
rows = table.findall("tr")
header = [th.text for th in rows[0].findall("th")]
data = [[td.text for td in r.findall("td")] for r in rows[1:]]
print(" | ".join(f"{h:>6}" for h in header + ["Total"]))
for row in data:
    nums = list(map(int, row[1:]))
    print(" | ".join(f"{c:>6}" for c in row + [str(sum(nums))]))
col_totals = [sum(int(r[i]) for r in data) for i in range(1, len(header))]
print(" | ".join(f"{c:>6}" for c in ["All"] + [str(t) for t in col_totals] + [str(sum(col_totals))]))
