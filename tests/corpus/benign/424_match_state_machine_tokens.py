# A tokenizer-driven state machine using match on (state, token) tuples
def run(tokens: list[str]) -> list[str]:
    state = "idle"
    log = []
    for tok in tokens:
        match (state, tok):
            case ("idle", "coin"):
                state = "ready"
            case ("ready", "coin"):
                log.append("refund extra coin")
            case ("ready", "push"):
                state = "idle"
                log.append("dispense")
            case ("idle", "push"):
                log.append("locked: insert coin")
            case (_, "reset"):
                state = "idle"
                log.append("reset")
            case (s, t):
                log.append(f"ignored {t!r} in {s}")
        log.append(f"  state={state}")
    return log


print("\n".join(run(["push", "coin", "coin", "push", "kick", "coin", "reset"])))
