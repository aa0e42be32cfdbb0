# Compare memory footprints of a list versus a generator (without printing sizes).
import sys

numbers_list = [n * n for n in range(10_000)]
numbers_gen = (n * n for n in range(10_000))

list_size = sys.getsizeof(numbers_list)
gen_size = sys.getsizeof(numbers_gen)
print("list bigger than generator:", list_size > gen_size)
print("generator under 1 KB:", gen_size < 1024)
print("same sum:", sum(numbers_list) == sum(numbers_gen))

small = sys.getsizeof([])
grown = sys.getsizeof(list(range(100)))
print("empty list smaller than 100-item list:", small < grown)
print("tuple smaller than equal list:", sys.getsizeof(tuple(range(100))) < sys.getsizeof(list(range(100))))
