# Most common values in survey answers
import statistics

answers = ["red", "blue", "green", "blue", "red", "yellow", "blue", "red"]
print("mode:", statistics.mode(answers))
print("multimode:", statistics.multimode(answers))
ratings = [4, 5, 3, 4, 5, 2, 4, 5]
print("rating multimode:", statistics.multimode(ratings))
print("median_low/high:", statistics.median_low(ratings), statistics.median_high(ratings))
print("grouped median:", statistics.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]))
