# Quartiles, IQR and outlier detection with statistics.quantiles
import statistics

data = [12, 15, 14, 10, 18, 21, 13, 16, 14, 95, 17, 15, 11, 13, 2]
q1, q2, q3 = statistics.quantiles(data, n=4)
iqr = q3 - q1
low, high = q1 - 1.5 * iqr, q3 + 1.5 * iqr
print(f"Q1={q1} median={q2} Q3={q3} IQR={iqr}")
print(f"fences: [{low}, {high}]")
print("outliers:", [x for x in data if x < low or x > high])
print("inclusive quartiles:", statistics.quantiles(data, n=4, method="inclusive"))
print("deciles:", [round(q, 2) for q in statistics.quantiles(data, n=10)])
