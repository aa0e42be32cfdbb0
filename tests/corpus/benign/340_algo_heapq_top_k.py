# Top-k largest and smallest items with heapq
import heapq

scores = {"ann": 88, "bob": 95, "cid": 72, "dee": 99, "eve": 85, "fay": 91, "gus": 60}
print(heapq.nlargest(3, scores.items(), key=lambda kv: kv[1]))
print(heapq.nsmallest(2, scores, key=scores.get))
nums = [15, 3, 9, 27, 1, 8, 42, 7]
heap = nums[:]
heapq.heapify(heap)
print("heap:", heap, "min:", heap[0])
print("sorted via heap:", [heapq.heappop(heap) for _ in range(len(heap))])
print(list(heapq.merge([1, 4, 9], [2, 3, 10], [0, 5])))
