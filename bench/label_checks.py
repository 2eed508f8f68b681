"""Labels to check (qdiff report's section of that name): questions whose labels contradict them."""


def contradicted_questions(members):
    """The questions — keys of `members`, each (db_id or schema, expected query) — where at least one case is
    `equivalent` to the expected query after normalization and every such case is labelled wrong: labels made
    against another expected query or database. `members`: question -> [(equivalent, label), ...]."""
    return {question for question, cases in members.items()
            if any(equivalent for equivalent, _ in cases) and not any(label for equivalent, label in cases if equivalent)}
