# Maximum number of non-overlapping meetings (greedy by end time)
import heapq

meetings = [("standup", 9, 10), ("design", 9, 12), ("lunch", 12, 13), ("1:1", 10, 11), ("review", 11, 13),
            ("demo", 13, 14), ("retro", 13, 15), ("planning", 14, 16)]
chosen = []
end = 0
for name, s, e in sorted(meetings, key=lambda m: (m[2], m[1])):
    if s >= end:
        chosen.append(name)
        end = e
print("attend:", chosen)
rooms: list[int] = []
for _, s, e in sorted(meetings, key=lambda m: m[1]):
    if rooms and rooms[0] <= s:
        heapq.heapreplace(rooms, e)
    else:
        heapq.heappush(rooms, e)
print("rooms needed to hold all meetings:", len(rooms))
