#!/usr/bin/python3
"""Draws bench/dashboard's panels from Prometheus's answers to their queries.

Usage: dashboard-plot.py PANELS.json OUT.png TITLE

PANELS.json is a list of {"title", "unit", "query", "result"}, where "result" is the "data.result"
of Prometheus's /api/v1/query_range for that query: a list of series, each with its labels
("metric") and [unix time, "value"] pairs ("values"). Nothing is computed here: each line is one
series Prometheus returned.
"""
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def label_of(metric):
    keys = [k for k in ("queue", "outcome", "worker", "kind") if k in metric]
    return ", ".join(metric[k] for k in keys) or "all"


def main():
    panels_file, out, title = sys.argv[1:4]
    with open(panels_file) as f:
        panels = json.load(f)
    t0 = min((float(v[0]) for p in panels for s in p["result"] for v in s["values"]), default=0)
    cols = 2
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(13, 3.4 * rows), squeeze=False)
    for ax, panel in zip([a for row in axes for a in row], panels):
        for series in sorted(panel["result"], key=lambda s: label_of(s["metric"])):
            xs = [float(v[0]) - t0 for v in series["values"]]
            ys = [float(v[1]) for v in series["values"]]
            ax.plot(xs, ys, label=label_of(series["metric"]), linewidth=1.4)
        ax.set_title(panel["title"], fontsize=10, loc="left")
        ax.set_ylabel(panel["unit"], fontsize=8)
        ax.set_xlabel("seconds into the run", fontsize=8)
        ax.tick_params(labelsize=8)
        ax.grid(alpha=0.3)
        if panel["result"]:
            ax.legend(fontsize=7, loc="upper left")
        ax.text(0.0, -0.32, panel["query"], transform=ax.transAxes, fontsize=6, family="monospace",
                color="#555555", wrap=True)
    for ax in [a for row in axes for a in row][len(panels):]:
        ax.axis("off")
    fig.suptitle(title, fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    fig.savefig(out, dpi=90)


if __name__ == "__main__":
    main()
