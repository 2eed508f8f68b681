#!/usr/bin/python3
"""SQLite's own accept/reject verdict for each record of a NUL-separated query file.

Every statement of a record is prepared (sqlite3_prepare_v2 through ctypes, following
pzTail; nothing is executed) against an empty in-memory database. An error whose message
contains 'syntax error', 'incomplete input' or 'unrecognized token' is a reject; anything
else ('no such table', ok, ...) is an accept. Prints one line per record:
'1' accept or '0 <message>' reject.
"""
import ctypes, ctypes.util, sys

REJECT = ("syntax error", "incomplete input", "unrecognized token")
lib = ctypes.CDLL(ctypes.util.find_library("sqlite3") or "libsqlite3.so.0")
lib.sqlite3_open.argtypes = [ctypes.c_char_p, ctypes.POINTER(ctypes.c_void_p)]
lib.sqlite3_prepare_v2.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                   ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p)]
lib.sqlite3_errmsg.argtypes = [ctypes.c_void_p]
lib.sqlite3_errmsg.restype = ctypes.c_char_p
lib.sqlite3_finalize.argtypes = [ctypes.c_void_p]

db = ctypes.c_void_p()
lib.sqlite3_open(b":memory:", ctypes.byref(db))

def verdict(sql: str) -> str:
    data = sql.encode("utf-8")
    buf = ctypes.create_string_buffer(data)
    base = ctypes.addressof(buf)
    pos, end = base, base + len(data)
    errors = []
    while pos < end:
        stmt, tail = ctypes.c_void_p(), ctypes.c_void_p()
        rc = lib.sqlite3_prepare_v2(db, ctypes.c_void_p(pos), end - pos, ctypes.byref(stmt), ctypes.byref(tail))
        if rc != 0:
            errors.append(lib.sqlite3_errmsg(db).decode("utf-8", "replace"))
        if stmt:
            lib.sqlite3_finalize(stmt)
        if not tail.value or tail.value <= pos:
            break
        pos = tail.value
    for m in errors:
        if any(r in m for r in REJECT):
            return "0 " + m
    return "1"

for q in open(sys.argv[1], encoding="utf-8").read().split("\0"):
    print(verdict(q))
