# floor, ceil, trunc, modf and fmod compared
import math

print(f"{'x':>6} {'floor':>6} {'ceil':>6} {'trunc':>6} {'round':>6} {'modf':>22}")
for x in [2.5, -2.5, 3.7, -3.7, 0.2]:
    frac, whole = math.modf(x)
    print(f"{x:>6} {math.floor(x):>6} {math.ceil(x):>6} {math.trunc(x):>6} {round(x):>6} {str((round(frac, 2), whole)):>22}")
print("fmod(-7, 3) =", math.fmod(-7, 3), "| -7 % 3 =", -7 % 3)
print("remainder(10, 3) =", math.remainder(10, 3))
print("pages needed for 101 items at 20 per page:", math.ceil(101 / 20))
