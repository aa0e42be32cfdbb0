# Handling StatisticsError for empty or too-small datasets
import statistics

for data in ([], [5], [5, 7]):
    try:
        print(data, "mean:", statistics.mean(data), "stdev:", statistics.stdev(data))
    except statistics.StatisticsError as exc:
        print(data, "->", type(exc).__name__, exc)
