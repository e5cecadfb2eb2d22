#!/usr/bin/env python3
"""Measures what a recording process killed with SIGKILL loses.

    scripts/kill-loss.py [RUNS] [FLUSH_MS]     (defaults: 20 runs, 100 ms)

Each run starts `redraw-recording-child record-until-killed`, which records a mark a
millisecond named with the monotonic clock, kills it after 0.5-1.5 s, and reads the trace:
the loss is the time from the last mark in the file to the kill. Prints how many lines
before the last were not complete JSON (only the last may be cut) and the loss's min,
median and max; runs whose file held no mark are counted apart.
"""
import json, os, random, signal, statistics, subprocess, sys, tempfile, time

runs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
flush = sys.argv[2] if len(sys.argv) > 2 else "100"
root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
subprocess.run(["swift", "build", "--product", "redraw-recording-child"], cwd=root, check=True,
               stdout=subprocess.DEVNULL)
child = os.path.join(root, ".build", "debug", "redraw-recording-child")
losses, bad = [], 0
for _ in range(runs):
    handle, path = tempfile.mkstemp(suffix=".jsonl")
    os.close(handle)
    process = subprocess.Popen([child, "record-until-killed", path, flush])
    time.sleep(random.uniform(0.5, 1.5))
    killed = time.monotonic_ns()
    process.send_signal(signal.SIGKILL)
    process.wait()
    with open(path, "rb") as file:
        data = file.read()
    os.remove(path)
    lines = data.split(b"\n")
    lines = lines[:-1]  # the empty string after the last line end, or a cut last line
    marks = []
    for line in lines:
        try:
            event = json.loads(line)
        except ValueError:
            bad += 1
            continue
        if event.get("e") == "mark":
            marks.append(int(event["name"]))
    if marks:
        losses.append((killed - marks[-1]) / 1e6)
print(f"{runs} runs, flush every {flush} ms: {bad} incomplete lines before the last")
if len(losses) < runs:
    print(f"{runs - len(losses)} runs wrote nothing before the kill")
if losses:
    print(f"lost: min {min(losses):.1f} ms, median {statistics.median(losses):.1f} ms, max {max(losses):.1f} ms")
