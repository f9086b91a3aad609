"""One line's fields (already mapped to our field names) → a Row, or every problem the line has."""

from decks.collection.io import fields
from decks.collection.io.base import Row, RowProblem

TEXT_FIELDS = ("card", "name", "set", "number", "variant", "game", "side")


def build_row(values: dict[str, str], line: int, *, signed: bool = False) -> Row | list[RowProblem]:
    problems: list[RowProblem] = []
    for key, value in values.items():
        problem = fields.check_field(value, line, key)
        if problem:
            problems.append(problem)
    if problems:
        return problems
    text = {key: values.get(key, "").strip() for key in TEXT_FIELDS}
    if not text["card"] and not text["name"] and not (text["set"] and text["number"]):
        return [
            RowProblem(
                line, "no-card", f"Line {line} names no card: give its code, its name, or set and number."
            )
        ]
    count = fields.quantity(values.get("quantity", ""), line, signed=signed)
    finish = fields.finish(values.get("finish", ""), line)
    condition = fields.condition(values.get("condition", ""), line)
    problems = [p for p in (count, finish, condition) if isinstance(p, RowProblem)]
    if problems:
        reference = text["card"] or text["name"] or f"{text['set']} {text['number']}"
        return [RowProblem(p.line, p.code, p.message, reference) for p in problems]
    return Row(line=line, quantity=count, finish=finish, condition=condition, **text)  # type: ignore[arg-type]
