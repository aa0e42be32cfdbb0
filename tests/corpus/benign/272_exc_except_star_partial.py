# except* handles part of a group; the unhandled rest propagates to an outer handler
def fetch_all(urls: list[str]) -> None:
    errors: list[Exception] = []
    for url in urls:
        if url.startswith("http://"):
            errors.append(ValueError(f"insecure url {url}"))
        elif "timeout" in url:
            errors.append(TimeoutError(f"timed out: {url}"))
        elif "missing" in url:
            errors.append(KeyError(url))
    if errors:
        raise ExceptionGroup("fetch failed", errors)


urls = ["https://ok.example", "http://plain.example", "https://timeout.example", "https://missing.example"]
try:
    try:
        fetch_all(urls)
    except* ValueError as eg:
        print("fixed up:", [str(e) for e in eg.exceptions])
    except* TimeoutError as eg:
        print("will retry:", len(eg.exceptions), "url(s)")
except ExceptionGroup as rest:
    print("unhandled:", rest.message, [repr(e) for e in rest.exceptions])
try:
    fetch_all(["https://fine.example"])
    print("no errors for a clean batch")
except* Exception:
    print("unexpected")
