# Text histogram of a dataset grouped into bins
from collections import Counter

ages = [23, 35, 41, 29, 52, 38, 27, 44, 61, 33, 30, 47, 25, 39, 55, 36, 31, 42, 28, 58]
bin_width = 10
bins = Counter((age // bin_width) * bin_width for age in ages)
for start in range(20, 70, bin_width):
    count = bins.get(start, 0)
    print(f"{start}-{start + bin_width - 1}: {'#' * count:<8} {count}")
print("most populated bin:", bins.most_common(1)[0])
