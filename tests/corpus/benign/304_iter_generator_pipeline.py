# A lazy data-processing pipeline built from generators
def read_lines(text: str):
    for line in text.splitlines():
        yield line


def parse(lines):
    for line in lines:
        if line and not line.startswith("#"):
            name, value = line.split("=")
            yield name.strip(), float(value)


def only_above(pairs, threshold: float):
    return ((n, v) for n, v in pairs if v > threshold)


data = """# sensor readings
temp = 21.5
humidity = 40.2
# pressure in kPa
pressure = 101.3
wind = 3.4"""
pipeline = only_above(parse(read_lines(data)), 20)
print(type(pipeline).__name__)
for name, value in pipeline:
    print(f"{name}: {value}")
