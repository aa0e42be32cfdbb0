# Great-circle distance between cities using the haversine formula
import math

CITIES = {
    "London": (51.5074, -0.1278),
    "New York": (40.7128, -74.0060),
    "Tokyo": (35.6762, 139.6503),
    "Sydney": (-33.8688, 151.2093),
}


def haversine(p: tuple[float, float], q: tuple[float, float], radius_km: float = 6371.0) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*p, *q))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * radius_km * math.asin(math.sqrt(h))


def main() -> None:
    names = list(CITIES)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            print(f"{a:>8} -> {b:<8} {haversine(CITIES[a], CITIES[b]):>9.1f} km")


if __name__ == "__main__":
    main()
