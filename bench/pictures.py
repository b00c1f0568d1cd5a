"""What the picture benches share: timing a renderer over sample views."""

import time
from collections.abc import Callable, Sequence
from typing import Any

from bench.run import percentiles


def report(sample: Sequence[Any], draw: Callable[[Any], bytes], heading: str) -> None:
    """Prints render p50/p99 (and the first, cold render) and PNG sizes over ``sample``."""
    start = time.perf_counter()
    draw(sample[0])
    cold = (time.perf_counter() - start) * 1000
    times, sizes = [], []
    for view in sample:
        start = time.perf_counter()
        png = draw(view)
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(png))
    p50, p99 = percentiles(times)
    s50, s99 = percentiles([s / 1024 for s in sizes])
    print(heading)
    print(f"render: p50 {p50:.1f} ms, p99 {p99:.1f} ms (first render, cold caches: {cold:.1f} ms)")
    print(f"PNG size: p50 {s50:.0f} KiB, p99 {s99:.0f} KiB, max {max(sizes) / 1024:.0f} KiB")
