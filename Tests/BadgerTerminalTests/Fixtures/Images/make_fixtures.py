#!/usr/bin/env python3
"""Writes the tiny PNG fixtures of the image tests (run from this directory)."""
import struct
import zlib


def png(width, height, pixel):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


# 4×4: red, green, blue and white quadrants.
quadrants = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 255)]
open("quadrants-4x4.png", "wb").write(png(4, 4, lambda x, y: quadrants[(y // 2) * 2 + x // 2]))
# 32×16: red rises left to right, blue top to bottom, a green diagonal.
open("gradient-32x16.png", "wb").write(
    png(32, 16, lambda x, y: (x * 8, 255 if x // 2 == y else 0, y * 16)))
# PNG magic bytes followed by garbage: lies about being a PNG.
open("liar.png", "wb").write(b"\x89PNG\r\n\x1a\n" + b"this is not image data at all" * 4)
