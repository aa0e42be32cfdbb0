# A plugin registry using __init_subclass__
class Exporter:
    registry: dict[str, type["Exporter"]] = {}

    def __init_subclass__(cls, fmt: str, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        Exporter.registry[fmt] = cls

    def export(self, rows: list[dict]) -> str:
        raise NotImplementedError


class CsvExporter(Exporter, fmt="csv"):
    def export(self, rows: list[dict]) -> str:
        header = ",".join(rows[0])
        return "\n".join([header] + [",".join(str(v) for v in r.values()) for r in rows])


class MarkdownExporter(Exporter, fmt="md"):
    def export(self, rows: list[dict]) -> str:
        cols = list(rows[0])
        lines = ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
        return "\n".join(lines + ["| " + " | ".join(str(v) for v in r.values()) + " |" for r in rows])


data = [{"id": 1, "name": "ann"}, {"id": 2, "name": "bob"}]
print(sorted(Exporter.registry))
for fmt in ("csv", "md"):
    print(Exporter.registry[fmt]().export(data))
