# Running median of a stream with two heaps
import heapq


def running_medians(stream: list[int]) -> list[float]:
    low: list[int] = []   # max-heap via negation
    high: list[int] = []  # min-heap
    out = []
    for x in stream:
        if not low or x <= -low[0]:
            heapq.heappush(low, -x)
        else:
            heapq.heappush(high, x)
        if len(low) > len(high) + 1:
            heapq.heappush(high, -heapq.heappop(low))
        elif len(high) > len(low):
            heapq.heappush(low, -heapq.heappop(high))
        out.append(float(-low[0]) if len(low) > len(high) else (-low[0] + high[0]) / 2)
    return out


print(running_medians([5, 15, 1, 3, 2, 8, 7, 9, 10, 6, 11, 4]))
