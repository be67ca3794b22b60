"""Rendering the procedural generator's sketches in tests: one batch, one renderer, per call."""

from __future__ import annotations

from paint_pipeline.warm_start.procedural import generate_sketch


def render_generated(prompts, seed: int = 0, timeout_ms: int = 90000) -> list[tuple[str, object]]:
    """The sketch of each (prompt, category) at `seed`, rendered at 256 px in one batch: [(code, RenderResult)]."""
    from paint_pipeline.render import RendererService, RenderItem

    codes = [generate_sketch(p, c, seed) for p, c in prompts]
    with RendererService(pool_size=2) as client:
        results = client.render_batch([RenderItem(id=f"sketch-{i}", code=code, seed=1, size=256)
                                       for i, code in enumerate(codes)], timeout_ms=timeout_ms)
    return list(zip(codes, results))
