# Matching literal values and alternatives: HTTP status classification
def classify(status: int) -> str:
    match status:
        case 200 | 201 | 204:
            return "success"
        case 301 | 302 | 307 | 308:
            return "redirect"
        case 400:
            return "bad request"
        case 401 | 403:
            return "auth problem"
        case 404:
            return "not found"
        case code if 500 <= code < 600:
            return "server error"
        case _:
            return "other"


for s in [200, 204, 302, 401, 404, 418, 503, 600]:
    print(s, classify(s))
