# Collect failures from a batch of jobs into an ExceptionGroup
def run_job(n: int) -> int:
    if n % 3 == 0:
        raise ValueError(f"job {n}: bad input")
    if n % 5 == 0:
        raise TimeoutError(f"job {n}: timed out")
    return n * n


results, failures = {}, []
for n in range(1, 11):
    try:
        results[n] = run_job(n)
    except Exception as exc:
        failures.append(exc)
print("results:", results)
try:
    if failures:
        raise ExceptionGroup("some jobs failed", failures)
except ExceptionGroup as eg:
    print(eg)
    timeouts, rest = eg.split(TimeoutError)
    print("timeouts:", [str(e) for e in timeouts.exceptions])
    print("others:", [str(e) for e in rest.exceptions])
    print("subgroup:", eg.subgroup(lambda e: "job 9" in str(e)).exceptions)
