#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Converts the Wycheproof AES-XTS/GCM/GMAC JSON files into the line format
main.c reads: "tcId valid key iv aad msg ct tag", hex, "-" when empty,
valid = 1 for "valid" and "acceptable" results.

usage: wycheproof2txt.py VECTOR_DIR OUT_DIR
"""
import json
import os
import sys

FILES = ("aes_xts_test.json", "aes_gcm_test.json", "aes_gmac_test.json")


def convert(src, dst):
    with open(src) as f:
        doc = json.load(f)
    with open(dst, "w") as out:
        for group in doc["testGroups"]:
            for t in group["tests"]:
                fields = [str(t["tcId"]),
                          "0" if t["result"] == "invalid" else "1"]
                for key in ("key", "iv", "aad", "msg", "ct", "tag"):
                    fields.append(t.get(key) or "-")
                out.write(" ".join(fields) + "\n")


def main():
    src_dir, out_dir = sys.argv[1], sys.argv[2]
    for name in FILES:
        src = os.path.join(src_dir, name)
        if os.path.exists(src):
            convert(src, os.path.join(out_dir, name + ".txt"))
        else:
            print("%s: not found (its tests will be SKIPPED)" % src)


if __name__ == "__main__":
    main()
