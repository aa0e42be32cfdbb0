# Update an XML config: change attributes, remove elements, add new ones.
import xml.etree.ElementTree as ET

CONFIG = """<config>
  <server name="alpha" port="8080" enabled="true"/>
  <server name="beta" port="8081" enabled="false"/>
  <server name="gamma" port="8082" enabled="true"/>
  <logging level="debug"/>
</config>"""

root = ET.fromstring(CONFIG)
for server in root.findall("server"):
    if server.get("enabled") == "false":
        root.remove(server)
    else:
        server.set("port", str(int(server.get("port")) + 1000))
root.find("logging").set("level", "info")
ET.SubElement(root, "server", name="delta", port="9083", enabled="true")

for s in root.iter("server"):
    print(s.get("name"), s.get("port"))
print(ET.tostring(root.find("logging"), encoding="unicode").strip())
print("servers:", len(root.findall("server")))
