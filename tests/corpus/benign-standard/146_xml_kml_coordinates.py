# Parse GPS track points from a KML-like document and compute the path length.
import math
import xml.etree.ElementTree as ET

KML = """<kml><Document><Placemark><name>Morning run</name><LineString><coordinates>
10.7522,59.9139 10.7570,59.9160 10.7610,59.9185 10.7655,59.9201
</coordinates></LineString></Placemark></Document></kml>"""


def haversine(lon1, lat1, lon2, lat2):
    r = 6371.0
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * r * math.asin(math.sqrt(a))


root = ET.fromstring(KML)
name = root.findtext(".//Placemark/name")
coords = [tuple(map(float, c.split(","))) for c in root.findtext(".//coordinates").split()]
dist = sum(haversine(*a, *b) for a, b in zip(coords, coords[1:]))
print(f"{name}: {len(coords)} points, {dist:.3f} km")
