# Serialize fixed-size records with struct and read them back
import struct

RECORD = struct.Struct("<I10sd?")
people = [(1, "alice", 72.5, True), (2, "bob", 88.25, False), (3, "christopher", 61.0, True)]
blob = b"".join(RECORD.pack(i, name.encode()[:10], score, active) for i, name, score, active in people)
print(len(blob), "bytes for", len(people), "records")
for i in range(0, len(blob), RECORD.size):
    rid, name, score, active = RECORD.unpack_from(blob, i)
    print(rid, name.rstrip(b"\x00").decode(), score, active)
