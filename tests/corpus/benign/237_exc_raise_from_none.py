# Hiding the original exception with `raise ... from None`
class NotFound(Exception):
    pass


USERS = {1: "ann", 2: "ben"}


def get_user(user_id: int) -> str:
    try:
        return USERS[user_id]
    except KeyError:
        raise NotFound(f"user {user_id} does not exist") from None


try:
    get_user(3)
except NotFound as exc:
    print(exc)
    print("cause:", exc.__cause__, "| context kept:", type(exc.__context__).__name__,
          "| suppressed:", exc.__suppress_context__)
