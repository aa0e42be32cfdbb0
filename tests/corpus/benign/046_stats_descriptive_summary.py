# Descriptive statistics for a list of exam scores
import statistics as st

scores = [72, 85, 90, 66, 85, 78, 95, 88, 70, 85, 61, 92]
print("count:", len(scores))
print("mean:", st.mean(scores))
print("median:", st.median(scores))
print("mode:", st.mode(scores))
print("stdev:", round(st.stdev(scores), 4))
print("pstdev:", round(st.pstdev(scores), 4))
print("variance:", round(st.variance(scores), 4))
print("range:", max(scores) - min(scores))
