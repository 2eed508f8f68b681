#!/usr/bin/env python3
"""Peak memory of `qdiff serve` after a long varied request stream: starts QDIFF serve on a free port, posts
every line of a `qdiff parse --batch` input (bench/fuzz_corpus_jsonl.py's output: {"query", "lang",
"dialect"}) to /api/analyze from THREADS (2) client threads, and prints the server's peak RSS (VmHWM) and
the requests answered. QDIFF_PARSE_CACHE_LIMIT in the environment reaches the server.
Usage: serve_cache_rss.py QDIFF INPUT.jsonl"""
import http.client
import json
import os
import subprocess
import sys
import threading


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    qdiff, path = sys.argv[1:]
    server = subprocess.Popen([qdiff, "serve", "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        first = server.stdout.readline()  # qdiff serve: http://127.0.0.1:PORT/
        port = int(first.rsplit(":", 1)[1].strip("/\n"))
        with open(path, encoding="utf-8") as f:
            lines = [line for line in f if line.strip()]
        threads = int(os.environ.get("THREADS", "2"))
        answered = [0] * threads

        def post(k):
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            for line in lines[k::threads]:
                record = json.loads(line)
                body = json.dumps({"query": record["query"], "lang": record.get("lang", "auto"),
                                   "dialect": record.get("dialect", "generic")})
                connection.request("POST", "/api/analyze", body, {"Content-Type": "application/json"})
                response = connection.getresponse()
                response.read()
                answered[k] += response.status in (200, 400)

        workers = [threading.Thread(target=post, args=(k,)) for k in range(threads)]
        for w in workers:
            w.start()
        for w in workers:
            w.join()
        with open(f"/proc/{server.pid}/status") as status:
            peak = next(int(l.split()[1]) for l in status if l.startswith("VmHWM:"))
        print(json.dumps({"requests": len(lines), "answered": sum(answered), "peak_rss_mb": peak // 1024,
                          "limit": os.environ.get("QDIFF_PARSE_CACHE_LIMIT", "default")}))
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
