# Convert CSV rows into JSON with typed values
import csv
import json

lines = ["id,title,price,in_stock", "1,Notebook,3.5,true", "2,Pen,1.25,false", "3,Backpack,35,true"]


def convert(row: dict[str, str]) -> dict[str, object]:
    return {
        "id": int(row["id"]),
        "title": row["title"],
        "price": float(row["price"]),
        "in_stock": row["in_stock"] == "true",
    }


items = [convert(r) for r in csv.DictReader(lines)]
print(json.dumps(items, indent=2))
print(json.dumps({"in_stock_total": sum(i["price"] for i in items if i["in_stock"])}))
