"""Run by test_policy_train.py, under torchrun or as one plain process: two optimizer steps of `run_update` on
five rollouts (an uneven split over two ranks), for each token aggregation; rank 0 saves the gradients left
in .grad and the logged metrics to OUT/<loss_type>.pt."""

from __future__ import annotations

import os
import sys
from dataclasses import replace

import torch


def main(out: str) -> None:
    from paint_pipeline.policy.config import LOSS_TYPES, PolicyConfig
    from paint_pipeline.policy.models import add_lora
    from paint_pipeline.policy.reference import Reference, reference_logprobs
    from paint_pipeline.policy.tiny import build_tiny_model, build_tiny_tokenizer, move_lora_b_off_zero
    from paint_pipeline.policy.update import Example, cycle_minibatches, make_optimizer, run_update

    world_size = int(os.environ.get("WORLD_SIZE", "1"))
    rank = int(os.environ.get("RANK", "0"))
    if world_size > 1:
        import torch.distributed as dist

        dist.init_process_group("gloo")
    tokenizer = build_tiny_tokenizer()
    g = torch.Generator().manual_seed(0)
    prompts = ["Paint: a red sea", "Paint: a quiet forest at dawn", "Paint: sky"]
    examples = []
    for i, n in enumerate([12, 7, 10, 3, 9]):
        completion = torch.randint(5, len(tokenizer), (n,), generator=g).tolist()
        logps = (-torch.rand(n, generator=g) * 3).tolist()
        examples.append(Example(tokenizer(prompts[i % 3]).input_ids, completion, logps,
                                [1.2, -0.8, 0.5, -0.9, 0.3][i], 0.7))
    for loss_type in LOSS_TYPES:
        # Five rollouts per step, over two steps; beta > 0 so the KL path is compared too; no clipping of the norm.
        config = PolicyConfig(lora_r=4, lora_alpha=8, minibatch_size=5, steps_per_cycle=2, learning_rate=1e-2,
                              loss_type=loss_type, beta=0.04, device="cpu", max_grad_norm=1e9)
        model = add_lora(build_tiny_model(tokenizer, seed=0), config)
        move_lora_b_off_zero(model, std=0.05, seed=1)  # so lora_A gets a gradient too
        plan = cycle_minibatches(len(examples), 2, 5, config.seed, 0)
        ref = reference_logprobs(model, examples, Reference("base"), plan, pad_id=tokenizer.pad_token_id,
                                 micro_batch_size=2, rank=rank, world_size=world_size)
        with_ref = [replace(e, ref_logprobs=lp) for e, lp in zip(examples, ref)]
        train_model = model
        if world_size > 1:
            from torch.nn.parallel import DistributedDataParallel

            train_model = DistributedDataParallel(model)
        optimizer, scheduler = make_optimizer(model, config)
        history = run_update(model, with_ref, config, optimizer, scheduler, start_step=0, steps=2, max_new_tokens=12,
                             pad_id=tokenizer.pad_token_id, micro_batch_size=2, rank=rank, world_size=world_size,
                             train_model=train_model)
        if rank == 0:
            grads = {n: p.grad.detach().clone() for n, p in model.named_parameters() if p.requires_grad}
            torch.save({"grads": grads, "history": history}, os.path.join(out, f"{loss_type}.pt"))
    if world_size > 1:
        import torch.distributed as dist

        dist.destroy_process_group()


if __name__ == "__main__":
    main(sys.argv[1])
