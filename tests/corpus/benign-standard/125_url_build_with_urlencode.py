# Build API request URLs from parameter dicts with urlencode.
from urllib.parse import urlencode, urlunparse

BASE = ("https", "api.weather.example", "/v2/forecast", "", "", "")

requests = [
    {"city": "São Paulo", "days": 3, "units": "metric"},
    {"lat": 51.5, "lon": -0.12, "fields": ["temp", "wind"]},
    {"q": "New York & NJ", "lang": "en"},
]
for params in requests:
    query = urlencode(params, doseq=True)
    url = urlunparse(BASE[:4] + (query, ""))
    print(url)
print(urlencode({"path": "a/b c"}, safe="/"))
