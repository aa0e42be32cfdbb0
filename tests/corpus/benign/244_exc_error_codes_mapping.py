# Map exceptions to HTTP-like error responses
import json


class AppError(Exception):
    status = 500

    def to_response(self) -> dict:
        return {"status": self.status, "error": type(self).__name__, "detail": str(self)}


class BadRequest(AppError):
    status = 400


class Unauthorized(AppError):
    status = 401


def handle(path: str, token: str | None) -> dict:
    try:
        if token is None:
            raise Unauthorized("missing token")
        if not path.startswith("/"):
            raise BadRequest(f"invalid path {path!r}")
        if path == "/crash":
            raise RuntimeError("unexpected")
        return {"status": 200, "body": f"content of {path}"}
    except AppError as exc:
        return exc.to_response()
    except Exception as exc:
        return AppError(f"internal error: {exc}").to_response()


for path, token in [("/home", "t"), ("home", "t"), ("/home", None), ("/crash", "t")]:
    print(json.dumps(handle(path, token)))
