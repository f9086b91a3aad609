class ImportProblem(Exception):
    """Why an import cannot go ahead, naming the file and, where there is one, the record."""

    code = "import-failed"

    def __init__(self, message: str, *, file: str = "", record: str = ""):
        self.message = message
        self.file = file
        self.record = record
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ", ".join(part for part in (self.file, self.record) if part)
        return f"{where}: {self.message}" if where else self.message


def describe_record(index: int, record: object) -> str:
    """'record 12 (id 634, "•Darth Vader")' for messages."""
    parts = [f"record {index}"]
    if isinstance(record, dict):
        details = []
        if "id" in record:
            # repr for text: a NUL or lone surrogate in a message would break the terminal that shows it.
            ident = record["id"]
            details.append(f"id {ident}" if isinstance(ident, int) else f"id {ident!r}")
        front = record.get("front")
        title = front.get("title") if isinstance(front, dict) else record.get("title") or record.get("name")
        if isinstance(title, str):
            details.append(repr(title))
        if details:
            parts.append(f"({', '.join(details)})")
    return " ".join(parts)
