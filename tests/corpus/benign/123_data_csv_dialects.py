# Reading semicolon and tab separated data, and sniffing the dialect
import csv

semicolon = ["city;country;population", "Berlin;Germany;3645000", "Paris;France;2161000"]
for row in csv.reader(semicolon, delimiter=";"):
    print(row)
tabbed = ["a\tb\tc", "1\t2\t3"]
print(list(csv.DictReader(tabbed, delimiter="\t")))
sample = "name|age|city\nann|31|rome\nbo|25|oslo\n"
dialect = csv.Sniffer().sniff(sample)
print("sniffed delimiter:", repr(dialect.delimiter), "has header:", csv.Sniffer().has_header(sample))
print(list(csv.reader(sample.splitlines(), dialect)))
