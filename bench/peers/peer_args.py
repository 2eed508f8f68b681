"""The command line the Python peers share: [--passes N] [--dialect D] FILE..."""


def parse_args(argv, passes=3, dialect="sqlite"):
    files = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a == "--passes":
            passes = int(args.pop(0))
        elif a == "--dialect":
            dialect = args.pop(0)
        else:
            files.append(a)
    return passes, dialect, files
