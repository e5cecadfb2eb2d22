#!/usr/bin/env python3
"""What a user would write instead of Redraw: DuckDB's read_ndjson scanning the nine columns
a trace's analysis reads, grouped, on one thread. Prints the query's own time in seconds
(Python's start and `import duckdb` left out) and the number of groups.

    scripts/duckdb-scan.py TRACE [THREADS]
"""
import sys
import time

import duckdb

path = sys.argv[1]
threads = int(sys.argv[2]) if len(sys.argv) > 2 else 1
connection = duckdb.connect()
connection.execute(f"SET threads={threads}")
columns = {
    "e": "VARCHAR", "t": "BIGINT", "tid": "BIGINT", "obj": "BIGINT", "type": "VARCHAR",
    "prop": "VARCHAR", "view": "VARCHAR", "node": "BIGINT", "id": "BIGINT",
}
spelled = ", ".join(f"'{name}': '{kind}'" for name, kind in columns.items())
query = f"""
SELECT e, type, prop, view, count(*), min(t), max(t), count(DISTINCT obj), count(DISTINCT node)
FROM read_ndjson(?, columns = {{{spelled}}})
GROUP BY ALL
"""
start = time.perf_counter()
groups = connection.execute(query, [path]).fetchall()
print(f"{time.perf_counter() - start:.3f} {len(groups)}")
