#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets into tests/fuzz/corpus/<target>/.

The inputs follow the byte layouts described in each target's source: a board byte (0 9x5,
1 5x5, 2 3x3), a position as two bits a point (1 white, 2 black) and a side byte, then text
or operations. Run it again after changing a layout; the files are small and committed."""
import hashlib
import os

BOARDS = {0: (9, 5), 1: (5, 5), 2: (3, 3)}
INITIAL = {
    0: "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW/WWWWWWWWW W",
    1: "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW W",
    2: "BBB/B1W/WWW W",
}
# Positions with long chains and many turns (docs/limits.md has the worst ones found).
EXTRA = [
    (0, "9/9/9/9/W7B W"),
    (0, "9/9/9/9/WW1B5 W"),
    (0, "9/B8/9/9/WW1B5 W"),
    (0, "B1B1B1B1B/1B1B1B1B1/B1B1W1B1B/1B1B1B1B1/B1B1B1B1B W"),
    (0, "BBBBB4/9/9/WWWW5/WWWWW4 W"),
    (1, "B1B1B/1B1B1/B1W1B/1B1B1/B1B1B W"),
    (2, "B1B/1W1/B1B W"),
]


def cells(board, fen):
    width, height = BOARDS[board]
    ranks, side = fen.split()
    out = [0] * (width * height)
    for r, text in enumerate(ranks.split("/")):
        rank = height - 1 - r
        f = 0
        for c in text:
            if c.isdigit():
                f += int(c)
            else:
                out[rank * width + f] = 1 if c == "W" else 2
                f += 1
    return out, (1 if side == "B" else 0)


def position_bytes(board, fen):
    values, side = cells(board, fen)
    data = bytearray()
    for i in range(0, len(values), 4):
        b = 0
        for k, v in enumerate(values[i:i + 4]):
            b |= v << (2 * k)
        data.append(b)
    data.append(side)
    return bytes(data)


def write(target, data):
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", target)
    os.makedirs(folder, exist_ok=True)
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def main():
    positions = [(b, f) for b, f in INITIAL.items()] + EXTRA
    # FEN reader: good and broken FENs of every board.
    for _, fen in positions:
        write("fen", fen.encode())
    for text in ["", " ", "9/9/9/9/9 W", "54/9/9/9/9 B", "5/5/5/5/5 W", "3/3/3 B", "BBB/B1W/WWW W 1",
                 "BBBBBBBBB/BBBBBBBBB/BWBW1BWBW/WWWWWWWWW W", "WWWWWWWWW/WWWWWWWWW/WWWWWWWWW/9/9 W",
                 "\tBBB/B1W/WWW\tB\t", "BBBBB/BBBBB/BW1BW/WWWWW/WWWWW/ W"]:
        write("fen", text.encode())
    # Turn parser: positions with good and bad turn texts.
    turns = {0: ["d3-e3A", "d3-e3W", "d2-e3", "e2-e3", "d3-e3A-d4", "j2-e3", "e2", "e2-e3A-e4"],
             1: ["b3-c3A", "c2-c3", "b2-c3A", "a1-b1"],
             2: ["b1-b2A", "a1-b2", "c2-b2W"]}
    for board, fen in positions:
        for text in turns[board] + ["a1-b1", "a1-b2-c3", "e3-d3W-c4A"]:
            write("parse_turn", bytes([board]) + position_bytes(board, fen) + text.encode())
    # Game: initial position then operation streams; and a decoded start position.
    for board in BOARDS:
        write("game", bytes([board, 0]) + bytes([0, 0, 0, 1, 3, 2, 2, 3, 0, 0, 0, 0, 3, 5, 0x80, 1]))
        write("game", bytes([board, 0]) + bytes([1, 6]) + b"d3-e3A" + bytes([2, 4, 13]) + b"9/9/9/9/W7B W" +
              bytes([0, 0, 0, 0, 0, 0, 0, 0]))
        write("game", bytes([board, 0]) + bytes([5, 3, 21, 22, 0, 22, 23, 3, 3, 4, 2, 6]) +
              position_bytes(0, INITIAL[0]) + bytes([1]))
    for board, fen in EXTRA:
        write("game", bytes([board, 1]) + position_bytes(board, fen) + bytes([3, 1, 1, 1, 1, 0, 0, 2, 3, 0x81]))
    # Differential: every listed position.
    for board, fen in positions:
        write("differential", bytes([board]) + position_bytes(board, fen))


if __name__ == "__main__":
    main()
