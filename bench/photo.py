#!/usr/bin/env python3
"""Writes a photo-like PNG (soft light bands plus grain, so it compresses like a photo, not like a
flat test card) for the benchmark's hero and portrait uploads. Usage: photo.py OUT WIDTH HEIGHT SEED"""
import math
import random
import struct
import sys
import zlib

out, width, height, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
rows = []
for y in range(height):
    row = bytearray([0])  # PNG filter type 0 (none) for each row
    for x in range(width):
        light = 0.5 + 0.5 * math.sin(x / 97 + seed) * math.cos(y / 71 - seed)
        grain = rng.randint(-18, 18)
        row += bytes(
            max(0, min(255, int(base * light) + grain)) for base in (230, 190 + seed % 40, 140)
        )
    rows.append(bytes(row))


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


with open(out, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n")
    f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
    f.write(chunk(b"IDAT", zlib.compress(b"".join(rows), 6)))
    f.write(chunk(b"IEND", b""))
