# Hex dumps and checksums with binascii
import binascii

data = "Grüße, 世界!".encode("utf-8")
print(binascii.hexlify(data))
print(binascii.hexlify(data, " ", 4))
print(binascii.unhexlify("48656c6c6f"))
print("crc32:", binascii.crc32(data), hex(binascii.crc32(data)))
print("crc_hqx:", binascii.crc_hqx(data, 0))
print(data.hex(":"), bytes.fromhex("de ad be ef"))
