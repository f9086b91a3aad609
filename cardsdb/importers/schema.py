"""A small checker for the subset of JSON Schema the upstream SWCCG schemas use (type, properties, items, $ref).

The upstream files are not strictly valid JSON Schema (e.g. `"properties": {"set": "string"}`), so a full
validator rejects the schema itself; this reads them the way their authors meant them.
"""

from .errors import ImportProblem

_TYPES = {
    "string": str,
    "integer": int,
    "number": (int, float),
    "boolean": bool,
    "array": list,
    "object": dict,
}


class SchemaChecker:
    def __init__(self, schema: dict, file: str):
        self.root = schema
        self.file = file

    def _resolve(self, node: object) -> dict:
        if isinstance(node, str):  # the upstream shorthand {"set": "string"}
            return {"type": node}
        if not isinstance(node, dict):
            return {}
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return self._resolve(self.root.get("$defs", {}).get(ref.removeprefix("#/$defs/"), {}))
        return node

    def errors(self, value: object, node: object, path: str = "") -> list[str]:
        schema = self._resolve(node)
        found: list[str] = []
        expected = schema.get("type")
        if isinstance(expected, str) and expected in _TYPES:
            python_type = _TYPES[expected]
            # bool is an int subclass in Python, not a number in JSON.
            is_bool_as_number = expected in ("integer", "number") and isinstance(value, bool)
            if not isinstance(value, python_type) or is_bool_as_number:
                return [f"{path or 'value'} should be {expected}, got {type(value).__name__}"]
        if isinstance(value, dict):
            properties = schema.get("properties", {})
            for key, sub in properties.items():
                if key in value:
                    found += self.errors(value[key], sub, f"{path}.{key}" if path else key)
            # Upstream writes faces as {"type": "object", "items": {"$ref": cardFace}}: check as the face.
            if expected == "object" and "items" in schema and not properties:
                found += self.errors(value, schema["items"], path)
        if isinstance(value, list) and "items" in schema:
            for i, item in enumerate(value):
                found += self.errors(item, schema["items"], f"{path}[{i}]")
        return found

    def check(self, value: object, node: object, record: str) -> None:
        problems = self.errors(value, node)
        if problems:
            raise ImportProblem(
                "does not match the schema: " + "; ".join(problems[:5]), file=self.file, record=record
            )
