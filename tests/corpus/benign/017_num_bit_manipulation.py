# Bit tricks: counting bits, masks, power-of-two checks, byte conversion
def is_power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


for n in [0, 1, 6, 64, 255, 1023, 1024]:
    print(f"{n:>5} {n:012b} bits={n.bit_length():>2} ones={n.bit_count():>2} pow2={is_power_of_two(n)}")

flags = 0
READ, WRITE, EXEC = 1 << 0, 1 << 1, 1 << 2
flags |= READ | EXEC
print("flags:", bin(flags), "can write:", bool(flags & WRITE))
flags ^= EXEC
print("after toggle:", bin(flags))
print((1000).to_bytes(4, "big"), int.from_bytes(b"\x00\x00\x03\xe8", "big"))
print((-2).to_bytes(2, "little", signed=True), ~5, -5 >> 1)
