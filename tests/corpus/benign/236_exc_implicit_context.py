# Implicit chaining: an exception raised while handling another sets __context__
def parse_and_log(raw: str) -> int:
    try:
        return int(raw)
    except ValueError:
        log = {}
        return log["missing"]  # a bug inside the handler


try:
    parse_and_log("abc")
except KeyError as exc:
    print("caught:", repr(exc))
    print("context:", repr(exc.__context__))
    print("cause:", exc.__cause__)
    print("suppress_context:", exc.__suppress_context__)
