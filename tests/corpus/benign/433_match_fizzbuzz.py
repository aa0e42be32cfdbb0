# FizzBuzz with a match statement on a tuple of remainders
def fizzbuzz(n: int) -> str:
    match (n % 3, n % 5):
        case (0, 0):
            return "FizzBuzz"
        case (0, _):
            return "Fizz"
        case (_, 0):
            return "Buzz"
        case _:
            return str(n)


if __name__ == "__main__":
    print(" ".join(fizzbuzz(i) for i in range(1, 31)))
