#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
#
# Prints the Wycheproof table of gcm-lib-kunit-test.c: the AES-GCM cases of
# tests/vectors/wycheproof/aes_gcm_test.json with a 96-bit IV and a 128-bit
# tag, data up to 64 bytes and associated data up to 32 (valid ones and
# forgeries), every key size.
#   python3 kunit/gen-lib-vectors.py > /tmp/v.txt, then paste it in.
import json
import os

here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "..", "tests", "vectors", "wycheproof", "aes_gcm_test.json")
d = json.load(open(src))


def c(h):
    return '"' + "".join("\\x" + h[i:i + 2] for i in range(0, len(h), 2)) + '"'


for g in d["testGroups"]:
    if g["ivSize"] != 96 or g["tagSize"] != 128:
        continue
    for t in g["tests"]:
        if len(t["msg"]) // 2 > 64 or len(t["aad"]) // 2 > 32:
            continue
        print("\t{ /* tcId %d */ %d, %d, %d, %s," % (
            t["tcId"], len(t["key"]) // 2, len(t["aad"]) // 2,
            len(t["msg"]) // 2, "true" if t["result"] == "valid" else "false"))
        for f in ("key", "iv", "aad", "msg", "ct", "tag"):
            print("\t  %s," % c(t[f]))
        print("\t},")
