#!/usr/bin/env python3
"""A process of known memory for record's tests: 16 MiB of random bytes (incompressible), 16 MiB
of zeros, and 16 MiB of a secret text repeated (compressible), whose pages it touches every
0.2 s; then it lives for SECONDS. Says "ready" on stdout once all of it is written.
memuser.py SECONDS [SECRET]"""
import os
import sys
import time

MIB = 1 << 20
seconds = float(sys.argv[1])
secret = (sys.argv[2] if len(sys.argv) > 2 else "TOPSECRET-4242-").encode()
noise = bytearray(os.urandom(16 * MIB))
zeros = bytearray(16 * MIB)
zeros[:] = bytes(16 * MIB)
text = bytearray((secret * (16 * MIB // len(secret) + 1))[: 16 * MIB])
print("ready", flush=True)
end = time.monotonic() + seconds
while time.monotonic() < end:
    for i in range(0, len(text), 4096):
        text[i] = text[i]
    time.sleep(0.2)
