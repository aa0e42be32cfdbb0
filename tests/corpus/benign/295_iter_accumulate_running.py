# Running totals, maxima and products with itertools.accumulate
import operator
from itertools import accumulate

sales = [120, 80, 200, 50, 170, 90]
print("running total:", list(accumulate(sales)))
print("running max:", list(accumulate(sales, max)))
print("running product:", list(accumulate([1, 2, 3, 4, 5], operator.mul)))
print("with initial:", list(accumulate(sales, initial=1000)))
balance = list(accumulate([500, -120, -80, 300, -650], initial=0))
print("balances:", balance, "overdrawn:", any(b < 0 for b in balance))
print("compound:", [round(x, 2) for x in accumulate([1000, 1.05, 1.05, 1.05], operator.mul)])
