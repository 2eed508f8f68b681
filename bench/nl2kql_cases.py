"""Batch cases from the NL2KQL gold queries: each gold query against itself and against one broken
variant (the first that applies: > to >=, has to contains, == to =~, a shorter ago() window, a smaller
take), with the schema of its benchmark. Usage: nl2kql_cases.py NL2KQL_DIR > cases.jsonl"""
import json
import re
import sys

BREAKS = [
    ("ge", re.compile(r"(?<![<>=!])>(?!=)"), ">="),
    ("contains", re.compile(r"(?<![!\w])has(?=\s)"), "contains"),
    ("eq_ci", re.compile(r"(?<![=!<>])==(?!=)"), "=~"),
    ("window", re.compile(r"ago\(\s*(\d+)d\s*\)"), None),
    ("take", re.compile(r"\b(take|limit)\s+(\d+)"), None),
]


def broken(query):
    for name, pattern, replacement in BREAKS:
        match = pattern.search(query)
        if not match:
            continue
        if name == "window":
            days = int(match.group(1))
            new = f"ago({max(1, days // 2) if days > 1 else 12}{'d' if days > 1 else 'h'})"
        elif name == "take":
            new = f"{match.group(1)} {max(1, int(match.group(2)) // 2)}"
        else:
            new = replacement
        return name, query[: match.start()] + new + query[match.end():]
    return None, None


def main():
    root = sys.argv[1]
    for bench in ("Defender", "Sentinel"):
        schema = f"{root}/{bench}_Schema.json"
        with open(f"{root}/{bench}_Evaluation.jsonl") as f:
            for i, line in enumerate(f):
                if not line.strip():
                    continue
                gold = json.loads(line)["baseline"]
                case = {"lang": "kql", "expected": gold, "schema": schema, "question": ""}
                print(json.dumps({**case, "id": f"{bench}-{i}-same", "generated": gold}))
                name, variant = broken(gold)
                if variant:
                    print(json.dumps({**case, "id": f"{bench}-{i}-{name}", "generated": variant}))


if __name__ == "__main__":
    main()
