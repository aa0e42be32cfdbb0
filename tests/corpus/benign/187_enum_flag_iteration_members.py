# Decomposing a Flag value into its members (3.11 iteration semantics)
from enum import Flag


class Weekday(Flag):
    MON = 1
    TUE = 2
    WED = 4
    THU = 8
    FRI = 16
    SAT = 32
    SUN = 64
    WEEKEND = SAT | SUN
    WORKDAYS = MON | TUE | WED | THU | FRI


gym = Weekday.MON | Weekday.WED | Weekday.SAT
print([d.name for d in gym])
print(gym & Weekday.WEEKEND, bool(gym & Weekday.WEEKEND))
print(len(Weekday.WORKDAYS), Weekday.WORKDAYS.value)
print([d.name for d in Weekday])
print(Weekday(96) == Weekday.WEEKEND, Weekday(96).name)
