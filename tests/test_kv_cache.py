"""The KV cache the sampler grows in place holds exactly what transformers' DynamicCache holds."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from transformers.cache_utils import DynamicCache, DynamicLayer  # noqa: E402

from paint_pipeline.policy.kv_cache import GrowingLayer, growing_cache  # noqa: E402
from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer  # noqa: E402


def _steps(lengths, batch=3, heads=2, dim=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    return [(torch.randn(batch, heads, n, dim, generator=g), torch.randn(batch, heads, n, dim, generator=g))
            for n in lengths]


def test_a_growing_layer_holds_what_concatenation_would_across_its_chunks():
    layer, reference = GrowingLayer(chunk=4), DynamicLayer()
    capacities = set()
    for keys, values in _steps([5, 1, 1, 1, 1, 3, 1, 9, 1]):  # a prompt, then steps, crossing several chunks
        got = layer.update(keys, values)
        want = reference.update(keys, values)
        assert torch.equal(got[0], want[0]) and torch.equal(got[1], want[1])
        assert layer.get_seq_length() == reference.get_seq_length()
        capacities.add(layer._keys.shape[-2])
    assert len(capacities) > 2  # it grew more than once
    assert layer._keys.shape[-2] < 23 + 4 + 1  # by chunks, not by doubling past what was asked


def test_dropping_rows_keeps_the_rest_and_later_steps_still_line_up():
    layer, reference = GrowingLayer(chunk=2), DynamicLayer()
    steps = _steps([4, 1, 1, 1, 1], batch=4)
    for keys, values in steps[:2]:
        layer.update(keys, values)
        reference.update(keys, values)
    keep = torch.tensor([0, 2, 3])
    layer.batch_select_indices(keep)
    reference.batch_select_indices(keep)
    for keys, values in steps[2:]:
        got = layer.update(keys[keep], values[keep])
        want = reference.update(keys[keep], values[keep])
        assert torch.equal(got[0], want[0]) and torch.equal(got[1], want[1])


def test_a_chunk_below_one_token_is_refused():
    with pytest.raises(ValueError, match="chunk must be >= 1"):
        GrowingLayer(chunk=0)


def test_the_model_sees_the_same_logits_through_either_cache():
    tokenizer = build_tiny_tokenizer()
    model = build_tiny_model(tokenizer, seed=3).eval()
    prompt = torch.randint(5, 200, (3, 17), generator=torch.Generator().manual_seed(1))
    grown = growing_cache(model, chunk=8)
    assert len(grown.layers) == model.config.num_hidden_layers
    assert all(isinstance(layer, GrowingLayer) for layer in grown.layers)
    logits = []
    for cache in (grown, DynamicCache(config=model.config)):
        with torch.no_grad():
            out = model(input_ids=prompt, cache=cache, use_cache=True)
            seen = [out.logits]
            token = out.logits[:, -1:].argmax(-1)
            for _ in range(12):  # 17 + 12 tokens: the growing cache passes its 8-token chunks several times
                out = model(input_ids=token, cache=out.cache, use_cache=True)
                seen.append(out.logits)
                token = out.logits[:, -1:].argmax(-1)
        logits.append(torch.cat(seen, dim=1))
    assert torch.equal(logits[0], logits[1])
    assert grown.get_seq_length() == 17 + 12 and grown.layers[0]._keys.shape[-2] == 17 + 8 + 8
