"""The supervised warm start: a procedural generator of (prompt, sketch) pairs (`procedural/`) and the LoRA
fine-tuning on them (`sft`), which turns the base model into a policy that compiles before GRPO begins.
"""
