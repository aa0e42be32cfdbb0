# Walk the full chain of causes of a wrapped exception
class StorageError(Exception):
    pass


class ServiceError(Exception):
    pass


def read_record() -> None:
    try:
        {}["record-42"]
    except KeyError as e:
        raise StorageError("record lookup failed") from e


def serve() -> None:
    try:
        read_record()
    except StorageError as e:
        raise ServiceError("request failed") from e


try:
    serve()
except ServiceError as top:
    exc: BaseException | None = top
    depth = 0
    while exc is not None:
        print("  " * depth + f"{type(exc).__name__}: {exc}")
        exc = exc.__cause__ or exc.__context__
        depth += 1
