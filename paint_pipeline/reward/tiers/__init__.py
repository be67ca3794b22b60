"""The five reward tiers, one module per name in `reward.config.TIERS`, in the order the composite runs them.

Each module turns a render (and its prompt) into a `TierScore`: a number in [0, 1] and the sentence that explains
it. `reward.composite` gates on the first, weighs the rest and never scores anything itself.
"""
